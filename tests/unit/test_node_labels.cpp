// Node labels of clouds and autoscalers (src/tables/node_labels.cpp): each row names a product the
// product table knows, families match by their whole prefix only, and a manifest that selects
// nodes by such a label is checked on that GPU.
#include <gtest/gtest.h>

#include <string>

#include "kvdtype/io/manifest.hpp"
#include "kvdtype/target.hpp"
#include "tables/rows/node_label.hpp"

namespace kvdtype {
namespace {

TEST(NodeLabels, EveryRowNamesAKnownProduct) {
  ASSERT_FALSE(node_labels().empty());
  for (const NodeLabel& row : node_labels()) {
    EXPECT_FALSE(row.source.empty()) << row.value;
    EXPECT_TRUE(parse_target(row.product).ok()) << row.key << "=" << row.value << " -> " << row.product;
    // Each row is reachable: no earlier row takes its value.
    if (row.match == LabelMatch::exact) {
      EXPECT_EQ(product_of_node_label(row.key, row.value), row.product) << row.value;
    }
  }
}

struct Case {
  const char* key;
  const char* value;
  const char* target;  // "" when no row may claim it
};

const Case kCases[] = {
    {"cloud.google.com/gke-accelerator", "nvidia-l4", "sm_89"},
    {"cloud.google.com/gke-accelerator", "nvidia-h100-80gb", "sm_90"},
    {"cloud.google.com/gke-accelerator", "NVIDIA-TESLA-A100", "sm_80"},
    {"cloud.google.com/gke-accelerator", "nvidia-b200", "sm_100"},
    {"cloud.google.com/gke-accelerator", "nvidia-tesla-p100", ""},  // Pascal: not in the product table
    {"node.kubernetes.io/instance-type", "p5.48xlarge", "sm_90"},
    {"node.kubernetes.io/instance-type", "p5e.48xlarge", "sm_90"},
    {"node.kubernetes.io/instance-type", "p4d.24xlarge", "sm_80"},
    {"node.kubernetes.io/instance-type", "g6e.12xlarge", "sm_89"},
    {"node.kubernetes.io/instance-type", "g5.xlarge", "sm_86"},
    {"node.kubernetes.io/instance-type", "p5x.48xlarge", ""},  // a family prefix must end where the family does
    {"node.kubernetes.io/instance-type", "m5.large", ""},
    {"beta.kubernetes.io/instance-type", "a3-highgpu-8g", "sm_90"},
    {"node.kubernetes.io/instance-type", "a2-ultragpu-1g", "sm_80"},
    {"node.kubernetes.io/instance-type", "Standard_NC24ads_A100_v4", "sm_80"},
    {"node.kubernetes.io/instance-type", "Standard_NC80adis_H100_v5", "sm_90"},  // NCads H100 v5, two GPUs
    {"node.kubernetes.io/instance-type", "Standard_ND96isr_MI300X_v5", "gfx942"},
    {"node.kubernetes.io/instance-type", "Standard_D4s_v5", ""},
    {"karpenter.k8s.aws/instance-gpu-name", "l40s", "sm_89"},
    {"example.com/gpu", "nvidia-l4", ""},  // a key no row has
};

TEST(NodeLabels, LabelsLeadToTheirTarget) {
  for (const Case& c : kCases) {
    const std::string gpu = io::gpu_from_node_label(c.key, c.value);
    if (std::string(c.target).empty()) {
      EXPECT_EQ(gpu, "") << c.key << "=" << c.value;
      continue;
    }
    auto t = parse_target(gpu);
    ASSERT_TRUE(t.ok()) << c.key << "=" << c.value << " -> '" << gpu << "'";
    EXPECT_EQ(std::string(t->target->name), c.target) << c.key << "=" << c.value;
  }
}

}  // namespace
}  // namespace kvdtype
