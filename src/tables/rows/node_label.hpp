// Internal: the NodeLabel row (src/tables/node_labels.cpp): a node label a cloud or an
// autoscaler puts on GPU nodes, a value (or a family of values) of it, and the product those nodes
// carry. Manifests name GPUs this way far more often than by NVIDIA's own labels
// (`cloud.google.com/gke-accelerator: nvidia-l4`, `node.kubernetes.io/instance-type: p5.48xlarge`);
// src/sources/k8s/manifest_gpu.cpp reads them.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace kvdtype {

/// How a row's value is compared with the label's (ASCII case ignored).
enum class LabelMatch : std::uint8_t {
  exact,     ///< the whole value (nvidia-h100-80gb)
  prefix,    ///< an instance family: the value starts with it (p5. matches p5.48xlarge, not p5e.48xlarge)
  contains,  ///< a size series inside the name (Azure's _A100_v4 in Standard_NC24ads_A100_v4)
};

struct NodeLabel {
  std::string_view key;      ///< the label key, as written in a nodeSelector
  LabelMatch match = LabelMatch::exact;
  std::string_view value;
  std::string_view product;  ///< a name the product table (src/tables/products.cpp) reads
  std::string_view source;
};

[[nodiscard]] std::span<const NodeLabel> node_labels() noexcept;

/// The product the nodes labelled `key: value` carry, or empty when no row names it.
[[nodiscard]] std::string_view product_of_node_label(std::string_view key, std::string_view value) noexcept;

}  // namespace kvdtype
