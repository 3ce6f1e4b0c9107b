// Internal: the When conditions on issue 28's inputs (tables/rows/constraint.hpp), checked after
// the compiled ones in resolve.cpp matches(): src/core/when_extra.cpp.
#pragma once

#include "kvdtype/request.hpp"
#include "tables/rows/constraint.hpp"

namespace kvdtype::detail {

/// Whether the row's conditions on architecture, weight quantization, KV scale layout,
/// speculative decoding, connector, DSA sub-backends, block size, CUDA graphs and hierarchical
/// cache, attention sinks, sliding window, state layers, group head sizes, the drafter's cache
/// string, the GQA ratio, the context length, decode context parallelism and remote backends all
/// hold for `r`. A condition on an input the request leaves unknown does not hold.
[[nodiscard]] bool when_extra_holds(const When& w, const Request& r) noexcept;

/// Whether the row has any of those conditions (the common case has none: one test).
[[nodiscard]] bool has_extra(const When& w) noexcept;

}  // namespace kvdtype::detail
