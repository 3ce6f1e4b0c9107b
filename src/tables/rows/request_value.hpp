// Internal: the names kvdtype knows for the request fields of issue 28 whose values are an
// engine's list (weight quantization methods, speculative methods, DSA sub-backends), as rows
// (src/tables/request_values.cpp). A value outside its list is not bad input — a newer engine
// adds methods — but the conditions on it cannot be judged, so make_request records it and the
// check reports KVD080 naming it.
#pragma once

#include <span>
#include <string_view>

namespace kvdtype::tables {

struct RequestValues {
  std::string_view field;     ///< RequestInput field, underscore spelling
  std::string_view words;     ///< the names, lower case, space-separated
  std::string_view suffixes;  ///< a name ending in one of these words is also listed ("_mtp")
  std::string_view source;    ///< where the names were read
};

[[nodiscard]] std::span<const RequestValues> request_values() noexcept;

/// Whether `value` (lower case) is one of the field's known names; true for a field without a row.
[[nodiscard]] bool request_value_known(std::string_view field, std::string_view value) noexcept;

}  // namespace kvdtype::tables
