// Rows of SGLang, TensorRT-LLM and LMDeploy that closed issue 28's report cases in session 38
// (the conformance cases hold the reports; these pin each row's edges: what fires it, what does
// not, and how the release decides the severity).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "kvdtype/check.hpp"
#include "kvdtype/target.hpp"
#include "report_helpers.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype {
namespace {

using test::Args;
using test::fmt;

std::optional<Severity> severity_of(const Report& r, std::string_view code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule->code == code) return d.severity;
  return std::nullopt;
}

// ---- SGLang ---------------------------------------------------------------------------------

TEST(EngineRowsS38, Dsv4TurnsAutoIntoFp8E4m3) {
  const Report r = test::run_engine("sglang", {{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                                               {"kv-cache-dtype", "auto"}, {"backend", "dsv4"}});
  ASSERT_NE(r.plan.cache_dtype, nullptr);
  EXPECT_EQ(r.plan.cache_dtype->name, "fp8_e4m3");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_TRUE(r.fired("KVD018"));
  // An explicit bfloat16 is not rewritten (V4's pool assertion is its own row).
  const Report bf16 = test::run_engine("sglang", {{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                                                  {"kv-cache-dtype", "bfloat16"}, {"backend", "dsv4"}});
  EXPECT_FALSE(bf16.fired("KVD018"));
}

TEST(EngineRowsS38, TrtllmMhaSm120GateOf050) {
  const Report at050 = test::run_engine("sglang", {{"engine-version", "0.5.0"}, {"gpu", "RTX5090"}, {"model-dtype", "bfloat16"},
                                                   {"attention", "gqa"}, {"backend", "trtllm_mha"}});
  EXPECT_EQ(severity_of(at050, "KVD017"), Severity::error);
  const Report unknown = test::run_engine("sglang", {{"gpu", "RTX5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                                     {"backend", "trtllm_mha"}});
  EXPECT_EQ(severity_of(unknown, "KVD017"), Severity::warning);
  const Report sm100 = test::run_engine("sglang", {{"engine-version", "0.5.0"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"},
                                                   {"attention", "gqa"}, {"backend", "trtllm_mha"}});
  EXPECT_FALSE(sm100.fired("KVD017"));
}

TEST(EngineRowsS38, AiterGqa8WithA16BitCache) {
  const Report r = test::run_engine("sglang", {{"engine-version", "0.5.10.post1"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"},
                                               {"attention", "mla"}, {"head-size", "576"}, {"num-heads", "64"},
                                               {"tensor-parallel-size", "8"}, {"backend", "aiter"}});
  EXPECT_EQ(severity_of(r, "KVD070"), Severity::error);
  // 16 heads per rank has its kernel; an fp8 cache is another kernel set.
  const Report sixteen = test::run_engine("sglang", {{"engine-version", "0.5.10.post1"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"},
                                                     {"attention", "mla"}, {"head-size", "576"}, {"num-heads", "128"},
                                                     {"tensor-parallel-size", "8"}, {"backend", "aiter"}});
  EXPECT_FALSE(sixteen.fired("KVD070"));
  const Report fp8 = test::run_engine("sglang", {{"engine-version", "0.5.10.post1"}, {"gpu", "MI355X"}, {"model-dtype", "bfloat16"},
                                                 {"attention", "mla"}, {"head-size", "576"}, {"num-heads", "64"},
                                                 {"tensor-parallel-size", "8"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "aiter"}});
  EXPECT_FALSE(fp8.fired("KVD070"));
}

TEST(EngineRowsS38, HierarchicalCacheWithFp4) {
  const Report on = test::run_engine("sglang", {{"engine-version", "0.5.18"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"},
                                                {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "nvfp4"},
                                                {"hierarchical-cache", "yes"}});
  EXPECT_EQ(severity_of(on, "KVD071"), Severity::warning);
  const Report off = test::run_engine("sglang", {{"engine-version", "0.5.18"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"},
                                                 {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "nvfp4"},
                                                 {"hierarchical-cache", "no"}});
  EXPECT_FALSE(off.fired("KVD071"));
  const Report fp8 = test::run_engine("sglang", {{"engine-version", "0.5.18"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"},
                                                 {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "fp8_e4m3"},
                                                 {"hierarchical-cache", "yes"}});
  EXPECT_FALSE(fp8.fired("KVD071"));
}

// ---- TensorRT-LLM ---------------------------------------------------------------------------

TEST(EngineRowsS38, TrtllmQwen2Fp8) {
  const Report qwen2 = test::run_engine("trtllm", {{"engine-version", "0.19.0"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                                                   {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "fp8"},
                                                   {"model-architecture", "Qwen2ForCausalLM"}});
  EXPECT_EQ(severity_of(qwen2, "KVD071"), Severity::warning);
  const Report llama = test::run_engine("trtllm", {{"engine-version", "0.19.0"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                                                   {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "fp8"},
                                                   {"model-architecture", "LlamaForCausalLM"}});
  EXPECT_FALSE(llama.fired("KVD071"));
  const Report bf16 = test::run_engine("trtllm", {{"engine-version", "0.19.0"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                                                  {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "auto"},
                                                  {"model-architecture", "Qwen2ForCausalLM"}});
  EXPECT_FALSE(bf16.fired("KVD071"));
}

TEST(EngineRowsS38, TrtllmSm120Fp8ContextHeadSizes) {
  auto run = [](const char* gpu, const char* head, const char* kv) {
    RequestInput in;
    in.engine = "trtllm";
    in.gpu = gpu;
    in.model_dtype = "bfloat16";
    in.attention = "gqa";
    in.head_size = head;
    in.num_heads = "16";
    in.num_kv_heads = "2";
    in.kv_cache_dtype = kv;
    auto req = make_request(in);
    EXPECT_TRUE(req.ok());
    return req.ok() ? check(*req) : Report{};
  };
  EXPECT_TRUE(run("RTX5090", "256", "fp8").fired("KVD222"));
  EXPECT_FALSE(run("RTX5090", "128", "fp8").fired("KVD222"));  // built for 64, 128, 192, 576
  EXPECT_FALSE(run("RTX5090", "256", "auto").fired("KVD222"));  // a 16-bit context FMHA
  EXPECT_FALSE(run("H100", "256", "fp8").fired("KVD222"));
}

// ---- LMDeploy -------------------------------------------------------------------------------

TEST(EngineRowsS38, TurbomindSm70HeadDim256) {
  const Report unknown = test::run_engine("lmdeploy", {{"gpu", "V100"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                                                       {"head-size", "256"}, {"kv-cache-dtype", "0"}, {"backend", "turbomind"}});
  EXPECT_EQ(severity_of(unknown, "KVD070"), Severity::warning);
  const Report fixed = test::run_engine("lmdeploy", {{"engine-version", "0.12.3"}, {"gpu", "V100"}, {"model-dtype", "float16"},
                                                     {"attention", "gqa"}, {"head-size", "256"}, {"kv-cache-dtype", "0"},
                                                     {"backend", "turbomind"}});
  EXPECT_FALSE(fixed.fired("KVD070"));
  const Report int8 = test::run_engine("lmdeploy", {{"gpu", "V100"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                                                    {"head-size", "256"}, {"kv-cache-dtype", "8"}, {"backend", "turbomind"}});
  EXPECT_FALSE(int8.fired("KVD070"));
  const Report t4 = test::run_engine("lmdeploy", {{"gpu", "T4"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                                                  {"head-size", "256"}, {"kv-cache-dtype", "0"}, {"backend", "turbomind"}});
  EXPECT_FALSE(t4.fired("KVD070"));
}

TEST(EngineRowsS38, ModelFormatIsTheWeightQuantization) {
  EXPECT_EQ(test::launch("lmdeploy serve api_server m --model-format fp8").input.weight_quantization, "fp8");
  EXPECT_EQ(test::launch("lmdeploy serve api_server m --model-format AWQ").input.weight_quantization, "awq");
  EXPECT_EQ(test::launch("lmdeploy serve api_server m --model-format hf").input.weight_quantization, "");
  const Report sm75 = test::run_engine("lmdeploy", {{"gpu", "RTX 2080 Ti"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                                                    {"kv-cache-dtype", "8"}, {"weight-quantization", "fp8"}});
  EXPECT_EQ(severity_of(sm75, "KVD070"), Severity::error);
  const Report awq = test::run_engine("lmdeploy", {{"gpu", "RTX 2080 Ti"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                                                   {"kv-cache-dtype", "8"}, {"weight-quantization", "awq"}});
  EXPECT_FALSE(awq.fired("KVD070"));
  const Report h100 = test::run_engine("lmdeploy", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                                    {"kv-cache-dtype", "8"}, {"weight-quantization", "fp8"}});
  EXPECT_FALSE(h100.fired("KVD070"));
}

TEST(EngineRowsS38, PascalIsBelowTurbomindsFloor) {
  auto p40 = parse_target("Tesla P40");
  ASSERT_TRUE(p40.ok());
  EXPECT_EQ(p40->target->name, "sm_61");
  auto p100 = parse_target("P100");
  ASSERT_TRUE(p100.ok());
  EXPECT_EQ(p100->target->name, "sm_60");
  const Report r = test::run_engine("lmdeploy", {{"gpu", "P40"}, {"model-dtype", "float16"}, {"attention", "gqa"},
                                                 {"kv-cache-dtype", "0"}, {"backend", "turbomind"}});
  EXPECT_EQ(severity_of(r, "KVD014"), Severity::error);
}

}  // namespace
}  // namespace kvdtype
