// The check pipeline shared by every face (include/kvdtype/io/pipeline.hpp).
#include "kvdtype/io/pipeline.hpp"

#include <algorithm>
#include <filesystem>

#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/model_id.hpp"
#include "kvdtype/io/probe.hpp"
#include "kvdtype/io/script.hpp"
#include "common/text.hpp"
#include "pipeline/inputs_check.hpp"
#include "sources/launch/launch_parts.hpp"
#include "sources/files/read_file.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io {
namespace {

// At most kMaxCommandBytes + 1 bytes are read, never the whole stream: /dev/zero, `yes |` or a
// huge file is refused after 1 MiB instead of hanging or exhausting memory.
constexpr std::size_t kMaxCommandBytes = 1u << 20;

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

Error prefixed(std::string_view what, const Error& e) { return Error{e.code, std::string(what) + ": " + e.message}; }

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
  const int given = int(!in.command.empty()) + int(!in.command_text.empty()) + int(!in.command_file.empty());
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
  if (!in.command_file.empty()) {
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

// Drop the diagnostics of ignored rules (--ignore) from a report.
void drop_ignored(Report& r, const std::vector<std::string>& ignore) {
  if (ignore.empty()) return;
  auto ignored = [&](std::string_view code) {
    for (const std::string& c : ignore)
      if (kvdtype::detail::iequals(c, code)) return true;
    return false;
  };
  InlineVector<Diagnostic, 48> kept;
  for (const Diagnostic& d : r.diagnostics)
    if (!ignored(d.rule->code)) kept.push_back(d);
  r.diagnostics = kept;
}

}  // namespace

Result<std::string> read_command_file(const std::string& path) {
  // "-" or a regular file, opened non-blocking, at most 1 MiB (sources/files/read_file.hpp): a FIFO,
  // /dev/zero or /proc/kmsg is refused at once instead of blocking or running forever.
  auto read = detail::read_input_file(path, kMaxCommandBytes, "a command file");
  if (!read.ok()) return read.error();
  std::string text = std::move(read).value();
  const std::string name = path == "-" ? "stdin" : detail::shown_path(path);
  if (text.find('\0') != std::string::npos) return Error{ErrorCode::bad_file, name + ": binary data, not a command"};
  return text;
}

ReportExtras Checked::view() const {
  ReportExtras e = extras;
  e.draft = draft ? &*draft : nullptr;
  e.prefill = prefill ? &*prefill : nullptr;
  return e;
}

Verdict Checked::verdict() const {
  const ReportExtras e = view();
  return combined_verdict(report, &e);
}

Result<Checked> check_input(const CheckInput& in) {
  Checked out;
  RequestInput input = in.defaults;
  std::optional<LaunchCommand> launch;

  std::string script;
  auto argv = command_words(in, script);
  if (!argv.ok()) return argv.error();
  for (const std::string& n : argv->notes) out.extras.notes.push_back("script: " + n);
  if (!argv->words.empty()) {
    auto parsed = parse_launch_command(argv->words, {.read_files = !in.runs_elsewhere, .script_files = argv->files});
    if (!parsed.ok()) return parsed.error();
    launch = std::move(parsed).value();
    // A script that pins the engine (pip install vllm==X) names the release it runs.
    if (launch->input.engine_version.empty()) launch->input.engine_version = engine_version_pinned_in(script, launch->engine);
    if (!launch->config_file.empty()) out.extras.notes.push_back("engine config file: " + launch->config_file + " (merged under the command line)");
    for (const std::string& f : launch->unread_files)
      out.extras.notes.push_back(f.find('$') != std::string::npos
                                     ? f + ": its name holds a variable nothing set, so it is not read (its settings are unknown)"
                                     : f + ": a file on the machine the server runs on, not read here (its settings are unknown)");
  }
  // Values still holding `$` were never set (KVD152): unknown, not wrong.
  if (launch) unresolved_values(*launch, out.extras);

  // The model: a local directory or config.json; else a Hub id from the HF cache or the
  // built-in catalogue; else unknown (KVD153). An explicit --model path that is missing is bad input.
  std::string model = in.model.empty() && launch ? launch->model : in.model;
  std::optional<ResolvedModel> resolved;
  std::vector<ConfigProblem> problems, draft_problems;  // malformed config values (KVD082–KVD086)
  std::uint64_t config_context = 0;  // a local config.json's max_position_embeddings
  // A model named by a command that runs elsewhere is that machine's, never a file here.
  const bool remote_model = in.runs_elsewhere && in.model.empty();
  if (remote_model && !model.empty() && !looks_like_model_id(model)) {
    out.extras.notes.push_back("model: " + detail::shown_path(model) +
                               " is a path on the machine the server runs on, not read here (geometry unknown)");
  } else if (!model.empty()) {
    std::error_code ec;
    const bool local = !remote_model && std::filesystem::exists(model, ec);
    if (local || (!in.model.empty() && !looks_like_model_id(model))) {
      auto cfg = read_model_config(model);
      if (!cfg.ok()) return cfg.error();
      input.overlay(cfg->input);
      problems = cfg->problems;
      config_context = cfg->max_context;
      out.extras.notes.push_back("model config: " + cfg->path);
    } else if (looks_like_model_id(model)) {
      auto r = resolve_model_id(model);
      if (!r.ok()) return r.error();
      if (*r) {
        resolved = std::move(**r);
        input.overlay(resolved->input);
        out.extras.notes.push_back(resolved->note());
      } else {
        unknown_model(model, out.extras);
      }
    }
  }
  if (launch) {
    input.overlay(launch->input);
    if (in.verbose) out.extras.ignored_flags = launch->ignored;
  }
  input.overlay(in.fields);
  // Bad values inside the launch command are the command's problem (KVD001, KVD103, KVD151).
  if (launch) launch_values(*launch, in.fields, input, out.extras);

  bool no_gpu_found = false;
  if (kvdtype::detail::iequals(input.gpu, "auto")) {  // any case, as every other name
    auto g = probed_gpu();
    if (!g.ok() && g.error().code == ErrorCode::unsupported) {
      no_gpu_found = true;  // a CI runner without a GPU: the checks that need one are skipped
      input.gpu.clear();
    } else {
      if (!g.ok()) return g.error();
      input.gpu = *g;
      out.extras.notes.push_back("gpu: probed " + *g);
    }
  }

  // engine_version = auto: the installed engine's metadata (never runs Python); a release newer
  // than the tables know is judged by its own source, read here once (installed_source.hpp).
  const bool version_auto = kvdtype::detail::iequals(input.engine_version, "auto");
  auto installed = resolve_auto_engine_version(input);
  if (!installed.ok()) return installed.error();
  if (!installed->empty()) out.extras.notes.push_back(*installed);
  InstalledJudgement judged;
  if (version_auto) judged = judge_with_installed(input);
  installed_judgement(judged, out.extras);

  // A string only the installed engine has: no table row gives its formats, so nothing is
  // planned for it (the KVD080 above says so) rather than a plan for some other string.
  RequestInput typed = input;
  if (judged.unmodelled) typed.kv_cache_dtype.clear();
  auto request = make_request(typed);
  if (!request.ok()) return request.error();
  if (judged.unmodelled) {
    out.report.request = *request;
    out.report.request.kv_cache_dtype = nullptr;  // no row: shown as unknown, never as another string
    out.report.plan.target = request->target;
  } else {
    out.report = check(*request);
  }
  for (std::string& n : engine_release_notes(out.report, in.verbose)) out.extras.notes.push_back(std::move(n));
  if (no_gpu_found) gpu_auto_found_nothing(out.report, out.extras);
  add_config_problems(out.report, problems);
  unknown_model_dtype(out.report, out.extras);
  out.extras.capacity = capacity(out.report);
  capacity_checks(out.report, out.extras, resolved ? resolved->sliding_window : 0, resolved && resolved->hybrid,
                  !launch || weights_split_known(argv->words, *launch), resolved ? resolved->max_context : config_context);

  if (launch && launch->draft) {
    RequestInput d = input;
    // A drafter with its own local config has its own geometry and dtype.
    std::error_code ec;
    if (!launch->draft_model.empty() && launch->draft_model != launch->model && !in.runs_elsewhere &&
        std::filesystem::exists(launch->draft_model, ec)) {
      auto cfg = read_model_config(launch->draft_model);
      if (!cfg.ok()) return prefixed("speculative drafter", cfg.error());
      d.overlay(cfg->input);
      draft_problems = cfg->problems;
      out.extras.notes.push_back("drafter config: " + cfg->path);
    }
    d.overlay(*launch->draft);
    auto dr = make_request(d);
    if (!dr.ok()) return prefixed("speculative drafter", dr.error());
    out.draft = check(*dr);
    add_config_problems(*out.draft, draft_problems);
    drop_ignored(*out.draft, in.ignore);
  }
  if (launch && !launch->prefill_backend.empty()) {
    RequestInput p = input;
    p.backend = launch->prefill_backend;
    auto pr = make_request(p);
    if (!pr.ok()) return prefixed("prefill backend", pr.error());
    out.prefill = check(*pr);
    drop_ignored(*out.prefill, in.ignore);
  }
  drop_ignored(out.report, in.ignore);
  drop_ignored_inputs(out.extras, in.ignore);
  apply_suppressions(out, in.suppressions);  // after --ignore: a dropped code is not suppressed, it is gone
  out.launch = std::move(launch);
  return out;
}

}  // namespace kvdtype::io
