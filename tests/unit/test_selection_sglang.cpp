// SGLang's automatic attention-backend choice and the plans it leads to, reproduced from the
// tables: what `--attention-backend` SGLang picks per GPU, attention kind and heads per rank, and
// what each `--kv-cache-dtype` string becomes there. Every expectation comes from SGLang's code or
// issues as recorded in docs/engines/sglang.md (get_default_attn_backend, the DeepSeek family
// override, kv_cache_dtype.py, kv_cache_hook.py, the memory pool), not from kvdtype's output.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "kvdtype/check.hpp"
#include "report_helpers.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace {

using namespace kvdtype;
using test::Args;

Report run(Args args) { return test::run_engine("sglang", args); }
using test::backend;
using test::fmt;
std::string cache(const Report& r) { return r.plan.cache_dtype ? std::string(r.plan.cache_dtype->name) : "none"; }
std::optional<Severity> severity_of(const Report& r, std::string_view code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule->code == code) return d.severity;
  return std::nullopt;
}
bool skipped_with(const Report& r, std::string_view backend_name, std::string_view code) {
  for (const SkippedBackend& s : r.plan.skipped)
    if (s.backend->name == backend_name && s.rule->code == code) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// CUDA, MHA / GQA
// ---------------------------------------------------------------------------------------------

// get_default_attn_backend: Hopper (CUDA >= 12.3, no spec topk > 1) -> fa3 for MHA.
TEST(SelectionSglang, HopperMhaDefaultsToFa3InModelDtype) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"num-layers", "32"}});
  EXPECT_EQ(backend(r), "fa3");
  EXPECT_EQ(fmt(r.plan.k.format), "bfloat16");
  EXPECT_EQ(fmt(r.plan.k.storage), "bfloat16");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 8u * 2 * 128 * 2);
  EXPECT_EQ(r.plan.bytes_per_token, 32ull * 8 * 2 * 128 * 2);
  EXPECT_EQ(r.verdict(), Verdict::ok);
}

// fa3 casts Q to the cache dtype for an explicit kv string and head_dim <= 256 (FA3 needs equal Q/K
// dtypes); the pool is a uint8 tensor (index_put has no fp8); #5700 (no Q scale) is a warning.
TEST(SelectionSglang, HopperMhaFp8E4m3CastsQueryAndStoresBytes) {
  const Report r = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(r), "fa3");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.v.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(fmt(r.plan.q), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.kv_data_type), "float8_e4m3fn");
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 8u * 2 * 128);
  EXPECT_EQ(severity_of(r, "KVD071"), Severity::warning);  // sgl-project/sglang#5700
  EXPECT_NE(r.verdict(), Verdict::error);
}

// _attention_backend_fa3_fp8_fallback: "FlashAttention3 only supports fp8_e4m3" -> triton, silently.
TEST(SelectionSglang, Fa3WithE5m2IsSwappedForTriton) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_EQ(backend(r), "triton");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e5m2");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");  // triton dequantizes; Q stays in the model dtype
  EXPECT_NE(r.verdict(), Verdict::error);
  // The same swap when fa3 is asked for explicitly, and on Ampere, where triton's e5m2 (fp8e5) exists.
  const Report forced = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                             {"kv-cache-dtype", "fp8_e5m2"}, {"backend", "fa3"}});
  EXPECT_EQ(backend(forced), "triton");
  EXPECT_FALSE(forced.fired("KVD040"));
  EXPECT_FALSE(forced.fired("KVD041"));
  EXPECT_NE(forced.verdict(), Verdict::error);
  // No swap for e4m3.
  EXPECT_EQ(backend(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"}})),
            "fa3");
}

// The swap is silent in SGLang, so kvdtype must say it happened (KVD060, warning).
TEST(SelectionSglang, Fa3E5m2SwapIsReportedAsKvd060) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_EQ(severity_of(r, "KVD060"), Severity::warning);
  EXPECT_EQ(backend(r), "triton");
  const Report forced = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"kv-cache-dtype", "fp8_e5m2"}, {"backend", "fa3"}});
  EXPECT_TRUE(forced.fired("KVD060"));
  EXPECT_FALSE(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"}})
                   .fired("KVD060"));
}

// Off Hopper/Blackwell, MHA defaults to flashinfer; FlashInfer FA2 dequantizes fp8 in software with
// a model-dtype Q (sm80 works), and reads e5m2 as e5m2.
TEST(SelectionSglang, AmpereMhaUsesFlashinferWithModelDtypeQuery) {
  const Report r = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(r), "flashinfer");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  EXPECT_NE(r.verdict(), Verdict::error);
  const Report e5m2 = run({{"gpu", "A100"}, {"model-dtype", "float16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_EQ(backend(e5m2), "flashinfer");
  EXPECT_EQ(fmt(e5m2.plan.k.format), "float8_e5m2");
  EXPECT_FALSE(e5m2.fired("KVD061"));
  // An fp8 Q handed to FlashInfer's FA2 path has no kernel.
  const Report q8 = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                         {"q-dtype", "float8_e4m3fn"}});
  EXPECT_TRUE(q8.fired("KVD031"));
  EXPECT_EQ(q8.verdict(), Verdict::error);
}

// SGLang keeps fa3 for fp8_e4m3 on Ampere (the e5m2 fallback only), casts Q to fp8, and the FA3
// kernel refuses: "FlashAttention on Ampere/Ada cards only supports fp16 and bf16".
TEST(SelectionSglang, Fa3E4m3OnAmpereIsRefused) {
  const Report r = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                        {"backend", "fa3"}});
  EXPECT_TRUE(r.fired("KVD017"));
  EXPECT_EQ(r.verdict(), Verdict::error);
  // bf16 on Ampere is fine for fa3 MHA (the constructor allows major 8 without MLA).
  EXPECT_NE(run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"backend", "fa3"}}).verdict(),
            Verdict::error);
}

// Triton stores/loads the element type: e4m3 needs Triton's fp8e4nv, i.e. sm_89+.
TEST(SelectionSglang, TritonE4m3NeedsSm89) {
  const Report a100 = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                           {"backend", "triton"}});
  EXPECT_TRUE(a100.fired("KVD040"));
  EXPECT_EQ(a100.verdict(), Verdict::error);
  const Report l40s = run({{"gpu", "L40S"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                           {"backend", "triton"}});
  EXPECT_FALSE(l40s.fired("KVD040"));
  EXPECT_NE(l40s.verdict(), Verdict::error);
}

// get_default_attn_backend: is_sm100 (major 10) -> trtllm_mha; trtllm_mha casts Q to fp8 with an fp8
// cache (#12307). SM120 is not sm100: it falls back to flashinfer.
TEST(SelectionSglang, BlackwellMhaUsesTrtllmMhaWithFp8Query) {
  const Report r = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(r), "trtllm_mha");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(fmt(r.plan.q), "float8_e4m3fn");
  // Without a version the unscaled-Q bug of 0.5.5 to 0.5.12.post1 (sglang#28144, fixed in 0.5.14)
  // is a warning naming the fix; a release with the fix is clean.
  EXPECT_TRUE(r.fired("KVD071"));
  const Report fixed = run({{"engine-version", "0.5.14"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                            {"head-size", "128"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(fixed), "trtllm_mha");
  EXPECT_EQ(fixed.verdict(), Verdict::ok);
  EXPECT_EQ(backend(run({{"gpu", "B300"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}})), "trtllm_mha");
  const Report rtx = run({{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(rtx), "flashinfer");
  EXPECT_EQ(fmt(rtx.plan.q), "bfloat16");
}

// trtllm_mha's SM120 prefill (FMHAv2) refuses fp8_e4m3 ("TRTLLM FMHAv2 prefill on SM120 does not
// support fp8_e4m3 KV cache").
TEST(SelectionSglang, TrtllmMhaFp8OnSm120IsRefused) {
  const Report r = run({{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                        {"backend", "trtllm_mha"}});
  EXPECT_TRUE(r.fired("KVD017"));
  EXPECT_EQ(r.verdict(), Verdict::error);
  EXPECT_NE(run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                 {"backend", "trtllm_mha"}})
                .verdict(),
            Verdict::error);
}

// ---------------------------------------------------------------------------------------------
// FP4 / MX strings
// ---------------------------------------------------------------------------------------------

// handle_kv4_compatibility: nvfp4 needs SM100 or SM120 (KVD003 elsewhere), KV4 MHA needs triton,
// torch_native, flex_attention or trtllm_mha. The FP4 pool: head/2 data + head/16 scale bytes per side.
TEST(SelectionSglang, Nvfp4NeedsBlackwellAndAKv4Backend) {
  const Report h100 = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "nvfp4"}});
  EXPECT_TRUE(h100.fired("KVD003"));
  EXPECT_EQ(h100.verdict(), Verdict::error);
  const Report b200 = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                           {"num-kv-heads", "8"}, {"kv-cache-dtype", "nvfp4"}});
  EXPECT_EQ(backend(b200), "trtllm_mha");
  EXPECT_FALSE(b200.fired("KVD003"));
  EXPECT_EQ(fmt(b200.plan.k.format), "float4_e2m1fn_x2");
  EXPECT_EQ(fmt(b200.plan.k.storage), "uint8");
  EXPECT_EQ(b200.plan.bytes_per_token_per_layer, 8u * 2 * (64 + 8));
  EXPECT_NE(b200.verdict(), Verdict::error);
  // RTX 5090 may hold nvfp4 (is_sm120_supported) but SGLang's default there is flashinfer, which is
  // not a KV4 MHA backend; trtllm_mha serves it (#21601).
  const Report rtx = run({{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "nvfp4"}});
  EXPECT_FALSE(rtx.fired("KVD003"));
  EXPECT_TRUE(skipped_with(rtx, "flashinfer", "KVD017"));
  EXPECT_EQ(rtx.verdict(), Verdict::error);
  const Report rtx_trtllm = run({{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                 {"kv-cache-dtype", "nvfp4"}, {"backend", "trtllm_mha"}});
  EXPECT_NE(rtx_trtllm.verdict(), Verdict::error);
}

// fp4_mx_block16 is CUDA-only with no SM check, but Hopper's default fa3 is not a KV4 backend.
TEST(SelectionSglang, Fp4MxBlock16OnHopperNeedsTriton) {
  const Report fa3 = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp4_mx_block16"}});
  EXPECT_FALSE(fa3.fired("KVD003"));
  EXPECT_EQ(fa3.plan.backend, nullptr);
  EXPECT_EQ(fa3.verdict(), Verdict::error);
  const Report triton = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                             {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp4_mx_block16"}, {"backend", "triton"}});
  EXPECT_NE(triton.verdict(), Verdict::error);
  EXPECT_EQ(fmt(triton.plan.k.format), "float4_e2m1fn_x2");
  EXPECT_EQ(triton.plan.bytes_per_token_per_layer, 8u * 2 * (64 + 8));
  // "KV4 is not tested on non-CUDA platforms".
  EXPECT_TRUE(run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp4_mx_block16"}})
                  .fired("KVD003"));
}

// configure_kv_cache_dtype raises "--kv-cache-dtype=fp4_e2m1 is deprecated. Use --kv-cache-dtype=fp4_mx_block16."
TEST(SelectionSglang, Fp4E2m1IsDeprecated) {
  const Report r = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                        {"kv-cache-dtype", "fp4_e2m1"}});
  EXPECT_TRUE(r.fired("KVD002"));
  EXPECT_EQ(r.verdict(), Verdict::error);
}

// mxfp8: FA4 only, and handle_mxfp8_kv_cache_compatibility needs a Blackwell (major 10 or 12) GPU.
// E4M3 elements plus one UE8M0 byte per 32 (4 bytes per side at head 128).
TEST(SelectionSglang, Mxfp8IsBlackwellFa4Only) {
  EXPECT_TRUE(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "mxfp8"},
                   {"backend", "fa4"}})
                  .fired("KVD003"));
  const Report b200 = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                           {"num-kv-heads", "8"}, {"kv-cache-dtype", "mxfp8"}, {"backend", "fa4"}});
  EXPECT_NE(b200.verdict(), Verdict::error);
  EXPECT_EQ(fmt(b200.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(b200.plan.k.storage), "uint8");
  EXPECT_EQ(b200.plan.bytes_per_token_per_layer, 8u * 2 * (128 + 4));
  // The default trtllm_mha does not read mxfp8.
  EXPECT_EQ(run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "mxfp8"}}).verdict(),
            Verdict::error);
}

// ---------------------------------------------------------------------------------------------
// CUDA, MLA and DeepSeek sparse attention
// ---------------------------------------------------------------------------------------------

// MLA on Hopper -> fa3; one 576-wide latent per token per layer (kv_lora_rank 512 + rope 64).
// With fp8 the #5651 crash (fixed by #7148) is a warning while the release is unknown.
TEST(SelectionSglang, HopperMlaDefaultsToFa3) {
  const Report bf16 = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-lora-rank", "512"},
                           {"qk-rope-head-dim", "64"}, {"num-heads", "128"}, {"num-layers", "61"}});
  EXPECT_EQ(backend(bf16), "fa3");
  EXPECT_EQ(bf16.plan.bytes_per_token_per_layer, 1152u);
  EXPECT_EQ(bf16.plan.bytes_per_token, 61ull * 1152);
  EXPECT_EQ(bf16.verdict(), Verdict::ok);
  const Report fp8 = run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                          {"num-layers", "61"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(fp8), "fa3");
  EXPECT_EQ(fmt(fp8.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(fp8.plan.k.storage), "uint8");
  EXPECT_EQ(fp8.plan.bytes_per_token_per_layer, 576u);
  EXPECT_EQ(fp8.plan.bytes_per_token, 61ull * 576);
  EXPECT_EQ(severity_of(fp8, "KVD070"), Severity::warning);
  // fa3 + MLA needs SM90 (the constructor allows major 8 only without MLA).
  EXPECT_TRUE(run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"backend", "fa3"}}).fired("KVD017"));
}

// flashattention_backend.py casts Q only for head_dim <= 256: the MLA pool (576) is dequantized to
// bf16 and Q stays bf16 (#35291).
TEST(SelectionSglang, HopperMlaFp8KeepsBf16QueryOnFa3) {
  // SGLang casts Q to the cache dtype only for head_dim <= 256 (q_kv_format_max_head_size).
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                        {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(fmt(r.plan.q), "bfloat16");
  const Report mha = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                          {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "fa3"}});
  EXPECT_EQ(fmt(mha.plan.q), "float8_e4m3fn");
}

// flashmla: fp8 KV (#6109) with Q cast to fp8 (#12307); handing it a bf16 Q breaks the kernel.
TEST(SelectionSglang, FlashMlaFp8NeedsFp8Query) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                        {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "flashmla"}});
  EXPECT_EQ(fmt(r.plan.q), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(r.verdict(), Verdict::ok);
  const Report bf16_q = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                             {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "flashmla"}, {"q-dtype", "bfloat16"}});
  EXPECT_TRUE(bf16_q.fired("KVD030"));
  // FlashMLA is not the backend for DeepSeek sparse attention (sgl-project/sglang#14691).
  EXPECT_TRUE(run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"kv-cache-dtype", "fp8_e4m3"},
                   {"backend", "flashmla"}})
                  .fired("KVD012"));
}

// The DeepSeek-V3 family override picks trtllm_mla on SM10x; its check accepts exactly fp8_e4m3,
// fp4_e2m1, bf16 and auto, so 'bfloat16' and the KV4 strings are refused although the KV4 check
// names trtllm_mla. SGLang never falls back to another backend.
TEST(SelectionSglang, BlackwellDeepSeekMlaUsesTrtllmMla) {
  const Report fp8 = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                          {"num-heads", "128"}, {"tensor-parallel-size", "8"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(fp8), "trtllm_mla");
  EXPECT_EQ(fmt(fp8.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(fp8.plan.k.storage), "uint8");
  EXPECT_EQ(fp8.plan.bytes_per_token_per_layer, 576u);  // MLA: one latent per token, on every rank
  EXPECT_EQ(fp8.verdict(), Verdict::ok);
  const Report bf16 = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                           {"kv-cache-dtype", "bf16"}});
  EXPECT_EQ(backend(bf16), "trtllm_mla");
  EXPECT_EQ(bf16.plan.bytes_per_token_per_layer, 1152u);
  const Report spelled = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "bfloat16"}});
  EXPECT_TRUE(skipped_with(spelled, "trtllm_mla", "KVD010"));
  EXPECT_EQ(spelled.verdict(), Verdict::error);
  const Report nvfp4 = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "nvfp4"}});
  EXPECT_TRUE(skipped_with(nvfp4, "trtllm_mla", "KVD010"));
  EXPECT_EQ(nvfp4.verdict(), Verdict::error);
  // KV4 MLA runs on cutlass_mla (SM100).
  EXPECT_NE(run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                 {"kv-cache-dtype", "nvfp4"}, {"backend", "cutlass_mla"}})
                .verdict(),
            Verdict::error);
}

// DeepSeek V3.2 / GLM-5 (DSA) get the dsa backend; fp8_e4m3 is FlashMLA's 656-byte "FP8 with
// scale" record in a uint8 pool (512 e4m3 + 4 fp32 scales + 64 bf16 rope), Q stays bf16.
TEST(SelectionSglang, DsaFp8IsThe656ByteRecord) {
  for (const char* gpu : {"B200", "H200"}) {
    const Report r = run({{"gpu", gpu}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"head-size", "576"},
                          {"num-layers", "61"}, {"kv-cache-dtype", "fp8_e4m3"}});
    EXPECT_EQ(backend(r), "dsa") << gpu;
    EXPECT_EQ(cache(r), "fp8_ds_mla") << gpu;
    EXPECT_EQ(r.plan.bytes_per_token_per_layer, 656u) << gpu;
    EXPECT_EQ(r.plan.bytes_per_token, 61ull * 656) << gpu;
    EXPECT_EQ(fmt(r.plan.k.storage), "uint8") << gpu;
    EXPECT_EQ(fmt(r.plan.q), "bfloat16") << gpu;
    EXPECT_TRUE(r.fired("KVD018")) << gpu;
    EXPECT_NE(r.verdict(), Verdict::error) << gpu;
  }
  // DSA accepts bf16/bfloat16 or fp8_e4m3 only.
  EXPECT_TRUE(run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"kv-cache-dtype", "fp8_e5m2"}})
                  .fired("KVD003"));
}

// Off Hopper and SM10x, CUDA MLA defaults to triton (A100, RTX 5090); its e4m3 needs sm_89.
TEST(SelectionSglang, OtherCudaMlaUsesTriton) {
  const Report a100 = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                           {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(a100), "triton");
  EXPECT_TRUE(a100.fired("KVD040"));
  EXPECT_EQ(a100.verdict(), Verdict::error);
  const Report e5m2 = run({{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                           {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_EQ(backend(e5m2), "triton");
  EXPECT_EQ(fmt(e5m2.plan.k.format), "float8_e5m2");
  EXPECT_NE(e5m2.verdict(), Verdict::error);
  EXPECT_EQ(backend(run({{"gpu", "RTX 5090"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}})), "triton");
}

// ---------------------------------------------------------------------------------------------
// ROCm
// ---------------------------------------------------------------------------------------------

// HIP MHA -> aiter. kv_cache_dtype.py maps both fp8 strings to the platform fp8 on HIP: fnuz on
// gfx942, OCP e4m3fn on gfx950; fp8_e5m2 silently becomes that e4m3 ("natively supported format").
TEST(SelectionSglang, RocmMhaUsesAiterWithThePlatformFp8) {
  const Report e4m3 = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                           {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(backend(e4m3), "aiter");
  EXPECT_EQ(fmt(e4m3.plan.k.format), "float8_e4m3fnuz");
  EXPECT_EQ(fmt(e4m3.plan.k.storage), "uint8");
  EXPECT_EQ(e4m3.plan.bytes_per_token_per_layer, 8u * 2 * 128);
  EXPECT_FALSE(e4m3.fired("KVD061"));
  EXPECT_TRUE(e4m3.fired("KVD051"));  // fnuz bytes are not OCP bytes
  const Report e5m2 = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_EQ(backend(e5m2), "aiter");
  EXPECT_EQ(fmt(e5m2.plan.k.format), "float8_e4m3fnuz");
  EXPECT_EQ(severity_of(e5m2, "KVD061"), Severity::warning);
  const Report mi355 = run({{"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_EQ(fmt(mi355.plan.k.format), "float8_e4m3fn");
  EXPECT_TRUE(mi355.fired("KVD061"));
  EXPECT_FALSE(mi355.fired("KVD051"));
}

// HIP MLA: aiter only when the KV heads per rank are exactly 16 or 128 ("current aiter only support
// head number 16 or 128"), triton otherwise. DeepSeek V3: 128 heads.
TEST(SelectionSglang, RocmMlaPicksAiterBy16Or128HeadsPerRank) {
  struct Case {
    const char* heads;
    const char* tp;
    const char* want;
  };
  for (const Case& c : {Case{"128", "1", "aiter"}, Case{"128", "8", "aiter"}, Case{"128", "2", "triton"},
                        Case{"128", "4", "triton"}, Case{"128", "16", "triton"}, Case{"64", "8", "triton"},
                        Case{"64", "4", "aiter"}, Case{"64", "1", "triton"}}) {
    const Report r = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                          {"num-heads", c.heads}, {"tensor-parallel-size", c.tp}, {"kv-cache-dtype", "fp8_e4m3"}});
    EXPECT_EQ(backend(r), c.want) << c.heads << " heads, tp " << c.tp;
    EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fnuz") << c.heads << " heads, tp " << c.tp;
  }
}

TEST(SelectionSglang, RocmMlaOddHeadCountsGoToTriton) {
  for (const char* heads : {"12", "96", "256"}) {
    const Report r = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                          {"num-heads", heads}, {"tensor-parallel-size", "1"}});
    EXPECT_EQ(backend(r), "triton") << heads;
  }
  for (const char* heads : {"16", "128"}) {
    const Report r = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"head-size", "576"},
                          {"num-heads", heads}, {"tensor-parallel-size", "1"}});
    EXPECT_EQ(backend(r), "aiter") << heads;
  }
}

// DeepSeek V4 on gfx942: the pool is byte-backed since #27972; before it the fnuz pool broke V4.
TEST(SelectionSglang, Dsv4OnGfx942WarnsAboutTheFnuzPoolFix) {
  const Report r = run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                        {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "dsv4"}});
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fnuz");
  EXPECT_EQ(fmt(r.plan.k.storage), "uint8");
  EXPECT_EQ(severity_of(r, "KVD070"), Severity::warning);  // fixed by #27972, release unknown
  EXPECT_NE(r.verdict(), Verdict::error);
  // Its CUDA path needs SM90+ (sm80/sm89 fail).
  EXPECT_TRUE(run({{"gpu", "RTX 4090"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"kv-cache-dtype", "bfloat16"},
                   {"backend", "dsv4"}})
                  .fired("KVD014"));
}

// ---------------------------------------------------------------------------------------------
// checkpoint FP8 KV, CPU
// ---------------------------------------------------------------------------------------------

// kv_cache_quant_algo FP8 turns auto into fp8_e4m3; releases before #18394 kept the string 'auto'
// and fa3 skipped the Q cast (#18290): a warning while the release is unknown, nothing for an
// explicit fp8_e4m3.
TEST(SelectionSglang, AutoFollowsAnFp8Checkpoint) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                        {"checkpoint-kv-cache-dtype", "fp8"}});
  EXPECT_TRUE(r.fired("KVD004"));
  EXPECT_EQ(backend(r), "fa3");
  EXPECT_EQ(fmt(r.plan.k.format), "float8_e4m3fn");
  EXPECT_EQ(fmt(r.plan.q), "float8_e4m3fn");
  EXPECT_EQ(severity_of(r, "KVD070"), Severity::warning);
  const Report explicit_fp8 = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                   {"kv-cache-dtype", "fp8_e4m3"}, {"checkpoint-kv-cache-dtype", "fp8"}});
  EXPECT_FALSE(explicit_fp8.fired("KVD070"));
  // The HIP platform fp8 for the same checkpoint.
  EXPECT_EQ(fmt(run({{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"checkpoint-kv-cache-dtype", "fp8"}})
                    .plan.k.format),
            "float8_e4m3fnuz");
}

// CPU: intel_amx (torch_native without AMX); intel_amx reads no fp8 cache, and torch_native's
// fp8_e4m3 (#12596, CUDA) is kept refused on CPU by a constraint row.
TEST(SelectionSglang, CpuUsesIntelAmxAndRefusesFp8) {
  const Report r = run({{"gpu", "cpu"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}});
  EXPECT_EQ(backend(r), "intel_amx");
  EXPECT_EQ(r.verdict(), Verdict::ok);
  const Report fp8 = run({{"gpu", "cpu"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"}});
  EXPECT_EQ(fp8.plan.backend, nullptr);
  EXPECT_TRUE(skipped_with(fp8, "intel_amx", "KVD010"));
  EXPECT_TRUE(skipped_with(fp8, "torch_native", "KVD017"));
  EXPECT_TRUE(fp8.fired("KVD016"));
  // An fp8 string torch_native never took stays a KVD010 refusal.
  const Report e5m2 = run({{"gpu", "cpu"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_TRUE(skipped_with(e5m2, "torch_native", "KVD010"));
}

// torch_native reads fp8_e4m3 on CUDA from 0.5.5 (#12596): refused in 0.5.4.post2, not established in
// 0.5.4.post3 (a warning), accepted with the version unknown or from 0.5.5 on.
TEST(SelectionSglang, TorchNativeFp8FromItsRelease) {
  const Report any = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "torch_native"}});
  EXPECT_FALSE(any.fired("KVD010"));
  EXPECT_EQ(any.verdict(), Verdict::ok);
  const Report with = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                           {"backend", "torch_native"}, {"engine-version", "0.5.5"}});
  EXPECT_EQ(with.verdict(), Verdict::ok);
  const Report before = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                             {"backend", "torch_native"}, {"engine-version", "0.5.4.post2"}});
  EXPECT_TRUE(before.fired("KVD008"));
  EXPECT_EQ(before.verdict(), Verdict::error);
  const Report between = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", "fp8_e4m3"},
                              {"backend", "torch_native"}, {"engine-version", "0.5.4.post3"}});
  EXPECT_NE(between.verdict(), Verdict::error);
}

}  // namespace
