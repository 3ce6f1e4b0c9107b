// Ollama's container image: one row (src/tables/rows/image.hpp says what each column means; the
// registry sets the row's engine). Its tags are the release (0.6.2), the release with a variant
// (0.6.2-rocm), or a variant alone (rocm, latest), which names no release.
#include "tables/rows/image.hpp"

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Image kRows[] = {
    // ENTRYPOINT ["/bin/ollama"] with CMD ["serve"]: a container that gives no args runs the server
    // (launch_ollama.cpp locates `docker run … ollama/ollama` the same way).
    {.repository = "ollama/ollama", .tag = TagRule::release_then_build, .command = "ollama serve",
     .example = "0.12.4",
     .source = "ollama/ollama Dockerfile @fb3076099 (ENTRYPOINT [\"/bin/ollama\"], CMD [\"serve\"]); docs/docker.mdx "
               "(docker run -d --gpus=all … ollama/ollama; ollama/ollama:rocm)"},
    // A UBI 9 build of Ollama with the same ENTRYPOINT and CMD; its tags are its own (0.2.8), the
    // Containerfile pins the Ollama release it builds (OLLAMA_VERSION), so a tag names none.
    {.repository = "quay.io/rh-aiservices-bu/ollama-ubi9", .tag = TagRule::none, .command = "ollama serve",
     .example = "0.2.8",
     .source = "rh-aiservices-bu/llm-on-openshift llm-servers/ollama/Containerfile @2b638986 (ENTRYPOINT "
               "[\"/bin/ollama\"], CMD [\"serve\"]; ARG OLLAMA_VERSION); llm-servers/ollama/gitops/deployment.yaml "
               "(image quay.io/rh-aiservices-bu/ollama-ubi9:0.2.8, no command or args)"},
};
static_assert(image_rows_well_formed(kRows),
              "an image row lacks its repository, example or source, or has a marker its rule does not read");

}  // namespace

std::span<const Image> ollama_images() noexcept { return kRows; }

}  // namespace kvdtype::tables
