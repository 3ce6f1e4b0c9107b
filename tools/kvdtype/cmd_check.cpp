// kvdtype check | resolve: flags into the library's pipeline (kvdtype/io/check_request.hpp), its
// Report (or Checks) out. Explicit flags win over the launch command, which wins over the model config.
#include <map>

#include <filesystem>

#include "bindings/face.hpp"
#include "cli.hpp"
#include "config.hpp"
#include "kvdtype/io/check_request.hpp"

namespace kvdtype::cli {
namespace {

struct Options {
  Output out;
  std::map<std::string, std::string> flags;  // flag name → value, only those given
  // The input flags, one per row of the reader table (face.hpp): a single path or a list.
  std::vector<std::string> one_input;                 // by InputKind: --model PATH
  std::vector<std::vector<std::string>> many_inputs;  // by InputKind: --manifest PATH …, --env NAME=VALUE …
  bool verbose = false;
  std::vector<std::string> ignore;    // --ignore KVDnnn[,KVDnnn…] (repeatable)
  std::string fail_on = "error";      // --fail-on error|incomplete|warning
  std::string config;                 // --config FILE
  bool isolated = false;              // --isolated: no configuration file at all
  std::vector<std::string> include, exclude;  // --manifest DIR: which files
  std::size_t max_files = 0;          // --manifest DIR: at most this many (0: the configuration's, else 10000)
  CLI::App* app = nullptr;            // to tell a flag given from its default
  std::map<std::string, std::string> defaults;  // the configuration's engine, engine_version, gpu
};

// The configuration's defaults (config.hpp) under the flags: a flag given on the command line wins.
void merge(Options& o, const Config& c) {
  // Defaults, not explicit fields: a launch command, a model config or a pod's node labels that
  // say otherwise win over them too (as kvdtype serve's --gpu and --engine-version).
  o.defaults = c.fields;
  if (c.fail_on && !option_given(*o.app, "--fail-on")) o.fail_on = *c.fail_on;
  if (c.format && !option_given(*o.app, "--format")) o.out.format = *c.format;
  o.ignore.insert(o.ignore.begin(), c.ignore.begin(), c.ignore.end());
  if (o.include.empty()) o.include = c.include;
  if (o.exclude.empty()) o.exclude = c.exclude;
  if (o.max_files == 0 && c.max_files) o.max_files = *c.max_files;
}

// Exit 2 with one line on stderr and, for --format json, a kvdtype.error/v1 object on stdout.
int fail(const Options& o, const io::CheckFailure& f) {
  if (o.out.parsed == io::OutputFormat::json) emit(io::render_error(f.error.message, f.input));
  return bad_input(f.error.message);
}

// Flags → io::CheckRequest; the library decides the path (io/check_request.hpp), the answer is
// rendered here and its rejected() is the exit status.
int run(Options& o, bool resolve_only, const std::vector<std::string>& launch_argv) {
  std::error_code ec;
  auto config = load_config(std::filesystem::current_path(ec), o.config, o.isolated);
  if (!config.ok()) return bad_input(config.error());
  merge(o, *config);
  if (!o.out.validate()) return kBadInput;
  io::CheckRequest req;
  for (const auto& [k, v] : o.flags) req.fields.set(k, v);
  for (const auto& [k, v] : o.defaults) req.defaults.set(k, v);
  for (const io::detail::Reader& row : io::detail::readers()) {
    if (!io::detail::given_by_caller(row)) continue;
    const auto k = static_cast<std::size_t>(row.kind);
    if (row.value == io::detail::InputValue::path) req.set(row.kind, o.one_input[k]);
    for (const std::string& v : o.many_inputs[k]) req.add(row.kind, v);
  }
  req.command = launch_argv;
  req.ignore = o.ignore;
  req.fail_on = o.fail_on;
  req.verbose = o.verbose;
  req.include = o.include;
  req.exclude = o.exclude;
  if (o.max_files > 0) req.max_files = o.max_files;
  io::CheckOutcome answer = io::run_check(req);
  if (answer.failure) return fail(o, *answer.failure);
  apply_per_path_ignores(answer, *config, req);
  if (!config->path.empty()) {  // which file gave defaults: said where the inputs' notes are
    const std::string note = "config: " + config->path.string();
    if (answer.one) answer.one->extras.notes.push_back(note);
    else answer.several->notes.push_back(note);
  }
  const int status = answer.rejected() ? kRejected : kAccepted;
  if (o.out.quiet && o.out.parsed == io::OutputFormat::text)
    return o.out.write(io::render_finding_lines(std::move(answer).as_checks(), o.out.shown), status);
  // The CI formats list findings with where each came from: the one workload with its source.
  if (io::output_format(o.out.parsed).render_findings != nullptr || answer.several)
    return o.out.write(io::render_checks(std::move(answer).as_checks(), o.out.parsed, o.out.style), status);
  io::ReportExtras extras = answer.one->view();
  extras.min_severity = o.out.shown;
  return o.out.write(io::render_report(answer.one->report, o.out.parsed, resolve_only ? "resolve" : "check", o.out.style, &extras),
                     status);
}

}  // namespace

Command add_check(CLI::App& app, bool resolve_only, const std::vector<std::string>& launch) {
  CLI::App* sub = app.add_subcommand(
      resolve_only ? "resolve" : "check",
      resolve_only ? "Resolve the plan (backend, formats, bytes, capacity); exits 1 if it is rejected"
                   : "Check a request or a launch command (kvdtype check [flags] -- vllm serve …)");
  if (light(*sub)) return light_command(sub);
  auto* o = &keep<Options>();
  // The request flags, their engine spellings and help groups: the field table (request_fields.hpp).
  add_request_flags(*sub, [o](std::string_view name, const std::string& v) { o->flags[std::string(name)] = v; });
  // The input flags from the reader table's rows: their names, help and value names.
  o->one_input.resize(io::detail::readers().size());
  o->many_inputs.resize(io::detail::readers().size());
  for (const io::detail::Reader& row : io::detail::readers()) {
    if (!io::detail::given_by_caller(row)) continue;  // read where another input names it: no flag
    if (!option_named(row.flag)) continue;  // no word names it (option_named in cli.hpp)
    const auto k = static_cast<std::size_t>(row.kind);
    const std::string flag(row.flag), help(row.help);
    CLI::Option* opt = row.value == io::detail::InputValue::path ? sub->add_option(flag, o->one_input[k], help)
                                                                 : sub->add_option(flag, o->many_inputs[k], help);
    opt->type_name(std::string(row.value_name))->group("Inputs");
    if (row.value == io::detail::InputValue::paths) opt->type_size(1)->allow_extra_args(false);
    if (row.value == io::detail::InputValue::assignments)
      opt->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  sub->add_flag("-v,--verbose", o->verbose, "list launch-command flags that were ignored, the engine release and the known bugs it has fixes for")
      ->group("Output");
  // The options below register only where a word names them (option_named in cli.hpp); their
  // defaults are the Options' own, given or not.
  if (option_named("--ignore")) sub->add_option("--ignore", o->ignore, "rule codes to drop, KVDnnn[,KVDnnn…] (repeatable)")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->type_name("CODES")->group("Output");
  if (option_named("--fail-on")) sub->add_option("--fail-on", o->fail_on, "error (default), incomplete (a fact unknown, checks skipped) or warning: the lowest verdict that makes the exit status 1")
      ->capture_default_str()->type_name("VERDICT")->group("Output");
  if (option_named("--include")) sub->add_option("--include", o->include, "GLOB: with --manifest DIR, the files to read (default *.yaml, *.yml, *.json; repeatable)")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->type_name("GLOB")->group("Inputs");
  if (option_named("--exclude")) sub->add_option("--exclude", o->exclude, "GLOB: with --manifest DIR, files and directories to leave out (repeatable)")
      ->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->type_name("GLOB")->group("Inputs");
  if (option_named("--max-files")) sub->add_option("--max-files", o->max_files, "with --manifest DIR, the most manifest files a walk reads (default 10000; more is bad input)")
      ->type_name("N")->group("Inputs");
  if (option_named("--config")) sub->add_option("--config", o->config, "the configuration file (.kvdtype.toml, or a pyproject.toml's [tool.kvdtype]) instead of the nearest one")
      ->type_name("FILE")->group("Inputs");
  if (option_named("--isolated")) sub->add_flag("--isolated", o->isolated, "read no configuration file")->group("Inputs");
  add_output_options(*sub, o->out);
  add_severity_options(*sub, o->out);
  o->app = sub;
  Command c;
  c.app = sub;
  c.run = [o, resolve_only, &launch] { return run(*o, resolve_only, launch); };
  return c;
}

}  // namespace kvdtype::cli
