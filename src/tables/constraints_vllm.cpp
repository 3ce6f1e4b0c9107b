// "This combination fires rule X" facts for vLLM (rule codes: src/tables/rules.cpp). How the
// When fields match: docs/tables.md, Checks. Most of vLLM's refusals are already in the backend
// rows (accepted strings, capability, heads, blocks) and most dtype hand-off bugs are fired by
// the generic checks (KVD020 uint8 declared, KVD030-032 Q, KVD040 Triton e4m3 below sm_89);
// only what those cannot express is here.
//
// fixed_in is a vLLM release only where the first release containing the fix was established;
// where it was not, it is left empty and the row says so (docs/engines/vllm.md lists why).
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Constraint kRows[] = {
    // ---- the engine refuses the string on this target (no backend involved) ------------------
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "nvfp4 nvfp4_4over6", .attention = "mla sparse-mla"},
     .detail = "VllmConfig refuses an nvfp4 KV cache for MLA models ('nvfp4 KV cache is not supported with MLA (Multi-head Latent Attention) backends'); no MLA backend reads the nvfp4 layout",
     .source = "vllm/config/vllm.py VllmConfig.validate_nvfp4_kv_cache_with_mla; flashinfer-ai/flashinfer#4644 (MLA trtllm-gen passes no block scales)"},
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "fp8_inc", .platforms = "cuda rocm cpu"},
     .detail = "fp8_inc is the Intel Gaudi (HPU) fp8 of the out-of-tree HPU plugin; no CUDA, ROCm or CPU attention backend lists it",
     .source = "vllm/config/cache.py cache_dtype docstring ('Intel Gaudi (HPU) supports fp8 (using fp8_inc)'); no fp8_inc in any in-tree backend's supported_kv_cache_dtypes"},

    // ---- a backend cannot serve the combination (also excludes it during selection) ----------
    // fa_utils.flash_attn_supports_kv_cache_dtype: FA3 on the SM90 family or FA4 on the SM100
    // family; FA2 (sm_80, sm_86, sm_89) and SM12x have no quantized-KV path.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASH_ATTN", .kv_cache_dtypes = "fp8 fp8_e4m3", .platforms = "cuda",
              .min_cc = 90, .max_cc = 109, .outside_cc = true},
     .detail = "FlashAttention takes an fp8 cache only with FA3 on the SM90 family or FA4 on the SM100 family ('FP8 KV cache requires FA3 on SM90 or FA4 on SM100')",
     .selection = true,
     .source = "vllm/v1/attention/backends/fa_utils.py flash_attn_supports_kv_cache_dtype; flash_attn.py supports_combination"},
    // The trtllm-gen FP4 FMHA kernels exist only for the SM100 family; vLLM v0.29.0 still
    // reports supports_kv_cache_dtype('nvfp4') false on SM120 (vllm-project/vllm#47790
    // comment, 2026-09-20; the SM120 wiring #50288 was closed unmerged).
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "nvfp4 nvfp4_4over6", .platforms = "cuda",
              .min_cc = 100, .max_cc = 109, .outside_cc = true},
     .detail = "FlashInfer reads an NVFP4 cache only through trtllm-gen prefill and decode, which exist for the SM100 family alone",
     .selection = true,
     .source = "vllm/v1/attention/backends/flashinfer.py supports_kv_cache_dtype (nvfp4: SM100 family + trtllm prefill and decode); vllm-project/vllm#47790 (v0.29.0 on SM120: nvfp4 and nvfp4_4over6 refused)"},
    // FLASHMLA declares majors 9 and 10, but its dense kernels are Hopper-only.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASHMLA", .attention = "mla", .platforms = "cuda",
              .min_cc = 90, .max_cc = 99, .outside_cc = true},
     .detail = "FlashMLA dense decode is built for Hopper only ('FlashMLA Dense is only supported on Hopper devices.')",
     .selection = true,
     .source = "vllm/v1/attention/ops/flashmla.py is_flashmla_dense_supported (is_device_capability_family(90)); mla/flashmla.py supports_combination"},
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASHMLA_SPARSE", .kv_cache_dtypes = "nvfp4_ds_mla", .platforms = "cuda",
              .min_cc = 100, .max_cc = 109, .outside_cc = true},
     .detail = "the NVFP4 DS-MLA record is read only by FlashMLA's SM100 sparse decode ('FLASHMLA_SPARSE only supports the nvfp4_ds_mla kv-cache dtype on SM100 (Blackwell)')",
     .selection = true,
     .source = "vllm/v1/attention/backends/mla/flashmla_sparse.py supports_combination; vllm-project/FlashMLA#18 (SM90 rejects the format)"},

    // ---- known bugs, version-scoped ----------------------------------------------------------
    // Triton's software fp8e4b15 converter (compute capability < 8.9) takes only fp16/fp32;
    // _tq_fused_store_fp8 cast bf16 keys straight to it and failed to compile. Fixed by widening
    // the keys to fp32 first. Introduced with TurboQuant (#38479, first released in v0.20.0).
    // First fixed release v0.26.0: #39988 merged 2026-07-10 (b12cca6a23) after the v0.25.0 branch
    // cut (07-06/07, see #47276), its author is missing from the v0.25.0 contributors and listed in
    // the v0.26.0 notes, and v0.25.1 carries two fixes only (#47888, #48330). Affected: v0.20.0-v0.25.1.
    {.engine = Engine::vllm, .rule = "KVD042",
     .when = {.backends = "TURBOQUANT", .kv_cache_dtypes = "turboquant_k8v4",
              .model_dtypes = "bfloat16", .platforms = "cuda", .max_cc = 88},
     .detail = "turboquant_k8v4 stores keys as Triton fp8e4b15 below sm_89 and the store kernel cast bfloat16 keys to it directly",
     .introduced_in = "0.20.0", .fixed_in = "0.26.0", .fix_pr = "vllm-project/vllm#39988",
     .selection = false,
     .source = "vllm-project/vllm#39992 (A100, Qwen2.5-3B bf16), fix vllm-project/vllm#39988 (duplicate #39908); vllm/v1/attention/ops/triton_turboquant_store.py _tq_fused_store_fp8; LLMKube#354 (TurboQuant #38479 in v0.20.0)"},
    // AiterMLAMetadataBuilder sized the persistent decode work buffers (get_mla_metadata_info_v1)
    // for a bf16 Q while MLAAttention quantizes decode Q to fp8 with an fp8 cache; with 128 query
    // heads per rank (data-parallel attention; TP8 takes the 16-head branch) the tiles were too
    // small and the GPU faulted during CUDA-graph capture. The fix sizes it with Q = aiter fp8.
    // The bug was present in v0.23.0 (the PR benchmarks against it) and v0.24.0 (released 06-29,
    // before the merge; no earlier fix found). First fixed release v0.25.0: merged 2026-07-06T21:30Z
    // (482e5524fe12), inside the v0.25.0 branch window (after #40589 at 21:08Z, listed in the v0.25.0
    // notes, before #44490, listed in v0.26.0's); the v0.25.0 contributors list has its author.
    // Inferred from the branch window and contributors list (no explicit notes line). Releases
    // before v0.23.0 are not established (warning).
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "ROCM_AITER_MLA ROCM_AITER_TRITON_MLA",
              .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .attention = "mla", .platforms = "rocm",
              .flags_all = flag_dp_attention},
     .detail = "AITER MLA sized its persistent decode metadata with q_dtype=bf16 although decode Q is fp8 with an fp8 cache; with data-parallel attention (128 heads per rank) the kernel faults during CUDA-graph capture",
     .affected_in = "0.23.0 0.24.0", .fixed_in = "0.25.0", .fix_pr = "vllm-project/vllm#47276",
     .selection = false,
     .source = "vllm-project/vllm#47276 (DSv3 DPA+FP8 KV memory access fault; aiter get_mla_metadata_info_v1 tile sizing); related #46997, #48845"},

    // The founding report: FlashInferMLASparseSM90Builder planned with kv_data_type taken from
    // the cache spec, which is the uint8 storage dtype for every fp8 cache, and FlashInfer's
    // plan() refuses uint8 ("MLA kv_data_type torch.uint8 is not supported"). run() already
    // viewed the cache as float8_e4m3fn. The backend arrived with #53906; the fix #55222 passes
    // the fp8 view dtype. #55222 merged 2026-09-29 (c37f86e5721f), after v0.30.0 (09-22), which has
    // the backend (backends_vllm.cpp): v0.30.0 is affected. v0.31.0 has the fix only if it was
    // cherry-picked (its rc1 predates the merge; no cherry-pick or notes line found), so the first
    // fixed release is not established: v0.29.0 and v0.31.0 get a warning naming the fix.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER_MLA_SPARSE_SM90", .kv_cache_dtypes = "fp8 fp8_e4m3", .platforms = "cuda"},
     .detail = "vLLM hands FlashInfer's MLA plan() the cache's uint8 storage dtype as kv_data_type, which it refuses ('MLA kv_data_type torch.uint8 is not supported')",
     .affected_in = "0.30.0", .fixed_in = "", .fix_pr = "vllm-project/vllm#55222",
     .selection = false,
     .source = "vllm-project/vllm#55221 (GLM-5.3-Flash, 2xH200), #57713 (H100 TP8); fix vllm-project/vllm#55222; flashinfer mla/_core.py plan() dtype allow-list"},
    // Every TurboQuant preset failed to boot on stock v0.25.1: the memory-profiling pass
    // reshaped a minimal cache with cache_dtype_str 'auto' for specs whose quant mode was NONE
    // (since #42890, merged 2026-07-04 and listed in the v0.25.0 notes) and the TQ backend's
    // get_kv_cache_shape refused it. #47609 (in v0.25.0) did not fix the V1 profiling path:
    // v0.25.1 still failed (club-3090#788) and so did v0.26.0 (#50709, 2026-08-02). #50533 added
    // KVQuantMode.TURBOQUANT, merged 2026-07-31, listed in the v0.27.0 notes ("KV quant mode for
    // TurboQuant (#50533)"): first fixed release v0.27.0.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "TURBOQUANT", .kv_quant = "turboquant"},
     .detail = "the profiling pass hands the TurboQuant backend cache dtype 'auto' and start-up dies with \"Unknown TurboQuant cache dtype: 'auto'\"",
     .introduced_in = "0.25.0", .affected_in = "0.25.0 0.25.1 0.26.0", .fixed_in = "0.27.0",
     .fix_pr = "vllm-project/vllm#50533",
     .selection = false,
     .source = "noonghunna/club-3090#788 (stock vllm-openai v0.25.1, 3090 sm_86: turboquant_k8v4 and turboquant_3bit_nc die in _reshape_kv_cache_tensors); "
               "vllm-project/vllm#50709 (title: v0.25.0+; confirmed on v0.26.0, RTX 5090, Qwen3.6-27B hybrid, turboquant_k8v4); vllm-project/vllm#47609, #50533, #42890"},
    // The TurboQuant backend reads only turboquant_* strings; forced (or reached through a
    // layer whose spec resolved to auto) with anything else it raises "Unknown TurboQuant cache
    // dtype: 'auto'" from TurboQuantConfig.from_cache_dtype.
    {.engine = Engine::vllm, .rule = "KVD043",
     .when = {.backends = "TURBOQUANT",
              .kv_quant = "none fp8_per_tensor fp8_ds_mla fp8_per_token_head int8_per_token_head int4_per_token_head nvfp4"},
     .detail = "TurboQuantConfig.from_cache_dtype accepts only the turboquant_* presets",
     .selection = true,
     .source = "vllm/model_executor/layers/quantization/turboquant/config.py from_cache_dtype; vllm-project/vllm#47609, #50533, #50709"},

    // ---- known bugs by release (issue 11) -----------------------------------------------------
    // AITER MLA asserted 16 or 128 heads per rank ("only supports 16 or 128 number of heads"), so
    // TP8 of a 64-head MLA model (Kimi K2.5: 8 heads per rank) failed at construction; #35850 pads
    // small head counts to 16 (head repeat). Reported on vllm-openai-rocm:v0.16.0 (#35641); the
    // v0.18.0 notes list "MLA with nhead<16 + FP8 KV for TP=8 (#35850)". Other releases before
    // v0.18.0 are not established (warning).
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "ROCM_AITER_MLA ROCM_AITER_TRITON_MLA", .attention = "mla", .platforms = "rocm",
              .max_heads_per_rank = 15},
     .detail = "AITER MLA decode accepted only 16 or 128 heads per rank before #35850 (fewer heads are padded to 16 since)",
     .affected_in = "0.16.0", .fixed_in = "0.18.0", .fix_pr = "vllm-project/vllm#35850",
     .selection = false,
     .source = "vllm-project/vllm#35641 (MI355X Kimi K2.5 TP8, vllm-openai-rocm:v0.16.0), fix #35850 (supersedes #35064); v0.18.0 release notes"},
    // Not rows, although issue 11 lists them (docs/engines/vllm.md, "Known bugs by release"):
    // #45720 (MiniMax-M3 sparse attention viewed a gfx942 fp8 cache as e4m3fn; fixed in v0.24.0)
    // and #47716 (DeepSeek-V4 fp8_ds_mla SWA reshape; fixed in v0.25.0) were each fixed before a
    // release carried the code they fix as far as established (MiniMax-M3 was on the m3_release
    // branch, #45381; the #47716 regression came with #42890 on 2026-07-04, after v0.24.0), and
    // When has no model condition to tell those paths from the generic ones.

    // (flashinfer-ai/flashinfer#4976, FA2 prefill with fp8 and head_dim_qk 192 / head_dim_vo 128,
    // is not a row: vLLM's FLASHINFER backend declares head sizes 64/128/256/512 and its MLA
    // prefill does not go through that wrapper, so no vLLM request reaches the broken path.)
};
static_assert(rule_codes_known(kRows), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Constraint> vllm_constraints() noexcept { return kRows; }

}  // namespace kvdtype::tables
