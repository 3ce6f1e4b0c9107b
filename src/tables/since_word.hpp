// Internal (tables): one word of a row's `*_since` list ("KEY:FIRST" or "KEY:LAST_WITHOUT..FIRST",
// kv_cache_dtypes_since and head_sizes_since alike), split once for the index and the release
// notes that both read it.
#pragma once

#include <optional>
#include <string_view>

namespace kvdtype::tables {

struct SinceWord {
  std::string_view key;     ///< the string or head size the word is about
  std::string_view absent;  ///< the last release known without it; empty when not given
  std::string_view first;   ///< the first release known with it
};

/// nullopt when the word has no colon.
[[nodiscard]] constexpr std::optional<SinceWord> split_since_word(std::string_view w) {
  const std::size_t colon = w.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  SinceWord s{w.substr(0, colon), {}, w.substr(colon + 1)};
  if (const std::size_t dots = s.first.find(".."); dots != std::string_view::npos) {
    s.absent = s.first.substr(0, dots);
    s.first = s.first.substr(dots + 2);
  }
  return s;
}

}  // namespace kvdtype::tables
