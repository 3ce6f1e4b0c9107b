// Container images that carry an engine: one row per repository (src/tables/rows/image.hpp says what each
// column means). Adding an image whose tags follow a known rule is a row here, a line in
// docs/inputs.md and a test case.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype {
namespace {

constexpr Image kRows[] = {
    {.engine = Engine::vllm, .repository = "vllm/vllm-openai", .tag = TagRule::release, .entrypoint = "vllm serve",
     .example = "v0.25.1",
     .source = "vllm-project/vllm docker/Dockerfile (final stage ENTRYPOINT [\"vllm\", \"serve\"]); Docker Hub tags vX.Y.Z, latest"},
    {.engine = Engine::vllm, .repository = "vllm/vllm-openai-rocm", .tag = TagRule::release, .entrypoint = "vllm serve",
     .example = "v0.11.0",
     .source = "vLLM docs, ROCm installation 'use-official-docker-image' (docker run … vllm/vllm-openai-rocm:latest --model M: the args go to the server)"},
    // AMD's dev images: no serving entrypoint, the release inside the tag.
    {.engine = Engine::vllm, .repository = "rocm/vllm", .tag = TagRule::after_marker, .marker = "_vllm_",
     .example = "rocm6.4.1_vllm_0.9.1_20250715",
     .source = "Docker Hub rocm/vllm tags (rocmA.B.C_vllm_X.Y.Z_DATE, e.g. rocm6.3.1_mi300_ubuntu22.04_py3.12_vllm_0.6.6 in public run scripts, which start a shell and run vllm serve in it)"},
    {.engine = Engine::sglang, .repository = "lmsysorg/sglang", .tag = TagRule::release_then_build, .example = "v0.5.14-cu126",
     .source = "sgl-project/sglang docker/Dockerfile (no serving ENTRYPOINT); Docker Hub tags vX.Y.Z[-cuNNN|-rocmNNN…], latest"},
    {.engine = Engine::trtllm, .repository = "nvcr.io/nvidia/tensorrt-llm/release", .tag = TagRule::release_then_build,
     .example = "1.3.0rc5",
     .source = "TensorRT-LLM docs, quick-start-guide (docker run … nvcr.io/nvidia/tensorrt-llm/release:1.3.0rc5, then trtllm-serve inside the container)"},
    // The tag's first word picks the tool (server / light / full + tools.sh): launch_llamacpp.cpp.
    {.engine = Engine::llamacpp, .repository = "ghcr.io/ggml-org/llama.cpp", .tag = TagRule::build_at_end,
     .example = "server-cuda-b6325",
     .source = "ggml-org/llama.cpp .devops/*.Dockerfile and .github/workflows/docker.yml (tags server-*, light-*, full-*, each also -bNNNN)"},
    {.engine = Engine::lmdeploy, .repository = "openmmlab/lmdeploy", .tag = TagRule::release_then_build, .example = "v0.4.0",
     .source = "Docker Hub openmmlab/lmdeploy tags (vX.Y.Z, vX.Y.Z-cuNN, latest); public compose files run it with command: lmdeploy serve api_server …"},
    // Images of other projects that start an engine by themselves (their tags are their own).
    {.engine = Engine::sglang, .repository = "opea/sglang", .tag = TagRule::none,
     .command = "python3 -m sglang.launch_server --model ${MODEL_ID} --trust-remote-code --device cpu "
                "--disable-overlap-schedule --chunked-prefill-size 2048 --max-running-requests 32 "
                "--mem-fraction-static 0.8 --context-length 65536 --max-total-tokens 65536 "
                "--port ${SGLANG_LLM_PORT} --api-key ${HF_TOKEN} --chat-template llama-4",
     .example = "latest",
     .source = "opea-project/GenAIComps comps/third_parties/sglang/src/Dockerfile @dfefbf6f (ENTRYPOINT "
               "entrypoint.sh, SGLang from a CPU branch) and src/entrypoint.sh @38826c29 (the command; it ignores args)"},
};

// A marker only where the rule reads one; every row says where its facts come from.
constexpr bool rows_well_formed() {
  for (const Image& i : kRows) {
    if ((i.tag == TagRule::after_marker) != !i.marker.empty()) return false;
    if (!i.entrypoint.empty() && !i.command.empty()) return false;  // args go to one or the other
    if (i.repository.empty() || i.example.empty() || i.source.empty()) return false;
  }
  return true;
}
static_assert(rows_well_formed(), "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> images() noexcept { return kRows; }

}  // namespace kvdtype
