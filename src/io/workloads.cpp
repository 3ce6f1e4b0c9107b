// Several workloads through the pipeline (include/kvdtype/io/workloads.hpp).
#include "kvdtype/io/workloads.hpp"

#include <algorithm>

namespace kvdtype::io {

Verdict Checks::verdict() const {
  Verdict v = Verdict::ok;
  for (const WorkloadResult& r : results) v = std::max(v, r.verdict());
  for (const DeploymentDiagnostic& d : diagnostics)
    v = std::max(v, verdict_of(d.rule, d.severity));
  return v;
}

Checks check_workloads(std::span<const Workload> workloads) {
  Checks out;
  out.results.reserve(workloads.size());
  for (const Workload& w : workloads) {
    WorkloadResult r;
    r.source = w.source;
    auto checked = check_input(w.input);
    if (checked.ok()) {
      r.checked = std::move(checked).value();
      r.checked->extras.notes.insert(r.checked->extras.notes.end(), w.notes.begin(), w.notes.end());
    } else {
      r.input_error = checked.error();
    }
    out.results.push_back(std::move(r));
  }
  out.diagnostics = check_deployment(out.results);
  return out;
}

bool is_fleet(std::string_view gpu) noexcept { return gpu.find(',') != std::string_view::npos; }

Result<std::vector<Workload>> expand_fleet(std::vector<Workload> workloads) {
  std::vector<Workload> out;
  for (Workload& w : workloads) {
    if (!is_fleet(w.input.fields.gpu)) {
      out.push_back(std::move(w));
      continue;
    }
    const std::string list = w.input.fields.gpu;
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      std::string one = list.substr(start, comma - start);
      while (!one.empty() && one.front() == ' ') one.erase(0, 1);
      while (!one.empty() && one.back() == ' ') one.pop_back();
      if (one.empty()) return Error{ErrorCode::bad_value, "--gpu " + list + ": an empty target between commas"};
      Workload copy = w;
      copy.input.fields.gpu = one;
      copy.source.gpu = one;
      out.push_back(std::move(copy));
      start = comma + 1;
    }
  }
  return out;
}

}  // namespace kvdtype::io
