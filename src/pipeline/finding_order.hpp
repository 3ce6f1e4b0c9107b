// Internal: the one order in which a report's findings are listed — by every renderer (text,
// JSON, Markdown) and by the C ABI's diagnostic accessors, which promise the JSON's order.
#pragma once

#include "kvdtype/io/render.hpp"
#include "kvdtype/plan.hpp"

namespace kvdtype::io::internal {

/// The input findings that are errors (a bad value inside a launch command: the engine stops
/// there first), then the request's own diagnostics as check() ordered them, then the other
/// input findings. `visit(const Diagnostic*, const InputDiagnostic*)` gets exactly one non-null
/// pointer per finding and returns false to stop early.
template <class Visit>
void for_each_finding(const Report& report, const ReportExtras* extras, Visit&& visit) {
  const auto inputs = [&](bool errors) {
    if (extras == nullptr) return true;
    for (const InputDiagnostic& d : extras->input_diagnostics)
      if ((d.severity == Severity::error) == errors && !visit(nullptr, &d)) return false;
    return true;
  };
  if (!inputs(true)) return;
  for (const Diagnostic& d : report.diagnostics)
    if (!visit(&d, nullptr)) return;
  inputs(false);
}

}  // namespace kvdtype::io::internal
