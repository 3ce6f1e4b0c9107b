// Internal: the findings of several workloads (kvdtype/io/findings.hpp's findings(checks)) walked
// in their one order without writing each one's text. findings() makes a Finding of every one,
// with its message and fix expanded from the rule's templates; the webhook shows the message of
// only the findings that deny or warn as not checked, and never a fix, and expanding every
// diagnostic's text was a third of a denied Pod's review (docs/performance.md, eleventh round).
// findings(checks) is this walk with each finding written out, so the two cannot disagree on
// which findings there are or in what order.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/plan.hpp"

namespace kvdtype::io::internal {

/// One finding as the walk meets it: what decides its verdict at once, its text on demand.
struct FindingView {
  const Rule* rule = nullptr;        ///< Finding::rule
  Severity severity = Severity::error;
  std::string_view part;             ///< Finding::part
  std::size_t workload = 0;          ///< the result it belongs to (every part but "deployment")
  // Exactly one of these says where it came from:
  const Diagnostic* diagnostic = nullptr;  ///< a diagnostic of `report`
  const Report* report = nullptr;
  const InputDiagnostic* input = nullptr;  ///< an input finding of the result's request
  const DeploymentDiagnostic* deployment = nullptr;
  const WorkloadResult* unreadable = nullptr;  ///< a result whose input could not be read

  [[nodiscard]] Verdict verdict() const noexcept { return rule ? verdict_of(rule, severity) : Verdict::error; }
  /// Finding::message, expanded now.
  [[nodiscard]] std::string message() const;
  /// The whole Finding (message, fix, backend, source, workloads, input).
  [[nodiscard]] Finding finding() const;
};

/// Every finding of `checks`, in findings(checks)'s order: `visit(const FindingView&)`.
template <class Visit>
void for_each_finding_of(const Checks& checks, Visit&& visit);

}  // namespace kvdtype::io::internal

#include "pipeline/finding_order.hpp"

namespace kvdtype::io::internal {

namespace finding_walk_detail {
template <class Visit>
void of_report(const Report& rep, std::string_view part, std::size_t workload, const ReportExtras* extras, Visit& visit) {
  for_each_finding(rep, extras, [&](const Diagnostic* d, const InputDiagnostic* in) {
    FindingView f;
    f.part = part;
    f.workload = workload;
    if (d != nullptr) {
      f.rule = d->rule;
      f.severity = d->severity;
      f.diagnostic = d;
      f.report = &rep;
    } else {
      f.rule = in->rule;
      f.severity = in->severity;
      f.input = in;
    }
    visit(static_cast<const FindingView&>(f));
    return true;
  });
}
}  // namespace finding_walk_detail

template <class Visit>
void for_each_finding_of_checked(const Checked& checked, std::size_t workload, Visit&& visit) {
  finding_walk_detail::of_report(checked.report, "", workload, &checked.extras, visit);
  if (checked.draft) finding_walk_detail::of_report(*checked.draft, "speculative drafter", workload, nullptr, visit);
  if (checked.prefill) finding_walk_detail::of_report(*checked.prefill, "prefill backend", workload, nullptr, visit);
}

template <class Visit>
void for_each_finding_of(const Checks& checks, Visit&& visit) {
  for (std::size_t i = 0; i < checks.results.size(); ++i) {
    const WorkloadResult& r = checks.results[i];
    if (r.checked) {
      for_each_finding_of_checked(*r.checked, i, visit);
      continue;
    }
    FindingView f;
    f.workload = i;
    f.unreadable = &r;
    visit(static_cast<const FindingView&>(f));
  }
  for (const DeploymentDiagnostic& d : checks.diagnostics) {
    FindingView f;
    f.rule = d.rule;
    f.severity = d.severity;
    f.part = "deployment";
    f.deployment = &d;
    visit(static_cast<const FindingView&>(f));
  }
}

}  // namespace kvdtype::io::internal
