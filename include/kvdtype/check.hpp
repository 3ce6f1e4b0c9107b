// kvdtype/check.hpp — the product: resolve a Request into a Plan and check it against the rules.
//
// Pure and stateless: no I/O, no mutable globals, thread-safe, no heap allocation. Unknown
// inputs were already refused by make_request(); what is merely unknown is skipped.
#pragma once

#include <string>

#include "kvdtype/plan.hpp"
#include "kvdtype/request.hpp"

namespace kvdtype {

/// Resolve only: backend (automatic selection when the request leaves it open), K/V/Q formats,
/// storage, scales and bytes. Skipped candidates are recorded in plan.skipped.
[[nodiscard]] Plan resolve(const Request& request) noexcept;

/// Resolve, then run every rule. Diagnostics are ordered by severity (errors first), then code.
[[nodiscard]] Report check(const Request& request) noexcept;

/// The same, on a Report built in place: judges `report.request` and replaces `report.plan`,
/// `report.diagnostics` and `report.fixed_bugs` (the same values check(report.request) gives).
/// The Request (1 KB) is not copied and the Report (6.6 KB) not returned: for a caller that
/// keeps its Report (the pipeline's Checked) or judges one report's request again.
void check(Report& report) noexcept;

/// The diagnostic's message and fix with every {placeholder} filled (one line each).
[[nodiscard]] std::string message(const Diagnostic& d, const Report& report);
[[nodiscard]] std::string fix(const Diagnostic& d, const Report& report);

/// Fill a rule template ("{backend} does not accept {kv_cache_dtype}") for this diagnostic.
[[nodiscard]] std::string expand(std::string_view tmpl, const Diagnostic& d, const Report& report);

}  // namespace kvdtype
