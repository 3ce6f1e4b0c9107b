// vLLM's --kv-cache-dtype vocabulary: one row per string of the CacheDType Literal in
// vllm/config/cache.py. How each field is read: docs/tables.md. Evidence and what was verified:
// docs/engines/vllm.md.
//
// Storage follows vllm/utils/torch_utils.py STR_DTYPE_TO_TORCH_DTYPE: every fp8*, TurboQuant,
// int4 and nvfp4 cache is allocated as torch.uint8, int8_per_token_head as torch.int8, and only
// fp8_inc maps straight to torch.float8_e4m3fn. "auto" is not in the map; it becomes the model
// dtype (or the checkpoint's KV scheme, KVD004).
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;

constexpr CacheDtype kRows[] = {
    // ---- unquantized ------------------------------------------------------------------------
    {.engine = Engine::vllm, .name = "auto", .quant = KvQuant::none,
     .k_rule = model_dtype, .v_rule = model_dtype, .storage = element,
     .layout = Layout::elementwise, .platforms = "",
     .description = "the model's dtype, unless the checkpoint declares a KV scheme (modelopt kv_cache_quant_algo, llm-compressor kv_cache_scheme)",
     .source = "vllm/config/cache.py CacheDType and cache_dtype docstring; vllm/utils/torch_utils.py kv_cache_dtype_str_to_dtype, resolve_kv_cache_dtype_string"},
    {.engine = Engine::vllm, .name = "float16", .quant = KvQuant::none,
     .k_rule = fixed, .k_format = FormatId::float16, .v_rule = fixed, .v_format = FormatId::float16,
     .storage = element, .layout = Layout::elementwise, .platforms = "",
     .description = "16-bit IEEE half cache regardless of the model dtype",
     .source = "vllm/config/cache.py CacheDType; vllm/utils/torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (float16 -> torch.float16); vllm-project/vllm#37199 (adds float16)",
     // #37199 merged 2026-03-16; vLLM 0.17.0 refuses float16 with the older Literal
     // (vllm-project/vllm-ascend#7685); the v0.18.0 notes list PRs merged 03-18 and 03-19
     // (#37351, #37442), so its branch was cut after the merge. #37199 itself is in no notes.
     .introduced_in = "0.18.0", .absent_in = "0.17.1"},
    {.engine = Engine::vllm, .name = "bfloat16", .quant = KvQuant::none,
     .k_rule = fixed, .k_format = FormatId::bfloat16, .v_rule = fixed, .v_format = FormatId::bfloat16,
     .storage = element, .layout = Layout::elementwise, .platforms = "",
     .description = "bfloat16 cache; also how DeepSeek V3.2-style models opt out of their fp8 default",
     .source = "vllm/config/cache.py CacheDType and cache_dtype docstring; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (bfloat16 -> torch.bfloat16)"},

    // ---- fp8, one scale per tensor ------------------------------------------------------------
    {.engine = Engine::vllm, .name = "fp8", .quant = KvQuant::fp8_per_tensor,
     .k_rule = platform_fp8_e4m3, .v_rule = platform_fp8_e4m3, .storage = uint8_bytes,
     .layout = Layout::elementwise, .platforms = "cuda rocm cpu",
     .description = "e4m3 with per-tensor k/v scales; the element is the platform fp8 (float8_e4m3fnuz on gfx942, float8_e4m3fn elsewhere), stored in a uint8 tensor",
     .source = "vllm/config/cache.py cache_dtype docstring (fp8 = fp8_e4m3); torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (fp8 -> torch.uint8); vllm/platforms/rocm.py fp8_dtype (fnuz on gfx94x)"},
    {.engine = Engine::vllm, .name = "fp8_e4m3", .quant = KvQuant::fp8_per_tensor,
     .k_rule = platform_fp8_e4m3, .v_rule = platform_fp8_e4m3, .storage = uint8_bytes,
     .layout = Layout::elementwise, .platforms = "cuda rocm cpu",
     .description = "same as fp8 for every backend except FLASHMLA_SPARSE and HPC_ATTN, whose accepted lists name only one of the two spellings",
     .source = "vllm/config/cache.py CacheDType; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (fp8_e4m3 -> torch.uint8); resolve_kv_cache_dtype_string maps a modelopt fp8 checkpoint to fp8_e4m3"},
    // The row says e5m2; backends whose kernels read every fp8 string as the platform e4m3
    // (Triton, ROCm, AITER) carry fp8_as in their backend row and turn it into e4m3 (KVD061).
    {.engine = Engine::vllm, .name = "fp8_e5m2", .quant = KvQuant::fp8_per_tensor,
     .k_rule = fixed, .k_format = FormatId::float8_e5m2, .v_rule = fixed, .v_format = FormatId::float8_e5m2,
     .storage = uint8_bytes, .layout = Layout::elementwise, .platforms = "cuda rocm cpu",
     .description = "e5m2 cache; FlashInfer reads it as float8_e5m2, Triton/ROCm kernels store and read it as the platform e4m3; refused with e4m3-scaled fp8 checkpoints",
     .source = "vllm/config/cache.py cache_dtype docstring; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (fp8_e5m2 -> torch.uint8); flashinfer.py get_dtype_for_flashinfer (fp8_e5m2 -> torch.float8_e5m2)"},
    // Intel Gaudi only (out-of-tree HPU plugin). platforms is left empty because kvdtype has no
    // HPU platform word; constraints_vllm.cpp refuses it on cuda, rocm and cpu (KVD003).
    {.engine = Engine::vllm, .name = "fp8_inc", .quant = KvQuant::fp8_per_tensor,
     .k_rule = fixed, .k_format = FormatId::float8_e4m3fn, .v_rule = fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = element, .layout = Layout::elementwise, .platforms = "",
     .description = "Intel Gaudi (HPU) fp8 through Intel Neural Compressor; no in-tree CUDA, ROCm or CPU backend accepts it",
     .source = "vllm/config/cache.py cache_dtype docstring (HPU uses fp8_inc); torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (fp8_inc -> torch.float8_e4m3fn, the only real fp8 torch dtype in the map)"},

    // ---- sparse-MLA packed records ------------------------------------------------------------
    // 656 B per token: 512 float8_e4m3 NoPE values, 4 fp32 tile scales (one per 128), 64 bf16
    // RoPE values. vLLM writes it for FLASHMLA_SPARSE and the SM120 sparse backend, which rewrite
    // fp8 into this string after selection.
    {.engine = Engine::vllm, .name = "fp8_ds_mla", .quant = KvQuant::fp8_ds_mla,
     .k_rule = fixed, .k_format = FormatId::float8_e4m3fn, .v_rule = fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = uint8_bytes, .layout = Layout::fp8_ds_mla, .platforms = "cuda", .only_for = Attention::sparse_mla,
     .description = "DeepSeek V3.2 sparse-MLA record, 656 B/token (fp8 NoPE + fp32 tile scales + bf16 RoPE); DeepSeek V4 models use a 584 B record under the same name",
     .source = "vllm/v1/attention/backends/mla/flashmla_sparse.py (layout comment, supported_kv_cache_dtypes); torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (fp8_ds_mla -> torch.uint8)",
     // With DeepSeek-V3.2 support (vllm-project/vllm#25896, 2025-09-29): the v0.11.0 notes list
     // "New architectures: DeepSeek-V3.2-Exp (#25896)" (quoted in pan-webis-de/pan-code#27).
     .introduced_in = "0.11.0", .absent_in = "0.10.2"},
    // Not a user string: what DeepSeek V4's backends make of fp8 / fp8_ds_mla. vLLM names it
    // fp8_ds_mla too, but its row is 584 B: 448 float8_e4m3 NoPE values, 64 bf16 RoPE values,
    // 7 UE8M0 scales (one per 64 NoPE values) and a pad byte (DeepseekV4FlashMLABackend
    // get_kv_cache_shape; the MLA and SWA pools alike, vllm-project/vllm#47716).
    {.engine = Engine::vllm, .name = "fp8_ds_mla_v4", .quant = KvQuant::fp8_ds_mla,
     .k_rule = fixed, .k_format = FormatId::float8_e4m3fn, .v_rule = fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = uint8_bytes, .layout = Layout::fp8_ds_mla_v4, .internal = true, .platforms = "cuda",
     .only_for = Attention::sparse_mla,
     .description = "internal: DeepSeek V4's fp8_ds_mla record (448 fp8 NoPE + 64 bf16 RoPE + 7 UE8M0 scales + 1 pad = 584 B/token), "
                    "which vLLM stores under the name fp8_ds_mla for DeepseekV4ForCausalLM",
     .source = "vllm/models/deepseek_v4/sparse_mla.py DeepseekV4FlashMLABackend.get_kv_cache_shape ('584B per token (448 NoPE + 128 RoPE + 8 fp8 scale)'); vllm-project/vllm#47648, #47716"},
    // 352 B per token on FlashMLA's SM100 sparse decode: 256 B e2m1 NoPE (512 values), 64 B
    // unscaled e4m3 RoPE, 32 B e4m3 NoPE scales (one per 16). Written as 4-bit elements over the
    // 576-wide latent (288 B) plus 64 B in scale_bytes_per_token_head so the byte count comes out
    // right for the 576 geometry: the 64 B are the 32 B of scales and the 32 B that the 8-bit
    // RoPE takes beyond 4 bits. Other geometries (DeepSeek V4.1's compressed record) differ.
    {.engine = Engine::vllm, .name = "nvfp4_ds_mla", .quant = KvQuant::nvfp4,
     .k_rule = fixed, .k_format = FormatId::nvfp4, .v_rule = fixed, .v_format = FormatId::nvfp4,
     .storage = uint8_bytes, .layout = Layout::elementwise, .k_bits = 4, .v_bits = 4,
     .scale_bytes_per_token_head = 64, .platforms = "cuda", .only_for = Attention::sparse_mla,
     .description = "DeepSeek V3.2-geometry sparse-MLA record with NVFP4 NoPE and e4m3 RoPE, 352 B/token; only FLASHMLA_SPARSE on SM100 reads it",
     .source = "vllm/v1/attention/backends/mla/flashmla_sparse.py (nvfp4_ds_mla layout comment; supports_combination: SM100 only); vllm-project/vllm#51724 (W4A16 DSA), vllm-project/FlashMLA#18; vllm-project/vllm#57344 (nvfp4_ds_mla rejected off SM100)",
     // Not in the CacheDType of main on 2026-08-06 (81be2e09a), so not in v0.26.0; v0.31.0 has it (its
     // notes make FlashMLA mega attention with the NVFP4 compressed KV record the SM100 default,
     // vllm-project/vllm#56935, whose backend lists nvfp4_ds_mla). v0.27.0 to v0.30.0: not established.
     .introduced_in = "0.31.0", .absent_in = "0.26.0"},

    // ---- TurboQuant: K and V packed into one even-sized slot per KV head ----------------------
    // Keys are raw fp8: Triton's native fp8e4nv (float8_e4m3fn) from compute capability 8.9,
    // Triton's software fp8e4b15 below it (triton_turboquant_decode.py _use_fp8_e4b15; on a
    // platform that is not CUDA-alike, Intel XPU, always e4nv). Values are uniform 4-bit codes
    // with an fp16 scale and zero point.
    //
    // sole_backend (issue 28, session 45): where vLLM takes a turboquant_* string at all, it
    // serves it through TURBOQUANT, from the release that added the strings (v0.20.0, #38479):
    // - CUDA and ROCm: TURBOQUANT is the only backend whose supported_kv_cache_dtypes holds them
    //   (last in both priority lists, vllm/platforms/cuda.py and rocm.py, #40060);
    // - Intel XPU: XPUPlatform.get_attn_backend_cls returns TURBOQUANT for any turboquant_*
    //   string before it looks at anything else (kvdtype does not model TURBOQUANT there: its
    //   XPU_FLASH_ATTN row leaves these strings unknown); that routing came with #38479 itself
    //   (bryanvine/turboquant-xpu docs/XPU_PORTING_ANALYSIS.md, 2026-04-13: "vllm/platforms/xpu.py
    //   | Add TQ backend routing | Already present in PR"), fired on stock main
    //   0.20.1rc1.dev83+g6841f5dc7 ("[xpu.py:67] Using TurboQuant attention backend.", Arc, a
    //   write-up of 2026-04-29) and is on main today (vllm/platforms/xpu.py @ 00540f9d72cb);
    // - CPU: CpuPlatform sends every non-MLA layer to CPU_ATTN, which cannot take the packed slot
    //   ("the cache reshape fails during CPU init", vllm-project/vllm#49465, open 2026-07-22, whose
    //   env-gated routing would send them to TURBOQUANT too): a refusal;
    // - the plugins kvdtype models (tpu-inference's Pallas, vllm-ascend) have no such string in
    //   their dtype maps: their rows refuse it.
    // So a check that names no GPU can take TURBOQUANT as the backend; the GPU stays unknown.
    // .platforms lists sycl: the string is served there (through TURBOQUANT), which the lint of
    // sole_backend reads as the one place another row may leave the string unknown.
    {.engine = Engine::vllm, .name = "turboquant_k8v4", .quant = KvQuant::turboquant,
     .k_rule = e4m3_from_cc89_else_fixed, .k_format = FormatId::float8_e4m3b15,
     .v_rule = fixed, .v_format = FormatId::uint4, .storage = uint8_bytes,
     .layout = Layout::turboquant_slot, .k_bits = 8, .v_bits = 4, .platforms = "cuda rocm sycl",
     .sole_backend = "TURBOQUANT",
     .description = "TurboQuant preset: fp8 keys (e4m3fn from sm_89, Triton fp8e4b15 below) + 4-bit uniform values; 196 B/head at head 128",
     .source = "vllm/model_executor/layers/quantization/turboquant/config.py TQ_PRESETS (key_quant_bits 8, value_quant_bits 4); vllm/v1/attention/ops/triton_turboquant_decode.py _use_fp8_e4b15 (is_cuda_alike() and capability < 8.9; 0 elsewhere); triton_turboquant_store.py _tq_fused_store_fp8",
     .introduced_in = "0.20.0"},  // TurboQuant (#38479) first released in v0.20.0 (defilantech/LLMKube#354)
    // MSE presets: keys are Hadamard-rotated Lloyd-Max codebook indices (not integers in the
    // arithmetic sense) plus an fp16 norm; kvdtype has no format for a codebook index, so the
    // 4-bit index is written as uint4.
    {.engine = Engine::vllm, .name = "turboquant_4bit_nc", .quant = KvQuant::turboquant,
     .k_rule = fixed, .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4,
     .storage = uint8_bytes, .layout = Layout::turboquant_slot, .k_bits = 4, .v_bits = 4,
     .platforms = "cuda rocm sycl", .sole_backend = "TURBOQUANT",
     .description = "TurboQuant preset: 4-bit Lloyd-Max key indices after a Hadamard rotation (uint4 here = codebook index) + 4-bit uniform values, norm correction; 134 B/head at head 128",
     .source = "vllm/model_executor/layers/quantization/turboquant/config.py TQ_PRESETS (4/4, norm_correction); key_packed_size, value_packed_size, slot_size_aligned",
     .introduced_in = "0.20.0"},
    // A 3-bit code has no format of its own: uint4 with k_bits = 3 (packed 8 codes in 3 bytes).
    {.engine = Engine::vllm, .name = "turboquant_k3v4_nc", .quant = KvQuant::turboquant,
     .k_rule = fixed, .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4,
     .storage = uint8_bytes, .layout = Layout::turboquant_slot, .k_bits = 3, .v_bits = 4,
     .platforms = "cuda rocm sycl", .sole_backend = "TURBOQUANT",
     .description = "TurboQuant preset: 3-bit Lloyd-Max key indices (no 3-bit format exists: uint4 with k_bits 3) + 4-bit uniform values, norm correction; 118 B/head at head 128",
     .source = "vllm/model_executor/layers/quantization/turboquant/config.py TQ_PRESETS (3/4, norm_correction); triton_turboquant_store.py _tq_fused_store_mse (3-bit packing)",
     .introduced_in = "0.20.0"},
    {.engine = Engine::vllm, .name = "turboquant_3bit_nc", .quant = KvQuant::turboquant,
     .k_rule = fixed, .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4,
     .storage = uint8_bytes, .layout = Layout::turboquant_slot, .k_bits = 3, .v_bits = 3,
     .platforms = "cuda rocm sycl", .sole_backend = "TURBOQUANT",
     .description = "TurboQuant preset: 3-bit Lloyd-Max key indices + 3-bit uniform values (both written as uint4 with 3 bits), norm correction; 102 B/head at head 128",
     .source = "vllm/model_executor/layers/quantization/turboquant/config.py TQ_PRESETS (3/3, norm_correction); triton_turboquant_store.py _store_quantized_value (VQB == 3)",
     .introduced_in = "0.20.0"},

    // ---- per-(token, head) scaled caches (TRITON_ATTN only) -----------------------------------
    // One fp32 scale per token and head and side: 4 bytes (kv_cache_interface.py page sizes).
    {.engine = Engine::vllm, .name = "int4_per_token_head", .quant = KvQuant::int4_per_token_head,
     .k_rule = fixed, .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4,
     .storage = uint8_bytes, .layout = Layout::elementwise, .k_bits = 4, .v_bits = 4,
     .scale_bytes_per_token_head = 4, .platforms = "cuda rocm",
     .description = "4-bit codes, two per byte, with a per-(token, head) fp32 scale; written as uint4 because the scheme is described as asymmetric with a zero point (signedness not re-read)",
     .source = "vllm/config/cache.py CacheDType; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (int4_per_token_head -> torch.uint8); vllm-project/vllm#40835 (Triton INT4 per-token-head)",
     // The v0.25.0 notes list "Triton INT4 per-token-head KV cache quantization (#40835)"; v0.24.0's do not.
     .introduced_in = "0.25.0", .absent_in = "0.24.0"},
    {.engine = Engine::vllm, .name = "int8_per_token_head", .quant = KvQuant::int8_per_token_head,
     .k_rule = fixed, .k_format = FormatId::int8, .v_rule = fixed, .v_format = FormatId::int8,
     .storage = int8_bytes, .layout = Layout::elementwise, .k_bits = 8, .v_bits = 8,
     .scale_bytes_per_token_head = 4, .platforms = "cuda rocm",
     .description = "int8 with a dynamic per-(token, head) fp32 scale computed at cache write; allocated as torch.int8",
     .source = "vllm/config/cache.py CacheDType; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (int8_per_token_head -> torch.int8); vllm/v1/kv_cache_interface.py KVQuantMode.INT8_PER_TOKEN_HEAD; vllm-project/vllm#38378",
     // The v0.20.0 notes list "per-token-head INT8/FP8 KV cache quantization (#38378)" (merged
     // 2026-04-02, after the v0.19 branch).
     .introduced_in = "0.20.0", .absent_in = "0.19.1"},
    {.engine = Engine::vllm, .name = "fp8_per_token_head", .quant = KvQuant::fp8_per_token_head,
     .k_rule = platform_fp8_e4m3, .v_rule = platform_fp8_e4m3, .storage = uint8_bytes,
     .layout = Layout::elementwise, .scale_bytes_per_token_head = 4, .platforms = "cuda rocm",
     .description = "platform e4m3 with a dynamic per-(token, head) fp32 scale; stored as uint8",
     .source = "vllm/config/cache.py CacheDType; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (fp8_per_token_head -> torch.uint8); kv_cache_interface.py KVQuantMode.FP8_PER_TOKEN_HEAD; vllm-project/vllm#38378",
     .introduced_in = "0.20.0", .absent_in = "0.19.1"},  // same PR and notes as int8_per_token_head

    // ---- NVFP4: per side head/2 bytes of e2m1 + head/16 bytes of e4m3 block scales ------------
    {.engine = Engine::vllm, .name = "nvfp4", .quant = KvQuant::nvfp4,
     .k_rule = fixed, .k_format = FormatId::nvfp4, .v_rule = fixed, .v_format = FormatId::nvfp4,
     .storage = uint8_bytes, .layout = Layout::nvfp4_inline, .k_bits = 4, .v_bits = 4,
     .platforms = "cuda",
     .description = "E2M1 in blocks of 16 with inline e4m3 block scales (144 B per side at head 128); FLASHINFER trtllm-gen on SM100 family only; refused with MLA",
     .source = "vllm/config/cache.py CacheDType; torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (nvfp4 -> torch.uint8), nvfp4_kv_cache_full_dim; flashinfer.py get_kv_cache_shape",
     // The string parses from v0.20.0: its notes list "NVFP4 in reshape_and_cache_flash (#37332)"
     // (merged 2026-04-17). No backend lists it before FLASHINFER does from v0.21.0 (#40177; the
     // FLASHINFER row's kv_cache_dtypes_since), so v0.20.x accept the string and refuse it at selection.
     .introduced_in = "0.20.0", .absent_in = "0.19.1"},
    {.engine = Engine::vllm, .name = "nvfp4_4over6", .quant = KvQuant::nvfp4,
     .k_rule = fixed, .k_format = FormatId::nvfp4, .v_rule = fixed, .v_format = FormatId::nvfp4,
     .storage = uint8_bytes, .layout = Layout::nvfp4_inline, .k_bits = 4, .v_bits = 4,
     .platforms = "cuda",
     .description = "nvfp4 layout whose writer picks max/6 or max/4 block scales per 16 values by squared error; same capacity and read path as nvfp4",
     .source = "vllm/config/cache.py CacheDType and cache_dtype docstring; vllm-project/vllm#45187 (Add NVFP4 KV 4-over-6 scale search)",
     // #45187 merged 2026-08-07; the v0.28.0 notes list "KV 4-over-6 scale search (#45187)", v0.27.0's do not.
     .introduced_in = "0.28.0", .absent_in = "0.27.1"},
};
static_assert(closed_words_known(kRows), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const CacheDtype> vllm_cache_dtypes() noexcept { return kRows; }

}  // namespace kvdtype::tables
