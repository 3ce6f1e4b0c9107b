// vLLM's container images: one row per repository (src/tables/rows/image.hpp says what each
// column means; the registry sets each row's engine). Adding an image whose tags follow a known
// rule is a row here, a line in docs/inputs.md and a test case.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Image kRows[] = {
    {.repository = "vllm/vllm-openai", .tag = TagRule::release, .entrypoint = "vllm serve",
     .example = "v0.25.1",
     .source = "vllm-project/vllm docker/Dockerfile (final stage ENTRYPOINT [\"vllm\", \"serve\"]); Docker Hub tags vX.Y.Z, latest"},
    {.repository = "vllm/vllm-openai-rocm", .tag = TagRule::release, .entrypoint = "vllm serve",
     .example = "v0.11.0",
     .source = "vLLM docs, ROCm installation 'use-official-docker-image' (docker run … vllm/vllm-openai-rocm:latest --model M: the args go to the server)"},
    // AMD's dev images: no serving entrypoint, the release inside the tag.
    {.repository = "rocm/vllm", .tag = TagRule::after_marker, .marker = "_vllm_",
     .example = "rocm6.4.1_vllm_0.9.1_20250715",
     .source = "Docker Hub rocm/vllm tags (rocmA.B.C_vllm_X.Y.Z_DATE, e.g. rocm6.3.1_mi300_ubuntu22.04_py3.12_vllm_0.6.6 in public run scripts, which start a shell and run vllm serve in it)"},
    // llm-d's images: vLLM built with llm-d's kernels and connectors; the tags are llm-d's own
    // releases (v0.9.0), never vLLM's. The llm-d modelservice chart's `modelCommand: imageDefault`
    // runs them with their ENTRYPOINT.
    {.repository = "ghcr.io/llm-d/llm-d-cuda", .tag = TagRule::none,
     .entrypoint = "python -m vllm.entrypoints.openai.api_server", .example = "v0.9.0",
     .source = "llm-d/llm-d docker/Dockerfile.cuda @0199edbf (runtime stage ENTRYPOINT [\"python\", \"-m\", \"vllm.entrypoints.openai.api_server\"])"},
    {.repository = "ghcr.io/llm-d/llm-d-xpu", .tag = TagRule::none,
     .entrypoint = "python -m vllm.entrypoints.openai.api_server", .example = "v0.9.0",
     .source = "llm-d/llm-d docker/Dockerfile.xpu @3d0c1fad (FROM vllm/vllm-openai-xpu, ENTRYPOINT [\"python\", \"-m\", \"vllm.entrypoints.openai.api_server\"])"},
};
static_assert(image_rows_well_formed(kRows),
              "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> vllm_images() noexcept { return kRows; }

}  // namespace kvdtype::tables
