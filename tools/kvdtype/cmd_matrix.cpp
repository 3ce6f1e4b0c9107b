// kvdtype matrix [--gpu X] [--engine E]: the support matrix, from the tables.
#include "cli.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::cli {

Command add_matrix(CLI::App& app) {
  struct State {
    Output out;
    std::string gpu, engine;
  };
  auto* s = &keep<State>();
  CLI::App* sub = app.add_subcommand("matrix", "What every kv-cache string becomes on a GPU, per engine, model dtype and attention kind");
  sub->add_option("--gpu", s->gpu, "the target (all targets when omitted)")->type_name("GPU");
  sub->add_option("--engine", s->engine, "vllm, sglang, trtllm, llamacpp or lmdeploy (every engine when omitted)")->type_name("ENGINE");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            const Target* target = nullptr;
            if (!s->gpu.empty()) {
              auto t = parse_target(s->gpu);
              if (!t.ok()) return bad_input("--gpu: " + t.error().message);
              target = t->target;
            }
            std::optional<Engine> engine;
            if (!s->engine.empty()) {
              auto e = parse_engine(s->engine);
              if (!e.ok()) return bad_input(e.error());
              engine = *e;
            }
            return s->out.write(io::render_matrix(target, engine, s->out.parsed), kAccepted);
          }};
}

}  // namespace kvdtype::cli
