// Internal (io): a Kubernetes object the webhook has already read into kvdtype's document tree (an
// AdmissionReview's request.object, sources/k8s/review_reader.hpp), walked as `check --manifest`
// walks the same object read from YAML text, without printing and re-parsing it.
#pragma once

#include "sources/k8s/doc_tree.hpp"

#include "kvdtype/io/manifest.hpp"

namespace kvdtype::io {

/// As read_object(text, base), from the object's nodes (kvdtype serve's hot path).
[[nodiscard]] Result<ManifestWorkloads> read_object_node(const doc::Node& object, const CheckInput& base);

}  // namespace kvdtype::io
