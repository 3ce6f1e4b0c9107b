// Internal: whether a dtype handed to a kernel fits the Plan, per role. check() (for the dtypes
// a request declares) and Guard (for the dtypes seen at run time) both ask these, so the two
// can never disagree.
#pragma once

#include <optional>
#include <string_view>

#include "kvdtype/plan.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::detail {

/// Which rule a dtype breaks where the kernel wants another (got != want): the choice both
/// check() and the Guard report, made here only. A RuleId is checked at compile time, so the
/// answer is always a rule.
tables::RuleId q_mismatch_rule(FormatId want, FormatId got) noexcept;
tables::RuleId kv_declared_mismatch_rule(FormatId want, FormatId got) noexcept;
tables::RuleId storage_mismatch_rule() noexcept;

/// The rule a Q of dtype `got` breaks, or nothing when the kernel takes it.
std::optional<tables::RuleId> q_violation(const Plan& plan, FormatId got) noexcept;

/// The rule declaring `got` as the kernel's KV element type breaks, or nothing.
std::optional<tables::RuleId> kv_declared_violation(const Plan& plan, FormatId got) noexcept;

/// Why a cache tensor of dtype `got` cannot hold the planned elements; empty when it can
/// (the element type itself, the engine's storage dtype, or a byte container of narrow elements).
std::string_view storage_violation(const TensorPlan& tensor, FormatId got) noexcept;

}  // namespace kvdtype::detail
