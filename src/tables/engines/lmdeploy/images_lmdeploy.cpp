// LMDeploy's container images: one row per repository (src/tables/rows/image.hpp says what each
// column means; the registry sets each row's engine). Adding an image whose tags follow a known
// rule is a row here, a line in docs/inputs.md and a test case.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Image kRows[] = {
    {.repository = "openmmlab/lmdeploy", .tag = TagRule::release_then_build, .example = "v0.4.0",
     .source = "Docker Hub openmmlab/lmdeploy tags (vX.Y.Z, vX.Y.Z-cuNN, latest); public compose files run it with command: lmdeploy serve api_server …"},
};
static_assert(image_rows_well_formed(kRows),
              "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> lmdeploy_images() noexcept { return kRows; }

}  // namespace kvdtype::tables
