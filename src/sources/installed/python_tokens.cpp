// The Python tokenizer of sources/installed (python_tokens.hpp). It follows the language's
// lexical rules that decide where a token ends — string prefixes and quotes, comments, bracket
// depth, backslash continuations — and nothing more: a reader that misjudged where a string ends
// would read the rest of the file as code and report lists that are not there.
#include "sources/installed/python_tokens.hpp"

#include <array>

namespace kvdtype::detail::py {
namespace {

bool ident_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool ident_char(unsigned char c) { return ident_start(c) || (c >= '0' && c <= '9'); }
bool digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Two- and three-character operators, longest first where they share a prefix.
constexpr std::array<std::string_view, 26> kOps = {"**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//",
                                                   "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "~", "!"};

struct Lexer {
  std::string_view src;
  const Limits& limits;
  std::size_t i = 0;
  std::uint32_t line = 1;
  std::uint32_t col = 0;  // column of i on its line
  int depth = 0;
  bool at_line_start = true;       // no token yet on this logical line
  std::uint32_t line_indent = 0;   // the column of the logical line's first token
  std::vector<Token> out;
  std::vector<char> brackets;

  Error fail(std::uint32_t at, const std::string& what) const {
    return Error{ErrorCode::bad_file, "line " + std::to_string(at) + ": " + what};
  }

  void advance(std::size_t n) {
    for (std::size_t k = 0; k < n && i < src.size(); ++k, ++i) {
      if (src[i] == '\n') {
        ++line;
        col = 0;
      } else {
        ++col;
      }
    }
  }

  bool push(Token t) {
    if (out.size() >= limits.max_tokens) return false;
    if (at_line_start) {
      line_indent = col_of_start;
      t.line_start = true;
      at_line_start = false;
    }
    t.indent = line_indent;
    out.push_back(std::move(t));
    return true;
  }
  std::uint32_t col_of_start = 0;

  // A string starting at i (after its prefix of `plen` characters).
  Result<bool> string(std::size_t plen) {
    const std::size_t start = i;
    const std::uint32_t start_line = line;
    bool raw = false, fmt = false, bytes = false;
    for (std::size_t k = 0; k < plen; ++k) {
      const char p = static_cast<char>(src[i + k] | 0x20);
      raw = raw || p == 'r';
      fmt = fmt || p == 'f' || p == 't';
      bytes = bytes || p == 'b';
    }
    advance(plen);
    const char q = src[i];
    const bool triple = i + 2 < src.size() && src[i + 1] == q && src[i + 2] == q;
    advance(triple ? 3 : 1);
    std::string value;
    for (;;) {
      if (i >= src.size()) return fail(start_line, "unterminated string");
      const char c = src[i];
      if (c == '\\' && i + 1 < src.size()) {
        const char n = src[i + 1];
        if (raw) {
          value += c;
          value += n;
        } else if (n == '\n') {
          // a backslash-newline inside a string joins the lines
        } else {
          switch (n) {
            case 'n': value += '\n'; break;
            case 't': value += '\t'; break;
            case 'r': value += '\r'; break;
            case '0': value += '\0'; break;
            case '\\': case '\'': case '"': value += n; break;
            default: value += c; value += n; break;  // \x.., \u…: kept verbatim, never decoded wrongly
          }
        }
        advance(2);
        continue;
      }
      if (c == q) {
        if (!triple) {
          advance(1);
          break;
        }
        if (i + 2 < src.size() && src[i + 1] == q && src[i + 2] == q) {
          advance(3);
          break;
        }
      }
      if (c == '\n' && !triple) return fail(start_line, "unterminated string");
      value += c;
      advance(1);
    }
    Token t{.kind = Tok::string, .text = src.substr(start, i - start), .value = std::move(value), .formatted = fmt, .bytes = bytes,
            .line = start_line};
    return push(std::move(t));
  }

  Result<std::vector<Token>> run() {
    if (src.size() > limits.max_bytes)
      return Error{ErrorCode::bad_file, "larger than " + std::to_string(limits.max_bytes) + " bytes"};
    auto too_many = [&] { return Error{ErrorCode::bad_file, "more than " + std::to_string(limits.max_tokens) + " tokens"}; };
    while (i < src.size()) {
      const unsigned char c = static_cast<unsigned char>(src[i]);
      if (c == '\n') {
        if (depth == 0 && !at_line_start) {
          if (!push(Token{.kind = Tok::newline, .text = src.substr(i, 1), .line = line})) return too_many();
          at_line_start = true;
        }
        advance(1);
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        advance(1);
        continue;
      }
      if (c == '#') {
        while (i < src.size() && src[i] != '\n') advance(1);
        continue;
      }
      if (c == '\\') {
        std::size_t k = i + 1;
        if (k < src.size() && src[k] == '\r') ++k;
        if (k < src.size() && src[k] == '\n') {
          advance(k + 1 - i);  // an explicit line continuation
          continue;
        }
        return fail(line, "a backslash outside a string that does not end the line");
      }
      col_of_start = col;
      // String prefixes: up to two letters of r, b, u, f, t (any case) right before a quote.
      std::size_t plen = 0;
      while (plen < 2 && i + plen < src.size() && std::string_view("rRbBuUfFtT").find(src[i + plen]) != std::string_view::npos) ++plen;
      if (i + plen < src.size() && (src[i + plen] == '\'' || src[i + plen] == '"')) {
        auto s = string(plen);
        if (!s.ok()) return s.error();
        if (!*s) return too_many();
        continue;
      }
      const std::size_t start = i;
      const std::uint32_t at = line;
      if (ident_start(c)) {
        while (i < src.size() && ident_char(static_cast<unsigned char>(src[i]))) advance(1);
        if (!push(Token{.kind = Tok::name, .text = src.substr(start, i - start), .line = at})) return too_many();
        continue;
      }
      if (digit(c) || (c == '.' && i + 1 < src.size() && digit(static_cast<unsigned char>(src[i + 1])))) {
        while (i < src.size()) {
          const unsigned char d = static_cast<unsigned char>(src[i]);
          const bool exponent_sign = (d == '+' || d == '-') && i > start && (src[i - 1] == 'e' || src[i - 1] == 'E') &&
                                     !(src.substr(start, 2) == "0x" || src.substr(start, 2) == "0X");
          if (!(ident_char(d) || d == '.' || exponent_sign)) break;
          advance(1);
        }
        if (!push(Token{.kind = Tok::number, .text = src.substr(start, i - start), .line = at})) return too_many();
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        brackets.push_back(static_cast<char>(c));
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        const char open = c == ')' ? '(' : c == ']' ? '[' : '{';
        if (brackets.empty() || brackets.back() != open)
          return fail(line, std::string("unbalanced '") + static_cast<char>(c) + "'");
        brackets.pop_back();
        --depth;
      }
      std::size_t len = 1;
      for (std::string_view op : kOps)
        if (src.substr(i, op.size()) == op) {
          len = op.size();
          break;
        }
      advance(len);
      if (!push(Token{.kind = Tok::op, .text = src.substr(start, len), .line = at})) return too_many();
    }
    if (!brackets.empty()) return fail(line, std::string("'") + brackets.back() + "' never closed");
    if (!at_line_start && !push(Token{.kind = Tok::newline, .text = {}, .line = line})) return too_many();
    return std::move(out);
  }
};

}  // namespace

Result<std::vector<Token>> tokenize(std::string_view source, const Limits& limits) {
  Lexer lexer{.src = source, .limits = limits};
  return lexer.run();
}

}  // namespace kvdtype::detail::py
