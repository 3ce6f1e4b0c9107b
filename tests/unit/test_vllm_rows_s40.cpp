// Session 40's vLLM facts (helper GV): the V0/V1 engine switch VLLM_USE_V1 as a launch input and
// the rows that read it (V0's XFORMERS, the 0.7 series' V1 fp8 bug, the 0.8-0.10 oracle's refusal),
// and vllm-ascend's sparse-MLA backend with its cache-dtype rewrite.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "kvdtype/check.hpp"
#include "report_helpers.hpp"

namespace kvdtype {
namespace {

using test::Args;
using test::backend;
using test::launch;
using test::severity;

Report run(Args args) { return test::run_engine("vllm", args); }


bool v1(const io::LaunchCommand& c) { return (c.input.flags & flag_vllm_use_v1) != 0; }

// vllm/envs.py reads VLLM_USE_V1 as bool(int(value)): any non-zero integer is V1, 0 is V0, and a
// value int() refuses sets nothing; the last assignment wins, as in the shell.
TEST(VllmEngineSwitch, EnvironmentSetsTheFlag) {
  EXPECT_TRUE(v1(launch("VLLM_USE_V1=1 vllm serve m --kv-cache-dtype fp8")));
  EXPECT_TRUE(v1(launch("VLLM_USE_V1=2 vllm serve m")));
  EXPECT_FALSE(v1(launch("VLLM_USE_V1=0 vllm serve m")));
  EXPECT_FALSE(v1(launch("VLLM_USE_V1=true vllm serve m")));
  EXPECT_FALSE(v1(launch("vllm serve m --kv-cache-dtype fp8")));
  EXPECT_FALSE(v1(launch("VLLM_USE_V1=1 VLLM_USE_V1=0 vllm serve m")));
  EXPECT_TRUE(v1(launch("VLLM_USE_V1=0 VLLM_USE_V1=1 vllm serve m")));
}

Report h100_fp8(const char* version, bool use_v1, const char* backend_name = nullptr) {
  RequestInput in;
  in.engine = "vllm";
  EXPECT_TRUE(in.set("engine-version", version));
  EXPECT_TRUE(in.set("gpu", "H100"));
  EXPECT_TRUE(in.set("model-dtype", "bfloat16"));
  EXPECT_TRUE(in.set("attention", "gqa"));
  EXPECT_TRUE(in.set("head-size", "128"));
  EXPECT_TRUE(in.set("kv-cache-dtype", "fp8"));
  if (backend_name) {
    EXPECT_TRUE(in.set("backend", backend_name));
  }
  if (use_v1) in.flags |= flag_vllm_use_v1;
  auto req = make_request(in);
  EXPECT_TRUE(req.ok());
  return req.ok() ? check(*req) : Report{};
}

// vllm-project/vllm#13133 / #14221: V1's FlashAttention ignored an fp8 cache in the 0.7 series.
TEST(VllmEngineSwitch, V1IgnoredFp8BeforeV080) {
  const Report bug = h100_fp8("0.7.1", true);
  EXPECT_EQ(backend(bug), "FLASH_ATTN");
  EXPECT_EQ(severity(bug, "KVD017"), Severity::error);
  EXPECT_EQ(severity(h100_fp8("0.7.3", true), "KVD017"), Severity::error);
  EXPECT_FALSE(h100_fp8("0.8.3", true).fired("KVD017"));
  EXPECT_FALSE(h100_fp8("0.31.0", true).fired("KVD017"));
  // Without a version the newest release is judged: quiet.
  RequestInput in;
  in.engine = "vllm";
  for (const auto& [k, v] : {std::pair{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"head-size", "128"}, {"kv-cache-dtype", "fp8"}})
    EXPECT_TRUE(in.set(k, v));
  in.flags |= flag_vllm_use_v1;
  auto req = make_request(in);
  ASSERT_TRUE(req.ok());
  const Report unversioned = check(*req);
  EXPECT_FALSE(unversioned.fired("KVD017"));
  EXPECT_EQ(backend(unversioned), "FLASH_ATTN");
}

// V0 (no switch before 0.8.0) serves fp8 with xFormers, and swaps an asked-for FlashAttention.
TEST(VllmEngineSwitch, V0ServesFp8WithXformers) {
  const Report auto_v0 = h100_fp8("0.7.1", false);
  EXPECT_EQ(backend(auto_v0), "XFORMERS");
  EXPECT_FALSE(auto_v0.fired("KVD017"));
  const Report asked = h100_fp8("0.7.1", false, "FLASH_ATTN");
  EXPECT_EQ(backend(asked), "XFORMERS");
  EXPECT_TRUE(asked.fired("KVD060"));
  // V0 is gone from v0.11.0 on: the backend is refused there, and the V1 order stands.
  EXPECT_NE(backend(h100_fp8("0.11.0", false)), "XFORMERS");
  EXPECT_TRUE(h100_fp8("0.11.0", false, "XFORMERS").fired("KVD006"));
}

Report fp8_on(const char* gpu, const char* version, bool use_v1) {
  RequestInput in;
  in.engine = "vllm";
  EXPECT_TRUE(in.set("engine-version", version));
  EXPECT_TRUE(in.set("gpu", gpu));
  EXPECT_TRUE(in.set("model-dtype", "bfloat16"));
  EXPECT_TRUE(in.set("attention", "gqa"));
  EXPECT_TRUE(in.set("head-size", "128"));
  EXPECT_TRUE(in.set("kv-cache-dtype", "fp8"));
  if (use_v1) in.flags |= flag_vllm_use_v1;
  auto req = make_request(in);
  EXPECT_TRUE(req.ok());
  return req.ok() ? check(*req) : Report{};
}

// From 0.8.0 to 0.10.2 V1's oracle falls back to V0 below SM90, or raises with VLLM_USE_V1=1.
TEST(VllmEngineSwitch, OracleByRelease) {
  EXPECT_EQ(severity(fp8_on("A100", "0.8.4", true), "KVD003"), Severity::error);
  EXPECT_EQ(severity(fp8_on("L40S", "0.10.2", true), "KVD003"), Severity::error);
  EXPECT_FALSE(fp8_on("A100", "0.8.4", false).fired("KVD003"));
  EXPECT_EQ(backend(fp8_on("A100", "0.8.4", false)), "XFORMERS");
  EXPECT_EQ(backend(fp8_on("L40S", "0.10.2", false)), "XFORMERS");
  // SM90 takes fp8 through FA3 in V1; the first release without V0 has no oracle.
  EXPECT_FALSE(fp8_on("H100", "0.8.4", true).fired("KVD003"));
  EXPECT_FALSE(fp8_on("A100", "0.11.0", true).fired("KVD003"));
  EXPECT_NE(backend(fp8_on("A100", "0.11.0", false)), "XFORMERS");
}

Report ascend_sparse(const char* gpu, const char* version, const char* model_dtype, const char* kv) {
  return run({{"engine-version", version}, {"gpu", gpu}, {"model-dtype", model_dtype}, {"attention", "sparse-mla"},
              {"kv-cache-dtype", kv}});
}

// vllm-ascend writes str(model dtype) over the cache dtype of an index_topk model (#3432 on).
TEST(AscendSparseMla, CacheDtypeIsTheModelDtype) {
  const Report a2 = ascend_sparse("910B3", "0.17.0", "bfloat16", "fp8");
  EXPECT_EQ(backend(a2), "ASCEND_SFA");
  EXPECT_EQ(test::fmt(a2.plan.k.format), "bfloat16");
  EXPECT_EQ(severity(a2, "KVD102"), Severity::warning);
  EXPECT_FALSE(ascend_sparse("910B3", "0.17.0", "bfloat16", "auto").fired("KVD102"));
  // 'float16' is a vLLM CacheDType only from 0.18.0: before it get_attn_backend asserts.
  EXPECT_EQ(severity(ascend_sparse("310P3", "0.17.0", "float16", "fp8"), "KVD003"), Severity::error);
  EXPECT_FALSE(ascend_sparse("310P3", "0.18.0", "float16", "fp8").fired("KVD003"));
  EXPECT_FALSE(ascend_sparse("910B3", "0.17.0", "bfloat16", "fp8").fired("KVD003"));
}

}  // namespace
}  // namespace kvdtype
