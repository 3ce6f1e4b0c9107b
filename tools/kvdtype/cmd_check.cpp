// kvdtype check | resolve: flags into the library's pipeline (kvdtype/io/pipeline.hpp), its
// Report out. Explicit flags win over the launch command, which wins over the model config.
#include <map>

#include "cli.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::cli {
namespace {

struct Options {
  Output out;
  std::map<std::string, std::string> flags;  // flag name → value, only those given
  std::string model;
  std::vector<std::string> command_files;
  bool verbose = false;
};

int run(Options& o, bool resolve_only, const std::vector<std::string>& launch_argv) {
  if (!o.out.validate()) return kBadInput;
  io::CheckInput in;
  for (const auto& [k, v] : o.flags) in.fields.set(k, v);
  in.model = o.model;
  in.command = launch_argv;
  in.verbose = o.verbose;
  if (!in.command.empty() && !o.command_files.empty())
    return bad_input("give the launch command either after -- or with --command-file, not both");

  // Several command files: one result each, kvdtype.checks/v1.
  if (o.command_files.size() > 1) {
    std::vector<io::Workload> workloads;
    for (const std::string& file : o.command_files) {
      io::Workload& w = workloads.emplace_back();
      w.source.file = file;
      w.source.kind = "command file";
      w.input = in;
      w.input.command_file = file;
    }
    const io::Checks checks = io::check_workloads(workloads);
    emit(io::render_checks(checks, o.out.parsed, o.out.style));
    return checks.verdict() == Verdict::error ? kRejected : kAccepted;
  }
  if (!o.command_files.empty()) in.command_file = o.command_files.front();

  auto checked = io::check_input(in);
  if (!checked.ok()) return bad_input(checked.error());
  io::ReportExtras extras = checked->view();
  extras.min_severity = o.out.shown;
  emit(io::render_report(checked->report, o.out.parsed, resolve_only ? "resolve" : "check", o.out.style, &extras));
  return checked->verdict() == Verdict::error ? kRejected : kAccepted;
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
  add_output_options(*sub, o->out);
  add_severity_options(*sub, o->out);
  Command c;
  c.app = sub;
  c.run = [o, resolve_only, &launch] { return run(*o, resolve_only, launch); };
  return c;
}

}  // namespace kvdtype::cli
