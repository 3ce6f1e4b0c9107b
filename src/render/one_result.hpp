// Internal: one checked report seen as a Checks of one result, for the renderers that need a
// source per finding (SARIF, GitHub workflow commands).
#pragma once

#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io::internal {

/// `report` (with `extras`) as a one-result Checks.
[[nodiscard]] Checks as_checks(const Report& report, const ReportExtras* extras, Source source = {});

}  // namespace kvdtype::io::internal
