// kvdtype serve --enforcement deny|warn|dry-run (Gatekeeper's enforcement actions) and the
// kvdtype.io/ignore annotation on the reviewed object (docs/suppressions.md, docs/webhook.md).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "server.hpp"

namespace {

using namespace kvdtype::test;
using Json = nlohmann::json;

// bfloat16 on a T4: vLLM refuses it (KVD081).
Json t4_bf16_pod(const std::string& name, const Json& annotations = Json()) {
  Json spec = {{"containers", Json::array({{{"name", "vllm"},
                                            {"image", "vllm/vllm-openai:v0.27.0"},
                                            {"command", Json::array({"vllm", "serve"})},
                                            {"args", Json::array({"Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"})}}})},
               {"nodeSelector", {{"nvidia.com/gpu.product", "Tesla-T4"}}}};
  Json meta = {{"name", name}, {"namespace", "llm"}};
  if (!annotations.is_null()) meta["annotations"] = annotations;
  return Json{{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", meta}, {"spec", spec}};
}

Json answer(const Http& h) {
  EXPECT_EQ(h.status, 200) << h.body;
  Json j = Json::parse(h.body, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << h.body;
  return j.is_discarded() ? Json::object() : j["response"];
}

// A counter without labels: its sample line (the series name also starts its # HELP line).
constexpr const char* kWouldDeny = "\nkvdtype_admission_would_deny_total";

std::string warnings(const Json& r) { return r.value("warnings", Json::array()).dump(); }

TEST(ServeEnforcement, DenyIsTheDefault) {
  Server s;
  ASSERT_TRUE(s.up());
  const Json r = answer(curl_post(s, "/validate", review_body(t4_bf16_pod("p").dump(), "u-deny")));
  EXPECT_EQ(r["allowed"], false) << r.dump();
  EXPECT_NE(r["status"]["message"].get<std::string>().find("KVD081"), std::string::npos) << r.dump();
  EXPECT_EQ(s.metric(kWouldDeny), 0);
}

TEST(ServeEnforcement, WarnAllowsWithTheDenialAsWarnings) {
  Server s({"--enforcement", "warn"});
  ASSERT_TRUE(s.up());
  const Json r = answer(curl_post(s, "/validate", review_body(t4_bf16_pod("p").dump(), "u-warn")));
  EXPECT_EQ(r["allowed"], true) << r.dump();
  EXPECT_FALSE(r.contains("status")) << r.dump();
  EXPECT_NE(warnings(r).find("would deny"), std::string::npos) << r.dump();
  EXPECT_NE(warnings(r).find("KVD081"), std::string::npos) << r.dump();
  EXPECT_EQ(s.metric(kWouldDeny), 1);
  EXPECT_EQ(s.stop(), 0);
  EXPECT_NE(s.log().find("\"would_deny\":true"), std::string::npos) << s.log();
}

TEST(ServeEnforcement, DryRunAllowsSilentlyAndRecords) {
  Server s({"--enforcement", "dry-run"});
  ASSERT_TRUE(s.up());
  const Json r = answer(curl_post(s, "/validate", review_body(t4_bf16_pod("p").dump(), "u-dry")));
  EXPECT_EQ(r["allowed"], true) << r.dump();
  EXPECT_FALSE(r.contains("warnings")) << r.dump();
  EXPECT_FALSE(r.contains("status")) << r.dump();
  EXPECT_EQ(s.metric(kWouldDeny), 1);
  EXPECT_EQ(s.metric("kvdtype_admission_reviews_total{decision=\"denied\"}"), 0);
  EXPECT_EQ(s.stop(), 0);
  const std::string log = s.log();
  EXPECT_NE(log.find("\"would_deny\":true"), std::string::npos) << log;
  EXPECT_NE(log.find("KVD081"), std::string::npos) << log;  // the codes are recorded
}

// A Playground alone: llmaz builds its pod from an OpenModel the review does not hold, so nothing
// in it was checked — an unchecked fact (KVD080) as `check --manifest` says of the same object,
// never an answer with nothing in it.
Json playground_alone() {
  return Json{{"apiVersion", "inference.llmaz.io/v1alpha1"},
              {"kind", "Playground"},
              {"metadata", {{"name", "qwen"}, {"namespace", "llm"}}},
              {"spec", {{"replicas", 1}, {"modelClaim", {{"modelName", "qwen2-0--5b"}}}, {"backendRuntimeConfig", {{"backendName", "sglang"}}}}}};
}

TEST(ServeEnforcement, AnObjectWhosePodCouldNotBeBuiltIsIncompleteNotFine) {
  const std::string body = review_body(playground_alone().dump(), "u-pg", "Playground");
  {
    Server s;
    ASSERT_TRUE(s.up());
    const Json r = answer(curl_post(s, "/validate", body));
    EXPECT_EQ(r["allowed"], true) << r.dump();
    EXPECT_NE(warnings(r).find("KVD080 Playground/qwen: the OpenModel qwen2-0--5b"), std::string::npos) << r.dump();
  }
  {
    Server s({"--fail-on", "incomplete"});
    ASSERT_TRUE(s.up());
    const Json r = answer(curl_post(s, "/validate", body));
    EXPECT_EQ(r["allowed"], false) << r.dump();
    EXPECT_NE(r["status"]["message"].get<std::string>().find("KVD080 (object): not checked: Playground/qwen"), std::string::npos)
        << r.dump();
  }
  {
    Server s({"--ignore", "KVD080"});
    ASSERT_TRUE(s.up());
    const Json r = answer(curl_post(s, "/validate", body));
    EXPECT_EQ(r["allowed"], true) << r.dump();
    EXPECT_FALSE(r.contains("warnings")) << r.dump();
  }
}

TEST(ServeEnforcement, BadValueStopsTheServer) {
  const Cert& c = test_cert();
  const Ran r = run({KVDTYPE_CLI, "serve", "--listen", "127.0.0.1:1", "--tls-cert", c.cert, "--tls-key", c.key, "--enforcement", "audit"}, {}, 30);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--enforcement audit: expected deny, warn or dry-run"), std::string::npos) << r.err;
}

// The annotation silences the rule it names, for this object only; an annotation naming a rule
// the object does not report is itself a warning (KVD156).
TEST(ServeSuppressions, AnnotationNamingTheRuleAllows) {
  Server s;
  ASSERT_TRUE(s.up());
  Json r = answer(curl_post(s, "/validate",
                            review_body(t4_bf16_pod("p", {{"kvdtype.io/ignore", "KVD081: T4 nodes run a patched image"}}).dump(), "u-ann")));
  EXPECT_EQ(r["allowed"], true) << r.dump();
  EXPECT_EQ(warnings(r).find("KVD081"), std::string::npos) << r.dump();
  EXPECT_EQ(warnings(r).find("KVD156"), std::string::npos) << r.dump();
  // Another rule named: KVD081 still denies, and the unused suppression warns.
  r = answer(curl_post(s, "/validate", review_body(t4_bf16_pod("p", {{"kvdtype.io/ignore", "KVD070: not this one"}}).dump(), "u-other")));
  EXPECT_EQ(r["allowed"], false) << r.dump();
  EXPECT_NE(r["status"]["message"].get<std::string>().find("KVD081"), std::string::npos) << r.dump();
  EXPECT_NE(warnings(r).find("KVD156"), std::string::npos) << r.dump();
  // Other annotations are not read as suppressions.
  r = answer(curl_post(s, "/validate", review_body(t4_bf16_pod("p", {{"example.com/ignore", "KVD081"}}).dump(), "u-foreign")));
  EXPECT_EQ(r["allowed"], false) << r.dump();
}

}  // namespace
