// kvdtype check --manifest: Kubernetes objects of every kind and compose files, their sources
// (file, document, line, kind, name, container), GPUs from node labels, the fleet view, and the
// deployment diagnostics of prefill/decode pools (KVD300–KVD306). Fixtures: tests/data/manifests.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::run_cli;
using Json = nlohmann::json;

std::string fixture(const std::string& name) { return std::string(KVDTYPE_TEST_DATA_DIR) + "/manifests/" + name; }

Json checks(const std::vector<std::string>& args, int* exit_code = nullptr) {
  std::vector<std::string> a = {"check", "--format", "json"};
  a.insert(a.end(), args.begin(), args.end());
  const auto r = run_cli(a);
  if (exit_code) *exit_code = r.exit_code;
  EXPECT_FALSE(r.out.empty()) << r.err;
  Json j = Json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out;
  if (!j.is_discarded()) {
    EXPECT_EQ(j["schema"], "kvdtype.checks/v1");
  }
  return j;
}

const Json* result_named(const Json& j, const std::string& name, const std::string& gpu = {}) {
  for (const Json& r : j["results"])
    if (r["source"].value("name", "") == name && (gpu.empty() || r["source"].value("gpu", "") == gpu)) return &r;
  return nullptr;
}

bool has_code(const Json& diags, const std::string& code, const std::string& severity = {}) {
  for (const Json& d : diags)
    if (d["code"] == code && (severity.empty() || d["severity"] == severity)) return true;
  return false;
}

TEST(Manifests, DeploymentWithASidecarChecksTheServerOnly) {
  int rc = -1;
  const Json j = checks({"--manifest", fixture("tq-a100.yaml")}, &rc);
  ASSERT_EQ(j["results"].size(), 1u);
  const Json& r = j["results"][0];
  EXPECT_EQ(r["source"]["file"], fixture("tq-a100.yaml"));
  EXPECT_EQ(r["source"]["document"], 0);
  EXPECT_EQ(r["source"]["line"], 17);
  EXPECT_EQ(r["source"]["kind"], "Deployment");
  EXPECT_EQ(r["source"]["name"], "qwen-tq");
  EXPECT_EQ(r["source"]["container"], "vllm");
  EXPECT_EQ(r["plan"]["target"]["name"], "sm_80");           // nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB
  EXPECT_EQ(r["request"]["engine_version"], "0.25.1");       // the image tag
  EXPECT_EQ(r["request"]["kv_cache_dtype"], "turboquant_k8v4");
  EXPECT_TRUE(has_code(r["diagnostics"], "KVD042"));
  EXPECT_EQ(rc, r["verdict"] == "error" ? 1 : 0);
  const std::string notes = j["notes"].dump();
  EXPECT_NE(notes.find("metrics-sidecar"), std::string::npos) << notes;
  EXPECT_NE(notes.find("tq-a100.yaml:31"), std::string::npos) << notes;
}

TEST(Manifests, StatefulSetAffinityAndDeploymentNodeSelector) {
  const Json j = checks({"--manifest", fixture("mixed.yaml")});
  ASSERT_EQ(j["results"].size(), 2u);
  const Json* llama = result_named(j, "llama-fp8");
  const Json* dsv3 = result_named(j, "dsv3-mi300x");
  ASSERT_TRUE(llama && dsv3);
  EXPECT_EQ((*llama)["source"]["kind"], "StatefulSet");
  EXPECT_EQ((*llama)["source"]["line"], 24);
  EXPECT_EQ((*llama)["source"]["document"], 0);
  EXPECT_EQ((*llama)["plan"]["target"]["name"], "sm_90");  // required node affinity
  EXPECT_EQ((*llama)["request"]["kv_cache_dtype"], "fp8");  // from the sh -c script
  EXPECT_EQ((*dsv3)["source"]["line"], 46);
  EXPECT_EQ((*dsv3)["source"]["document"], 1);
  EXPECT_EQ((*dsv3)["plan"]["target"]["name"], "gfx942");  // amd.com/gpu.product-name: AMD_Instinct_MI300X_OAM
  EXPECT_EQ((*dsv3)["request"]["backend"], "ROCM_AITER_MLA");  // the container's VLLM_ATTENTION_BACKEND
  EXPECT_EQ((*dsv3)["request"]["data_parallel_size"], 8);
}

TEST(Manifests, ComposeServiceUsesTheImageEntrypointAndEnvironment) {
  const Json j = checks({"--manifest", fixture("compose.yaml"), "--gpu", "H100"});
  ASSERT_EQ(j["results"].size(), 1u);
  const Json& r = j["results"][0];
  EXPECT_EQ(r["source"]["kind"], "compose service");
  EXPECT_EQ(r["source"]["name"], "glm");
  EXPECT_EQ(r["source"]["line"], 2);
  EXPECT_FALSE(r["source"].contains("container"));
  EXPECT_EQ(r["plan"]["backend"], "FLASHINFER_MLA_SPARSE_SM90");
  EXPECT_EQ(r["request"]["engine_version"], "0.30.0");
  EXPECT_EQ(r["request"]["model_dtype"], "bfloat16");
  EXPECT_NE(r["notes"].dump().find("entrypoint"), std::string::npos);
}

TEST(Manifests, LeaderWorkerSetLeaderServesWorkersAreSkipped) {
  const Json j = checks({"--manifest", fixture("lws.yaml")});
  ASSERT_EQ(j["results"].size(), 1u);
  const Json& r = j["results"][0];
  EXPECT_EQ(r["source"]["kind"], "LeaderWorkerSet");
  EXPECT_EQ(r["source"]["container"], "leaderTemplate/vllm-leader");
  EXPECT_EQ(r["source"]["line"], 17);
  EXPECT_EQ(r["plan"]["target"]["name"], "sm_90");  // NVIDIA-H200
  EXPECT_EQ(r["request"]["tensor_parallel_size"], 8);
  // $(MODEL) came from the env list; the valueFrom variable is said to be unknown.
  EXPECT_NE(r.dump().find("valueFrom"), std::string::npos);
  EXPECT_NE(j["notes"].dump().find("vllm-worker"), std::string::npos);
}

TEST(Manifests, KServeHuggingFaceRuntimeCustomContainerAndServingRuntime) {
  int rc = -1;
  const Json j = checks({"--manifest", fixture("kserve.yaml")}, &rc);
  ASSERT_EQ(j["results"].size(), 3u);
  const Json* hf = result_named(j, "llama-hf");
  ASSERT_TRUE(hf);
  EXPECT_EQ((*hf)["source"]["kind"], "InferenceService");
  EXPECT_EQ((*hf)["source"]["container"], "predictor/model");
  EXPECT_EQ((*hf)["source"]["line"], 11);
  EXPECT_EQ((*hf)["plan"]["target"]["name"], "sm_75");  // Tesla-T4
  EXPECT_TRUE(has_code((*hf)["diagnostics"], "KVD081", "error"));  // bfloat16 on a T4
  const Json* custom = result_named(j, "qwen-custom");
  ASSERT_TRUE(custom);
  EXPECT_EQ((*custom)["source"]["line"], 30);
  EXPECT_EQ((*custom)["plan"]["target"]["name"], "sm_90");
  const Json* runtime = result_named(j, "vllm-runtime");
  ASSERT_TRUE(runtime);
  EXPECT_EQ((*runtime)["source"]["kind"], "ServingRuntime");
  EXPECT_EQ((*runtime)["request"]["kv_cache_dtype"], "fp8_e5m2");
  EXPECT_TRUE((*runtime)["plan"]["target"].is_null());  // no node selector, no --gpu: unknown
  EXPECT_EQ(rc, 1);
  EXPECT_EQ(j["verdict"], "error");
}

TEST(Manifests, ListCronJobJobDaemonSetAndTheFleetOfAnAffinity) {
  const Json j = checks({"--manifest", fixture("kinds.yaml")});
  const Json* pod = result_named(j, "pod-in-list");
  ASSERT_TRUE(pod);
  EXPECT_EQ((*pod)["source"]["kind"], "Pod");
  EXPECT_EQ((*pod)["source"]["line"], 12);
  EXPECT_EQ((*pod)["plan"]["target"]["name"], "sm_80");        // gpu.compute.major/minor 8.0
  EXPECT_EQ((*pod)["request"]["kv_cache_dtype"], "fp8");       // $(KV)
  const Json* cron = result_named(j, "nightly-eval");
  ASSERT_TRUE(cron);
  EXPECT_EQ((*cron)["source"]["kind"], "CronJob");
  EXPECT_EQ((*cron)["request"]["engine"], "sglang");
  EXPECT_EQ((*cron)["plan"]["target"]["name"], "sm_90");       // gpu.family: hopper
  // One DaemonSet container, two GPU kinds its pods may land on: one result each.
  const Json* l40s = result_named(j, "edge", "NVIDIA L40S");
  const Json* a100 = result_named(j, "edge", "NVIDIA A100 SXM4 80GB");
  ASSERT_TRUE(l40s && a100);
  EXPECT_EQ((*l40s)["plan"]["target"]["name"], "sm_89");
  EXPECT_EQ((*a100)["plan"]["target"]["name"], "sm_80");
  EXPECT_EQ((*a100)["source"]["line"], 64);
  EXPECT_EQ(j["results"].size(), 4u);
  EXPECT_TRUE(j["diagnostics"].empty());  // alternatives of one container are not peers
  const std::string notes = j["notes"].dump();
  EXPECT_NE(notes.find("Job/download"), std::string::npos);
  EXPECT_NE(notes.find("Service/edge"), std::string::npos);
}

TEST(Manifests, FromStandardInput) {
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, m, --kv-cache-dtype, fp8]\n";
  const auto r = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"}, pod);
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 1u);
  EXPECT_EQ(j["results"][0]["source"]["file"], "-");
  EXPECT_EQ(j["results"][0]["source"]["line"], 6);
  EXPECT_EQ(j["results"][0]["plan"]["target"]["name"], "sm_90");
}

// Compose resolves `${NAME:-default}` in an image to its default when NAME is unset: the image is
// identified by it (and a note says so). An image whose own command starts the server (a row with
// `command`) runs that command when the service gives none; a tag of its own names no engine release.
TEST(Manifests, ComposeImageDefaultsAndAnImagesOwnCommand) {
  const std::string compose =
      "services:\n  llm:\n    image: ${REGISTRY:-opea}/sglang:${TAG:-1.3}\n    environment:\n      MODEL_ID: m/a\n"
      "  tagged:\n    image: ${REGISTRY:-vllm}/vllm-openai:${VLLM_VERSION-v0.27.0}\n"
      "    command: [--model, m/b, --kv-cache-dtype, fp8]\n";
  const auto r = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"}, compose);
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 2u) << r.out.substr(0, 600);
  const std::string opea = j["results"][0].dump(), vllm = j["results"][1].dump();
  EXPECT_NE(opea.find("read with its defaults as opea/sglang:1.3"), std::string::npos) << opea.substr(0, 800);
  EXPECT_NE(opea.find("--device cpu"), std::string::npos);  // the image's own command, in the note
  EXPECT_EQ(j["results"][0]["request"]["engine"], "sglang");
  EXPECT_NE(vllm.find("vllm/vllm-openai:v0.27.0"), std::string::npos);
  EXPECT_EQ(j["results"][1]["plan"]["cache_dtype"], "fp8");
  // Without a default the reference stays as written, and nothing is guessed for it.
  const auto plain = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"},
                             "services:\n  x:\n    image: ${REGISTRY}/sglang\n");
  EXPECT_EQ(plain.out.find("read with its defaults"), std::string::npos);
  EXPECT_NE(plain.out.find("KVD080"), std::string::npos);
}

// A cloud's node label (GKE's accelerator, an instance type; src/tables/node_labels.cpp) names the
// GPU when no --gpu is given.
TEST(Manifests, CloudNodeLabelsNameTheGpu) {
  for (const auto& [selector, target] : {std::pair<std::string, std::string>{"cloud.google.com/gke-accelerator: nvidia-l4", "sm_89"},
                                         {"node.kubernetes.io/instance-type: p5.48xlarge", "sm_90"},
                                         {"node.kubernetes.io/instance-type: Standard_ND96isr_MI300X_v5", "gfx942"}}) {
    const std::string pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeSelector:\n    " + selector +
                            "\n  containers:\n  - name: c\n    image: vllm/vllm-openai:v0.27.0\n    args: [--model, m, --kv-cache-dtype, fp8]\n";
    const auto r = run_cli({"check", "--manifest", "-", "--format", "json"}, pod);
    const Json j = Json::parse(r.out);
    ASSERT_EQ(j["results"].size(), 1u) << selector;
    EXPECT_EQ(j["results"][0]["plan"]["target"]["name"], target) << selector;
  }
}

TEST(Manifests, AContainersFilesAreNeverReadOnThisMachine) {
  // The paths a container names are the pod's. /etc exists here (as a directory without a
  // config.json) and was once read, rejecting a valid pod; /dev/zero would be refused here.
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, /etc, --kv-cache-dtype, fp8, --config, /dev/zero, --speculative-config, "
      "'{\"model\": \"/etc\", \"num_speculative_tokens\": 3}']\n";
  const auto r = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"}, pod);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 1u);
  const std::string notes = j["results"][0]["notes"].dump();
  EXPECT_NE(notes.find("/etc is a path on the machine the server runs on, not read here"), std::string::npos) << notes;
  // The options file is not read either, and what it may set is unknown: KVD080, not a note.
  const std::string findings = j["results"][0]["diagnostics"].dump();
  EXPECT_NE(findings.find("--config /dev/zero is a file on the machine the server runs on"), std::string::npos) << findings;
  EXPECT_EQ(j["results"][0]["verdict"], "incomplete") << findings;
  // The same command checked here, as a command of this machine, reads them.
  const auto here = run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "/etc", "--kv-cache-dtype", "fp8"});
  EXPECT_EQ(here.exit_code, 2) << here.out;
  EXPECT_NE(here.err.find("/etc"), std::string::npos) << here.err;
}

TEST(Manifests, ExplicitGpuWinsOverNodeLabels) {
  const Json j = checks({"--manifest", fixture("tq-a100.yaml"), "--gpu", "H100"});
  ASSERT_EQ(j["results"].size(), 1u);
  EXPECT_EQ(j["results"][0]["plan"]["target"]["name"], "sm_90");
}

TEST(Manifests, BadFilesAreBadInputNamingTheLine) {
  auto r = run_cli({"check", "--manifest", fixture("bad-yaml.yaml")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad-yaml.yaml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("YAML"), std::string::npos) << r.err;
  r = run_cli({"check", "--manifest", fixture("not-k8s.yaml")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no kind"), std::string::npos) << r.err;
  r = run_cli({"check", "--manifest", "/nonexistent/kvdtype.yaml"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/kvdtype.yaml"), std::string::npos);
  // A bad value inside a serving container is that result's error, not bad input.
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, m, --kv-cache-dtype, fp9]\n";
  r = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"}, pod);
  EXPECT_EQ(r.exit_code, 1) << r.err;
}

TEST(Manifests, HostileYamlIsRefusedWithoutACrash) {
  const std::string deep = "kind: Pod\nspec: " + std::string(20000, '[') + "\n";
  auto r = run_cli({"check", "--manifest", "-"}, deep);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const std::string aliases = "a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b]\n";
  r = run_cli({"check", "--manifest", "-"}, aliases);
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

// ---- the fleet view --------------------------------------------------------------------------

TEST(Fleet, OneResultPerTarget) {
  int rc = -1;
  const Json j = checks({"--gpu", "H100,MI300X", "--kv-cache-dtype", "fp8", "--model-dtype", "bfloat16", "--attention", "gqa"}, &rc);
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][0]["source"]["kind"], "gpu");
  EXPECT_EQ(j["results"][0]["source"]["gpu"], "H100");
  EXPECT_EQ(j["results"][0]["plan"]["target"]["name"], "sm_90");
  EXPECT_EQ(j["results"][1]["source"]["gpu"], "MI300X");
  EXPECT_EQ(j["results"][1]["plan"]["target"]["name"], "gfx942");
  EXPECT_EQ(j["results"][1]["plan"]["k"]["format"], "float8_e4m3fnuz");
  EXPECT_EQ(rc, j["verdict"] == "error" ? 1 : 0);
}

TEST(Fleet, WithALaunchCommandAndInText) {
  const auto r = run_cli({"check", "--gpu", "A100,H100,MI300X", "--", "vllm", "serve", "m", "--kv-cache-dtype", "fp8"});
  EXPECT_NE(r.out.find("gpu A100"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gpu MI300X"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(3 workloads)"), std::string::npos) << r.out;
}

TEST(Fleet, AppliesToEveryManifestContainer) {
  const Json j = checks({"--manifest", fixture("mixed.yaml"), "--gpu", "H100,B200"});
  ASSERT_EQ(j["results"].size(), 4u);
  EXPECT_TRUE(result_named(j, "llama-fp8", "B200"));
  EXPECT_TRUE(result_named(j, "dsv3-mi300x", "H100"));
}

TEST(Fleet, AnEmptyTargetIsBadInput) {
  const auto r = run_cli({"check", "--gpu", "H100,,MI300X", "--kv-cache-dtype", "fp8"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("empty target"), std::string::npos) << r.err;
}

// ---- several servers that exchange KV --------------------------------------------------------

TEST(Deployment, PrefillOnH100DecodeOnMI300XReadsFnAsFnuz) {
  int rc = -1;
  const Json j = checks({"--manifest", fixture("pd.yaml")}, &rc);
  EXPECT_EQ(rc, 1);
  EXPECT_EQ(j["verdict"], "error");
  const Json& d = j["diagnostics"];
  ASSERT_TRUE(has_code(d, "KVD300", "error")) << d.dump();
  for (const Json& x : d) {
    if (x["code"] != "KVD300") continue;
    EXPECT_NE(x["message"].get<std::string>().find("float8_e4m3fnuz"), std::string::npos);
    EXPECT_EQ(x["results"], Json::array({0, 1}));
    EXPECT_FALSE(x["title"].get<std::string>().empty());
  }
  // vLLM's NIXL handshake also hashes the attention backend: the two pools pick different ones.
  EXPECT_TRUE(has_code(d, "KVD301", "error")) << d.dump();
}

TEST(Deployment, MatchedPoolsHaveNoDeploymentDiagnostics) {
  int rc = -1;
  const Json j = checks({"--manifest", fixture("pd-matched.yaml")}, &rc);
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_TRUE(j["diagnostics"].empty()) << j["diagnostics"].dump();
  EXPECT_EQ(rc, 0);
}

TEST(Deployment, SGLangPrefillDecodeWithDifferentBytesAndPageSizes) {
  const Json j = checks({"--manifest", fixture("pd-sglang.yaml")});
  EXPECT_TRUE(has_code(j["diagnostics"], "KVD300", "error")) << j["diagnostics"].dump();
  EXPECT_TRUE(has_code(j["diagnostics"], "KVD303", "warning")) << j["diagnostics"].dump();
  EXPECT_FALSE(has_code(j["diagnostics"], "KVD301"));  // the NIXL handshake rule is vLLM's
}

TEST(Deployment, CommandFilesArePairedToo) {
  // The same pair as launch commands in two files: the checks do not depend on manifests.
  const auto dir = ::testing::TempDir();
  const std::string p = dir + "/kvdtype-prefill.sh", d = dir + "/kvdtype-decode.sh";
  FILE* f = std::fopen(p.c_str(), "w");
  ASSERT_TRUE(f);
  std::fputs("vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --block-size 16 "
             "--kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}'\n", f);
  std::fclose(f);
  f = std::fopen(d.c_str(), "w");
  ASSERT_TRUE(f);
  std::fputs("vllm serve Qwen/Qwen2.5-7B-Instruct --kv-cache-dtype fp8 --block-size 32 "
             "--kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'\n", f);
  std::fclose(f);
  const Json j = checks({"--gpu", "H100", "--command-file", p, "--command-file", d});
  EXPECT_TRUE(has_code(j["diagnostics"], "KVD305", "error")) << j["diagnostics"].dump();
  EXPECT_TRUE(has_code(j["diagnostics"], "KVD303", "warning"));
  EXPECT_FALSE(has_code(j["diagnostics"], "KVD300"));  // same GPU, same bytes
}

TEST(Deployment, TwoProducersOrOtherConnectorsAreNotPaired) {
  const std::string two =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
      "  - name: a\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, m, --kv-cache-dtype, fp8, --kv-transfer-config, '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}']\n"
      "  - name: b\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, m, --kv-cache-dtype, fp8_e5m2, --kv-transfer-config, '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}']\n"
      "  - name: c\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, m, --kv-cache-dtype, fp8_e5m2, --kv-transfer-config, '{\"kv_connector\":\"LMCacheConnectorV1\",\"kv_role\":\"kv_consumer\"}']\n";
  const auto r = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"}, two);
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 3u);
  EXPECT_TRUE(j["diagnostics"].empty()) << j["diagnostics"].dump();
}

TEST(Deployment, RulesAreExplained) {
  for (const char* code : {"KVD300", "KVD301", "KVD302", "KVD303", "KVD304", "KVD305", "KVD306"}) {
    const auto r = run_cli({"explain", code});
    EXPECT_EQ(r.exit_code, 0) << code << r.err;
    EXPECT_NE(r.out.find(code), std::string::npos);
  }
}

}  // namespace

namespace {

// deploy/ is read by kubectl, not by kvdtype; reading it here proves it is well-formed YAML of
// Kubernetes objects, and that the webhook's own container is not taken for a server.
TEST(Manifests, TheShippedDeployObjectsParse) {
  const std::string dir = std::string(KVDTYPE_TEST_DATA_DIR) + "/../../deploy/";
  for (const char* f : {"namespace.yaml", "certificate.yaml", "deployment.yaml", "service.yaml", "networkpolicy.yaml", "webhook.yaml"}) {
    const auto r = run_cli({"check", "--manifest", dir + f, "--format", "json"});
    EXPECT_EQ(r.exit_code, 0) << f << ": " << r.err;
    const Json j = Json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << f;
    EXPECT_TRUE(j["results"].empty()) << f;
  }
}

}  // namespace

// The executable grows its heap ahead of reading manifests of 256 KB or more (tools/kvdtype/heap.cpp,
// a page-fault saving): a fleet in one 300-KB file must get, workload by workload, the answers the
// same Deployments get in files small enough to leave the heap alone.
TEST(Manifests, ALargeFileIsJudgedAsTheSameWorkloadsInSmallFiles) {
  const kvdtype::test::TempDir d("manifests");
  const char* kv[] = {"fp8", "auto", "fp8_e5m2", "int8", "fp8_e4m3"};
  const char* gpu[] = {"NVIDIA-H100-80GB-HBM3", "NVIDIA-A100-SXM4-80GB", "NVIDIA-L40S"};
  constexpr int kWorkloads = 360;
  constexpr int kPerSmallFile = 40;
  std::string all;
  std::vector<std::string> chunks(kWorkloads / kPerSmallFile);
  for (int i = 0; i < kWorkloads; ++i) {
    const std::string doc = "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: w" + std::to_string(i) +
                            "}\nspec:\n  template:\n    spec:\n      nodeSelector: {nvidia.com/gpu.product: " + gpu[i % 3] +
                            "}\n      containers:\n        - name: vllm\n          image: vllm/vllm-openai:v0.27.0\n"
                            "          command: [vllm, serve]\n          args: [meta-llama/Llama-3.1-8B-Instruct, --kv-cache-dtype, " +
                            kv[i % 5] + ", --port, \"8000\"]\n" + std::string(600, '#') + "\n";
    all += doc;
    chunks[i / kPerSmallFile] += doc;
  }
  ASSERT_GT(all.size(), 256u * 1024);
  const Json big = checks({"--manifest", d.write("fleet.yaml", all)});
  ASSERT_EQ(big["results"].size(), static_cast<std::size_t>(kWorkloads));
  std::map<std::string, std::string> answers;  // workload name → verdict and diagnostic codes
  auto answer_of = [](const Json& r) {
    std::string a = r.value("verdict", "");
    for (const Json& diag : r["diagnostics"]) a += " " + diag.value("code", "");
    return a;
  };
  for (const Json& r : big["results"]) answers[r["source"].value("name", "")] = answer_of(r);
  std::size_t compared = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    ASSERT_LT(chunks[c].size(), 256u * 1024);
    const Json small = checks({"--manifest", d.write("part" + std::to_string(c) + ".yaml", chunks[c])});
    for (const Json& r : small["results"]) {
      EXPECT_EQ(answers.at(r["source"].value("name", "")), answer_of(r)) << r.dump();
      ++compared;
    }
  }
  EXPECT_EQ(compared, static_cast<std::size_t>(kWorkloads));
  std::set<std::string> distinct;
  for (const auto& [name, a] : answers) distinct.insert(a);
  EXPECT_GT(distinct.size(), 2u);  // the fleet holds accepted and rejected workloads alike
}
