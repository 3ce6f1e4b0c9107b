// The mechanisms added for the failure classes of docs/failure-classes.md: heads-per-rank
// conditions, the kernel table, the launch command's exact spelling, a bf16 cache on a GPU
// without bf16. Acceptance cases from real reports are tests/conformance/reports_2026.jsonl.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "tables/rows/kernel.hpp"
#include "kvdtype/request.hpp"

namespace {

using kvdtype::RequestInput;

kvdtype::Report run(std::initializer_list<std::pair<const char*, const char*>> fields) {
  RequestInput in;
  for (const auto& [k, v] : fields) EXPECT_TRUE(in.set(k, v)) << k;
  auto r = kvdtype::make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return kvdtype::check(*r);
}

TEST(FailureClasses, HeadsPerRankSelectsTheAiterTileRow) {
  // gfx950, fp8: 32 heads per rank is folded onto 16 (KVD071); 16, 64 and 128 are native.
  auto folded = run({{"engine", "vllm"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                     {"head-size", "576"}, {"num-heads", "64"}, {"tensor-parallel-size", "2"},
                     {"kv-cache-dtype", "fp8"}, {"backend", "ROCM_AITER_MLA"}});
  EXPECT_TRUE(folded.fired("KVD071"));
  auto native = run({{"engine", "vllm"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                     {"head-size", "576"}, {"num-heads", "128"}, {"tensor-parallel-size", "2"},
                     {"kv-cache-dtype", "fp8"}, {"backend", "ROCM_AITER_MLA"}});
  EXPECT_FALSE(native.fired("KVD071"));
  // Unknown heads never match, inside or outside a list.
  auto unknown = run({{"engine", "vllm"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                      {"head-size", "576"}, {"kv-cache-dtype", "fp8"}, {"backend", "ROCM_AITER_MLA"}});
  EXPECT_FALSE(unknown.fired("KVD071"));
  EXPECT_FALSE(unknown.fired("KVD070"));
}

TEST(FailureClasses, HeadsOutsideMatchesOnlyKnownHeads) {
  // SGLang aiter MLA: 16 or 128 heads per rank (heads_outside row, KVD017 as a warning: fix PR).
  auto eight = run({{"engine", "sglang"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                    {"head-size", "576"}, {"num-heads", "64"}, {"tensor-parallel-size", "8"}, {"backend", "aiter"}});
  EXPECT_TRUE(eight.fired("KVD017"));
  auto sixteen = run({{"engine", "sglang"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                      {"head-size", "576"}, {"num-heads", "128"}, {"tensor-parallel-size", "8"}, {"backend", "aiter"}});
  EXPECT_FALSE(sixteen.fired("KVD017"));
  auto unknown = run({{"engine", "sglang"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                      {"head-size", "576"}, {"backend", "aiter"}});
  EXPECT_FALSE(unknown.fired("KVD017"));
}

TEST(FailureClasses, KernelTableRowsAreWellFormed) {
  ASSERT_FALSE(kvdtype::kernel_rows().empty());
  bool missing = false, exists = false;
  for (const kvdtype::KernelRow& k : kvdtype::kernel_rows()) {
    EXPECT_FALSE(k.source.empty()) << k.family;
    EXPECT_FALSE(k.detail.empty()) << k.family;
    EXPECT_TRUE(k.min_cc == 0 || k.max_cc == 0 || k.min_cc <= k.max_cc) << k.family;
    missing = missing || k.status == kvdtype::KernelStatus::missing;
    exists = exists || k.status == kvdtype::KernelStatus::cubin || k.status == kvdtype::KernelStatus::jit;
  }
  EXPECT_TRUE(missing);
  EXPECT_TRUE(exists);
  for (const kvdtype::KernelRoute& r : kvdtype::kernel_routes()) EXPECT_FALSE(r.source.empty()) << r.backends;
}

TEST(FailureClasses, KernelRouteFiresOnlyWhereTheKernelIsMissing) {
  auto sm120 = run({{"engine", "sglang"}, {"gpu", "sm_120"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                    {"head-size", "576"}, {"kv-cache-dtype", "bf16"}, {"backend", "trtllm_mla"}});
  EXPECT_TRUE(sm120.fired("KVD101"));
  EXPECT_EQ(sm120.verdict(), kvdtype::Verdict::error);
  auto sm100 = run({{"engine", "sglang"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                    {"head-size", "576"}, {"kv-cache-dtype", "bf16"}, {"backend", "trtllm_mla"}});
  EXPECT_FALSE(sm100.fired("KVD101"));
  // An uncertain route (SGLang DSA on SM12x) downgrades to a warning.
  auto dsa = run({{"engine", "sglang"}, {"gpu", "sm_120"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                  {"head-size", "576"}, {"kv-cache-dtype", "bfloat16"}});
  ASSERT_TRUE(dsa.fired("KVD101"));
  for (const auto& d : dsa.diagnostics) {
    if (d.rule->code == "KVD101") {
      EXPECT_EQ(d.severity, kvdtype::Severity::warning);
    }
  }
  // The Q the caller hands the kernel is judged: an NVFP4 cache needs an e4m3 query.
  auto bf16q = run({{"engine", "vllm"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                    {"head-size", "128"}, {"kv-cache-dtype", "nvfp4"}, {"backend", "FLASHINFER"}, {"q-dtype", "bfloat16"}});
  EXPECT_TRUE(bf16q.fired("KVD101"));
  auto fp8q = run({{"engine", "vllm"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                   {"head-size", "128"}, {"kv-cache-dtype", "nvfp4"}, {"backend", "FLASHINFER"}});
  EXPECT_FALSE(fp8q.fired("KVD101"));
}

TEST(FailureClasses, SameWidthReinterpretationBothDirections) {
  EXPECT_TRUE(run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                   {"kv-cache-dtype", "float16"}}).fired("KVD100"));
  EXPECT_TRUE(run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                   {"kv-cache-dtype", "bfloat16"}}).fired("KVD100"));
  EXPECT_FALSE(run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                    {"kv-cache-dtype", "bfloat16"}}).fired("KVD100"));
}

TEST(FailureClasses, Bf16CacheOnGpuWithoutBf16) {
  auto t4 = run({{"engine", "vllm"}, {"gpu", "T4"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                 {"kv-cache-dtype", "bfloat16"}, {"backend", "TRITON_ATTN"}});
  EXPECT_TRUE(t4.fired("KVD041"));
  auto a100 = run({{"engine", "vllm"}, {"gpu", "A100"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                   {"kv-cache-dtype", "bfloat16"}, {"backend", "TRITON_ATTN"}});
  EXPECT_FALSE(a100.fired("KVD041"));
}

std::vector<std::string> words(std::initializer_list<const char*> w) { return {w.begin(), w.end()}; }

TEST(FailureClasses, RetiredCodeMeansTheRuleThatReplacedIt) {
  auto r = kvdtype::parse_rule_code("KVD150");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)->code, "KVD103");
  EXPECT_EQ(kvdtype::find_rule("KVD150"), nullptr);  // no row: never reported again
}

TEST(FailureClasses, LaunchCommandSpellingIsExact) {
  auto cmd = kvdtype::io::parse_launch_command(words({"vllm", "serve", "m", "--kv-cache-dtype", "FP8"}));
  ASSERT_TRUE(cmd.ok());
  EXPECT_NE(cmd->input.flags & kvdtype::flag_kv_spelling, 0u);
  RequestInput in = cmd->input;
  in.set("gpu", "H100");
  auto req = kvdtype::make_request(in);
  ASSERT_TRUE(req.ok());
  EXPECT_TRUE(kvdtype::check(*req).fired("KVD103"));

  // kvdtype's own flag, spelled exactly, replaces the launch command's spelling.
  RequestInput flags;
  flags.set("kv-cache-dtype", "fp8");
  in.overlay(flags);
  auto fixed = kvdtype::make_request(in);
  ASSERT_TRUE(fixed.ok());
  EXPECT_FALSE(kvdtype::check(*fixed).fired("KVD103"));

  auto exact = kvdtype::io::parse_launch_command(words({"vllm", "serve", "m", "--kv-cache-dtype", "fp8"}));
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(exact->input.flags & kvdtype::flag_kv_spelling, 0u);

  auto sglang = kvdtype::io::parse_launch_command(
      words({"python", "-m", "sglang.launch_server", "--model-path", "m", "--kv-cache-dtype", "Fp8_E4M3"}));
  ASSERT_TRUE(sglang.ok());
  EXPECT_NE(sglang->input.flags & kvdtype::flag_kv_spelling, 0u);
}

}  // namespace
