// Internal: make_request's part for issue 28's inputs (architecture, weight quantization, KV
// scale layout, speculative decoding, KV connector, DSA sub-backends, hierarchical cache, CUDA
// graphs): src/core/request_extra.cpp.
#pragma once

#include <optional>
#include <string_view>

#include "kvdtype/request.hpp"

namespace kvdtype::detail {

/// Evidence::detail of the KVD080 that names Request::unlisted (message.cpp writes the values).
inline constexpr std::string_view kUnlistedDetail = "names outside kvdtype's lists";

/// Fill r's issue-28 members from `in`. A name outside kvdtype's lists (tables/rows/request_value.hpp)
/// is kept and recorded in r.unlisted (KVD080 names it); only a malformed count or yes/no, or a
/// scale layout other than k, v, both or none, is an Error.
/// `r` is a Request just made (make_request): an empty field leaves its member as it is.
[[nodiscard]] std::optional<Error> read_request_extra(const RequestInput& in, Request& r);

}  // namespace kvdtype::detail
