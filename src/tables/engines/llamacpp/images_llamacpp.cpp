// llama.cpp's container images: one row per repository (src/tables/rows/image.hpp says what each
// column means; the registry sets each row's engine). Adding an image whose tags follow a known
// rule is a row here, a line in docs/inputs.md and a test case.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Image kRows[] = {
    // The tag's first word picks the tool (server / light / full + tools.sh): launch_llamacpp.cpp.
    {.repository = "ghcr.io/ggml-org/llama.cpp", .tag = TagRule::build_at_end,
     .example = "server-cuda-b6325",
     .source = "ggml-org/llama.cpp .devops/*.Dockerfile and .github/workflows/docker.yml (tags server-*, light-*, full-*, each also -bNNNN)"},
};
static_assert(image_rows_well_formed(kRows),
              "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> llamacpp_images() noexcept { return kRows; }

}  // namespace kvdtype::tables
