// TensorRT-LLM's kernel facts (src/tables/kernels.cpp, library "tensorrt-llm"), its Q with an fp8 or
// nvfp4 cache (backends_trtllm.cpp) and the two kernel-table additions they needed: the `fallback`
// status (KVD222) and rows about every head size outside a list (`head_sizes_outside`).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tables/rows/kernel.hpp"
#include "report_helpers.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::Args;
using kvdtype::test::fmt;
using kvdtype::test::run_engine;

bool fired(const Report& r, std::string_view code) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                     [&](const Diagnostic& d) { return d.rule && d.rule->code == code; });
}

Severity severity_of(const Report& r, std::string_view code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule && d.rule->code == code) return d.severity;
  ADD_FAILURE() << code << " did not fire";
  return Severity::info;
}

Report trtllm(const char* gpu, const char* attention, const char* head, const char* kv) {
  return run_engine("trtllm", {{"gpu", gpu}, {"model-dtype", "bfloat16"}, {"attention", attention},
                               {"head-size", head}, {"kv-cache-dtype", kv}});
}

TEST(TrtllmKernels, MmhaRefusesEveryHeadSizeOutsideItsList) {
  // In the list (or exempt: 72 is context-FMHA only, 512 is release-dependent): no KVD101.
  for (const char* h : {"32", "48", "64", "72", "80", "96", "104", "112", "128", "144", "160", "192", "224", "256", "512"})
    EXPECT_FALSE(fired(trtllm("H100", "gqa", h, "auto"), "KVD101")) << h;
  // Outside it: the initialization pre-check refuses, whatever XQA could do (176 is a multiple of 16).
  for (const char* h : {"16", "40", "100", "120", "176", "240", "320"}) {
    const Report r = trtllm("H100", "gqa", h, "auto");
    EXPECT_TRUE(fired(r, "KVD101")) << h;
    EXPECT_EQ(severity_of(r, "KVD101"), Severity::error) << h;
  }
}

TEST(TrtllmKernels, UnknownHeadSizeNeverMatchesAnOutsideRow) {
  const Report r = run_engine("trtllm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                         {"kv-cache-dtype", "fp8"}});
  EXPECT_FALSE(fired(r, "KVD101"));
  EXPECT_FALSE(fired(r, "KVD222"));
}

TEST(TrtllmKernels, XqaDeclinesHead104AndMmhaRunsIt) {
  for (const char* gpu : {"A100", "L40S", "H100", "RTX 5090"}) {
    const Report r = trtllm(gpu, "gqa", "104", "fp8");
    EXPECT_TRUE(fired(r, "KVD222")) << gpu;
    EXPECT_EQ(severity_of(r, "KVD222"), Severity::warning) << gpu;
    EXPECT_FALSE(fired(r, "KVD101")) << gpu;
  }
  EXPECT_FALSE(fired(trtllm("B200", "gqa", "104", "fp8"), "KVD222"));  // trtllm-gen: not modelled
  EXPECT_FALSE(fired(trtllm("H100", "mha", "104", "fp8"), "KVD222"));  // plain MHA never takes XQA
  EXPECT_FALSE(fired(trtllm("H100", "gqa", "96", "fp8"), "KVD222"));
}

TEST(TrtllmKernels, MlaShapeOtherThanDeepSeekIsAWarning) {
  EXPECT_FALSE(fired(trtllm("B200", "mla", "576", "fp8"), "KVD101"));
  const Report r = trtllm("B200", "mla", "512", "fp8");
  EXPECT_TRUE(fired(r, "KVD101"));
  EXPECT_EQ(severity_of(r, "KVD101"), Severity::warning);  // route not certain
}

TEST(TrtllmQ, Fp8QueryOnTheSm100FamilyOnly) {
  EXPECT_EQ(fmt(trtllm("B200", "gqa", "128", "fp8").plan.q), "float8_e4m3fn");
  EXPECT_EQ(fmt(trtllm("B300", "gqa", "128", "fp8").plan.q), "float8_e4m3fn");
  EXPECT_EQ(fmt(trtllm("B200", "gqa", "128", "nvfp4").plan.q), "float8_e4m3fn");
  for (const char* gpu : {"A100", "L40S", "H100", "RTX 5090"})
    EXPECT_EQ(fmt(trtllm(gpu, "gqa", "128", "fp8").plan.q), "bfloat16") << gpu;
  EXPECT_EQ(fmt(trtllm("B200", "gqa", "128", "auto").plan.q), "bfloat16");  // unquantized cache
}

TEST(TrtllmQ, A16BitQueryHandedToTrtllmIsTolerated) {
  const Report r = run_engine("trtllm", {{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                         {"head-size", "128"}, {"kv-cache-dtype", "fp8"}, {"q-dtype", "bfloat16"}});
  EXPECT_FALSE(fired(r, "KVD030"));
}

TEST(TrtllmQ, Fp8ContextFmhaIsMissingBelowSm89) {
  for (const char* gpu : {"A100", "sm_86", "sm_87"}) {
    const Report r = trtllm(gpu, "gqa", "128", "fp8");
    EXPECT_TRUE(fired(r, "KVD223")) << gpu;
    EXPECT_EQ(severity_of(r, "KVD223"), Severity::warning) << gpu;
    EXPECT_EQ(r.verdict(), Verdict::warn) << gpu;
  }
  for (const char* gpu : {"L40S", "H100", "B200", "RTX 5090"})
    EXPECT_FALSE(fired(trtllm(gpu, "gqa", "128", "fp8"), "KVD223")) << gpu;
  EXPECT_FALSE(fired(trtllm("A100", "gqa", "128", "auto"), "KVD223"));  // 16-bit cache: no FP8 FMHA
}

TEST(KernelTable, TrtllmRowsAreWellFormed) {
  int rows = 0, outside = 0, fallback = 0;
  for (const KernelRow& k : kernel_rows()) {
    if (k.library != "tensorrt-llm") continue;
    ++rows;
    EXPECT_FALSE(k.source.empty()) << k.family;
    EXPECT_FALSE(k.detail.empty()) << k.family;
    if (k.head_sizes_outside) {
      ++outside;
      EXPECT_FALSE(k.head_sizes.empty()) << k.family << ": an outside row needs its list";
    }
    if (k.status == KernelStatus::fallback) ++fallback;
  }
  EXPECT_GE(rows, 6);
  EXPECT_EQ(outside, 3);   // MMHA head sizes, MLA latent width, sm_120 e4m3 paged-context FMHA head sizes
  EXPECT_EQ(fallback, 2);  // XQA head 104, sm_120 e4m3 context FMHA outside its head sizes
  EXPECT_EQ(name(KernelStatus::fallback), "fallback");
}

}  // namespace
