// POSIX-shell word splitting for launch scripts (io/shell.hpp).
//
// The aim is to see the words the server program would receive, never to run anything: quoting
// and backslashes are removed as sh does (POSIX XCU 2.2, 2.3), while every expansion is left as
// written. A serving script is full of `$MODEL`, `$(nproc)` and `${PORT:-8000}`; expanding them
// would need the caller's environment, and executing them would be a hazard, so they stay text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/shell.hpp"

namespace kvdtype::io::detail {

namespace {

struct Pos {
  std::size_t line = 1, column = 1;
};

class Splitter {
 public:
  explicit Splitter(std::string_view text) : s_(text) {}

  Result<std::vector<ShellCommand>> run() {
    while (i_ < s_.size()) {
      if (words_seen_ > kMaxCommandWords)
        return Error{ErrorCode::bad_command, "more than " + std::to_string(kMaxCommandWords) +
                                                 " words (at line " + std::to_string(pos_.line) +
                                                 "); not a launch command or script"};
      const char c = s_[i_];
      if (words_.empty() && !in_word_) start_line_ = pos_.line;  // where the next command begins
      if (c == ' ' || c == '\t' || c == '\r') {
        end_word();
        advance();
      } else if (c == '\n') {
        end_command();
        advance();
      } else if (c == '#' && !in_word_) {
        // A comment runs to the end of the line; the newline still ends the command.
        while (i_ < s_.size() && s_[i_] != '\n') advance();
      } else if (c == '\\') {
        backslash();
      } else if (c == '\'') {
        if (auto e = single_quoted()) return *e;
      } else if (c == '"') {
        if (auto e = double_quoted()) return *e;
      } else if (c == '$' && i_ + 1 < s_.size() && (s_[i_ + 1] == '(' || s_[i_ + 1] == '{')) {
        if (auto e = substitution(cur_)) return *e;
        in_word_ = true;
      } else if (c == '`') {
        if (auto e = backquoted(cur_)) return *e;
        in_word_ = true;
      } else if (c == ';' || c == '(' || c == ')') {
        end_command();
        advance();
      } else if (c == '|') {
        end_command();
        advance();
        if (i_ < s_.size() && (s_[i_] == '|' || s_[i_] == '&')) advance();
      } else if (c == '&') {
        if (i_ + 1 < s_.size() && s_[i_ + 1] == '>') {  // bash `&>file`: both streams redirected
          end_word();
          advance();
          redirection();
        } else {
          end_command();
          advance();
          if (i_ < s_.size() && s_[i_] == '&') advance();
        }
      } else if (c == '>' || c == '<') {
        // `2>log`: a word of digits right before the operator is its file descriptor.
        if (in_word_ && !quoted_ && is_digits(cur_)) {
          cur_.clear();
          in_word_ = false;
        } else {
          end_word();
        }
        redirection();
      } else {
        cur_ += c;
        in_word_ = true;
        advance();
      }
    }
    end_command();
    if (words_seen_ > kMaxCommandWords)
      return Error{ErrorCode::bad_command,
                   "more than " + std::to_string(kMaxCommandWords) + " words; not a launch command or script"};
    return std::move(commands_);
  }

 private:
  static bool is_digits(std::string_view w) noexcept {
    if (w.empty()) return false;
    for (char c : w)
      if (c < '0' || c > '9') return false;
    return true;
  }

  void advance() noexcept {
    if (s_[i_] == '\n') {
      ++pos_.line;
      pos_.column = 1;
    } else {
      ++pos_.column;
    }
    ++i_;
  }

  void end_word() {
    if (!in_word_) return;
    if (drop_next_word_) {
      drop_next_word_ = false;  // the target of a redirection is not an argument
    } else {
      words_.push_back(std::move(cur_));
      ++words_seen_;
    }
    cur_.clear();
    in_word_ = false;
    quoted_ = false;
  }

  void end_command() {
    end_word();
    drop_next_word_ = false;
    if (!words_.empty()) {
      commands_.push_back(std::move(words_));
      lines_.push_back(start_line_);
    }
    words_.clear();
  }

  // `>`, `>>`, `>|`, `>&`, `<`, `<<`, `<&`, `<>`: the operator and the next word are dropped.
  void redirection() {
    advance();  // the first operator character
    while (i_ < s_.size() && (s_[i_] == '>' || s_[i_] == '<' || s_[i_] == '&' || s_[i_] == '|' || s_[i_] == '-'))
      advance();
    drop_next_word_ = true;
  }

  void backslash() {
    if (i_ + 1 >= s_.size()) {  // a lone trailing backslash is kept as a character
      cur_ += '\\';
      in_word_ = true;
      advance();
      return;
    }
    const char n = s_[i_ + 1];
    if (n == '\n') {  // line continuation: both characters vanish
      advance();
      advance();
      return;
    }
    if (n == '\r' && i_ + 2 < s_.size() && s_[i_ + 2] == '\n') {  // a script saved with CRLF
      advance();
      advance();
      advance();
      return;
    }
    cur_ += n;
    in_word_ = true;
    quoted_ = true;
    advance();
    advance();
  }

  std::optional<Error> unclosed(std::string_view what, Pos at) const {
    return Error{ErrorCode::bad_command, "unbalanced " + std::string(what) + " opened at line " +
                                             std::to_string(at.line) + ", column " + std::to_string(at.column)};
  }

  std::optional<Error> single_quoted() {
    const Pos at = pos_;
    advance();
    in_word_ = true;
    quoted_ = true;
    while (i_ < s_.size() && s_[i_] != '\'') {
      cur_ += s_[i_];
      advance();
    }
    if (i_ >= s_.size()) return unclosed("single quote", at);
    advance();
    return std::nullopt;
  }

  std::optional<Error> double_quoted() {
    const Pos at = pos_;
    advance();
    in_word_ = true;
    quoted_ = true;
    while (i_ < s_.size() && s_[i_] != '"') {
      const char c = s_[i_];
      if (c == '\\' && i_ + 1 < s_.size()) {
        const char n = s_[i_ + 1];
        // Inside double quotes a backslash escapes only these; before anything else it stays.
        if (n == '\n') {
          advance();
          advance();
          continue;
        }
        if (n == '$' || n == '`' || n == '"' || n == '\\') {
          cur_ += n;
          advance();
          advance();
          continue;
        }
        cur_ += c;
        advance();
      } else if (c == '$' && i_ + 1 < s_.size() && (s_[i_ + 1] == '(' || s_[i_ + 1] == '{')) {
        if (auto e = substitution(cur_)) return e;
      } else if (c == '`') {
        if (auto e = backquoted(cur_)) return e;
      } else {
        cur_ += c;
        advance();
      }
    }
    if (i_ >= s_.size()) return unclosed("double quote", at);
    advance();
    return std::nullopt;
  }

  // `$(…)`, `$((…))` or `${…}` copied verbatim, quotes inside respected, nesting counted.
  std::optional<Error> substitution(std::string& out) {
    const Pos at = pos_;
    const char open = s_[i_ + 1];
    const char close = open == '(' ? ')' : '}';
    out += s_[i_];
    advance();
    int depth = 0;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\\' && i_ + 1 < s_.size()) {
        out += c;
        advance();
        out += s_[i_];
        advance();
        continue;
      }
      if (c == '\'' || c == '"') {
        const char q = c;
        out += c;
        advance();
        while (i_ < s_.size() && s_[i_] != q) {
          if (q == '"' && s_[i_] == '\\' && i_ + 1 < s_.size()) {
            out += s_[i_];
            advance();
          }
          out += s_[i_];
          advance();
        }
        if (i_ >= s_.size()) break;
        out += s_[i_];
        advance();
        continue;
      }
      out += c;
      advance();
      if (c == open) ++depth;
      if (c == close && --depth == 0) return std::nullopt;
    }
    return unclosed(open == '(' ? "$(" : "${", at);
  }

  std::optional<Error> backquoted(std::string& out) {
    const Pos at = pos_;
    out += '`';
    advance();
    while (i_ < s_.size() && s_[i_] != '`') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) {
        out += s_[i_];
        advance();
      }
      out += s_[i_];
      advance();
    }
    if (i_ >= s_.size()) return unclosed("backquote", at);
    out += '`';
    advance();
    return std::nullopt;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  Pos pos_;
  std::string cur_;
  bool in_word_ = false;   // "" is a word even though it adds no characters
  bool quoted_ = false;    // the current word had quoting (so "2">x is not a file descriptor)
  bool drop_next_word_ = false;
  ShellCommand words_;
  std::vector<ShellCommand> commands_;
  std::size_t start_line_ = 1;

 public:
  std::vector<std::size_t> lines_;  // 1-based first line of each command in commands_
  std::size_t words_seen_ = 0;
};

}  // namespace

Result<std::vector<ShellCommand>> split_commands(std::string_view text) { return Splitter(text).run(); }

Result<std::vector<ShellCommand>> split_commands(std::string_view text, std::vector<std::size_t>& lines) {
  Splitter s(text);
  auto out = s.run();
  if (out.ok()) lines = std::move(s.lines_);
  return out;
}

bool is_assignment(std::string_view word) noexcept {
  const std::size_t eq = word.find('=');
  if (eq == 0 || eq == std::string_view::npos) return false;
  for (std::size_t i = 0; i < eq; ++i) {
    const char c = word[i];
    const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

}  // namespace kvdtype::io::detail
