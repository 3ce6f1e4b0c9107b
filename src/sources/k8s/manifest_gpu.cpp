// Node labels → a target (include/kvdtype/io/manifest.hpp gpu_from_node_label).
//
// NVIDIA's GPU Feature Discovery labels nodes with the driver's product name, spaces turned into
// dashes (`nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3`), the architecture family
// (`nvidia.com/gpu.family: hopper`) and the compute capability (`nvidia.com/gpu.compute.major`,
// `.minor`); AMD's node labeller writes the product name with underscores
// (`amd.com/gpu.product-name: AMD_Instinct_MI300X_OAM`). Sources: NVIDIA/k8s-device-plugin
// README "Generated Labels" (GFD moved there in v0.15); ROCm/k8s-device-plugin's node labeller
// (product-name). The exact sanitising code was not re-read here: kvdtype turns both '-' and '_'
// back into spaces and lets the `--gpu` parser match the product name. Labels of clouds and
// autoscalers (GKE's accelerator, node.kubernetes.io/instance-type) are rows of
// src/tables/node_labels.cpp.
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "kvdtype/io/manifest.hpp"
#include "tables/rows/node_label.hpp"

namespace kvdtype::io {
namespace {

// The label spelling back to the driver's name: '-' and '_' were spaces. The `--gpu` parser
// reads full driver names ("NVIDIA H100 80GB HBM3", "AMD Instinct MI300X OAM").
std::string spaced(std::string_view v) {
  std::string out(v);
  for (char& c : out)
    if (c == '-' || c == '_') c = ' ';
  return out;
}

}  // namespace

std::string gpu_from_node_label(std::string_view key, std::string_view value) {
  // "auto" would probe the machine reading the manifest (a CI runner, the webhook's node), not
  // the node the label selects.
  if (value.empty() || kvdtype::detail::iequals(value, "auto")) return {};
  if (key == "nvidia.com/gpu.product" || key == "amd.com/gpu.product-name" || key == "amd.com/gpu.product")
    return spaced(value);
  if (key == "nvidia.com/gpu.family") {
    // One capability per family only where the family has one: Ampere (8.0 / 8.6 / 8.7) and
    // Blackwell (10.0 / 12.0) span several and say nothing exact.
    const std::string f = kvdtype::detail::to_lower(value);
    if (f == "hopper") return "9.0";
    if (f == "ada-lovelace" || f == "lovelace") return "8.9";
    if (f == "volta") return "7.0";
    if (f == "turing") return "7.5";
    return {};
  }
  if (key == "amd.com/gpu.family" || key == "amd.com/gpu.gfx" || key == "beta.amd.com/gpu.family") {
    const std::string f = kvdtype::detail::to_lower(value);
    if (f.rfind("gfx", 0) == 0) return f;
    return {};
  }
  // Clouds' and autoscalers' labels (GKE's accelerator, instance types): src/tables/node_labels.cpp.
  return std::string(product_of_node_label(key, value));
}

}  // namespace kvdtype::io
