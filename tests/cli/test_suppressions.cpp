// Suppressions (docs/suppressions.md): `# kvdtype: ignore[KVDnnn] reason` comments in scripts,
// compose files and YAML manifests, the kvdtype.io/ignore annotation, and KVD156 for those that
// silence nothing. A suppressed finding leaves the verdict and the exit status but is listed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::run_cli;
using kvdtype::test::TempDir;
using Json = nlohmann::json;

// bfloat16 on a T4: vLLM refuses it (KVD081, an error).
constexpr const char* kServe = "vllm serve Qwen/Qwen2.5-3B-Instruct --dtype bfloat16";

struct Ran {
  int rc = -1;
  Json j;
  std::string err;
};

Ran check(const std::vector<std::string>& args) {
  std::vector<std::string> a = {"check", "--isolated", "--format", "json"};
  a.insert(a.end(), args.begin(), args.end());
  const auto r = run_cli(a);
  Ran out{r.exit_code, Json::parse(r.out, nullptr, false), r.err};
  EXPECT_FALSE(out.j.is_discarded()) << r.out << r.err;
  return out;
}

bool has(const Json& list, const std::string& code) {
  if (!list.is_array()) return false;
  for (const Json& d : list)
    if (d.value("code", "") == code) return true;
  return false;
}

// The diagnostics of a result of kvdtype.check/v1 or the first of kvdtype.checks/v1.
const Json& first(const Json& j) { return j.contains("results") ? j["results"][0] : j; }

TEST(Suppressions, ScriptCommentOnTheLineBeforeSilencesTheRule) {
  TempDir t("suppress");
  const std::string f = t.write("serve.sh", std::string("#!/bin/sh\n# kvdtype: ignore[KVD081] T4 nodes run a patched build\n") + kServe + "\n");
  const Ran r = check({"--gpu", "T4", "--command-file", f});
  EXPECT_EQ(r.rc, 0) << r.j.dump();
  const Json& res = first(r.j);
  EXPECT_FALSE(has(res["diagnostics"], "KVD081")) << res.dump();
  ASSERT_TRUE(has(res["suppressed"], "KVD081")) << res.dump();
  const Json& s = res["suppressed"][0];
  EXPECT_EQ(s["reason"], "T4 nodes run a patched build");
  EXPECT_EQ(s["origin"], "comment");
  EXPECT_EQ(s["line"], 2);
  EXPECT_EQ(s["severity"], "error");
}

TEST(Suppressions, TrailingCommentOnAContinuationLineCounts) {
  TempDir t("suppress");
  const std::string f = t.write("serve.sh", "vllm serve Qwen/Qwen2.5-3B-Instruct \\\n  --dtype bfloat16  # kvdtype: ignore[KVD081]\n");
  const Ran r = check({"--gpu", "T4", "--command-file", f});
  EXPECT_EQ(r.rc, 0) << r.j.dump();
  EXPECT_TRUE(has(first(r.j)["suppressed"], "KVD081")) << r.j.dump();
  EXPECT_EQ(first(r.j)["suppressed"][0]["reason"], "");  // no reason: allowed, listed as such
}

TEST(Suppressions, CommentAwayFromTheCommandSilencesNothingAndIsReported) {
  TempDir t("suppress");
  const std::string f = t.write("serve.sh", std::string("# kvdtype: ignore[KVD081] too far away\n\necho starting\n") + kServe + "\n");
  const Ran r = check({"--gpu", "T4", "--command-file", f});
  EXPECT_EQ(r.rc, 1) << r.j.dump();
  EXPECT_TRUE(has(first(r.j)["diagnostics"], "KVD081")) << r.j.dump();
  EXPECT_TRUE(has(first(r.j)["diagnostics"], "KVD156")) << r.j.dump();
}

TEST(Suppressions, OtherRuleStillFailsAndTheUnusedCodeIsReported) {
  TempDir t("suppress");
  const std::string f = t.write("serve.sh", std::string(kServe) + "  # kvdtype: ignore[KVD070] not this bug\n");
  const Ran r = check({"--gpu", "T4", "--command-file", f});
  EXPECT_EQ(r.rc, 1) << r.j.dump();
  const Json& res = first(r.j);
  EXPECT_TRUE(has(res["diagnostics"], "KVD081"));
  EXPECT_TRUE(has(res["diagnostics"], "KVD156")) << res.dump();
  EXPECT_FALSE(res.contains("suppressed")) << res.dump();
}

TEST(Suppressions, UnknownCodeIsReportedWithTheNearestCodes) {
  TempDir t("suppress");
  const std::string f = t.write("serve.sh", std::string(kServe) + "  # kvdtype: ignore[KVD081,KVD999] reason\n");
  const Ran r = check({"--gpu", "T4", "--command-file", f});
  const Json& res = first(r.j);
  EXPECT_TRUE(has(res["suppressed"], "KVD081")) << res.dump();
  bool named = false;
  for (const Json& d : res["diagnostics"])
    if (d["code"] == "KVD156") named = d["message"].get<std::string>().find("KVD999") != std::string::npos;
  EXPECT_TRUE(named) << res.dump();
  EXPECT_EQ(r.rc, 0);  // KVD156 is a warning
  // --fail-on warning makes it count.
  EXPECT_EQ(check({"--gpu", "T4", "--fail-on", "warning", "--command-file", f}).rc, 1);
}

TEST(Suppressions, ScriptWithTwoCommandsSilencesOnlyTheMarkedOne) {
  TempDir t("suppress");
  const std::string f = t.write("two.sh", std::string(kServe) + " --port 8000 &  # kvdtype: ignore[KVD081] this one only\n" + kServe +
                                              " --port 8001 &\nwait\n");
  const Ran r = check({"--gpu", "T4", "--command-file", f});
  ASSERT_EQ(r.j["schema"], "kvdtype.checks/v1") << r.j.dump();
  ASSERT_EQ(r.j["results"].size(), 2u);
  EXPECT_TRUE(has(r.j["results"][0]["suppressed"], "KVD081"));
  EXPECT_TRUE(has(r.j["results"][1]["diagnostics"], "KVD081"));
  EXPECT_EQ(r.rc, 1);
}

const char* kDeployment = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: qwen
%ANNOTATIONS%spec:
  template:
    spec:
      nodeSelector:
        nvidia.com/gpu.product: Tesla-T4
      containers:
%COMMENT%      - name: vllm
        image: vllm/vllm-openai:v0.27.0
        args: ["Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"]%TRAILING%
      - name: sidecar
        image: busybox
)";

std::string deployment(const std::string& annotations, const std::string& comment, const std::string& trailing) {
  std::string s = kDeployment;
  for (auto [key, value] : {std::pair<std::string, std::string>{"%ANNOTATIONS%", annotations}, {"%COMMENT%", comment}, {"%TRAILING%", trailing}})
    s.replace(s.find(key), key.size(), value);
  return s;
}

TEST(Suppressions, YamlCommentOnTheContainerSilencesIt) {
  TempDir t("suppress");
  for (const auto& [comment, trailing] : {std::pair<std::string, std::string>{"      # kvdtype: ignore[KVD081] patched image\n", ""},
                                          {"", "  # kvdtype: ignore[KVD081] patched image"}}) {
    const Ran r = check({"--manifest", t.write("d.yaml", deployment("", comment, trailing))});
    EXPECT_EQ(r.rc, 0) << r.j.dump();
    EXPECT_TRUE(has(first(r.j)["suppressed"], "KVD081")) << r.j.dump();
    EXPECT_FALSE(has(first(r.j)["diagnostics"], "KVD156")) << r.j.dump();
  }
}

TEST(Suppressions, YamlCommentOnAnotherContainerDoesNotSilence) {
  TempDir t("suppress");
  std::string text = deployment("", "", "");
  text.replace(text.find("        image: busybox"), 0, "        # kvdtype: ignore[KVD081] the sidecar's\n");
  const Ran r = check({"--manifest", t.write("d.yaml", text)});
  EXPECT_EQ(r.rc, 1) << r.j.dump();
  EXPECT_TRUE(has(first(r.j)["diagnostics"], "KVD081")) << r.j.dump();
  EXPECT_TRUE(has(first(r.j)["diagnostics"], "KVD156")) << r.j.dump();
}

TEST(Suppressions, AnnotationSilencesPerObjectAndPerRule) {
  TempDir t("suppress");
  Ran r = check({"--manifest", t.write("d.yaml", deployment("  annotations:\n    kvdtype.io/ignore: \"KVD081: T4 pool runs a patched image\"\n", "", ""))});
  EXPECT_EQ(r.rc, 0) << r.j.dump();
  ASSERT_TRUE(has(first(r.j)["suppressed"], "KVD081")) << r.j.dump();
  EXPECT_EQ(first(r.j)["suppressed"][0]["origin"], "annotation");
  EXPECT_EQ(first(r.j)["suppressed"][0]["reason"], "T4 pool runs a patched image");
  // Several entries; one names a rule this object does not report.
  r = check({"--manifest", t.write("d.yaml", deployment("  annotations:\n    kvdtype.io/ignore: \"KVD081: patched; KVD070: also\"\n", "", ""))});
  EXPECT_TRUE(has(first(r.j)["suppressed"], "KVD081")) << r.j.dump();
  EXPECT_TRUE(has(first(r.j)["diagnostics"], "KVD156")) << r.j.dump();
  // Another key is not a suppression.
  r = check({"--manifest", t.write("d.yaml", deployment("  annotations:\n    example.com/ignore: \"KVD081\"\n", "", ""))});
  EXPECT_EQ(r.rc, 1) << r.j.dump();
}

TEST(Suppressions, ComposeCommentOnTheServiceSilencesIt) {
  TempDir t("suppress");
  const std::string f = t.write("compose.yaml", R"(services:
  # kvdtype: ignore[KVD081] checked on T4 by hand
  vllm:
    image: vllm/vllm-openai:v0.27.0
    command: ["Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"]
  other:
    image: vllm/vllm-openai:v0.27.0
    command: ["Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"]
)");
  const Ran r = check({"--gpu", "T4", "--manifest", f});
  ASSERT_EQ(r.j["results"].size(), 2u) << r.j.dump();
  EXPECT_TRUE(has(r.j["results"][0]["suppressed"], "KVD081")) << r.j.dump();
  EXPECT_TRUE(has(r.j["results"][1]["diagnostics"], "KVD081")) << r.j.dump();
}

TEST(Suppressions, TextOutputListsTheSuppressedFinding) {
  TempDir t("suppress");
  const std::string f = t.write("serve.sh", std::string(kServe) + "  # kvdtype: ignore[KVD081] patched build\n");
  const auto r = run_cli({"check", "--isolated", "--gpu", "T4", "--command-file", f});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("suppressed error KVD081 (comment " + f + ":1: patched build)"), std::string::npos) << r.out;
}

TEST(Suppressions, Kvd156HasItsPageAndExplains) {
  const auto r = run_cli({"explain", "KVD156"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("suppression"), std::string::npos) << r.out;
}

}  // namespace
