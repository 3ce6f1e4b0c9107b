// Internal (io): JSON nesting measured on the token stream before any DOM is built, so that a
// hostile input of a million '[' costs one linear pass and no memory or stack.
#pragma once

#include <cstddef>
#include <string_view>

namespace kvdtype::io::detail {

/// Whether `text` nests objects/arrays deeper than `max_depth`. Malformed JSON answers false:
/// the real parse that follows reports it with its position.
[[nodiscard]] bool json_nests_deeper_than(std::string_view text, int max_depth) noexcept;

/// The same pass, counting values too (every scalar, array and object): what a DOM of `text`
/// would cost, known before it is built.
enum class JsonShape { ok, too_deep, too_many_values };
[[nodiscard]] JsonShape json_shape(std::string_view text, int max_depth, std::size_t max_values) noexcept;

}  // namespace kvdtype::io::detail
