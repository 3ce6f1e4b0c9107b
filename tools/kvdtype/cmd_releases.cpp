// kvdtype releases: an engine's known releases, what changed in each, and the known bugs by
// release — generated from the tables' version fields (docs/engines/*.md embed the Markdown).
#include "cli.hpp"
#include "kvdtype/io/releases.hpp"

namespace kvdtype::cli {

Command add_releases(CLI::App& app) {
  struct State {
    Output out;
    std::string engine = "vllm";
    std::string diff_installed;
  };
  CLI::App* sub = app.add_subcommand("releases", "List an engine's known releases, what changed in each, and its known bugs by release");
  if (light(*sub)) return light_command(sub);
  auto* s = &keep<State>();
  sub->add_option("--engine", s->engine, engine_choices())->capture_default_str();
  sub->add_option("--diff-installed", s->diff_installed,
                  "Print what an installed engine's own source declares that the tables do not (kv-cache strings, backends, "
                  "their declared dtypes and head sizes, added/removed): PATH is a site-packages directory (llama.cpp: a "
                  "source tree), or auto where --engine-version auto looks")
      ->type_name("PATH|auto");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            auto e = parse_engine(s->engine);
            if (!e.ok()) return bad_input(e.error());
            if (!s->diff_installed.empty()) return diff_installed(*e, s->diff_installed, s->out);
            return s->out.write(io::render_releases(*e, s->out.parsed), kAccepted);
          }};
}

}  // namespace kvdtype::cli
