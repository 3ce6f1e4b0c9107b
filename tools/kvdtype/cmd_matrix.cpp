// kvdtype matrix [--gpu X] [--engine E] [--releases] [--model-dtype M] [--attention A]: the
// support matrix, from the tables. Besides the formats every subcommand takes, --format grid (a
// compact terminal table) and --format html (one self-contained page, docs/matrix.html) are the
// matrix's own rows of the output-format table: they lay cells out as kv-string rows × GPU
// columns, which no other output has.
#include "bindings/face.hpp"
#include "cli.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::cli {

Command add_matrix(CLI::App& app) {
  struct State {
    Output out;
    std::string gpu, engine, model, attention, rule_href = "rules/";
    bool releases = false;
  };
  CLI::App* sub = app.add_subcommand("matrix", "What every kv-cache string becomes on a GPU, per engine, model dtype and attention kind");
  if (light(*sub)) return light_command(sub);
  auto* s = &keep<State>();
  sub->add_option("--gpu", s->gpu, "the target (all targets when omitted)")->type_name("GPU");
  sub->add_option("--engine", s->engine, engine_choices() + " (every engine when omitted)")->type_name("ENGINE");
  sub->add_option("--model-dtype", s->model, "bfloat16 or float16 (both when omitted)")->type_name("DTYPE");
  sub->add_option("--attention", s->attention, "gqa, mla or sparse-mla (all three when omitted)")->type_name("KIND");
  sub->add_flag("--releases", s->releases,
                "every known release of each engine, consecutive releases in which a row does not change merged "
                "(--format html always does)");
  sub->add_option("--rule-href", s->rule_href, "--format html: where rule pages are, CODE.md appended")
      ->capture_default_str()
      ->type_name("URL");
  add_output_options(*sub, s->out);
  return {sub, [s] {
            if (!s->out.validate()) return kBadInput;
            io::MatrixQuery query;
            const io::OutputFormatInfo& format = io::output_format(s->out.parsed);
            query.releases = s->releases || format.matrix_releases;
            if (!s->gpu.empty()) {
              auto t = parse_target(s->gpu);
              if (!t.ok()) return bad_input("--gpu: " + t.error().message);
              query.target = t->target;
            }
            if (!s->engine.empty()) {
              auto e = parse_engine(s->engine);
              if (!e.ok()) return bad_input(e.error());
              query.engine = *e;
            }
            if (!s->model.empty()) {
              auto m = parse_format(s->model);
              if (!m.ok() || (*m != FormatId::bfloat16 && *m != FormatId::float16))
                return bad_input("--model-dtype '" + kvdtype::detail::printable(s->model) + "': the matrix has bfloat16 and float16");
              query.model = *m;
            }
            if (!s->attention.empty()) {
              auto a = parse_attention(s->attention);
              if (!a.ok() || (*a != Attention::gqa && *a != Attention::mla && *a != Attention::sparse_mla))
                return bad_input("--attention '" + kvdtype::detail::printable(s->attention) + "': the matrix has gqa, mla and sparse-mla");
              query.attention = *a;
            }
            const auto cells = io::matrix_cells(query);
            std::string text;
            // A layout of its own (grid, the page) is the format row's renderer; the others list the cells.
            if (format.render_matrix != nullptr)
              text = format.render_matrix({.cells = cells, .style = s->out.style, .rule_href = s->rule_href});
            else text = io::render_matrix_rows(cells, query.releases, s->out.parsed);
            return s->out.write(text, kAccepted);
          }};
}

}  // namespace kvdtype::cli
