// vLLM's attention backends on CUDA, ROCm and CPU: one row per AttentionBackendEnum entry, with
// what its class declares (supported_kv_cache_dtypes, supported_dtypes, head and kernel block
// sizes, compute capability) and what its implementation does with Q and the cache. How each
// field is read: docs/tables.md. Evidence and what was verified: docs/engines/vllm.md.
//
// Common facts used below:
// - MLA layers are validated with head size kv_lora_rank + qk_rope_head_dim: 576 for DeepSeek,
//   512 for NoPE models (GLM-5.3-Flash). Dense MLA backends inherit head sizes 320/576.
// - MLACommonImpl quantizes decode Q to the cache's fp8 whenever the cache is fp8, unless the
//   impl opts out (supports_quant_query_input): that is q_policy = kv_format.
// - Every fp8 cache is a uint8 tensor (STR_DTYPE_TO_TORCH_DTYPE); a kernel that takes the element
//   type must be told the fp8 element, never uint8 (kv_declared = element; KVD020).
#include "tables/tables.hpp"
#include "tables/words.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::tables {
namespace {

using enum QPolicy;
using enum KvDeclared;
using enum Fp8Path;

constexpr Backend kRows[] = {
    // =========================== CUDA, MHA / GQA / MQA ========================================
    // Quantized KV only where FlashAttention 3 (SM90 family) or 4 (SM100 family) runs it; that
    // limit is a Constraint row (KVD017). fp8_e5m2 is never accepted. Q is quantized to the
    // cache's fp8 (FA3 requires q and k of one dtype).
    // FLASH_ATTN_VLLM_V1: the V1 backend's VLLM_ATTENTION_BACKEND name in the 0.8 series (the V1
    // oracle's will_use_fa test; vllm-project/vllm#16165 comment of 2025-04-09).
    {.engine = Engine::vllm, .name = "FLASH_ATTN", .aliases = "FLASH_ATTN_VLLM_V1", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 80, .head_size_max = 256, .head_size_multiple = 8, .block_size_multiple = 16,
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .fp8_as = "platform_fp8_e4m3",
     .notes = "FA2 below sm_90, FA3 on SM90, FA4 on SM100; fp8 KV needs FA3/FA4; head <= 256 (FA4 allows 512, not modelled); sinks need sm_90+",
     .source = "vllm/v1/attention/backends/flash_attn.py (FlashAttentionBackend); fa_utils.py flash_attn_supports_kv_cache_dtype, flash_attn_supports_quant_query_input"},
    // Q becomes fp8 only on the SM100 trtllm-gen path (and can be turned off with
    // disable_flashinfer_q_quantization, so a 16-bit Q is tolerated: q_quantization_switch, and
    // FlashInferMetadataBuilder's q_data_type is then the model dtype). Elsewhere FA2 dequantizes.
    {.engine = Engine::vllm, .name = "FLASHINFER", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2 nvfp4 nvfp4_4over6",
     .model_dtypes = "float16 bfloat16", .min_cc = 80, .max_cc = 121,
     .head_sizes = "64 128 256 512", .block_sizes = "16 32 64",
     .q_policy = kv_format, .q_kv_format_min_cc = 100, .q_strict = false, .q_quantization_switch = true,
     .kv_declared = element, .fp8_path = software,
     .notes = "trtllm-gen on SM100 (HND layout, sinks, fp8 Q), FA2/XQA elsewhere; nvfp4 only on SM100 family; with nvfp4 the SM100 Q is fp8 e4m3, not nvfp4; blocks up to 1024 on SM100 GQA trtllm-gen (not modelled)",
     .source = "vllm/v1/attention/backends/flashinfer.py (FlashInferBackend: supported_kv_cache_dtypes, get_supported_head_sizes, supports_compute_capability 8.0-12.1, get_dtype_for_flashinfer)",
     // Floor 7.5 through v0.23.0, 8.0 from v0.24.0: vllm-project/vllm#45375 (supports_compute_capability
     // lower bound 7.5 -> 8.0), regression report #47549 (v0.23.0 selects FLASHINFER on SM75, v0.24.0 does not).
     .min_cc_before = 75, .min_cc_changed_in = "0.24.0",
     // nvfp4 from v0.21.0: its notes list "NVFP4: KV cache support (#40177)" (merged 2026-05-01,
     // after v0.20.0 of 04-27); the v0.20.1/v0.20.2 patch releases are not established either way.
     .kv_cache_dtypes_since = "nvfp4:0.20.0..0.21.0",
     // Head size 512 from vllm-project/vllm#38822 (get_supported_head_sizes [64, 128, 256] -> [.., 512]),
     // merged 2026-05-22 (552bbe6f4e6d): after v0.21.0 (05-15), so v0.21.0 and earlier refuse it
     // ('head_size not supported', #40677 on 0.19.2rc1); before v0.23.0 (06-15), which has it.
     // v0.22.0 (05-29) and v0.22.1: whether the branch was cut after the merge is not established.
     .head_sizes_since = "512:0.21.0..0.23.0"},
    // Kernels cast every fp8 string to current_platform.fp8_dtype() on write and read. The impl
    // refuses any fp8 cache below sm_89 on CUDA ("native FP8 (fp8e4nv) requires SM89+"), after
    // selection. Q is quantized on CUDA only; on ROCm Q stays 16-bit (tolerated: q_strict false).
    {.engine = Engine::vllm, .name = "TRITON_ATTN", .platforms = "cuda rocm",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2 int4_per_token_head int8_per_token_head fp8_per_token_head",
     .model_dtypes = "float16 bfloat16 float32", .head_size_min = 32, .block_size_multiple = 16,
     .q_policy = kv_format, .q_kv_format_min_cc = 89, .q_strict = false, .kv_declared = element,
     .fp8_path = triton, .fp8_as = "platform_fp8_e4m3",
     .notes = "portable fallback; fp8 (any spelling) needs sm_89+ on CUDA, raised at impl init after selection; only backend for *_per_token_head",
     .source = "vllm/v1/attention/backends/triton_attn.py (TritonAttentionBackend; impl __init__ 'native FP8 (fp8e4nv) requires SM89+'); ops/triton_reshape_and_cache_flash.py (casts to platform fp8)"},
    {.engine = Engine::vllm, .name = "FLEX_ATTENTION", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16", .model_dtypes = "float16 bfloat16 float32",
     .block_size_multiple = 16, .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "PyTorch FlexAttention; CUDA fallback for float32 models; no quantized cache",
     .source = "vllm/v1/attention/backends/flex_attention.py (FlexAttentionBackend)"},
    // The only backend whose list holds turboquant_*; its supports_kv_cache_dtype is a prefix test
    // and refuses everything else (including None/auto: KVD043). Own Triton kernels; Q stays
    // 16-bit. The packed slot is handed to the kernels as bytes. Intel XPU (session 45): xpu.py
    // sends every turboquant_* string to this class before any other choice, since #38479
    // (v0.20.0); not modelled on sycl (see XPU_FLASH_ATTN's coverage_unknown).
    {.engine = Engine::vllm, .name = "TURBOQUANT", .platforms = "cuda rocm", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "turboquant_k8v4 turboquant_4bit_nc turboquant_k3v4_nc turboquant_3bit_nc",
     .model_dtypes = "float16 bfloat16", .block_sizes = "16 32 64 128",
     .q_policy = model_dtype, .kv_declared = element_or_bytes, .fp8_path = triton,
     .notes = "decoder attention only; first 2 and last 2 layers of dense models stay 16-bit (boundary skip); forces FlashAttention version 2 for prefill",
     .source = "vllm/v1/attention/backends/turboquant_attn.py (TurboQuantAttentionBackend); vllm/platforms/cuda.py and rocm.py (last in the priority list); vllm-project/vllm#40060; "
               "vllm/platforms/xpu.py get_attn_backend_cls ('TurboQuant KV cache: route directly to TQ backend', with #38479; bryanvine/turboquant-xpu docs/XPU_PORTING_ANALYSIS.md)",
     // First released in v0.20.0 (#38479; defilantech/LLMKube#354).
     .introduced_in = "0.20.0"},
    // Hunyuan-specific (Hy3) kernel; exact sm_90; its list names fp8_e4m3 but not fp8.
    {.engine = Engine::vllm, .name = "HPC_ATTN", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bfloat16 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 90, .max_cc = 90, .head_sizes = "128", .block_sizes = "64",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = hardware,
     .notes = "Tencent hpc-ops, Hy3 models, Hopper only; not in the automatic priority list; builder derives use_fp8 from the uint8 spec dtype (always false), impl from the string",
     .source = "vllm/v1/attention/backends/hpc_attn.py (HpcAttentionBackend); reference sheet vllm.md §2.2 note (builder use_fp8); "
               "vllm-project/vllm#46020 (the backend, fp8_e4m3 only), #50980 (bf16 cache)",
     // #46020 (opened 2026-06-18, after v0.23.0 of 06-15; on vLLM by the HPC-Ops blog of 07-06) added
     // the backend for an fp8_e4m3 cache only; #50980 (opened 2026-08-04: 'only support fp8 kv cache
     // ... This PR add bfloat16 kv cache (--kv-cache-dtype bfloat16 or auto) support') the 16-bit
     // cache. v0.26.0 (07-27) certain with the backend and without bf16; v0.28.0 (08-26) certain with it.
     .introduced_in = "0.26.0", .absent_in = "0.23.0",
     .kv_cache_dtypes_since = "auto:0.26.0..0.28.0 bfloat16:0.26.0..0.28.0"},

    // V0's xFormers backend (issue 28, session 40): prefill with xFormers, decode and the cache writes
    // with vLLM's CUDA PagedAttention kernels, which convert an fp8 cache in software (any capability:
    // fp8/fp8_e4m3 as e4m3, fp8_e5m2 as e5m2) and take the cache as its uint8 bytes plus the string.
    // V0 sent every fp8 cache here instead of FlashAttention-2, asked for or not. Reached only through
    // the V0 rows of selection_vllm.cpp and constraints_vllm.cpp (VLLM_USE_V1); gone with V0 in v0.11.0.
    {.engine = Engine::vllm, .name = "XFORMERS", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16 float32",
     .head_sizes = "32 64 80 96 112 120 128 192 256", .block_sizes = "8 16 32",
     .q_policy = model_dtype, .kv_declared = element_or_bytes, .fp8_path = software,
     .notes = "V0 only (VLLM_USE_V1 unset before v0.8.0, or V1's oracle falling back to V0 until v0.10.2); xFormers prefill, CUDA PagedAttention decode; removed with V0 in v0.11.0",
     .source = "vllm/attention/backends/xformers.py (XFormersBackend, head sizes of ops/paged_attn.py PagedAttention.get_supported_head_sizes); "
               "vllm/platforms/cuda.py get_attn_backend_cls of the 0.7 series (an fp8 cache: 'Cannot use FlashAttention-2 backend for FP8 KV cache', XFORMERS); "
               "v0.11.0 release notes (V0 engine and its attention backends removed)",
     .removed_in = "0.11.0"},

    // =========================== ROCm, MHA / GQA / MQA ========================================
    // ROCm kernels view the cache as current_platform.fp8_dtype(): float8_e4m3fnuz on gfx942,
    // float8_e4m3fn on gfx950; fp8_e5m2 is stored as that e4m3 too.
    {.engine = Engine::vllm, .name = "ROCM_ATTN", .platforms = "rocm", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2",
     .model_dtypes = "float16 bfloat16 float32",
     .head_sizes = "32 64 80 96 128 160 192 224 256", .block_size_multiple = 16,
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = triton,
     .fp8_as = "platform_fp8_e4m3",
     .notes = "default ROCm MHA backend; left out when a KV connector is configured and for encoder-decoder models",
     .source = "vllm/v1/attention/backends/rocm_attn.py (RocmAttentionBackend); vllm/platforms/rocm.py _get_backend_priorities"},
    // get_cdna_version() > 2: gfx942, gfx950 (and gfx1250, capability 12.5, not modelled).
    {.engine = Engine::vllm, .name = "ROCM_AITER_FA", .platforms = "rocm", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2",
     .model_dtypes = "float16 bfloat16", .min_cc = 94, .max_cc = 95,
     .head_sizes = "64 128 256", .block_sizes = "16 32",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = hardware,
     .fp8_as = "platform_fp8_e4m3",
     .notes = "AITER FlashAttention, CDNA3+; in the automatic list only with VLLM_ROCM_USE_AITER=1 and AITER MHA on; decoder only",
     .source = "vllm/v1/attention/backends/rocm_aiter_fa.py (AiterFlashAttentionBackend); vllm/platforms/rocm.py get_cdna_version; vllm-project/vllm#25475 (view as platform fp8)"},
    {.engine = Engine::vllm, .name = "ROCM_AITER_UNIFIED_ATTN", .platforms = "rocm",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2",
     .model_dtypes = "float16 bfloat16", .min_cc = 94, .max_cc = 95, .head_size_min = 32,
     .block_size_multiple = 16,
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = triton,
     .fp8_as = "platform_fp8_e4m3",
     .notes = "AITER Triton unified attention; appended when the aiter package is found on CDNA3+ (on_mi3xx); causal only; prefers block 64",
     // AITER is gated to CDNA3+: is_aiter_found_and_supported() returns on_mi3xx(), and AITER's wheels
     // are built for gfx942/gfx950 only (ROCm/aiter release notes). vllm-project/vllm#46192 (enable it
     // on gfx1201, with a 16-bit cache only) was closed unmerged.
     .source = "vllm/v1/attention/backends/rocm_aiter_unified_attn.py (RocmAiterUnifiedAttentionBackend); vllm/_aiter_ops.py is_aiter_found_and_supported (on_mi3xx); vllm-project/vllm#46192 (closed); reference sheet vllm.md §4.1 (Q fp8)"},

    // =========================== CPU ==========================================================
    // The CPU platform always picks CPU_ATTN for non-MLA layers and never runs
    // validate_configuration, so a list mismatch is not refused by vLLM itself.
    {.engine = Engine::vllm, .name = "CPU_ATTN", .platforms = "cpu", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16 float32",
     .head_sizes = "32 64 80 96 112 128 160 192 224 256 512", .block_size_multiple = 16,
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "vLLM's C++ CPU kernels (AMX, NEON, VXE, vec); HND layout",
     .source = "vllm/v1/attention/backends/cpu_attn.py (CPUAttentionBackend); vllm/platforms/cpu.py get_attn_backend_cls"},

    // =========================== CUDA, dense MLA ==============================================
    // Declares SM90 and SM100, but supports_combination refuses dense decode off Hopper
    // ("FlashMLA Dense is only supported on Hopper devices."): a Constraint row (KVD017).
    // fp8 decode passes descale_q/descale_k: Q is the cache's fp8.
    {.engine = Engine::vllm, .name = "FLASHMLA", .platforms = "cuda", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 90, .max_cc = 109, .head_sizes = "320 576", .block_sizes = "64",
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .notes = "DeepSeek FlashMLA dense decode; Hopper only in practice; block size forced to 64",
     .source = "vllm/v1/attention/backends/mla/flashmla.py (FlashMLABackend, supports_compute_capability 9/10); vllm/v1/attention/ops/flashmla.py is_flashmla_dense_supported",
     // fp8 arrived with vllm-project/vllm#22668 (opened 2025-08-11; merge date not found): not in
     // v0.8.5 (#18888 "FlashMLA V1 with FP8 KV cache not yet supported!") nor v0.10.0 (released
     // before the PR opened); v0.11.1 is the first release certain to have it; v0.10.1..v0.11.0 not established.
     .kv_cache_dtypes_since = "fp8:0.10.0..0.11.1 fp8_e4m3:0.10.0..0.11.1"},
    // The impl asserts that the q dtype equals the kv cache dtype.
    {.engine = Engine::vllm, .name = "CUTLASS_MLA", .platforms = "cuda", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 100, .max_cc = 109, .head_sizes = "320 576", .block_sizes = "128",
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .notes = "SM100 CUTLASS MLA decode; q dtype must equal the cache dtype; block size forced to 128",
     .source = "vllm/v1/attention/backends/mla/cutlass_mla.py (CutlassMLABackend; impl q/kv dtype assert)"},
    {.engine = Engine::vllm, .name = "FLASHINFER_MLA", .platforms = "cuda", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 100, .max_cc = 109, .head_sizes = "320 576", .block_sizes = "32 64",
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashInfer trtllm-gen MLA; first MLA choice on SM100; needs qk_nope_head_dim in {64,128,192}; HND layout",
     .source = "vllm/v1/attention/backends/mla/flashinfer_mla.py (FlashInferMLABackend)"},
    // Accepts only fp8 caches (R1 dims 128/64/128), Q must be fp8 too.
    {.engine = Engine::vllm, .name = "TOKENSPEED_MLA", .platforms = "cuda", .attention = "mla",
     .kv_cache_dtypes = "fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 100, .max_cc = 109, .head_sizes = "320 576", .block_sizes = "32 64",
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .notes = "TokenSpeed CuTe-DSL MLA decode; needs the tokenspeed_mla package and DeepSeek R1 dims; fp8 cache only",
     .source = "vllm/v1/attention/backends/mla/tokenspeed_mla.py (TokenSpeedMLABackend); vllm/platforms/cuda.py priority comment 'R1 dims + FP8 KV only'"},
    // FA3 needs q and kv of one dtype and a 16-bit q_v: no fp8 cache at all.
    {.engine = Engine::vllm, .name = "FLASH_ATTN_MLA", .platforms = "cuda", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16", .model_dtypes = "float16 bfloat16",
     .min_cc = 90, .max_cc = 99, .head_sizes = "320 576", .block_size_multiple = 16,
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashAttention 3 MLA decode on the SM90 family; 16-bit caches only; first MLA choice off SM100/SM120",
     .source = "vllm/v1/attention/backends/mla/flashattn_mla.py (FlashAttnMLABackend); fa_utils.py flash_attn_supports_mla",
     // vllm-project/vllm#14258 (FlashAttn MLA): still under test on 2025-08-26, on main by 2025-10-22
     // (#27363 makes it the Hopper default): v0.10.2 and v0.11.0 not established, v0.11.1 certain.
     .introduced_in = "0.11.1", .absent_in = "0.10.1.1"},
    // Dequantizes the fp8 cache in the kernel and opts out of Q quantization. The cache is viewed
    // as current_platform.fp8_dtype(). The CUDA impl refuses fp8 below sm_89 after selection.
    {.engine = Engine::vllm, .name = "TRITON_MLA", .platforms = "cuda rocm", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .block_size_multiple = 16, .q_policy = model_dtype, .q_strict = true, .kv_declared = element,
     .fp8_path = triton, .fp8_as = "platform_fp8_e4m3",
     .notes = "portable Triton MLA decode; Q stays 16-bit (supports_quant_query_input off for fp8); fp8 needs sm_89+ on CUDA; block 1 refused on ROCm",
     .source = "vllm/v1/attention/backends/mla/triton_mla.py (TritonMLABackend; forward_mqa views the cache as current_platform.fp8_dtype()); vllm-project/vllm#34597 (fp8)",
     // fp8 arrived with vllm-project/vllm#34597 (opened 2026-02-16, after v0.15.1 of 02-04); before it
     // the impl raised NotImplementedError ('TritonMLA V1 with FP8 KV cache not yet supported':
     // ROCm/vllm#509 on 0.8.x, #35577 quoting main of 2026-02-28). #35695 was closed on 2026-05-24
     // because main had it by then, so v0.23.0 (cut in June) is the first release certain to have
     // it; v0.16.0..v0.22.1 were left not established. v0.16.0 (02-25) is certain without: main of
     // 02-28 still raised (#35577), and #35695 (opened 03-02 on an RTX 5080, closed 05-24 as superseded)
     // had to add fp8 itself; v0.17.0..v0.22.1 stay not established. The explicit 16-bit strings came later than 'auto':
     // the class listed ["auto"] only until #32795 ('Explicitly report support for kv_cache_dtype
     // bfloat16', opened 2026-01-21 from a main that refused '--kv-cache-dtype=bfloat16' with
     // "kv_cache_dtype not supported", #32732) added "bfloat16". "float16" first appears in a snapshot
     // of the list that also names fp8; the PR that added it is not established, so only v0.14.0
     // (certain without) and v0.23.0 (taken as certain with, as fp8) bound it. v0.14.0 (01-20) certain
     // without bfloat16; v0.16.0 (02-25) certain with it.
     .kv_cache_dtypes_since = "fp8:0.16.0..0.23.0 fp8_e4m3:0.16.0..0.23.0 bfloat16:0.14.0..0.16.0 float16:0.14.0..0.23.0"},

    // =========================== ROCm, MLA ====================================================
    // With an fp8 cache the layer quantizes decode Q to aiter's fp8 (the platform e4m3) and the
    // persistent decode metadata must be sized with that Q dtype (vllm-project/vllm#47276,
    // #46997). MI300/MI355 (gfx942/gfx950) only: explicit selection elsewhere fails on
    // 'compute capability not supported'.
    {.engine = Engine::vllm, .name = "ROCM_AITER_MLA", .platforms = "rocm", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16",
     .min_cc = 94, .max_cc = 95, .block_size_multiple = 1,
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .fp8_as = "platform_fp8_e4m3",
     .notes = "AITER asm MLA decode (persistent or Gluon); heads per rank 1-15 or a multiple of 16; fp8 = aiter dtypes.fp8 (fnuz on gfx942); fp8 asm prefill on gfx950 only",
     .source = "vllm/v1/attention/backends/mla/rocm_aiter_mla.py (AiterMLABackend, AiterMLAMetadataBuilder q_dtype); vllm-project/vllm#47276, #46997; vllm/platforms/rocm.py on_mi3xx gate"},
    // Subclass of ROCM_AITER_MLA that only swaps the prefill kernel; get_name() says
    // AITER_TRITON_MLA while the enum entry is ROCM_AITER_TRITON_MLA.
    {.engine = Engine::vllm, .name = "ROCM_AITER_TRITON_MLA", .aliases = "AITER_TRITON_MLA",
     .platforms = "rocm", .attention = "mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16",
     .min_cc = 94, .max_cc = 95, .block_size_multiple = 1,
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .fp8_as = "platform_fp8_e4m3",
     .notes = "ROCM_AITER_MLA decode with AITER Triton prefill; inherits every declaration and the arch gate",
     .source = "vllm/v1/attention/backends/mla/aiter_triton_mla.py (AiterTritonMLABackend(AiterMLABackend))"},

    // =========================== CPU, MLA =====================================================
    {.engine = Engine::vllm, .name = "CPU_MLA", .platforms = "cpu", .attention = "mla",
     .kv_cache_dtypes = "auto", .model_dtypes = "float16 bfloat16 float32",
     .head_sizes = "576", .block_sizes = "16", .q_policy = model_dtype, .kv_declared = element,
     .fp8_path = software,
     .notes = "the CPU platform forces block size 16 for MLA; 16-bit/32-bit caches only",
     .source = "vllm/v1/attention/backends/mla/cpu_mla.py (CPUMLABackend); vllm/platforms/cpu.py"},

    // =========================== CUDA, sparse MLA (DeepSeek V3.2 / GLM-5.x DSA) ===============
    // After selection any quantized string becomes fp8_ds_mla (656 B record, also written back
    // to cache_config); fp8_e4m3 is not in the list. Q stays bf16 with the fp8 cache. The
    // packed record is handed to FlashMLA as bytes.
    {.engine = Engine::vllm, .name = "FLASHMLA_SPARSE", .platforms = "cuda", .attention = "sparse-mla",
     .kv_cache_dtypes = "auto bfloat16 fp8 fp8_ds_mla nvfp4_ds_mla", .model_dtypes = "bfloat16",
     .min_cc = 90, .max_cc = 109, .head_sizes = "576", .block_sizes = "64",
     .q_policy = model_dtype, .q_strict = true, .kv_declared = element_or_bytes,
     .fp8_path = hardware, .canonicalizes = "fp8", .canonical_kv = "fp8_ds_mla",
     .notes = "FlashMLA sparse; fp8 -> fp8_ds_mla after selection; nvfp4_ds_mla (352 B) only on SM100; SM12x only through an opt-in Triton port (not modelled)",
     .source = "vllm/v1/attention/backends/mla/flashmla_sparse.py (FlashMLASparseBackend); vllm/model_executor/layers/attention/mla_attention.py _canonicalize_sparse_mla_kv_cache_dtype",
     // With DeepSeek-V3.2 (vllm-project/vllm#25896, 2025-09-29): the v0.11.0 notes list "New
     // architectures: DeepSeek-V3.2-Exp (#25896)" (quoted in pan-webis-de/pan-code#27).
     .introduced_in = "0.11.0", .absent_in = "0.10.2"},
    // TRT-LLM sparse MLA; refuses mixed bf16 Q + fp8 KV, so Q is the cache's fp8.
    {.engine = Engine::vllm, .name = "FLASHINFER_MLA_SPARSE", .platforms = "cuda",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .min_cc = 100, .max_cc = 109, .head_sizes = "576", .block_sizes = "32 64",
     .q_policy = kv_format, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashInfer trtllm-gen sparse MLA; preferred sparse backend on SM100 with a quantized cache or <= 16 heads per rank; needs qk_nope_head_dim in {128,192}",
     .source = "vllm/v1/attention/backends/mla/flashinfer_mla_sparse.py (FlashInferMLASparseTRTLLMBackend; 'mixed bf16+fp8 not supported')"},
    // Rewrites auto, fp8 and fp8_e4m3 into fp8_ds_mla: even auto gets the 656 B fp8 record.
    {.engine = Engine::vllm, .name = "FLASHINFER_MLA_SPARSE_SM120", .platforms = "cuda",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto fp8 fp8_e4m3 fp8_ds_mla", .model_dtypes = "bfloat16",
     .min_cc = 120, .max_cc = 129, .head_sizes = "576", .block_sizes = "64 256",
     .q_policy = model_dtype, .q_strict = true, .kv_declared = element_or_bytes,
     .fp8_path = hardware, .canonicalizes = "auto fp8 fp8_e4m3", .canonical_kv = "fp8_ds_mla",
     .notes = "FlashInfer SM120/SM121 sparse MLA on the packed fp8_ds_mla record; bf16 Q; needs index_topk 2048",
     .source = "vllm/v1/attention/backends/mla/flashinfer_mla_sparse.py (FlashInferMLASparseSM120Backend), flashinfer_mla_sparse_sm120.py"},
    // FlashInfer >= 0.6.18 FA3 reads the fp8 cache and dequantizes it in shared memory; Q stays
    // bf16 (plan q_data_type=bfloat16). plan() must be told kv_data_type=float8_e4m3fn: the
    // uint8 storage dtype is refused (vllm-project/vllm#55221, fix #55222; KVD020).
    {.engine = Engine::vllm, .name = "FLASHINFER_MLA_SPARSE_SM90", .platforms = "cuda",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto bfloat16 fp8 fp8_e4m3", .model_dtypes = "bfloat16",
     .min_cc = 90, .max_cc = 99, .head_sizes = "512 576", .block_size_multiple = 64,
     .q_policy = model_dtype, .q_strict = true, .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashInfer BatchMLAPagedAttentionWrapper (fa3) for NoPE (512) and rope (576) sparse MLA on Hopper; needs kv_lora_rank 512 and FlashInfer >= 0.6.18; plan kv_data_type must be float8_e4m3fn, not uint8",
     .source = "vllm/v1/attention/backends/mla/flashinfer_mla_sparse_sm90.py (FlashInferMLASparseSM90Backend, _SM90State.plan); vllm-project/vllm#53906 (added), #55221/#55222 (uint8 plan dtype)",
     // vllm-project/vllm#53906: a PR build on 2026-08-27 (#54059), on main by 2026-09-09 (#55385 review
     // lists it as the SM90 default before that PR): not in v0.28.0, v0.29.0 not established, in v0.30.0.
     .introduced_in = "0.30.0", .absent_in = "0.28.0"},
    {.engine = Engine::vllm, .name = "FLASH_ATTN_MLA_SPARSE", .platforms = "cuda",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto float16 bfloat16", .model_dtypes = "float16 bfloat16",
     .min_cc = 90, .max_cc = 99, .block_sizes = "64",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashAttention 3 sparse MLA decode on Hopper; 16-bit caches only; no decode context parallel",
     .source = "vllm/v1/attention/backends/mla/flashattn_mla_sparse.py (FlashAttnMLASparseBackend); vllm-project/vllm#46189",
     // vllm-project/vllm#46189 opened 2026-06-19 (after v0.23.0), merged; a selection candidate on main by
     // 2026-09-12 (#56564). v0.24.0..v0.29.0 not established; v0.30.0 (cut about 09-21) has it.
     .introduced_in = "0.30.0", .absent_in = "0.23.0"},
    // DeepSeek-V4.1's FlashMLA "mega attention" (vllm-project/vllm#56935, merged 2026-09-16): the v0.31.0
    // notes make it the SM100 default with the V4.1 NVFP4 compressed KV record; not in v0.30.0. Class
    // FlashMLAMegaAttnBackend (subclass of the FLASHMLA_SPARSE_DSV41 backend) in
    // vllm/models/deepseek_v41/sparse_mla.py, read in an undated copy of upstream main (cf4bfd81).
    // Model-driven: the DeepSeek-V4.1 model wires it, it is in no automatic priority list.
    {.engine = Engine::vllm, .name = "FLASHMLA_MEGA_ATTN_DSV41", .platforms = "cuda",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto fp8 fp8_ds_mla nvfp4_ds_mla", .model_dtypes = "bfloat16",
     .min_cc = 100, .max_cc = 109, .head_sizes = "512", .block_sizes = "128",
     .q_policy = model_dtype, .q_strict = true, .kv_declared = element_or_bytes, .fp8_path = hardware,
     .notes = "DeepSeek-V4.1 FlashMLA mega attention, SM100 family only (no SM90 kernel); fp8 is an alias of fp8_ds_mla; an unspecific kv-cache dtype becomes the V4.1 NVFP4 compressed record, whose size differs from the V3.2-geometry nvfp4_ds_mla row (not modelled)",
     .source = "vllm/models/deepseek_v41/sparse_mla.py (FlashMLAMegaAttnBackend), vllm/models/deepseek_v41/nvidia/flash_mla_mega_attn.py (packed_kv_cache_dtype); vllm-project/vllm#56935; v0.31.0 release notes",
     .introduced_in = "0.31.0", .absent_in = "0.30.0"},

    // DeepSeek V4's own sparse-MLA backend: DeepseekV4Attention runs its attention, the backend
    // declares the cache (class DeepseekV4FlashMLABackend, get_name FLASHMLA_SPARSE_DSV4): dtypes
    // auto, fp8_ds_mla and fp8 ('alias for fp8_ds_mla'), head 512 (448 NoPE + 64 RoPE), block 256,
    // capability majors 9 and 10. fp8 and fp8_ds_mla become its 584 B record (fp8_ds_mla_v4 here).
    // Model-driven: the DeepSeek V4 model selects it (selection_vllm.cpp, architectures row).
    // DeepSeek V4 support is in v0.20.0 ('Initial DeepSeek V4 support landed (#40860)', its notes);
    // whether that release already had this class name is not established (v0.23.0 notes name the
    // decoupled V4 sparse MLA metadata, #44699), so releases before v0.23.0 get a warning.
    {.engine = Engine::vllm, .name = "FLASHMLA_SPARSE_DSV4", .platforms = "cuda", .attention = "sparse-mla",
     .kv_cache_dtypes = "auto fp8 fp8_ds_mla", .model_dtypes = "bfloat16",
     .min_cc = 90, .max_cc = 109, .head_sizes = "512", .block_sizes = "256",
     .q_policy = model_dtype, .q_strict = true, .kv_declared = element_or_bytes, .fp8_path = hardware,
     .canonicalizes = "fp8 fp8_ds_mla", .canonical_kv = "fp8_ds_mla_v4",
     .notes = "DeepSeek V4 sparse MLA (FlashMLA), wired by the DeepseekV4ForCausalLM model; fp8 -> its 584 B fp8_ds_mla record; SM90 and SM100 families",
     .source = "vllm/models/deepseek_v4/sparse_mla.py (DeepseekV4FlashMLABackend: supported_kv_cache_dtypes, get_supported_head_sizes, get_supported_kernel_block_sizes, supports_compute_capability, get_kv_cache_shape); vllm-project/vllm#40860, #44699",
     .introduced_in = "0.23.0", .absent_in = "0.19.1"},

    // =========================== sparse attention of MiniMax-M3 (model-driven) ================
    // vllm-project/vllm#45381 (merged 2026-06-16) adds the enum and MiniMaxM3SparseBackend; the v0.24.0
    // notes list "MiniMax-M3: Added support (#45381)", v0.23.0's say it is not yet supported. Its
    // supported_kv_cache_dtypes has no "auto" (same at 0a1c5034f, 0055b8bfa and main of 2026-08-06):
    // whether an auto cache passes the check there was not read, so auto is coverage not established.
    {.engine = Engine::vllm, .name = "MINIMAX_M3_SPARSE", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "bfloat16 fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16",
     .head_sizes = "128", .block_sizes = "128",
     .notes = "MiniMax-M3 sparse attention, wired by the model (no automatic selection); no compute capability limit declared; ROCm not established",
     .source = "vllm/models/minimax_m3/common/sparse_attention.py (MiniMaxM3SparseBackend); vllm/v1/attention/backends/registry.py; vllm-project/vllm#45381",
     .introduced_in = "0.24.0", .absent_in = "0.23.0",
     .kv_cache_dtypes_unknown = "auto", .coverage_unknown = "whether MINIMAX_M3_SPARSE takes an auto kv cache (its list names bfloat16 fp8 fp8_e4m3 fp8_e5m2 only)"},
    // vllm-project/vllm#50032 (merged 2026-08-02; listed in the v0.27.0 notes) adds both names. They are
    // switches, not attention backends of their own: AttentionConfig maps them to
    // minimax_m3_msa_decode_backend (cutlass / triton) and clears the backend, so the MiniMax-M3 sparse
    // layers use them and other layers select as usual (vllm/config/attention.py @main 2026-08-06).
    // Their classes inherit MiniMaxM3SparseBackend's lists.
    {.engine = Engine::vllm, .name = "CUTLASS_MSA", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "bfloat16 fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16",
     .head_sizes = "128", .block_sizes = "128",
     .notes = "MiniMax-M3 MSA decode switch: the CUTLASS decode runs only on the SM100 family with fp8/fp8_e4m3, page 128 and top-k 16, else the Triton path runs",
     .source = "vllm/models/minimax_m3/nvidia/sparse_attention_msa.py (MiniMaxM3SparseCutlassBackend), msa_cutlass_sparse_decode.py; vllm/config/attention.py; vllm-project/vllm#50032",
     .introduced_in = "0.27.0", .absent_in = "0.26.0",
     .kv_cache_dtypes_unknown = "auto", .coverage_unknown = "whether CUTLASS_MSA takes an auto kv cache (its list names bfloat16 fp8 fp8_e4m3 fp8_e5m2 only)"},
    {.engine = Engine::vllm, .name = "TRITON_MSA", .platforms = "cuda", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "bfloat16 fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16",
     .head_sizes = "128", .block_sizes = "128",
     .notes = "MiniMax-M3 MSA decode switch (Triton sparse decode); other layers select their backend as usual",
     .source = "vllm/models/minimax_m3/nvidia/sparse_attention_msa.py (MiniMaxM3SparseTritonBackend); vllm/config/attention.py; vllm-project/vllm#50032",
     .introduced_in = "0.27.0", .absent_in = "0.26.0",
     .kv_cache_dtypes_unknown = "auto", .coverage_unknown = "whether TRITON_MSA takes an auto kv cache (its list names bfloat16 fp8 fp8_e4m3 fp8_e5m2 only)"},

    // =========================== ROCm, sparse MLA =============================================
    // The forward quantizes Q to the platform fp8 itself when the cache is fp8.
    {.engine = Engine::vllm, .name = "ROCM_AITER_MLA_SPARSE", .platforms = "rocm",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .block_sizes = "1 64", .q_policy = kv_format, .q_strict = true, .kv_declared = element,
     .fp8_path = hardware, .fp8_as = "platform_fp8_e4m3",
     .notes = "only ROCm sparse MLA backend; its metadata builder sizes decode work with the model-dtype Q even for fp8 (same pattern as the pre-#47276 dense bug; not shown harmful)",
     .source = "vllm/v1/attention/backends/mla/rocm_aiter_mla_sparse.py (ROCMAiterMLASparseBackend); vllm/platforms/rocm.py _get_backend_priorities (sparse)"},
    // DeepSeek-V4 on ROCm (vllm-project/vllm#43827, merged 2026-06-04; v0.23.0 notes list it). Class
    // DeepseekV4ROCMAiterMLASparseBackend in vllm/models/deepseek_v4/amd/rocm.py inherits its lists: at
    // b5235fca2 (v0.23 era) auto bfloat16 fp8_ds_mla fp8; on main of 2026-08-06 auto fp8_ds_mla fp8.
    // The release that dropped bfloat16 is not established. Gate: capability major 9 or 10.
    {.engine = Engine::vllm, .name = "ROCM_FLASHMLA_SPARSE_DSV4", .platforms = "rocm",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto bfloat16 fp8 fp8_ds_mla", .model_dtypes = "bfloat16",
     .min_cc = 90, .max_cc = 109, .head_sizes = "512", .block_sizes = "256",
     .q_policy = model_dtype, .kv_declared = element_or_bytes, .fp8_path = hardware,
     .notes = "DeepSeek-V4 sparse MLA on ROCm, hardwired by the ROCm DeepSeek-V4 model (no automatic selection)",
     .source = "vllm/models/deepseek_v4/amd/rocm.py (DeepseekV4ROCMAiterMLASparseBackend), vllm/models/deepseek_v4/sparse_mla.py; vllm-project/vllm#43827",
     .introduced_in = "0.23.0", .absent_in = "0.22.1",
     .kv_cache_dtypes_unknown = "bfloat16",
     .coverage_unknown = "whether ROCM_FLASHMLA_SPARSE_DSV4 still takes bfloat16 in this release (v0.23-era source lists it, main of 2026-08-06 does not)"},

    // =========================== Intel XPU (issue 28, session 41) ===============================
    // vLLM's in-tree XPU platform sends every non-MLA decoder layer to FlashAttentionBackend (the
    // same FLASH_ATTN class as CUDA, with vllm-xpu-kernels' flash_attn_varlen_func behind fa_utils;
    // IPEX's before the kernel migration of RFC #33214). kvdtype names it XPU_FLASH_ATTN because
    // its facts differ from the CUDA row: XPUPlatform.get_attn_backend_cls returns the class path
    // without validate_configuration, so supports_kv_cache_dtype and the head-size list are never
    // consulted there; what refuses is FlashAttentionImpl.__init__ ('FlashAttention does not
    // support fp8 kv-cache on this device' while fa_utils.flash_attn_supports_fp8() is false, which
    // it was on XPU -- FA version 2 -- until #37731 made it true on XPU, merged 2026-04-12) and
    // get_fp8_dtype_for_flashattn, which knows fp8/fp8_e4m3 only (fp8_e5m2 raises 'Unrecognized FP8
    // dtype' when the first metadata is built). XPUPlatform.fp8_dtype() is float8_e4m3fn; the Xe
    // GPUs have no fp8 instructions, the vllm-xpu-kernels paged decode/chunked prefill dequantize a
    // per-tensor-scaled fp8 cache (vllm-xpu-kernels #128, #357), and Q stays 16-bit
    // (flash_attn_supports_quant_query_input() is false on XPU; #39676).
    {.engine = Engine::vllm, .name = "XPU_FLASH_ATTN", .platforms = "sycl", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto float16 bfloat16 fp8 fp8_e4m3", .model_dtypes = "float16 bfloat16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "vLLM's FLASH_ATTN on Intel XPU (vllm-xpu-kernels; registered as FLASH_ATTN: --attention-backend FLASH_ATTN "
              "means the CUDA row here); fp8/fp8_e4m3 from v0.20.0 (#37731), per-tensor scales, Q not quantized; "
              "float32 models go to TRITON_ATTN (not modelled); head sizes are not validated on XPU",
     .source = "vllm/platforms/xpu.py get_attn_backend_cls (FLASH_ATTN by default, no validation) and fp8_dtype; "
               "vllm/v1/attention/backends/fa_utils.py (is_xpu: flash_attn_supports_fp8 True, flash_attn_supports_quant_query_input False) "
               "and flash_attn.py (FlashAttentionImpl.__init__ fp8 refusal, get_fp8_dtype_for_flashattn); "
               "vllm-project/vllm#37731 (merged 2026-04-12, sha 639402f5a24a), #19560 (V1 on XPU with FLASH_ATTN, merged 2025-06-26)",
     // #19560 merged 2025-06-26: after v0.9.1 (06-10), in v0.10.0 (07-24); v0.9.2 (07-08) not established.
     .introduced_in = "0.10.0", .absent_in = "0.9.1",
     // #37731 merged 2026-04-12: after v0.19.0 (04-03), before #38479 (04-15), which is first
     // released in v0.20.0; the v0.19.1 patch release (04-18) is not established either way.
     .kv_cache_dtypes_since = "fp8:0.19.0..0.20.0 fp8_e4m3:0.19.0..0.20.0",
     // turboquant_* never reach FLASH_ATTN on XPU: get_attn_backend_cls sends them to the TurboQuant
     // backend before anything else, from the release that added the strings (with #38479, v0.20.0;
     // session 45, cache_dtypes_vllm.cpp). kvdtype does not model TURBOQUANT on sycl: that its
     // Triton kernels (fp8e4nv keys for turboquant_k8v4) serve on every Intel GPU is not established
     // (run on an Arc Pro B70 only: bryanvine/turboquant-xpu, vllm-xpu-kernels#271). So an XPU check
     // of these strings stays incomplete here, neither accepted nor refused.
     .kv_cache_dtypes_unknown = "turboquant_k8v4 turboquant_4bit_nc turboquant_k3v4_nc turboquant_3bit_nc",
     .coverage_unknown = "whether vLLM's TurboQuant backend, to which xpu.py sends every turboquant_* string (with #38479, v0.20.0), serves on this Intel GPU (seen on an Arc Pro B70 only)"},

    // =========================== out-of-tree platforms (TGT, session 39) =========================
    // Plugins that register their own platform and attention backends. Their releases follow the
    // plugin's own tags, not vLLM's, so no release range is given; the rows state what every
    // stored version of the plugin does.
    //
    // vllm-ascend: NPUPlatform.get_attn_backend_cls returns AscendAttentionBackend for every
    // non-MLA model and AscendMLABackend for MLA, whatever the kv-cache string; no fp8 cache path
    // exists on Atlas A2/A3 (the NPUs kvdtype knows), so fp8 strings pass the parser and fail in
    // the forward pass. The cache is allocated in the model dtype for auto; whether an explicit
    // float16/bfloat16 string is honoured is not established.
    {.engine = Engine::vllm, .name = "ASCEND", .aliases = "CUSTOM", .platforms = "cann",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto", .model_dtypes = "float16 bfloat16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "vllm-ascend (torch_npu attention); registered as CUSTOM/'ASCEND'; no fp8 cache on Atlas A2/A3 "
              "(crashes in the forward pass: vllm-ascend#8102, maintainer 'FP8 is not support in A3')",
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py get_attn_backend_cls; "
               "vllm_ascend/attention/attention_v1.py AscendAttentionBackend (@register_backend(CUSTOM, 'ASCEND')); "
               "vllm-project/vllm-ascend#8102",
     .kv_cache_dtypes_unknown = "float16 bfloat16",
     .coverage_unknown = "whether vllm-ascend honours an explicit 16-bit --kv-cache-dtype string"},
    {.engine = Engine::vllm, .name = "ASCEND_MLA", .platforms = "cann", .attention = "mla",
     .kv_cache_dtypes = "auto", .model_dtypes = "float16 bfloat16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "vllm-ascend MLA (DeepSeek); no fp8 cache on Atlas A2/A3",
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py get_attn_backend_cls (use_mla -> "
               "vllm_ascend.attention.mla_v1.AscendMLABackend); vllm-project/vllm-ascend#8102",
     .kv_cache_dtypes_unknown = "float16 bfloat16",
     .coverage_unknown = "whether vllm-ascend honours an explicit 16-bit --kv-cache-dtype string"},
    // vllm-ascend's sparse flash attention for models with a lightning indexer (DeepSeek V3.2 and
    // kin, config index_topk), from vllm-ascend v0.11.0rc1 (#3432, built against vLLM 0.11.0). Its
    // platform hook writes the model dtype's name over the cache dtype of every such model
    // (NPUPlatform.check_and_update_config: cache_dtype = str(model dtype)), so whatever
    // --kv-cache-dtype says, the cache is 16-bit: every string is rewritten into auto here, and the
    // quantized ones are a silent substitution (constraints_vllm.cpp, KVD102). On the 310P
    // get_attn_backend_cls returns its dense 310 backend for MLA and SFA alike (no MLA/SFA there,
    // backend_map_310); kvdtype's cann targets carry no capability, so that case is not told apart.
    {.engine = Engine::vllm, .name = "ASCEND_SFA", .platforms = "cann", .attention = "sparse-mla",
     .kv_cache_dtypes = "auto bfloat16 float16 fp8 fp8_e4m3 fp8_e5m2 fp8_inc fp8_ds_mla", .model_dtypes = "float16 bfloat16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .canonicalizes = "bfloat16 float16 fp8 fp8_e4m3 fp8_e5m2 fp8_inc fp8_ds_mla", .canonical_kv = "auto",
     .notes = "vllm-ascend sparse flash attention (DeepSeek V3.2); the platform replaces the cache dtype of an index_topk model by the model dtype; kernel block 128",
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py get_attn_backend_cls ((use_mla, use_sparse) -> "
               "vllm_ascend.attention.sfa_v1.AscendSFABackend, get_name 'ASCEND_SFA') and check_and_update_config "
               "(hasattr(hf_text_config, 'index_topk') -> cache_dtype = str(model_config.dtype)) @v0.17.0rc1; #3432 (v0.11.0rc1)",
     .introduced_in = "0.11.0"},
    // tpu-inference (vllm-tpu): TpuPlatform.get_attn_backend_cls forces its PallasAttentionBackend,
    // which it registers under vLLM's FLASH_ATTN name (any other requested backend is logged and
    // replaced). The impl quantizes K/V to to_jax_dtype(kv_cache_dtype); the TPU dtype map names
    // bfloat16, fp8 (e4m3fn), fp8_e4m3 and fp8_e5m2. Every generation stores 'fp8' as e4m3fn:
    // the runner's kv_cache_dtype is to_torch_dtype('fp8') = float8_e4m3fn, kv_cache_manager
    // builds every attention spec from it and initialize_kv_cache allocates each layer in
    // t2j_dtype(spec.dtype) (v0.20.0 to v0.27.0 tags); TpuPlatform.fp8_dtype (e5m2 on v6e since
    // tpu-inference#1136) is called nowhere in tpu_inference. tpu-inference#3126 measured no
    // capacity gain from fp8 on v5e (Gemma 2B, 0.24.0) and read it as a bf16 allocation; the
    // cause is the RPA v3 page layout (packs_kv_heads): a rank's 2 x KV heads are padded to
    // 32 / bits, so with Gemma 2B's one KV head an fp8 token takes 4 one-byte slots per lane, as
    // many bytes as 2 bf16 slots -- KVD106, not a substituted element (session 45, helper TS).
    {.engine = Engine::vllm, .name = "PALLAS", .aliases = "PALLAS_VLLM_V1", .platforms = "tpu",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bfloat16 fp8 fp8_e4m3 fp8_e5m2", .model_dtypes = "float16 bfloat16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .packs_kv_heads = true,
     .notes = "tpu-inference's Pallas ragged paged attention (RPA v3), registered as FLASH_ATTN on TPU (kvdtype "
              "names it PALLAS: --attention-backend FLASH_ATTN means the CUDA row here); head size padded to 128; "
              "K and V heads packed into 32-bit words; fp8 stores are a JAX cast (quantize_kv), not a hardware path",
     .source = "vllm-project/tpu-inference tpu_inference/platforms/tpu_platform.py (get_attn_backend_cls, fp8_dtype); "
               "tpu_inference/layers/vllm/backends/flash_attn.py (PallasAttentionBackend, quantize_kv); "
               "tpu_inference/utils.py to_jax_dtype / to_torch_dtype, runner/tpu_runner.py kv_cache_dtype, "
               "runner/kv_cache_manager.py initialize_kv_cache, kernels/ragged_paged_attention/v3 get_kv_cache_shape "
               "@v0.24.0 (same v0.20.0 to v0.27.0); tpu-inference#1136, #3126"},
};
static_assert(closed_words_known(kRows), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const Backend> vllm_backends() noexcept { return kRows; }

}  // namespace kvdtype::tables
