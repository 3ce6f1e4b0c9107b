// `kvdtype matrix --format grid`: the support matrix as a compact terminal table. Targets are
// columns two characters wide with their names written downwards above them, so thirty GPUs fit
// in an ordinary terminal; rows are engine, kv string, model dtype and attention kind.
#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "pipeline/matrix_cells.hpp"

namespace kvdtype::io {
namespace {

// ANSI SGR colours of the marks; none without TextStyle::color (no TTY, NO_COLOR, --color never).
std::string_view colour(Verdict v) noexcept {
  switch (v) {
    case Verdict::ok: return "\033[32m";
    case Verdict::warn: return "\033[33m";
    case Verdict::incomplete: return "\033[36m";
    case Verdict::error: return "\033[31m";
  }
  return "";
}

std::string releases_text(const MatrixCell& c) {
  if (c.first_release.empty()) return {};
  return c.first_release == c.last_release ? c.first_release : c.first_release + ".." + c.last_release;
}

}  // namespace

std::string render_matrix_grid(const MatrixPage& page) {
  const std::vector<MatrixCell>& cells = page.cells;
  const TextStyle style = page.style;
  const MatrixGrid grid = matrix_grid(cells);
  const bool releases = !cells.empty() && !cells.front().first_release.empty();
  const std::vector<std::string> head = releases
                                            ? std::vector<std::string>{"engine", "releases", "kv-cache dtype", "model", "attention"}
                                            : std::vector<std::string>{"engine", "kv-cache dtype", "model", "attention"};
  std::vector<std::vector<std::string>> labels;
  std::vector<std::size_t> widths(head.size());
  for (std::size_t i = 0; i < head.size(); ++i) widths[i] = head[i].size();
  for (const MatrixGrid::Row& r : grid.rows) {
    const MatrixCell& c = *r.first;
    std::vector<std::string> l = {std::string(engine_info(c.engine).name), std::string(c.kv->name),
                                  std::string(name(c.model)), std::string(name(c.attention))};
    if (releases) l.insert(l.begin() + 1, releases_text(c));
    for (std::size_t i = 0; i < l.size(); ++i) widths[i] = std::max(widths[i], l[i].size());
    labels.push_back(std::move(l));
  }
  std::size_t label_width = 0;
  for (std::size_t w : widths) label_width += w + 1;
  const auto pad_label = [&](std::string& out, const std::vector<std::string>& cols) {
    for (std::size_t i = 0; i < cols.size(); ++i) {
      out += cols[i];
      out.append(widths[i] + 1 - cols[i].size(), ' ');
    }
  };

  std::string out = "✓ ok   ⚠ warning   ? incomplete (something unknown)   ✗ error; "
                    "`kvdtype matrix --format text` says why\n";
  // Target names downwards, one character per line, above their columns.
  std::size_t tallest = 0;
  for (const Target* t : grid.columns) tallest = std::max(tallest, t->name.size());
  for (std::size_t line = 0; line < tallest; ++line) {
    std::string text;
    if (line + 1 == tallest) pad_label(text, head);
    else text.append(label_width, ' ');
    for (const Target* t : grid.columns) {
      // Names are bottom-aligned so the last characters (the numbers) sit on the header line.
      const std::size_t skip = tallest - t->name.size();
      text += line >= skip ? t->name[line - skip] : ' ';
      text += ' ';
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  }
  for (std::size_t i = 0; i < grid.rows.size(); ++i) {
    std::string text;
    pad_label(text, labels[i]);
    for (const MatrixCell* c : grid.rows[i].cells) {
      if (c == nullptr) {
        text += "  ";
        continue;
      }
      if (style.color) fmt::format_to(std::back_inserter(text), "{}{}\033[0m ", colour(c->verdict), verdict_mark(c->verdict));
      else fmt::format_to(std::back_inserter(text), "{} ", verdict_mark(c->verdict));
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  }
  return out;
}

}  // namespace kvdtype::io
