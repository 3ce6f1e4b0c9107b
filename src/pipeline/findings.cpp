// The one finding list of a checked workload or of several (include/kvdtype/io/findings.hpp).
#include "kvdtype/io/findings.hpp"

#include <algorithm>

#include "pipeline/finding_order.hpp"
#include "kvdtype/check.hpp"

namespace kvdtype::io {
namespace {

void add_report(const Report& rep, std::string_view part, std::size_t workload, const ReportExtras* extras,
                std::vector<Finding>& out) {
  internal::for_each_finding(rep, extras, [&](const Diagnostic* d, const InputDiagnostic* in) {
    Finding& f = out.emplace_back();
    f.part = part;
    f.workloads.push_back(workload);
    if (d != nullptr) {
      f.rule = d->rule;
      f.severity = d->severity;
      f.message = message(*d, rep);
      f.fix = fix(*d, rep);
      if (d->evidence.backend) f.backend = name(*d->evidence.backend);
      f.source = d->evidence.constraint ? source(*d->evidence.constraint) : d->rule->source;
    } else {
      f.rule = in->rule;
      f.severity = in->severity;
      f.message = in->message;
      f.fix = in->fix;
      f.source = in->rule->source;
    }
    return true;
  });
}

}  // namespace

std::string Finding::described() const { return part.empty() ? message : std::string(part) + ": " + message; }

std::vector<Finding> findings(const Checked& checked, std::size_t workload) {
  std::vector<Finding> out;
  add_report(checked.report, "", workload, &checked.extras, out);
  if (checked.draft) add_report(*checked.draft, "speculative drafter", workload, nullptr, out);
  if (checked.prefill) add_report(*checked.prefill, "prefill backend", workload, nullptr, out);
  return out;
}

std::vector<Finding> findings(const Checks& checks) {
  std::vector<Finding> out;
  for (std::size_t i = 0; i < checks.results.size(); ++i) {
    const WorkloadResult& r = checks.results[i];
    if (r.checked) {
      std::vector<Finding> one = findings(*r.checked, i);
      out.insert(out.end(), std::make_move_iterator(one.begin()), std::make_move_iterator(one.end()));
      continue;
    }
    Finding& f = out.emplace_back();
    f.message = "input error: " + (r.input_error ? r.input_error->message : std::string("not readable"));
    f.workloads.push_back(i);
  }
  for (const DeploymentDiagnostic& d : checks.diagnostics) {
    Finding& f = out.emplace_back();
    f.rule = d.rule;
    f.severity = d.severity;
    f.part = "deployment";
    f.message = d.message;
    f.fix = d.fix;
    f.source = d.rule ? d.rule->source : std::string_view();
    f.workloads = d.results;
    if (!d.input.file.empty()) f.input = &d.input;
  }
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
