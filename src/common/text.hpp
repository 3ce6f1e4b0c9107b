// Internal text helpers shared by every lookup: case folding, "did you mean" suggestions, and
// the one escaping rule every text output follows (terminal-safe, valid UTF-8).
#pragma once

#include <cstddef>
#include <span>
#include <vector>
#include <string>
#include <string_view>

namespace kvdtype::detail {

/// ASCII lower-case copy.
[[nodiscard]] std::string to_lower(std::string_view s);

/// The blank-separated words of a table cell ("vllm serve", "text json markdown"); views into `s`.
[[nodiscard]] std::vector<std::string_view> split_words(std::string_view s);

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

/// What escape_text() passes through unchanged.
struct EscapeOptions {
  bool newlines = false;  ///< keep '\n' (and '\t'): a whole rendered output rather than one value
  bool sgr = false;       ///< keep colour sequences of the exact form ESC [ digits/';' m (our own)
};

/// `s` safe for any text output (stdout, stderr, a C caller's buffer, a Python str). Valid UTF-8
/// is kept, except what a terminal would act on rather than show: C0 controls (ESC among them,
/// so no escape sequence survives) and DEL become \xNN; C1 controls (U+0080–U+009F, which some
/// terminals take for CSI/OSC) and the bidirectional embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069, which reorder what is shown) become \u{NNNN}. Bytes that are
/// not valid UTF-8 (a raw 0x9B is an 8-bit CSI) become \xNN. Backslashes are not escaped, so
/// applying it twice changes nothing. Never cuts.
[[nodiscard]] std::string escape_text(std::string_view s, EscapeOptions keep = {});

/// The length (1–4) of the valid UTF-8 sequence `s` starts with; 0 when it starts with a byte
/// that begins none (RFC 3629: no overlong forms, surrogates or code points above U+10FFFF).
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view s) noexcept;

/// Whether escape_text(s, keep) would return `s` unchanged (a fast path for clean text).
[[nodiscard]] bool is_clean_text(std::string_view s, EscapeOptions keep = {}) noexcept;

/// `s` shortened to at most `max` bytes by replacing its middle with "…" (cut on UTF-8
/// boundaries): a long path keeps its start and its end, where the file name and the problem are.
[[nodiscard]] std::string shorten_middle(std::string_view s, std::size_t max);

/// A GiB amount as decimal text with `decimals` digits after the point ("1.500"), no unit: the
/// one formatter for request fields (weight_gib) and messages, which add " GiB" themselves.
[[nodiscard]] std::string gib(double value, int decimals);

}  // namespace kvdtype::detail
