// Internal: where each rule is fired from. Every place that can put a rule's finding in a report
// is a row here with the codes it declares: the generic checks of check.cpp (one row each), the
// Constraint rows of the engine tables (which fire their own code), and the readers of the input
// layers (src/sources, src/pipeline) that report findings about the inputs themselves. check() holds its checks to
// their rows as it runs (an undeclared code is recorded, and the lint fails on it); a unit test
// holds each reader's source file to its row; `kvdtype explain` prints a rule's rows, and the lint
// fails for a rule that no row declares.
#pragma once

#include <bitset>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/rule.hpp"

namespace kvdtype::detail {

enum class SiteKind : std::uint8_t {
  check,        ///< a generic check function of src/core/check.cpp
  constraints,  ///< the Constraint rows of the engine tables: each fires its own code
  reader,       ///< a reader or pipeline step (src/sources, src/pipeline): findings about the inputs
  guard,        ///< the run-time Guard (src/core/guard.cpp): dtypes seen at run time
};

struct FiringSite {
  std::string_view name;   ///< the function ("cache_string") or the reader's file ("model_config.cpp")
  SiteKind kind = SiteKind::check;
  std::string_view codes;  ///< the codes it may fire, space-separated; empty for the Constraint rows
  /// Codes a reader's file names without firing them (a comparison, a range bound), so the
  /// source check can tell them from an undeclared firing.
  std::string_view names_only;
};

[[nodiscard]] std::span<const FiringSite> firing_sites() noexcept;
/// The check-function row of that name (check.cpp asks for its own), or null.
[[nodiscard]] const FiringSite* check_site(std::string_view name) noexcept;
/// The row of the Constraint rows.
[[nodiscard]] const FiringSite& constraint_site() noexcept;
/// The codes `site` declares, by number (KVD020 → bit 20): check() keeps its rows' sets at hand
/// so that each finding is one bit test (for the Constraint rows: every engine's index is built).
[[nodiscard]] const std::bitset<1000>& declared_codes(const FiringSite& site) noexcept;
/// Whether `site` declares `rule` (for the Constraint rows: whether some row fires it).
[[nodiscard]] bool declares(const FiringSite& site, const Rule& rule) noexcept;
/// Every site that declares `rule`, in table order.
[[nodiscard]] std::vector<const FiringSite*> sites_of(const Rule& rule);
/// One phrase for a site: "check cache_string() (src/core/check.cpp)".
[[nodiscard]] std::string describe(const FiringSite& site);

/// A firing from a site that does not declare the code, recorded by check() (it still reports
/// the finding: dropping it would hide a real problem). The lint reports each one.
void record_undeclared(const FiringSite& site, const Rule& rule) noexcept;
/// "KVD020 fired from check query() (src/core/check.cpp), which does not declare it", each once.
[[nodiscard]] std::vector<std::string> undeclared_firings();

}  // namespace kvdtype::detail
