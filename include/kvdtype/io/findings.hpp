// kvdtype/io/findings.hpp — one finding model: everything a check found, wherever it came from.
//
// A finding is a rule that fired — on the request (a Diagnostic of check()), on a value of the
// launch command, a model config, capacity at start-up, the speculative drafter, SGLang's
// prefill backend, or on workloads that exchange KV together — or a workload whose input could
// not be read at all. Every face lists the same findings in the same order and derives its
// verdict from them alone: the CLI (every format), the C ABI, the Python module and the
// admission webhook. Nothing that is found lives in a list one face reads and another does not.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/workloads.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype::io {

struct Finding {
  const Rule* rule = nullptr;       ///< nullptr: a workload whose input could not be read (an error)
  Severity severity = Severity::error;
  std::string_view part;            ///< "" (the workload's request), "speculative drafter", "prefill backend", "deployment"
  std::string message;              ///< one line (without `part`)
  std::string fix;                  ///< one line
  std::string_view backend;         ///< the backend it is about, "" when none
  std::string_view source;          ///< the table row's source when one fired, else the rule's
  std::vector<std::size_t> workloads;  ///< indexes into Checks::results it concerns (a workload's own: one)
  const Source* input = nullptr;    ///< a finding about a whole input and no workload: that input (DeploymentDiagnostic::input)

  /// The rule code ("KVD001"), or "" for input that could not be read.
  [[nodiscard]] std::string_view code() const noexcept { return rule ? rule->code : std::string_view(); }
  /// What this finding alone makes of a verdict (verdict_of; unreadable input is an error).
  [[nodiscard]] Verdict verdict() const noexcept { return rule ? verdict_of(rule, severity) : Verdict::error; }
  /// `message` with its part in front ("speculative drafter: …"), as one-line outputs show it.
  [[nodiscard]] std::string described() const;
};

/// Every finding of one checked workload, in the order every output lists them: the launch
/// command's bad values (the engine stops there first), the request's diagnostics (errors first,
/// then by code), the other input findings, then the drafter's and the prefill backend's.
/// `workload` is recorded in each finding's `workloads`.
[[nodiscard]] std::vector<Finding> findings(const Checked& checked, std::size_t workload = 0);

/// Every finding of several workloads: each result's in input order (an input that could not be
/// read is one error finding), then the deployment diagnostics.
[[nodiscard]] std::vector<Finding> findings(const Checks& checks);

/// Where a finding of `checks` came from: the source of the first workload it concerns, the input
/// a finding about no workload names (a file holding none), or nullptr.
[[nodiscard]] const Source* source_of(const Finding& finding, const Checks& checks) noexcept;

/// The worst verdict of `found` (ok when empty): the verdict of every face.
[[nodiscard]] Verdict verdict(std::span<const Finding> found) noexcept;

}  // namespace kvdtype::io
