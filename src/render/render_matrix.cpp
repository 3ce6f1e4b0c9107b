// The support matrix: what each engine does with each kv-cache string on a target.
#include <iterator>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/json_text.hpp"

#include "pipeline/matrix_cells.hpp"

namespace kvdtype::io {

std::string render_matrix_rows(const std::vector<MatrixCell>& cells, bool releases, OutputFormat format) {
  if (format == OutputFormat::json) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const MatrixCell& c : cells) {
      nlohmann::ordered_json row = {{"engine", engine_info(c.engine).name}};
      if (releases) {
        row["first_release"] = c.first_release.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.first_release);
        row["last_release"] = c.last_release.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.last_release);
      }
      row.update(nlohmann::ordered_json{
          {"target", c.target->name}, {"kv_cache_dtype", c.kv->name}, {"model_dtype", name(c.model)},
          {"attention", name(c.attention)}, {"verdict", name(c.verdict)},
          {"backend", c.backend.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.backend)},
          {"k", c.k}, {"v", c.v}, {"q", c.q}, {"first_diagnostic", c.code}});
      rows.push_back(std::move(row));
    }
    return dump_json(nlohmann::ordered_json{{"schema", "kvdtype.matrix/v1"}, {"rows", rows}}) + "\n";
  }
  const bool md = format == OutputFormat::markdown;
  std::vector<std::string> header = {"engine", "target", "kv-cache dtype", "model", "attention", "verdict",
                                     "backend", "K", "V", "Q", "why"};
  std::vector<std::size_t> widths = {7, 8, 22, 9, 11, 6, 28, 16, 16, 16, 6};
  if (releases) {
    header.insert(header.begin() + 1, "releases");
    widths.insert(widths.begin() + 1, 24);
  }
  std::string out;
  const auto text_row = [&](const std::vector<std::string>& cols) {
    for (std::size_t i = 0; i < cols.size(); ++i) {
      out += cols[i];
      if (cols[i].size() < widths[i]) out.append(widths[i] - cols[i].size(), ' ');
      out += ' ';
    }
    out += "\n";
  };
  const auto md_row = [&](const std::vector<std::string>& cols) {
    out += "|";
    for (const std::string& s : cols) fmt::format_to(std::back_inserter(out), " {} |", s);
    out += "\n";
  };
  // Text gets a header row too, so that the columns can be read without the docs.
  if (md) {
    md_row(header);
    out += "|";
    for (std::size_t i = 0; i < header.size(); ++i) out += "---|";
    out += "\n";
  } else {
    text_row(header);
  }
  for (const MatrixCell& c : cells) {
    std::vector<std::string> cols = {std::string(engine_info(c.engine).name), std::string(c.target->name),
                                     std::string(c.kv->name), std::string(name(c.model)), std::string(name(c.attention)),
                                     std::string(name(c.verdict)), c.backend.empty() ? std::string("-") : c.backend,
                                     c.k, c.v, c.q, c.code};
    if (releases)
      cols.insert(cols.begin() + 1, c.first_release == c.last_release ? c.first_release : c.first_release + ".." + c.last_release);
    if (md) md_row(cols);
    else text_row(cols);
  }
  return out;
}

std::string render_matrix(const Target* target, std::optional<Engine> engine, OutputFormat format) {
  return render_matrix_rows(matrix_cells({.target = target, .engine = engine}), false, format);
}

}  // namespace kvdtype::io
