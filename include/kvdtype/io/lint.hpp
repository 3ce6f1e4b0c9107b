// kvdtype/io/lint.hpp — `kvdtype rules --lint`: the tables checked against each other, and every
// rule proven to fire by its trigger.
#pragma once

#include <string>

#include "kvdtype/io/render.hpp"
#include "kvdtype/lint.hpp"

namespace kvdtype::io {

/// lint_tables(), then for every rule: a page (docs/rules/KVDnnn.md, embedded) and a trigger that,
/// run as `kvdtype check` runs it (flags, a launch command after "--", `--model-json TEXT` for a
/// config.json, or several servers for a deployment rule), fires the rule; and no page without a rule.
[[nodiscard]] LintResult lint();

[[nodiscard]] std::string render_lint(const LintResult& result, OutputFormat format);

}  // namespace kvdtype::io
