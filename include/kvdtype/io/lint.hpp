// kvdtype/io/lint.hpp — the tables checked against each other (`kvdtype rules --lint`).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "kvdtype/io/render.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

struct LintResult {
  std::vector<std::string> problems;  ///< empty when the tables are consistent
  std::vector<std::string> summary;   ///< what was checked, with counts
};

/// Unique well-formed codes; a page, a source and a trigger per rule, and the trigger fires it;
/// placeholders that exist; every word in every row names a row of the table it refers to;
/// every product's target exists; every kv-cache string on every target either resolves to a
/// backend or is refused by a rule; no backend claims a path its targets cannot run without a
/// rule firing; no page without a rule.
[[nodiscard]] LintResult lint_tables();

[[nodiscard]] std::string render_lint(const LintResult& result, OutputFormat format);

/// kvdtype request arguments ("check --gpu H100 --kv-cache-dtype fp8 …", the leading
/// subcommand optional, an engine launch command after "--" as on the CLI, the flags winning over
/// it) → RequestInput. Unknown flags, missing values and a bad launch command are an Error.
[[nodiscard]] Result<RequestInput> request_from_args(std::span<const std::string> args);

}  // namespace kvdtype::io
