// kvdtype formats | targets | backends | rules | explain: the tables, printed.
#include "cli.hpp"
#include "kvdtype/backend.hpp"
#include "kvdtype/rule.hpp"
#include "kvdtype/io/lint.hpp"

namespace kvdtype::cli {

namespace {
Command simple(CLI::App& app, const char* name, const char* help, std::function<std::string(io::OutputFormat)> render) {
  CLI::App* sub = app.add_subcommand(name, help);
  if (light(*sub)) return light_command(sub);
  auto* out = &keep<Output>();
  add_output_options(*sub, *out);
  return {sub, [out, render] {
            if (!out->validate()) return kBadInput;
            return out->write(render(out->parsed), kAccepted);
          }};
}
}  // namespace

Command add_formats(CLI::App& app) {
  return simple(app, "formats", "List every number format with its numeric facts and names", io::render_formats);
}

Command add_targets(CLI::App& app) {
  struct State {
    Output out;
    bool products = false;
  };
  CLI::App* sub = app.add_subcommand("targets", "List GPU targets, their native formats and products");
  if (light(*sub)) return light_command(sub);
  auto* s = &keep<State>();
  sub->add_flag("--products", s->products, "list the products (names --gpu takes, target, memory) instead");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            return s->out.write(s->products ? io::render_products(s->out.parsed) : io::render_targets(s->out.parsed), kAccepted);
          }};
}

Command add_backends(CLI::App& app) {
  struct State {
    Output out;
    std::string engine = "vllm";
  };
  CLI::App* sub = app.add_subcommand("backends", "List an engine's attention backends and its selection order");
  if (light(*sub)) return light_command(sub);
  auto* s = &keep<State>();
  sub->add_option("--engine", s->engine, engine_choices())->capture_default_str()->type_name("ENGINE");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            auto e = parse_engine(s->engine);
            if (!e.ok()) return bad_input(e.error());
            return s->out.write(io::render_backends(*e, s->out.parsed), kAccepted);
          }};
}

Command add_rules(CLI::App& app) {
  struct State {
    Output out;
    bool lint = false;
  };
  CLI::App* sub = app.add_subcommand("rules", "List the rules; --lint checks the tables against each other");
  if (light(*sub)) return light_command(sub);
  auto* s = &keep<State>();
  sub->add_flag("--lint", s->lint, "self-check every table (exit 0 when clean)");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            if (!s->lint) {
              return s->out.write(io::render_rules(s->out.parsed), kAccepted);
            }
            const LintResult r = io::lint();
            return s->out.write(io::render_lint(r, s->out.parsed), r.problems.empty() ? kAccepted : kRejected);
          }};
}

Command add_explain(CLI::App& app) {
  struct State {
    Output out;
    std::string code;
  };
  CLI::App* sub = app.add_subcommand("explain", "Explain a rule: what, why, a command that triggers it, the fix");
  if (light(*sub)) return light_command(sub);
  auto* s = &keep<State>();
  sub->add_option("code", s->code, "rule code, e.g. KVD020")->required()->type_name("CODE");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            auto r = parse_rule_code(s->code);
            if (!r.ok()) return bad_input(r.error());
            return s->out.write(io::render_explain(**r, s->out.parsed), kAccepted);
          }};
}

}  // namespace kvdtype::cli
