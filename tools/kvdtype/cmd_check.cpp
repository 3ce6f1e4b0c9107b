// kvdtype check | resolve: flags into the library's pipeline (kvdtype/io/pipeline.hpp), its
// Report out. Explicit flags win over the launch command, which wins over the model config.
#include <algorithm>
#include <map>

#include "cli.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::cli {
namespace {

struct Options {
  Output out;
  std::map<std::string, std::string> flags;  // flag name → value, only those given
  std::string model;
  std::vector<std::string> command_files;
  std::vector<std::string> manifests;
  bool verbose = false;
  std::vector<std::string> env;       // --env NAME=VALUE (repeatable)
  std::vector<std::string> ignore;    // --ignore KVDnnn[,KVDnnn…] (repeatable)
  std::string fail_on = "error";      // --fail-on error|warning
};

// Exit 2 with one line on stderr and, for --format json, a kvdtype.error/v1 object on stdout.
int fail(const Options& o, const std::string& message, const std::string& input) {
  if (o.out.parsed == io::OutputFormat::json) emit(io::render_error(message, input));
  return bad_input(message);
}

// The exit status of a verdict under --fail-on.
int status(const Options& o, Verdict v) {
  if (v == Verdict::error || (v == Verdict::warn && o.fail_on == "warning")) return kRejected;
  return kAccepted;
}

// What the check was asked about, for kvdtype.error/v1's "input".
std::string input_name(const Options& o, const std::vector<std::string>& launch_argv) {
  if (!o.command_files.empty()) return o.command_files.front();
  if (!launch_argv.empty()) {
    std::string s;
    for (const std::string& w : launch_argv) s += (s.empty() ? "" : " ") + w;
    return s;
  }
  if (!o.model.empty()) return o.model;
  return "flags";
}

int run(Options& o, bool resolve_only, const std::vector<std::string>& launch_argv) {
  if (!o.out.validate()) return kBadInput;
  const std::string what = input_name(o, launch_argv);
  io::CheckInput in;
  for (const auto& [k, v] : o.flags) in.fields.set(k, v);
  in.model = o.model;
  in.command = launch_argv;
  in.verbose = o.verbose;
  if (!in.command.empty() && !o.command_files.empty())
    return fail(o, "give the launch command either after -- or with --command-file, not both", what);
  if (o.fail_on != "error" && o.fail_on != "warning")
    return fail(o, "--fail-on '" + o.fail_on + "': expected error or warning", "--fail-on");
  for (const std::string& e : o.env) {
    const std::size_t eq = e.find('=');
    if (eq == 0 || eq == std::string::npos) return fail(o, "--env '" + e + "': expected NAME=VALUE", "--env");
    in.env.push_back(e);
  }
  for (const std::string& list : o.ignore) {
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t comma = std::min(list.find(',', start), list.size());
      const std::string code = list.substr(start, comma - start);
      if (!code.empty()) {
        auto rule = parse_rule_code(code);
        if (!rule.ok()) return fail(o, "--ignore: " + rule.error().message, "--ignore");
        in.ignore.emplace_back((*rule)->code);
      }
      start = comma + 1;
    }
  }
  // Nothing to check at all is a mistake, not an ACCEPTED.
  if (o.flags.empty() && o.model.empty() && launch_argv.empty() && o.command_files.empty() && o.manifests.empty())
    return fail(o, "nothing to check: give flags (--gpu, --kv-cache-dtype, …), --model, a launch command after -- or --command-file", "none");

  // Manifests, or a fleet of targets (--gpu A,B): kvdtype.checks/v1 (io/manifest.hpp).
  if (!o.manifests.empty() || io::is_fleet(in.fields.gpu)) {
    if (!in.command.empty() && !o.manifests.empty()) return fail(o, "give either manifests or a launch command after --, not both", what);
    auto checks = io::check_several(o.manifests, o.command_files, in);
    if (!checks.ok()) return fail(o, checks.error().message, what);
    emit(io::render_checks(*checks, o.out.parsed, o.out.style));
    return status(o, checks->verdict());
  }

  // One script or command text: one result per serving command it holds.
  const bool one_text = launch_argv.size() == 1 && launch_argv.front().find_first_of(" \t\n") != std::string::npos;
  if (o.command_files.size() == 1 || one_text) {
    io::CheckInput base = in;
    std::string file;
    if (one_text) {
      base.command.clear();
      base.command_text = launch_argv.front();
    } else {
      base.command_file = o.command_files.front();
      file = base.command_file;
    }
    auto workloads = io::script_workloads(base, file);
    if (!workloads.ok()) return fail(o, workloads.error().message, what);
    if (workloads->size() > 1) {
      const io::Checks checks = io::check_workloads(*workloads);
      emit(io::render_checks(checks, o.out.parsed, o.out.style));
      return status(o, checks.verdict());
    }
    auto checked = io::check_input(workloads->front().input);
    if (!checked.ok()) return fail(o, checked.error().message, what);
    if (o.out.parsed == io::OutputFormat::sarif || o.out.parsed == io::OutputFormat::github) {
      io::Checks one;
      io::WorkloadResult& r = one.results.emplace_back();
      r.source = workloads->front().source;
      r.checked = std::move(checked).value();
      emit(io::render_checks(one, o.out.parsed, o.out.style));
      return status(o, one.verdict());
    }
    io::ReportExtras extras = checked->view();
    extras.min_severity = o.out.shown;
    emit(io::render_report(checked->report, o.out.parsed, resolve_only ? "resolve" : "check", o.out.style, &extras));
    return status(o, checked->verdict());
  }

  // Several command files: one result each, kvdtype.checks/v1.
  if (o.command_files.size() > 1) {
    std::vector<io::Workload> workloads;
    for (const std::string& file : o.command_files) {
      io::CheckInput base = in;
      base.command_file = file;
      // A file holding several serving commands gives one result per command (with its line);
      // an unreadable one stays a single result whose error the pipeline reports.
      auto inside = file == "-" ? Result<std::vector<io::Workload>>(Error{ErrorCode::bad_file, ""}) : io::script_workloads(base, file);
      if (inside.ok() && inside->size() > 1) {
        for (const io::Workload& w : *inside) workloads.push_back(w);
        continue;
      }
      io::Workload& w = workloads.emplace_back();
      w.source.file = file;
      w.source.kind = "command file";
      if (inside.ok() && inside->size() == 1) w.source.line = inside->front().source.line;
      w.input = base;
    }
    const io::Checks checks = io::check_workloads(workloads);
    emit(io::render_checks(checks, o.out.parsed, o.out.style));
    return status(o, checks.verdict());
  }

  auto checked = io::check_input(in);
  if (!checked.ok()) return fail(o, checked.error().message, what);
  io::ReportExtras extras = checked->view();
  extras.min_severity = o.out.shown;
  emit(io::render_report(checked->report, o.out.parsed, resolve_only ? "resolve" : "check", o.out.style, &extras));
  return status(o, checked->verdict());
}

}  // namespace

Command add_check(CLI::App& app, bool resolve_only, const std::vector<std::string>& launch, bool light) {
  auto* o = &keep<Options>();
  CLI::App* sub = app.add_subcommand(
      resolve_only ? "resolve" : "check",
      resolve_only ? "Resolve the plan (backend, formats, bytes, capacity); exits 1 if it is rejected"
                   : "Check a request or a launch command (kvdtype check [flags] -- vllm serve …)");
  if (light) return Command{sub, nullptr, true};
  // The request flags, their engine spellings and help groups: the field table (request_fields.hpp).
  add_request_flags(*sub, [o](std::string_view name, const std::string& v) { o->flags[std::string(name)] = v; });
  sub->add_option("--model", o->model, "a Hugging Face model directory or its config.json")->type_name("PATH")->group("Inputs");
  sub->add_option("--command-file", o->command_files, "a file holding a launch command (- for stdin); repeat for several (kvdtype.checks/v1)")
      ->type_name("PATH")
      ->type_size(1)
      ->allow_extra_args(false)
      ->group("Inputs");
  sub->add_flag("-v,--verbose", o->verbose, "list launch-command flags that were ignored, the engine release and the known bugs it has fixes for")
      ->group("Output");
  sub->add_option("--env", o->env, "NAME=VALUE: expands $NAME in the launch command or script and is its environment (repeatable)")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->type_name("NAME=VALUE")->group("Inputs");
  sub->add_option("--ignore", o->ignore, "rule codes to drop, KVDnnn[,KVDnnn…] (repeatable)")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->type_name("CODES")->group("Output");
  sub->add_option("--fail-on", o->fail_on, "error (default) or warning: the lowest severity that makes the exit status 1")
      ->capture_default_str()->type_name("SEVERITY")->group("Output");
  sub->add_option("--manifest", o->manifests,
                  "Kubernetes YAML or a compose file (- for stdin); repeat for several (kvdtype.checks/v1)")
      ->type_name("PATH")
      ->type_size(1)
      ->allow_extra_args(false)
      ->group("Inputs");
  add_output_options(*sub, o->out);
  add_severity_options(*sub, o->out);
  Command c;
  c.app = sub;
  c.run = [o, resolve_only, &launch] { return run(*o, resolve_only, launch); };
  return c;
}

}  // namespace kvdtype::cli
