// Resources whose engine arguments are not a command in the file: a RayService running a Python
// application of its own (its module in a ConfigMap of the same file, or beside the manifest) and
// a KAITO Workspace running a preset with a ConfigMap's vllm: flags. What they set is checked;
// what they hide is a KVD080 finding naming it, never a pass.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::run_cli;
using kvdtype::test::TempDir;
using Json = nlohmann::json;

Json check(const std::string& file, int* rc = nullptr) {
  const auto r = run_cli({"check", "--format", "json", "--gpu", "H100", "--manifest", file});
  if (rc != nullptr) *rc = r.exit_code;
  Json j = Json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j;
}

// The KVD080 finding of a file with no workload, and its skip notes, as one text.
std::string no_workload(const Json& j) {
  std::string out;
  for (const Json& d : j.value("diagnostics", Json::array()))
    if (d.value("code", "") == "KVD080") out += d.dump();
  for (const Json& n : j.value("notes", Json::array())) out += n.dump();
  return out;
}

const std::string kRayService = R"(apiVersion: ray.io/v1
kind: RayService
metadata:
  name: app
spec:
  serveConfigV2: |
    applications:
    - name: llm
      import_path: kvd_ray_app_one:deployment
      runtime_env:
        env_vars:
          MODEL_ID: "Qwen/Qwen3-8B"
          KV: "fp8"
  rayClusterConfig:
    workerGroupSpecs:
    - groupName: gpu
      template:
        spec:
          containers:
          - name: w
            image: rayproject/ray:2.41.0
            env:
            - name: TOKEN
              valueFrom:
                secretKeyRef: {name: s, key: k}
)";

const std::string kModule = R"(import os
class D:
    def __init__(self, model, kv):
        self.args = AsyncEngineArgs(model=model, kv_cache_dtype=kv, enforce_eager=True)
deployment = D.bind(model=os.environ.get("MODEL_ID", "x/y"), kv=os.environ["KV"])
)";

}  // namespace

TEST(RayServeApps, AModuleBesideTheManifestIsReadAndItsEnvResolved) {
  TempDir t("app-resources");
  t.write("kvd_ray_app_one.py", kModule);
  const Json j = check(t.write("ray.yaml", kRayService));
  ASSERT_EQ(j["results"].size(), 1u) << j.dump();
  const Json& r = j["results"][0];
  EXPECT_EQ(r["request"]["kv_cache_dtype"], "fp8");
  EXPECT_EQ(r["source"]["container"], "serveConfigV2/llm/kvd_ray_app_one:deployment");
}

TEST(RayServeApps, TheModuleInAConfigMapOfTheSameFileWins) {
  TempDir t("app-resources");
  t.write("kvd_ray_app_one.py", kModule);  // beside, but the file's own ConfigMap is what the pods mount
  std::string cm = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: code}\ndata:\n  kvd_ray_app_one.py: |\n";
  std::string body = kModule;
  for (std::size_t at = 0; at < body.size();) {
    const std::size_t nl = body.find('\n', at);
    cm += "    " + body.substr(at, nl - at) + "\n";
    at = nl + 1;
  }
  cm.replace(cm.find("kv_cache_dtype=kv"), 17, "kv_cache_dtype=\"fp8_e5m2\"");
  const Json j = check(t.write("ray.yaml", cm + "---\n" + kRayService));
  ASSERT_EQ(j["results"].size(), 1u) << j.dump();
  EXPECT_EQ(j["results"][0]["request"]["kv_cache_dtype"], "fp8_e5m2");
}

TEST(RayServeApps, AMissingModuleOrAnUnsetVariableIsAFindingNotAPass) {
  TempDir t("app-resources");
  int rc = -1;
  Json j = check(t.write("ray.yaml", kRayService), &rc);
  EXPECT_TRUE(j["results"].empty());
  EXPECT_NE(no_workload(j).find("kvd_ray_app_one.py"), std::string::npos) << j.dump();

  // KV unset and without a default in the module: the cache dtype is not guessed.
  std::string unset = kRayService;
  unset.erase(unset.find("          KV: \"fp8\"\n"), std::string("          KV: \"fp8\"\n").size());
  t.write("kvd_ray_app_one.py", kModule);
  j = check(t.write("ray2.yaml", unset), &rc);
  EXPECT_TRUE(j["results"].empty());
  EXPECT_NE(no_workload(j).find("KV is read from the environment"), std::string::npos) << j.dump();

  // A variable the worker pods take from a Secret is not in the file either.
  std::string secret = kRayService;
  t.write("kvd_ray_app_one.py", std::string(kModule).replace(kModule.find("os.environ[\"KV\"]"), 16, "os.getenv(\"TOKEN\", \"auto\")"));
  j = check(t.write("ray3.yaml", secret), &rc);
  EXPECT_TRUE(j["results"].empty());
  EXPECT_NE(no_workload(j).find("valueFrom"), std::string::npos) << j.dump();
}

namespace {

std::string workspace(const std::string& preset, const std::string& config) {
  return "apiVersion: kaito.sh/v1beta1\nkind: Workspace\nmetadata: {name: ws}\nresource:\n  instanceType: Standard_NC24ads_A100_v4\n"
         "inference:\n  preset:\n    name: " + preset + "\n" + (config.empty() ? "" : "  config: " + config + "\n");
}

const std::string kConfigMap =
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: params}\ndata:\n  inference_config.yaml: |\n"
    "    vllm:\n      kv-cache-dtype: fp8\n      enforce-eager: true\n---\n";

}  // namespace

TEST(KaitoWorkspaces, APresetWithItsConfigMapsFlags) {
  TempDir t("app-resources");
  const Json j = check(t.write("ws.yaml", kConfigMap + workspace("gpt-oss-120b", "params")));
  ASSERT_EQ(j["results"].size(), 1u) << j.dump();
  const Json& r = j["results"][0];
  EXPECT_EQ(r["request"]["kv_cache_dtype"], "fp8");
  EXPECT_EQ(r["source"]["kind"], "Workspace");
  EXPECT_EQ(r["source"]["container"], "inference/gpt-oss-120b");
}

TEST(KaitoWorkspaces, EverySupportedPresetIsRead) {
  // supported_models.yaml's presets beyond the two the corpus first held: the model is the
  // preset's Hugging Face repository.
  TempDir t("app-resources");
  for (const auto& [preset, model] : {std::pair<std::string, std::string>{"deepseek-r1-0528", "deepseek-ai/DeepSeek-R1-0528"},
                                      {"phi-4-mini-instruct", "microsoft/Phi-4-mini-instruct"},
                                      {"mistral-large-3-675b-instruct", "mistralai/Mistral-Large-3-675B-Instruct-2512"}}) {
    const Json j = check(t.write("ws.yaml", workspace(preset, "")));
    ASSERT_EQ(j["results"].size(), 1u) << preset << j.dump();
    EXPECT_EQ(j["results"][0]["source"]["container"], "inference/" + preset);
    EXPECT_NE(j.dump().find(model), std::string::npos) << preset;
  }
}

TEST(KaitoWorkspaces, WhatTheFileDoesNotHoldIsAFinding) {
  TempDir t("app-resources");
  // The ConfigMap is named but not in the file: its flags may set the cache dtype.
  Json j = check(t.write("ws.yaml", workspace("gpt-oss-120b", "params")));
  EXPECT_TRUE(j["results"].empty());
  EXPECT_NE(no_workload(j).find("ConfigMap params"), std::string::npos) << j.dump();
  // A preset kvdtype's table does not hold.
  j = check(t.write("ws2.yaml", workspace("no-such-preset", "")));
  EXPECT_TRUE(j["results"].empty());
  EXPECT_NE(no_workload(j).find("preset no-such-preset"), std::string::npos) << j.dump();
}

// The gpu-recipes Dynamo chart's values hold no engine flag: the serving configs helm is given
// with --set-file are named, with the flag that hands them to kvdtype, and the file is not a pass.
const std::string kDynamoValues =
    "dynamo:\n  deploymentName: d\n  decodeWorker:\n    replicas: 1\n    envs:\n    - name: A\n      value: \"1\"\n"
    "  prefillWorker:\n    replicas: 1\n"
    "workload:\n  model: deepseek-ai/DeepSeek-R1\n  framework: sglang\n  configFile: serving-args.yaml\n  configPath: /w\n"
    "volumes:\n  useGcs: true\n  gcsMounts:\n    mountPath: /data/model\n";

TEST(ChartValuesElsewhere, DynamoRecipeValuesNameTheirSetFileConfigs) {
  TempDir t("app-resources");
  int rc = -1;
  const Json j = check(t.write("values.yaml", kDynamoValues), &rc);
  EXPECT_EQ(rc, 0);
  EXPECT_TRUE(j["results"].empty());
  const std::string why = no_workload(j);
  EXPECT_NE(why.find("--set-file decode_serving_config=FILE"), std::string::npos) << why;
  EXPECT_NE(why.find("--set-file prefill_serving_config=FILE"), std::string::npos) << why;
  EXPECT_NE(why.find("KVD080"), std::string::npos) << why;
}

// Given the way helm is given them, the workers' server-args files become the command the
// chart's worker script builds: one or two words per KEY: VALUE line, through xargs' quoting.
TEST(ChartValuesElsewhere, DynamoRecipeWorkersReadFromTheirSetFiles) {
  TempDir t("app-resources");
  const std::string values = t.write("values.yaml", kDynamoValues);
  const std::string decode = t.write("decode.yaml",
                                     "# a comment\n\nkv-cache-dtype: \"fp8_e4m3\"\nattention-backend:   'trtllm_mla'  \n"
                                     "tp-size: \"8\"\nenable-dp-attention: true\ndisable-radix-cache: false\ntrust-remote-code:\n"
                                     "deepep-config: '{\"a\": {\"b\": 1}}'");
  const std::string prefill = t.write("prefill.yaml", "kv-cache-dtype: fp8_e5m2\nattention-backend: triton\n");
  const auto r = run_cli({"check", "--format", "json", "--gpu", "GB200", "--verbose", "--set-file", "decode_serving_config=" + decode,
                          "--set-file", "prefill_serving_config=" + prefill, "--manifest", values});
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 2u) << j.dump();
  const Json& p = j["results"][0];
  const Json& d = j["results"][1];
  EXPECT_EQ(p["source"]["container"], "Prefill");
  EXPECT_EQ(p["request"]["kv_cache_dtype"], "fp8_e5m2");
  EXPECT_EQ(p["request"]["backend"], "triton");
  EXPECT_EQ(d["source"]["container"], "Decode");
  EXPECT_EQ(d["request"]["engine"], "sglang");
  EXPECT_EQ(d["request"]["kv_cache_dtype"], "fp8_e4m3");  // the quotes are xargs'
  EXPECT_EQ(d["request"]["backend"], "trtllm_mla");       // blanks around the value dropped
  EXPECT_EQ(d["request"]["tensor_parallel_size"], 8);
  // --model-path from volumes.useGcs: a path on the server's machine, named and not read.
  EXPECT_NE(d.dump().find("/data/model/deepseek-ai/DeepSeek-R1"), std::string::npos) << d.dump();
}

// --set-file is bad input where it would be dropped or cannot be read, each with one line
// naming the value: no manifest, no chart values among the manifests, a key helm's dotted
// form does not name, a file that is not there, a path through a value that is no mapping, and
// a line whose quote xargs would refuse.
TEST(ChartValuesElsewhere, SetFileThatWouldBeDroppedIsBadInput) {
  TempDir t("app-resources");
  const std::string values = t.write("values.yaml", kDynamoValues);
  const std::string args = t.write("args.yaml", "kv-cache-dtype: fp8\n");
  const std::string deployment = t.write("deploy.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n"
                                                        "  - name: c\n    image: busybox\n");
  const std::string bad_quote = t.write("bad.yaml", "kv-cache-dtype: fp8\nserved-model-name: 'x\n");
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"check", "--gpu", "H100", "--set-file", "decode_serving_config=" + args}, "give the chart's values with --manifest"},
      {{"check", "--gpu", "H100", "--set-file", "decode_serving_config=" + args, "--manifest", deployment}, "no --manifest given is chart values"},
      {{"check", "--set-file", "a[0]=" + args, "--manifest", values}, "a[0]"},
      {{"check", "--set-file", "decode_serving_config", "--manifest", values}, "expected KEY=FILE"},
      {{"check", "--set-file", "decode_serving_config=" + t.path("absent.yaml"), "--manifest", values}, "absent.yaml"},
      {{"check", "--set-file", "workload.model.x=" + args, "--manifest", values}, "workload.model is not a mapping"},
      {{"check", "--gpu", "H100", "--set-file", "decode_serving_config=" + bad_quote, "--manifest", values}, "line 2: an unmatched quote"},
  };
  for (const Case& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.says << ": " << r.out;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

// An image whose Containerfile is public and runs the server by itself (ENTRYPOINT /bin/ollama,
// CMD serve): a container that gives neither command nor args is that server, and its
// environment sets the cache; its tag is the image's own, not an Ollama release.
TEST(ImagesThatServe, OllamaUbiImageWithNoCommandRunsServe) {
  TempDir t("app-resources");
  const std::string deployment =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: ollama}\nspec:\n  template:\n    spec:\n      containers:\n"
      "      - name: ollama\n        image: quay.io/rh-aiservices-bu/ollama-ubi9:0.2.8\n        env:\n"
      "        - {name: OLLAMA_KV_CACHE_TYPE, value: q8_0}\n";
  const Json j = check(t.write("d.yaml", deployment));
  ASSERT_EQ(j["results"].size(), 1u) << j.dump();
  EXPECT_EQ(j["results"][0]["request"]["engine"], "ollama");
  EXPECT_EQ(j["results"][0]["request"]["kv_cache_dtype"], "q8_0");
  EXPECT_TRUE(j["results"][0]["request"]["engine_version"].is_null()) << j.dump();
  // Another repository of the same owner is no server kvdtype knows.
  std::string other = deployment;
  other.replace(other.find("ollama-ubi9"), 11, "sbert-runtime");
  EXPECT_TRUE(check(t.write("o.yaml", other))["results"].empty());
}

// A dstack service: `commands` run in one shell inside `image` with `env`, on `resources.gpu`;
// replica groups carry their own commands and GPU (dstack's services.md, PD disaggregation).
TEST(DstackTasks, ServiceCommandsAndReplicaGroupsAreRead) {
  TempDir t("app-resources");
  const std::string service =
      "type: service\nname: pd\nimage: lmsysorg/sglang:v0.5.10.post1\nenv:\n  - HF_TOKEN\n  - MODEL_ID=zai-org/GLM-4.5-Air-FP8\n"
      "replicas:\n  - count: 1\n    commands:\n      - pip install smg\n      - smg launch --port 8000\n    resources:\n      cpu: 4\n"
      "  - count: 1..4\n    commands:\n      - |\n        python -m sglang.launch_server \\\n          --model-path $MODEL_ID \\\n"
      "          --kv-cache-dtype fp8_e4m3 --disaggregation-mode prefill\n    resources:\n      gpu: H200:8\n"
      "port: 8000\n";
  const Json j = check(t.write("pd.dstack.yml", service));
  ASSERT_EQ(j["results"].size(), 1u) << j.dump();  // the router group serves no model
  const Json& r = j["results"][0];
  EXPECT_EQ(r["source"]["kind"], "dstack service");
  EXPECT_EQ(r["source"]["name"], "pd/replicas[1]");
  EXPECT_EQ(r["request"]["engine"], "sglang");
  EXPECT_EQ(r["request"]["kv_cache_dtype"], "fp8_e4m3");
  EXPECT_EQ(r["request"]["engine_version"], "0.5.10.post1");
  EXPECT_NE(j.dump().find("zai-org/GLM-4.5-Air-FP8"), std::string::npos);  // env MODEL_ID expanded

  // A task's top-level commands; GPU names given as alternatives (`L4,A10G`) with a memory
  // (`24GB`, no name): one result for each name, as for SkyPilot's alternatives.
  const std::string task = "type: task\nname: t\ncommands:\n  - vllm serve Qwen/Qwen3-8B --kv-cache-dtype fp8\nresources:\n  gpu: L4,A10G:24GB:1\n";
  const auto r2 = run_cli({"check", "--format", "json", "--manifest", t.write("t.dstack.yml", task)});
  const Json j2 = Json::parse(r2.out);
  ASSERT_EQ(j2["results"].size(), 2u) << r2.out << r2.err;
  EXPECT_EQ(j2["results"][0]["request"]["kv_cache_dtype"], "fp8");
  EXPECT_NE(r2.out.find("resources.gpu L4"), std::string::npos) << r2.out;
  EXPECT_NE(r2.out.find("resources.gpu A10G"), std::string::npos) << r2.out;
  EXPECT_EQ(r2.out.find("resources.gpu 24GB"), std::string::npos) << r2.out;
}
