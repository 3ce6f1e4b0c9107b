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

namespace {

// `w` expanded onto `out`, spending at most `budget` bytes of output (shared by a whole script:
// `A=$A$A` forty times would otherwise ask for 2^40 bytes); false when the budget ran out.
bool expand_into(std::string_view w, std::span<const std::string> vars, std::string& out, std::size_t& budget) {
  const auto put = [&](std::string_view piece) {
    if (piece.size() > budget) return false;
    budget -= piece.size();
    out += piece;
    return true;
  };
  std::size_t i = 0;
  while (i < w.size()) {
    if (w[i] != '$' || i + 1 >= w.size()) {
      if (!put(w.substr(i++, 1))) return false;
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
      if (close == std::string_view::npos) return put(w.substr(i));
      const std::string_view body = w.substr(i + 2, close - i - 2);
      std::size_t n = 0;
      while (n < body.size() && name_char(body[n], n == 0)) ++n;
      const std::string_view name = body.substr(0, n), rest = body.substr(n);
      const auto value = n > 0 ? lookup(name, vars) : std::nullopt;
      bool ok = true;
      if (n > 0 && rest.empty() && value) {
        ok = put(*value);
      } else if (n > 0 && (rest.starts_with(":-") || rest.starts_with(":="))) {
        // ${VAR:-default}: the default when VAR is unset or empty.
        ok = value && !value->empty() ? put(*value) : expand_into(rest.substr(2), vars, out, budget);
      } else if (n > 0 && (rest.starts_with("-") || rest.starts_with("="))) {
        ok = value ? put(*value) : expand_into(rest.substr(1), vars, out, budget);  // ${VAR-default}: only when unset
      } else {
        ok = put(w.substr(i, close - i + 1));  // unset, or an expansion kvdtype does not evaluate
      }
      if (!ok) return false;
      i = close + 1;
      continue;
    }
    std::size_t n = i + 1;
    while (n < w.size() && name_char(w[n], n == i + 1)) ++n;
    if (n == i + 1) {
      if (!put(w.substr(i++, 1))) return false;  // `$(`, `$1`, `$$`: left as written
      continue;
    }
    const auto value = lookup(w.substr(i + 1, n - i - 1), vars);
    if (!(value ? put(*value) : put(w.substr(i, n - i)))) return false;
    i = n;
  }
  return true;
}

// Set NAME=value in `vars`, replacing an earlier value of NAME: the list stays one entry per name.
void assign(std::vector<std::string>& vars, std::string assignment) {
  const std::string_view name = std::string_view(assignment).substr(0, assignment.find('='));
  for (std::string& v : vars)
    if (std::string_view(v).substr(0, v.find('=')) == name) {
      v = std::move(assignment);
      return;
    }
  vars.push_back(std::move(assignment));
}

}  // namespace

std::string expand_variables(std::string_view w, std::span<const std::string> vars) {
  std::size_t budget = kMaxExpandedBytes;
  std::string out;
  return expand_into(w, vars, out, budget) ? out : std::string(w);
}

Result<std::vector<ScriptCommand>> serving_commands(std::string_view text, std::span<const std::string> env) {
  std::vector<std::size_t> lines;
  auto commands = detail::split_commands(text, lines);
  if (!commands.ok()) return commands.error();
  std::vector<std::string> vars(env.begin(), env.end());     // what expansion sees
  std::vector<std::string> environment(env.begin(), env.end());  // what the server inherits
  std::vector<ScriptCommand> out;
  // Every byte the reading produces — expanded words, and the environment each serving command
  // carries — comes out of one budget proportional to the script (docs/reliability.md): a
  // script that expands past it is not read, and says so.
  std::size_t env_bytes = 0;
  for (const std::string& e : env) env_bytes += e.size();
  std::size_t budget = 8 * text.size() + 4 * env_bytes + (1u << 20);
  const auto over = [&](std::size_t c) {
    return Error{ErrorCode::bad_command, "line " + std::to_string(c < lines.size() ? lines[c] : 0) +
                                             ": variable expansion grows past " + std::to_string(8 * text.size() + (1u << 20)) +
                                             " bytes (a variable that doubles itself?); the script is not read"};
  };
  for (std::size_t c = 0; c < commands->size(); ++c) {
    detail::ShellCommand cmd = (*commands)[c];
    if (!cmd.empty() && (cmd.front() == "$" || cmd.front() == "#")) cmd.erase(cmd.begin());  // a pasted prompt
    if (cmd.empty()) continue;
    const bool exported = cmd.front() == "export" || cmd.front() == "declare" || cmd.front() == "typeset";
    if (exported || is_assignment_command(cmd)) {
      for (std::size_t k = exported ? 1 : 0; k < cmd.size(); ++k) {
        if (!detail::is_assignment(cmd[k])) continue;
        const std::size_t eq = cmd[k].find('=');
        std::string assignment = cmd[k].substr(0, eq + 1);
        if (!expand_into(std::string_view(cmd[k]).substr(eq + 1), vars, assignment, budget)) return over(c);
        assign(vars, assignment);
        assign(environment, std::move(assignment));
      }
      continue;
    }
    for (std::string& w : cmd) {
      std::string expanded;
      if (!expand_into(w, vars, expanded, budget)) return over(c);
      w = std::move(expanded);
    }
    if (!is_serving_command(cmd)) continue;
    ScriptCommand sc;
    for (const std::string& e : environment) {
      if (e.size() > budget) return over(c);
      budget -= e.size();
    }
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
