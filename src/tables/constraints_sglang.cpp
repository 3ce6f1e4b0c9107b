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
// bump PRs and release-branch points (each row says how; src/tables/releases_sglang.cpp has the
// releases). Where it could not, fixed_in is empty and the fix PR is named. Known-bug rows never
// exclude a backend during selection (.selection = false), so that an unknown release does not
// turn a working default into "no backend".
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"

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
};
static_assert(rule_codes_known(kSglangConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Constraint> sglang_constraints() noexcept { return kSglangConstraints; }

}  // namespace kvdtype::tables
