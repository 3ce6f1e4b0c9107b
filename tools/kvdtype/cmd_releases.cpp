// kvdtype releases: an engine's known releases, what changed in each, and the known bugs by
// release — generated from the tables' version fields (docs/engines/*.md embed the Markdown).
#include "cli.hpp"
#include "kvdtype/io/releases.hpp"

namespace kvdtype::cli {

Command add_releases(CLI::App& app) {
  struct State {
    Output out;
    std::string engine = "vllm";
  };
  auto* s = &keep<State>();
  CLI::App* sub = app.add_subcommand("releases", "List an engine's known releases, what changed in each, and its known bugs by release");
  sub->add_option("--engine", s->engine, engine_choices())->capture_default_str();
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            auto e = parse_engine(s->engine);
            if (!e.ok()) return bad_input(e.error());
            return s->out.write(io::render_releases(*e, s->out.parsed), kAccepted);
          }};
}

}  // namespace kvdtype::cli
