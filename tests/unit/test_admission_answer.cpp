// The webhook's answer text (bindings/admission.cpp): written straight as text for ASCII answers,
// through nlohmann's tree otherwise. Both must be the bytes nlohmann's dump() makes of the same
// object, whatever the strings hold: a re-dump of the parsed answer gives the answer back.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "bindings/admission.hpp"

namespace kvdtype {
namespace {

using Json = nlohmann::json;

// A Pod whose vLLM container asks for TurboQuant's cache on an A100 (bench/webhook/review-bad-pod.json:
// denied), its container and itself named `name`.
std::string denied_pod(const std::string& uid, const std::string& name) {
  const Json container = {{"name", name},
                          {"image", "vllm/vllm-openai:v0.25.1"},
                          {"command", {"vllm", "serve"}},
                          {"args", {"Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"}}};
  const Json pod = {{"apiVersion", "v1"},
                    {"kind", "Pod"},
                    {"metadata", {{"name", name}, {"namespace", "llm"}}},
                    {"spec", {{"nodeSelector", {{"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB"}}}, {"containers", {container}}}}};
  return Json{{"apiVersion", "admission.k8s.io/v1"},
              {"kind", "AdmissionReview"},
              {"request", {{"uid", uid}, {"operation", "CREATE"}, {"kind", {{"kind", "Pod"}}}, {"object", pod}}}}
      .dump();
}

// The answer as nlohmann writes the object it holds (keys sorted, its escaping).
std::string redumped(const std::string& body) { return Json::parse(body).dump(); }

TEST(AdmissionAnswer, DeniedAnswerIsNlohmannsTextOfItsObject) {
  const serve::Outcome o = serve::review(denied_pod("u-1", "vllm"), serve::Policy{});
  ASSERT_EQ(o.decision, "denied") << o.body;
  EXPECT_EQ(o.body, redumped(o.body));
  const Json r = Json::parse(o.body);
  EXPECT_EQ(r["apiVersion"], "admission.k8s.io/v1");
  EXPECT_EQ(r["kind"], "AdmissionReview");
  EXPECT_EQ(r["response"]["uid"], "u-1");
  EXPECT_EQ(r["response"]["allowed"], false);
  EXPECT_EQ(r["response"]["status"]["code"], 403);
  EXPECT_EQ(r["response"]["status"]["reason"], "Forbidden");
}

TEST(AdmissionAnswer, EscapesQuotesBackslashesAndControlBytesAsNlohmannDoes) {
  // Names and the uid are quoted in the answer: every byte JSON escapes, and the DEL byte it does not.
  const std::string odd = std::string("a\"b\\c/d\te\nf\rg\bh\fi") + '\x01' + '\x1f' + '\x7f' + "j";
  const serve::Outcome o = serve::review(denied_pod(odd, odd), serve::Policy{});
  ASSERT_EQ(o.decision, "denied") << o.body;
  EXPECT_EQ(o.body, redumped(o.body));
  EXPECT_NE(o.body.find("\\u0001"), std::string::npos) << o.body;
  EXPECT_EQ(Json::parse(o.body)["response"]["uid"], odd);
}

TEST(AdmissionAnswer, NonAsciiNamesGoThroughTheTreeAndGiveTheSameText) {
  // Valid UTF-8 goes as is (the body's parser refuses invalid UTF-8, so none reaches the answer
  // from the object; dump_json would write such a byte as the text \xNN).
  const std::string name = "vllm-\xc3\xa9t\xc3\xa9";
  const serve::Outcome o = serve::review(denied_pod("u-\xe2\x9c\x93", name), serve::Policy{});
  ASSERT_EQ(o.decision, "denied") << o.body;
  EXPECT_EQ(o.body, redumped(o.body));
  EXPECT_EQ(Json::parse(o.body)["response"]["uid"], "u-\xe2\x9c\x93");
}

TEST(AdmissionAnswer, AllowedAndWarnedAnswersAreNlohmannsText) {
  serve::Policy warn;
  warn.enforcement = serve::Enforcement::warn;
  const serve::Outcome warned = serve::review(denied_pod("u-3", "vllm"), warn);
  ASSERT_EQ(warned.decision, "warned") << warned.body;
  EXPECT_EQ(warned.body, redumped(warned.body));
  EXPECT_TRUE(Json::parse(warned.body)["response"].contains("warnings")) << warned.body;
  EXPECT_FALSE(Json::parse(warned.body)["response"].contains("status")) << warned.body;
  serve::Policy dry;
  dry.enforcement = serve::Enforcement::dry_run;
  const serve::Outcome allowed = serve::review(denied_pod("u-4", "vllm"), dry);
  ASSERT_EQ(allowed.decision, "allowed") << allowed.body;
  EXPECT_EQ(allowed.body, R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"allowed":true,"uid":"u-4"}})");
}

}  // namespace
}  // namespace kvdtype
