// Internal (io): JSON nesting measured on the token stream before any DOM is built, so that a
// hostile input of a million '[' costs one linear pass and no memory or stack.
#pragma once

#include <string_view>

namespace kvdtype::io::detail {

/// Whether `text` nests objects/arrays deeper than `max_depth`. Malformed JSON answers false:
/// the real parse that follows reports it with its position.
[[nodiscard]] bool json_nests_deeper_than(std::string_view text, int max_depth) noexcept;

}  // namespace kvdtype::io::detail
