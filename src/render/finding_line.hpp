// Internal: a finding as the one line CI logs, JUnit failures and `kvdtype check -q` show:
// `path:line: severity KVDxxx message`.
#pragma once

#include <string>

#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io::internal {

/// The input a workload came from as a path: its file, "stdin" for "-", "flags" for none.
[[nodiscard]] std::string input_name(const Source& source);

/// `path:line` (`path` when the line is unknown); "deployment" for a finding about no one workload.
[[nodiscard]] std::string where(const Source* source);

/// `where: severity KVDxxx message` (unreadable input: `where: error input error: …`), and
/// ` (fix: …)` after it when `with_fix`. Not escaped: each output escapes for its own syntax.
[[nodiscard]] std::string finding_line(const Finding& finding, const Source* source, bool with_fix);

}  // namespace kvdtype::io::internal
