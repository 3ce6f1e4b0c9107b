// SGLang's container images: one row per repository (src/tables/rows/image.hpp says what each
// column means; the registry sets each row's engine). Adding an image whose tags follow a known
// rule is a row here, a line in docs/inputs.md and a test case.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Image kRows[] = {
    {.repository = "lmsysorg/sglang", .tag = TagRule::release_then_build, .example = "v0.5.14-cu126",
     .source = "sgl-project/sglang docker/Dockerfile (no serving ENTRYPOINT); Docker Hub tags vX.Y.Z[-cuNNN|-rocmNNN…], latest"},
    // Images of other projects that start an engine by themselves (their tags are their own).
    {.repository = "opea/sglang", .tag = TagRule::none,
     .command = "python3 -m sglang.launch_server --model ${MODEL_ID} --trust-remote-code --device cpu "
                "--disable-overlap-schedule --chunked-prefill-size 2048 --max-running-requests 32 "
                "--mem-fraction-static 0.8 --context-length 65536 --max-total-tokens 65536 "
                "--port ${SGLANG_LLM_PORT} --api-key ${HF_TOKEN} --chat-template llama-4",
     .example = "latest",
     .source = "opea-project/GenAIComps comps/third_parties/sglang/src/Dockerfile @dfefbf6f (ENTRYPOINT "
               "entrypoint.sh, SGLang from a CPU branch) and src/entrypoint.sh @38826c29 (the command; it ignores args)"},
};
static_assert(image_rows_well_formed(kRows),
              "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> sglang_images() noexcept { return kRows; }

}  // namespace kvdtype::tables
