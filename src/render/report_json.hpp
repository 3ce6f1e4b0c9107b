// Internal: one Report as a JSON object, shared by `kvdtype.check/v1` (render_report) and each
// result of `kvdtype.checks/v1` (render_checks), so that both carry the same fields.
#pragma once

#include <nlohmann/json.hpp>

#include "kvdtype/io/render.hpp"

namespace kvdtype::io {

using Json = nlohmann::ordered_json;

/// verdict, request, plan (with capacity), diagnostics, draft, prefill, ignored_flags.
[[nodiscard]] Json report_json(const Report& report, const ReportExtras* extras);

}  // namespace kvdtype::io
