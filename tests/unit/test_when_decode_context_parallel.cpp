// The When condition on decode context parallelism (src/core/when_extra.cpp:
// min_decode_context_parallel) and the vLLM row that uses it (constraints_vllm.cpp: MLA decode
// asserted on an fp8 cache under -dcp until vllm-project/vllm#44044).
#include <gtest/gtest.h>

#include <string>

#include "core/index.hpp"
#include "core/when_extra.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/request.hpp"
#include "report_helpers.hpp"
#include "tables/rows/constraint.hpp"

namespace {

using kvdtype::Report;
using kvdtype::Request;
using kvdtype::RequestInput;
using kvdtype::Severity;
using kvdtype::Verdict;

Request made(RequestInput in) {
  auto r = kvdtype::make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

RequestInput kimi_dcp(std::string kv, std::string dcp, std::string version) {
  RequestInput in = kvdtype::test::deepseek_v3_h200(std::move(kv));
  in.gpu = "B200";
  in.decode_context_parallel_size = std::move(dcp);
  in.engine_version = std::move(version);
  return in;
}

// The KVD070 diagnostic of the DCP row, or nullptr.
const kvdtype::Diagnostic* dcp_bug(const Report& rep) {
  for (const auto& d : rep.diagnostics)
    if (d.evidence.constraint != nullptr && d.evidence.constraint->when.min_decode_context_parallel != 0) return &d;
  return nullptr;
}

TEST(WhenDecodeContextParallel, HoldsFromTheSizeOnAndNeverWhenNotGiven) {
  kvdtype::When w;
  w.min_decode_context_parallel = 2;
  EXPECT_TRUE(kvdtype::detail::has_extra(w));
  EXPECT_EQ(kvdtype::detail::extra_needs(w), kvdtype::detail::extra_decode_context_parallel);
  RequestInput in;
  in.engine = "vllm";
  in.decode_context_parallel_size = "2";
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(w, made(in)));
  in.decode_context_parallel_size = "8";
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(w, made(in)));
  in.decode_context_parallel_size = "1";
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(w, made(in))) << "-dcp 1 splits nothing";
  in.decode_context_parallel_size.clear();
  const Request unknown = made(in);
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(w, unknown)) << "not given: the engine's default of 1";
  EXPECT_EQ(kvdtype::detail::extra_given(unknown) & kvdtype::detail::extra_decode_context_parallel, 0u);
}

TEST(WhenDecodeContextParallel, VllmMlaFp8UnderDcpAssertsInReleasesBeforeTheFix) {
  const Report reported = kvdtype::check(made(kimi_dcp("fp8", "8", "0.19.1")));
  const auto* d = dcp_bug(reported);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, Severity::error);
  EXPECT_EQ(reported.verdict(), Verdict::error);
  // 0.23.0 was published before #44044 was committed: carries it too.
  const Report before_fix_report = kvdtype::check(made(kimi_dcp("fp8_e4m3", "4", "0.23.0")));  // the finding lives in it
  const auto* before_fix = dcp_bug(before_fix_report);
  ASSERT_NE(before_fix, nullptr);
  EXPECT_EQ(before_fix->severity, Severity::error);
  // After it, the first fixed release is not established: a warning naming the fix.
  const Report after_report = kvdtype::check(made(kimi_dcp("fp8", "8", "0.24.0")));  // the finding lives in it
  const auto* after = dcp_bug(after_report);
  ASSERT_NE(after, nullptr);
  EXPECT_EQ(after->severity, Severity::warning);
  // Between DCP's first release and 0.14.0 the assertion's presence is not established: a warning.
  const Report early_report = kvdtype::check(made(kimi_dcp("fp8", "8", "0.13.0")));  // the finding lives in it
  const auto* early = dcp_bug(early_report);
  ASSERT_NE(early, nullptr);
  EXPECT_EQ(early->severity, Severity::warning);
  // Before DCP shipped (0.10.2) there is no such path.
  EXPECT_EQ(dcp_bug(kvdtype::check(made(kimi_dcp("fp8", "8", "0.10.1")))), nullptr);
}

TEST(WhenDecodeContextParallel, VllmRowNeedsDcpMlaAndAnFp8Cache) {
  EXPECT_EQ(dcp_bug(kvdtype::check(made(kimi_dcp("fp8", "1", "0.19.1")))), nullptr) << "-dcp 1";
  EXPECT_EQ(dcp_bug(kvdtype::check(made(kimi_dcp("fp8", "", "0.19.1")))), nullptr) << "no -dcp";
  EXPECT_EQ(dcp_bug(kvdtype::check(made(kimi_dcp("auto", "8", "0.19.1")))), nullptr) << "a bfloat16 cache";
  RequestInput gqa = kimi_dcp("fp8", "2", "0.19.1");
  gqa.attention = "gqa";
  gqa.num_kv_heads = "4";
  gqa.head_size = "128";
  gqa.kv_lora_rank.clear();
  gqa.qk_rope_head_dim.clear();
  gqa.qk_nope_head_dim.clear();
  EXPECT_EQ(dcp_bug(kvdtype::check(made(gqa))), nullptr) << "the assertion is in the MLA decode path";
}

TEST(WhenDecodeContextParallel, LaunchCommandCarriesTheSizeToTheRow) {
  const auto c = kvdtype::test::launch(
      "vllm serve moonshotai/Kimi-K2.5 -tp 8 -dcp 8 --kv-cache-dtype fp8 --trust-remote-code");
  EXPECT_EQ(c.input.decode_context_parallel_size, "8");
}

}  // namespace
