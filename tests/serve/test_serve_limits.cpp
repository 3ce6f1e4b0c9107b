// Every limit of the review path, hit: the answer is a denial or an unchecked fact as the policy
// says — never an allow with nothing said (docs/webhook.md, "Limits of a review"). Each case is
// reviewed in process through serve::review (what POST /validate calls) under the default
// policy, --fail-on incomplete and --on-unreadable warn. The transport's limits (--max-body: 413,
// a head over 16 KiB: 431, the deadlines: 408) answer no AdmissionReview and are tested over TLS
// in test_serve_faults.cpp and test_serve_transport.cpp.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bindings/admission.hpp"

namespace {

using Json = nlohmann::json;
using kvdtype::serve::Policy;

Json pod(const Json& spec, const std::string& name = "p") {
  return {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", name}, {"namespace", "llm"}}}, {"spec", spec}};
}

Json vllm_container(const Json& command) {
  return {{"name", "c"}, {"image", "vllm/vllm-openai:v0.10.0"}, {"command", command}};
}

Json on_h100(Json spec) {
  spec["nodeSelector"] = {{"nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"}};
  return spec;
}

// The envelope in the API server's order (apiVersion, kind, request; uid first in the request,
// the object last), as Go's encoder writes the AdmissionReview struct.
std::string review_text(const Json& object) {
  return R"({"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","request":{"uid":"u-limit","operation":"CREATE",)"
         R"("namespace":"llm","object":)" +
         object.dump() + "}}";
}

struct Answer {
  int status = 0;
  bool allowed = false;
  std::string message;
  std::vector<std::string> warnings;
  std::string body;
};

Answer review(const std::string& body, const Policy& p) {
  const kvdtype::serve::Outcome o = kvdtype::serve::review(body, p);
  Answer a;
  a.status = o.http_status;
  a.body = o.body.substr(0, 600);
  if (o.http_status != 200) return a;
  const Json r = Json::parse(o.body)["response"];
  a.allowed = r["allowed"];
  if (r.contains("status")) a.message = r["status"].value("message", "");
  for (const Json& w : r.value("warnings", Json::array())) a.warnings.push_back(w);
  return a;
}

bool any_has(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& l : lines)
    if (l.find(part) != std::string::npos) return true;
  return false;
}

Policy strict() {
  Policy p;
  p.fail_on = kvdtype::Verdict::incomplete;
  return p;
}

Policy unreadable_warns() {
  Policy p;
  p.unreadable_warns = true;
  return p;
}

// What could not be read: denied naming why (default and --fail-on incomplete), allowed with a
// "could not read" warning under --on-unreadable warn.
void expect_unreadable(const std::string& body, const std::string& why, Policy base = Policy()) {
  for (Policy p : {base, strict(), unreadable_warns()}) {
    p.base = base.base;
    const Answer a = review(body, p);
    ASSERT_EQ(a.status, 200) << why << ": " << a.body;
    if (p.unreadable_warns) {
      EXPECT_TRUE(a.allowed) << why << ": " << a.body;
      EXPECT_TRUE(any_has(a.warnings, "could not read")) << why << ": " << a.body;
      EXPECT_TRUE(any_has(a.warnings, why)) << why << ": " << a.body;
    } else {
      EXPECT_FALSE(a.allowed) << why << ": " << a.body;
      EXPECT_NE(a.message.find(why), std::string::npos) << a.body;
    }
  }
}

// An unchecked fact: allowed with a KVD080 warning by default, denied under --fail-on incomplete.
void expect_incomplete(const std::string& body, const std::string& why) {
  const Answer a = review(body, Policy());
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_TRUE(a.allowed) << a.body;
  EXPECT_TRUE(any_has(a.warnings, "KVD080")) << a.body;
  EXPECT_TRUE(any_has(a.warnings, why)) << a.body;
  const Answer s = review(body, strict());
  EXPECT_FALSE(s.allowed) << s.body;
  EXPECT_NE(s.message.find("KVD080"), std::string::npos) << s.body;
}

TEST(ServeLimits, MoreThan8192ValuesInTheObject) {
  Json c = vllm_container({"vllm", "serve", "Qwen/Qwen2.5-3B-Instruct"});
  c["args"] = Json::array();
  for (int i = 0; i < 9000; ++i) c["args"].push_back("0");
  expect_unreadable(review_text(pod(on_h100({{"containers", {c}}}))), "values in the object");
}

// Deeper than the reader goes, inside the object: was a 400 (which the API server's
// failurePolicy Ignore lets through unchecked); the envelope was read, so it is denied.
TEST(ServeLimits, AnObjectNestedDeeperThan100Levels) {
  Json deep = "x";
  for (int i = 0; i < 150; ++i) deep = Json::array({deep});
  Json spec = on_h100({{"containers", {vllm_container({"vllm", "serve", "Qwen/Qwen2.5-3B-Instruct"})}}});
  spec["extra"] = deep;
  expect_unreadable(review_text(pod(spec)), "nested deeper than 100");
  // A body that is no AdmissionReview (no uid read before the depth) is still a 400.
  EXPECT_EQ(review(deep.dump(), Policy()).status, 400);
}

TEST(ServeLimits, ShellScriptsNestedMoreThan4Deep) {
  std::string cmd = "vllm serve Qwen/Qwen2.5-3B-Instruct";
  for (int i = 0; i < 5; ++i) {
    std::string q;
    for (char ch : cmd) q += ch == '\'' ? std::string("'\"'\"'") : std::string(1, ch);
    cmd = "sh -c '" + q + "'";
  }
  expect_unreadable(review_text(pod(on_h100({{"containers", {vllm_container({"sh", "-c", cmd})}}}))), "nested more than 4");
}

TEST(ServeLimits, ContainersNestedMoreThan16Deep) {
  Json cmd = Json::array();
  for (int i = 0; i < 17; ++i)
    for (const char* w : {"docker", "run", "img"}) cmd.push_back(w);
  for (const char* w : {"vllm", "serve", "Qwen/Qwen2.5-3B-Instruct"}) cmd.push_back(w);
  expect_unreadable(review_text(pod(on_h100({{"containers", {vllm_container(cmd)}}}))), "nested more than 16");
}

TEST(ServeLimits, MoreWordsThanACommandHolds) {
  std::string script = "vllm serve Qwen/Qwen2.5-3B-Instruct";
  for (int i = 0; i < 17000; ++i) script += " a";
  expect_unreadable(review_text(pod(on_h100({{"containers", {vllm_container({"sh", "-c", script})}}}))), "more than 16384");
}

TEST(ServeLimits, AnUnbalancedQuote) {
  expect_unreadable(review_text(pod(on_h100({{"containers", {vllm_container({"sh", "-c", "vllm serve 'Qwen/Qwen2.5-3B-Instruct"})}}}))),
                    "quote");
}

// A --gpu list the webhook cannot split (`A100,,H100`; kvdtype serve refuses it at start, and
// `check --manifest --gpu A100,,H100` exits 2): unreadable, never a warning alone.
TEST(ServeLimits, AGpuListWithAnEmptyTarget) {
  Policy p;
  p.base.defaults.gpu = "A100,,H100";
  expect_unreadable(review_text(pod({{"containers", {vllm_container({"vllm", "serve", "Qwen/Qwen2.5-3B-Instruct"})}}})),
                    "an empty target between commas", p);
}

// `kvdtype serve --gpu A100,T4` (docs: "several: A,B"): a pod naming no GPU is checked on each,
// as `check --gpu A100,T4` checks it — bfloat16 is refused on the T4 (KVD081). It was one unknown
// GPU "A100,T4", every such review denied unread.
TEST(ServeLimits, AGpuListDefaultChecksEachTarget) {
  Policy p;
  p.base.defaults.gpu = "A100,T4";
  const Json c = vllm_container({"vllm", "serve", "Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"});
  const Answer a = review(review_text(pod({{"containers", {c}}})), p);
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_FALSE(a.allowed) << a.body;
  EXPECT_NE(a.message.find("KVD081"), std::string::npos) << a.body;
  EXPECT_EQ(a.message.find("unknown GPU"), std::string::npos) << a.body;
  // A pod whose node selector names its GPU keeps it: the list is only the default.
  const Answer h = review(review_text(pod(on_h100({{"containers", {c}}}))), p);
  EXPECT_TRUE(h.allowed) << h.body;
}

// The generic search of a kind kvdtype has no row for stops at its bound: what it did not reach
// is an unchecked fact, never "no server".
TEST(ServeLimits, TheGenericSearchBound) {
  Json pods = Json::array();
  for (int i = 0; i < 100; ++i)
    pods.push_back({{"name", "p" + std::to_string(i)}, {"containers", {{{"name", "c"}, {"image", "busybox"}, {"command", {"sleep", "inf"}}}}}});
  const Json wide = {{"apiVersion", "x.example.com/v1"}, {"kind", "Wide"}, {"metadata", {{"name", "w"}}}, {"spec", {{"pods", pods}}}};
  expect_incomplete(review_text(wide), "stopped at its bound");
}

// A serving object whose pods its operator builds from an object the review does not hold.
TEST(ServeLimits, AnOperatorObjectWithoutItsSibling) {
  const Json playground = {{"apiVersion", "inference.llmaz.io/v1alpha1"},
                           {"kind", "Playground"},
                           {"metadata", {{"name", "qwen"}}},
                           {"spec", {{"replicas", 1}, {"modelClaim", {{"modelName", "qwen2-0--5b"}}}}}};
  expect_incomplete(review_text(playground), "is not in this file");
}

// The answer's own limits drop nothing silently: at most 16 warning lines, the last naming the
// codes of those that did not fit; each at most 120 characters.
TEST(ServeLimits, WarningLinesAreBoundedButNameEveryCode) {
  Json containers = Json::array();
  for (int i = 0; i < 24; ++i)  // no GPU anywhere: a KVD080 per container, each its own line
    containers.push_back({{"name", "c" + std::to_string(i)},
                          {"image", "vllm/vllm-openai:v0.10.0"},
                          {"command", {"vllm", "serve", "Qwen/Qwen2.5-3B-Instruct"}}});
  const Answer a = review(review_text(pod({{"containers", containers}})), Policy());
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_TRUE(a.allowed) << a.body;
  ASSERT_EQ(a.warnings.size(), 16u) << a.body;
  EXPECT_NE(a.warnings.back().find("more warnings"), std::string::npos) << a.warnings.back();
  EXPECT_NE(a.warnings.back().find("KVD080"), std::string::npos) << a.warnings.back();
  for (const std::string& w : a.warnings) EXPECT_LE(w.size(), 120u) << w;
}

}  // namespace
