// SGLang's --kv-cache-dtype vocabulary: one row per string, exactly as SGLang spells it.
//
// Read from sgl-project/sglang main (2026):
//   python/sglang/srt/arg_groups/fields/memory.py   kv_cache_dtype choices and help text
//   python/sglang/srt/mem_cache/kv_cache_dtype.py   configure_kv_cache_dtype @10a75eae
//   python/sglang/srt/mem_cache/memory_pool.py      KVCache.__init__ store_dtype rule
//   python/sglang/srt/arg_groups/kv_cache_hook.py   mxfp8 / KV4 platform checks (constraints_sglang.cpp)
// See docs/engines/sglang.md for what was verified and what was taken from the reference sheets.
//
// Storage: every SGLang KV pool allocates fp8 caches as a uint8 byte container and views it as the
// element type on read, because Tensor.index_put is not implemented for float8 (KVCache.__init__).
// float8_e4m3fnuz (ROCm gfx942) joined that rule only with sgl-project/sglang#27972; older
// releases kept a float8_e4m3fnuz-typed pool (see docs/engines/sglang.md).
// FP4 pools (nvfp4, fp4_mx_block16) store packed E2M1 pairs plus one scale byte per 16 elements
// in uint8 buffers; SGLang hands kernels torch.float4_e2m1fn_x2 for both recipes, which is why both
// rows name that format (the recipes differ in their scales, i.e. in the quant family).
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;
using enum Layout;

constexpr CacheDtype kSglangCacheDtypes[] = {
    {.engine = Engine::sglang, .name = "auto",
     .quant = KvQuant::none,
     .k_rule = model_dtype, .v_rule = model_dtype,
     .storage = element, .layout = elementwise,
     .description = "the model dtype; becomes fp8_e4m3 when the checkpoint declares kv_cache_quant_algo FP8 "
                    "(DeepSeek DSA: fp8_e4m3 on SM>=100 else bfloat16; DeepSeek V4: fp8_e4m3)",
     .source = "sglang mem_cache/kv_cache_dtype.py configure_kv_cache_dtype @10a75eae; "
               "arg_groups/overrides.py _dsa_kv_cache_dtype_default, _deepseek_v4_kv_cache_dtype"},

    {.engine = Engine::sglang, .name = "fp8_e4m3",
     .quant = KvQuant::fp8_per_tensor,
     .k_rule = platform_fp8_e4m3, .v_rule = platform_fp8_e4m3,
     .storage = uint8_bytes, .layout = elementwise,
     .description = "FP8 E4M3 with per-tensor k/v scales (checkpoint or --quantization-param-path, "
                    "else 1.0); float8_e4m3fn on CUDA, the platform fp8 (fnuz on gfx942) on HIP",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae; mem_cache/memory_pool.py KVCache "
               "store_dtype (uint8 because index_put lacks fp8); docs/advanced_features/quantized_kv_cache.md"},

    // Not a user string: what the DSA backend makes of fp8_e4m3. SGLang's NSA token pool stores
    // an fp8 DSA cache as FlashMLA's "FP8 with scale" record, 656 bytes per token.
    // On HIP the DSA pool holds the platform fp8 (float8_e4m3fnuz on gfx942): tilelang's fp8 sparse
    // decode and the MI300 KV quantization kernel were added for it (sgl-project/sglang#21511).
    {.engine = Engine::sglang, .name = "fp8_ds_mla", .quant = KvQuant::fp8_ds_mla,
     .k_rule = platform_fp8_on_rocm_else_fixed, .k_format = FormatId::float8_e4m3fn,
     .v_rule = platform_fp8_on_rocm_else_fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = uint8_bytes, .layout = Layout::fp8_ds_mla, .internal = true, .only_for = Attention::sparse_mla,
     .description = "internal: the DSA fp8 record (512 fp8 NoPE + 4 fp32 scales + 64 bf16 RoPE = 656 B/token) "
                    "SGLang's DSA backend stores for --kv-cache-dtype fp8_e4m3",
     .source = "sglang mem_cache/memory_pool.py NSATokenToKVPool (fp8: 656-byte rows); FlashMLA csrc/api/sparse_decode.h "
               "('FP8 with scale' layout)"},

    {.engine = Engine::sglang, .name = "fp8_e5m2",
     .quant = KvQuant::fp8_per_tensor,
     .k_rule = platform_fp8_on_rocm_else_fixed, .k_format = FormatId::float8_e5m2,
     .v_rule = platform_fp8_on_rocm_else_fixed, .v_format = FormatId::float8_e5m2,
     .storage = uint8_bytes, .layout = elementwise,
     .description = "FP8 E5M2 on CUDA; on HIP SGLang stores the platform e4m3 instead "
                    "(\"natively supported format\"), so the string does not name the element type there",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae (fp8_e5m2 branch: fp8_dtype on HIP); "
               "mem_cache/memory_pool.py KVCache store_dtype"},

    {.engine = Engine::sglang, .name = "bf16",
     .quant = KvQuant::none,
     .k_rule = fixed, .k_format = FormatId::bfloat16,
     .v_rule = fixed, .v_format = FormatId::bfloat16,
     .storage = element, .layout = elementwise,
     .description = "BF16 cache whatever the model dtype (synonym of bfloat16; DSA normalizes it, "
                    "DeepSeek V4's check does not)",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae; arg_groups/fields/memory.py choices; sgl-project/sglang#11749",
     // server_args.py choices: at the v0.5.3.post3 bump (85ebeecf0) auto fp8_e5m2 fp8_e4m3; at the v0.5.4
     // bump (1053e1be1) bf16 and bfloat16 added (f9a7d9b3d, an ancestor).
     .introduced_in = "0.5.4", .absent_in = "0.5.3.post3"},

    {.engine = Engine::sglang, .name = "bfloat16",
     .quant = KvQuant::none,
     .k_rule = fixed, .k_format = FormatId::bfloat16,
     .v_rule = fixed, .v_format = FormatId::bfloat16,
     .storage = element, .layout = elementwise,
     .description = "BF16 cache whatever the model dtype (synonym of bf16)",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae; arg_groups/fields/memory.py choices; sgl-project/sglang#11749",
     // server_args.py choices: at the v0.5.3.post3 bump (85ebeecf0) auto fp8_e5m2 fp8_e4m3; at the v0.5.4
     // bump (1053e1be1) bf16 and bfloat16 added (f9a7d9b3d, an ancestor).
     .introduced_in = "0.5.4", .absent_in = "0.5.3.post3"},

    // One UE8M0 scale byte per 32 fp8 elements per side: head_dim/32 bytes per token-head; the
    // constant below is for head_dim 128 (the only head size the MXFP8 store path takes today).
    {.engine = Engine::sglang, .name = "mxfp8",
     .quant = KvQuant::mxfp8,
     .k_rule = fixed, .k_format = FormatId::float8_e4m3fn,
     .v_rule = fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = uint8_bytes, .layout = elementwise,
     .scale_bytes_per_token_head = 4,
     .platforms = "cuda",
     .description = "E4M3 elements with one UE8M0 scale per 32 (MX block scaling); FA4 only, "
                    "MHA pools only, needs a Blackwell (SM10x/SM12x) GPU",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae (mxfp8 -> float8_e4m3fn); "
               "arg_groups/fields/memory.py help ('supported by the FA4 backend'); "
               "mem_cache cell size (one UE8M0 byte per 32 fp8 bytes); arg_groups/kv_cache_hook.py; sgl-project/sglang#31681",
     // Added to the choices by 02236fa38 ('Add Inkling model support', merged 2026-07-19), which the
     // v0.5.16 notes headline; the v0.5.15.post1 branch lists six choices without it.
     .introduced_in = "0.5.16", .absent_in = "0.5.15.post1"},

    {.engine = Engine::sglang, .name = "nvfp4",
     .quant = KvQuant::nvfp4,
     .k_rule = fixed, .k_format = FormatId::float4_e2m1fn_x2,
     .v_rule = fixed, .v_format = FormatId::float4_e2m1fn_x2,
     .storage = uint8_bytes, .layout = nvfp4_inline,
     .platforms = "cuda",
     .description = "NVFP4 recipe: E2M1 in blocks of 16 with E4M3 block scales; SM100/SM120 only, "
                    "needs PyTorch 2.8+ (torch.float4_e2m1fn_x2) and CUDA 12.8+",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae; arg_groups/kv_cache_hook.py "
               "handle_kv4_compatibility; sgl-project/sglang#21601 (SM120 NVFP4 KV)",
     // Added to the choices by ec6a3163b (#21601, merged 2026-07-17); absent on the v0.5.15.post1
     // branch; v0.5.16 (2026-07-25) was cut from main after 07-19 (its notes headline #31681).
     .introduced_in = "0.5.16", .absent_in = "0.5.15.post1"},

    {.engine = Engine::sglang, .name = "fp4_mx_block16",
     .quant = KvQuant::fp4_block16,
     .k_rule = fixed, .k_format = FormatId::float4_e2m1fn_x2,
     .v_rule = fixed, .v_format = FormatId::float4_e2m1fn_x2,
     .storage = uint8_bytes, .layout = nvfp4_inline,
     .platforms = "cuda",
     .description = "MX-style FP4: E2M1 in blocks of 16 (not OCP's 32) with one 8-bit scale each, "
                    "computed on the fly; CUDA only, no SM check",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae; docs/advanced_features/quantized_kv_cache.md "
               "(block 16, ~3.56x tokens vs BF16); arg_groups/kv_cache_hook.py; sgl-project/sglang#21601",
     .introduced_in = "0.5.16", .absent_in = "0.5.15.post1"},  // same commit and release as nvfp4

    {.engine = Engine::sglang, .name = "fp4_e2m1",
     .quant = KvQuant::fp4_block16,
     .k_rule = fixed, .k_format = FormatId::float4_e2m1fn_x2,
     .v_rule = fixed, .v_format = FormatId::float4_e2m1fn_x2,
     .storage = uint8_bytes, .layout = nvfp4_inline,
     .deprecated = true, .replacement = "fp4_mx_block16",
     .platforms = "cuda",
     .description = "still an argparse choice, but configure_kv_cache_dtype raises "
                    "ValueError('--kv-cache-dtype=fp4_e2m1 is deprecated. Use --kv-cache-dtype=fp4_mx_block16.')",
     .source = "sglang mem_cache/kv_cache_dtype.py @10a75eae; arg_groups/fields/memory.py choices; sgl-project/sglang#10078",
     // A choice from the v0.5.4.post3 bump (09938e1f8), absent at the v0.5.4.post2 bump (41c10e67f). It is
     // refused at configuration (the deprecation above) since sgl-project/sglang#21601, first in v0.5.16;
     // that it worked before is not modelled (the row is deprecated for every release).
     .introduced_in = "0.5.4.post3", .absent_in = "0.5.4.post2"},
};
static_assert(closed_words_known(kSglangCacheDtypes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const CacheDtype> sglang_cache_dtypes() noexcept { return kSglangCacheDtypes; }

}  // namespace kvdtype::tables
