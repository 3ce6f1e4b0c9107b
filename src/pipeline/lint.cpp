// `kvdtype rules --lint`: the tables checked against each other (kvdtype::lint_tables), then
// every rule proven to fire by its trigger, which is kvdtype arguments (often a launch command,
// a model config or several servers) and so needs the parsers of this layer.
#include "kvdtype/io/lint.hpp"

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/firing_sites.hpp"
#include "pipeline/deployment_trigger.hpp"
#include "common/json_text.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/launch.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::io {
namespace {

// Every rule has its page, and its trigger, run as `kvdtype check` runs it, fires it.
void prove_rules(LintResult& res) {
  std::size_t fired = 0;
  for (const Rule& r : rules()) {
    const std::string who(r.code);
    if (rule_page(r.code).empty()) res.problems.push_back(who + ": no page docs/rules/" + who + ".md");
    if (r.trigger.empty()) continue;  // lint_tables() reports it
    if (is_deployment_trigger(r.trigger)) {
      // Several servers: the rule is a deployment diagnostic of them checked together.
      auto checks = run_deployment_trigger(r.trigger);
      if (!checks.ok()) res.problems.push_back(who + ": trigger: " + checks.error().message);
      else if (std::any_of(checks->diagnostics.begin(), checks->diagnostics.end(), [&](const auto& d) { return d.rule == &r; })) ++fired;
      else res.problems.push_back(who + ": trigger does not fire the rule");
      continue;
    }
    auto words = split_command(r.trigger);
    if (!words.ok()) {
      res.problems.push_back(who + ": trigger does not parse: " + words.error().message);
      continue;
    }
    // `--model-json TEXT`: the text of the config.json that `check --model` would read (rules
    // about malformed config values, KVD082–KVD086, are triggered by a config, not by flags).
    std::optional<ModelConfig> config;
    std::vector<std::string> args = std::move(words).value();
    if (auto at = std::find(args.begin(), args.end(), "--model-json"); at != args.end() && at + 1 != args.end()) {
      auto cfg = parse_model_config(*(at + 1), "config.json");
      if (!cfg.ok()) {
        res.problems.push_back(who + ": trigger's --model-json: " + cfg.error().message);
        continue;
      }
      config = std::move(cfg).value();
      args.erase(at, at + 2);
    }
    // `--suppress TEXT`: suppressions written as the kvdtype.io/ignore annotation is (KVD156's
    // trigger: a suppression that silences nothing).
    std::vector<Suppression> suppressions;
    if (auto at = std::find(args.begin(), args.end(), "--suppress"); at != args.end() && at + 1 != args.end()) {
      suppressions = annotation_suppressions(*(at + 1), "");
      args.erase(at, at + 2);
    }
    std::vector<std::string> flags = args, command;
    if (const auto dash = std::find(flags.begin(), flags.end(), "--"); dash != flags.end()) {
      command.assign(dash + 1, flags.end());
      flags.erase(dash, flags.end());
    }
    auto input = request_from_args(flags);
    if (!input.ok()) {
      res.problems.push_back(who + ": trigger: " + input.error().message);
      continue;
    }
    if (config) {
      RequestInput merged = config->input;
      merged.overlay(*input);
      input = merged;
    }
    CheckInput ci;
    ci.fields = *input;
    ci.command = command;
    ci.suppressions = suppressions;
    auto checked = check_input(ci);  // config problems are added below, as check_input adds a file's
    if (!checked.ok()) {
      // Rules about bad input fire as bad input; every other trigger must be a valid request.
      if (&r == rule("KVD001")) ++fired;
      else res.problems.push_back(who + ": trigger is bad input: " + checked.error().message);
      continue;
    }
    if (&r == rule("KVD001")) {
      res.problems.push_back(who + ": trigger should be bad input but is a valid request");
      continue;
    }
    Checked c = std::move(checked).value();
    if (config) add_config_problems(c.report, config->problems);
    bool hit = c.report.fired(r.code);
    for (const InputDiagnostic& d : c.extras.input_diagnostics) hit = hit || d.rule->code == r.code;
    if (hit) ++fired;
    else res.problems.push_back(who + ": trigger does not fire the rule");
  }
  res.summary.push_back(std::to_string(rules().size()) + " rules, " + std::to_string(fired) + " proven by their trigger");
  // Each check fired only codes its firing-site row declares, over every trigger (check() records
  // the others as it runs; see src/core/firing_sites.hpp).
  for (const std::string& u : kvdtype::detail::undeclared_firings()) res.problems.push_back(u);
  // A page whose rule is gone (or misnamed) would be served by `explain` for no rule; a retired
  // code keeps its page, which names the rule that reports the finding now.
  const auto pages = rule_page_codes();
  for (std::string_view code : pages)
    if (find_rule(code) == nullptr && !parse_rule_code(code).ok())
      res.problems.push_back("docs/rules/" + std::string(code) + ".md: a page without a rule");
  res.summary.push_back(std::to_string(pages.size()) + " rule pages, each of a rule");
}

}  // namespace

LintResult lint() {
  LintResult res = lint_tables();
  prove_rules(res);
  return res;
}

std::string render_lint(const LintResult& r, OutputFormat format) {
  if (format == OutputFormat::json) {
    nlohmann::ordered_json j{{"schema", "kvdtype.lint/v1"}, {"clean", r.problems.empty()},
                             {"problems", r.problems}, {"summary", r.summary}};
    return dump_json(j) + "\n";
  }
  std::string out;
  for (const std::string& s : r.summary) out += (format == OutputFormat::markdown ? "- " : "checked: ") + s + "\n";
  for (const std::string& p : r.problems) out += (format == OutputFormat::markdown ? "- **problem**: " : "problem: ") + p + "\n";
  out += r.problems.empty() ? "lint: clean\n" : "lint: " + std::to_string(r.problems.size()) + " problem(s)\n";
  return out;
}

}  // namespace kvdtype::io
