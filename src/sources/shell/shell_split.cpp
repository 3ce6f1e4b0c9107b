// POSIX-shell word splitting for launch scripts (sources/shell/shell.hpp).
//
// The aim is to see the words the server program would receive, never to run anything: quoting
// and backslashes are removed as sh does (POSIX XCU 2.2, 2.3), while every expansion is left as
// written. A serving script is full of `$MODEL`, `$(nproc)` and `${PORT:-8000}`; expanding them
// would need the caller's environment, and executing them would be a hazard, so they stay text.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {

namespace {

struct Pos {
  std::size_t line = 1, column = 1;
};

class Splitter {
 public:
  explicit Splitter(std::string_view text) : s_(text) {}

  Result<std::vector<ScriptStep>> run() {
    while (i_ < s_.size()) {
      if (words_seen_ > kMaxCommandWords)
        return Error{ErrorCode::bad_command, "more than " + std::to_string(kMaxCommandWords) +
                                                 " words (at line " + std::to_string(pos_.line) +
                                                 "); not a launch command or script"};
      const char c = s_[i_];
      if (words_.empty() && !in_word_) start_line_ = pos_.line;  // where the next command begins
      const bool was_in_word = in_word_;
      const std::size_t at = i_;
      if (auto e = step(c)) return *e;
      if (!was_in_word && in_word_) word_begin_ = at;
    }
    end_command();
    if (words_seen_ > kMaxCommandWords)
      return Error{ErrorCode::bad_command,
                   "more than " + std::to_string(kMaxCommandWords) + " words; not a launch command or script"};
    return std::move(steps_);
  }

 private:
  // One character (or construct) at i_.
  std::optional<Error> step(char c) {
      if (c == ' ' || c == '\t' || c == '\r') {
        end_word();
        advance();
      } else if (c == '\n') {
        end_command();
        advance();
        read_heredoc_bodies();
      } else if (c == '#' && !in_word_) {
        // A comment runs to the end of the line; the newline still ends the command.
        while (i_ < s_.size() && s_[i_] != '\n') advance();
      } else if (c == '\\') {
        backslash();
      } else if (c == '\'') {
        if (auto e = single_quoted()) return e;
      } else if (c == '"') {
        if (auto e = double_quoted()) return e;
      } else if (c == '$' && i_ + 1 < s_.size() && (s_[i_ + 1] == '(' || s_[i_ + 1] == '{')) {
        if (auto e = substitution(cur_)) return e;
        in_word_ = true;
      } else if (c == '`') {
        if (auto e = backquoted(cur_)) return e;
        in_word_ = true;
      } else if (c == '(' && in_word_ && !quoted_ && is_array_start(cur_)) {
        if (auto e = array_literal()) return e;
      } else if (c == '(' && function_head()) {
        end_word();
        defines_function_ = true;
        end_command();
        advance();  // `(`
        while (i_ < s_.size() && s_[i_] != ')') advance();
        if (i_ < s_.size()) advance();  // `)`
      } else if (c == ';' || c == '(' || c == ')') {
        const bool item_end = c == ';' && i_ + 1 < s_.size() && s_[i_ + 1] == ';';
        end_command(c);
        if (item_end && !steps_.empty()) steps_.back().ends_case_item = true;
        advance();
        if (item_end) advance();
      } else if (c == '|') {
        end_command('|');
        advance();
        if (i_ < s_.size() && (s_[i_] == '|' || s_[i_] == '&')) advance();
      } else if (c == '&') {
        if (i_ + 1 < s_.size() && s_[i_ + 1] == '>') {  // bash `&>file`: both streams redirected
          end_word();
          advance();
          redirection();
        } else {
          end_command('&');
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
      return std::nullopt;
  }

  static bool is_name(std::string_view w) noexcept {
    if (w.empty() || (w[0] >= '0' && w[0] <= '9')) return false;
    for (char c : w)
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
  }

  // `NAME=` or `NAME+=` right before `(`: a bash array literal follows.
  static bool is_array_start(std::string_view w) noexcept {
    if (w.empty() || w.back() != '=') return false;
    w.remove_suffix(1);
    if (!w.empty() && w.back() == '+') w.remove_suffix(1);
    return is_name(w);
  }

  // `NAME ()`, `NAME()` or `function NAME ()` at the start of a command, `(` at i_ and only
  // blanks before the `)`: a function definition's head.
  bool function_head() const {
    std::size_t k = i_ + 1;
    while (k < s_.size() && (s_[k] == ' ' || s_[k] == '\t')) ++k;
    if (k >= s_.size() || s_[k] != ')') return false;
    // Function names may hold `-`, `.` and `:` in bash; a launch script's rarely do.
    const auto fname = [](std::string_view w) {
      if (w.empty()) return false;
      for (char c : w)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
              c == '.' || c == ':'))
          return false;
      return true;
    };
    if (in_word_) return !quoted_ && fname(cur_) && (words_.empty() || (words_.size() == 1 && words_[0] == "function"));
    return (words_.size() == 1 && fname(words_[0])) || (words_.size() == 2 && words_[0] == "function" && fname(words_[1]));
  }

  // `NAME=( … )`: copied whole into the current word (its raw text is the same), quotes,
  // comments and nested parentheses respected; the reader splits the elements again.
  std::optional<Error> array_literal() {
    const Pos at = pos_;
    int depth = 0;
    bool word_start = true;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\\' && i_ + 1 < s_.size()) {
        cur_ += c;
        advance();
        cur_ += s_[i_];
        advance();
        word_start = false;
        continue;
      }
      if (c == '\'' || c == '"') {
        cur_ += c;
        advance();
        while (i_ < s_.size() && s_[i_] != c) {
          if (c == '"' && s_[i_] == '\\' && i_ + 1 < s_.size()) {
            cur_ += s_[i_];
            advance();
          }
          cur_ += s_[i_];
          advance();
        }
        if (i_ >= s_.size()) return unclosed(c == '"' ? "double quote" : "single quote", at);
        cur_ += s_[i_];
        advance();
        word_start = false;
        continue;
      }
      if (c == '#' && word_start) {  // a comment between elements, to the end of its line
        while (i_ < s_.size() && s_[i_] != '\n') advance();
        continue;
      }
      cur_ += c;
      advance();
      word_start = c == ' ' || c == '\t' || c == '\n' || c == '(';
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) {
        in_word_ = true;
        return std::nullopt;
      }
    }
    return unclosed("array (", at);
  }

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
    std::string raw(s_.substr(word_begin_, i_ - word_begin_));
    if (drop_next_word_) {
      // The target of a redirection is not an argument; a here-document's is its delimiter.
      drop_next_word_ = false;
      if (heredoc_next_) {
        heredoc_next_ = false;
        const bool quoted = raw.find_first_of("'\"\\") != std::string::npos;
        pending_.push_back({std::move(cur_), !quoted, heredoc_strip_tabs_, SIZE_MAX});
      } else {
        redirects_.push_back({std::move(redirect_op_), std::move(raw)});
      }
    } else {
      words_.push_back(std::move(cur_));
      raw_.push_back(std::move(raw));
      ++words_seen_;
    }
    cur_.clear();
    in_word_ = false;
    quoted_ = false;
  }

  void end_command(char by = '\n') {
    end_word();
    drop_next_word_ = false;
    heredoc_next_ = false;
    if (!words_.empty()) {
      ScriptStep& st = steps_.emplace_back();
      st.words = std::move(words_);
      st.raw = std::move(raw_);
      st.line = start_line_;
      st.redirects = std::move(redirects_);
      st.defines_function = defines_function_;
      st.ended_by = by;
      for (Pending& p : pending_)
        if (p.step == SIZE_MAX) p.step = steps_.size() - 1;
    }
    // A here-document of a command with no words (`<<EOF` alone) has nowhere to go.
    for (Pending& p : pending_)
      if (p.step == SIZE_MAX) p.step = SIZE_MAX - 1;
    words_.clear();
    raw_.clear();
    redirects_.clear();
    defines_function_ = false;
  }

  // After the newline that ends the line holding `<<WORD`: the body, up to a line that is WORD
  // (after leading tabs with `<<-`), belongs to the command and is not split into commands. A
  // body the script never closes runs to its end, as bash reads it.
  void read_heredoc_bodies() {
    for (Pending& p : pending_) {
      std::string body;
      while (i_ < s_.size()) {
        std::size_t end = s_.find('\n', i_);
        if (end == std::string_view::npos) end = s_.size();
        std::string_view line = s_.substr(i_, end - i_);
        if (p.strip_tabs) {
          while (!line.empty() && line.front() == '\t') line.remove_prefix(1);
        }
        std::string_view bare = line;
        if (!bare.empty() && bare.back() == '\r') bare.remove_suffix(1);
        const bool last = bare == p.delimiter;
        if (!last) {
          body += line;
          body += '\n';
        }
        while (i_ < end) advance();
        if (i_ < s_.size()) advance();  // the newline
        if (last) break;
      }
      if (p.step < steps_.size()) {
        auto& docs = steps_[p.step].heredocs;
        docs.push_back({std::move(body), p.expands});
      }
    }
    pending_.clear();
  }

  // `>`, `>>`, `>|`, `>&`, `<`, `<<`, `<&`, `<>`: the operator and the next word (its target) are
  // not arguments; `<<` and `<<-` start a here-document whose delimiter is that word.
  void redirection() {
    const std::size_t from = i_;
    advance();  // the first operator character
    while (i_ < s_.size() && (s_[i_] == '>' || s_[i_] == '<' || s_[i_] == '&' || s_[i_] == '|' || s_[i_] == '-'))
      advance();
    redirect_op_ = std::string(s_.substr(from, i_ - from));
    heredoc_next_ = redirect_op_ == "<<" || redirect_op_ == "<<-";
    heredoc_strip_tabs_ = redirect_op_ == "<<-";
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
  std::size_t word_begin_ = 0;  // where the current word's text starts in s_
  ShellCommand words_, raw_;
  std::vector<Redirect> redirects_;
  std::string redirect_op_;
  bool heredoc_next_ = false, heredoc_strip_tabs_ = false, defines_function_ = false;
  // Here-documents whose bodies start after the current line.
  struct Pending {
    std::string delimiter;
    bool expands, strip_tabs;
    std::size_t step;  // index in steps_; SIZE_MAX until the command ends
  };
  std::vector<Pending> pending_;
  std::vector<ScriptStep> steps_;
  std::size_t start_line_ = 1;
  std::size_t words_seen_ = 0;
};

}  // namespace

// A cmd.exe or PowerShell command (windows_lines.cpp) is split as the POSIX text it amounts to.
Result<std::vector<ScriptStep>> split_script(std::string_view text) {
  if (auto posix = posix_from_windows(text, WindowsShell::unknown)) return Splitter(*posix).run();
  return Splitter(text).run();
}

Result<std::vector<ShellCommand>> split_commands(std::string_view text, std::vector<std::size_t>& lines) {
  std::optional<std::string> posix = posix_from_windows(text, WindowsShell::unknown);
  auto steps = Splitter(posix ? std::string_view(*posix) : text).run();
  if (!steps.ok()) return steps.error();
  std::vector<ShellCommand> out;
  out.reserve(steps->size());
  lines.clear();
  for (ScriptStep& st : std::move(steps).value()) {
    out.push_back(std::move(st.words));
    lines.push_back(st.line);
  }
  return out;
}

Result<std::vector<ShellCommand>> split_commands(std::string_view text) {
  std::vector<std::size_t> lines;
  return split_commands(text, lines);
}

bool is_variable_reference(std::string_view w) noexcept {
  if (w.size() < 2 || w[0] != '$') return false;
  w.remove_prefix(1);
  if (w.front() == '{') {
    if (w.size() < 3 || w.back() != '}') return false;
    w = w.substr(1, w.size() - 2);
  }
  if (w.empty() || (w[0] >= '0' && w[0] <= '9')) return false;
  for (char c : w)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
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
