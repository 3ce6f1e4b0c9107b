// The --format names (kvdtype/io/render.hpp), for what lists them: the bash completion and its
// test, which also holds parse_output_format's "valid:" list to this one. They come from the
// output-format table (src/render/output_formats.cpp), so a new format is offered without a change here.
#include <vector>

#include "kvdtype/io/render.hpp"

namespace kvdtype::io {

std::span<const std::string_view> output_format_names() noexcept {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> names;
    for (const OutputFormatInfo& f : output_formats()) names.push_back(f.name);
    return names;
  }();
  return kNames;
}

}  // namespace kvdtype::io
