// Internal (sources/installed): a tokenizer for Python source, enough to read literal lists,
// dict keys, `Literal[...]`, argparse `choices=` and class attributes of an installed engine
// without importing it. It knows strings (prefixes, triple quotes, escapes), comments, brackets,
// explicit and implicit line continuations and indentation; it evaluates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::detail::py {

enum class Tok : std::uint8_t {
  name,     ///< an identifier or keyword
  number,   ///< a numeric literal, verbatim
  string,   ///< a string literal; `value` holds its decoded text
  op,       ///< an operator or bracket ("(", "->", "==", …)
  newline,  ///< the end of a logical line (never inside brackets or after a backslash)
};

struct Token {
  Tok kind = Tok::op;
  std::string_view text;   ///< the source text of the token
  std::string value;       ///< strings: the decoded contents (escapes applied unless raw)
  bool formatted = false;  ///< an f-string: its value is a template, never a literal
  bool bytes = false;      ///< a b"" literal
  std::uint32_t line = 0;  ///< 1-based line of the first character
  std::uint32_t indent = 0;  ///< the column where this token's logical line starts
  bool line_start = false;   ///< the first token of a logical line
};

/// Bounds: a file larger than `max_bytes` or holding more than `max_tokens` tokens is refused
/// (an installed engine's largest source file is a few hundred KiB).
struct Limits {
  std::size_t max_bytes = 4u << 20;
  std::size_t max_tokens = 1u << 20;
};

/// Every token of `source` (each Token's `text` views `source`: keep it alive while the tokens
/// are read), or an Error "line N: <problem>" (an unterminated string, an
/// unbalanced bracket, a file or token count over the limits).
[[nodiscard]] Result<std::vector<Token>> tokenize(std::string_view source, const Limits& limits = {});

}  // namespace kvdtype::detail::py
