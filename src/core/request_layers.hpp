// Internal: make_request's part for issue 28's per-layer inputs (attention sinks, sliding window,
// layer groups of hybrid models, the drafter's own cache string): src/core/request_layers.cpp.
#pragma once

#include <optional>

#include "kvdtype/request.hpp"

namespace kvdtype::detail {

/// Fill r's per-layer members from `in`, after the geometry (the groups' attention layers fill
/// an unknown num_kv_layers and must agree with a given one). A malformed group, count, yes/no or
/// drafter string is an Error naming the value and the accepted form.
[[nodiscard]] std::optional<Error> read_request_layers(const RequestInput& in, Request& r);

}  // namespace kvdtype::detail
