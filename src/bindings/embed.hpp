// Internal: what the embedding faces (C ABI, Python module) share — a request's fields by name,
// set on the io::CheckRequest that `kvdtype check` itself runs, so that every face gives the
// CLI's answer (and byte-identical JSON) for the same input.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "kvdtype/io/check_request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::embed {

/// Every field name a face accepts, underscore spelling: the RequestInput fields (the CLI's
/// request flags) and "model" (a model directory or config.json).
[[nodiscard]] std::span<const std::string_view> request_fields() noexcept;

/// "--kv-cache-dtype" / "kv-cache-dtype" → "kv_cache_dtype" (RequestInput::set's spelling rule).
[[nodiscard]] std::string normalize_field(std::string_view field);

/// The error for a field name no face accepts, with the nearest valid names.
[[nodiscard]] Error unknown_field(std::string_view field);

/// Set a request field by name on what a face hands io::run_check: "model" is the model
/// directory or config.json, any other name a RequestInput field (the last value wins, an empty
/// value makes the field unknown again). false for a name that is no field (see unknown_field()).
bool set_field(io::CheckRequest& request, std::string_view field, std::string_view value);

}  // namespace kvdtype::embed
