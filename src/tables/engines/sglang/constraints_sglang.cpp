// SGLang's hard checks and known bugs as "this combination fires rule X" rows.
//
// Read from sgl-project/sglang main (2026):
//   python/sglang/srt/arg_groups/kv_cache_hook.py   handle_mxfp8_kv_cache_compatibility,
//                                                   handle_kv4_compatibility
//   python/sglang/srt/arg_groups/overrides.py       _attention_backend_fa3_fp8_fallback,
//                                                   _dsa_kv_cache_dtype_default, _mla_kv_cache_dtype_checks
//   python/sglang/srt/arg_groups/attention_hook.py  trtllm_mha checks @03a70bf3
//   python/sglang/srt/layers/attention/attention_registry.py  fa3 construction assert
//   python/sglang/srt/utils/common.py               is_sm100_supported = major 10,
//                                                   is_sm120_supported = major 12
// and the SGLang cases of shared/reference/failures_public.jsonl (KVF ids in the comments).
//
// fixed_in: the first SGLang release containing the fix, where it could be established from tags,
// bump PRs and release-branch points (each row says how; src/tables/engines/sglang/releases_sglang.cpp has the
// releases). Where it could not, fixed_in is empty and the fix PR is named. Known-bug rows never
// exclude a backend during selection (.selection = false), so that an unknown release does not
// turn a working default into "no backend".
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr Constraint kSglangConstraints[] = {
    // ---- silent substitution ----------------------------------------------------------------
    // Not a selection filter: SGLang keeps fa3 chosen and then swaps it, so fa3 must stay a
    // candidate for the substitution to happen.
    {.engine = Engine::sglang, .rule = "KVD060",
     .when = {.backends = "fa3", .kv_cache_dtypes = "fp8_e5m2"},
     .detail = "FlashAttention3 only supports fp8_e4m3 if using FP8; SGLang sets the attention backend to triton "
               "(only when --attention-backend resolves to fa3, the default on Hopper)",
     .selection = false, .replace_backend = "triton",
     .source = "sglang arg_groups/overrides.py _attention_backend_fa3_fp8_fallback"},

    // ---- the kv string on this target (request-level) -------------------------------------------
    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "nvfp4", .platforms = "cuda", .min_cc = 100, .max_cc = 129, .outside_cc = true},
     .detail = "--kv-cache-dtype=nvfp4 requires Blackwell SM100 or SM120 (use fp4_mx_block16 elsewhere)",
     .source = "sglang arg_groups/kv_cache_hook.py handle_kv4_compatibility (is_sm100_supported or is_sm120_supported)"},
    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "nvfp4", .platforms = "cuda", .min_cc = 110, .max_cc = 119},
     .detail = "--kv-cache-dtype=nvfp4 requires compute capability major 10 or 12; SM11x is neither",
     .source = "sglang arg_groups/kv_cache_hook.py handle_kv4_compatibility; utils/common.py is_sm100_supported, is_sm120_supported"},

    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "mxfp8", .platforms = "cuda", .min_cc = 100, .max_cc = 129, .outside_cc = true},
     .detail = "--kv-cache-dtype mxfp8 requires an SM100+ (Blackwell) GPU for the block-scaled operands of the FA4 "
               "MXFP8 path",
     .source = "sglang arg_groups/kv_cache_hook.py handle_mxfp8_kv_cache_compatibility (is_blackwell_supported)"},
    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "mxfp8", .platforms = "cuda", .min_cc = 110, .max_cc = 119},
     .detail = "the mxfp8 check accepts compute capability major 10 or 12 only (is_blackwell_supported); SM11x is refused",
     .source = "sglang arg_groups/kv_cache_hook.py handle_mxfp8_kv_cache_compatibility; utils/common.py is_blackwell_supported"},
    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "mxfp8", .platforms = "rocm cpu"},
     .detail = "--kv-cache-dtype mxfp8 requires an NVIDIA Blackwell GPU",
     .source = "sglang arg_groups/kv_cache_hook.py handle_mxfp8_kv_cache_compatibility"},

    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "nvfp4 fp4_mx_block16", .platforms = "rocm cpu"},
     .detail = "KV4 is not tested on non-CUDA platforms (RuntimeError)",
     .source = "sglang arg_groups/kv_cache_hook.py handle_kv4_compatibility"},

    // DeepSeek V3.2 / GLM-5 DSA: after the auto default, an assertion allows only bfloat16 or fp8_e4m3
    // (bf16 is normalized first). DeepSeek V4 allows the same pair (and not 'bf16', see backends row).
    {.engine = Engine::sglang, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "fp8_e5m2 mxfp8 nvfp4 fp4_mx_block16", .attention = "sparse-mla"},
     .detail = "DeepSeek DSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype (DeepSeek V4: fp8_e4m3 or bfloat16)",
     .source = "sglang arg_groups/overrides.py _dsa_kv_cache_dtype_default, _deepseek_v4_kv_cache_dtype"},

    // ---- backend x combination --------------------------------------------------------------
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "fa3", .attention = "mla", .platforms = "cuda", .max_cc = 89},
     .detail = "FlashAttention v3 Backend requires SM>=80 and SM<=90, and MLA models need SM90 "
               "(the constructor asserts major == 8 and not MLA, or major == 9)",
     .source = "sglang layers/attention/attention_registry.py create_flashattention_v3_backend"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "fa3", .k_formats = "float8_e4m3fn", .platforms = "cuda", .max_cc = 89},
     .detail = "SGLang keeps fa3 for fp8_e4m3 on Ampere/Ada, casts Q to fp8, and the kernel dies with "
               "'FlashAttention on Ampere/Ada cards only supports fp16 and bf16 data type' (CUDA graph capture)",
     .source = "Dao-AILab/flash-attention hopper/flash_api.cpp (major < 9: fp16/bf16 only); "
               "sglang arg_groups/overrides.py _attention_backend_fa3_fp8_fallback (e5m2 only)"},

    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "flashinfer", .kv_cache_dtypes = "nvfp4 fp4_mx_block16", .attention = "mha gqa mqa"},
     .detail = "KV4 MHA expects attention_backend to be one of triton, torch_native, flex_attention, trtllm_mha",
     .source = "sglang arg_groups/kv_cache_hook.py handle_kv4_compatibility (KV4_ATTENTION_MHA_BACKEND_CHOICES)"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "triton torch_native flex_attention", .kv_cache_dtypes = "nvfp4 fp4_mx_block16",
              .attention = "mla"},
     .detail = "KV4 MLA expects attention_backend to be one of cutlass_mla, flashinfer, trtllm_mla",
     .source = "sglang arg_groups/kv_cache_hook.py handle_kv4_compatibility (KV4_ATTENTION_MLA_BACKEND_CHOICES)"},

    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "trtllm_mha", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cuda", .min_cc = 120, .max_cc = 129},
     .detail = "TRTLLM FMHAv2 prefill on SM120 does not support fp8_e4m3 KV cache",
     .source = "sglang arg_groups/attention_hook.py handle_attention_backend_compatibility @03a70bf3"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "trtllm_mha trtllm_mla tokenspeed_mla", .platforms = "cuda", .min_cc = 110, .max_cc = 119},
     .detail = "these backends accept compute capability major 9/10/12 (trtllm_mha) or 10/12 (the MLA ones) only; "
               "SM11x is refused",
     .source = "sglang arg_groups/attention_hook.py (is_sm90/is_sm100/is_sm120); arg_groups/overrides.py "
               "_mla_kv_cache_dtype_checks (is_blackwell_supported)"},

    // The trtllm_mha gate of the 0.5.0 line accepted SM100 only: on SM120 (RTX 5090) SGLang raised
    // 'TRTLLM MHA backend is only supported on Blackwell GPUs (SM100)' (#9140, 2025-08-13). Main
    // @03a70bf3 accepts SM90/SM100/SM120 for prefill and decode; which release first did is not
    // established (#31959, open 2026-07-21, still met the SM100-only prefill gate on main), so only
    // 0.5.0 is certain and other releases get a warning.
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "trtllm_mha", .platforms = "cuda", .min_cc = 120, .max_cc = 129},
     .detail = "the trtllm_mha gate accepted SM100 only ('TRTLLM MHA backend is only supported on Blackwell GPUs (SM100)'); "
               "SM120 came later, in a release not established",
     .affected_in = "0.5.0",
     .selection = false,
     .source = "sgl-project/sglang#9140 (0.5.0 line, RTX 5090), #14842 (2025-12-10: 'TRTLLM MHA does not support SM120', "
               "auto-selection), #31959 (open); arg_groups/attention_hook.py @03a70bf3 (is_sm90/is_sm100/is_sm120)"},

    // torch_native's fp8_e4m3 (#12596: K/V cast to Q's dtype before SDPA) was added and tested for
    // CUDA. On CPU SGLang runs intel_amx whenever the CPU has AMX, which reads no fp8 cache, and the
    // torch_native fp8 path there was not shown: kvdtype keeps refusing it on CPU (fail closed).
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "torch_native", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cpu"},
     .detail = "torch_native's fp8_e4m3 path (#12596) was added and tested on CUDA only, and on CPUs with AMX SGLang "
               "runs intel_amx, which reads no fp8 cache",
     .source = "sgl-project/sglang#12596 (CUDA); CPU platform configure_server_args (intel_amx if AMX); "
               "docs/advanced_features/attention_backend.md (FP8 KV 'no' for the CPU backends)"},

    // ---- known bugs (failures_public.jsonl) ---------------------------------------------------
    // KVF-028, sgl-project/sglang#5651: FA3 + MLA (DeepSeek, W8A8 FP8) + fp8 KV died in CUDA graph
    // capture (type mismatch, then a second error). Fixed by #7148 (adds TestMLADeepseekV3Fa3Fp8Kvcache);
    // today fa3 serves MLA + fp8 by dequantizing the pool (#35291). #7148 merged 2025-06-25T09:14Z;
    // SGLang tagged from main through bump PRs then: "chore: bump v0.4.8.post1" (#7559) was opened
    // 06-26, after the merge, so v0.4.8.post1 has it. Whether v0.4.8 (bump #7493 opened 06-24, merge
    // time not found) has it is not established: v0.4.8 gets a warning.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "fa3", .attention = "mla", .k_formats = "float8_e4m3fn"},
     .detail = "FA3 + MLA + fp8 KV failed during CUDA graph capture (dtype mismatch) before #7148",
     .fixed_in = "0.4.8.post1", .fix_pr = "sgl-project/sglang#7148",
     .selection = false,
     .source = "sgl-project/sglang#5651, fix sgl-project/sglang#7148; sgl-project/sglang#35291 (works, slow)"},

    // KVF-027, sgl-project/sglang#5700 (open when read): QwQ-32B w8a8_fp8 + fp8_e4m3 on fa3 gave nonsense
    // while flashinfer was coherent; reporter points at the missing q descale (Q is cast straight to
    // fp8, q_descale stays 1). No fix found; the cast-without-scale is unchanged in the code read.
    {.engine = Engine::sglang, .rule = "KVD071",
     .when = {.backends = "fa3", .attention = "mha gqa mqa", .k_formats = "float8_e4m3fn"},
     .detail = "FA3 with an fp8_e4m3 cache casts Q to fp8 without a Q scale; nonsense output was reported "
               "(QwQ-32B, #5700) where flashinfer was coherent",
     .selection = false,
     .source = "sgl-project/sglang#5700 (open); sglang layers/attention/flashattention_backend.py (q.to(kv_cache_dtype))"},

    // KVF-032, sgl-project/sglang#18290 (and #12298): --kv-cache-dtype auto with a checkpoint that
    // declares kv_cache_quant_algo FP8 (ModelOpt FP8, e.g. nvidia/Llama-3.1-8B-Instruct-FP8) gave an
    // fp8 pool, but server_args.kv_cache_dtype stayed "auto"; fa3 casts Q to the cache dtype only when
    // that string is not "auto", so decode handed FA3 a bf16 Q with an fp8 cache (dtype mismatch).
    // Fixed by #18394 (merged; the first attempt #18291 was closed): the resolved string is synced, as
    // configure_kv_cache_dtype on main returns "fp8_e4m3" for this case. fixed_in unknown (release not
    // established). MLA is not listed: fa3 keeps a bf16 Q for head 576 either way.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "fa3", .kv_cache_dtypes = "auto", .attention = "mha gqa mqa",
              .k_formats = "float8_e4m3fn", .platforms = "cuda"},
     .detail = "with --kv-cache-dtype auto and an FP8-KV checkpoint the cache was fp8 but the kv string stayed "
               "'auto', so fa3 did not cast Q to fp8 and decode failed on the q/kv dtype mismatch",
     .fixed_in = "", .fix_pr = "sgl-project/sglang#18394",
     .selection = false,
     .source = "sgl-project/sglang#18290, #12298; fix sgl-project/sglang#18394 (supersedes closed #18291); "
               "sglang mem_cache/kv_cache_dtype.py configure_kv_cache_dtype @10a75eae (returns the resolved string)"},

    // KVF-036, sgl-project/sglang#27686 superseded by #27972: on gfx942 the fp8 pool kept a
    // float8_e4m3fnuz store dtype (KVCache only byte-backed e4m3fn/e5m2) while DeepSeek V4's packed pool
    // asserts uint8. #27972 made KVCache.__init__ byte-back float8_e4m3fnuz too. Merged 2026-06-12T08:51Z
    // (371b96e210d4): not in v0.5.13 (tag cut 06-11); release/v0.5.14 branched from main on 06-23
    // (7e6587c94a), after the merge: first fixed release v0.5.14. v0.5.13.post1 (bare tag 06-15) would
    // need a cherry-pick, none found: not established (warning).
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "dsv4", .k_formats = "float8_e4m3fnuz", .platforms = "rocm"},
     .detail = "the gfx942 fp8 KV pool was typed float8_e4m3fnuz instead of uint8; DeepSeek V4's packed pool "
               "asserts store_dtype == uint8",
     .affected_in = "0.5.13", .fixed_in = "0.5.14", .fix_pr = "sgl-project/sglang#27972",
     .selection = false,
     .source = "sgl-project/sglang#27686 (closed, superseded by #27972), #24783"},

    // trtllm_mha with an fp8 cache on SM10x (the TRTLLM-GEN path; XQA decode keeps a bf16 Q): since
    // #12307 (merged 2025-10-29, in 0.5.5, tagged from main after 11-04) Q is cast to fp8 with
    // q_scale forced to 1.0 and the K/V scales were not folded into the BMM scales, so the QK
    // product ran in fp8 unscaled (Gemma-4-26B-A4B NVFP4: MMLU 0.037 against 0.622 on triton,
    // #26518). #28144 (merged 2026-06-13) quantizes Q dynamically and passes q_scale * k_scale *
    // softmax_scale; release/v0.5.14 branched from main on 06-23 (and #29245 cherry-picked it), so
    // v0.5.14 is the first fixed release; v0.5.12.post1 (05-26) the last known to carry it.
    {.engine = Engine::sglang, .rule = "KVD071",
     .when = {.backends = "trtllm_mha", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 100, .max_cc = 109},
     .detail = "the TRTLLM-GEN path casts Q to fp8 with q_scale fixed at 1.0 and leaves the K/V scales out of the BMM "
               "scales, so QK runs in unscaled fp8 (Gemma-4-26B-A4B NVFP4 fell to MMLU 0.037; a bf16 cache or triton recovers it)",
     .affected_in = "0.5.5 0.5.12.post1", .fixed_in = "0.5.14", .fix_pr = "sgl-project/sglang#28144",
     .selection = false,
     .source = "sgl-project/sglang#26518 (closed: GB200/SM103 MMLU table; 'q_scale is forced to be 1.0'), #28144 (merged "
               "2026-06-13), #29245 (cherry-pick to release/v0.5.14), #12307 (merged 2025-10-29: Q cast to the fp8 KV dtype)"},

    // Same path, wrong numbers: the DeepSeek V4 triton flashmla fp8 path assumed e4m3fn; on gfx942
    // (e4m3fnuz) GSM8K collapsed to ~0 with NaNs. Fixed by #28455, merged 2026-06-24T00:45Z (5e6d7c1615),
    // after release/v0.5.14 branched (06-23; no cherry-pick found): v0.5.13 and v0.5.14 affected,
    // first fixed release v0.5.15 (cut from main after 06-24).
    {.engine = Engine::sglang, .rule = "KVD071",
     .when = {.backends = "dsv4", .k_formats = "float8_e4m3fnuz", .platforms = "rocm"},
     .detail = "DeepSeek V4 fp8 store/decode assumed e4m3fn; on gfx942 (e4m3fnuz) GSM8K fell to ~0 with NaNs",
     .affected_in = "0.5.13 0.5.14", .fixed_in = "0.5.15", .fix_pr = "sgl-project/sglang#28455",
     .selection = false,
     .source = "sgl-project/sglang#28455"},

    // ==== learnt from tests/conformance/reports_2026.jsonl (docs/failure-classes.md) ============
    // Class 8, silent fallback: FlashInfer has no MLA kernel taking a bf16 query with an fp8 cache,
    // so SGLang's flashinfer MLA backend converts the whole per-layer fp8 pool to bf16 before each
    // call (a full-pool temporary per layer; the run works, slower and larger than the fp8 plan).
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.backends = "flashinfer", .kv_cache_dtypes = "fp8_e4m3", .attention = "mla", .platforms = "cuda"},
     .detail = "FlashInfer has no MLA kernel for a bfloat16 query with an fp8 cache, so the whole per-layer fp8 pool is converted to bfloat16 before each call (a full-pool temporary; slower, out-of-memory under load)",
     .selection = false,
     .source = "flashinfer-ai/flashinfer#2144 (open: bf16-Q x fp8-KV MLA); sgl-project/sglang#40266 (the same cast on trtllm_mla's cached-prefix prefill)"},

    // The same cast reached from trtllm_mla: with the chunked prefix cache off, an extend over a
    // cached prefix takes the absorbed MLA path, which trtllm_mla hands to the FlashInfer MLA paged
    // wrapper (fallback_to_flashinfer_impl = disable_chunked_prefix_cache and a prefix, #12361), and
    // with an fp8 pool that wrapper converts the whole per-layer pool to bf16 (#40266, open
    // 2026-09-19: 'can cause OOM'). trtllm_mla is in CHUNKED_PREFIX_CACHE_SUPPORTED_ATTENTION_BACKENDS,
    // so the cache is on unless --disable-chunked-prefix-cache says otherwise: the default plan has
    // no such fallback. (The fallback is also taken inside a tc_piecewise prefill CUDA graph, which
    // SGLang kept off for trtllm_mla prefill at the time: not an input.) v0.5.20 (tag 09-18) is the
    // release #40266 was written against; no fix is merged in a release read.
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.backends = "trtllm_mla", .kv_cache_dtypes = "fp8_e4m3", .attention = "mla", .platforms = "cuda",
              .chunked_prefix_cache = Tri::no},
     .detail = "with the chunked prefix cache off, a prefill over a cached prefix falls back to the FlashInfer MLA "
               "wrapper, which converts the whole per-layer fp8 pool to bfloat16 (a full-pool temporary: out of "
               "memory under load)",
     .affected_in = "0.5.20", .fix_pr = "sgl-project/sglang#40266",
     .selection = false,
     .source = "sgl-project/sglang#40266 (open 2026-09-19), #12361 (merged 2025-10-30: fallback_to_flashinfer_mla "
               "when the chunked prefix cache is disabled); layers/attention/trtllm_mla_backend.py "
               "init_forward_metadata; server_args.py CHUNKED_PREFIX_CACHE_SUPPORTED_ATTENTION_BACKENDS"},

    // ==== issue 28: per-layer plans (LAYER; When fields of core/when_extra.cpp) ======================
    // Hybrid linear-attention models (Qwen3.5/3.6: Gated DeltaNet + full attention) keep their
    // full-attention layers in HybridLinearKVPool, which exposed no packed FP4 buffers: with an FP4
    // cache every decode step dequantized the whole full-attention pool. Fix open (#29273).
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.kv_quant = "fp4_block16", .state_layers = Tri::yes},
     .detail = "the hybrid linear-attention pool (HybridLinearKVPool) exposes no packed FP4 buffers, so every decode step dequantizes the whole full-attention pool (slower and larger than the FP4 plan); the fix is open",
     .fix_pr = "sgl-project/sglang#29273",
     .selection = false,
     .source = "sgl-project/sglang#29273 (open 2026-06-25: 'Fix FP4 KV cache for Qwen3.6 hybrid linear pools', decode falls back to full-pool dequantization); mem_cache/memory_pool.py HybridLinearKVPool"},

    // ==== issue 28: DSA sub-backends and the model family ==========================================
    // The CUDA tilelang sparse kernel reads a bfloat16 KV only (its fp8 path is under is_hip); since
    // #31346 an explicit tilelang DSA backend with fp8_e4m3 on CUDA is refused at argument
    // resolution instead of crashing at CUDA-graph capture. #36904 (an SM89+ raw-fp8 route) closed.
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsa", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cuda", .dsa_backends = "tilelang"},
     .detail = "the tilelang DSA kernels on CUDA read a bfloat16 cache only ('kernel main input KV dtype expected bfloat16'); SGLang refuses an explicit tilelang --dsa-prefill/decode-backend with an fp8 cache there",
     .selection = false,
     .source = "sgl-project/sglang#31346 (merged 2026-07-15: fail fast in _dsa_split_backend_resolution), #36830 (2026-08-28: _check_tilelang_dsa_fp8_kv 'on CUDA they require a bfloat16 KV cache'), #36904 (closed)"},
    // The hand-written loaders of these classes drop the checkpoint's KV scale tensors (no remap of
    // qkv_proj.k_scale / k_proj.k_scale / kv_scale to attn.k_scale), so process_weights_after_loading
    // sees both at -1.0 and sets 1.0: an fp8 cache at unit scale, no error.
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.kv_quant = "fp8_per_tensor", .architectures = "Qwen3MoeForCausalLM Qwen2ForCausalLM MixtralForCausalLM",
              .kv_scales = Tri::yes},
     .detail = "the Qwen3-MoE, Qwen2 and Mixtral weight loaders drop the checkpoint's KV scale tensors, so every layer's fp8 cache runs at scale 1.0",
     .selection = false,
     .source = "sgl-project/sglang#39942 (open 2026-09-17); python/sglang/srt/layers/quantization/kv_cache.py process_weights_after_loading (both scales <= 0 -> 1.0)"},

    // Classes 5 and 6, DSA per architecture and the latent without rope (512 vs 576): on CUDA no
    // DSA kernel reads an fp8 NoPE cache with a bf16 query (flashmla_kv is excluded for these models,
    // tilelang's CUDA path is bf16-only, trtllm is SM10x only), so GLM-5.3-Flash cannot use fp8 on
    // Hopper. On ROCm the tilelang fp8 sparse decode crashed on a NoPE model ('Unsupported k_dim 0').
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsa", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cuda", .min_cc = 90, .max_cc = 99,
              .head_sizes = "512"},
     .detail = "no CUDA DSA kernel on SM90 takes a bf16 query with an fp8 NoPE (512-wide, rope-free) cache: flashmla_kv is excluded for these models and tilelang on CUDA requires a bfloat16 cache",
     .source = "sgl-project/sglang#36830 (open), #31346 (merged: tilelang + fp8_e4m3 on CUDA fails fast: 'kernel main input KV dtype expected bfloat16')"},
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "dsa", .kv_cache_dtypes = "fp8_e4m3", .platforms = "rocm", .head_sizes = "512"},
     .detail = "tilelang's fp8 sparse decode emits the rope-tail GEMM even when the latent has no rope part; a NoPE DSA model dies at start-up ('ValueError: Unsupported k_dim 0')",
     .selection = false,
     .source = "sgl-project/sglang#40301 (open: GLM-5.3-Flash with --kv-cache-dtype fp8_e4m3 on ROCm)"},

    // GLM-5.3-Flash (Glm5Next*, a NoPE DSA model) on SM12x: no DSA kernel serves it. The automatic
    // choice lands on trtllm (device_sm_major >= 10), whose trtllm-gen FMHA has no SM12x build;
    // flashinfer_sparse_mla accepts only the GlmMoeDsa architectures ('supports only GLM DSA ...
    // got model_arch=Glm5NextForConditionalGeneration'); tilelang refuses an fp8 cache on CUDA and,
    // with a bf16 cache, asks for 169984 B of dynamic shared memory where SM12x allows about 101 KB;
    // triton's DSA path is ROCm only. Reported on 0.5.19 (SM120) and 0.5.20 (SM121), no fix.
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsa", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cuda", .min_cc = 120, .max_cc = 121,
              .architectures = "Glm5NextForConditionalGeneration Glm5NextForCausalLM glm5_next glm5_next_text"},
     .detail = "no DSA kernel serves GLM-5.3-Flash with an fp8 cache on SM12x: the automatic trtllm kernels have no "
               "SM12x build ('TllmGenFmhaRunner ... Unsupported architecture'), flashinfer_sparse_mla takes only the "
               "GlmMoeDsa architectures, and tilelang refuses an fp8 cache on CUDA",
     .affected_in = "0.5.19 0.5.20",
     .selection = false,
     .source = "sgl-project/sglang#40286 (open 2026-09-19, v0.5.20 image, SM121), #39302 (open 2026-09-13, 0.5.19, "
               "SM120), #36507 (review comment 2026-08-30, SM120: every --dsa-*-backend blocked)"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsa", .kv_quant = "none", .platforms = "cuda", .min_cc = 120, .max_cc = 121,
              .architectures = "Glm5NextForConditionalGeneration Glm5NextForCausalLM glm5_next glm5_next_text"},
     .detail = "no DSA kernel serves GLM-5.3-Flash with a 16-bit cache on SM12x: tilelang asks for 169984 B of dynamic "
               "shared memory (SM12x allows about 101 KB), the automatic trtllm kernels have no SM12x build, and "
               "flashinfer_sparse_mla takes only the GlmMoeDsa architectures",
     .affected_in = "0.5.19 0.5.20",
     .selection = false,
     .source = "sgl-project/sglang#36507 (review comment 2026-08-30: 'Failed to set the allowed dynamic shared memory "
               "size to 169984', SM120 allows ~101376), #39302 (0.5.19, SM120), #40286 (v0.5.20, SM121)"},

    // Class 5, heads per rank: AITER's MLA decode asserted 16 or 128 heads ('Aiter MLA only supports
    // 16 or 128 number of heads'); #21213 added fewer-than-16 heads with an fp8 cache (TP8 Kimi).
    // Release with the fix not established: a warning unless the version says otherwise.
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "aiter", .attention = "mla", .platforms = "rocm", .heads_per_rank = "16 128",
              .heads_outside = true},
     .detail = "AITER's MLA decode supported only 16 or 128 heads per rank ('Aiter MLA only supports 16 or 128 number of heads'); fewer than 16 with an fp8 cache came with #21213",
     .fixed_in = "", .fix_pr = "sgl-project/sglang#21213",
     .selection = false,
     .source = "ROCm/aiter#726 (Kimi-K2 TP8 on MI355, sglang v0.4.9.post2: 8 heads per rank), sgl-project/sglang#21213"},

    // The same decode with a 16-bit cache at 8 heads per rank (64 heads at TP8, GLM-5): the AITER of
    // SGLang v0.5.10.post1's ROCm image (0.1.11.post2.dev0+g417de6df4, MI355X) dispatched gqa_ratio
    // 16/32/64/128 only and had no bf16 x bf16 gqa-8 kernel ('get_heuristic_kernel_mla: cannot get
    // heuristic kernel! q_type:bf16 kv_type:bf16 gqa:8'). Later AITER builds carry qh8 kernels
    // (ROCm/aiter#3014, #3128, #3426); which SGLang image first bundled one is not established.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "aiter", .kv_quant = "none", .attention = "mla", .platforms = "rocm", .heads_per_rank = "8"},
     .detail = "the AITER bundled with this release has no MLA decode kernel for a 16-bit query and cache at 8 heads per "
               "rank (asm dispatch covers gqa 16/32/64/128: 'cannot get heuristic kernel ... gqa:8')",
     .affected_in = "0.5.10.post1",
     .selection = false,
     .source = "ROCm/aiter#2821 (open 2026-04-20: SGLang v0.5.10.post1, MI355X, GLM-5-FP8 TP8); qh8 kernels in ROCm/aiter#3014, #3128, #3426"},

    // Class 3, FP4 caches with speculative decoding: target verify and draft extend went through the
    // FlashInfer prefill path, whose NVFP4 dequantization workspace needs CPU prefix metadata that
    // speculative phases do not provide ('extend_prefix_lens_cpu is None'); #36340 routes them through
    // TRT-LLM native FP4 decode on SM100.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "trtllm_mha", .kv_cache_dtypes = "nvfp4", .platforms = "cuda", .flags_all = flag_speculative},
     .detail = "speculative verify/draft-extend with an NVFP4 cache went through the FlashInfer prefill dequantization path, which fails under speculative decoding ('extend_prefix_lens_cpu is None')",
     .fixed_in = "", .fix_pr = "sgl-project/sglang#36340",
     .selection = false,
     .source = "sgl-project/sglang#36010, #36038 (open), #36340 (merged 2026-09-10: SM100 NVFP4 GenMHA and speculative decoding)"},

    // Class 3 / 7: SGLang's fa4 path has no fp8 cache — it does not quantize Q ('fa4 does not currently
    // support fp8 queries and keys') and FA4 rejects descales. An explicit fp8 string is refused by the
    // backend row (KVD010); this row covers the fp8 cache reached through auto + an FP8-KV checkpoint.
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "fa4", .kv_quant = "fp8_per_tensor", .platforms = "cuda"},
     .detail = "FA4 takes no fp8 cache in SGLang: Q is not quantized ('inputs must have the same dtype') and the decode path passed k/v descales FA4 rejects ('FA4 path does not support descale')",
     .source = "sgl-project/sglang#31640 (v0.5.15.post1, B200, Nemotron-3-Super FP8, fa4 decode); Dao-AILab/flash-attention#2321; sglang flashattention_backend.py (fa_impl_ver != 4 guard)"},
    // --dsv4-attn-backend trtllm (sgl-project/sglang#30805, merged 2026-07; read as the DSA decode
    // sub-backend): DeepSeek V4's hook asserts a CUDA device with is_sm100_supported (compute
    // capability major 10: SM100/SM103) and kv_cache_dtype == fp8_e4m3 (its trtllm-gen sparse MLA
    // path runs Q and KV in fp8 only; auto has become fp8_e4m3 on SM10x by then).
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsv4", .platforms = "cuda", .min_cc = 100, .max_cc = 109, .outside_cc = true,
              .dsa_backends = "trtllm"},
     .detail = "--dsv4-attn-backend trtllm requires an SM100/SM103 (Blackwell) GPU",
     .source = "sglang arg_groups/deepseek_v4_hook.py (device == cuda and is_sm100_supported), sgl-project/sglang#30805"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsv4", .platforms = "rocm cpu", .dsa_backends = "trtllm"},
     .detail = "--dsv4-attn-backend trtllm requires a CUDA SM100/SM103 (Blackwell) GPU",
     .source = "sglang arg_groups/deepseek_v4_hook.py (device == cuda and is_sm100_supported), sgl-project/sglang#30805"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.backends = "dsv4", .kv_cache_dtypes = "bfloat16 bf16", .dsa_backends = "trtllm"},
     .detail = "--dsv4-attn-backend trtllm requires kv_cache_dtype=fp8_e4m3 (Q and KV must share a dtype and only fp8 is "
               "implemented)",
     .source = "sglang arg_groups/deepseek_v4_hook.py (kv_cache_dtype == 'fp8_e4m3'), sgl-project/sglang#30805 review"},
    // DeepSeek V4's KV pool asserts a uint8 (packed fp8) store although the V4 dtype check admits
    // bfloat16: a bf16 cache fails at pool creation on CUDA whatever the GPU. No fix identified.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "dsv4", .kv_cache_dtypes = "bfloat16 bf16", .platforms = "cuda"},
     .detail = "the DeepSeek V4 KV pool asserts store_dtype == uint8 (the packed fp8 layout) although the V4 check admits bfloat16; a bf16 cache fails in _make_kv_pool",
     .selection = false,
     .source = "sgl-project/sglang#33194 (closed 2026-08-01: deepseek_v4_memory_pool.py create_buffer 'assert self.store_dtype == torch.uint8')"},
    // Class 8: HiCache (--enable-hierarchical-cache) with an FP4 cache passed argument validation,
    // but the host pool moved only the packed FP4 data buffers, never their block-scale buffers, and
    // sized itself for a full-width cache: after write-back and load-back the cache is garbage.
    // Reported on v0.5.17, v0.5.18 and main; the PR adding a fail-fast guard was open when read.
    {.engine = Engine::sglang, .rule = "KVD071",
     .when = {.kv_cache_dtypes = "nvfp4 fp4_mx_block16", .hierarchical_cache = Tri::yes},
     .detail = "the hierarchical cache's host pool copies the packed FP4 data but not its block scales (and sizes "
               "itself as a full-width cache), so pages loaded back from host memory are decoded with stale scales",
     .affected_in = "0.5.17 0.5.18", .fix_pr = "sgl-project/sglang#36121",
     .selection = false,
     .source = "sgl-project/sglang#36121 (open PR, 2026-08: guard in ServerArgs._handle_hicache(); v0.5.17, v0.5.18 and main affected)"},
    // Class 7: an MXFP8 cache with prefill/decode disaggregation was refused outright until the
    // scale buffers were exposed to the transfer layer (get_contiguous_buf_infos raised).
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "mxfp8", .flags_all = flag_kv_connector},
     .detail = "KV transfer / disaggregation refused an MXFP8 cache ('scale buffers are not exposed') until the scales rode the transfer's state channel",
     .fixed_in = "", .fix_pr = "sgl-project/sglang#35718",
     .selection = false,
     .source = "sgl-project/sglang#35718 (merged 2026-08-20: Support mxfp8 KV cache in PD transfer)"},

    // Class 8: before #18882 the triton backend passed no k_scale / v_scale to set_kv_buffer and its
    // kernels applied none, so an fp8 cache with calibrated scales ran at scale 1.0 (write and read
    // alike: no crash, the calibration ignored). #18882 merged 2026-02-16 (case R088); v0.5.9 was
    // tagged from main through a bump PR after 02-20, so it is the first release with the fix.
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.backends = "triton", .kv_quant = "fp8_per_tensor", .kv_scales = Tri::yes},
     .detail = "the triton backend passed no KV scales to the cache write and its kernels applied none, so the "
               "calibrated scales were ignored and the fp8 cache ran at scale 1.0",
     .fixed_in = "0.5.9", .fix_pr = "sgl-project/sglang#18882",
     .selection = false,
     .source = "sgl-project/sglang#18882 (merged 2026-02-16: k_scale/v_scale fused into decode_attention.py and "
               "extend_attention.py; set_kv_buffer given the scales), #18818 (JSON scales never reached set_kv_buffer)"},

    // Class 8: a compressed-tensors checkpoint that declares kv_cache_scheme ships per-tensor
    // k_scale / v_scale, but SGLang dropped them at load ('Parameter model.layers.N.k_scale not found
    // in params_dict'): from_config never forwarded kv_cache_scheme and get_quant_method had no
    // RadixAttention branch, so an fp8 cache ran unscaled. #35455 merged 2026-08-19; v0.5.17
    // (2026-08-08) predates it. The first release containing it was not read.
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.kv_quant = "fp8_per_tensor", .weight_quantizations = "compressed-tensors",
              .kv_scales_sources = "checkpoint"},
     .detail = "the compressed-tensors loader drops the checkpoint's kv_cache_scheme scales (no KV-cache quant method "
               "for RadixAttention), so the fp8 cache runs at scale 1.0",
     .affected_in = "0.5.17", .fix_pr = "sgl-project/sglang#35455",
     .selection = false,
     .source = "sgl-project/sglang#35455 (merged 2026-08-19: 'silently dropped at load ... runs the cache unscaled'; "
               "CompressedTensorsKVCacheMethod added)"},
    // Class 8: scales from --quantization-param-path (a JSON of per-layer factors) take another
    // road than a checkpoint's k_scale / v_scale tensors: the models' load_kv_cache_scales (llama.py,
    // qwen2.py, …) assign a plain float over attn.k_scale / v_scale and never set k_scale_float /
    // v_scale_float, which the backends read. FlashInfer then runs the cache at scale 1.0, triton
    // finds a float where it expects the tensor and falls back to 1.0 or fails, and fa3's
    // k_scale.expand() raises AttributeError. Reported on main from 2026-02-06 (#18372, #18373) to
    // 2026-03-16 (#20705); all three PRs closed unmerged and #18818 closed, so v0.5.9 (tagged from
    // main after 02-20) carries it and no fix is established: later releases are not established.
    {.engine = Engine::sglang, .rule = "KVD102",
     .when = {.backends = "flashinfer triton", .kv_quant = "fp8_per_tensor", .kv_scales_sources = "file"},
     .detail = "the scales of --quantization-param-path are assigned as plain floats over attn.k_scale / v_scale and "
               "never reach k_scale_float / v_scale_float, which this backend reads: the fp8 cache runs at scale 1.0 "
               "(triton may also fail on the float)",
     .affected_in = "0.5.9",
     .selection = false,
     .source = "sgl-project/sglang#20705 (closed 2026-03-16: 'crashes on FlashAttention, silently ignored on other "
               "backends'), #18372 and #18373 (closed, 2026-02-06), #18818 (closed 2026-02-13); models/llama.py "
               "load_kv_cache_scales"},
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "fa3", .kv_quant = "fp8_per_tensor", .kv_scales_sources = "file"},
     .detail = "the scales of --quantization-param-path replace the attn.k_scale tensor with a plain float, and fa3's "
               "k_scale.expand() raises AttributeError ('float' object has no attribute 'expand') on the first batch",
     .affected_in = "0.5.9",
     .selection = false,
     .source = "sgl-project/sglang#20705 (closed 2026-03-16), #18372 and #18373 (closed, 2026-02-06); "
               "models/llama.py load_kv_cache_scales"},

    // ==== issue 28: QSA, the sparse attention of Qwen3.8-Flash-Next (qwen4_exp) =====================
    // QSA is not an attention kind of its own: its full-attention layers run SGLang's
    // QwenSparseAttnBackend whatever --attention-backend says, so the rows key on the architecture
    // (config.json: architectures [Qwen4ExpForConditionalGeneration], model_type qwen4_exp). Its
    // decode resolver (_resolve_trtllm_sparse_decode) picks FlashInfer's paged decode on SM100 and
    // on exactly SM120, and routes SM121 (GB10) to a Triton kernel written for the model
    // (qwen38_qsa_sm121_varlen). The model reached main with #37500 (opened 2026-09-02, merged
    // after v0.5.19 of 09-07); v0.5.20 is the first release, and its notes list the model.
    //
    // Before #36845 (merged 2026-08-28 on the model's branch, which #37500 carried) SM121 had no
    // working decode: the FlashInfer path was gated to SM100 (SM120 from #36806), and the FA4 CuTe
    // varlen fallback does not compile for QSA's packed one-query shape (CUDA-graph capture dies);
    // #36649 had briefly admitted SM121 to the FlashInfer path, which corrupts long-context decode
    // silently there. Only pre-release builds (the model's dev images) carried it: a version-less
    // check warns, a release from 0.5.20 on does not.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.platforms = "cuda", .min_cc = 121, .max_cc = 121,
              .architectures = "Qwen4ExpForConditionalGeneration qwen4_exp"},
     .detail = "QSA decode on SM121 (GB10) had no working kernel in builds before #36845: FlashInfer's sparse decode was "
               "gated off SM121 (and corrupts long-context decode there when forced), and the FA4 CuTe varlen fallback "
               "fails to compile for QSA's packed decode shape",
     .fixed_in = "0.5.20", .fix_pr = "sgl-project/sglang#36845",
     .selection = false,
     .source = "sgl-project/sglang#36558 (GB10, qwen38 dev image), #36537, #36649 (SM121 admitted, then found to "
               "corrupt), #36806 (exact SM120 only), #36845 (SM121 Triton kernel); model in main by #37500, first "
               "released in v0.5.20"},
    // The SM121 kernel's contract (kda_kernels/qwen38_qsa_sm121 can_use_qwen38_qsa_sm121): bf16 Q,
    // K and V, head dim 256, (Q heads, KV heads) per rank (12, 1) or (24, 2). The backend gathers
    // the selected keys in the cache's dtype, so a quantized cache or another head split per rank
    // raises at the first decode (CUDA-graph warmup): 'unsupported SM121 QSA call: expected BF16
    // D=256, 12:1 GQA, TP1 24Q/2KV or TP2 12Q/1KV'.
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.platforms = "cuda", .min_cc = 121, .max_cc = 121, .v_quantized = true,
              .architectures = "Qwen4ExpForConditionalGeneration qwen4_exp"},
     .detail = "QSA decode on SM121 runs only the model's own Triton kernel, which takes a bfloat16 cache (the selected "
               "keys are gathered in the cache dtype): a quantized KV cache raises 'unsupported SM121 QSA call: "
               "expected BF16' at the first decode",
     .introduced_in = "0.5.20",
     .source = "sglang python/sglang/kernels/kda_kernels/qwen38_qsa_sm121/__init__.py can_use_qwen38_qsa_sm121 "
               "(q, k, v bfloat16), layers/attention/qwen_sparse_attn_backend.py (_resolve_flash_attn_varlen_func: "
               "is_sm121); sgl-project/sglang#36845; fp8_e4m3 on GB10 reproduced failing in CUDA-graph warmup"},
    {.engine = Engine::sglang, .rule = "KVD017",
     .when = {.platforms = "cuda", .min_cc = 121, .max_cc = 121, .heads_per_rank = "12 24", .heads_outside = true,
              .architectures = "Qwen4ExpForConditionalGeneration qwen4_exp"},
     .detail = "QSA decode on SM121 runs only the model's own Triton kernel, built for 24 query / 2 KV heads per rank "
               "(TP1) or 12 / 1 (TP2); any other split raises 'unsupported SM121 QSA call'",
     .introduced_in = "0.5.20",
     .source = "sglang python/sglang/kernels/kda_kernels/qwen38_qsa_sm121/__init__.py (_SUPPORTED_HEAD_TOPOLOGIES "
               "{(12, 1), (24, 2)}); sgl-project/sglang#36845"},
    // QSA with an fp8 cache on SM120. In the model's pre-release builds (before #36806, on the
    // model's branch) SM120 was not on the FlashInfer paged-decode path, so decode took the FA4
    // varlen fallback with a bfloat16 query and the fp8 K/V pool, which asserts that the three
    // dtypes match (#36545, dev image of 2026-08-26, warmup). #36806 routes exactly SM120 to the
    // FlashInfer path, which gathers the selected keys into the query's dtype (the fp8 pool is
    // dequantized on the way in); #36644's RED run on the branch head with #36806 shows startup and
    // a short request passing with fp8_e4m3 on SM120. #37500 carried the branch into v0.5.20.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.platforms = "cuda", .min_cc = 120, .max_cc = 120, .v_quantized = true,
              .architectures = "Qwen4ExpForConditionalGeneration qwen4_exp"},
     .detail = "QSA decode on SM120 fell back to the FA4 varlen kernel, which asserts that a bfloat16 query and an fp8 "
               "K/V pool share one dtype (dies in warmup)",
     .fixed_in = "0.5.20", .fix_pr = "sgl-project/sglang#36806",
     .selection = false,
     .source = "sgl-project/sglang#36545 (open 2026-08-26: RTX PRO 6000, Qwen3.8-Flash-Next NVFP4, --kv-cache-dtype "
               "fp8_e4m3, qwen_sparse_attn_backend.py _forward_paged_attention -> flash_attn_varlen_func), #36806 "
               "(exact SM120 to the FlashInfer paged decode), #36644 (RED on qwen4-main-squashed 99c9362: startup and "
               "a 128/16 request pass on SM120); qwen_sparse_attn_backend.py _resolve_trtllm_sparse_decode and "
               "_forward_trtllm_sparse (gather into q.dtype)"},
    // QSA chunked prefill over a cached prefix reads the pool rows as they are stored: with an fp8
    // pool, _sparse_gqa_chunk_prefill's tl.dot gets a bfloat16 query and fp8 keys and Triton refuses
    // it ('Unsupported rhs dtype fp8e4nv'), killing the ranks on the first long prompt or prefix
    // hit (radix cache and chunked prefill are on by default). #36644 widens the cached K/V to the
    // query dtype; it was open when v0.5.20 was tagged and main's sparse_attn.py read here has no
    // cast, so v0.5.20 is affected and no fixing release is known. SM121 is left out: there the
    // quantized cache is refused at the first decode already (the KVD017 row above).
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.platforms = "cuda", .min_cc = 121, .max_cc = 121, .outside_cc = true, .v_quantized = true,
              .architectures = "Qwen4ExpForConditionalGeneration qwen4_exp"},
     .detail = "QSA chunked prefill over a cached prefix feeds the fp8 pool rows uncast to a Triton kernel whose "
               "tl.dot takes a bfloat16 query ('Unsupported rhs dtype fp8e4nv')",
     .affected_in = "0.5.20", .fix_pr = "sgl-project/sglang#36644",
     .selection = false,
     .source = "sgl-project/sglang#36644 (open 2026-08-27; RED on 99c9362 with #36806, 4x RTX 5090, fp8_e4m3: all "
               "ranks fail in _sparse_gqa_chunk_prefill), #36545; layers/attention/qsa/sparse_attn.py "
               "_sparse_gqa_chunk_prefill (tl.dot(q_values, keys), no cast), qwen_sparse_attn_backend.py "
               "forward_extend (k_buffer rows passed as stored)"},

    // ==== session 44 (helper SG) ===================================================================
    // Class 6: the hierarchical cache with the trtllm DSA layout. With a trtllm DSA sub-backend the
    // fp8 DSA pool rows are the plain latent, 576 bytes (backends_sglang.cpp, dsa row). The HiCache
    // JIT transfer kernels take element sizes in 128-byte multiples only, so 576 is refused
    // ('Unsupported element_size = 576 for JIT HiCache kernel') and the staged write-back runs
    // instead; on v0.5.15.post1 (8x B200, a GLM-5.3 fp8 fine-tune, 'MLA layout, element_size=576')
    // that write-back (HiCacheStagedWriteBackKernel<576>) segfaulted under long-context load, and
    // disabling HiCache avoided it. The 656-byte FlashMLA record is refused by the JIT too, but there
    // the fallback was only slower (sgl-project/sglang#31600), so the row keys on trtllm. #30736 (the
    // JIT fix) was open when read: only the reported release is known to carry it.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.backends = "dsa", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cuda", .dsa_backends = "trtllm",
              .hierarchical_cache = Tri::yes},
     .detail = "the hierarchical cache's JIT kernels refuse the 576-byte rows of the trtllm DSA fp8 layout ('Unsupported "
               "element_size = 576 for JIT HiCache kernel'), and the staged write-back that runs instead segfaulted "
               "under long-context load",
     .affected_in = "0.5.15.post1", .fix_pr = "sgl-project/sglang#30736",
     .selection = false,
     .source = "sgl-project/sglang#30736 (open PR since 2026-07-10: HiCache JIT element sizes in 128-byte multiples; "
               "comment of 2026-09-02: v0.5.15.post1, 8x B200, 'MLA layout, element_size=576', segfault in "
               "HiCacheStagedWriteBackKernel<576>); #31600 (656-byte record: fallback only slower); "
               "mem_cache/kv_cache_configurator.py calculate_mla_kv_cache_dim (trtllm: kv_lora_rank + qk_rope_head_dim)"},
    // ==== Session 47 (GR) ==============================================================================
    // Qwen3.5's model classes have no load_kv_cache_scales, so scales given through
    // --quantization-param-path with an fp8 cache stop start-up (load_model_utils.py checks for the
    // method before loading). Reported on v0.5.16 and main; #37446 (open) adds the method.
    {.engine = Engine::sglang, .rule = "KVD070",
     .when = {.kv_quant = "fp8_per_tensor",
              .architectures = "Qwen3_5ForCausalLM Qwen3_5MoeForCausalLM Qwen3_5ForConditionalGeneration "
                               "Qwen3_5MoeForConditionalGeneration qwen3_5 qwen3_5_moe",
              .kv_scales_sources = "file"},
     .detail = "the Qwen3.5 model classes cannot load KV scales from --quantization-param-path: start-up stops with "
               "'Using FP8 KV cache and scaling factors provided but model ... does not support loading scaling factors'",
     .affected_in = "0.5.16", .fix_pr = "sgl-project/sglang#37446",
     .selection = false,
     .source = "sgl-project/sglang#37379 (open 2026-09-01: v0.5.16 and main, 8x L20 TP8, Qwen/Qwen3.5-122B-A10B, "
               "load_model_utils.py callable(getattr(model, 'load_kv_cache_scales'))), fix #37446 (open)"},
    // FA3 with an fp8 cache: the decode and prefill kernels pick different kBlockN, so logprobs from
    // one-token decode drift from a prefill over the same tokens from a fixed position (kv_len 97 in
    // the reproduction); a bf16 cache is bitwise identical. SGLang pins sgl-attn f89bc230, which has
    // it; the fix (sgl-project/sgl-flash-attn#49) is open.
    {.engine = Engine::sglang, .rule = "KVD071",
     .when = {.backends = "fa3", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 90, .max_cc = 90},
     .detail = "FA3's decode and prefill kernels tile an fp8 cache differently (kBlockN), so decode logprobs diverge from a "
               "prefill over the same sequence from a fixed position on; a bf16 cache is bitwise identical",
     .fix_pr = "sgl-project/sgl-flash-attn#49",
     .selection = false,
     .source = "sgl-project/sglang#25790 (H100/H200, Qwen3-8B/14B-FP8, MiniMax-2.5, --kv-cache-dtype fp8_e4m3), "
               "sgl-project/sgl-flash-attn#49 (open 2026-08-29: re-verified at the pinned f89bc2306632, first mismatch at kv_len 97); "
               "python/sglang/kernels/aot/CMakeLists.txt (the pin)"},
};
static_assert(closed_words_known(kSglangConstraints), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kSglangConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Constraint> sglang_constraints() noexcept { return kSglangConstraints; }

}  // namespace kvdtype::tables
