// The --format names (kvdtype/io/render.hpp), for what lists them: the bash completion and its
// test, which also holds parse_output_format's "valid:" list to this one.
#include <array>

#include "kvdtype/io/render.hpp"

namespace kvdtype::io {

std::span<const std::string_view> output_format_names() noexcept {
  static constexpr std::array<std::string_view, 5> kNames = {"text", "json", "markdown", "sarif", "github"};
  return kNames;
}

}  // namespace kvdtype::io
