// Internal: the findings of issue 28's per-layer plans that no single backend row decides
// (src/core/layer_rules.cpp): a quantized cache on a model whose state layers it does not touch
// (KVD091), a quantized cache that a backend's packed layout gives no room to save memory
// (KVD106), and a drafter whose cache string differs from the target's (KVD092). A layer group
// a backend cannot serve (KVD090) is a row failure of that backend (resolve.cpp row_failures).
#pragma once

#include "core/resolve_internal.hpp"
#include "kvdtype/inline_vector.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::detail {

struct LayerFinding {
  const Rule* rule = nullptr;
  Evidence evidence;
};

/// The per-layer findings for this request and plan, in code order.
[[nodiscard]] InlineVector<LayerFinding, 3> layer_findings(const Context& ctx, const Plan& plan) noexcept;

}  // namespace kvdtype::detail
