// Internal: every finding of a set of checked workloads, flattened for the code-scanning
// renderers (SARIF, GitHub workflow commands): one row per diagnostic with where it came from.
#pragma once

#include <string>
#include <vector>

#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io::internal {

struct Finding {
  const Rule* rule = nullptr;  ///< nullptr: a workload whose input could not be checked
  Severity severity = Severity::error;
  std::string message;         ///< one line; prefixed with the part it is about ("speculative drafter: …")
  std::string fix;
  const Source* source = nullptr;
};

/// The findings of `checks`, results in order, then the deployment diagnostics (located at the
/// first workload they name).
[[nodiscard]] std::vector<Finding> findings(const Checks& checks);

/// `report` (with `extras`) as a one-result Checks for the renderers that need sources.
[[nodiscard]] Checks as_checks(const Report& report, const ReportExtras* extras, Source source = {});

}  // namespace kvdtype::io::internal
