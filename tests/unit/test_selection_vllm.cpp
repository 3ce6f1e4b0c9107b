// vLLM's automatic backend selection and the plans it leads to, reproduced from the tables:
// the consequences across targets, kv-cache strings, attention kinds and head sizes.
#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

#include "kvdtype/check.hpp"
#include "report_helpers.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace {

using namespace kvdtype;
using test::Args;

Report run(Args args) { return test::run_engine("vllm", args); }
using test::backend;
using test::fmt;
bool skipped_with(const Report& r, std::string_view backend_name, std::string_view code) {
  for (const SkippedBackend& s : r.plan.skipped)
    if (s.backend->name == backend_name && s.rule->code == code) return true;
  return false;
}

TEST(SelectionVllm, HopperMhaFp8UsesFa3WithFp8Query) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(backend(r), "FLASH_ATTN");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(fmt(r.plan.q), "float8_e4m3fn");  // FA3 needs Q and KV of one dtype
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 8u * 2 * 128);
  EXPECT_NE(r.verdict(), Verdict::error);
}

TEST(SelectionVllm, HopperMhaAutoKeepsModelDtype) {
  const Report r = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"num-layers", "32"}});
  EXPECT_EQ(backend(r), "FLASH_ATTN");
  EXPECT_EQ(fmt(r.plan.k.format), "bfloat16");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 8u * 2 * 128 * 2);
  EXPECT_EQ(r.plan.bytes_per_token, 32ull * 8 * 2 * 128 * 2);
  EXPECT_EQ(r.verdict(), Verdict::ok);
}

TEST(SelectionVllm, AmpereFp8SkipsFlashAttentionForFlashInfer) {
  const Report r = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"kv-cache-dtype", "fp8"}});
  EXPECT_TRUE(skipped_with(r, "FLASH_ATTN", "KVD017"));
  EXPECT_EQ(backend(r), "FLASHINFER");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");  // FA2 dequantizes fp8 in software with a 16-bit Q
  EXPECT_NE(r.verdict(), Verdict::error);
}

TEST(SelectionVllm, TritonE4m3BelowSm89IsRefused) {
  const Report r = run({{"gpu", "A100"}, {"model-dtype", "float16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8"},
                        {"backend", "TRITON_ATTN"}});
  EXPECT_TRUE(r.fired("KVD040"));
  EXPECT_EQ(r.verdict(), Verdict::error);
  const Report ada = run({{"gpu", "L40S"}, {"model-dtype", "float16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8"},
                          {"backend", "TRITON_ATTN"}});
  EXPECT_FALSE(ada.fired("KVD040"));
}

TEST(SelectionVllm, TritonReadsE5m2AsE4m3) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                        {"kv-cache-dtype", "fp8_e5m2"}, {"backend", "TRITON_ATTN"}});
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_TRUE(r.fired("KVD061"));
}

TEST(SelectionVllm, DeepSeekV3OnH200UsesFlashMlaWith576Bytes) {
  const Report r = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-lora-rank", "512"},
                        {"qk-rope-head-dim", "64"}, {"num-heads", "128"}, {"num-layers", "61"}, {"kv-cache-dtype", "fp8"}});
  EXPECT_TRUE(skipped_with(r, "FLASH_ATTN_MLA", "KVD010"));  // FA3 MLA has no fp8 cache
  EXPECT_EQ(backend(r), "FLASHMLA");
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 576u);
  EXPECT_EQ(r.plan.bytes_per_token, 61ull * 576);
  const Report bf16 = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                           {"num-layers", "61"}});
  EXPECT_EQ(backend(bf16), "FLASH_ATTN_MLA");
  EXPECT_EQ(bf16.plan.bytes_per_token_per_layer, 1152u);
}

TEST(SelectionVllm, SparseMlaFp8BecomesTheDsMlaRecord) {
  const Report r = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"head-size", "576"},
                        {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(backend(r), "FLASHMLA_SPARSE");
  ASSERT_NE(r.plan.cache_dtype, nullptr);
  EXPECT_EQ(r.plan.cache_dtype->name, "fp8_ds_mla");
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 656u);
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  EXPECT_TRUE(r.fired("KVD018"));
}

TEST(SelectionVllm, NopeSparseMlaOnHopperFallsToFlashInferSm90) {
  // GLM-5.3-Flash style: NoPE latent of 512, which FlashMLA's sparse kernel (576 only) cannot take.
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"head-size", "512"},
                        {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(backend(r), "FLASHINFER_MLA_SPARSE_SM90");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.kv_data_type), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  EXPECT_TRUE(r.fired("KVD070"));  // the uint8 plan() bug, until a release with #55222 is known
}

TEST(SelectionVllm, Mi300xMlaWithoutAiterUsesTritonMla) {
  const Report r = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                        {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(backend(r), "TRITON_MLA");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fnuz");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  EXPECT_TRUE(r.fired("KVD051"));  // fnuz bytes are not OCP bytes
}

TEST(SelectionVllm, Mi300xWithAiterQuantizesQueryToFnuz) {
  RequestInput in;
  for (const auto& [k, v] : Args{{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                                 {"head-size", "576"}, {"kv-cache-dtype", "fp8"}})
    in.set(k, v);
  in.flags = flag_rocm_aiter | flag_rocm_aiter_mla | flag_rocm_aiter_mha;
  auto req = make_request(in);
  ASSERT_TRUE(req.ok());
  const Report r = check(*req);
  EXPECT_EQ(backend(r), "ROCM_AITER_MLA");
  EXPECT_EQ(fmt(r.plan.q), "float8_e4m3fnuz");
  const Report mi355 = [&] {
    RequestInput i2 = in;
    i2.gpu = "MI355X";
    return check(*make_request(i2));
  }();
  EXPECT_EQ(fmt(mi355.plan.q), "float8_e4m3fn");
  EXPECT_FALSE(mi355.fired("KVD051"));
}

TEST(SelectionVllm, AiterMlaDataParallelBugDependsOnVersionKnowledge) {
  Args base = {{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8"},
               {"backend", "ROCM_AITER_MLA"}, {"data-parallel-size", "8"}};
  const Report unknown = run(base);
  ASSERT_TRUE(unknown.fired("KVD070"));
  for (const Diagnostic& d : unknown.diagnostics) {
    if (d.rule->code == "KVD070") {
      EXPECT_EQ(d.severity, Severity::warning);
    }
  }
  // Without data parallelism TP8's 16-head branch hid the bug: no finding.
  const Report tp8 = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                          {"kv-cache-dtype", "fp8"}, {"backend", "ROCM_AITER_MLA"}, {"tensor-parallel-size", "8"}});
  EXPECT_FALSE(tp8.fired("KVD070"));
}

TEST(SelectionVllm, TurboQuantBytesCountBoundaryLayersUnquantized) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"num-layers", "32"}, {"kv-cache-dtype", "turboquant_k8v4"}});
  EXPECT_EQ(backend(r), "TURBOQUANT");
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 8u * 196);  // 128 fp8 key bytes + 64 + 4 value bytes
  EXPECT_EQ(r.plan.bytes_per_token, 28ull * 8 * 196 + 4ull * 8 * 2 * 128 * 2);
  const Report three = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                            {"num-kv-heads", "1"}, {"kv-cache-dtype", "turboquant_3bit_nc"}});
  EXPECT_EQ(three.plan.bytes_per_token_per_layer, 102u);
}

TEST(SelectionVllm, TurboQuantKeysFollowTheCapability) {
  const Report a100 = run({{"gpu", "A100"}, {"model-dtype", "float16"}, {"kv-cache-dtype", "turboquant_k8v4"}});
  EXPECT_NE(fmt(a100.plan.k.format).find("b15"), std::string::npos);
  EXPECT_TRUE(a100.fired("KVD051"));
  const Report l40s = run({{"gpu", "L40S"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "turboquant_k8v4"}});
  EXPECT_EQ(fmt(l40s.plan.k.format), "float8_e4m3fn");
  EXPECT_FALSE(l40s.fired("KVD042"));
}

TEST(SelectionVllm, Bf16ModelRefusedBelowAmpere) {
  EXPECT_TRUE(run({{"gpu", "T4"}, {"model-dtype", "bfloat16"}}).fired("KVD081"));
  EXPECT_FALSE(run({{"gpu", "T4"}, {"model-dtype", "float16"}}).fired("KVD081"));
}

TEST(SelectionVllm, BlackwellNvfp4AndItsAbsenceOnSm120) {
  const Report b200 = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                           {"num-kv-heads", "8"}, {"kv-cache-dtype", "nvfp4"}});
  EXPECT_EQ(backend(b200), "FLASHINFER");
  EXPECT_EQ(b200.plan.bytes_per_token_per_layer, 8u * 2 * (64 + 8));
  EXPECT_NE(b200.verdict(), Verdict::error);
  const Report rtx = run({{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "nvfp4"}});
  EXPECT_EQ(rtx.plan.backend, nullptr);
  EXPECT_TRUE(rtx.fired("KVD016"));
}

TEST(SelectionVllm, CpuUsesCpuAttention) {
  const Report r = run({{"gpu", "cpu"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8"}});
  EXPECT_EQ(backend(r), "CPU_ATTN");
}

TEST(SelectionVllm, UnknownGpuSkipsTargetRulesAndSaysSo) {
  const Report r = run({{"kv-cache-dtype", "fp8"}});
  EXPECT_TRUE(r.fired("KVD080"));
  EXPECT_EQ(r.plan.backend, nullptr);
  EXPECT_NE(r.verdict(), Verdict::error);  // unknown is not wrong
}

TEST(SelectionVllm, ForcedBackendIsJudgedByItsRow) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"backend", "FLASHMLA"}});
  EXPECT_TRUE(r.fired("KVD012"));
  const Report cc = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"backend", "CUTLASS_MLA"}});
  EXPECT_TRUE(cc.fired("KVD014"));
}

}  // namespace

// A cache string that exists for one attention kind only says which, when nothing else does:
// fp8_ds_mla on an uncatalogued DeepSeek-V3.2-style model selects a sparse-MLA backend (with the
// assumption noted) instead of failing the GQA order (a false KVD016 on a public Dynamo recipe).
TEST(SelectionVllm, SparseMlaRecordImpliesSparseMlaWhenAttentionIsUnknown) {
  const Report implied = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "fp8_ds_mla"}});
  EXPECT_NE(implied.verdict(), Verdict::error);
  EXPECT_EQ(backend(implied), "FLASHMLA_SPARSE");
  bool noted = false;
  for (const Diagnostic& d : implied.diagnostics)
    noted = noted || (d.rule->code == std::string_view("KVD080") && d.evidence.detail.find("sparse MLA") != std::string_view::npos);
  EXPECT_TRUE(noted);
  // Said to be GQA, the same string has no backend: the assumption never overrides the request.
  const Report gqa = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_ds_mla"}});
  EXPECT_EQ(gqa.verdict(), Verdict::error);
}
