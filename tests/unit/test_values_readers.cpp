// Launcher configs and chart values read by --manifest by their shape (src/sources/k8s/manifest_tasks.cpp,
// manifest_charts.cpp): llama-swap, srtctl, the gpu-recipes serverArgs charts, vLLM's example
// chart, KubeAI's models catalog (manifest_charts.cpp) and llm-d-deployer values / llm-d-benchmark
// scenarios (manifest_llmd.cpp), srtctl recipes of several jobs (manifest_srtctl_variants.cpp) and
// OpenShift Templates (manifest_kinds.cpp). Each fixture under tests/data/manifests/ has a pool
// that must fire its rule and one that must not.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kvdtype/io/manifest.hpp"
#include "manifest_fixtures.hpp"

namespace {

using namespace kvdtype::io;

using kvdtype::test::fixture;
using kvdtype::test::skipped;

ManifestWorkloads read(const std::string& name) { return kvdtype::test::read_fixture(name); }

bool has(const std::vector<std::string>& words, const std::string& w) { return std::find(words.begin(), words.end(), w) != words.end(); }

// Which results (by object and container label) fired `code`.
std::vector<std::string> fired(const std::string& name, const std::string& code) {
  return kvdtype::test::fired_in(name, code, [](const Source& s) { return s.name + " " + s.container; });
}

TEST(LlamaSwap, MacrosAndPortsThenTheCmdAsAScript) {
  const auto m = read("task-llama-swap.yaml");
  ASSERT_EQ(m.workloads.size(), 2u);
  EXPECT_EQ(m.workloads[0].source.kind, "llama-swap model");
  EXPECT_EQ(m.workloads[0].source.name, "bad-fp8");
  const auto& bad = m.workloads[0].input.command;
  // ${server} expands to a text holding ${PORT}: startPort, the first model (by ID) asking for one.
  EXPECT_TRUE(has(bad, "/opt/llama/llama-server"));
  EXPECT_TRUE(has(bad, "9100"));
  EXPECT_TRUE(has(bad, "4096"));                    // ${common} → --ctx-size ${ctx}: macros name earlier ones
  EXPECT_FALSE(has(bad, "#"));                      // comment lines are dropped
  const auto& good = m.workloads[1].input.command;
  EXPECT_TRUE(has(good, "9101"));                   // the next model that asks for a port
  EXPECT_TRUE(has(good, "8192"));                   // the model's own macro wins over the global one
  EXPECT_TRUE(has(good, "CUDA_VISIBLE_DEVICES=1"));  // env
  EXPECT_TRUE(skipped(m, "image-gen: cmd starts no serving command"));
  EXPECT_EQ(fired("task-llama-swap.yaml", "KVD200"), std::vector<std::string>{"bad-fp8 cmd"});
}

TEST(Srtctl, PrefillAndDecodeWorkersFromSglangConfig) {
  const auto m = read("task-srtctl.yaml");
  ASSERT_EQ(m.workloads.size(), 2u);
  EXPECT_EQ(m.workloads[0].source.container, "prefill/worker");
  EXPECT_EQ(m.workloads[1].source.container, "decode/worker");
  EXPECT_EQ(m.workloads[0].input.fields.gpu, "h100");
  const auto& prefill = m.workloads[0].input.command;
  EXPECT_TRUE(has(prefill, "sglang.launch_server"));
  EXPECT_TRUE(has(prefill, "deepseek-ai/DeepSeek-R1"));  // an hf: model path is passed as its ID
  EXPECT_TRUE(has(prefill, "--trust-remote-code"));      // true → the bare flag
  EXPECT_TRUE(has(prefill, "PYTHONUNBUFFERED=1"));       // prefill_environment
  EXPECT_FALSE(has(m.workloads[1].input.command, "--disable-radix-cache"));  // false → left out
  // nvfp4 needs Blackwell: the H100 prefill pool is refused, the fp8 decode pool is not.
  EXPECT_EQ(fired("task-srtctl.yaml", "KVD003"), std::vector<std::string>{"dsr1-pd prefill/worker"});
}

TEST(Srtctl, ARecipeOfVariantsIsEveryJobSrtctlSubmits) {
  const auto m = read("task-srtctl-variants.yaml");
  // override_bf16, then zip_override_tp's two variants; the base alone is not submitted.
  ASSERT_EQ(m.workloads.size(), 3u);
  EXPECT_EQ(m.workloads[0].source.name, "dsr1_bf16");  // an override without a name: BASE_SUFFIX
  EXPECT_EQ(m.workloads[1].source.name, "dsr1_tp_0");  // a zip without a name list: BASE_GROUP_i
  EXPECT_EQ(m.workloads[2].source.name, "dsr1_tp_1");
  const auto& bf16 = m.workloads[0].input.command;
  EXPECT_TRUE(has(bf16, "bf16"));                     // merged over the base's fp8_e4m3
  EXPECT_FALSE(has(bf16, "--disable-radix-cache"));   // null removes the key
  EXPECT_TRUE(has(bf16, "8"));                        // the base's tensor-parallel-size kept
  EXPECT_EQ(m.workloads[0].input.fields.gpu, "b200");
  // Variant i takes each list's i-th item; a list of one (gpu_type) is broadcast.
  EXPECT_TRUE(has(m.workloads[1].input.command, "4"));
  EXPECT_TRUE(has(m.workloads[2].input.command, "2"));
  EXPECT_EQ(m.workloads[2].input.fields.gpu, "h100");
  // nvfp4 needs Blackwell: both H100 variants are refused, the B200 bf16 job is not.
  EXPECT_EQ(fired("task-srtctl-variants.yaml", "KVD003"), (std::vector<std::string>{"dsr1_tp_0 agg/worker", "dsr1_tp_1 agg/worker"}));
}

TEST(Srtctl, VariantsPastTheNodeBudgetAreNamedNotBuilt) {
  // 20000 variants, each a copy of the base: more than a recipe holds, and more than the reader
  // builds; the section is named, nothing is passed as read.
  std::string text =
      "base:\n  name: many\n  model: {path: hf:a/b, container: c}\n"
      "  resources: {gpu_type: h100, agg_nodes: 1, agg_workers: 1}\n"
      "  backend:\n    sglang_config:\n      aggregated:\n        tensor-parallel-size: 8\n"
      "zip_override_x:\n  backend:\n    sglang_config:\n      aggregated:\n        tensor-parallel-size: [1";
  for (int i = 1; i < 20000; ++i) text += ", 1";
  text += "]\n";
  const auto m = read_manifest(text, "many.yaml", CheckInput{});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_TRUE(m->workloads.empty());
  EXPECT_TRUE(skipped(*m, "zip_override_x: its jobs would copy the base into more than 262144 YAML nodes; not read"));
}

TEST(OpenShiftTemplate, ItsObjectsAreRead) {
  const auto m = read("template-openshift.yaml");
  ASSERT_EQ(m.workloads.size(), 1u);
  EXPECT_EQ(m.workloads[0].source.kind, "ServingRuntime");
  EXPECT_TRUE(has(m.workloads[0].input.command, "vllm.entrypoints.openai.api_server"));
  EXPECT_TRUE(has(m.workloads[0].input.command, "--kv-cache-dtype=fp8"));
  // One with no objects creates nothing, and says so.
  const auto empty = read_manifest("apiVersion: template.openshift.io/v1\nkind: Template\nmetadata:\n  name: t\n", "t.yaml", CheckInput{});
  ASSERT_TRUE(empty.ok()) << empty.error().message;
  EXPECT_TRUE(empty->workloads.empty());
  EXPECT_TRUE(skipped(*empty, "an OpenShift Template with no objects"));
}

TEST(LlmdModelservice, ImageDefaultRunsTheLlmdImagesEntrypoint) {
  const auto m = read("values-llmd-image-default.yaml");
  ASSERT_EQ(m.workloads.size(), 1u);
  const auto& c = m.workloads[0].input.command;
  // The image runs with the chart's --model and the container's args after its ENTRYPOINT.
  EXPECT_TRUE(has(c, "ghcr.io/llm-d/llm-d-cuda:v0.9.0"));
  EXPECT_TRUE(has(c, "Qwen/Qwen3-8B"));
  EXPECT_TRUE(has(m.workloads[0].notes, "command: the image's entrypoint, python -m vllm.entrypoints.openai.api_server"));
  // Checked as the vLLM server that ENTRYPOINT starts.
  const std::vector<std::string> files = {fixture("values-llmd-image-default.yaml")};
  auto checks = check_several(files, {}, CheckInput{});
  ASSERT_TRUE(checks.ok()) << checks.error().message;
  ASSERT_EQ(checks->results.size(), 1u);
  ASSERT_TRUE(checks->results[0].checked);
  EXPECT_EQ(checks->results[0].checked->report.request.engine, kvdtype::Engine::vllm);
}

TEST(GpuRecipesCharts, ServerArgsAfterTheChartsCommand) {
  const auto m = read("values-gpu-recipes.yaml");
  ASSERT_EQ(m.workloads.size(), 2u);
  const auto& sglang = m.workloads[0].input.command;
  EXPECT_TRUE(has(sglang, "sglang.launch_server"));
  EXPECT_TRUE(has(sglang, "--disable-cuda-graph"));
  const auto& vllm = m.workloads[1].input.command;
  EXPECT_TRUE(has(vllm, "vllm/vllm-openai:v0.25.1"));
  EXPECT_TRUE(has(vllm, "--enforce-eager"));
  EXPECT_TRUE(has(vllm, "--enable-prefix-caching=False"));  // the vLLM chart's spelling of false
  // The values name no GPU: checked on the one given.
  CheckInput a100;
  a100.fields.gpu = "A100";
  const std::vector<std::string> files = {fixture("values-gpu-recipes.yaml")};
  auto checks = check_several(files, {}, a100);
  ASSERT_TRUE(checks.ok()) << checks.error().message;
  std::vector<std::string> kvd042;
  for (const WorkloadResult& r : checks->results)
    if (r.checked && r.checked->report.fired("KVD042")) kvd042.push_back(r.source.container);
  EXPECT_EQ(kvd042, std::vector<std::string>{"vllm"});
}

TEST(VllmExampleChart, ImageCommandAndGpuModels) {
  const auto m = read("values-vllm-chart.yaml");
  ASSERT_EQ(m.workloads.size(), 1u);
  EXPECT_EQ(m.workloads[0].source.container, "vllm");
  EXPECT_EQ(m.workloads[0].input.fields.gpu, "NVIDIA A100 SXM4 80GB");
  EXPECT_EQ(fired("values-vllm-chart.yaml", "KVD042").size(), 1u);
  const auto good = read("values-vllm-chart-good.yaml");
  ASSERT_EQ(good.workloads.size(), 1u);
  EXPECT_TRUE(has(good.workloads[0].input.command, "VLLM_LOGGING_LEVEL=INFO"));
  EXPECT_TRUE(fired("values-vllm-chart-good.yaml", "KVD042").empty());
}

TEST(KubeAICatalog, OnlyEnabledEntriesBecomeModels) {
  const auto m = read("values-kubeai-catalog.yaml");
  EXPECT_TRUE(skipped(m, "KubeAI catalog/qwen-tq-a100: enabled: false"));
  // The enabled entry is handed on as a kubeai.org/v1 Model, read as that kind is read.
  EXPECT_FALSE(skipped(m, "catalog/qwen-fp8-h100: enabled: false"));
  ASSERT_EQ(m.workloads.size(), 1u);
  EXPECT_EQ(m.workloads[0].source.name, "qwen-fp8-h100");
  EXPECT_EQ(m.workloads[0].input.fields.gpu, "H100");  // resourceProfile nvidia-gpu-h100
  // The disabled TurboQuant entry is never checked.
  EXPECT_TRUE(fired("values-kubeai-catalog.yaml", "KVD042").empty());
}

}  // namespace

namespace {

TEST(LlmdDeployer, PresetCommandWithTheModelServiceArgsFirst) {
  const auto m = read("values-llmd-deployer.yaml");
  ASSERT_EQ(m.workloads.size(), 2u);
  EXPECT_EQ(m.workloads[0].source.container, "decode/vllm");
  const auto& decode = m.workloads[0].input.command;
  EXPECT_TRUE(has(decode, "Qwen/Qwen2.5-3B-Instruct"));  // hf://ID is served by its ID
  EXPECT_TRUE(has(decode, "qwen qwen-alias"));          // modelName and servedModelNames, one argument
  EXPECT_TRUE(has(decode, "8001"));                     // the preset's decode port
  EXPECT_TRUE(has(decode, R"({"kv_connector":"NixlConnector","kv_role":"kv_both"})"));
  EXPECT_TRUE(has(decode, "ghcr.io/llm-d/llm-d:0.0.9"));
  EXPECT_TRUE(has(m.workloads[1].input.command, "8000"));
  // nvfp4 needs Blackwell: on an H100 no backend serves the prefill pool (KVD016), the fp8 decode pool is served.
  CheckInput h100;
  h100.fields.gpu = "H100";
  const std::vector<std::string> files = {fixture("values-llmd-deployer.yaml")};
  auto checks = check_several(files, {}, h100);
  ASSERT_TRUE(checks.ok()) << checks.error().message;
  std::vector<std::string> kvd016;
  for (const WorkloadResult& r : checks->results)
    if (r.checked && r.checked->report.fired("KVD016")) kvd016.push_back(r.source.container);
  EXPECT_EQ(kvd016, std::vector<std::string>{"prefill/vllm"});
}

TEST(LlmdBenchmark, CustomAndGeneratedCommandsWithTheTemplatesEnvironment) {
  const auto m = read("task-llmd-benchmark.yaml");
  ASSERT_EQ(m.workloads.size(), 2u);
  EXPECT_TRUE(skipped(m, "idle: neither modelservice nor standalone is enabled"));
  const auto& decode = m.workloads[0].input.command;
  EXPECT_EQ(m.workloads[0].source.container, "decode/vllm");
  EXPECT_TRUE(has(decode, "VLLM_BLOCK_SIZE=32"));      // common.model over defaults.yaml's 64
  EXPECT_TRUE(has(decode, "VLLM_MAX_MODEL_LEN=8192"));
  EXPECT_TRUE(has(decode, "TP_SIZE=2"));               // the modelservice chart's, from parallelism
  EXPECT_TRUE(has(decode, "/bin/bash"));
  const auto script = std::find_if(decode.begin(), decode.end(), [](const std::string& w) { return w.starts_with("/bin/true ; "); });
  ASSERT_NE(script, decode.end());
  EXPECT_NE(script->find("export LD_LIBRARY_PATH"), std::string::npos);  // ${accelerator.runtimePreamble}
  EXPECT_EQ(script->find("${accelerator"), std::string::npos);
  const auto& prefill = m.workloads[1].input.command;
  const auto gen = std::find_if(prefill.begin(), prefill.end(), [](const std::string& w) { return w.starts_with("/bin/true ; "); });
  ASSERT_NE(gen, prefill.end());
  EXPECT_NE(gen->find("vllm serve Qwen/Qwen2.5-3B-Instruct --host 0.0.0.0"), std::string::npos);  // uriProtocol hf
  EXPECT_NE(gen->find("--enforce-eager"), std::string::npos);  // vllmCommon.flags defaults
  EXPECT_NE(gen->find("--kv-cache-dtype fp8"), std::string::npos);  // additionalFlags
  // The nodeSelector names an H100: the nvfp4 decode pool is refused, the fp8 prefill pool is not.
  EXPECT_EQ(fired("task-llmd-benchmark.yaml", "KVD016"), std::vector<std::string>{"nvfp4-on-hopper decode/vllm"});
}

}  // namespace
