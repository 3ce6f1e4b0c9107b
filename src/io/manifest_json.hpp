// Internal (io): a Kubernetes object already parsed as JSON (an AdmissionReview's
// request.object), read without printing and re-parsing it as YAML text.
#pragma once

#include <nlohmann/json.hpp>

#include "kvdtype/io/manifest.hpp"

namespace kvdtype::io {

/// As read_object(text, base), from a parsed JSON object (kvdtype serve's hot path).
[[nodiscard]] Result<ManifestWorkloads> read_object_json(const nlohmann::json& object, const CheckInput& base);

}  // namespace kvdtype::io
