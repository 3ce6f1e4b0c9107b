// Serving commands of a script (kvdtype/io/script.hpp).
#include "kvdtype/io/script.hpp"

#include <algorithm>
#include <optional>

#include "io/shell.hpp"
#include "kvdtype/io/launch.hpp"

namespace kvdtype::io {
namespace {

bool name_char(char c, bool first) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || (!first && c >= '0' && c <= '9');
}

std::optional<std::string> lookup(std::string_view name, std::span<const std::string> vars) {
  for (auto it = vars.rbegin(); it != vars.rend(); ++it) {
    const std::size_t eq = it->find('=');
    if (eq != std::string::npos && std::string_view(*it).substr(0, eq) == name) return it->substr(eq + 1);
  }
  return std::nullopt;
}

// `export`, `declare -x`, `typeset` and bare NAME=value words set variables.
bool is_assignment_command(const detail::ShellCommand& cmd) {
  return std::all_of(cmd.begin(), cmd.end(), [](const std::string& w) { return detail::is_assignment(w); });
}

}  // namespace

std::string expand_variables(std::string_view w, std::span<const std::string> vars) {
  std::string out;
  std::size_t i = 0;
  while (i < w.size()) {
    if (w[i] != '$' || i + 1 >= w.size()) {
      out += w[i++];
      continue;
    }
    if (w[i + 1] == '{') {
      // The matching brace: defaults may nest (${A:-${B}}).
      std::size_t close = std::string_view::npos;
      for (std::size_t k = i + 2, depth = 1; k < w.size(); ++k) {
        if (w[k] == '{') ++depth;
        else if (w[k] == '}' && --depth == 0) {
          close = k;
          break;
        }
      }
      if (close == std::string_view::npos) {
        out += w.substr(i);
        break;
      }
      const std::string_view body = w.substr(i + 2, close - i - 2);
      std::size_t n = 0;
      while (n < body.size() && name_char(body[n], n == 0)) ++n;
      const std::string_view name = body.substr(0, n), rest = body.substr(n);
      const auto value = n > 0 ? lookup(name, vars) : std::nullopt;
      if (n > 0 && rest.empty() && value) {
        out += *value;
      } else if (n > 0 && (rest.starts_with(":-") || rest.starts_with(":="))) {
        // ${VAR:-default}: the default when VAR is unset or empty.
        out += value && !value->empty() ? *value : expand_variables(rest.substr(2), vars);
      } else if (n > 0 && (rest.starts_with("-") || rest.starts_with("="))) {
        out += value ? *value : expand_variables(rest.substr(1), vars);  // ${VAR-default}: only when unset
      } else {
        out += w.substr(i, close - i + 1);  // unset, or an expansion kvdtype does not evaluate
      }
      i = close + 1;
      continue;
    }
    std::size_t n = i + 1;
    while (n < w.size() && name_char(w[n], n == i + 1)) ++n;
    if (n == i + 1) {
      out += w[i++];  // `$(`, `$1`, `$$`: left as written
      continue;
    }
    const auto value = lookup(w.substr(i + 1, n - i - 1), vars);
    out += value ? *value : std::string(w.substr(i, n - i));
    i = n;
  }
  return out;
}

Result<std::vector<ScriptCommand>> serving_commands(std::string_view text, std::span<const std::string> env) {
  std::vector<std::size_t> lines;
  auto commands = detail::split_commands(text, lines);
  if (!commands.ok()) return commands.error();
  std::vector<std::string> vars(env.begin(), env.end());     // what expansion sees
  std::vector<std::string> environment(env.begin(), env.end());  // what the server inherits
  std::vector<ScriptCommand> out;
  for (std::size_t c = 0; c < commands->size(); ++c) {
    detail::ShellCommand cmd = (*commands)[c];
    if (!cmd.empty() && (cmd.front() == "$" || cmd.front() == "#")) cmd.erase(cmd.begin());  // a pasted prompt
    if (cmd.empty()) continue;
    const bool exported = cmd.front() == "export" || cmd.front() == "declare" || cmd.front() == "typeset";
    if (exported || is_assignment_command(cmd)) {
      for (std::size_t k = exported ? 1 : 0; k < cmd.size(); ++k) {
        if (!detail::is_assignment(cmd[k])) continue;
        const std::size_t eq = cmd[k].find('=');
        const std::string assignment = cmd[k].substr(0, eq + 1) + expand_variables(std::string_view(cmd[k]).substr(eq + 1), vars);
        vars.push_back(assignment);
        environment.push_back(assignment);
      }
      continue;
    }
    for (std::string& w : cmd) w = expand_variables(w, vars);
    if (!is_serving_command(cmd)) continue;
    ScriptCommand sc;
    sc.words = environment;
    sc.words.insert(sc.words.end(), cmd.begin(), cmd.end());
    sc.line = static_cast<int>(c < lines.size() ? lines[c] : 0);
    out.push_back(std::move(sc));
  }
  return out;
}

}  // namespace kvdtype::io

// ---------------------------------------------------------------------------------------------
// A script's serving commands as workloads (kvdtype/io/workloads.hpp).

#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {

Result<std::vector<Workload>> script_workloads(const CheckInput& base, const std::string& file) {
  std::string text = base.command_text;
  if (!base.command_file.empty()) {
    auto read = read_command_file(base.command_file);
    if (!read.ok()) return read.error();
    text = std::move(read).value();
  }
  auto commands = serving_commands(text, base.env);
  if (!commands.ok()) return commands.error();
  std::vector<Workload> out;
  if (commands->size() <= 1) {
    Workload& w = out.emplace_back();
    w.source.file = file;
    w.source.kind = "script";
    if (!commands->empty()) w.source.line = commands->front().line;
    w.input = base;
    return out;
  }
  for (const ScriptCommand& c : *commands) {
    Workload& w = out.emplace_back();
    w.source.file = file;
    w.source.line = c.line;
    w.source.kind = "script";
    w.input = base;
    w.input.command_text.clear();
    w.input.command_file.clear();
    w.input.env.clear();  // already expanded and prepended by serving_commands
    w.input.command = c.words;
  }
  return out;
}

}  // namespace kvdtype::io
