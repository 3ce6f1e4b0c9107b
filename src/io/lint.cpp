// `kvdtype rules --lint`: every table checked against the others, and every rule proven to fire.
#include "kvdtype/io/lint.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "io/json_text.hpp"
#include <set>

#include "common/text.hpp"
#include "index.hpp"
#include "tables/rule_id.hpp"
#include "kvdtype/check.hpp"
#include "io/deployment_trigger.hpp"
#include "kvdtype/io/launch.hpp"
#include "tables/rows/kernel.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/model_config.hpp"

namespace kvdtype::io {

Result<RequestInput> request_from_args(std::span<const std::string> args) {
  RequestInput in;
  std::size_t i = 0;
  if (i < args.size() && (args[i] == "check" || args[i] == "resolve")) ++i;
  // As on the CLI: a launch command after "--", overlaid by the flags before it.
  const auto dash = std::find(args.begin() + static_cast<std::ptrdiff_t>(i), args.end(), std::string("--"));
  if (dash != args.end()) {
    if (dash + 1 == args.end()) return Error{ErrorCode::bad_command, "-- without a launch command"};
    auto launch = parse_launch_command(std::span<const std::string>(dash + 1, args.end()));
    if (!launch.ok()) return launch.error();
    in = launch->input;
    args = args.first(static_cast<std::size_t>(dash - args.begin()));
  }
  RequestInput flags;
  for (; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a == "--") {
      // A launch command after "--": its settings, then the flags before it win (as kvdtype check does).
      auto launch = parse_launch_command(args.subspan(i + 1));
      if (!launch.ok()) return launch.error();
      RequestInput flags = in;
      in = launch->input;
      in.overlay(flags);
      return in;
    }
    if (!a.starts_with("--")) return Error{ErrorCode::bad_command, "unexpected argument '" + detail::printable(a) + "'"};
    a.remove_prefix(2);
    std::string key(a), value;
    if (const auto eq = key.find('='); eq != std::string::npos) {
      value = key.substr(eq + 1);
      key.resize(eq);
    } else {
      if (i + 1 >= args.size()) return Error{ErrorCode::bad_command, "--" + detail::printable(key) + " needs a value"};
      value = args[++i];
    }
    if (!flags.set(key, value)) return Error{ErrorCode::bad_command, "unknown flag --" + detail::printable(key)};
  }
  in.overlay(flags);
  return in;
}

namespace {

bool well_formed_code(std::string_view c) {
  return c.size() == 6 && c.starts_with("KVD") && std::all_of(c.begin() + 3, c.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// Placeholders a template names that expand() does not know (it leaves them as {name}).
std::vector<std::string> unknown_placeholders(const Rule& r) {
  Report rep;
  Diagnostic d{&r, r.severity, {}};
  std::vector<std::string> out;
  for (std::string_view tmpl : {r.message, r.fix}) {
    const std::string text = expand(tmpl, d, rep);
    for (std::size_t p = text.find('{'); p != std::string::npos; p = text.find('{', p + 1))
      out.push_back(text.substr(p, text.find('}', p) - p + 1));
  }
  return out;
}

void lint_rules(LintResult& res) {
  std::set<std::string_view> codes;
  std::size_t fired = 0;
  for (const Rule& r : rules()) {
    const std::string who(r.code);
    if (!well_formed_code(r.code)) res.problems.push_back(who + ": code is not KVD + three digits");
    if (!codes.insert(r.code).second) res.problems.push_back(who + ": duplicate code");
    if (r.title.empty() || r.message.empty() || r.fix.empty()) res.problems.push_back(who + ": title, message and fix are required");
    if (r.source.empty()) res.problems.push_back(who + ": no source");
    if (rule_page(r.code).empty()) res.problems.push_back(who + ": no page docs/rules/" + who + ".md");
    for (const std::string& p : unknown_placeholders(r)) res.problems.push_back(who + ": unknown placeholder " + p);
    if (r.trigger.empty()) {
      res.problems.push_back(who + ": no trigger");
      continue;
    }
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
}

// Every kv string of every engine on every target: a backend, or a rule that says why not.
void lint_coverage(LintResult& res) {
  std::size_t combos = 0;
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    for (const CacheDtype& c : cache_dtypes(e.id)) {
      for (const Target& t : targets()) {
        for (Attention a : {Attention::gqa, Attention::mla, Attention::sparse_mla}) {
          Request r;
          r.engine = e.id;
          r.target = &t;
          r.kv_cache_dtype = &c;
          r.model_dtype = t.bf16 ? FormatId::bfloat16 : FormatId::float16;
          r.attention = a;
          ++combos;
          const Report rep = check(r);
          if (rep.plan.backend != nullptr || rep.verdict() == Verdict::error) continue;
          res.problems.push_back(std::string(e.name) + " --kv-cache-dtype " + std::string(c.name) + " on " +
                                 std::string(t.name) + " (" + std::string(name(a)) +
                                 "): no backend and no rule says why (missing selection row?)");
        }
      }
    }
  }
  res.summary.push_back(std::to_string(combos) + " (engine, kv string, target, attention) combinations resolve or are refused by a rule");
}

// A backend whose fp8 path needs what a target in its range lacks must be refused by a rule.
void lint_paths(LintResult& res) {
  std::size_t pairs = 0;
  for (const EngineInfo& e : engines()) {
    for (const Backend& b : backends(e.id)) {
      Attention kind = Attention::gqa;
      if (detail::has_word(b.attention, "mla")) kind = Attention::mla;
      else if (detail::has_word(b.attention, "sparse-mla")) kind = Attention::sparse_mla;
      for (const CacheDtype& c : cache_dtypes(e.id)) {
        if (!detail::has_word(b.kv_cache_dtypes, c.name) || !is_quantized(c.quant)) continue;
        for (const Target& t : targets()) {
          Request r;
          r.engine = e.id;
          r.target = &t;
          r.kv_cache_dtype = &c;
          r.backend = &b;
          r.attention = kind;
          r.model_dtype = t.bf16 ? FormatId::bfloat16 : FormatId::float16;
          const Report rep = check(r);
          if (rep.fired("KVD014")) continue;  // not a target of this backend
          ++pairs;
          // Judge the backend that runs: an engine may swap in another (SGLang fa3 → triton).
          const Backend* runs = rep.plan.backend ? rep.plan.backend : &b;
          const bool needs_hw = runs->fp8_path == Fp8Path::hardware && rep.plan.k.format && format(*rep.plan.k.format).is_float8();
          if (needs_hw && !t.fp8_convert && rep.verdict() != Verdict::error)
            res.problems.push_back(std::string(runs->name) + " on " + std::string(t.name) + " with " + std::string(c.name) +
                                   ": hardware fp8 path on a target without fp8 and no rule fires");
        }
      }
    }
  }
  res.summary.push_back(std::to_string(pairs) + " (backend, quantized kv string, target) pairs checked for impossible paths");
}

// The kernel table's words: formats by canonical name, routes to existing backends and families.
void lint_kernels(LintResult& res) {
  std::set<std::string_view> families;
  for (const KernelRow& k : kernel_rows()) {
    families.insert(k.family);
    const std::string who = "kernels " + std::string(k.library) + " " + std::string(k.family);
    for (std::string_view list : {k.q_formats, k.kv_formats})
      detail::for_each_word(list, [&](std::string_view w) {
        const auto f = parse_format(w);
        if (!f.ok() || name(*f) != w) res.problems.push_back(who + ": unknown format '" + std::string(w) + "'");
      });
    detail::for_each_word(k.head_sizes, [&](std::string_view w) {
      if (!std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }) || w.size() > 5)
        res.problems.push_back(who + ": bad head size '" + std::string(w) + "'");
    });
    if (k.source.empty() || k.detail.empty()) res.problems.push_back(who + ": detail and source are required");
  }
  for (const KernelRoute& r : kernel_routes()) {
    const std::string who = "kernel route " + std::string(engine_info(r.engine).name) + " " + std::string(r.backends);
    if (!families.contains(r.family)) res.problems.push_back(who + ": unknown kernel family '" + std::string(r.family) + "'");
    detail::for_each_word(r.backends, [&](std::string_view w) {
      if (find_backend(r.engine, w) == nullptr) res.problems.push_back(who + ": unknown backend '" + std::string(w) + "'");
    });
    detail::for_each_word(r.attention, [&](std::string_view w) {
      if (!parse_attention(w).ok()) res.problems.push_back(who + ": unknown attention '" + std::string(w) + "'");
    });
    if (r.source.empty()) res.problems.push_back(who + ": no source");
  }
  res.summary.push_back(std::to_string(kernel_rows().size()) + " kernel rows and " + std::to_string(kernel_routes().size()) +
                        " routes name existing formats, backends and families");
}

void lint_targets(LintResult& res) {
  for (const Product& p : products())
    if (find_target(p.target) == nullptr)
      res.problems.push_back("product " + std::string(p.name) + ": unknown target " + std::string(p.target));
  res.summary.push_back(std::to_string(products().size()) + " products point at existing targets");
}

}  // namespace

LintResult lint_tables() {
  LintResult res;
  for (const std::string& p : detail::table_problems()) res.problems.push_back(p);
  res.summary.push_back("every word in every table row names an existing row (" +
                        std::to_string(detail::table_problems().size()) + " problems)");
  lint_rules(res);
  lint_targets(res);
  lint_kernels(res);
  lint_coverage(res);
  lint_paths(res);
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
