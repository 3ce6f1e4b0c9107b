// Internal text helpers shared by every lookup: case folding and "did you mean" suggestions.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace kvdtype::detail {

/// ASCII lower-case copy.
[[nodiscard]] std::string to_lower(std::string_view s);

/// ASCII case-insensitive equality.
[[nodiscard]] bool iequals(std::string_view a, std::string_view b) noexcept;

/// Levenshtein distance on ASCII-lowercased text (bounded work: inputs are truncated to 64).
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

/// Up to `max` candidates closest to `bad`, best first, joined with ", ". Candidates that merely
/// contain `bad` (or are contained in it) rank ahead of equal edit distances. Duplicates removed.
[[nodiscard]] std::string nearest(std::string_view bad, std::span<const std::string_view> candidates,
                                  std::size_t max = 3);

/// `s` made safe for a one-line message: control and non-ASCII bytes shown as \xNN, cut to 80
/// characters with "…".
[[nodiscard]] std::string printable(std::string_view s);

}  // namespace kvdtype::detail
