// Internal: whether a dtype handed to a kernel fits the Plan, per role. check() (for the dtypes
// a request declares) and Guard (for the dtypes seen at run time) both ask these, so the two
// can never disagree.
#pragma once

#include <string_view>

#include "kvdtype/plan.hpp"

namespace kvdtype::detail {

/// The rule a Q of dtype `got` breaks, or nullptr when the kernel takes it.
const Rule* q_violation(const Plan& plan, FormatId got) noexcept;

/// The rule declaring `got` as the kernel's KV element type breaks, or nullptr.
const Rule* kv_declared_violation(const Plan& plan, FormatId got) noexcept;

/// Why a cache tensor of dtype `got` cannot hold the planned elements; empty when it can
/// (the element type itself, the engine's storage dtype, or a byte container of narrow elements).
std::string_view storage_violation(const TensorPlan& tensor, FormatId got) noexcept;

}  // namespace kvdtype::detail
