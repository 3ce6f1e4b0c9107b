// SGLang's attention backends (--attention-backend, and the same names for
// --prefill-attention-backend / --decode-attention-backend), spelled as SGLang spells them.
//
// kvdtype models one backend for both phases. Where SGLang lets prefill and decode differ, the
// row describes the backend used for both; split-phase facts are in the notes.
//
// Read from sgl-project/sglang main (2026) unless a row says otherwise:
//   python/sglang/srt/arg_groups/choices.py            ATTENTION_BACKEND_CHOICES @0099dee6
//   python/sglang/srt/layers/attention/attention_registry.py   per-backend construction checks
//   python/sglang/srt/arg_groups/overrides.py          _mla_backend_page_constraints,
//                                                      _mla_kv_cache_dtype_checks,
//                                                      _cutedsl_prefill_backend_fill,
//                                                      _attention_backend_fa3_fp8_fallback
//   python/sglang/srt/arg_groups/attention_hook.py     trtllm_mha checks @03a70bf3
//   python/sglang/srt/arg_groups/kv_cache_hook.py      KV4 backend lists, mxfp8
//   python/sglang/srt/utils/common.py                  is_sm100_supported (major 10),
//                                                      is_sm120_supported (major 12),
//                                                      is_blackwell_supported (either)
//   docs/advanced_features/attention_backend.md        MHA / MLA support matrices
//
// Page sizes: SGLang *rewrites* --page-size for flashmla (64), cutlass_mla (128), trtllm_mla,
// tokenspeed_mla and cutedsl_mla (32 or 64, else 64), trtllm_mha (16/32/64, else 64) and fa4 MHA on
// SM10x (128) instead of refusing, so those rows leave block_sizes empty (a refusal would be
// wrong) and say it in the notes. hpc_ops refuses any page size but 64, so its row lists it.
//
// Capability ranges are the engine's own gates (×10). is_blackwell_supported() is "major 10 or 12",
// so sm_110 lies inside 100..121 but is refused; constraints_sglang.cpp carries that gap.
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum QPolicy;
using enum KvDeclared;
using enum Fp8Path;

constexpr Backend kSglangBackends[] = {
    // ---- CUDA, MHA and MLA ------------------------------------------------------------------
    {.engine = Engine::sglang, .name = "flashinfer",
     .platforms = "cuda",
     .attention = "mha gqa mqa mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 fp8_e5m2 nvfp4 fp4_mx_block16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = software,
     .notes = "MLA models get FlashInferMLAAttnBackend. Q stays in the model dtype and kv_data_type is "
              "the cache dtype (FA2 dequantizes fp8 in software, so sm80 works). MLA + fp8 works by "
              "casting the whole per-layer pool to bf16 every layer (#35291). KV4 only for MLA "
              "(FP4 MLA); the MHA path is not in SGLang's KV4 list. Default on non-Hopper CUDA for MHA.",
     .source = "sglang layers/attention/attention_registry.py (flashinfer -> FlashInferMLAAttnBackend for MLA); "
               "arg_groups/kv_cache_hook.py KV4_ATTENTION_MLA_BACKEND_CHOICES; sgl-project/sglang#1204, #35291, #35322; "
               "docs/advanced_features/attention_backend.md"},

    {.engine = Engine::sglang, .name = "fa3",
     .platforms = "cuda",
     .attention = "mha gqa mqa mla",
     // fp8_e5m2 is accepted by the parser and then silently swapped for triton (KVD060 row).
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 fp8_e5m2",
     .min_cc = 80, .max_cc = 90,
     .q_policy = kv_format, .q_kv_format_max_head_size = 256, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "Construction asserts (major 8 and not MLA) or major 9: 'FlashAttention v3 Backend requires "
              "SM>=80 and SM<=90'. With any explicit kv string (not auto) and head_dim<=256 SGLang casts Q "
              "(and q_rope/k_rope) to the cache dtype, as the kernel needs equal Q/K dtypes; fp8 only on "
              "sm90 and only e4m3. MLA (head 576) is not cast: its fp8 pool is dequantized to bf16 and Q "
              "stays bf16, hence q_strict=false. Default for Hopper (CUDA>=12.3) MHA and MLA.",
     .source = "sglang layers/attention/attention_registry.py create_flashattention_v3_backend; "
               "layers/attention/flashattention_backend.py (kv_cache_dtype_str != 'auto' and head_dim <= 256 "
               "and fa_impl_ver != 4 -> q.to(kv_cache_dtype)); Dao-AILab/flash-attention hopper/flash_api.cpp"},

    {.engine = Engine::sglang, .name = "fa4",
     .platforms = "cuda",
     .attention = "mha gqa mqa mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 mxfp8",
     .q_policy = model_dtype, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashAttention 4 (CuTe DSL). SGLang does not cast Q for fa4 ('fa4 does not currently support "
              "fp8 queries and keys'); the only quantized cache it reads alone is mxfp8 (models that "
              "quantize Q to MXFP8 themselves). KV4 only as --prefill-attention-backend fa4 with a KV4 "
              "decode backend (MLA: cutlass_mla/flashinfer/trtllm_mla; MHA: triton/torch_native/"
              "flex_attention). Page size forced to 128 for MHA on SM10x. Capability range not verified.",
     .source = "sglang layers/attention/flashattention_backend.py (fa_impl_ver=4); arg_groups/fields/memory.py "
               "kv_cache_dtype help; arg_groups/kv_cache_hook.py handle_kv4_compatibility; "
               "arg_groups/overrides.py _fa4_page_constraint"},

    {.engine = Engine::sglang, .name = "triton",
     .platforms = "cuda rocm",
     .attention = "mha gqa mqa mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 fp8_e5m2 nvfp4 fp4_mx_block16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = triton,
     .notes = "Triton kernels load the fp8 cache as its element type, so e4m3 needs fp8e4nv (sm89+); e5m2 "
              "works on sm80 and is where SGLang sends fa3 + fp8_e5m2. The docs matrix marks FP8 'no' "
              "(no fused scaled path) but the backend runs it (#1401). KV4 only for MHA. Refuses "
              "encoder-decoder cross attention. Default for MLA off Hopper/Blackwell and on ROCm for "
              "MLA with heads/rank other than 16 or 128.",
     .source = "sglang layers/attention/attention_registry.py create_triton_backend; arg_groups/kv_cache_hook.py "
               "KV4_ATTENTION_MHA_BACKEND_CHOICES; sgl-project/sglang#1401; docs/advanced_features/attention_backend.md"},

    {.engine = Engine::sglang, .name = "torch_native",
     .platforms = "cuda rocm cpu",
     .attention = "mha gqa mqa mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 nvfp4 fp4_mx_block16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = software,
     .notes = "PyTorch SDPA; disables CUDA graphs. FP4 KV 'yes' (MHA) in the docs matrix. fp8_e4m3 since "
              "#12596: K and V are cast to Q's dtype before SDPA (the docs matrix's FP8 'no' predates it); "
              "before it SDPA refused the mixed dtypes. CPU fallback when Intel AMX is missing.",
     .source = "sglang docs/advanced_features/attention_backend.md MHA matrix; arg_groups/attention_hook.py; "
               "arg_groups/overrides.py _attention_backend_platform_fallbacks; arg_groups/kv_cache_hook.py; "
               "sgl-project/sglang#12596 (merged 2025-11-04: cast per_req_key/value to the query dtype)",
     // #12596 merged 2025-11-04, the day of the 0.5.4.post3 bump commit (09938e1f8): whether that
     // post release has it is not established. 0.5.5 was still tagged from main after it.
     .kv_cache_dtypes_since = "fp8_e4m3:0.5.4.post2..0.5.5"},

    {.engine = Engine::sglang, .name = "flex_attention",
     .platforms = "cuda rocm",
     .attention = "mha gqa mqa mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 nvfp4 fp4_mx_block16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = software,
     .notes = "PyTorch FlexAttention; disables CUDA graphs, no speculative decoding. FP8 KV 'no', "
              "FP4 KV 'yes' (MHA) in the docs matrix.",
     .source = "sglang docs/advanced_features/attention_backend.md MHA matrix; arg_groups/attention_hook.py; "
               "arg_groups/kv_cache_hook.py"},

    {.engine = Engine::sglang, .name = "trtllm_mha",
     .platforms = "cuda",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 nvfp4 fp4_mx_block16",
     .min_cc = 90, .max_cc = 121,
     .q_policy = kv_format, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashInfer TRT-LLM kernels. Refuses MLA models. Prefill and decode need SM90, SM10x or SM12x; "
              "SM120 prefill (FMHAv2) refuses fp8_e4m3; prefill context parallelism needs SM100. With fp8 "
              "KV SGLang casts Q to fp8 (#12307). Page size 16/32/64 (else forced to 64); speculative "
              "topk<=1 only. Default for MHA on SM10x.",
     .source = "sglang arg_groups/attention_hook.py (trtllm_mha checks) @03a70bf3; "
               "layers/attention/attention_registry.py create_trtllm_mha_backend; sgl-project/sglang#12307, #21601"},

    {.engine = Engine::sglang, .name = "dual_chunk_flash_attn",
     .platforms = "cuda",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bf16 bfloat16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = software,
     .notes = "Dual-chunk FlashAttention for long-context Qwen2.5-1M; FP8 and FP4 KV 'no' in the docs "
              "matrix. Disables mixed chunk and radix cache.",
     .source = "sglang docs/advanced_features/attention_backend.md MHA matrix; arg_groups/attention_hook.py"},

    {.engine = Engine::sglang, .name = "hpc_ops",
     .platforms = "cuda",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3",
     .model_dtypes = "bfloat16",
     .min_cc = 90, .max_cc = 90,
     .block_sizes = "64",
     .q_policy = kv_format, .q_strict = true,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "Tencent HPC-Ops, Hopper only. Raises unless the cache is bf16 or float8_e4m3fn and "
              "--page-size is 64; also a fixed head_dim and GQA group sizes. The fp8 path needs per-token-"
              "per-head fp8 Q from a model-side fused op (HunYuan V3); older versions were bf16-only.",
     .source = "sglang arg_groups/choices.py comment (SM90 only, --page-size 64); "
               "layers/attention/hpc_ops backend __init__ checks"},

    // ---- CUDA, MLA only ---------------------------------------------------------------------
    {.engine = Engine::sglang, .name = "flashmla",
     .platforms = "cuda",
     .attention = "mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3",
     .min_cc = 90,
     .q_policy = kv_format, .q_strict = true,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashMLA dense decode (SM90a upstream). With fp8 KV SGLang casts Q to fp8 as well. "
              "fp8_e5m2 is not refused by SGLang but FlashMLA's fp8 kernel is e4m3; kvdtype leaves it out. "
              "Page size forced to 64. DSA (sparse) models must use dsa, not flashmla (#14691).",
     .source = "sglang arg_groups/overrides.py _mla_backend_page_constraints; sgl-project/sglang#6109 "
               "(FlashMLA fp8 KV), #12307 (flashmla casts q to the fp8 kv dtype), #14691"},

    {.engine = Engine::sglang, .name = "cutlass_mla",
     .platforms = "cuda",
     .attention = "mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 nvfp4 fp4_mx_block16",
     .min_cc = 100, .max_cc = 100,
     .q_policy = kv_format, .q_strict = true,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "sgl-kernel cutlass_mla_decode: kernel type chosen from the Q dtype (fp16, bf16, "
              "float8_e4m3fn), so an fp8 cache needs an fp8 Q; exactly sm_version 100 (SM103 excluded). "
              "Page size forced to 128. The cutlass_mla_backend.py version read casts Q to the model "
              "dtype, which does not match an fp8 cache (unverified at runtime).",
     .source = "sglang sgl-kernel csrc/attention/cutlass_mla_kernel.cu (dispatch on q dtype); "
               "layers/attention/cutlass_mla_backend.py @08cf5efb; arg_groups/kv_cache_hook.py KV4 MLA list; "
               "SM100-only gate per reference sheet engines.md §7.4"},

    {.engine = Engine::sglang, .name = "trtllm_mla",
     .platforms = "cuda",
     .attention = "mla",
     .kv_cache_dtypes = "auto bf16 fp8_e4m3 fp4_e2m1",
     .min_cc = 100, .max_cc = 121,
     .q_policy = kv_format, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "FlashInfer TRT-LLM MLA decode; prefill falls back to FlashInfer MLA. Blackwell only "
              "(SM10x/SM12x). SGLang's own check accepts exactly fp8_e4m3, fp4_e2m1, bf16, auto: "
              "'bfloat16', 'nvfp4' and 'fp4_mx_block16' are refused (although the KV4 check lists "
              "trtllm_mla), and fp4_e2m1 is itself deprecated. Page size 32/64 (else 64). Default for "
              "DeepSeek-V3-family MLA models on SM10x.",
     .source = "sglang arg_groups/overrides.py _mla_kv_cache_dtype_checks; layers/attention/attention_registry.py "
               "create_trtllm_mla_backend; arg_groups/model_overrides/deepseek_v2.py @0bc64389"},

    {.engine = Engine::sglang, .name = "tokenspeed_mla",
     .platforms = "cuda",
     .attention = "mla",
     .kv_cache_dtypes = "fp8_e4m3",
     .min_cc = 100, .max_cc = 121,
     .q_policy = kv_format, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "Blackwell only (SM10x/SM12x); requires --kv-cache-dtype fp8_e4m3 (auto fails, #28201). "
              "Page size 32/64 (else 64).",
     .source = "sglang arg_groups/overrides.py _mla_kv_cache_dtype_checks, _mla_backend_page_constraints; "
               "sgl-project/sglang#28201"},

    {.engine = Engine::sglang, .name = "cutedsl_mla",
     .platforms = "cuda",
     .attention = "mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3",
     .min_cc = 100, .max_cc = 109,
     .q_policy = kv_format, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "CuTe-DSL MLA, decode only ('CuteDSL MLA only supports decoding for now'); prefill defaults to "
              "trtllm_mla. SM10x only. Page size 32/64 (else 64).",
     .source = "sglang arg_groups/overrides.py _cutedsl_prefill_backend_fill, _mla_backend_page_constraints"},

    // ---- DeepSeek sparse attention ----------------------------------------------------------
    {.engine = Engine::sglang, .name = "dsa", .aliases = "nsa",
     .platforms = "cuda rocm",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3",
     .min_cc = 90,
     .q_policy = model_dtype, .q_strict = false,
     .kv_declared = element_or_bytes, .fp8_path = hardware,
     .canonicalizes = "fp8_e4m3", .canonical_kv = "fp8_ds_mla",
     // calculate_mla_kv_cache_dim (mem_cache/kv_cache_configurator.py; model_runner_kv_cache_mixin.py
     // before) returns kv_lora_rank + qk_rope_head_dim, the plain latent, when the DSA prefill or decode
     // backend is trtllm: with fp8_e4m3 that is 576 fp8 bytes, rope included (sgl-project/sglang#20163
     // quotes it @2ef00383, March 2026). Only a named sub-backend is modelled: the automatic choice
     // (trtllm for fp8 on SM>=100 in v0.5.20's log, sgl-project/sglang#40286) has no release bound here.
     .canonical_unless_dsa = "trtllm",
     .notes = "DeepSeek V3.2 / GLM-5 style DSA (nsa is the deprecated alias); forced for DSA models when no "
              "backend is set. fp8_e4m3 is the FlashMLA 'FP8 with scale' 656-byte record (uint8 pool); "
              "auto becomes fp8_e4m3 on SM>=100 else bfloat16. Split DSA kernels: Hopper fp8 -> "
              "flashmla_kv, Blackwell fp8 -> trtllm, bf16 -> flashmla_sparse + fa3/trtllm, ROCm -> tilelang; "
              "none of the CUDA ones runs below SM90 (FlashMLA sparse: SM90a/SM100f), hence min_cc 90.",
     .source = "sglang arg_groups/choices.py; arg_groups/model_overrides/deepseek_v2.py @0bc64389; "
               "arg_groups/overrides.py _dsa_kv_cache_dtype_default, _dsa_split_backend_resolution"},

    {.engine = Engine::sglang, .name = "dsv4", .aliases = "compressed",
     .platforms = "cuda rocm",
     .attention = "sparse-mla",
     .kv_cache_dtypes = "auto bfloat16 fp8_e4m3",
     .min_cc = 90,
     .q_policy = model_dtype, .q_strict = false,
     .kv_declared = element_or_bytes, .fp8_path = hardware,
     // DeepSeek V4's own pass turns auto into fp8_e4m3 before the pool is built; dsv4 is the backend
     // SGLang forces for exactly that architecture, so the rewrite is this row's.
     .canonicalizes = "auto", .canonical_kv = "fp8_e4m3",
     .notes = "DeepSeek V4 (compressed is the deprecated alias); forced for V4 with page size 256. auto "
              "becomes fp8_e4m3 (bfloat16 on NPU only); the V4 check accepts only fp8_e4m3 and bfloat16 ('bf16' is not "
              "normalized there). Packed uint8 pool. CUDA sparse MLA is gated to SM90/SM10x/SM12x "
              "(sm80/sm89 fail, #40566 open).",
     .source = "sglang arg_groups/choices.py; arg_groups/overrides.py _deepseek_v4_kv_cache_dtype; "
               "sgl-project/sglang#24783, #40566; kvcache-ai/ktransformers#1978; deepseek-ai/FlashMLA#66"},

    // ---- ROCm -------------------------------------------------------------------------------
    {.engine = Engine::sglang, .name = "aiter",
     .platforms = "rocm",
     .attention = "mha gqa mqa mla",
     // fp8_e5m2 reaches AITER as the platform e4m3 (kv_cache_dtype.py maps both fp8 strings on HIP).
     .kv_cache_dtypes = "auto bf16 bfloat16 fp8_e4m3 fp8_e5m2",
     .q_policy = model_dtype, .q_strict = false,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "AMD AITER (asm/CK/Triton). fp8 KV is the platform e4m3 (fnuz on gfx942); paged kernels take "
              "'fp8_e4m3' only, which is why SGLang folds e5m2 into e4m3 on HIP. MLA kernel coverage "
              "depends on (q dtype, kv dtype, heads per KV head); SGLang only auto-selects aiter for "
              "MLA with 16 or 128 heads per rank. The docs matrix's FP8 'no' is outdated.",
     .source = "sglang layers/attention/aiter_backend.py (fp8_dtype paths, paged kv dtype helper); "
               "arg_groups/model_override_base.py get_default_attn_backend @00d56e2c; ROCm/aiter#2821"},

    {.engine = Engine::sglang, .name = "wave",
     .platforms = "rocm",
     .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bf16 bfloat16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = hardware,
     .notes = "AMD Wave kernels; no MLA, FP8 and FP4 KV 'no' in the docs matrix.",
     .source = "sglang docs/advanced_features/attention_backend.md MHA matrix; layers/attention/attention_registry.py"},

    // ---- CPU --------------------------------------------------------------------------------
    {.engine = Engine::sglang, .name = "intel_amx",
     .platforms = "cpu",
     .attention = "mha gqa mqa mla",
     .kv_cache_dtypes = "auto bf16 bfloat16",
     .q_policy = model_dtype, .q_strict = true,
     .kv_declared = element, .fp8_path = software,
     .notes = "Intel AMX CPU kernels; default on CPU, replaced by torch_native when the CPU has no AMX. "
              "FP8/FP4 KV 'no' in the docs matrix.",
     .source = "sglang arg_groups/overrides.py _attention_backend_platform_fallbacks; CPU platform "
               "configure_server_args (intel_amx if AMX else torch_native); docs/advanced_features/attention_backend.md"},

    // ---- sglang-jax on TPU (TGT, session 39) --------------------------------------------------
    // sgl-project/sglang-jax is SGLang's JAX port for TPUs: same --kv-cache-dtype choices in its
    // parser (auto fp8_e5m2 fp8_e4m3 bf16), but ModelRunner accepts only auto (the model dtype)
    // and bf16 when it sizes the memory pool and raises 'Unsupported kv_cache_dtype' for the rest,
    // whichever attention backend runs (fa: ragged paged attention, the default; native).
    {.engine = Engine::sglang, .name = "fa", .platforms = "tpu", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bf16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "sglang-jax's default TPU backend (Pallas ragged paged attention); the memory pool takes "
              "auto and bf16 only: fp8 strings raise ValueError at start-up (sglang-jax#646, TPU7x)",
     .source = "sgl-project/sglang-jax python/sgl_jax/srt/server_args.py (attention_backend = 'fa'; "
               "--kv-cache-dtype choices); python/sgl_jax/srt/model_executor/model_runner.py init_memory_pool "
               "and model_runner_kv_cache_mixin.py _init_kv_cache_dtype ('Unsupported kv_cache_dtype'); "
               "sgl-project/sglang-jax#646"},
    {.engine = Engine::sglang, .name = "native", .platforms = "tpu", .attention = "mha gqa mqa",
     .kv_cache_dtypes = "auto bf16",
     .q_policy = model_dtype, .kv_declared = element, .fp8_path = software,
     .notes = "sglang-jax's JAX reference attention; same memory-pool check as fa (auto and bf16 only)",
     .source = "sgl-project/sglang-jax python/sgl_jax/srt/server_args.py (--attention-backend native); "
               "model_runner_kv_cache_mixin.py _init_kv_cache_dtype"},
};
static_assert(closed_words_known(kSglangBackends), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const Backend> sglang_backends() noexcept { return kSglangBackends; }

}  // namespace kvdtype::tables
