// The support matrix: what each engine does with each kv-cache string on a target.
#include <iterator>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/json_text.hpp"

#include "kvdtype/check.hpp"
#include "kvdtype/io/render.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io {

namespace {

struct Cell {
  Engine engine;
  const Target* target;
  const CacheDtype* kv;
  FormatId model;
  Attention attention;
  Report report;
};

template <class F>
void for_each_cell(const Target* only, std::optional<Engine> engine, F&& f) {
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables || (engine && *engine != e.id)) continue;
    for (const Target& t : targets()) {
      if (only && only != &t) continue;
      for (const CacheDtype& c : cache_dtypes(e.id))
        for (FormatId m : {FormatId::bfloat16, FormatId::float16})
          for (Attention a : {Attention::gqa, Attention::mla, Attention::sparse_mla}) {
            Request r;
            r.engine = e.id;
            r.target = &t;
            r.kv_cache_dtype = &c;
            r.model_dtype = m;
            r.attention = a;
            f(Cell{e.id, &t, &c, m, a, check(r)});
          }
    }
  }
}

std::string format_or_dash(const std::optional<FormatId>& f) { return f ? std::string(name(*f)) : std::string("-"); }

// The most severe diagnostic's code, so a cell says why in one word.
std::string first_code(const Report& r) {
  return r.diagnostics.empty() ? std::string() : std::string(r.diagnostics[0].rule->code);
}

}  // namespace

std::string render_matrix(const Target* target, std::optional<Engine> engine, OutputFormat format) {
  if (format == OutputFormat::json) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for_each_cell(target, engine, [&](const Cell& c) {
      rows.push_back({{"engine", engine_info(c.engine).name}, {"target", c.target->name},
                      {"kv_cache_dtype", c.kv->name}, {"model_dtype", name(c.model)}, {"attention", name(c.attention)},
                      {"verdict", name(c.report.verdict())},
                      {"backend", c.report.plan.backend ? nlohmann::ordered_json(std::string(c.report.plan.backend->name)) : nullptr},
                      {"k", format_or_dash(c.report.plan.k.format)}, {"v", format_or_dash(c.report.plan.v.format)}, {"q", format_or_dash(c.report.plan.q)},
                      {"first_diagnostic", first_code(c.report)}});
    });
    return dump_json(nlohmann::ordered_json{{"schema", "kvdtype.matrix/v1"}, {"rows", rows}}) + "\n";
  }
  const bool md = format == OutputFormat::markdown;
  std::string out = md ? "| engine | target | kv-cache dtype | model | attention | verdict | backend | K | V | Q | why |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
                       : "";
  constexpr std::size_t widths[] = {7, 8, 22, 9, 11, 6, 28, 16, 16, 16, 6};
  const auto text_row = [&](const auto& cols) {
    for (std::size_t i = 0; i < std::size(cols); ++i) {
      out += cols[i];
      if (cols[i].size() < widths[i]) out.append(widths[i] - cols[i].size(), ' ');
      out += ' ';
    }
    out += "\n";
  };
  // Text gets a header row too, so that the columns can be read without the docs.
  if (!md) {
    const std::string header[] = {"engine", "target", "kv-cache dtype", "model", "attention", "verdict",
                                  "backend", "K", "V", "Q", "why"};
    text_row(header);
  }
  for_each_cell(target, engine, [&](const Cell& c) {
    const std::string cols[] = {std::string(engine_info(c.engine).name), std::string(c.target->name), std::string(c.kv->name),
                                std::string(name(c.model)), std::string(name(c.attention)),
                                std::string(name(c.report.verdict())),
                                c.report.plan.backend ? std::string(c.report.plan.backend->name) : std::string("-"),
                                format_or_dash(c.report.plan.k.format), format_or_dash(c.report.plan.v.format), format_or_dash(c.report.plan.q),
                                first_code(c.report)};
    if (md) {
      out += "|";
      for (const std::string& s : cols) fmt::format_to(std::back_inserter(out), " {} |", s);
      out += "\n";
    } else {
      text_row(cols);
    }
  });
  return out;
}

}  // namespace kvdtype::io
