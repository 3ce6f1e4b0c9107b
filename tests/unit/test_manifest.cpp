// The manifest reader as a library call (io::read_manifest, io::read_object, node labels).
#include <gtest/gtest.h>

#include "kvdtype/io/manifest.hpp"

namespace {

using namespace kvdtype::io;

TEST(ManifestReader, NodeLabelsToGpuNames) {
  EXPECT_EQ(gpu_from_node_label("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"), "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(gpu_from_node_label("amd.com/gpu.product-name", "AMD_Instinct_MI300X_OAM"), "AMD Instinct MI300X OAM");
  EXPECT_EQ(gpu_from_node_label("nvidia.com/gpu.family", "hopper"), "9.0");
  EXPECT_EQ(gpu_from_node_label("nvidia.com/gpu.family", "ampere"), "");  // 8.0, 8.6 or 8.7
  EXPECT_EQ(gpu_from_node_label("kubernetes.io/hostname", "node-1"), "");
  EXPECT_EQ(gpu_from_node_label("nvidia.com/gpu.product", "auto"), "");  // never probe the reader's machine
}

TEST(ManifestReader, AnObjectFromJsonText) {
  const std::string pod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{
    "nodeSelector":{"nvidia.com/gpu.product":"NVIDIA-A100-SXM4-80GB"},
    "containers":[{"name":"s","image":"lmsysorg/sglang:v0.5.5","command":["python3","-m","sglang.launch_server"],
                   "args":["--model-path","m","--kv-cache-dtype","fp8_e4m3"],"env":[{"name":"X","value":"1"}]},
                  {"name":"side","image":"busybox","command":["sleep","inf"]}]}})";
  auto r = read_object(pod, CheckInput{});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->workloads.size(), 1u);
  const Workload& w = r->workloads[0];
  EXPECT_EQ(w.source.kind, "Pod");
  EXPECT_EQ(w.source.container, "s");
  EXPECT_EQ(w.source.document, -1);  // an object, not a file
  EXPECT_EQ(w.input.fields.gpu, "NVIDIA A100 SXM4 80GB");
  ASSERT_FALSE(w.input.command.empty());
  EXPECT_EQ(w.input.command.front(), "docker");  // handed to the launch parser as `docker run -e … IMAGE …`
  ASSERT_EQ(r->skipped.size(), 1u);
  EXPECT_NE(r->skipped[0].find("side"), std::string::npos);
}

TEST(ManifestReader, CallerFieldsWinAndAreKept) {
  CheckInput base;
  base.fields.gpu = "MI300X";
  base.fields.kv_cache_dtype = "fp8";
  auto r = read_manifest("kind: Pod\nmetadata: {name: p}\nspec:\n  nodeSelector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}\n"
                         "  containers:\n  - {name: c, image: 'vllm/vllm-openai:v0.27.0', args: [--model, m]}\n",
                         "f.yaml", base);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->workloads.size(), 1u);
  EXPECT_EQ(r->workloads[0].input.fields.gpu, "MI300X");
  EXPECT_EQ(r->workloads[0].input.fields.kv_cache_dtype, "fp8");
  EXPECT_EQ(r->workloads[0].source.line, 6);
}

TEST(ManifestReader, StructuralErrorsNameTheLine) {
  auto r = read_manifest("kind: Pod\nspec:\n  containers:\n  - name: c\n    command: {a: b}\n", "f.yaml", CheckInput{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("f.yaml:5"), std::string::npos) << r.error().message;
  r = read_manifest("- a\n- b\n", "g.yaml", CheckInput{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("g.yaml:1"), std::string::npos) << r.error().message;
}

}  // namespace
