// Deployment files as people write them: the custom resources of src/tables/custom_resources.cpp,
// the generic search of an unknown kind, launcher task files and chart values. Each fixture
// under tests/data/manifests/ has one pool that must fire KVD042 (TurboQuant keys on an A100
// with a bf16 model, vLLM 0.25.1) and one that must not (fp8 on an H100).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kvdtype/io/manifest.hpp"
#include "manifest_fixtures.hpp"
#include "tables/rows/custom_resource.hpp"

namespace {

using namespace kvdtype::io;

using kvdtype::test::fixture;
using kvdtype::test::skipped;
using kvdtype::test::slurp;

ManifestWorkloads read(const std::string& name) { return kvdtype::test::read_fixture(name); }

// kind, name, container (role/name), gpu and line of each workload.
struct Seen {
  std::string kind, name, container, gpu;
  int line;
  bool operator==(const Seen&) const = default;
};

std::vector<Seen> seen(const ManifestWorkloads& m) {
  std::vector<Seen> out;
  for (const Workload& w : m.workloads)
    out.push_back({w.source.kind, w.source.name, w.source.container, w.input.fields.gpu, w.source.line});
  return out;
}

std::ostream& operator<<(std::ostream& o, const Seen& s) {
  return o << s.kind << "/" << s.name << " " << s.container << " gpu=" << s.gpu << " line " << s.line;
}

// The checked fixture: which results fired `code`, by container label.
std::vector<std::string> fired(const std::string& name, const std::string& code) {
  return kvdtype::test::fired_in(name, code, [](const Source& s) { return s.container; });
}

constexpr const char* kA100 = "NVIDIA A100 SXM4 80GB";
constexpr const char* kH100 = "NVIDIA H100 80GB HBM3";

TEST(CustomResources, KServeLLMInferenceServiceDecodeAndPrefill) {
  const auto m = read("crd-kserve-llm.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"LLMInferenceService", "qwen-pd", "template/main", kH100, 14},
                                        {"LLMInferenceService", "qwen-pd", "prefill/main", kA100, 23},
                                        {"LLMInferenceServiceConfig", "base-h100", "template/main", kH100, 37}}));
  EXPECT_EQ(fired("crd-kserve-llm.yaml", "KVD042"), std::vector<std::string>{"prefill/main"});
}

TEST(CustomResources, AIBrixStormServiceRolesAndRayClusterFleet) {
  const auto m = read("crd-aibrix.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"StormService", "qwen-storm", "prefill/vllm", kA100, 19},
                                        {"StormService", "qwen-storm", "decode/vllm", kH100, 28},
                                        {"RayClusterFleet", "qwen-fleet", "head/ray-head", kH100, 47}}));
  EXPECT_TRUE(skipped(m, "container ray-worker")) << ::testing::PrintToString(m.skipped);  // `ray start` serves nothing
  EXPECT_EQ(fired("crd-aibrix.yaml", "KVD042"), std::vector<std::string>{"prefill/vllm"});
}

TEST(CustomResources, DynamoServicesMainContainersAndEnvs) {
  const auto m = read("crd-dynamo.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"DynamoGraphDeployment", "vllm-disagg", "VllmPrefillWorker/mainContainer", kA100, 24},
                                        {"DynamoGraphDeployment", "vllm-disagg", "VllmDecodeWorker/mainContainer", kH100, 31},
                                        {"DynamoComponentDeployment", "vllm-decode", "mainContainer", kH100, 43}}));
  // The graph's envs reach every service; a service's own envs win.
  ASSERT_EQ(m.workloads.size(), 3u);
  const auto& prefill = m.workloads[0].input.command;
  const auto& decode = m.workloads[1].input.command;
  EXPECT_NE(std::find(prefill.begin(), prefill.end(), "turboquant_k8v4"), prefill.end());
  EXPECT_NE(std::find(decode.begin(), decode.end(), "fp8"), decode.end());
  EXPECT_TRUE(skipped(m, "dynamo.frontend") || skipped(m, "Frontend") || skipped(m, "not a serving command"));
  EXPECT_EQ(fired("crd-dynamo.yaml", "KVD042"), std::vector<std::string>{"VllmPrefillWorker/mainContainer"});
}

// v1beta1 components; Dynamo's engine modules read as their engine (python -m dynamo.vllm takes
// vLLM's flags, dynamo.sglang SGLang's; Dynamo's own --dyn-* options are passed over).
TEST(CustomResources, DynamoV1beta1ComponentsAndEngineModules) {
  const auto m = read("crd-dynamo-v1beta1.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"DynamoGraphDeployment", "dynamo-modules", "VllmWorker/main", kA100, 28},
                                        {"DynamoGraphDeployment", "dynamo-modules", "SglangWorker/main", kH100, 39}}));
  EXPECT_TRUE(skipped(m, "container main (nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.4.2): not a serving command"))
      << ::testing::PrintToString(m.skipped);  // dynamo.frontend serves no engine
  EXPECT_EQ(fired("crd-dynamo-v1beta1.yaml", "KVD042"), std::vector<std::string>{"VllmWorker/main"});
}

// A service's `main` without a command runs the well-known config's `vllm serve` with
// VLLM_ADDITIONAL_ARGS and its args; a config's Go templates never read as values.
TEST(CustomResources, KServeLLMInferenceServiceInheritsTheConfigsCommand) {
  const auto m = read("crd-kserve-llm-inherit.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"LLMInferenceService", "qwen-inherit", "template/main", kH100, 15},
                                        {"LLMInferenceService", "qwen-inherit", "prefill/main", kA100, 24},
                                        {"LLMInferenceServiceConfig", "templated", "template/main", kH100, 36}}));
  ASSERT_EQ(m.workloads.size(), 3u);
  const auto& decode = m.workloads[0].input.command;
  for (const char* w : {"vllm", "Qwen/Qwen2.5-3B-Instruct", "--kv-cache-dtype", "fp8"})
    EXPECT_NE(std::find(decode.begin(), decode.end(), w), decode.end()) << w;
  const auto& prefill = m.workloads[1].input.command;
  EXPECT_NE(std::find(prefill.begin(), prefill.end(), "--tensor-parallel-size"), prefill.end());
  EXPECT_EQ(fired("crd-kserve-llm-inherit.yaml", "KVD042"), std::vector<std::string>{"prefill/main"});
  EXPECT_TRUE(fired("crd-kserve-llm-inherit.yaml", "KVD151").empty());
}

// Operators that build the pod from the object's fields: KubeAI's Model (GPU from the resource
// profile, image from the chart's defaults unless spec.image), production-stack's VLLMRuntime;
// and OME runtimes whose engine / decoder pods add their `runner` container.
TEST(CustomResources, OperatorsBuildThePodKubeAIProductionStackOME) {
  const auto m = read("crd-operators.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"Model", "qwen-tq-a100", "server", "A100 80GB", 10},
                                        {"Model", "qwen-fp8-h100", "server", "H100", 23},
                                        {"VLLMRuntime", "qwen-runtime", "vllm", kA100, 44},
                                        {"ClusterServingRuntime", "ome-pd", "engine/ome-container", kH100, 66},
                                        {"ClusterServingRuntime", "ome-pd", "decoder/leader/ome-container", kA100, 73}}));
  ASSERT_EQ(m.workloads.size(), 5u);
  auto has = [](const std::vector<std::string>& c, const char* w) { return std::find(c.begin(), c.end(), w) != c.end(); };
  const auto& tq = m.workloads[0].input.command;
  for (const char* w : {"vllm/vllm-openai:v0.25.1", "python3", "vllm.entrypoints.openai.api_server",
                        "--model=Qwen/Qwen2.5-3B-Instruct", "--served-model-name=qwen-tq-a100"})
    EXPECT_TRUE(has(tq, w)) << w;
  // spec.env in key order, as the controller sorts it.
  const auto home = std::find(tq.begin(), tq.end(), "HF_HOME=/data");
  const auto level = std::find(tq.begin(), tq.end(), "VLLM_LOGGING_LEVEL=INFO");
  EXPECT_TRUE(home != tq.end() && level != tq.end() && home < level);
  EXPECT_TRUE(has(m.workloads[1].input.command, "vllm/vllm-openai:v0.8.3"));  // the chart's default image
  const auto& rt = m.workloads[2].input.command;
  for (const char* w : {"/opt/venv/bin/vllm", "serve", "Qwen/Qwen2.5-3B-Instruct", "--no-enable-chunked-prefill",
                        "--max-model-len", "4096", "turboquant_k8v4"})
    EXPECT_TRUE(has(rt, w)) << w;
  EXPECT_TRUE(skipped(m, "Model/gemma-ollama: engine OLlama")) << ::testing::PrintToString(m.skipped);
  EXPECT_TRUE(skipped(m, "container router (docker.io/lightseekorg/smg:1.4.1): not a serving command"));
  EXPECT_EQ(fired("crd-operators.yaml", "KVD042"),
            (std::vector<std::string>{"server", "vllm", "decoder/leader/ome-container"}));
}

// A KubeAI profile kvdtype has no GPU for, and one without a GPU, leave the GPU unknown.
TEST(CustomResources, KubeAIProfilesWithoutAKnownGpu) {
  const std::string yaml =
      "apiVersion: kubeai.org/v1\nkind: Model\nmetadata: {name: a}\nspec:\n"
      "  url: hf://Qwen/Qwen2.5-3B-Instruct\n  engine: VLLM\n  resourceProfile: my-own-gpu:2\n---\n"
      "apiVersion: kubeai.org/v1\nkind: Model\nmetadata: {name: b}\nspec:\n"
      "  url: pvc://models\n  engine: VLLM\n  resourceProfile: cpu:4\n";
  auto r = read_manifest(yaml, "m.yaml", CheckInput{});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->workloads.size(), 2u);
  EXPECT_EQ(r->workloads[0].input.fields.gpu, "");
  const auto& notes = r->workloads[0].notes;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("resourceProfile my-own-gpu:2 is not one KubeAI's chart ships") != std::string::npos;
  }));
  const auto& cpu = r->workloads[1].input.command;
  EXPECT_NE(std::find(cpu.begin(), cpu.end(), "--model=/model"), cpu.end());
  EXPECT_NE(std::find(cpu.begin(), cpu.end(), "substratusai/vllm:v0.6.3.post1-cpu"), cpu.end());
}

// `sh -c -- SCRIPT`: the script follows the `--` (KubeRay's ["/bin/bash", "-lc", "--"]).
TEST(CustomResources, AShellScriptAfterDoubleDashIsRead) {
  const std::string yaml =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
      "  nodeSelector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}\n"
      "  containers:\n  - name: c\n    image: vllm/vllm-openai:v0.27.0\n"
      "    command: [/bin/bash, -lc, --]\n"
      "    args: [\"ulimit -n 65536; ray start --head; vllm serve Qwen/Qwen2.5-3B-Instruct --kv-cache-dtype fp8\"]\n";
  auto r = read_manifest(yaml, "pod.yaml", CheckInput{});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->workloads.size(), 1u) << ::testing::PrintToString(r->skipped);
  const std::string no_script =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: busybox\n"
      "    command: [/bin/bash, -lc, --]\n    args: [\"ulimit -n 65536; ray start --head --block\"]\n";
  auto none = read_manifest(no_script, "pod.yaml", CheckInput{});
  ASSERT_TRUE(none.ok()) << none.error().message;
  EXPECT_TRUE(none->workloads.empty());
}

TEST(CustomResources, KubeRayServeConfigAndClusterGroups) {
  const auto m = read("crd-kuberay.yaml");
  // The Ray Serve LLM configs are the RayService's servers: accelerator_type, else the worker
  // groups' node selectors, give the GPU.
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"RayService", "llm-serve", "serveConfigV2/llms/qwen-tq", "A100", 15},
                                        {"RayService", "llm-serve", "serveConfigV2/llms/qwen-fp8", kH100, 22},
                                        {"RayCluster", "vllm-ray", "head/head", kH100, 58}}));
  EXPECT_TRUE(skipped(m, "container worker")) << ::testing::PrintToString(m.skipped);
  EXPECT_EQ(fired("crd-kuberay.yaml", "KVD042"), std::vector<std::string>{"serveConfigV2/llms/qwen-tq"});
}

TEST(CustomResources, KindsAreTellApartByTheirApiGroup) {
  const auto m = read("crd-misc.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"Service", "kn-qwen", "", kH100, 13},
                                        {"Rollout", "ro-qwen", "vllm", kA100, 32},
                                        {"Job", "vc-qwen", "server/vllm", kH100, 48},
                                        {"PyTorchJob", "pt-qwen", "Master/pytorch", kH100, 64},
                                        {"CloneSet", "cs-qwen", "vllm", kH100, 77}}));
  // The core Service (v1) is no Knative Service: skipped, naming its kind.
  EXPECT_TRUE(skipped(m, "Service/kn-qwen-lb: no pod template (kind Service (v1)")) << ::testing::PrintToString(m.skipped);
  EXPECT_EQ(fired("crd-misc.yaml", "KVD042"), std::vector<std::string>{"vllm"});
  EXPECT_EQ(kvdtype::find_pod_kind("batch/v1", "Job")->project, "Kubernetes");
  EXPECT_EQ(kvdtype::find_pod_kind("batch.volcano.sh/v1alpha1", "Job")->project, "Volcano");
  EXPECT_EQ(kvdtype::find_pod_kind("v1", "Service"), nullptr);
  EXPECT_EQ(kvdtype::find_pod_kind("", "Deployment")->project, "Kubernetes");
}

TEST(CustomResources, AnUnknownKindIsSearchedAndSaysSo) {
  const auto m = read("crd-unknown.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"ModelServer", "guessed", "spec.engines[primary].pod/vllm", kA100, 13}}));
  ASSERT_EQ(m.workloads.size(), 1u);
  const auto& notes = m.workloads[0].notes;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("generic search at spec.engines[primary].pod") != std::string::npos && n.find("guessed") != std::string::npos;
  })) << ::testing::PrintToString(notes);
  EXPECT_TRUE(skipped(m, "ModelRoute/route: no pod template (kind ModelRoute (inference.example.com/v1)"))
      << ::testing::PrintToString(m.skipped);
  EXPECT_EQ(fired("crd-unknown.yaml", "KVD042").size(), 1u);
}

TEST(CustomResources, TheGenericSearchIsBounded) {
  std::string doc = "apiVersion: x.example.com/v1\nkind: Wide\nmetadata: {name: w}\nspec:\n  pods:\n";
  for (int i = 0; i < 100; ++i)
    doc += "  - {name: p" + std::to_string(i) + ", containers: [{name: c, image: busybox, command: [sleep, inf]}]}\n";
  auto r = read_manifest(doc, "w.yaml", CheckInput{});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(std::any_of(r->skipped.begin(), r->skipped.end(),
                          [](const std::string& s) { return s.find("stopped at its bound") != std::string::npos; }));
  // What the bound left unread is an unchecked fact (KVD080), not passed as fine.
  EXPECT_TRUE(std::any_of(r->unknown.begin(), r->unknown.end(),
                          [](const std::string& s) { return s.find("stopped at its bound") != std::string::npos; }));
}

TEST(TaskFiles, SkyPilotRunScriptEnvsAndAccelerators) {
  const auto m = read("task-skypilot.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"SkyPilot task", "qwen-serve", "run", "A100", 14}}));
  ASSERT_EQ(m.workloads.size(), 1u);
  const auto& cmd = m.workloads[0].input.command;
  EXPECT_NE(std::find(cmd.begin(), cmd.end(), "vllm/vllm-openai:v0.25.1"), cmd.end());  // image_id: the engine's release
  EXPECT_EQ(fired("task-skypilot.yaml", "KVD042").size(), 1u);
  const auto good = read("task-skypilot-good.yaml");
  EXPECT_EQ(seen(good), (std::vector<Seen>{{"SkyPilot task", "qwen-serve-h100", "run", "H100", 6}}));
  EXPECT_TRUE(fired("task-skypilot-good.yaml", "KVD042").empty());
}

TEST(TaskFiles, RayServeLLMPrefillAndDecodeConfigs) {
  const auto m = read("task-ray-serve.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"Ray Serve app", "pd", "prefill/qwen", "A100", 9},
                                        {"Ray Serve app", "pd", "decode/qwen", "H100", 18}}));
  // An application of its own Python code whose module is not at hand: named, not guessed.
  EXPECT_TRUE(skipped(m, "import_path my_app.main:app: a Python application whose vLLM arguments are in its module my_app/main.py"));
  EXPECT_EQ(fired("task-ray-serve.yaml", "KVD042"), std::vector<std::string>{"prefill/qwen"});
  // engine_kwargs' kv_transfer_config pairs the two pools: their KV formats differ.
  const std::vector<std::string> files = {fixture("task-ray-serve.yaml")};
  auto checks = check_several(files, {}, CheckInput{});
  ASSERT_TRUE(checks.ok());
  EXPECT_TRUE(std::any_of(checks->diagnostics.begin(), checks->diagnostics.end(),
                          [](const DeploymentDiagnostic& d) { return d.rule && d.rule->code == "KVD300"; }));
}

TEST(ChartValues, ProductionStackModelSpecs) {
  const auto m = read("values-production-stack.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"production-stack modelSpec", "qwen-tq", "vllm", kA100, 5},
                                        {"production-stack modelSpec", "qwen-fp8", "vllm", kH100, 20}}));
  EXPECT_TRUE(skipped(m, "enabled: false"));
  ASSERT_EQ(m.workloads.size(), 2u);
  const auto& cmd = m.workloads[1].input.command;
  EXPECT_NE(std::find(cmd.begin(), cmd.end(), "--tensor-parallel-size"), cmd.end());  // vllmConfig.tensorParallelSize
  EXPECT_EQ(fired("values-production-stack.yaml", "KVD042").size(), 1u);
}

TEST(ChartValues, LlmdModelserviceDecodeAndPrefill) {
  const auto m = read("values-llm-d.yaml");
  EXPECT_EQ(seen(m), (std::vector<Seen>{{"llm-d modelservice values", "Qwen/Qwen2.5-3B-Instruct", "decode/vllm", kH100, 12},
                                        {"llm-d modelservice values", "Qwen/Qwen2.5-3B-Instruct", "prefill/vllm", kA100, 20}}));
  ASSERT_EQ(m.workloads.size(), 2u);
  const auto& cmd = m.workloads[0].input.command;
  // vllmServe: `vllm serve MODEL` (the templated hf:// uri) and the pool's tensor parallelism.
  EXPECT_NE(std::find(cmd.begin(), cmd.end(), "Qwen/Qwen2.5-3B-Instruct"), cmd.end());
  EXPECT_NE(std::find(cmd.begin(), cmd.end(), "--tensor-parallel-size"), cmd.end());
  EXPECT_EQ(fired("values-llm-d.yaml", "KVD042"), std::vector<std::string>{"prefill/vllm"});
}

TEST(UnreadableFiles, TheErrorSaysWhatTheFileLooksLike) {
  auto r = read_manifest(slurp(fixture("vllm-config.yaml")), "vllm-config.yaml", CheckInput{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("a vLLM config file"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("-- vllm serve --config FILE"), std::string::npos) << r.error().message;
  r = read_manifest(slurp(fixture("helm-template.yaml")), "helm-template.yaml", CheckInput{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("a Helm chart template (has {{ }}); render it with `helm template`"), std::string::npos)
      << r.error().message;
  r = read_manifest("kv_cache_config: {dtype: fp8}\n", "opts.yaml", CheckInput{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("--extra_llm_api_options FILE"), std::string::npos) << r.error().message;
  r = read_manifest("architectures: [LlamaForCausalLM]\nhidden_size: 4096\n", "config.yaml", CheckInput{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("--model DIR"), std::string::npos) << r.error().message;
}

// docs/inputs.md lists every kind of the table with its paths: adding a row without its doc
// line fails here.
TEST(CustomResources, TheDocsNameEveryKindAndPath) {
  const std::string docs = slurp(std::string(KVDTYPE_TEST_DATA_DIR) + "/../../docs/inputs.md");
  ASSERT_FALSE(docs.empty());
  for (const kvdtype::PodKind& k : kvdtype::pod_kinds()) {
    EXPECT_NE(docs.find("`" + std::string(k.kind) + "`"), std::string::npos) << k.kind;
    for (const kvdtype::PodPath& p : k.pods) {
      if (p.path.empty()) continue;
      EXPECT_NE(docs.find("`" + std::string(p.path) + "`"), std::string::npos) << k.kind << " " << p.path;
    }
  }
}

}  // namespace
