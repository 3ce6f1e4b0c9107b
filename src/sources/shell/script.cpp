// Serving commands of a script (kvdtype/io/script.hpp): the script is walked step by step as a
// shell would walk it, with what it sets (sources/shell/script_state.hpp), and nothing is run. Control flow
// is read, not decided: both branches of an `if` in order, a `while` body once, a `for` body once
// per value, each item of a `case` as an alternative (sources/shell/script_case.cpp).
#include "kvdtype/io/script.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "sources/shell/script_state.hpp"
#include "sources/shell/shell.hpp"
#include "kvdtype/io/launch.hpp"

namespace kvdtype::io {
namespace {

using detail::Expansion;
using detail::ScriptStep;

// Commands read at most (loops over loops); sourced files, wrapper scripts, functions and
// `eval` nested at most this deep (a function calling itself).
constexpr std::size_t kMaxSteps = 65536;
constexpr int kMaxDepth = 8;
// serving_commands() → is_serving_command() → `sh -c SCRIPT` → serving_commands() …
constexpr int kMaxReaders = 8;
thread_local int t_readers = 0;

bool in(std::string_view w, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), w) != set.end();
}

// Words that open or continue a compound command before the command itself (`then vllm serve`).
bool leads(std::string_view w) { return in(w, {"then", "do", "else", "elif", "if", "while", "until", "{", "!"}); }
// Words that close one; what follows them is a redirection at most.
bool closes(std::string_view w) { return in(w, {"fi", "done", "esac", "}", ";;"}); }
bool opens_loop(std::string_view w) { return in(w, {"for", "while", "until", "select"}); }

// NAME=value, NAME+=value, NAME[i]=value as written.
struct Assignment {
  std::string name;
  std::optional<std::size_t> index;
  bool append = false;
  std::string_view value;  // raw
};

std::optional<Assignment> assignment(std::string_view raw) {
  std::size_t n = 0;
  while (n < raw.size() && ((raw[n] >= 'A' && raw[n] <= 'Z') || (raw[n] >= 'a' && raw[n] <= 'z') || raw[n] == '_' ||
                            (n > 0 && raw[n] >= '0' && raw[n] <= '9')))
    ++n;
  if (n == 0) return std::nullopt;
  Assignment a{std::string(raw.substr(0, n)), std::nullopt, false, {}};
  if (n < raw.size() && raw[n] == '[') {
    const std::size_t close = raw.find(']', n);
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view idx = raw.substr(n + 1, close - n - 1);
    if (idx.empty() || idx.size() > 4 || idx.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    a.index = std::stoul(std::string(idx));
    n = close + 1;
  }
  if (n < raw.size() && raw[n] == '+') {
    a.append = true;
    ++n;
  }
  if (n >= raw.size() || raw[n] != '=') return std::nullopt;
  a.value = raw.substr(n + 1);
  return a;
}

void set_env(std::vector<std::string>& env, const std::string& name, const std::string& value) {
  for (std::string& e : env)
    if (e.size() > name.size() && e[name.size()] == '=' && e.compare(0, name.size(), name) == 0) {
      e = name + "=" + value;
      return;
    }
  env.push_back(name + "=" + value);
}

class ScriptReader {
 public:
  ScriptReader(std::span<const std::string> env, const ScriptOptions& options, std::size_t text_size) {
    std::size_t env_bytes = 0;
    for (const std::string& e : env) {
      env_bytes += e.size();
      const std::size_t eq = e.find('=');
      if (eq != std::string::npos) st_.scalars[e.substr(0, eq)] = e.substr(eq + 1);
    }
    environment_.assign(env.begin(), env.end());
    st_.base_dir = options.base_dir;
    st_.positional = options.arguments;
    st_.positional_known = !options.arguments.empty();
    limit_ = 8 * text_size + 4 * env_bytes + (1u << 20);
    st_.budget = limit_;
  }

  Result<ScriptReading> read(std::string_view text) {
    auto steps = detail::split_script(text);
    if (!steps.ok()) return steps.error();
    if (auto e = run(*steps, 0, steps->size(), 0, 0)) return *e;
    // A script that starts no server but sets an llm-d-benchmark scenario: the harness's pods.
    if (out_.empty() && detail::is_llmd_scenario(st_)) out_ = detail::llmd_scenario_commands(st_);
    return ScriptReading{std::move(out_), std::move(others_), other_commands_};
  }

 private:
  Error over(std::size_t line) const {
    return Error{ErrorCode::bad_command, "line " + std::to_string(line) + ": variable expansion grows past " +
                                             std::to_string(limit_) + " bytes (a variable that doubles itself?); the script is not read"};
  }

  // The index of the step that closes the block opened before `from` (depth 1), counting the
  // openers and closers `opens`/`closer` decide; `end` when none does.
  template <class Opens>
  static std::size_t block_end(const std::vector<ScriptStep>& steps, std::size_t from, std::size_t end, Opens opens,
                               std::string_view closer) {
    int depth = 1;
    for (std::size_t k = from; k < end; ++k) {
      const auto& w = steps[k].words;
      std::size_t f = 0;
      while (f < w.size() && (w[f] == "do" || w[f] == "then" || w[f] == "else")) ++f;
      if (f < w.size() && opens(w[f])) ++depth;
      if (w.front() == closer && --depth == 0) return k;
    }
    return end;
  }

  // A function definition at steps[i]: its body is remembered and the index after it returned.
  std::size_t define_function(const std::vector<ScriptStep>& steps, std::size_t i, std::size_t end) {
    const ScriptStep& s = steps[i];
    const std::string name = s.defines_function ? s.words.back() : s.words[1];
    std::vector<ScriptStep> body;
    std::size_t k = i + 1;
    // `function NAME { cmd …` opens the body in the same step; `NAME() {` in the next one.
    std::optional<ScriptStep> first;
    if (!s.defines_function && s.words.size() > 2 && s.words[2] == "{") {
      first = s;
      first->words.erase(first->words.begin(), first->words.begin() + 3);
      first->raw.erase(first->raw.begin(), first->raw.begin() + 3);
    } else if (k < end && steps[k].words.front() == "{") {
      first = steps[k];
      first->words.erase(first->words.begin());
      first->raw.erase(first->raw.begin());
      ++k;
    } else {
      functions_[name] = {};  // `f() ( … )` or a one-command body: not modelled, known as a function
      return k;
    }
    if (!first->words.empty()) body.push_back(std::move(*first));
    const std::size_t close = block_end(steps, k, end, [](std::string_view w) { return w == "{"; }, "}");
    body.insert(body.end(), steps.begin() + static_cast<std::ptrdiff_t>(k), steps.begin() + static_cast<std::ptrdiff_t>(close));
    functions_[name] = std::move(body);
    return close < end ? close + 1 : end;
  }

  void assign(const Assignment& a) {
    const std::string_view v = a.value;
    if (v.size() >= 2 && v.front() == '(' && v.back() == ')') {  // NAME=( … ): a bash array
      auto items = detail::array_elements(v.substr(1, v.size() - 2), st_);
      auto& arr = st_.arrays[a.name];
      if (!a.append) arr.clear();
      if (const auto s = st_.scalars.find(a.name); a.append && arr.empty() && s != st_.scalars.end()) arr.push_back(s->second);
      arr.insert(arr.end(), std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
      st_.scalars.erase(a.name);
      return;
    }
    std::string value = detail::expand_one(v, st_, Expansion::single);
    if (a.index) {
      auto& arr = st_.arrays[a.name];
      if (*a.index >= arr.size()) arr.resize(*a.index + 1);
      arr[*a.index] = a.append ? arr[*a.index] + value : value;
      return;
    }
    if (const auto arr = st_.arrays.find(a.name); arr != st_.arrays.end()) {  // A=x / A+=x on an array: element 0
      if (arr->second.empty()) arr->second.emplace_back();
      arr->second[0] = a.append ? arr->second[0] + value : value;
      return;
    }
    std::string& s = st_.scalars[a.name];
    s = a.append ? s + value : std::move(value);
    set_env(environment_, a.name, s);
  }

  // `cat > FILE <<EOF`, `tee FILE <<EOF`, `echo … > FILE`: the script's own files.
  void write_files(const ScriptStep& s, const std::vector<std::string>& cmd) {
    const std::string& prog = cmd.front();
    std::string text;
    std::vector<std::pair<std::string, bool>> targets;  // path, append
    for (const detail::Redirect& r : s.redirects)
      if (r.op == ">" || r.op == ">>" || r.op == ">|")
        targets.emplace_back(detail::expand_one(r.target, st_, Expansion::single), r.op == ">>");
    if (prog == "cat" || prog == "tee") {
      if (s.heredocs.empty()) return;
      const detail::HereDoc& doc = s.heredocs.back();
      text = doc.expands ? detail::expand_one(doc.body, st_, Expansion::body) : doc.body;
      if (prog == "tee") {
        const bool append = std::find(cmd.begin(), cmd.end(), "-a") != cmd.end();
        for (std::size_t k = 1; k < cmd.size(); ++k)
          if (!cmd[k].starts_with("-")) targets.emplace_back(cmd[k], append);
      }
    } else if (prog == "echo") {
      std::size_t k = 1;
      bool newline = true;
      for (; k < cmd.size() && (cmd[k] == "-n" || cmd[k] == "-e" || cmd[k] == "-E"); ++k) newline = newline && cmd[k] != "-n";
      for (std::size_t j = k; j < cmd.size(); ++j) text += (j == k ? "" : " ") + cmd[j];
      if (newline) text += '\n';
    } else {
      return;
    }
    for (const auto& [path, append] : targets)
      if (!path.empty() && path.find('$') == std::string::npos && path != "/dev/null") st_.write_file(path, text, append);
  }

  void emit(std::vector<std::string> cmd, std::size_t line) {
    --other_commands_;
    ScriptCommand sc;
    for (const std::string& e : environment_) st_.spend(e.size());
    for (const ScriptFile& f : st_.files) st_.spend(f.text.size() + f.path.size());
    sc.words = environment_;
    sc.words.insert(sc.words.end(), std::make_move_iterator(cmd.begin()), std::make_move_iterator(cmd.end()));
    sc.line = static_cast<int>(line);
    sc.files = st_.files;
    sc.notes = context_;
    sc.notes.insert(sc.notes.end(), unread_.begin(), unread_.end());
    out_.push_back(std::move(sc));
  }

  // Read `text` (a sourced file, a wrapper script, an eval'd string) where it is reached.
  std::optional<Error> run_text(std::string_view text, int depth, std::size_t line) {
    auto steps = detail::split_script(text);
    if (!steps.ok()) return steps.error();
    return run(*steps, 0, steps->size(), depth, line);
  }

  std::optional<Error> run(const std::vector<ScriptStep>& steps, std::size_t begin, std::size_t end, int depth,
                           std::size_t call_line) {
    if (depth > kMaxDepth)
      return Error{ErrorCode::bad_command, "line " + std::to_string(call_line) + ": functions, sourced files and wrapper scripts nested more than " +
                                               std::to_string(kMaxDepth) + " deep; the script is not read"};
    for (std::size_t i = begin; i < end;) {
      if (++steps_run_ > kMaxSteps)
        return Error{ErrorCode::bad_command, "more than " + std::to_string(kMaxSteps) + " commands read (loops over loops?); the script is not read"};
      const ScriptStep& s = steps[i];
      const std::size_t line = call_line != 0 ? call_line : s.line;
      if (s.defines_function || (s.words.front() == "function" && s.words.size() >= 2)) {
        i = define_function(steps, i, end);
        continue;
      }
      std::size_t f = 0;  // the command's first word, past `then`, `do`, `{` …
      while (f < s.words.size() && leads(s.words[f])) ++f;
      if (f >= s.words.size() || closes(s.words[f])) {
        ++i;
        continue;
      }
      if (s.words[f] == "case") {
        if (auto e = run_case(steps, i, end, depth, call_line, i)) return e;
        continue;
      }
      if (s.words[f] == "for") {
        if (auto e = run_for(steps, i, f, end, depth, call_line, i)) return e;
        continue;
      }
      if (auto e = run_step(s, f, depth, line)) return e;
      if (st_.over_budget) return over(line);
      ++i;
    }
    return std::nullopt;
  }

  // `for NAME in VALUES; do BODY; done` from steps[i]; `next` becomes the step after `done`.
  std::optional<Error> run_for(const std::vector<ScriptStep>& steps, std::size_t i, std::size_t f, std::size_t end, int depth,
                               std::size_t call_line, std::size_t& next) {
    const ScriptStep& s = steps[i];
    const std::size_t close = block_end(steps, i + 1, end, opens_loop, "done");
    next = close < end ? close + 1 : end;
    std::vector<std::string> values;
    bool known = false;
    const std::string var = f + 1 < s.words.size() ? s.words[f + 1] : std::string();
    if (f + 2 < s.words.size() && s.words[f + 2] == "in") {
      known = true;
      for (std::size_t k = f + 3; k < s.raw.size(); ++k) {
        auto v = detail::expand_word(s.raw[k], st_, Expansion::fields);
        values.insert(values.end(), v.begin(), v.end());
      }
    } else if (f + 2 >= s.words.size() && st_.positional_known && !var.starts_with("((")) {
      known = true;  // `for NAME` walks "$@"
      values = st_.positional;
    }
    if (!known || values.empty()) return run(steps, i + 1, close, depth, call_line);
    const std::size_t n = std::min(values.size(), kMaxLoopValues);
    for (std::size_t k = 0; k < n; ++k) {
      st_.scalars[var] = values[k];
      context_.push_back("line " + std::to_string(call_line != 0 ? call_line : s.line) + ": for " + var + " in …: " + var +
                         "=" + values[k] + (values.size() > n ? " (the first " + std::to_string(n) + " values are read)" : ""));
      auto e = run(steps, i + 1, close, depth, call_line);
      context_.pop_back();
      if (e) return e;
    }
    return std::nullopt;
  }

  // `case WORD in … esac` from steps[i]; `next` becomes the step after `esac`. Its patterns are
  // never commands. Where WORD is known (the script's arguments were given, or a variable it
  // set) only the first item it matches is read, as the shell runs it; where it is not, each
  // item is read as an alternative (a `prefill)` / `decode)` dispatch starts either server),
  // each from the variables as they were before `case`. After `esac` a variable takes the first
  // known value an item gave it (`ARGS="$ARGS --kv-cache-dtype fp8"`: that alternative is
  // checked); a value made from the script's unknown arguments (`--model-path) MODEL="$2"`)
  // leaves the one it had before, which is what runs without them.
  std::optional<Error> run_case(const std::vector<ScriptStep>& steps, std::size_t i, std::size_t end, int depth,
                                std::size_t call_line, std::size_t& next) {
    const detail::CaseBlock block = detail::case_block(steps, i, end);
    next = block.close < end ? block.close + 1 : end;
    const std::string word = detail::expand_one(block.word, st_, Expansion::single);
    const bool known = !block.word.empty() && word.find_first_of("$`") == std::string::npos;
    const auto scalars = st_.scalars;
    const auto arrays = st_.arrays;
    const auto environment = environment_;
    auto after_environment = environment;
    auto after_scalars = scalars;
    auto after_arrays = arrays;
    for (const detail::CaseItem& item : block.items) {
      if (known && !detail::case_pattern_matches(item.patterns, word)) continue;
      st_.scalars = scalars;
      st_.arrays = arrays;
      environment_ = environment;
      std::string label;
      for (const std::string& p : item.patterns) label += (label.empty() ? "" : "|") + p;
      context_.push_back("line " + std::to_string(call_line != 0 ? call_line : item.line) + ": case " + (known ? word : block.word) +
                         " in " + label + ")" + (known ? "" : " (one of the case's items, read as an alternative)"));
      auto e = run(steps, item.begin, item.end, depth, call_line);
      context_.pop_back();
      if (e) return e;
      // A value an item made from what is unknown here (`MODEL="$2"`, `$OPTARG`, `$(cmd)`) never
      // replaces one the script had; a known one does, the first item's first.
      const auto unknown = [](const std::string& v) { return v.find_first_of("$`") != std::string::npos; };
      for (const auto& [name, value] : st_.scalars) {
        const auto was = scalars.find(name);
        if (was != scalars.end() && (was->second == value || unknown(value))) continue;
        const auto now = after_scalars.find(name);
        const bool taken = now != after_scalars.end() && (was == scalars.end() ? true : now->second != was->second);
        if (taken) continue;
        after_scalars[name] = value;
        set_env(after_environment, name, value);
      }
      for (const auto& [name, value] : st_.arrays) {
        const auto was = arrays.find(name);
        if (was != arrays.end() && (was->second == value || std::any_of(value.begin(), value.end(), unknown))) continue;
        const auto now = after_arrays.find(name);
        if (now != after_arrays.end() && (was == arrays.end() || now->second != was->second)) continue;
        after_arrays[name] = value;
      }
      if (known) {  // the shell runs one item; what it set stays
        after_scalars = st_.scalars;
        after_arrays = st_.arrays;
        after_environment = environment_;
        break;
      }
    }
    environment_ = std::move(after_environment);
    st_.scalars = std::move(after_scalars);
    st_.arrays = std::move(after_arrays);
    return std::nullopt;
  }

  std::optional<Error> run_step(const ScriptStep& s, std::size_t f, int depth, std::size_t line) {
    const std::string& head = s.words[f];
    const bool declares = in(head, {"export", "declare", "typeset", "local", "readonly"});
    // Assignments alone, or a declaration: variables, never a command.
    bool only_assignments = true;
    for (std::size_t k = f; k < s.raw.size() && only_assignments; ++k) only_assignments = assignment(s.raw[k]).has_value();
    if (declares || only_assignments) {
      for (std::size_t k = declares ? f + 1 : f; k < s.raw.size(); ++k) {
        if (s.words[k].starts_with("-") || s.words[k].starts_with("+")) continue;
        if (const auto a = assignment(s.raw[k])) assign(*a);
        else if (auto it = st_.scalars.find(s.words[k]); it != st_.scalars.end()) set_env(environment_, it->first, it->second);
      }
      return std::nullopt;
    }
    // NAME=value words before the command are its own environment, kept in front of it.
    std::vector<std::string> cmd;
    std::size_t k = f;
    for (; k < s.raw.size(); ++k) {
      const auto a = assignment(s.raw[k]);
      if (!a) break;
      cmd.push_back(a->name + "=" + detail::expand_one(a->value, st_, Expansion::single));
    }
    const std::size_t prefix = cmd.size();
    for (; k < s.raw.size(); ++k) {
      auto fields = detail::expand_word(s.raw[k], st_, Expansion::fields);
      cmd.insert(cmd.end(), std::make_move_iterator(fields.begin()), std::make_move_iterator(fields.end()));
    }
    if (st_.over_budget) return std::nullopt;
    if (cmd.size() > prefix && cmd[prefix] == "$") cmd.erase(cmd.begin() + static_cast<std::ptrdiff_t>(prefix));  // a pasted prompt
    if (cmd.size() <= prefix) return std::nullopt;
    const std::string prog = cmd[prefix];
    ++other_commands_;  // taken back by emit() when the command is a server
    const std::vector<std::string> args(cmd.begin() + static_cast<std::ptrdiff_t>(prefix) + 1, cmd.end());

    if (prog == "source" || prog == ".") {
      if (args.empty()) return std::nullopt;
      if (auto text = st_.file_text(args[0])) {
        context_.push_back("line " + std::to_string(line) + ": read " + args[0] + " (sourced)");
        auto e = run_text(*text, depth + 1, line);
        context_.pop_back();
        return e;
      }
      unread_.push_back("line " + std::to_string(line) + ": " + prog + " " + args[0] +
                        (st_.base_dir.empty() ? ": not read here" : ": not beside the script or not readable") +
                        std::string(detail::kEnvironmentPartlyUnknown));
      return std::nullopt;
    }
    if (prog == "eval") {
      std::string text;
      for (std::size_t j = 0; j < args.size(); ++j) text += (j == 0 ? "" : " ") + args[j];
      // A string built with what kvdtype left as written (`$(func …)` inside quotes) may not
      // split: that command is said unread, the rest of the script is still read.
      auto steps = detail::split_script(text);
      if (!steps.ok()) {
        unread_.push_back("line " + std::to_string(line) + ": eval of a string not read (" + steps.error().message + ")" +
                          std::string(detail::kEnvironmentPartlyUnknown));
        return std::nullopt;
      }
      return run(*steps, 0, steps->size(), depth + 1, line);
    }
    if (prog == "set" && !args.empty() && args[0] == "--") {
      st_.positional.assign(args.begin() + 1, args.end());
      st_.positional_known = true;
      return std::nullopt;
    }
    if (prog == "shift") {
      const std::size_t n = args.empty() || args[0].find_first_not_of("0123456789") != std::string::npos || args[0].size() > 3
                                ? 1
                                : std::stoul(args[0]);
      st_.positional.erase(st_.positional.begin(), st_.positional.begin() + static_cast<std::ptrdiff_t>(std::min(n, st_.positional.size())));
      return std::nullopt;
    }
    if (prog == "unset") {
      for (const std::string& a : args) {
        st_.scalars.erase(a);
        st_.arrays.erase(a);
        std::erase_if(environment_, [&](const std::string& e) { return e.starts_with(a + "="); });
      }
      return std::nullopt;
    }
    if (prog == "cat" || prog == "tee" || prog == "echo") {
      write_files(s, std::vector<std::string>(cmd.begin() + static_cast<std::ptrdiff_t>(prefix), cmd.end()));
      return std::nullopt;
    }
    if (const auto fn = functions_.find(prog); fn != functions_.end()) {
      const auto saved = st_.positional;
      const bool saved_known = st_.positional_known;
      st_.positional = args;
      st_.positional_known = true;
      context_.push_back("line " + std::to_string(line) + ": in " + prog + "(), called here");
      const std::vector<ScriptStep> body = fn->second;  // the function may redefine itself
      auto e = run(body, 0, body.size(), depth + 1, line);
      context_.pop_back();
      st_.positional = saved;
      st_.positional_known = saved_known;
      return e;
    }
    if (auto inside = container_exec(cmd, prefix)) {
      // `docker exec CONTAINER CMD` runs CMD in a container the script started elsewhere: CMD is
      // read as this script's command, and the note says where it runs (its image is not known here).
      context_.push_back("line " + std::to_string(line) + ": run by " + prog + " exec in container " + inside->second +
                         " (its image is not read from here)");
      std::vector<std::string> inner = std::move(inside->first);
      std::optional<Error> e;
      if (is_serving_command(inner)) emit(std::move(inner), line);
      context_.pop_back();
      return e;
    }
    if (is_serving_command(cmd)) {
      emit(std::move(cmd), line);
      return std::nullopt;
    }
    if (others_.size() < 8 && std::find(others_.begin(), others_.end(), prog) == others_.end() &&
        !in(prog, {"set", "cd", "exit", "return", "wait", "sleep", "trap", "[", "[[", "test", "true", "false", ":", "continue",
                   "break", "printf", "read", "pushd", "popd", "mkdir", "rm", "cp", "mv", "chmod", "ls", "pwd", "date"}))
      others_.push_back(prog);
    return wrapper_script(prog, args, depth, line);
  }

  // `docker exec [OPTIONS] CONTAINER COMMAND…` (and podman's): the command (with the -e NAME=value
  // the exec sets in front of it) and the container; nullopt for any other command or an option
  // not in Docker's `docker container exec` reference (nothing is guessed past it).
  static std::optional<std::pair<std::vector<std::string>, std::string>> container_exec(const std::vector<std::string>& cmd,
                                                                                       std::size_t prefix) {
    std::size_t k = prefix;
    if (k + 2 >= cmd.size() || (cmd[k] != "docker" && cmd[k] != "podman") || cmd[k + 1] != "exec") return std::nullopt;
    std::vector<std::string> out(cmd.begin(), cmd.begin() + static_cast<std::ptrdiff_t>(prefix));
    for (k += 2; k < cmd.size() && cmd[k].starts_with("-"); ++k) {
      const std::string& o = cmd[k];
      if (in(o, {"-d", "--detach", "-i", "--interactive", "-t", "--tty", "-it", "-ti", "--privileged"})) continue;
      const std::size_t eq = o.find('=');
      const std::string name = o.substr(0, eq);
      if (!in(name, {"-e", "--env", "-u", "--user", "-w", "--workdir", "--detach-keys", "--env-file"})) return std::nullopt;
      std::string value;
      if (eq != std::string::npos) {
        value = o.substr(eq + 1);
      } else {
        if (++k >= cmd.size()) return std::nullopt;
        value = cmd[k];
      }
      if ((name == "-e" || name == "--env") && value.find('=') != std::string::npos) out.push_back(value);
    }
    if (k + 1 >= cmd.size()) return std::nullopt;
    const std::string container = cmd[k];
    out.insert(out.end(), cmd.begin() + static_cast<std::ptrdiff_t>(k) + 1, cmd.end());
    return std::make_pair(std::move(out), container);
  }

  // `./serve.sh ARGS`, `bash run.sh ARGS`: a script beside this one (or one it wrote) is read
  // with its arguments; its own serving commands, or an `exec "$@"`, are found there.
  std::optional<Error> wrapper_script(const std::string& prog, const std::vector<std::string>& args, int depth,
                                      std::size_t line) {
    std::string path = prog;
    std::vector<std::string> rest = args;
    if (in(prog, {"bash", "sh", "zsh", "dash"})) {
      if (args.empty() || args[0].starts_with("-")) return std::nullopt;
      path = args[0];
      rest.erase(rest.begin());
    } else if (path.find('/') == std::string::npos && !path.ends_with(".sh")) {
      return std::nullopt;
    }
    auto text = st_.file_text(path);
    if (!text) return std::nullopt;
    const auto saved = st_.positional;
    const bool saved_known = st_.positional_known;
    st_.positional = rest;
    st_.positional_known = true;
    context_.push_back("line " + std::to_string(line) + ": read " + path + " (run here with its arguments)");
    auto e = run_text(*text, depth + 1, line);
    context_.pop_back();
    st_.positional = saved;
    st_.positional_known = saved_known;
    return e;
  }

  detail::ShellState st_;
  std::size_t limit_ = 0;
  std::vector<std::string> environment_;  // what a server started now inherits
  std::map<std::string, std::vector<ScriptStep>, std::less<>> functions_;
  std::vector<std::string> context_;  // how the current step is reached (loops, functions, files)
  std::vector<std::string> unread_;   // files the script sources that could not be read
  std::vector<ScriptCommand> out_;
  std::vector<std::string> others_;   // programs of the commands that are not servers
  std::size_t steps_run_ = 0;
  std::size_t other_commands_ = 0;
};

}  // namespace

const ScriptFile* find_script_file(std::span<const ScriptFile> files, std::string_view path) noexcept {
  while (path.starts_with("./")) path.remove_prefix(2);
  for (auto it = files.rbegin(); it != files.rend(); ++it)
    if (it->path == path) return &*it;
  return nullptr;
}

std::string expand_variables(std::string_view w, std::span<const std::string> vars) {
  // A cooked expansion acts on `$` only (no quotes, escapes or backquotes): a word without one
  // is itself, and most words of a container's command are such words. Not building the shell
  // state per word was a third of reading a webhook review's launch command (28 K of 86 K).
  if (w.find('$') == std::string_view::npos) return std::string(w);
  detail::ShellState st;
  for (const std::string& e : vars)
    if (const std::size_t eq = e.find('='); eq != std::string::npos) st.scalars[e.substr(0, eq)] = e.substr(eq + 1);
  st.budget = kMaxExpandedBytes;
  std::string out = detail::expand_one(w, st, Expansion::cooked);
  return st.over_budget ? std::string(w) : out;
}

Result<std::vector<ScriptCommand>> serving_commands(std::string_view text, std::span<const std::string> env,
                                                    const ScriptOptions& options) {
  auto r = read_script(text, env, options);
  if (!r.ok()) return r.error();
  return std::move(std::move(r).value().commands);
}

Result<ScriptReading> read_script(std::string_view text, std::span<const std::string> env, const ScriptOptions& options) {
  if (t_readers >= kMaxReaders)
    return Error{ErrorCode::bad_command, "sh -c scripts nested more than " + std::to_string(kMaxReaders) + " deep; not read"};
  ++t_readers;
  struct Leave {
    ~Leave() { --t_readers; }
  } leave;
  return ScriptReader(env, options, text.size()).read(text);
}

}  // namespace kvdtype::io

// ---------------------------------------------------------------------------------------------
// A script's serving commands as workloads (kvdtype/io/workloads.hpp).

#include <filesystem>

#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {

ScriptOptions script_options(const std::string& command_file) {
  ScriptOptions o;
  if (!command_file.empty() && command_file != "-") {
    o.base_dir = std::filesystem::path(command_file).parent_path().string();
    if (o.base_dir.empty()) o.base_dir = ".";
  }
  return o;
}

Result<std::vector<Workload>> script_workloads(const CheckInput& base, const std::string& file,
                                              std::vector<std::string>* found_instead) {
  std::string text = base.command_text;
  if (!base.command_file.empty() && text.empty()) {  // with command_text: the file, already read
    auto read = read_command_file(base.command_file);
    if (!read.ok()) return read.error();
    text = std::move(read).value();
  }
  auto reading = read_script(text, base.env, script_options(base.command_file));
  if (!reading.ok()) return reading.error();
  std::vector<ScriptCommand> commands_list = std::move(reading).value().commands;
  // A script of several commands none of which starts a server: no workload, and what it runs
  // instead (one command that is not a server is a mistyped command: the pipeline names it).
  if (commands_list.empty() && found_instead != nullptr && reading->other_commands > 1) {
    *found_instead = reading->other_programs;
    return std::vector<Workload>{};
  }
  const std::vector<ScriptCommand>* commands = &commands_list;
  std::vector<Workload> out;
  if (commands->size() <= 1) {
    Workload& w = out.emplace_back();
    w.source.file = file;
    w.source.kind = "script";
    if (!commands->empty()) w.source.line = commands->front().line;
    w.input = base;
    w.input.command_text = text;  // the file, read once: the check takes its text (command_file still names it)
    attach_comment_suppressions(out, text, file, CommentStyle::shell);
    return out;
  }
  for (ScriptCommand& c : commands_list) {
    Workload& w = out.emplace_back();
    w.source.file = file;
    w.source.line = c.line;
    w.source.kind = "script";
    w.input = base;
    w.input.command_text.clear();
    w.input.command_file.clear();
    w.input.env.clear();  // already expanded and prepended by serving_commands
    w.input.command = std::move(c.words);
    w.input.script_files = std::move(c.files);
    w.input.script_notes = std::move(c.notes);
  }
  attach_comment_suppressions(out, text, file, CommentStyle::shell);  // `# kvdtype: ignore[…]` (docs/suppressions.md)
  return out;
}


namespace detail {

bool environment_partly_unknown(std::span<const std::string> script_notes) noexcept {
  return std::any_of(script_notes.begin(), script_notes.end(),
                     [](const std::string& n) { return n.ends_with(kEnvironmentPartlyUnknown); });
}

}  // namespace detail

}  // namespace kvdtype::io
