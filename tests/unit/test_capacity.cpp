// Capacity: tokens of KV cache that fit, for the plan and for `auto` beside it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/request.hpp"
#include "report_helpers.hpp"

namespace {

using kvdtype::Capacity;
using kvdtype::RequestInput;
using kvdtype::test::deepseek_v3_h200;

kvdtype::Report report_for(const RequestInput& in) {
  auto r = kvdtype::make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return kvdtype::check(r.ok() ? *r : kvdtype::Request{});
}


TEST(Capacity, DeepSeekV3OnH200WithFp8HoldsTwiceTheTokens) {
  const kvdtype::Report rep = report_for(deepseek_v3_h200("fp8"));
  ASSERT_TRUE(rep.plan.bytes_per_token_per_layer.has_value());
  EXPECT_EQ(*rep.plan.bytes_per_token_per_layer, 576u);  // one e4m3 latent of 512 + 64
  auto c = kvdtype::capacity(rep);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->bytes_per_token, 576u * 61);
  EXPECT_EQ(c->auto_bytes_per_token, 1152u * 61);  // the same latent in bfloat16
  EXPECT_NEAR(c->gpu_memory_gib, 143771 / 1024.0, 1e-9);  // the H200's memory from the product table
  EXPECT_DOUBLE_EQ(c->utilization, 0.9);                // vLLM's default
  EXPECT_TRUE(c->weights_known);
  EXPECT_NEAR(c->weight_gib_per_gpu, 641.3 / 8, 1e-9);
  EXPECT_NEAR(c->kv_budget_gib, 143771 / 1024.0 * 0.9 - 641.3 / 8, 1e-9);
  const double budget_bytes = c->kv_budget_gib * 1024 * 1024 * 1024;
  EXPECT_EQ(c->tokens, static_cast<std::uint64_t>(std::floor(budget_bytes / (576.0 * 61))));
  EXPECT_NEAR(static_cast<double>(c->tokens), 2.0 * static_cast<double>(c->auto_tokens), 1.0);
  EXPECT_NEAR(c->gain, 2.0, 1e-4);
  EXPECT_GT(c->tokens, 1'000'000u);
}

TEST(Capacity, AutoCacheIsItsOwnComparison) {
  auto c = kvdtype::capacity(report_for(deepseek_v3_h200("auto")));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->bytes_per_token, c->auto_bytes_per_token);
  EXPECT_EQ(c->tokens, c->auto_tokens);
  EXPECT_DOUBLE_EQ(c->gain, 1.0);
}

TEST(Capacity, GqaBytesArePerGpu) {
  RequestInput in;
  in.engine = "vllm";
  in.gpu = "H100";
  in.kv_cache_dtype = "fp8";
  in.model_dtype = "bfloat16";
  in.num_heads = "64";
  in.num_kv_heads = "8";
  in.head_size = "128";
  in.num_layers = "80";
  in.tensor_parallel_size = "4";
  in.max_model_len = "8192";
  auto c = kvdtype::capacity(report_for(in));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->bytes_per_token, 2u * (128 + 128) * 80);  // 8 KV heads over 4 ranks, one byte each
  EXPECT_EQ(c->auto_bytes_per_token, 2u * 2 * (128 + 128) * 80);
  EXPECT_FALSE(c->weights_known);  // the budget ignores weights: an upper bound
  EXPECT_DOUBLE_EQ(c->weight_gib_per_gpu, 0.0);
  EXPECT_EQ(c->max_model_len, 8192u);
}

TEST(Capacity, ExplicitMemoryAndUtilization) {
  RequestInput in = deepseek_v3_h200("fp8");
  in.gpu_memory_gib = "100";
  in.gpu_memory_utilization = "0.5";
  in.weight_gib = "80";
  auto c = kvdtype::capacity(report_for(in));
  ASSERT_TRUE(c.has_value());
  EXPECT_DOUBLE_EQ(c->gpu_memory_gib, 100.0);
  EXPECT_DOUBLE_EQ(c->utilization, 0.5);
  EXPECT_DOUBLE_EQ(c->kv_budget_gib, 50.0 - 10.0);
  EXPECT_EQ(c->tokens, static_cast<std::uint64_t>(40.0 * 1024 * 1024 * 1024 / (576.0 * 61)));
}

TEST(Capacity, WeightsLargerThanTheBudgetLeaveNoTokens) {
  RequestInput in = deepseek_v3_h200("fp8");
  in.tensor_parallel_size = "1";
  auto c = kvdtype::capacity(report_for(in));
  ASSERT_TRUE(c.has_value());
  EXPECT_DOUBLE_EQ(c->kv_budget_gib, 0.0);
  EXPECT_EQ(c->tokens, 0u);
  EXPECT_EQ(c->auto_tokens, 0u);
  EXPECT_DOUBLE_EQ(c->gain, 0.0);
}

TEST(Capacity, UnknownMemoryOrBytesGiveNothing) {
  RequestInput no_gpu = deepseek_v3_h200("fp8");
  no_gpu.gpu = "sm_90";  // an architecture, not a product: memory unknown
  EXPECT_FALSE(kvdtype::capacity(report_for(no_gpu)).has_value());
  no_gpu.gpu_memory_gib = "141";
  EXPECT_TRUE(kvdtype::capacity(report_for(no_gpu)).has_value());
  RequestInput no_layers = deepseek_v3_h200("fp8");
  no_layers.num_layers.clear();
  EXPECT_FALSE(kvdtype::capacity(report_for(no_layers)).has_value());
}

TEST(Capacity, SglangDefaultMemFractionFollowsServerArgs) {
  RequestInput in = deepseek_v3_h200("fp8_e4m3");
  in.engine = "sglang";
  in.backend = "";
  auto c = kvdtype::capacity(report_for(in));
  ASSERT_TRUE(c.has_value());
  // H200 (143771 MiB), TP8: reserved 512 + 8192×1.5 + 512×2 + 8/8×1024 = 14848 MiB.
  EXPECT_DOUBLE_EQ(c->utilization, 0.897);
  in.flags = kvdtype::flag_dp_attention;
  in.data_parallel_size = "8";
  c = kvdtype::capacity(report_for(in));
  ASSERT_TRUE(c.has_value());
  // + 512×8×3 + 512×8×1.5 = 18432 MiB more.
  EXPECT_DOUBLE_EQ(c->utilization, std::round((143771.0 - 14848 - 18432) / 143771 * 1000) / 1000);
  in.tensor_parallel_size = "1";
  in.flags = 0;
  in.data_parallel_size.clear();
  in.gpu = "RTX 4090";
  c = kvdtype::capacity(report_for(in));
  ASSERT_TRUE(c.has_value());
  // 24 GB, TP1: 512 + 2048×1.5 + 24×2 + 1/8×1024 = 3760 MiB.
  EXPECT_NEAR(c->utilization, std::round((c->gpu_memory_gib * 1024 - 3760) / (c->gpu_memory_gib * 1024) * 1000) / 1000,
              1e-12);
}

}  // namespace

namespace {

TEST(Capacity, SparseMlaFp8UsesThePackedRecord) {
  RequestInput in = deepseek_v3_h200("fp8");
  in.attention = "sparse-mla";
  in.index_topk = "2048";
  const kvdtype::Report rep = report_for(in);
  auto c = kvdtype::capacity(rep);
  ASSERT_TRUE(c.has_value());
  // fp8_ds_mla: 512 e4m3 + 4 fp32 scales + 64 bf16 = 656 bytes, against 1152 for a bf16 latent.
  EXPECT_EQ(c->bytes_per_token, 656u * 61);
  EXPECT_EQ(c->auto_bytes_per_token, 1152u * 61);
  EXPECT_NEAR(c->gain, 1152.0 / 656.0, 1e-3);
}

}  // namespace
