// The support matrix's cells (pipeline/matrix_cells.hpp): `check` run over the tables' cross product.
#include "pipeline/matrix_cells.hpp"

#include <map>
#include <tuple>

#include "kvdtype/release.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io {
namespace {

std::string format_or_dash(const std::optional<FormatId>& f) { return f ? std::string(name(*f)) : std::string("-"); }

Report check_one(Engine e, const Target& t, const CacheDtype& c, FormatId m, Attention a, const Version& v) {
  Request r;
  r.engine = e;
  r.engine_version = v;
  r.target = &t;
  r.kv_cache_dtype = &c;
  r.model_dtype = m;
  r.attention = a;
  return check(r);
}

MatrixCell make_cell(Engine e, const Target& t, const CacheDtype& c, FormatId m, Attention a, const Report& rep) {
  MatrixCell cell{.engine = e, .target = &t, .kv = &c, .model = m, .attention = a};
  cell.verdict = rep.verdict();
  if (rep.plan.backend) cell.backend = std::string(rep.plan.backend->name);
  cell.k = format_or_dash(rep.plan.k.format);
  cell.v = format_or_dash(rep.plan.v.format);
  cell.q = format_or_dash(rep.plan.q);
  if (!rep.diagnostics.empty()) {
    cell.code = std::string(rep.diagnostics[0].rule->code);
    cell.message = message(rep.diagnostics[0], rep);
  }
  return cell;
}

// Two releases look the same in a cell when everything the matrix shows but the message (which
// may name the release) is equal.
bool same_cell(const Report& a, const Report& b) {
  const auto code = [](const Report& r) { return r.diagnostics.empty() ? std::string_view() : r.diagnostics[0].rule->code; };
  return a.verdict() == b.verdict() && code(a) == code(b) && a.plan.backend == b.plan.backend &&
         a.plan.k.format == b.plan.k.format && a.plan.v.format == b.plan.v.format && a.plan.q == b.plan.q;
}

}  // namespace

std::string_view verdict_mark(Verdict v) noexcept {
  switch (v) {
    case Verdict::ok: return "✓";
    case Verdict::warn: return "⚠";
    case Verdict::incomplete: return "?";
    case Verdict::error: return "✗";
  }
  return "?";
}

MatrixGrid matrix_grid(const std::vector<MatrixCell>& cells) {
  MatrixGrid grid;
  std::map<const Target*, std::size_t> column;
  for (const MatrixCell& c : cells)
    if (column.emplace(c.target, grid.columns.size()).second) grid.columns.push_back(c.target);
  using Key = std::tuple<Engine, const CacheDtype*, FormatId, Attention, std::string, std::string>;
  std::map<Key, std::size_t> row;
  for (const MatrixCell& c : cells) {
    const auto [at, added] = row.emplace(Key{c.engine, c.kv, c.model, c.attention, c.first_release, c.last_release}, grid.rows.size());
    if (added) grid.rows.push_back({&c, std::vector<const MatrixCell*>(grid.columns.size(), nullptr)});
    grid.rows[at->second].cells[column[c.target]] = &c;
  }
  return grid;
}

std::vector<MatrixCell> matrix_cells(const MatrixQuery& query) {
  std::vector<MatrixCell> out;
  std::vector<FormatId> models = {FormatId::bfloat16, FormatId::float16};
  if (query.model) models = {*query.model};
  std::vector<Attention> kinds = {Attention::gqa, Attention::mla, Attention::sparse_mla};
  if (query.attention) kinds = {*query.attention};
  std::vector<const Target*> chosen;
  for (const Target& t : targets())
    if (!query.target || query.target == &t) chosen.push_back(&t);
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables || (query.engine && *query.engine != e.id)) continue;
    const auto versions = release_versions(e.id);
    if (!query.releases || versions.empty()) {
      for (const Target* t : chosen)
        for (const CacheDtype& c : cache_dtypes(e.id))
          for (FormatId m : models)
            for (Attention a : kinds) out.push_back(make_cell(e.id, *t, c, m, a, check_one(e.id, *t, c, m, a, Version{})));
      continue;
    }
    // One row (kv string, model, attention) across the targets, release by release: a release
    // whose row equals the previous one's extends that span instead of starting a new one.
    for (const CacheDtype& c : cache_dtypes(e.id))
      for (FormatId m : models)
        for (Attention a : kinds) {
          std::vector<Report> span;
          std::size_t span_start = out.size();
          for (const Version& v : versions) {
            std::vector<Report> row;
            row.reserve(chosen.size());
            for (const Target* t : chosen) row.push_back(check_one(e.id, *t, c, m, a, v));
            bool same = !span.empty();
            for (std::size_t i = 0; same && i < row.size(); ++i) same = same_cell(span[i], row[i]);
            const std::string version = to_string(v);
            if (same) {
              for (std::size_t i = span_start; i < out.size(); ++i) out[i].last_release = version;
              continue;
            }
            span_start = out.size();
            for (std::size_t i = 0; i < chosen.size(); ++i) {
              MatrixCell cell = make_cell(e.id, *chosen[i], c, m, a, row[i]);
              cell.first_release = cell.last_release = version;
              out.push_back(std::move(cell));
            }
            span = std::move(row);
          }
        }
  }
  return out;
}

}  // namespace kvdtype::io
