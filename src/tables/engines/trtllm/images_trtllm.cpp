// TensorRT-LLM's container images: one row per repository (src/tables/rows/image.hpp says what each
// column means; the registry sets each row's engine). Adding an image whose tags follow a known
// rule is a row here, a line in docs/inputs.md and a test case.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Image kRows[] = {
    {.repository = "nvcr.io/nvidia/tensorrt-llm/release", .tag = TagRule::release_then_build,
     .example = "1.3.0rc5",
     .source = "TensorRT-LLM docs, quick-start-guide (docker run … nvcr.io/nvidia/tensorrt-llm/release:1.3.0rc5, then trtllm-serve inside the container)"},
};
static_assert(image_rows_well_formed(kRows),
              "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> trtllm_images() noexcept { return kRows; }

}  // namespace kvdtype::tables
