// The readers of one workload's own inputs (sources/readers.hpp): its launch command, the model
// it names (a config, a GGUF header, a Hub id) and the files its flags name. Their rows are in
// readers.cpp; pipeline/read_layers.cpp calls them, and the launch parsers reach the named-file
// rows through LaunchOptions::read_named, so every file a check reads is opened once, here or in
// the one file reader these call (sources/files/read_file.hpp).
#include <algorithm>
#include <cstddef>
#include <utility>

#include "kvdtype/io/pipeline.hpp"
#include "sources/files/read_file.hpp"
#include "sources/launch/launch_parts.hpp"
#include "sources/model/model_id.hpp"
#include "sources/readers.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {
namespace {

// The command a script reaches: its words, the files the script wrote before it and how it was
// reached.
struct CommandWords {
  std::vector<std::string> words;
  std::vector<ScriptFile> files;
  std::vector<std::string> notes;
  std::string script;  // a container's `sh -c` script text
};

// `[NAME=value …] sh -c SCRIPT [$0 $1 …]` (bash, zsh, dash; -c, -lc, -ec …): a container's script,
// read as a script (its here-documents, arrays and functions) with its arguments.
std::optional<CommandWords> shell_script_command(const std::vector<std::string>& w, std::span<const std::string> env) {
  const auto shell = launch::shell_script_at(w);
  if (!shell || !std::all_of(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(shell->shell),
                             [](const std::string& x) { return detail::is_assignment(x); }))
    return std::nullopt;
  const std::size_t k = shell->shell, at = shell->script;
  ScriptOptions options;
  if (at + 2 <= w.size()) options.arguments.assign(w.begin() + static_cast<std::ptrdiff_t>(at) + 2, w.end());  // after $0
  std::vector<std::string> environment(env.begin(), env.end());
  environment.insert(environment.end(), w.begin(), w.begin() + static_cast<std::ptrdiff_t>(k));
  auto commands = serving_commands(w[at], environment, options);
  if (!commands.ok() || commands->empty()) return std::nullopt;  // read as words (launch_wrappers.cpp), which says why
  std::vector<ScriptCommand> list = std::move(commands).value();
  ScriptCommand& c = list.front();
  return CommandWords{std::move(c.words), std::move(c.files), std::move(c.notes), w[at]};
}

// The launch command's words, from whichever of the three spellings the caller used. A script
// gives its first serving command (check_workloads takes them all, see script_workloads()),
// with its variables expanded; words typed after `--` are expanded from --env only. `script`
// receives the text (its `pip install ENGINE==X` lines name the release).
Result<CommandWords> command_words(const CheckInput& in, std::string& script) {
  const int given = int(!in.command.empty()) + int(!in.command_text.empty() || !in.command_file.empty());
  if (given > 1) return Error{ErrorCode::bad_command, "give the launch command once: as words, as text or as a file"};
  if (!in.command.empty()) {
    // `-- "vllm serve M --kv-cache-dtype fp8"`: one word holding a whole command is split.
    if (in.command.size() == 1 && in.command.front().find_first_of(" \t\n") != std::string::npos) {
      CheckInput t = in;
      t.command_text = in.command.front();
      t.command.clear();
      return command_words(t, script);
    }
    if (auto shell = shell_script_command(in.command, in.env)) {
      script = std::move(shell->script);
      return std::move(*shell);
    }
    std::vector<std::string> words;
    for (const std::string& w : in.command) words.push_back(expand_variables(w, in.env));
    if (!words.empty() && words.front() == "$") words.erase(words.begin());  // a pasted prompt
    if (!in.env.empty() && !words.empty()) words.insert(words.begin(), in.env.begin(), in.env.end());
    return CommandWords{std::move(words), in.script_files, in.script_notes, {}};
  }
  std::string text = in.command_text;
  if (!in.command_file.empty() && text.empty()) {  // with command_text: the file, already read
    auto read = read_command_file(in.command_file);
    if (!read.ok()) return read.error();
    text = std::move(read).value();
  } else if (text.empty()) {
    return CommandWords{};
  }
  script = text;
  auto commands = serving_commands(text, in.env, script_options(in.command_file));
  if (!commands.ok()) return commands.error();
  if (!commands->empty()) {
    std::vector<ScriptCommand> list = std::move(commands).value();
    ScriptCommand& c = list.front();
    return CommandWords{std::move(c.words), std::move(c.files), std::move(c.notes), {}};
  }
  // No serving command: the old reading, so that the error names what was found instead.
  auto split = split_command(text);
  if (!split.ok()) return split.error();
  std::vector<std::string> words = std::move(split).value();
  if (!words.empty() && words.front() == "$") words.erase(words.begin());
  if (words.empty())
    return Error{ErrorCode::bad_command, (in.command_file.empty() ? std::string("the launch command") : in.command_file) + ": no command in it"};
  return CommandWords{std::move(words), {}, {}, {}};
}

// A file a flag names, by its row: at most 1 MiB, as the engines' own parsers hold such files
// (`what` names the expected content in the one file reader's messages).
std::optional<Error> read_flag_file(const InputRef& input, Gathered& into, std::string_view what) {
  constexpr std::size_t kMaxFlagFileBytes = 1u << 20;
  auto read = read_regular_file_problem(input.value, kMaxFlagFileBytes, what);
  if (!read.ok()) return read.error();
  into.workload().named.push_back({input.kind, input.value, std::move(read).value()});
  return std::nullopt;
}

}  // namespace

std::optional<Error> read_launch_command_input(const InputRef& /*the workload's own, in into.base*/, Gathered& into) {
  const CheckInput& in = into.input();
  WorkloadRead& out = into.workload();
  auto argv = command_words(in, out.script);
  if (!argv.ok()) return argv.error();
  out.words = std::move(argv->words);
  out.files = std::move(argv->files);
  out.script_notes = std::move(argv->notes);
  if (out.words.empty()) return std::nullopt;
  // The files its flags name go through their rows, once each (read_named_file).
  // Read in place (launch_parts.hpp): a LaunchCommand holds a RequestInput of 60 strings, and
  // returning it through a Result moved it three times.
  LaunchCommand& launch = out.launch.emplace();
  if (auto e = launch::parse_launch_command_into(
          out.words, {.read_files = !in.runs_elsewhere,
                      .script_files = out.files,
                      .read_named = [&into](InputKind kind, const std::string& path) { return read_named_file(kind, path, into); }},
          launch, in.fields.engine_version, in.defaults.engine_version)) {
    out.launch.reset();
    return e;
  }
  // An engine told its cache by an environment variable (Ollama's OLLAMA_KV_CACHE_TYPE) that the
  // visible script does not set, behind a sourced file that could not be read: the cache is
  // unknown (KVD152), never the engine's default.
  const EngineInfo& engine = engine_info(out.launch->engine);
  if (!engine.kv_flag.starts_with("-") && out.launch->input.kv_cache_dtype.empty() &&
      environment_partly_unknown(out.script_notes))
    out.launch->input.kv_cache_dtype = "$" + std::string(engine.kv_flag);
  return std::nullopt;
}

std::optional<Error> read_model_config_input(const InputRef& input, Gathered& into) {
  auto cfg = read_model_config(input.value);  // a GGUF file, by its magic, is read as the gguf row reads it
  if (!cfg.ok()) return cfg.error();
  into.workload().model_config = std::move(cfg).value();
  return std::nullopt;
}

std::optional<Error> read_gguf_input(const InputRef& input, Gathered& into) {
  auto cfg = read_gguf_config(input.value);
  if (!cfg.ok()) return cfg.error();
  into.workload().model_config = std::move(cfg).value();
  return std::nullopt;
}

std::optional<Error> read_hub_id_input(const InputRef& input, Gathered& into) {
  // A Hub id the workload's own command names, when the workload runs elsewhere (a manifest's
  // container, a webhook's review): that node's HF cache is not this machine's, so only the
  // catalogue answers — the verdict must not depend on which machine checks the manifest, and
  // the webhook never probes its own file system. kvdtype's own --model is read as always.
  const bool remote = into.input().runs_elsewhere && into.input().model.empty();
  // Resolved where the workload's reading keeps it (sources/model/model_id.hpp).
  WorkloadRead& out = into.workload();
  if (auto e = resolve_model_id_into(input.value, /*search_hf_cache=*/!remote, out.resolved)) return e;
  if (!out.resolved) out.unknown_model = input.value;  // nothing knows it (KVD153)
  return std::nullopt;
}

std::optional<Error> read_engine_config_input(const InputRef& input, Gathered& into) {
  return read_flag_file(input, into, "a config file");
}

std::optional<Error> read_trtllm_options_input(const InputRef& input, Gathered& into) {
  return read_flag_file(input, into, "an options file");
}

Result<std::string> read_named_file(InputKind kind, const std::string& path, Gathered& into) {
  for (const NamedFile& f : into.workload().named)
    if (f.kind == kind && f.path == path) return f.text;
  if (auto e = reader(kind).read({kind, path}, into)) return *e;
  return into.workload().named.back().text;
}

Result<std::string> read_named_file(const LaunchOptions& options, InputKind kind, const std::string& path) {
  if (options.read_named) return options.read_named(kind, path);
  Gathered scratch;
  return read_named_file(kind, path, scratch);
}

}  // namespace kvdtype::io::detail
