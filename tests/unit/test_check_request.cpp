// io::run_check: the path a check takes and the request's own values, as a library call (the
// CLI, the C ABI and the Python module all go through it).
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "kvdtype/io/check_request.hpp"

namespace {

using namespace kvdtype;
using namespace kvdtype::io;

const std::string kData = KVDTYPE_TEST_DATA_DIR;

CheckRequest h100_fp8() {
  CheckRequest r;
  r.fields.gpu = "H100";
  r.fields.kv_cache_dtype = "fp8";
  r.fields.attention = "gqa";
  r.fields.model_dtype = "bfloat16";
  return r;
}

// A launch command as one word of shell text, on an H100, checked without bad input.
CheckOutcome text_on_h100(std::string text) {
  CheckRequest r;
  r.fields.gpu = "H100";
  r.command = {std::move(text)};
  CheckOutcome a = run_check(r);
  EXPECT_FALSE(a.failure) << a.failure->error.message;
  return a;
}

TEST(CheckRequest, FieldsAloneGiveOneReport) {
  const CheckOutcome a = run_check(h100_fp8());
  ASSERT_FALSE(a.failure) << a.failure->error.message;
  ASSERT_TRUE(a.one);
  EXPECT_FALSE(a.several);
  EXPECT_FALSE(a.source);  // not read from a script
  EXPECT_EQ(a.verdict(), a.one->verdict());
  EXPECT_EQ(a.as_checks().results.size(), 1u);
}

TEST(CheckRequest, AFleetOfTargetsGivesOneResultPerTarget) {
  CheckRequest r = h100_fp8();
  r.fields.gpu = "H100,MI300X";
  const CheckOutcome a = run_check(r);
  ASSERT_FALSE(a.failure) << a.failure->error.message;
  ASSERT_TRUE(a.several);
  EXPECT_FALSE(a.one);
  ASSERT_EQ(a.several->results.size(), 2u);
  EXPECT_EQ(a.several->results[0].source.gpu, "H100");
  EXPECT_EQ(a.several->results[1].source.gpu, "MI300X");
}

TEST(CheckRequest, AScriptWithSeveralServersGivesOneResultEach) {
  const CheckOutcome a = text_on_h100("vllm serve a/b --kv-cache-dtype fp8\nvllm serve c/d --kv-cache-dtype auto --port 8001\n");
  ASSERT_TRUE(a.several);
  ASSERT_EQ(a.several->results.size(), 2u);
  EXPECT_EQ(a.several->results[0].source.line, 1);
  EXPECT_EQ(a.several->results[1].source.line, 2);
}

TEST(CheckRequest, OneCommandAsTextKeepsItsSource) {
  const CheckOutcome a = text_on_h100("vllm serve a/b --kv-cache-dtype fp8");
  ASSERT_TRUE(a.one);
  ASSERT_TRUE(a.source);
  EXPECT_EQ(a.source->line, 1);
  EXPECT_EQ(a.as_checks().results.front().source.line, 1);
}

TEST(CheckRequest, ManifestsGiveChecks) {
  CheckRequest r;
  r.add(InputKind::manifest, kData + "/manifests/pd.yaml");
  const CheckOutcome a = run_check(r);
  ASSERT_FALSE(a.failure) << a.failure->error.message;
  ASSERT_TRUE(a.several);
  EXPECT_GE(a.several->results.size(), 2u);
}

TEST(CheckRequest, FailOnWarningRejectsAWarning) {
  CheckRequest r = h100_fp8();
  const CheckOutcome plain = run_check(r);
  ASSERT_TRUE(plain.one);
  r.fail_on = "warning";
  const CheckOutcome strict = run_check(r);
  ASSERT_TRUE(strict.one);
  EXPECT_EQ(strict.fail_on, Verdict::warn);
  EXPECT_EQ(plain.rejected(), plain.verdict() == Verdict::error);
  EXPECT_EQ(strict.rejected(), strict.verdict() != Verdict::ok);
}

// An unknown GPU: incomplete, which passes by default and fails under --fail-on incomplete (and
// under the stricter --fail-on warning), never reported as ok.
TEST(CheckRequest, FailOnIncompleteRejectsAnUncheckedFact) {
  CheckRequest r = h100_fp8();
  r.fields.gpu.clear();
  const CheckOutcome plain = run_check(r);
  ASSERT_TRUE(plain.one);
  EXPECT_EQ(plain.verdict(), Verdict::incomplete);
  EXPECT_FALSE(plain.rejected());
  for (const char* level : {"incomplete", "warning"}) {
    r.fail_on = level;
    const CheckOutcome strict = run_check(r);
    ASSERT_TRUE(strict.one) << level;
    EXPECT_TRUE(strict.rejected()) << level;
  }
  r.fail_on = "error";
  r.fields.gpu = "H100";
  EXPECT_FALSE(run_check(r).rejected());
}

TEST(CheckRequest, TheRequestsOwnValuesAreCheckedFirst) {
  CheckRequest r = h100_fp8();
  r.fail_on = "never";
  CheckOutcome a = run_check(r);
  ASSERT_TRUE(a.failure);
  EXPECT_EQ(a.failure->input, "--fail-on");
  EXPECT_TRUE(a.rejected());

  r = h100_fp8();
  r.add(InputKind::env, "=x");
  a = run_check(r);
  ASSERT_TRUE(a.failure);
  EXPECT_EQ(a.failure->input, "--env");

  r = h100_fp8();
  r.ignore = {"KVD062,KVD9999"};
  a = run_check(r);
  ASSERT_TRUE(a.failure);
  EXPECT_EQ(a.failure->input, "--ignore");
  EXPECT_NE(a.failure->error.message.find("KVD9999"), std::string::npos) << a.failure->error.message;

  a = run_check(CheckRequest{});
  ASSERT_TRUE(a.failure);
  EXPECT_EQ(a.failure->input, "none");

  r = h100_fp8();
  r.command = {"vllm", "serve", "m"};
  r.add(InputKind::command_file, "x.sh");
  a = run_check(r);
  ASSERT_TRUE(a.failure);
  EXPECT_EQ(a.failure->input, "x.sh");
}

TEST(CheckRequest, IgnoredRulesAreDropped) {
  CheckRequest r = h100_fp8();
  const CheckOutcome all = run_check(r);
  ASSERT_TRUE(all.one);
  ASSERT_FALSE(all.one->report.diagnostics.empty()) << "the fixture should fire at least one rule";
  const std::string code(all.one->report.diagnostics[0].rule->code);
  r.ignore = {code};
  const CheckOutcome fewer = run_check(r);
  ASSERT_TRUE(fewer.one);
  EXPECT_FALSE(fewer.one->report.fired(code));
}

}  // namespace
