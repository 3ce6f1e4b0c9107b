// The one finding list of a checked workload or of several (include/kvdtype/io/findings.hpp).
#include "kvdtype/io/findings.hpp"

#include <algorithm>

#include "pipeline/finding_walk.hpp"
#include "kvdtype/check.hpp"

namespace kvdtype::io {

namespace internal {

std::string FindingView::message() const {
  if (diagnostic != nullptr) return kvdtype::message(*diagnostic, *report);
  if (input != nullptr) return input->message;
  if (deployment != nullptr) return deployment->message;
  return "input error: " + (unreadable->input_error ? unreadable->input_error->message : std::string("not readable"));
}

Finding FindingView::finding() const {
  Finding f;
  f.rule = rule;
  f.severity = severity;
  f.part = part;
  f.message = message();
  if (diagnostic != nullptr) {
    f.fix = fix(*diagnostic, *report);
    if (diagnostic->evidence.backend) f.backend = name(*diagnostic->evidence.backend);
    f.source = diagnostic->evidence.constraint ? source(*diagnostic->evidence.constraint) : diagnostic->rule->source;
  } else if (input != nullptr) {
    f.fix = input->fix;
    f.source = input->rule->source;
  } else if (deployment != nullptr) {
    f.fix = deployment->fix;
    f.source = deployment->rule ? deployment->rule->source : std::string_view();
    f.workloads = deployment->results;
    if (!deployment->input.file.empty()) f.input = &deployment->input;
    return f;
  }
  f.workloads.push_back(workload);
  return f;
}

}  // namespace internal

std::string Finding::described() const { return part.empty() ? message : std::string(part) + ": " + message; }

std::vector<Finding> findings(const Checked& checked, std::size_t workload) {
  std::vector<Finding> out;
  internal::for_each_finding_of_checked(checked, workload,
                                        [&](const internal::FindingView& f) { out.push_back(f.finding()); });
  return out;
}

// The walk (pipeline/finding_walk.hpp) with every finding written out.
std::vector<Finding> findings(const Checks& checks) {
  std::vector<Finding> out;
  internal::for_each_finding_of(checks, [&](const internal::FindingView& f) { out.push_back(f.finding()); });
  return out;
}

const Source* source_of(const Finding& finding, const Checks& checks) noexcept {
  if (finding.workloads.empty()) return finding.input;
  if (finding.workloads.front() >= checks.results.size()) return nullptr;
  return &checks.results[finding.workloads.front()].source;
}

Verdict verdict(std::span<const Finding> found) noexcept {
  Verdict v = Verdict::ok;
  for (const Finding& f : found) v = std::max(v, f.verdict());
  return v;
}

}  // namespace kvdtype::io
