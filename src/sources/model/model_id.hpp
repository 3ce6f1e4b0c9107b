// Internal (io): a Hub id resolved into storage the caller keeps (kvdtype/io/model_id.hpp's
// resolve_model_id() is this with a Result of its own). A ResolvedModel holds a RequestInput of
// 60 strings: returned through std::optional and a Result, and moved into the workload's
// reading, it was moved twice and copied once per webhook review (~9 K instructions;
// docs/performance.md, twelfth round).
#pragma once

#include <optional>
#include <string_view>

#include "kvdtype/io/model_id.hpp"

namespace kvdtype::io::detail {

/// resolve_model_id(id, search_hf_cache) into `out` (reset first): `out` engaged when a source
/// knows the id, nullopt returned; the Error resolve_model_id() would return otherwise (`out`
/// then empty).
[[nodiscard]] std::optional<Error> resolve_model_id_into(std::string_view id, bool search_hf_cache,
                                                         std::optional<ResolvedModel>& out);

}  // namespace kvdtype::io::detail
