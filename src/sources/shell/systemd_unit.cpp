// A systemd service unit given as a command file (docs/inputs.md): Ollama's Linux install runs
// `ollama serve` from /etc/systemd/system/ollama.service, and its FAQ sets OLLAMA_* variables
// with `Environment=` lines there (or in a drop-in). The unit is read as the shell script it
// amounts to, line for line so that messages keep the unit's line numbers:
//   [Service] Environment=A=1 "B=2 3"  ->  export A='1' B='2 3'   (systemd.exec: no $ expansion)
//   [Service] EnvironmentFile=-/etc/x  ->  . '/etc/x'             (read where the script reader
//                                        can; otherwise its variables are said to be unknown)
//   [Service] ExecStart=-/usr/bin/x a  ->  /usr/bin/x a            (prefixes @ - : + ! dropped;
//                                        with @ the second word is argv[0], not an argument)
// Every other line becomes blank. Nothing is executed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/launch.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {
namespace {

std::string_view trim_unit(std::string_view s) noexcept {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// One word, single-quoted for the shell: what systemd took literally stays literal.
std::string shell_quoted(std::string_view w) {
  std::string out = "'";
  for (const char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// systemd's own splitting of a value into words (quotes and backslashes as systemd.syntax
// describes, which the shell's splitting matches for these lines); an unsplittable value is kept
// for the script reader to report.
std::optional<std::vector<std::string>> words_of(std::string_view value) {
  auto split = split_command(value);
  if (!split.ok()) return std::nullopt;
  return std::move(split).value();
}

std::string joined_quoted(const std::vector<std::string>& words, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < words.size(); ++i) out += (out.empty() ? "" : " ") + shell_quoted(words[i]);
  return out;
}

}  // namespace

std::optional<std::string> systemd_unit_as_script(std::string_view text) {
  // A unit starts (after comments and blank lines) with a [Section] header and has [Service].
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at));
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  bool header_first = false, service = false;
  for (const std::string_view raw : lines) {
    const std::string_view l = trim_unit(raw);
    if (l.empty() || l.front() == '#' || l.front() == ';') continue;
    if (!header_first && !(l.front() == '[' && l.back() == ']')) return std::nullopt;
    header_first = true;
    service = service || l == "[Service]";
  }
  if (!service) return std::nullopt;

  // systemd applies every Environment= of the section before it runs ExecStart=, wherever the
  // lines stand: they are gathered first, and each ExecStart= line runs after all of them (on its
  // own line, so that messages keep the unit's line numbers).
  struct Entry {
    std::size_t line;  // index of its first line
    std::size_t joined;
    std::string key, value;
  };
  std::vector<Entry> entries;
  std::string_view section;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line(trim_unit(lines[i]));
    std::size_t joined = 0;  // a trailing backslash continues the line (systemd.syntax)
    while (!line.empty() && line.back() == '\\' && i + joined + 1 < lines.size()) {
      line.pop_back();
      line = std::string(trim_unit(line)) + " " + std::string(trim_unit(lines[i + ++joined]));
    }
    if (!line.empty() && line.front() == '[' && line.back() == ']') {
      section = trim_unit(lines[i]);
    } else if (section == "[Service]" && !line.empty() && line.front() != '#' && line.front() != ';') {
      const std::size_t eq = line.find('=');
      if (eq != std::string::npos)
        entries.push_back({i, joined, std::string(trim_unit(std::string_view(line).substr(0, eq))),
                           std::string(trim_unit(std::string_view(line).substr(eq + 1)))});
    }
    i += joined;
  }
  std::string environment;  // "export …; . FILE; " for every ExecStart=
  for (const Entry& e : entries) {
    if (e.value.empty()) continue;
    if (e.key == "Environment") {
      auto words = words_of(e.value);
      if (!words) {
        environment += "export " + e.value + "; ";
        continue;
      }
      environment += "export";
      for (const std::string& a : *words) {  // NAME='value': the name bare, as `export` takes it
        const std::size_t at = a.find('=');
        environment += " " + (at == std::string::npos ? shell_quoted(a) : a.substr(0, at + 1) + shell_quoted(std::string_view(a).substr(at + 1)));
      }
      environment += "; ";
    } else if (e.key == "EnvironmentFile") {
      environment += ". " + shell_quoted(e.value.front() == '-' ? std::string_view(e.value).substr(1) : std::string_view(e.value)) + "; ";
    }
  }
  std::vector<std::string> shell(lines.size());
  for (const Entry& e : entries) {
    if (e.key != "ExecStart" || e.value.empty()) continue;
    std::string_view cmd = e.value;
    bool argv0 = false;
    while (!cmd.empty() && std::string_view("@-:+!").find(cmd.front()) != std::string_view::npos) {
      argv0 = argv0 || cmd.front() == '@';
      cmd.remove_prefix(1);
    }
    auto words = argv0 ? words_of(cmd) : std::nullopt;
    if (words && words->size() >= 2) {
      words->erase(words->begin() + 1);
      shell[e.line] = environment + joined_quoted(*words, 0);
    } else {
      shell[e.line] = environment + std::string(cmd);
    }
  }
  std::string out;
  for (const std::string& l : shell) out += l + "\n";
  return out;
}

}  // namespace kvdtype::io::detail
