// Internal (io): a Kubernetes object the webhook has already turned into yaml-cpp nodes (an
// AdmissionReview's request.object, sources/k8s/review_reader.hpp), read without printing and re-parsing
// it as YAML text.
#pragma once

#include <yaml-cpp/yaml.h>

#include "kvdtype/io/manifest.hpp"

namespace kvdtype::io {

/// As read_object(text, base), from the object's nodes (kvdtype serve's hot path).
[[nodiscard]] Result<ManifestWorkloads> read_object_node(const YAML::Node& object, const CheckInput& base);

}  // namespace kvdtype::io
