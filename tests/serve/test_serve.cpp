// kvdtype serve: real AdmissionReview objects over TLS with curl, and the answers Kubernetes
// reads (response.uid, allowed, status.message, warnings), the policy flags, /healthz, /metrics
// and the log line per review.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server.hpp"

namespace {

using namespace kvdtype::test;
using Json = nlohmann::json;

// A pod spec with one container and a GPU node selector.
Json pod_spec(const std::string& image, const Json& command, const Json& args, const std::string& product) {
  Json spec = {{"containers", Json::array({{{"name", "c"}, {"image", image}}})}};
  if (!command.is_null()) spec["containers"][0]["command"] = command;
  if (!args.is_null()) spec["containers"][0]["args"] = args;
  if (!product.empty()) spec["nodeSelector"] = {{"nvidia.com/gpu.product", product}};
  return spec;
}

std::string pod(const Json& spec, const std::string& name = "p") {
  return Json{{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", name}, {"namespace", "llm"}}}, {"spec", spec}}.dump();
}

std::string workload(const std::string& kind, const Json& spec) {
  Json o = {{"apiVersion", "apps/v1"}, {"kind", kind}, {"metadata", {{"name", "w"}, {"namespace", "llm"}}}};
  o["spec"] = {{"selector", {{"matchLabels", {{"app", "w"}}}}}, {"template", {{"metadata", {{"labels", {{"app", "w"}}}}}, {"spec", spec}}}};
  return o.dump();
}

// bfloat16 on a T4: vLLM refuses it (KVD081), whatever other helpers add to the tables.
const Json kT4Bf16 = pod_spec("vllm/vllm-openai:v0.27.0", Json::array({"vllm", "serve"}),
                              Json::array({"Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"}), "Tesla-T4");
const Json kGood = pod_spec("vllm/vllm-openai:v0.27.0", Json::array({"vllm", "serve"}),
                            Json::array({"meta-llama/Llama-3.1-8B-Instruct", "--kv-cache-dtype", "fp8"}), "NVIDIA-H100-80GB-HBM3");
const Json kNginx = pod_spec("nginx:1.27", Json::array({"nginx"}), Json::array({"-g", "daemon off;"}), "NVIDIA-H100-80GB-HBM3");

// Prefill and decode containers of one pod whose block sizes differ: a KVD303 warning.
Json pd_block_sizes() {
  auto c = [](const char* name, const char* role, const char* block) {
    return Json{{"name", name},
                {"image", "vllm/vllm-openai:v0.27.0"},
                {"args", Json::array({"--model", "m", "--block-size", block, "--kv-transfer-config",
                                      std::string("{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"") + role + "\"}"})}};
  };
  return {{"nodeSelector", {{"nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"}}},
          {"containers", Json::array({c("prefill", "kv_producer", "16"), c("decode", "kv_consumer", "32")})}};
}

Json answer(const Http& h) {
  EXPECT_EQ(h.status, 200) << h.body;
  Json j = Json::parse(h.body, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << h.body;
  if (j.is_discarded()) return Json::object();
  EXPECT_EQ(j["apiVersion"], "admission.k8s.io/v1");
  EXPECT_EQ(j["kind"], "AdmissionReview");
  return j.value("response", Json::object());
}

class Serve : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new Server(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static Server* server_;
  const Server& s() const { return *server_; }
};
Server* Serve::server_ = nullptr;

TEST_F(Serve, HealthzAndReadyz) {
  ASSERT_TRUE(s().up());
  const Http h = curl_get(s(), "/healthz");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(h.body, "ok\n");
  EXPECT_EQ(curl_get(s(), "/readyz").status, 200);
}

TEST_F(Serve, ARejectedPodIsDeniedNamingTheRule) {
  ASSERT_TRUE(s().up());
  const Json r = answer(curl_post(s(), "/validate", review_body(pod(kT4Bf16), "u-bad")));
  EXPECT_EQ(r["uid"], "u-bad");
  EXPECT_EQ(r["allowed"], false);
  EXPECT_EQ(r["status"]["code"], 403);
  const std::string msg = r["status"]["message"];
  EXPECT_NE(msg.find("KVD081"), std::string::npos) << msg;
  EXPECT_NE(msg.find("container c"), std::string::npos) << msg;
}

TEST_F(Serve, AGoodPodIsAllowed) {
  ASSERT_TRUE(s().up());
  const Json r = answer(curl_post(s(), "/validate", review_body(pod(kGood), "u-good")));
  EXPECT_EQ(r["uid"], "u-good");
  EXPECT_EQ(r["allowed"], true);
  EXPECT_FALSE(r.contains("status")) << r.dump();
}

TEST_F(Serve, APodWithoutAServingContainerIsAllowedSilently) {
  ASSERT_TRUE(s().up());
  const Json r = answer(curl_post(s(), "/validate", review_body(pod(kNginx), "u-nginx")));
  EXPECT_EQ(r["uid"], "u-nginx");
  EXPECT_EQ(r["allowed"], true);
  EXPECT_FALSE(r.contains("warnings"));
}

// Issue 23: the webhook judges the same findings as `kvdtype check --manifest`: the launch
// command's own values (KVD001), start-up capacity (KVD155) and heads per TP (KVD154) deny.
TEST_F(Serve, InputFindingsDenyAsTheCliDoes) {
  ASSERT_TRUE(s().up());
  const auto vllm = [](const Json& args, const std::string& product) {
    return pod_spec("vllm/vllm-openai:v0.27.0", Json::array({"vllm", "serve"}), args, product);
  };
  const std::pair<Json, const char*> cases[] = {
      {vllm(Json::array({"meta-llama/Llama-3.1-8B-Instruct", "--kv-cache-dtype", "fp9"}), "NVIDIA-H100-80GB-HBM3"), "KVD001"},
      {vllm(Json::array({"meta-llama/Llama-3.1-8B-Instruct", "--max-model-len", "1000000"}), "NVIDIA-L40S"), "KVD155"},
      {vllm(Json::array({"meta-llama/Llama-3.1-8B-Instruct", "--tensor-parallel-size", "3"}), "NVIDIA-H100-80GB-HBM3"), "KVD154"},
      {vllm(Json::array({"deepseek-ai/DeepSeek-V3", "--kv-cache-dtype", "fp8", "-tp", "8"}), "NVIDIA-H100-80GB-HBM3"), "KVD155"},
  };
  for (const auto& [spec, code] : cases) {
    const Json r = answer(curl_post(s(), "/validate", review_body(pod(spec), "u-input")));
    EXPECT_EQ(r["allowed"], false) << code << " " << r.dump();
    EXPECT_NE(r.value("status", Json::object()).value("message", "").find(code), std::string::npos) << r.dump();
  }
}

// An unknown GPU (no label) is incomplete: allowed, with a warning saying what was not checked.
TEST_F(Serve, AnIncompleteReviewIsAllowedWithAWarning) {
  ASSERT_TRUE(s().up());
  Json spec = kGood;
  spec.erase("nodeSelector");
  const Json r = answer(curl_post(s(), "/validate", review_body(pod(spec), "u-incomplete")));
  EXPECT_EQ(r["allowed"], true) << r.dump();
  ASSERT_TRUE(r.contains("warnings")) << r.dump();
  EXPECT_NE(r["warnings"].dump().find("KVD080"), std::string::npos) << r.dump();
  EXPECT_NE(r["warnings"].dump().find("not checked"), std::string::npos) << r.dump();
}

// Issue 31: a container command the reader could not read to its end is denied, never skipped;
// a native sidecar is a container; a pod with hundreds of real containers is read whole.
TEST_F(Serve, UnreadableCommandsDenyAndSidecarsAreRead) {
  ASSERT_TRUE(s().up());
  std::string cmd = "vllm serve Qwen/Qwen2.5-3B-Instruct --dtype bfloat16";
  for (int i = 1; i < 5; ++i) cmd = "sh -c '" + [&] {
    std::string q;
    for (char c : cmd) q += c == '\'' ? std::string("'\"'\"'") : std::string(1, c);
    return q;
  }() + "'";
  Json deep = pod_spec("python:3", Json::array({"sh", "-c", cmd}), Json::array(), "Tesla-T4");
  Json r = answer(curl_post(s(), "/validate", review_body(pod(deep), "u-deep")));
  EXPECT_EQ(r["allowed"], false) << r.dump();
  EXPECT_NE(r.value("status", Json::object()).value("message", "").find("nested more than 4"), std::string::npos) << r.dump();

  Json side = pod_spec("nginx:1.27", Json::array({"nginx"}), Json::array(), "Tesla-T4");
  side["initContainers"] = Json::array({{{"name", "srv"}, {"image", "vllm/vllm-openai:v0.10.0"}, {"restartPolicy", "Always"},
                                         {"args", Json::array({"--model", "Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"})}}});
  r = answer(curl_post(s(), "/validate", review_body(pod(side), "u-side")));
  EXPECT_EQ(r["allowed"], false) << r.dump();
  EXPECT_NE(r.value("status", Json::object()).value("message", "").find("KVD081"), std::string::npos) << r.dump();

  Json many = kNginx;
  for (int i = 0; i < 300; ++i) many["containers"].push_back({{"name", "n" + std::to_string(i)}, {"image", "nginx:1.27"}});
  many["containers"].push_back(kT4Bf16["containers"][0]);
  many["nodeSelector"] = kT4Bf16["nodeSelector"];
  r = answer(curl_post(s(), "/validate", review_body(pod(many), "u-many")));
  EXPECT_EQ(r["allowed"], false) << r.dump();  // the 302nd container was read: KVD081
  EXPECT_NE(r.value("status", Json::object()).value("message", "").find("KVD081"), std::string::npos) << r.dump();
}

// Issue 31 #4: an object of more values than any the API server stores is not converted node by
// node (150 bytes of memory per byte of body): it is one kvdtype cannot read, denied.
TEST_F(Serve, AnObjectOfTooManyValuesIsDeniedUnread) {
  ASSERT_TRUE(s().up());
  Json spec = kT4Bf16;
  spec["containers"][0]["args"] = Json::array();
  for (int i = 0; i < 70000; ++i) spec["containers"][0]["args"].push_back("0");
  const Json r = answer(curl_post(s(), "/validate", review_body(pod(spec), "u-values")));
  EXPECT_EQ(r["allowed"], false) << r.dump().substr(0, 400);
  EXPECT_NE(r.value("status", Json::object()).value("message", "").find("values in the object"), std::string::npos);
}

TEST_F(Serve, WorkloadKinds) {
  ASSERT_TRUE(s().up());
  for (const char* kind : {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"}) {
    const Json bad = answer(curl_post(s(), "/validate", review_body(workload(kind, kT4Bf16), std::string("u-") + kind, kind)));
    EXPECT_EQ(bad["allowed"], false) << kind;
    EXPECT_NE(bad["status"]["message"].get<std::string>().find("KVD081"), std::string::npos) << kind;
    const Json good = answer(curl_post(s(), "/validate", review_body(workload(kind, kNginx), "u-ok", kind)));
    EXPECT_EQ(good["allowed"], true) << kind;
  }
  // A LeaderWorkerSet whose leader runs the bad command.
  const Json lws = {{"apiVersion", "leaderworkerset.x-k8s.io/v1"},
                    {"kind", "LeaderWorkerSet"},
                    {"metadata", {{"name", "l"}}},
                    {"spec", {{"leaderWorkerTemplate", {{"leaderTemplate", {{"spec", kT4Bf16}}}, {"workerTemplate", {{"spec", kNginx}}}}}}}};
  const Json r = answer(curl_post(s(), "/validate", review_body(lws.dump(), "u-lws", "LeaderWorkerSet")));
  EXPECT_EQ(r["allowed"], false);
  EXPECT_NE(r["status"]["message"].get<std::string>().find("leaderTemplate/c"), std::string::npos) << r.dump();
  // A CronJob.
  const Json cron = {{"apiVersion", "batch/v1"},
                     {"kind", "CronJob"},
                     {"metadata", {{"name", "c"}}},
                     {"spec", {{"schedule", "* * * * *"}, {"jobTemplate", {{"spec", {{"template", {{"spec", kT4Bf16}}}}}}}}}};
  EXPECT_EQ(answer(curl_post(s(), "/validate", review_body(cron.dump(), "u-cron", "CronJob")))["allowed"], false);
}

TEST_F(Serve, WarningsAreReturnedAndDoNotDeny) {
  ASSERT_TRUE(s().up());
  const Json r = answer(curl_post(s(), "/validate", review_body(pod(pd_block_sizes()), "u-warn")));
  EXPECT_EQ(r["allowed"], true);
  ASSERT_TRUE(r.contains("warnings")) << r.dump();
  EXPECT_NE(r["warnings"].dump().find("KVD303"), std::string::npos) << r.dump();
  for (const Json& w : r["warnings"]) EXPECT_LE(w.get<std::string>().size(), 120u);
}

TEST_F(Serve, DeleteWithoutAnObjectIsAllowed) {
  ASSERT_TRUE(s().up());
  const Json body = {{"apiVersion", "admission.k8s.io/v1"},
                     {"kind", "AdmissionReview"},
                     {"request", {{"uid", "u-del"}, {"operation", "DELETE"}, {"object", nullptr}, {"oldObject", Json::parse(pod(kT4Bf16))}}}};
  const Json r = answer(curl_post(s(), "/validate", body.dump()));
  EXPECT_EQ(r["uid"], "u-del");
  EXPECT_EQ(r["allowed"], true);
}

TEST_F(Serve, MalformedBodiesAre400) {
  ASSERT_TRUE(s().up());
  for (const std::string& body : {std::string("{not json"), std::string("[1,2,3]"), std::string("{\"kind\":\"Pod\"}"),
                                 std::string("{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\"}"),
                                 std::string("{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{}}"),
                                 std::string("{\"apiVersion\":\"v9\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"x\"}}"),
                                 std::string(5000, '[') + std::string(5000, ']'), std::string()}) {
    const Http h = curl_post(s(), "/validate", body);
    EXPECT_GE(h.status, 400) << body.substr(0, 80);
    EXPECT_LT(h.status, 500) << body.substr(0, 80);
    EXPECT_NE(h.body.find("error"), std::string::npos);
  }
  EXPECT_EQ(curl_get(s(), "/nope").status, 404);
  const Http get_validate = curl_get(s(), "/validate");
  EXPECT_GE(get_validate.status, 400);
  EXPECT_LT(get_validate.status, 500);
  EXPECT_EQ(curl_get(s(), "/healthz").status, 200);  // still serving
}

TEST_F(Serve, MetricsAndOneLogLinePerReview) {
  ASSERT_TRUE(s().up());
  answer(curl_post(s(), "/validate", review_body(pod(kGood), "u-logged-1")));
  answer(curl_post(s(), "/validate", review_body(pod(kT4Bf16), "u-logged-2")));
  const Http m = curl_get(s(), "/metrics");
  EXPECT_EQ(m.status, 200);
  EXPECT_NE(m.body.find("# TYPE kvdtype_admission_reviews_total counter"), std::string::npos);
  EXPECT_NE(m.body.find("kvdtype_admission_reviews_total{decision=\"denied\"}"), std::string::npos);
  EXPECT_NE(m.body.find("# TYPE kvdtype_admission_review_duration_seconds histogram"), std::string::npos);
  EXPECT_NE(m.body.find("kvdtype_admission_review_duration_seconds_bucket{le=\"+Inf\"}"), std::string::npos);
  // Each review is one JSON line naming its uid and decision. Lines are written in batches, at
  // most 100 ms after the review (docs/webhook.md): wait for them, within the test's own bound.
  std::string log = s().log();
  for (int i = 0; i < 200 && log.find("u-logged-2") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    log = s().log();
  }
  for (const std::string& uid : {std::string("u-logged-1"), std::string("u-logged-2")}) {
    const std::size_t at = log.find("\"uid\":\"" + uid + "\"");
    ASSERT_NE(at, std::string::npos) << log;
    const std::size_t begin = log.rfind('\n', at) == std::string::npos ? 0 : log.rfind('\n', at) + 1;
    const Json line = Json::parse(log.substr(begin, log.find('\n', at) - begin), nullptr, false);
    ASSERT_FALSE(line.is_discarded());
    EXPECT_EQ(line["event"], "review");
    EXPECT_TRUE(line["decision"] == "allowed" || line["decision"] == "denied" || line["decision"] == "warned");
    EXPECT_TRUE(line.contains("ms"));
  }
}

// ---- policy flags ------------------------------------------------------------------------------

TEST(ServePolicy, FailOnWarningDeniesAndIgnoreSilences) {
  {
    Server strict({"--fail-on", "warning"});
    ASSERT_TRUE(strict.up());
    const Json r = answer(curl_post(strict, "/validate", review_body(pod(pd_block_sizes()), "u-strict")));
    EXPECT_EQ(r["allowed"], false);
    EXPECT_NE(r["status"]["message"].get<std::string>().find("KVD303"), std::string::npos);
    EXPECT_EQ(strict.stop(), 0);
  }
  Server lenient({"--ignore", "KVD303,KVD081"});
  ASSERT_TRUE(lenient.up());
  Json r = answer(curl_post(lenient, "/validate", review_body(pod(pd_block_sizes()), "u-lenient")));
  EXPECT_EQ(r["allowed"], true);
  // The ignored codes are silent; what is left is what was not checked (these pods name no GPU:
  // KVD080, an incomplete review, allowed with a warning).
  for (const auto& w : r.value("warnings", Json::array())) {
    EXPECT_EQ(w.get<std::string>().find("KVD303"), std::string::npos) << r.dump();
    EXPECT_NE(w.get<std::string>().find("KVD080"), std::string::npos) << r.dump();
  }
  r = answer(curl_post(lenient, "/validate", review_body(pod(kT4Bf16), "u-ignored")));
  EXPECT_EQ(r["allowed"], true) << r.dump();
}

// --on-unreadable warn: what could not be read is allowed with a warning instead of denied.
TEST(ServePolicy, OnUnreadableWarnAllowsWithAWarning) {
  Server lenient({"--on-unreadable", "warn"});
  ASSERT_TRUE(lenient.up());
  const Json bad = pod_spec("python:3", Json::array({"sh", "-c", "vllm serve 'unbalanced"}), Json::array(), "Tesla-T4");
  const Json r = answer(curl_post(lenient, "/validate", review_body(pod(bad), "u-lenient")));
  EXPECT_EQ(r["allowed"], true) << r.dump();
  EXPECT_NE(r.value("warnings", Json::array()).dump().find("could not read"), std::string::npos) << r.dump();
  EXPECT_EQ(lenient.stop(), 0);
}

TEST(ServePolicy, DefaultGpuAppliesWhereNoNodeLabelSays) {
  Server s({"--gpu", "T4", "--engine-version", "0.27.0"});
  ASSERT_TRUE(s.up());
  Json spec = kT4Bf16;
  spec.erase("nodeSelector");
  EXPECT_EQ(answer(curl_post(s, "/validate", review_body(pod(spec), "u-default-gpu")))["allowed"], false);
  // A node label wins over the default.
  Json h100 = kT4Bf16;
  h100["nodeSelector"]["nvidia.com/gpu.product"] = "NVIDIA-H100-80GB-HBM3";
  EXPECT_EQ(answer(curl_post(s, "/validate", review_body(pod(h100), "u-label-wins")))["allowed"], true);
}

TEST(ServePolicy, LogLevelWarnKeepsOnlyUnreadableRequests) {
  Server s({"--log-level", "warn"});
  ASSERT_TRUE(s.up());
  EXPECT_EQ(answer(curl_post(s, "/validate", review_body(pod(kGood), "u-quiet")))["allowed"], true);
  const Http bad = curl_post(s, "/validate", "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{}}");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(s.stop(), 0);
  const std::string log = s.log();
  EXPECT_EQ(log.find("u-quiet"), std::string::npos) << log;        // an answered review: info, not logged
  EXPECT_EQ(log.find("\"listening\""), std::string::npos) << log;  // start-up: info
  EXPECT_NE(log.find("\"level\":\"warning\""), std::string::npos) << log;
  EXPECT_NE(log.find("\"error\""), std::string::npos) << log;     // the unreadable request, at warn
}

TEST(ServePolicy, BadOptionsStopTheServerBeforeItListens) {
  const Cert& c = test_cert();
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--fail-on", "sometimes"}, {"--ignore", "KVD9999"}, {"--engine-version", "banana"}, {"--gpu", "sm_999"}, {"--gpu", "auto"},
        {"--gpu", "A100,,H100"}, {"--gpu", "A100,sm_999"},
        {"--keep-alive-timeout", "0"}, {"--log-level", "loud"}}) {
    std::vector<std::string> argv = {KVDTYPE_CLI, "serve", "--listen", "127.0.0.1:1", "--tls-cert", c.cert, "--tls-key", c.key};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const Ran r = run(argv, {}, 30);
    EXPECT_EQ(r.exit_code, 2) << extra[0] << " " << r.err;
    EXPECT_NE(r.err.find("kvdtype serve"), std::string::npos) << r.err;
  }
  const Ran missing = run({KVDTYPE_CLI, "serve", "--listen", "127.0.0.1:1", "--tls-cert", "/nonexistent.pem", "--tls-key", "/nonexistent.pem"}, {}, 30);
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  const Ran help = run({KVDTYPE_CLI, "serve", "--help"}, {}, 30);
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--listen"), std::string::npos);
}

}  // namespace
