// cmd.exe and PowerShell commands as the POSIX splitter reads them (sources/shell/shell.hpp).
//
// People paste Windows commands too: `llama-server.exe ^` with its options on the next lines
// (cmd.exe: a caret at the end of a line continues it), or the same with a backtick (PowerShell).
// Split as POSIX, the caret is a word of its own and every later line a command of its own, so
// `-ctk q8_0` on a later line was lost (tests/conformance/launch_2026s47.jsonl, llama.cpp#23210).
//
// A text is read as a Windows command only where that is clear: its file says so (.bat, .cmd,
// .ps1), or a line ends in the continuation mark and the next line starts with an option (`-…`),
// which a POSIX shell would run as a command named `-ctk` — no POSIX script means that. Anything
// else (a word ending in `^`, a backquoted `$(…)` over lines) stays POSIX.
//
// The text is rewritten, never split here: the mark and its line end become a POSIX `\`-newline
// (so line numbers stay), and the characters that are literal in the Windows shell but special
// to POSIX (backslashes in C:\models\…, a lone quote in cmd) are escaped. Expansions (%VAR%,
// $env:NAME) stay text, as POSIX ones do.
#include <optional>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {
namespace {

constexpr char kCaret = '^';
constexpr char kBacktick = '`';

// A line without its CR and, for cmd.exe, its trailing blanks: cmd.exe continues a line only where
// the caret is its last character, but a pasted line often carries blanks after it, and the next
// line's option shows the intent.
std::string_view trimmed(std::string_view line, bool blanks) {
  while (!line.empty() && (line.back() == '\r' || (blanks && (line.back() == ' ' || line.back() == '\t'))))
    line.remove_suffix(1);
  return line;
}

// Whether `line` ends in `mark` as a continuation: for the caret, an odd run of carets (`^^` is
// a literal caret in cmd.exe).
bool continues(std::string_view line, char mark) {
  line = trimmed(line, mark == kCaret);
  if (line.empty() || line.back() != mark) return false;
  if (mark != kCaret) return true;
  std::size_t run = 0;
  while (run < line.size() && line[line.size() - 1 - run] == kCaret) ++run;
  return run % 2 == 1;
}

bool starts_with_option(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i + 1 < line.size() && line[i] == '-' && line[i + 1] != ' ';
}

// Which Windows shell the text's continuation lines show, if any does clearly.
WindowsShell shell_by_shape(std::string_view text) {
  bool caret = false, backtick = false;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t nl = text.find('\n', begin);
    if (nl == std::string_view::npos) break;
    const std::string_view line = text.substr(begin, nl - begin);
    std::size_t next_end = text.find('\n', nl + 1);
    if (next_end == std::string_view::npos) next_end = text.size();
    const std::string_view next = text.substr(nl + 1, next_end - nl - 1);
    if (starts_with_option(next)) {
      if (continues(line, kCaret)) caret = true;
      else if (continues(line, kBacktick)) backtick = true;
    }
    begin = nl + 1;
  }
  if (caret == backtick) return WindowsShell::unknown;  // neither, or both (no shell writes both)
  return caret ? WindowsShell::cmd : WindowsShell::powershell;
}

// Append `c` so that the POSIX splitter reads it as the literal character it is in the Windows shell.
void literal(std::string& out, char c, bool in_double_quotes) {
  switch (c) {
    case '\\':
    case '`':
      out += '\\';
      break;
    case '\'':
      if (!in_double_quotes) out += '\\';
      break;
    case '$':
      // A POSIX `$` inside or outside quotes stays literal text in the splitter already.
      break;
    default: break;
  }
  out += c;
}

// cmd.exe's own reading of two commands whose quotes carry meaning the POSIX splitter cannot see
// once they are gone (Microsoft's `start` and `cmd` references):
//  - `start ["title"] [/options] PROG …`: the first quoted argument is the new window's title,
//    never the program (`start "llama-server" cmd /k "…"`, `start "" "C:\…\llama-server.exe" …`).
//    The title is dropped here, so the program is the word after start's options.
//  - `cmd /c "string"` / `cmd /k "string"`: cmd removes the string's first quote and the last quote
//    of the line and runs the rest, so `cmd /k ""C:\…\llama-server.exe" -m "%M%""` runs
//    `"C:\…\llama-server.exe" -m "%M%"`. The two quotes are dropped here as cmd drops them.
// Applied to each line of a cmd.exe text; a line with neither command comes back unchanged.
std::string cmd_quoting(std::string_view line) {
  using kvdtype::detail::iequals;
  std::string out(line);
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  auto skip_blanks = [&](std::size_t i) {
    while (i < out.size() && blank(out[i])) ++i;
    return i;
  };
  auto word_end = [&](std::size_t i) {
    while (i < out.size() && !blank(out[i]) && out[i] != '"' && out[i] != '&' && out[i] != '|' && out[i] != '(' &&
           out[i] != ')')
      ++i;
    return i;
  };
  bool dq = false;
  bool command_start = true;  // at the line's start, or after an unquoted & | (
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '"') {
      dq = !dq;
      command_start = false;
      continue;
    }
    if (dq) continue;
    if (out[i] == '&' || out[i] == '|' || out[i] == '(') {
      command_start = true;
      continue;
    }
    if (blank(out[i]) || (command_start && out[i] == '@')) continue;
    if (!command_start) continue;
    command_start = false;
    const std::size_t end = word_end(i);
    const std::string_view word = std::string_view(out).substr(i, end - i);
    std::size_t j = skip_blanks(end);
    if (iequals(word, "start")) {
      // Its switches (/b, /wait, /min …; /d, /node, /affinity with a value) stand before the
      // title, after it, or both.
      auto skip_switches = [&](std::size_t k) {
        while (k < out.size() && out[k] == '/') {
          const std::size_t e = word_end(k);
          const std::string_view opt = std::string_view(out).substr(k, e - k);
          k = skip_blanks(e);
          if (!iequals(opt, "/d") && !iequals(opt, "/node") && !iequals(opt, "/affinity")) continue;
          if (k < out.size() && out[k] == '"') {  // a quoted value (/d "C:\My Models")
            const std::size_t close = out.find('"', k + 1);
            k = close == std::string::npos ? out.size() : close + 1;
          }
          k = skip_blanks(word_end(k));
        }
        return k;
      };
      j = skip_switches(j);
      if (j < out.size() && out[j] == '"') {
        const std::size_t close = out.find('"', j + 1);
        if (close == std::string::npos) return out;  // unbalanced: the splitter names it
        out.erase(j, skip_blanks(close + 1) - j);
        j = skip_switches(j);
      }
      command_start = true;  // the program follows
      i = j - 1;
      continue;
    }
    if (iequals(word, "cmd") || iequals(word, "cmd.exe")) {
      while (j < out.size() && out[j] == '/') {
        const std::size_t e = word_end(j);
        const std::string_view opt = std::string_view(out).substr(j, e - j);
        j = skip_blanks(e);
        if (!iequals(opt, "/c") && !iequals(opt, "/k")) continue;
        const std::size_t last = out.rfind('"');
        if (j < out.size() && out[j] == '"' && last > j) {
          out.erase(last, 1);
          out.erase(j, 1);
        }
        command_start = true;  // the string is a command line of its own
        i = j - 1;
        break;
      }
      continue;
    }
    if (end > i) i = end - 1;  // past the word (a `)` is a word of no characters)
  }
  return out;
}

std::string rewrite(std::string_view text, WindowsShell shell) {
  const char mark = shell == WindowsShell::cmd ? kCaret : kBacktick;
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  bool dq = false, sq = false;  // inside "…" (both shells) or '…' (PowerShell only)
  std::size_t begin = 0;
  while (begin <= text.size()) {
    std::size_t nl = text.find('\n', begin);
    const bool last = nl == std::string_view::npos;
    if (last) nl = text.size();
    std::string_view line = text.substr(begin, nl - begin);
    const bool cont = !dq && !sq && continues(line, mark);
    if (cont) {  // drop the mark (and what trails it) here: a `\`-newline takes its place
      line = trimmed(line, mark == kCaret);
      line.remove_suffix(1);
    }
    std::string cmd_line;  // cmd.exe's start titles and cmd /c quotes, read as cmd reads them
    if (shell == WindowsShell::cmd && !dq) {
      cmd_line = cmd_quoting(line);
      line = cmd_line;
    }
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (sq) {  // PowerShell '…': literal to its close, as POSIX single quotes
        out += c;
        if (c == '\'') sq = false;
        continue;
      }
      if (c == '"') {
        dq = !dq;
        out += c;
        continue;
      }
      if (shell == WindowsShell::powershell && c == '\'' && !dq) {
        sq = true;
        out += c;
        continue;
      }
      // The escape character: cmd's caret outside quotes, PowerShell's backtick anywhere; the
      // character after it is literal.
      if (c == mark && (shell == WindowsShell::powershell || !dq) && i + 1 < line.size()) {
        literal(out, line[++i], dq);
        continue;
      }
      literal(out, c, dq);
    }
    if (cont) out += " \\";
    if (last) break;
    out += '\n';
    begin = nl + 1;
  }
  return out;
}

}  // namespace

WindowsShell windows_shell_of_file(std::string_view path) noexcept {
  auto ends_with_ci = [&](std::string_view ext) {
    if (path.size() < ext.size()) return false;
    for (std::size_t i = 0; i < ext.size(); ++i) {
      char c = path[path.size() - ext.size() + i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != ext[i]) return false;
    }
    return true;
  };
  if (ends_with_ci(".bat") || ends_with_ci(".cmd")) return WindowsShell::cmd;
  if (ends_with_ci(".ps1")) return WindowsShell::powershell;
  return WindowsShell::unknown;
}

std::optional<std::string> posix_from_windows(std::string_view text, WindowsShell shell) {
  if (shell == WindowsShell::unknown) {
    // Most texts hold neither mark: one search each, no line scan.
    if (text.find(kCaret) == std::string_view::npos && text.find(kBacktick) == std::string_view::npos)
      return std::nullopt;
    shell = shell_by_shape(text);
    if (shell == WindowsShell::unknown) return std::nullopt;
  }
  return rewrite(text, shell);
}

}  // namespace kvdtype::io::detail
