// Internal: the cells of the support matrix (`kvdtype matrix`), computed once from the tables
// for every face of it — text, JSON and Markdown (render_matrix.cpp), the terminal grid
// (render_matrix_grid.cpp) and the HTML page (render_matrix_html.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/io/render.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io {

/// Which cells: every field left open means "all of them".
struct MatrixQuery {
  const Target* target = nullptr;       ///< null: every target
  std::optional<Engine> engine;         ///< null: every engine with tables
  std::optional<FormatId> model;        ///< null: bfloat16 and float16
  std::optional<Attention> attention;   ///< null: gqa, mla and sparse-mla
  /// Every known release of each engine instead of the tables' current state (no version
  /// given); consecutive releases in which a row's cells do not change share one cell.
  bool releases = false;
};

/// One cell: what `check` says for one engine (releases), target, kv string, model dtype and
/// attention kind. The text is the first (most severe) diagnostic's, already filled in.
struct MatrixCell {
  Engine engine;
  const Target* target = nullptr;
  const CacheDtype* kv = nullptr;
  FormatId model;
  Attention attention;
  Verdict verdict = Verdict::ok;
  std::string backend;     ///< empty: none picked
  std::string k, v, q;     ///< format names, "-" when unknown
  std::string code;        ///< first diagnostic's rule code, empty when none
  std::string message;     ///< first diagnostic's message
  /// The releases this cell holds for, as known-release versions ("0.6.0", "0.8.5"); both empty
  /// without MatrixQuery::releases (the tables' current state).
  std::string first_release, last_release;
};

/// The cells in a stable order: engine, then (with releases) release span, then target, kv
/// string, model dtype and attention kind — the order `kvdtype matrix` prints rows in.
[[nodiscard]] std::vector<MatrixCell> matrix_cells(const MatrixQuery& query);

/// The cells laid out as a grid: one row per engine, kv string, model dtype, attention kind and
/// release span; one column per target. A row's entry is null where no cell was computed.
struct MatrixGrid {
  std::vector<const Target*> columns;
  struct Row {
    const MatrixCell* first = nullptr;  ///< the row's keys (engine, kv, model, attention, releases)
    std::vector<const MatrixCell*> cells;  ///< one per column
  };
  std::vector<Row> rows;
};
/// Rows and columns in the cells' first-appearance order. `cells` must outlive the grid.
[[nodiscard]] MatrixGrid matrix_grid(const std::vector<MatrixCell>& cells);

/// "✓", "⚠", "?" (incomplete: something the verdict needs was unknown) or "✗".
[[nodiscard]] std::string_view verdict_mark(Verdict v) noexcept;

/// The faces. Text, JSON and Markdown print one row per cell (with the cell's releases when
/// `releases`); the grid and the page lay the cells out as kv string rows × target columns.
[[nodiscard]] std::string render_matrix_rows(const std::vector<MatrixCell>& cells, bool releases, OutputFormat format);
/// What a layout of the matrix (a format whose row has `render_matrix`: the grid, the HTML page)
/// is written from. The renderers are declared from their lines of kvdtype/io/output_format_list.def:
/// render_matrix_grid, a compact terminal table (one line per engine, kv string, model dtype,
/// attention and releases, one ✓/⚠/?/✗ column per target; ANSI colours when `style.color`), and
/// render_matrix_html, one self-contained page (inline CSS and JS, nothing fetched): the grid with
/// filters, each cell's rule and message on hover and a link to the rule's page (`rule_href` + CODE.md).
struct MatrixPage {
  const std::vector<MatrixCell>& cells;
  TextStyle style;
  std::string_view rule_href;
};

}  // namespace kvdtype::io
