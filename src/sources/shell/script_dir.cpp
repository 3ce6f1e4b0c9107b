// The script-folder idioms of launch scripts (sources/shell/script_state.hpp): a command
// substitution that only names the folder of the script being run, recognised by its shape and
// never run. Real scripts open with one of these to find the helpers they source:
//   $(dirname "$0")                      $(dirname "$(readlink -f "$0")")
//   $(cd "$(dirname "$0")" && pwd)        $(cd "$(dirname "${BASH_SOURCE[0]}")" && cd .. && pwd)
//   $(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" &> /dev/null && pwd)    $(cd "$(dirname "$0")/.." && pwd)
//   $(realpath "$(dirname "$0")")
// Anything else (another command, a variable, `cd` to somewhere else) is not one of them: the
// substitution stays unknown, as every command substitution does.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sources/shell/script_state.hpp"

namespace kvdtype::io::detail {
namespace script_dir {  // named: the unity build joins this file with others of the folder
namespace {

bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n'; }

// Where the `$(` at s[open] closes (the index of its `)`), quotes and nesting respected; npos if never.
std::size_t close_of(std::string_view s, std::size_t open) {
  std::vector<bool> dq;  // one quoting state per open `$(`: a substitution opens a new one
  for (std::size_t k = open; k < s.size(); ++k) {
    const char c = s[k];
    const bool quoted = !dq.empty() && dq.back();
    if (c == '\\') {
      ++k;
    } else if (c == '\'' && !quoted) {
      k = s.find('\'', k + 1);
      if (k == std::string_view::npos) return k;
    } else if (c == '"' && !dq.empty()) {
      dq.back() = !quoted;
    } else if (c == '$' && k + 1 < s.size() && s[k + 1] == '(') {
      dq.push_back(false);
      ++k;
    } else if (c == ')' && !quoted && !dq.empty()) {
      dq.pop_back();
      if (dq.empty()) return k;
    }
  }
  return std::string_view::npos;
}

// The words of `s` at its own level: split at blanks, `&&` and `;` outside quotes and `$( … )`;
// double quotes of this level removed (those inside a `$( … )` kept for its own reading).
// nullopt on a single quote, backquote or unclosed construct: not one of the idioms.
std::optional<std::vector<std::string>> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  bool have = false, dq = false;
  const auto end_word = [&] {
    if (have) out.push_back(std::move(cur));
    cur.clear();
    have = false;
  };
  for (std::size_t k = 0; k < s.size(); ++k) {
    const char c = s[k];
    if (c == '\'' || c == '`' || c == '\\') return std::nullopt;
    if (c == '"') {
      dq = !dq;
      have = true;
    } else if (c == '$' && k + 1 < s.size() && s[k + 1] == '(') {
      const std::size_t close = close_of(s, k);
      if (close == std::string_view::npos) return std::nullopt;
      cur.append(s.substr(k, close - k + 1));
      have = true;
      k = close;
    } else if (!dq && (blank(c) || c == ';')) {
      end_word();
      if (c == ';') out.emplace_back("&&");  // `cd D; pwd` names the same folder as `cd D && pwd`
    } else if (!dq && c == '&' && k + 1 < s.size() && s[k + 1] == '&') {
      end_word();
      out.emplace_back("&&");
      ++k;
    } else {
      cur += c;
      have = true;
    }
  }
  if (dq) return std::nullopt;
  end_word();
  return out;
}

bool is_self(std::string_view w) {
  return w == "$0" || w == "${0}" || w == "${BASH_SOURCE[0]}" || w == "${BASH_SOURCE}" || w == "$BASH_SOURCE";
}

std::optional<int> levels_of(std::string_view inner, int depth);

// `$0`, or `$(readlink -f "$0")` / `$(realpath "$0")`: the script's own path (its folder is the
// same either way for the file kvdtype was given).
bool names_self(std::string_view w, int depth) {
  if (is_self(w)) return true;
  if (depth > 4 || !w.starts_with("$(") || close_of(w, 0) != w.size() - 1) return false;
  const auto words = words_of(w.substr(2, w.size() - 3));
  if (!words) return false;
  const auto& v = *words;
  if (v.size() == 3 && v[0] == "readlink" && (v[1] == "-f" || v[1] == "-e" || v[1] == "-m")) return names_self(v[2], depth + 1);
  if (v.size() == 2 && v[0] == "realpath") return names_self(v[1], depth + 1);
  return false;
}

// `$(IDIOM)` then `/..` any times (and a trailing `/`): the folder, `levels` above it.
std::optional<int> folder_word(std::string_view w, int depth) {
  if (!w.starts_with("$(")) return std::nullopt;
  const std::size_t close = close_of(w, 0);
  if (close == std::string_view::npos) return std::nullopt;
  auto levels = levels_of(w.substr(2, close - 2), depth + 1);
  if (!levels) return std::nullopt;
  std::string_view rest = w.substr(close + 1);
  while (rest.starts_with("/..")) {
    ++*levels;
    rest.remove_prefix(3);
  }
  if (!rest.empty() && rest != "/") return std::nullopt;
  return levels;
}

bool is_redirect_to_null(const std::vector<std::string>& v, std::size_t& k) {
  for (const std::string_view op : {"&>", ">", "1>", "2>"}) {
    if (v[k] == op && k + 1 < v.size() && v[k + 1] == "/dev/null") {
      k += 2;
      return true;
    }
    if (v[k].starts_with(op) && std::string_view(v[k]).substr(op.size()) == "/dev/null") {
      ++k;
      return true;
    }
  }
  if (v[k] == "2>&1") {
    ++k;
    return true;
  }
  return false;
}

// How many folders above the script's own folder `inner` (a command substitution's text) names;
// nullopt when it is not one of the idioms.
std::optional<int> levels_of(std::string_view inner, int depth) {
  if (depth > 4) return std::nullopt;
  const auto words = words_of(inner);
  if (!words || words->empty()) return std::nullopt;
  const auto& v = *words;
  if (v[0] == "dirname") {  // dirname [--] SELF
    const std::size_t at = v.size() == 3 && v[1] == "--" ? 2 : 1;
    if (v.size() != at + 1 || !names_self(v[at], depth)) return std::nullopt;
    return 0;
  }
  if (v.size() == 2 && v[0] == "realpath") return folder_word(v[1], depth);
  if (v.size() == 3 && v[0] == "readlink" && (v[1] == "-f" || v[1] == "-e")) return folder_word(v[2], depth);
  if (v[0] != "cd") return std::nullopt;
  // cd [--] FOLDER [>/dev/null …] && [cd .. && …] pwd [-P|-L]
  std::size_t k = v.size() > 2 && v[1] == "--" ? 2 : 1;
  if (k >= v.size()) return std::nullopt;
  auto levels = folder_word(v[k], depth);
  if (!levels) return std::nullopt;
  ++k;
  while (k < v.size() && is_redirect_to_null(v, k)) {
  }
  while (k + 3 < v.size() && v[k] == "&&" && v[k + 1] == "cd" && (v[k + 2] == ".." || v[k + 2] == "../")) {
    ++*levels;
    k += 3;
  }
  if (k + 1 >= v.size() || v[k] != "&&" || v[k + 1] != "pwd") return std::nullopt;
  k += 2;
  if (k < v.size() && (v[k] == "-P" || v[k] == "-L")) ++k;
  if (k != v.size()) return std::nullopt;
  return levels;
}

}  // namespace
}  // namespace script_dir

std::optional<std::string> script_folder_substitution(std::string_view inner, const ShellState& state) {
  if (state.base_dir.empty()) return std::nullopt;  // a script read from stdin or a string: no folder
  const auto levels = script_dir::levels_of(inner, 0);
  if (!levels) return std::nullopt;
  std::string out = state.base_dir;
  for (int k = 0; k < *levels; ++k) out += "/..";
  return out;
}

}  // namespace kvdtype::io::detail
