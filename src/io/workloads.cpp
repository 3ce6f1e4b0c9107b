// Several workloads through the pipeline (include/kvdtype/io/workloads.hpp).
#include "kvdtype/io/workloads.hpp"

#include <algorithm>

namespace kvdtype::io {

Verdict Checks::verdict() const {
  Verdict v = Verdict::ok;
  for (const WorkloadResult& r : results) v = std::max(v, r.verdict());
  for (const DeploymentDiagnostic& d : diagnostics)
    v = std::max(v, d.severity == Severity::error ? Verdict::error : d.severity == Severity::warning ? Verdict::warn : Verdict::ok);
  return v;
}

Checks check_workloads(std::span<const Workload> workloads) {
  Checks out;
  out.results.reserve(workloads.size());
  for (const Workload& w : workloads) {
    WorkloadResult r;
    r.source = w.source;
    auto checked = check_input(w.input);
    if (checked.ok()) r.checked = std::move(checked).value();
    else r.input_error = checked.error();
    out.results.push_back(std::move(r));
  }
  return out;
}

}  // namespace kvdtype::io
