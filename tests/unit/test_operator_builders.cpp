// Custom resources whose operator builds the pod from other objects of the file and its own
// defaults: Arks's ArksApplication (src/sources/k8s/manifest_arks.cpp) and llmaz's Playground
// (src/sources/k8s/manifest_llmaz.cpp). The fixture tests/data/manifests/crd-arks-llmaz.yaml has
// one pool of each that must fire KVD042 (TurboQuant keys on an A100 with a bf16 model, vLLM
// 0.25.1) and ones that must not (fp8 on an H100).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kvdtype/io/manifest.hpp"
#include "manifest_fixtures.hpp"

namespace {

using namespace kvdtype::io;
using kvdtype::test::skipped;

bool has(const std::vector<std::string>& words, const std::string& w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

bool noted(const Workload& w, const std::string& text) {
  return std::any_of(w.notes.begin(), w.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

// The one word of a `/bin/bash -c LINE` command that holds `text`.
std::string line_with(const std::vector<std::string>& words, const std::string& text) {
  for (const std::string& w : words)
    if (w.find(text) != std::string::npos) return w;
  return {};
}

TEST(OperatorBuilders, ArksLeaderAndWorkersWithTheirModelAndFlags) {
  const auto m = kvdtype::test::read_fixture("crd-arks-llmaz.yaml");
  ASSERT_EQ(m.workloads.size(), 5u);
  // vLLM: the leader runs the engine after starting Ray; the group size is expanded.
  const Workload& tq = m.workloads[0];
  EXPECT_EQ(tq.source.kind, "ArksApplication");
  EXPECT_EQ(tq.source.container, "leader/instance");
  EXPECT_EQ(tq.input.fields.gpu, "NVIDIA A100 SXM4 80GB");
  const std::string line = line_with(tq.input.command, "vllm.entrypoints.openai.api_server");
  for (const char* w : {"--ray_cluster_size=2;", "--model Qwen/Qwen2.5-3B-Instruct", "--served-model-name qwen-3b",
                        "--tensor-parallel-size 2 --dtype bfloat16 --kv-cache-dtype turboquant_k8v4"})
    EXPECT_NE(line.find(w), std::string::npos) << w << " in " << line;
  EXPECT_TRUE(has(tq.input.command, "vllm/vllm-openai:v0.25.1"));
  EXPECT_TRUE(noted(tq, "ArksModel qwen-3b holds Qwen/Qwen2.5-3B-Instruct"));
  // Its workers run only the Ray worker.
  EXPECT_TRUE(skipped(m, "ArksApplication/arks-tq-a100 container instance (vllm/vllm-openai:v0.25.1): not a serving command"))
      << ::testing::PrintToString(m.skipped);
  // SGLang: leader and worker each run the engine; extraOptions is no field and is dropped.
  const Workload& lead = m.workloads[1];
  const Workload& work = m.workloads[2];
  EXPECT_EQ(lead.source.container, "leader/instance");
  EXPECT_EQ(work.source.container, "worker/instance");
  const std::string sg = line_with(lead.input.command, "sglang.launch_server");
  for (const char* w : {"--nnodes 2 --node-rank 0", "--model-path Qwen/Qwen2.5-3B-Instruct", "--tp 2 --kv-cache-dtype fp8_e4m3",
                        "--enable-metrics"})
    EXPECT_NE(sg.find(w), std::string::npos) << w << " in " << sg;
  EXPECT_EQ(sg.find("mem-fraction-static"), std::string::npos) << sg;
  EXPECT_TRUE(noted(lead, "spec.extraOptions is not a field of ArksApplication"));
  EXPECT_NE(line_with(work.input.command, "sglang.launch_server").find("--node-rank $(LWS_WORKER_INDEX)"), std::string::npos);
  EXPECT_EQ(work.input.fields.gpu, "NVIDIA H100 80GB HBM3");
}

TEST(OperatorBuilders, LlmazRendersTheChartsOrTheFilesBackendRuntime) {
  const auto m = kvdtype::test::read_fixture("crd-arks-llmaz.yaml");
  ASSERT_EQ(m.workloads.size(), 5u);
  // The chart's vllm runtime: its default config rendered, the Playground's version, args, envs.
  const Workload& fp8 = m.workloads[3];
  EXPECT_EQ(fp8.source.kind, "Playground");
  EXPECT_EQ(fp8.source.container, "model-runner");
  EXPECT_EQ(fp8.input.fields.gpu, "NVIDIA H100 80GB HBM3");  // the model's first flavor's nodeSelector
  for (const char* w : {"vllm/vllm-openai:v0.25.1", "vllm.entrypoints.openai.api_server", "Qwen/Qwen2.5-3B-Instruct",
                        "--served-model-name", "qwen-3b", "--kv-cache-dtype", "fp8", "VLLM_LOGGING_LEVEL=INFO"})
    EXPECT_TRUE(has(fp8.input.command, w)) << w;
  // The file's BackendRuntime my-vllm replaces any chart one; the flavor the claim names (no
  // nodeSelector) is read by its name.
  const Workload& tq = m.workloads[4];
  for (const char* w : {"vllm", "serve", "--dtype", "bfloat16", "turboquant_k8v4"}) EXPECT_TRUE(has(tq.input.command, w)) << w;
  EXPECT_FALSE(has(tq.input.command, "vllm.entrypoints.openai.api_server"));
  EXPECT_EQ(tq.input.fields.gpu, "a100");  // as written: the target parser reads it
  EXPECT_TRUE(noted(tq, "llmaz flavor of OpenModel qwen-3b: a100"));
  EXPECT_EQ(kvdtype::test::fired_in("crd-arks-llmaz.yaml", "KVD042",
                                    [](const Source& s) { return s.kind + "/" + s.name; }),
            (std::vector<std::string>{"ArksApplication/arks-tq-a100", "Playground/llmaz-tq-a100"}));
}

// What the operator needs from another object that the file does not hold is said, never guessed.
TEST(OperatorBuilders, WhatTheFileDoesNotHoldIsSaid) {
  const std::string yaml =
      "apiVersion: arks.ai/v1\nkind: ArksApplication\nmetadata: {name: a}\nspec:\n  runtime: vllm\n  model: {name: m}\n"
      "  instanceSpec: {nodeSelector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}}\n---\n"
      "apiVersion: arks.ai/v1\nkind: ArksApplication\nmetadata: {name: b}\nspec:\n  runtime: trtllm\n  model: {name: m}\n---\n"
      "apiVersion: inference.llmaz.io/v1alpha1\nkind: Playground\nmetadata: {name: p}\nspec:\n  modelClaim: {modelName: gone}\n---\n"
      "apiVersion: llmaz.io/v1alpha1\nkind: OpenModel\nmetadata: {name: here}\nspec:\n  source: {modelHub: {modelID: Qwen/Qwen2.5-3B-Instruct}}\n---\n"
      "apiVersion: inference.llmaz.io/v1alpha1\nkind: Playground\nmetadata: {name: q}\nspec:\n  modelClaim: {modelName: here}\n"
      "  backendRuntimeConfig: {backendName: tgi}\n---\n"
      "apiVersion: inference.llmaz.io/v1alpha1\nkind: Playground\nmetadata: {name: r}\nspec:\n  modelClaim: {modelName: here}\n"
      "  backendRuntimeConfig: {configName: speculative-decoding}\n";
  auto r = read_manifest(yaml, "m.yaml", CheckInput{});
  ASSERT_TRUE(r.ok()) << r.error().message;
  // The ArksModel is not here: the operator's path is written and the model is unknown.
  ASSERT_EQ(r->workloads.size(), 1u);
  EXPECT_NE(line_with(r->workloads[0].input.command, "api_server").find("--model /models/models/NAMESPACE/m "), std::string::npos);
  EXPECT_TRUE(noted(r->workloads[0], "the ArksModel m is not in this file"));
  EXPECT_TRUE(skipped(*r, "ArksApplication/b: runtime trtllm is refused by the arks operator")) << ::testing::PrintToString(r->skipped);
  EXPECT_TRUE(skipped(*r, "Playground/p: the OpenModel gone the Playground claims is not in this file"));
  EXPECT_TRUE(skipped(*r, "Playground/q: backendName tgi is not a BackendRuntime llmaz's chart installs"));
  // Speculative decoding needs a draft model: the template names one this Playground lacks.
  EXPECT_TRUE(skipped(*r, "Playground/r: the arg {{ .DraftModelPath }} of BackendRuntime vllm names .DraftModelPath"));
  // Only the object whose pod depends on what the file lacks is unknown (KVD080 in every face);
  // a runtime the operator refuses, TGI and a template llmaz fails run nothing kvdtype judges.
  ASSERT_EQ(r->unknown.size(), 1u) << ::testing::PrintToString(r->unknown);
  EXPECT_NE(r->unknown[0].find("Playground/p: the OpenModel gone"), std::string::npos) << r->unknown[0];
}

// Beside a workload that was read, the Playground whose pod could not be built is its own KVD080
// finding (the verdict incomplete), as the webhook answers the Playground alone.
TEST(OperatorBuilders, AnObjectWhosePodCouldNotBeBuiltKeepsTheVerdictIncomplete) {
  const std::vector<std::string> files = {kvdtype::test::fixture("playground-beside-pod.yaml")};
  auto checks = check_several(files, {}, CheckInput{});
  ASSERT_TRUE(checks.ok()) << checks.error().message;
  EXPECT_EQ(checks->results.size(), 1u);
  const auto kvd080 = std::find_if(checks->diagnostics.begin(), checks->diagnostics.end(), [](const DeploymentDiagnostic& d) {
    return d.rule && d.rule->code == "KVD080" && d.message.find("not checked: Playground/qwen") != std::string::npos;
  });
  ASSERT_NE(kvd080, checks->diagnostics.end());
  EXPECT_EQ(kvd080->severity, kvdtype::Severity::warning);
}

// renderFlags replaces `{{ .Key }}` only: other braces stay as written, an action inside a word
// is replaced in place, and an unfinished `{{` at the end of a word is kept.
TEST(OperatorBuilders, LlmazRendersOnlyItsActions) {
  const std::string yaml =
      "apiVersion: llmaz.io/v1alpha1\nkind: OpenModel\nmetadata: {name: here}\n"
      "spec:\n  source: {modelHub: {modelID: Qwen/Qwen2.5-3B-Instruct}}\n---\n"
      "apiVersion: inference.llmaz.io/v1alpha1\nkind: BackendRuntime\nmetadata: {name: mine}\n"
      "spec:\n  command: [vllm, serve]\n  image: vllm/vllm-openai\n  version: v0.25.1\n"
      "  recommendedConfigs:\n    - name: default\n"
      "      args: [\"{{.ModelPath}}\", \"--served-model-name={{ .ModelName }}-a\", \"--x={{ notanaction }}\", \"--y={{\"]\n---\n"
      "apiVersion: inference.llmaz.io/v1alpha1\nkind: Playground\nmetadata: {name: p}\n"
      "spec:\n  modelClaim: {modelName: here}\n  backendRuntimeConfig: {backendName: mine}\n";
  auto r = read_manifest(yaml, "m.yaml", CheckInput{});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->workloads.size(), 1u) << ::testing::PrintToString(r->skipped);
  const auto& c = r->workloads[0].input.command;
  for (const char* w : {"Qwen/Qwen2.5-3B-Instruct", "--served-model-name=here-a", "--x={{ notanaction }}", "--y={{"})
    EXPECT_TRUE(has(c, w)) << w << " in " << ::testing::PrintToString(c);
}

}  // namespace

// kthena: a ModelServing's roles are read by their rows; a ModelBooster's engine pods are built
// as its model-booster controller builds them (src/sources/k8s/manifest_kthena.cpp).
TEST(OperatorBuilders, KthenaModelServingRolesAndModelBoosterWorkers) {
  const auto m = kvdtype::test::read_fixture("crd-kthena.yaml");
  ASSERT_EQ(m.workloads.size(), 5u) << ::testing::PrintToString(m.skipped);
  EXPECT_EQ(m.workloads[0].source.kind, "ModelServing");
  EXPECT_EQ(m.workloads[0].source.container, "prefill/entry/leader");
  EXPECT_EQ(m.workloads[1].source.container, "prefill/worker/worker");
  // vLLM backend: the server of two pods runs the engine after the Ray leader script, its config
  // keys in byte order, `_` written `-`, an empty value as a bare flag.
  const Workload& server = m.workloads[2];
  EXPECT_EQ(server.source.kind, "ModelBooster");
  EXPECT_EQ(server.source.container, "server/engine");
  const std::string line = line_with(server.input.command, "vllm.entrypoints.openai.api_server");
  EXPECT_NE(line.find("multi-node-serving.sh leader --ray_cluster_size=2 && python3 -m vllm.entrypoints.openai.api_server "
                      "--model Qwen/Qwen3-8B --enforce-eager --gpu-memory-utilization 0.8 --kv-cache-dtype fp8 "
                      "--served-model-name q --distributed_executor_backend ray"),
            std::string::npos)
      << line;
  EXPECT_TRUE(noted(server, "hf://Qwen/Qwen3-8B is downloaded by the controller"));
  // vLLMDisaggregated with NixlConnector on GPUs: the controller installs nixl first.
  const Workload& prefill = m.workloads[3];
  EXPECT_EQ(prefill.source.container, "prefill/vllm");
  EXPECT_EQ(m.workloads[4].source.container, "decode/vllm");
  const std::string pd = line_with(prefill.input.command, "api_server");
  EXPECT_EQ(pd.rfind("PIP_DISABLE_PIP_VERSION_CHECK=1 pip install -U --no-cache-dir nixl && python3 -m", 0), 0u) << pd;
  EXPECT_NE(pd.find("--model Qwen/Qwen3-8B --kv-transfer-config"), std::string::npos) << pd;
  EXPECT_TRUE(noted(prefill, "the last parts of the URI"));
  // A backend type the controller does not build is skipped with the reason.
  EXPECT_TRUE(skipped(m, "ModelBooster/mb-mindie: backend type MindIE is refused")) << ::testing::PrintToString(m.skipped);
}
