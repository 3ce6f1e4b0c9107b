// Node labels of clouds and autoscalers that say which GPU a node has: one row per value or
// instance family (src/tables/rows/node_label.hpp says what each column means). Adding one is a
// row here, whose product the product table reads, and a case in tests/unit/test_node_labels.cpp.
// Only families with one GPU model are rows: a family that mixes models says nothing exact.
#include "tables/rows/node_label.hpp"

#include "common/text.hpp"

namespace kvdtype {
namespace {

using enum LabelMatch;

constexpr std::string_view kGke = "cloud.google.com/gke-accelerator";
constexpr std::string_view kGkeSource = "GKE docs, 'About GPUs in GKE' / Compute Engine 'GPU machine types' (accelerator names)";
constexpr std::string_view kInstance = "node.kubernetes.io/instance-type";
constexpr std::string_view kAws = "AWS EC2 docs, 'Accelerated computing instance types' (GPU per instance family)";
constexpr std::string_view kGcp = "Compute Engine docs, 'GPU machine types' (accelerator-optimized series)";
constexpr std::string_view kAzure = "Azure docs, virtual machine sizes (GPU-accelerated: NC, ND, NV series)";

constexpr NodeLabel kRows[] = {
    // GKE: the accelerator a node pool was created with.
    {kGke, exact, "nvidia-tesla-t4", "T4", kGkeSource},
    {kGke, exact, "nvidia-tesla-v100", "V100 SXM2 16GB", kGkeSource},
    {kGke, exact, "nvidia-l4", "L4", kGkeSource},
    {kGke, exact, "nvidia-tesla-a100", "A100 SXM4 40GB", kGkeSource},
    {kGke, exact, "nvidia-a100-80gb", "A100 SXM4 80GB", kGkeSource},
    {kGke, exact, "nvidia-h100-80gb", "H100 SXM5 80GB", kGkeSource},
    {kGke, exact, "nvidia-h100-mega-80gb", "H100 SXM5 80GB", kGkeSource},
    {kGke, exact, "nvidia-h200-141gb", "H200 SXM 141GB", kGkeSource},
    {kGke, exact, "nvidia-b200", "B200", kGkeSource},
    {kGke, exact, "nvidia-gb200", "GB200", kGkeSource},
    {kGke, exact, "nvidia-rtx-pro-6000", "RTX PRO 6000", kGkeSource},
    // Karpenter on AWS: the GPU's name, lower case.
    {"karpenter.k8s.aws/instance-gpu-name", exact, "t4", "T4", "Karpenter docs, well-known labels (instance-gpu-name)"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "a10g", "A10G", "Karpenter docs, well-known labels (instance-gpu-name)"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "l4", "L4", "Karpenter docs, well-known labels (instance-gpu-name)"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "l40s", "L40S", "Karpenter docs, well-known labels (instance-gpu-name)"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "a100", "A100 SXM4 40GB", "Karpenter docs, well-known labels (instance-gpu-name); p4d carries the 40 GB part"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "h100", "H100 SXM5 80GB", "Karpenter docs, well-known labels (instance-gpu-name)"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "h200", "H200 SXM 141GB", "Karpenter docs, well-known labels (instance-gpu-name)"},
    {"karpenter.k8s.aws/instance-gpu-name", exact, "b200", "B200", "Karpenter docs, well-known labels (instance-gpu-name)"},
    // AWS instance families.
    {kInstance, prefix, "g4dn.", "T4", kAws},
    {kInstance, prefix, "g5.", "A10G", kAws},
    {kInstance, prefix, "g6.", "L4", kAws},
    {kInstance, prefix, "g6e.", "L40S", kAws},
    {kInstance, prefix, "p3.", "V100 SXM2 16GB", kAws},
    {kInstance, prefix, "p3dn.", "V100 SXM2 32GB", kAws},
    {kInstance, prefix, "p4d.", "A100 SXM4 40GB", kAws},
    {kInstance, prefix, "p4de.", "A100 SXM4 80GB", kAws},
    {kInstance, prefix, "p5.", "H100 SXM5 80GB", kAws},
    {kInstance, prefix, "p5e.", "H200 SXM 141GB", kAws},
    {kInstance, prefix, "p5en.", "H200 SXM 141GB", kAws},
    {kInstance, prefix, "p6-b200.", "B200", kAws},
    // Compute Engine machine types.
    {kInstance, prefix, "g2-standard-", "L4", kGcp},
    {kInstance, prefix, "a2-highgpu-", "A100 SXM4 40GB", kGcp},
    {kInstance, prefix, "a2-megagpu-", "A100 SXM4 40GB", kGcp},
    {kInstance, prefix, "a2-ultragpu-", "A100 SXM4 80GB", kGcp},
    {kInstance, prefix, "a3-highgpu-", "H100 SXM5 80GB", kGcp},
    {kInstance, prefix, "a3-edgegpu-", "H100 SXM5 80GB", kGcp},
    {kInstance, prefix, "a3-megagpu-", "H100 SXM5 80GB", kGcp},
    {kInstance, prefix, "a3-ultragpu-", "H200 SXM 141GB", kGcp},
    {kInstance, prefix, "a4-highgpu-", "B200", kGcp},
    {kInstance, prefix, "a4x-highgpu-", "GB200", kGcp},
    // Azure sizes: the series is inside the name (Standard_NC24ads_A100_v4).
    {kInstance, contains, "ads_a100_v4", "A100 PCIe 80GB", kAzure},
    {kInstance, contains, "nd96asr_v4", "A100 SXM4 40GB", kAzure},
    {kInstance, contains, "amsr_a100_v4", "A100 SXM4 80GB", kAzure},
    {kInstance, contains, "ads_h100_v5", "H100 NVL 94GB", kAzure},
    // NCads H100 v5's two-GPU size spells its series `adis` (Standard_NC80adis_H100_v5: 2 H100 NVL).
    {kInstance, contains, "adis_h100_v5", "H100 NVL 94GB", kAzure},
    {kInstance, contains, "isr_h100_v5", "H100 SXM5 80GB", kAzure},
    {kInstance, contains, "isr_h200_v5", "H200 SXM 141GB", kAzure},
    {kInstance, contains, "isr_mi300x_v5", "MI300X", kAzure},
    {kInstance, contains, "as_t4_v3", "T4", kAzure},
};

bool matches(const NodeLabel& row, std::string_view value) noexcept {
  if (value.size() < row.value.size()) return false;
  switch (row.match) {
    case exact: return detail::iequals(value, row.value);
    case prefix: return detail::iequals(value.substr(0, row.value.size()), row.value);
    case contains:
      for (std::size_t i = 0; i + row.value.size() <= value.size(); ++i)
        if (detail::iequals(value.substr(i, row.value.size()), row.value)) return true;
      return false;
  }
  return false;
}

}  // namespace

std::span<const NodeLabel> node_labels() noexcept { return kRows; }

std::string_view product_of_node_label(std::string_view key, std::string_view value) noexcept {
  // The beta spelling of the instance-type label is still set by older clusters.
  if (key == "beta.kubernetes.io/instance-type") key = kInstance;
  for (const NodeLabel& row : kRows)
    if (row.key == key && matches(row, value)) return row.product;
  return {};
}

}  // namespace kvdtype
