// Reading one workload's inputs (pipeline/layers.hpp): every file, cache, probe and metadata
// access of a check happens here, before judge.cpp merges and checks what was read.
#include <algorithm>
#include <filesystem>

#include "kvdtype/io/installed_source.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/probe.hpp"
#include "kvdtype/io/script.hpp"
#include "common/text.hpp"
#include "pipeline/inputs_check.hpp"
#include "pipeline/layers.hpp"
#include "sources/files/read_file.hpp"
#include "sources/launch/launch_parts.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {
namespace {

// gpu = auto: the probed target when the machine has one kind of device.
Result<std::string> probed_gpu() {
  const ProbeResult pr = probe();
  std::string first;
  // A machine without a GPU reports its CPU: for a GPU check that is "no GPU found" (the caller
  // warns), not a CPU server; `--gpu cpu` asks for the CPU explicitly.
  if (std::all_of(pr.devices.begin(), pr.devices.end(), [](const ProbedDevice& d) { return d.via == "cpu"; }))
    return Error{ErrorCode::unsupported, "--gpu auto: no GPU found on this machine"};
  for (const ProbedDevice& d : pr.devices) {
    if (first.empty()) first = d.target;
    else if (d.target != first) {
      std::string kinds;
      for (const ProbedDevice& e : pr.devices) kinds += (kinds.empty() ? "" : ", ") + e.name + " (" + e.target + ")";
      return Error{ErrorCode::bad_value, "--gpu auto: this machine has several GPU kinds (" + kinds + "); pass --gpu with one of them"};
    }
  }
  if (first.empty()) return Error{ErrorCode::unsupported, "--gpu auto: no device found"};
  return first;
}

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

}  // namespace

Result<Layers> read_layers(const CheckInput& in) {
  Layers layers;
  auto argv = command_words(in, layers.script);
  if (!argv.ok()) return argv.error();
  layers.words = std::move(argv->words);
  layers.files = std::move(argv->files);
  layers.script_notes = std::move(argv->notes);
  if (!layers.words.empty()) {
    auto parsed = parse_launch_command(layers.words, {.read_files = !in.runs_elsewhere, .script_files = layers.files});
    if (!parsed.ok()) return parsed.error();
    layers.launch = std::move(parsed).value();
  }
  // The model the command names once its unset variables are cleared, as judge() sees it.
  std::optional<LaunchCommand> launch = layers.launch;
  if (launch) {
    ReportExtras scratch;
    unresolved_values(*launch, scratch);
  }
  // The model: a local directory or config.json; else a Hub id from the HF cache or the
  // built-in catalogue; else unknown (KVD153). An explicit --model path that is missing is bad input.
  const std::string model = in.model.empty() && launch ? launch->model : in.model;
  // A model named by a command that runs elsewhere is that machine's, never a file here.
  const bool remote_model = in.runs_elsewhere && in.model.empty();
  if (remote_model && !model.empty() && !looks_like_model_id(model)) {
    layers.model_note = "model: " + shown_path(model) + " is a path on the machine the server runs on, not read here (geometry unknown)";
  } else if (!model.empty()) {
    std::error_code ec;
    const bool local = !remote_model && std::filesystem::exists(model, ec);
    if (local || (!in.model.empty() && !looks_like_model_id(model))) {
      auto cfg = read_model_config(model);
      if (!cfg.ok()) return cfg.error();
      layers.model_config = std::move(cfg).value();
    } else if (looks_like_model_id(model)) {
      auto r = resolve_model_id(model);
      if (!r.ok()) return r.error();
      if (*r) layers.resolved = std::move(**r);
      else layers.unknown_model = model;
    }
  }

  // What the merged layers ask of this machine: the GPU probe, the installed engine.
  const Merged merged = merge_layers(in, layers);
  if (kvdtype::detail::iequals(merged.input.gpu, "auto")) {  // any case, as every other name
    auto g = probed_gpu();
    if (!g.ok() && g.error().code == ErrorCode::unsupported) {
      layers.no_gpu_found = true;
    } else {
      if (!g.ok()) return g.error();
      layers.probed_gpu = *g;
    }
  }
  // engine_version = auto: the installed engine's metadata (never runs Python).
  RequestInput versioned = merged.input;
  auto installed = resolve_auto_engine_version(versioned);
  if (!installed.ok()) return installed.error();
  if (!installed->empty()) {
    layers.installed_version = versioned.engine_version;
    layers.installed_note = *installed;
  }
  if (kvdtype::detail::iequals(merged.input.engine_version, "auto")) layers.installed_judged = judge_with_installed(versioned);

  // A drafter with its own local config has its own geometry and dtype; an error reading it is
  // reported when the drafter is judged.
  if (merged.launch && merged.launch->draft && !merged.launch->draft_model.empty() &&
      merged.launch->draft_model != merged.launch->model && !in.runs_elsewhere) {
    std::error_code ec;
    if (std::filesystem::exists(merged.launch->draft_model, ec)) layers.draft_config = read_model_config(merged.launch->draft_model);
  }
  return layers;
}

}  // namespace kvdtype::io::detail
