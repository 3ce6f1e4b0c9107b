// vLLM facts that depend on the model or on what 'auto' resolves to (issue 28): a checkpoint's
// kv-cache string judged against the backend's list like an explicit one (KVD023), DeepSeek V4's
// own backend and 584-byte record, Gemma 4's forced TRITON_ATTN, and TRITON_MLA's fp8 range.
#include <gtest/gtest.h>

#include "report_helpers.hpp"

namespace kvdtype::test {
namespace {

TEST(VllmModelRows, AutoResolvedToTheCheckpointStringMeetsTheBackendListLikeAnExplicitOne) {
  // Explicit nvfp4 with TRITON_ATTN: refused by the list (KVD010).
  const Report explicit_nvfp4 = run_engine("vllm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                                    {"head-size", "64"}, {"kv-cache-dtype", "nvfp4"}, {"backend", "TRITON_ATTN"}});
  EXPECT_TRUE(explicit_nvfp4.fired("KVD010"));
  // auto following a checkpoint's nvfp4: the same refusal, named for the checkpoint's string.
  const Report from_checkpoint = run_engine("vllm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                                     {"head-size", "64"}, {"checkpoint-kv-cache-dtype", "nvfp4"},
                                                     {"kv-cache-dtype", "auto"}, {"backend", "TRITON_ATTN"}});
  EXPECT_TRUE(from_checkpoint.fired("KVD023"));
  EXPECT_FALSE(from_checkpoint.fired("KVD010"));
  EXPECT_EQ(from_checkpoint.verdict(), Verdict::error);
  // A checkpoint string the backend reads: nothing.
  const Report fp8_checkpoint = run_engine("vllm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                                    {"head-size", "64"}, {"checkpoint-kv-cache-dtype", "fp8"},
                                                    {"kv-cache-dtype", "auto"}, {"backend", "TRITON_ATTN"}});
  EXPECT_FALSE(fp8_checkpoint.fired("KVD023"));
  // Without --backend, selection skips TRITON_ATTN for the checkpoint's nvfp4 as vLLM does.
  const Report auto_backend = run_engine("vllm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                                  {"head-size", "64"}, {"checkpoint-kv-cache-dtype", "nvfp4"},
                                                  {"kv-cache-dtype", "auto"}});
  EXPECT_NE(backend(auto_backend), "TRITON_ATTN");
}

TEST(VllmModelRows, DeepSeekV4SelectsItsOwnBackendAndSizesTheV4Record) {
  const Report v4 = run_engine("vllm", {{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                                        {"head-size", "512"}, {"block-size", "256"}, {"kv-cache-dtype", "fp8"},
                                        {"model-architecture", "DeepseekV4ForCausalLM"}});
  EXPECT_EQ(backend(v4), "FLASHMLA_SPARSE_DSV4");
  ASSERT_TRUE(v4.plan.bytes_per_token_per_layer.has_value());
  EXPECT_EQ(*v4.plan.bytes_per_token_per_layer, 584u);
  EXPECT_EQ(v4.plan.scales.kind, ScaleKind::block64_e8m0);
  EXPECT_TRUE(v4.fired("KVD018"));
  // The same geometry without the architecture is not a V4 request: the V4 backend is never chosen.
  const Report unnamed = run_engine("vllm", {{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                                             {"head-size", "512"}, {"block-size", "256"}, {"kv-cache-dtype", "fp8"}});
  EXPECT_NE(backend(unnamed), "FLASHMLA_SPARSE_DSV4");
  // DeepSeek V3.2's record stays 656 bytes.
  const Report v32 = run_engine("vllm", {{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                                         {"head-size", "576"}, {"kv-cache-dtype", "fp8"}, {"backend", "FLASHMLA_SPARSE"}});
  ASSERT_TRUE(v32.plan.bytes_per_token_per_layer.has_value());
  EXPECT_EQ(*v32.plan.bytes_per_token_per_layer, 656u);
}

TEST(VllmModelRows, Gemma4ForcesTritonAttentionWhereFa4IsMissing) {
  const Report gemma = run_engine("vllm", {{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                           {"head-size", "512"}, {"kv-cache-dtype", "auto"},
                                           {"model-architecture", "Gemma4ForConditionalGeneration"}});
  EXPECT_EQ(backend(gemma), "TRITON_ATTN");
  // TurboQuant needs its own backend, which the forced order does not hold: nothing serves it.
  const Report tq = run_engine("vllm", {{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                        {"head-size", "512"}, {"kv-cache-dtype", "turboquant_k8v4"},
                                        {"model-architecture", "Gemma4ForConditionalGeneration"}});
  EXPECT_TRUE(tq.fired("KVD016"));
}

TEST(VllmModelRows, TritonMlaTakesFp8OnlyFromItsRelease) {
  // v0.15.0 on sm_120: TRITON_MLA is the only MLA backend there and had no fp8 path yet.
  const Report before = run_engine("vllm", {{"engine-version", "0.15.0"}, {"gpu", "RTX5090"}, {"model-dtype", "bfloat16"},
                                            {"attention", "mla"}, {"head-size", "576"}, {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(before.verdict(), Verdict::error);
  const Report after = run_engine("vllm", {{"engine-version", "0.23.0"}, {"gpu", "RTX5090"}, {"model-dtype", "bfloat16"},
                                           {"attention", "mla"}, {"head-size", "576"}, {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(backend(after), "TRITON_MLA");
  EXPECT_NE(after.verdict(), Verdict::error);
}

}  // namespace
}  // namespace kvdtype::test
