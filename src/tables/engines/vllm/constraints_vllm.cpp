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
#include "tables/words.hpp"

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
    // Sleep mode (issue 28, session 41). A server launched with --enable-sleep-mode can be put to
    // sleep at level 2, which discards the weights -- the fp8 cache's k/v scales with them -- and
    // re-allocates the cache on wake-up; with an fp8 cache the output after waking was gibberish
    // (level 1 was fine). #28783 (merged 2025-11-30, sha 66b584028779, "Fixes #25800") saves the
    // scales before sleep and restores them, zeroing the re-mapped cache. v0.12.0 (2025-12-03) was
    // released three days later and whether it carries the merge was not established; v0.13.0
    // (2025-12-19) does. The sleep itself is a runtime call, so the row needs the launch flag and
    // warns (KVD071): nothing fails at start.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.kv_quant = "fp8_per_tensor", .platforms = "cuda", .flags_all = flag_vllm_sleep_mode},
     .detail = "after LLM.sleep(level=2) and wake_up the fp8 cache ran without its k/v scales and generated gibberish (level 1 was unaffected); reported on 0.10.2",
     .affected_in = "0.10.2", .fixed_in = "0.13.0", .fix_pr = "vllm-project/vllm#28783",
     .selection = false,
     .source = "vllm-project/vllm#25800 (open 2025-09-27: H100, 0.10.2, FP8 KV cache + sleep(level=2) -> gibberish, level 1 fine); fix #28783 (merged 2025-11-30, 66b584028779: vllm/v1/worker/gpu_model_runner.py, gpu_worker.py, tests/basic_correctness/test_cumem.py); vllm/engine/arg_utils.py --enable-sleep-mode"},
    // ==== issue 28: per-layer plans (LAYER; When fields of core/when_extra.cpp) ======================
    // unify_kv_cache_spec_page_size scaled the smaller-page groups' block_size, a no-op for a
    // MambaSpec page: when a drafter's attention page (a dense draft model, a DFlash drafter)
    // exceeded the Mamba page of a hybrid GDN target with an fp8 cache, the bare assert fired at
    // engine init. Reproduced on v0.20.0 to v0.22.0 (the minor releases are listed; the 0.20.x
    // patches are left not established); #45207 pads the Mamba page instead (its first release is
    // not established).
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_quant = "fp8_per_tensor", .flags_all = flag_speculative, .speculative_methods = "draft_model dflash",
              .state_layers = Tri::yes},
     .detail = "with a hybrid (Mamba / Gated DeltaNet) target, an fp8 cache and a drafter with its own attention layers, unify_kv_cache_spec_page_size tries to grow the Mamba page by block size, which cannot change it, and engine start-up dies on a bare AssertionError",
     .affected_in = "0.20.0 0.21.0 0.22.0", .fix_pr = "vllm-project/vllm#45207",
     .selection = false,
     .source = "vllm-project/vllm#43626 (Qwen3-Coder-Next-80B-A3B + dense draft, fp8: kv_cache_utils.py AssertionError), #45207 (merged: pads the Mamba page; reproduced on v0.20.0-v0.22.0 with DFlash + fp8 on hybrid GDN targets); #37429 (gfx1151, DFlash + fp8, Qwen3.6-27B)"},
    // Session 43 (HV). A drafter-only fp8 cache (speculative_config kv_cache_dtype) under a target
    // left at 'auto': on a hybrid GDN target the FlashInfer metadata builder receives the raw
    // string 'auto' for a KV-cache group and get_dtype_for_flashinfer has no mapping for it
    // ("ValueError: Unrecognized dtype: auto") at engine start-up. Reported on v0.28.0 and, by the
    // report's reading of main, unchanged there; no fix is known. (With --kv-cache-dtype bfloat16
    // on the target the same launch dies natively on SM89, cause not established: not a row.)
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "auto", .flags_all = flag_speculative,
              .state_layers = Tri::yes, .draft_kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2"},
     .detail = "a drafter-only fp8 cache under a target left at 'auto' hands FlashInfer's metadata builder the raw string 'auto' for a hybrid (GDN) target's KV-cache group, and start-up dies ('ValueError: Unrecognized dtype: auto')",
     .affected_in = "0.28.0",
     .selection = false,
     .source = "vllm-project/vllm#54690 (open 2026-09-01: vLLM 0.28.0 wheel, 4x RTX 4090 TP4, Qwen3.5-family hybrid INT8-W8A16 target, DFlash2 drafter, speculative_config kv_cache_dtype fp8; FlashInferBackend.get_dtype_for_flashinfer, LLMBaseProposer._create_draft_vllm_config); #48787 (speculative_config.kv_cache_dtype)"},

    // Decode context parallelism (-dcp, request decode_context_parallel_size). MLA decode all-gathers
    // the query over the DCP ranks, and the common MLA layer asserted that the cache was not fp8
    // ("DCP not support fp8 kvcache now.") until #44044 gathers the already-quantized fp8 query
    // (opened 2026-05-30, committed 2026-06-24 as 49f2104c53: vLLM's weekly summary of 2026-06-26).
    // DCP itself first shipped in 0.10.2 (#23734, "Distributed: Support Decode Context Parallel
    // (DCP) for MLA" in its release notes). The assertion is quoted from main on 2026-01-08 (#32010)
    // and was still there when #44044 was opened (2026-05-30): the releases published in between
    // and before the commit, 0.14.0 (2026-01-20) to 0.23.0 (2026-06-15), carry it. Earlier releases
    // from 0.10.2 and releases from 0.24.0 (2026-06-29, five days after the commit) are not
    // established (a warning). #40608 (a Kimi K2.6 DCP + fp8 stack on Blackwell) needed the
    // unmerged #40609 for the same reason. Only the plain fp8 strings: the reports name them, and
    // fp8_ds_mla's sparse path was not read.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .attention = "mla", .min_decode_context_parallel = 2},
     .detail = "with decode context parallelism (-dcp 2 or more) the MLA decode path all-gathers the query across the "
               "DCP ranks and asserts on an fp8 cache ('DCP not support fp8 kvcache now.') at the first decode",
     .introduced_in = "0.10.2", .affected_in = "0.14.0 0.23.0", .fix_pr = "vllm-project/vllm#44044",
     .selection = false,
     .source = "vllm-project/vllm#32010 (2026-01-08, the assertion's text on main), #44044 (the fix: 'Previously, MLA "
               "decode rejected this config'; opened 2026-05-30, committed 2026-06-24 per vLLM's weekly summary of "
               "2026-06-26), #40608 (2026-04-22, Kimi K2.5/K2.6 with DCP4/DCP8 and an fp8 cache needs PR #40609), "
               "#23734 (DCP for MLA, v0.10.2 release notes); vllm/model_executor/layers/attention/mla_attention.py"},
    // Attention sinks (gpt-oss). FlashInfer took sinks only through trtllm-gen, which SM12x lacks:
    // the selector refused FLASHINFER there ('sink setting not supported', reported on 0.17.0)
    // until the SM12x XQA decode path (#49718, later #52148 for prefill); the first release with
    // it is not established.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASHINFER", .platforms = "cuda", .min_cc = 120, .max_cc = 121, .attention_sinks = Tri::yes},
     .detail = "FlashInfer serves attention sinks only through trtllm-gen kernels, which SM12x does not have: the selector refuses the backend ('sink setting not supported')",
     .affected_in = "0.17.0", .fix_pr = "vllm-project/vllm#49718",
     .selection = false,
     .source = "vllm-project/vllm#40153 (vLLM 0.17.0, RTX PRO 6000 SM120, GPT-OSS-20B: has_sink=True, FLASHINFER: sink setting not supported); flashinfer-ai/flashinfer#4070; vllm-project/vllm#49718 (SM12x XQA with sinks), #52148"},
    // The FlashAttention impl of 0.10.1 had no sinks argument on the path an fp8 cache took:
    // gpt-oss with --kv-cache-dtype fp8 and FLASH_ATTN (FA3, H100) died at start-up. Reported on
    // the 0.10.1 gpt-oss build and on 0.10.1.1; no fix identified.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASH_ATTN", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .attention_sinks = Tri::yes},
     .detail = "with an fp8 cache, attention with sinks reaches a FlashAttentionImpl that takes no sinks argument: start-up dies with \"FlashAttentionImpl.__init__() got an unexpected keyword argument 'sinks'\" (reported on 0.10.1 and 0.10.1.1; a fix is not established)",
     .affected_in = "0.10.1 0.10.1.1",
     .selection = false,
     .source = "vllm-project/vllm#22383 (comments 2025-08-07 on the 0.10.1 gpt-oss build, 2025-08-28: H100, 0.10.1.1, FLASH_ATTN v3, gpt-oss-120b, --kv-cache-dtype fp8); vllm-project/vllm#23832"},
    // Gemma 4 keeps 256-wide sliding layers and 512-wide full-attention layers; per-token-head
    // scales add 4 bytes per head vector, so the two pages (520 and 1032 bytes per token and KV
    // head) no longer divide and KV page-size unification refuses them at init. The strings came
    // in 0.20.0; reported on main the week before and on 0.19.2 release candidates; fix open.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_quant = "fp8_per_token_head int8_per_token_head", .head_sizes = "256", .group_head_sizes = "512"},
     .detail = "per-token-head scales make the 256- and 512-wide layer groups' pages indivisible (520 and 1032 bytes per token and KV head) and unify_kv_cache_spec_page_size stops engine init ('The page size of the layer is not divisible by the maximum page size'); the fix is not merged",
     .affected_in = "0.20.0", .fix_pr = "vllm-project/vllm#40391",
     .selection = false,
     .source = "vllm-project/vllm#40388 (open 2026-04-20, Gemma 4, int8_per_token_head and fp8_per_token_head, kv_cache_utils.py unify_kv_cache_spec_page_size), #40391 (open fix; confirmed on sm_120 TP=4 with 0.19.2 release candidates); #39407"},
    // Once Gemma 4's per-token-head pages start (padded to a common size, so the cache tensor is
    // no longer contiguous), TRITON_ATTN's _ensure_scale_caches in 0.25.x derived the scale views'
    // strides from the shape instead of kv_cache.stride(): after enough blocks are in use the
    // scales are read from the wrong blocks and output corrupts (empty or repeating completions).
    // #44455 (layout refactor, landed after v0.25.1) reads the real strides; its first release was
    // not read. A uniform-head model on the same stack stays clean, hence the two-width condition.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "TRITON_ATTN", .kv_cache_dtypes = "int8_per_token_head", .head_sizes = "256",
              .group_head_sizes = "512"},
     .detail = "on the padded (non-contiguous) pages of the 256/512-wide layer groups the Triton backend built its "
               "per-token-head scale views from the tensor shape, not its strides, so once blocks are reused the "
               "scales come from other blocks: empty or repeating completions under load",
     .affected_in = "0.25.0 0.25.1", .fix_pr = "vllm-project/vllm#44455",
     .selection = false,
     .source = "vllm-project/vllm#49716 (closed 2026-07: Gemma-4 31B AWQ, 2x RTX 3090, TRITON_ATTN, "
               "--kv-cache-dtype int8_per_token_head, v0.25.x; maintainer's analysis: triton_attn.py "
               "_ensure_scale_caches, fixed by the #44455 layout refactor that landed after v0.25.1)"},
    // The same deployment on v0.26.0 (with #44455) still corrupts in two other ways, both open:
    // with prefix caching off the first generated tokens are damaged when the prompt's last,
    // partly filled block is at most half full (#50749, deterministic by prompt length mod 16);
    // with prefix caching on and the KV pool pinned at 100% text is spliced mid-string (#50702).
    // bfloat16 on the same rig is clean in both, so the per-token-head int8 path is the variable.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "TRITON_ATTN", .kv_cache_dtypes = "int8_per_token_head", .head_sizes = "256",
              .group_head_sizes = "512"},
     .detail = "the Gemma 4 int8_per_token_head cache still corrupts on the Triton backend: the first generated "
               "tokens when the prompt's last block is at most half full (prefix caching off, #50749), spliced "
               "text when prefix caching is on and the pool is full (#50702); no fix is known",
     .affected_in = "0.26.0",
     .selection = false,
     .source = "vllm-project/vllm#50749 (open 2026-08-03: v0.26.0, --no-enable-prefix-caching, damage only for "
               "prompt length mod 16 in 0..8, Fisher p = 2.1e-06, confirmed by padding), #50702 (open 2026-08-01: "
               "v0.26.0, prefix caching on, pool pinned at 100%: 13.3% corrupted against 0.0% with bfloat16); "
               "both on 2x RTX 3090 TP=2, Gemma-4 31B AWQ (50 sliding layers head 256, 10 global head 512)"},
    // --calculate-kv-scales computes the fp8 scales from one dummy forward pass at profiling. In a
    // hybrid model (Qwen3.5: Gated DeltaNet + full attention) the recurrent layers run that pass
    // without initialised state, so the attention layers after them see garbage activations and
    // freeze wrong scales: the output corrupts (loops, hallucinated input). #37565 (merged
    // 2026-03-2x) turns the calculation off for every hybrid model with a warning and keeps 1.0;
    // v0.18.0 was tagged on 03-20, and the first release carrying the guard was not read.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.kv_quant = "fp8_per_tensor", .kv_scales_sources = "computed", .state_layers = Tri::yes},
     .detail = "--calculate-kv-scales takes the fp8 scales from a profiling pass in which the recurrent (GDN/Mamba) "
               "layers have no initialised state, so the attention layers freeze garbage scales and the output "
               "corrupts; the fix turns the calculation off for hybrid models (scale 1.0)",
     .fix_pr = "vllm-project/vllm#37565",
     .selection = false,
     .source = "vllm-project/vllm#37554 (2026-03: Qwen3.5, --kv-cache-dtype fp8 --calculate-kv-scales; root cause "
               "in attention.py calc_kv_scales), #37565 (merged: HybridAttentionMambaModelConfig."
               "verify_and_update_config disables calculate_kv_scales with 'Disabling calculate_kv_scales for hybrid "
               "model'), quoted from a v0.2x run in noonghunna/club-3090#594"},
    // AiterMLAMetadataBuilder takes the KV dtype from cache_config, not from the KV-cache group: a
    // drafter kept in a 16-bit cache under --kv-cache-dtype fp8 gets the fp8 asm decode kernels
    // and its metadata sizing, which read the bf16 buffer at fp8 element size; the persistent
    // decode faults under CUDA-graph capture (eager takes the Gluon path). The fix was closed unmerged.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "ROCM_AITER_MLA", .kv_quant = "fp8_per_tensor", .flags_all = flag_speculative,
              .draft_kv_cache_dtypes = "auto bfloat16 float16"},
     .detail = "AITER MLA takes every KV-cache group's dtype from --kv-cache-dtype, so the drafter's 16-bit cache gets the fp8 asm decode kernels and metadata; decode faults ('Memory access fault by GPU') under CUDA-graph capture (--enforce-eager hides it)",
     .selection = false,
     .source = "vllm-project/vllm#55591 (closed unmerged 2026-09-06: MI355X, Kimi-K3 + DSpark MTP draft with speculative_config kv_cache_dtype auto; rocm_aiter_mla.py AiterMLAMetadataBuilder reads cache_config.cache_dtype); #48787 (speculative_config.kv_cache_dtype)"},

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
    // Session 43 (HV harvest). The generic MLA spec (MLAAttention.get_kv_cache_spec) left
    // kv_quant_mode at NONE, and since #42890 (v0.25.0) the reshape passes 'auto' for such specs,
    // so an explicit fp8_ds_mla cache of a DeepSeek-V3.2 / GLM DSA model was viewed at 576
    // elements per token over pages allocated at 656 bytes: engine init dies ("shape '[512, 64,
    // 576]' is invalid for input of size ..."). Fixed by #48379 (main commit
    // 6472131298e7 of 2026-07-15, weekly summary of 07-17: after the v0.25.1 tag of 07-14); whether
    // the v0.26.0 tag tree carries it was not read, so every release from v0.25.0 gets a warning.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHMLA_SPARSE", .kv_cache_dtypes = "fp8_ds_mla", .platforms = "cuda"},
     .detail = "the MLA KV-cache spec carries no quant mode, so the reshape sizes the fp8_ds_mla pages (656 B/token) as 576 elements and engine init fails ('shape [..., 576] is invalid for input of size ...')",
     .introduced_in = "0.25.0", .fix_pr = "vllm-project/vllm#48379",
     .selection = false,
     .source = "vllm-project/vllm#48378 (nightly 0.25.1.dev37+g3d99b0499, 4x H200, nvidia/GLM-5.2-NVFP4 --kv-cache-dtype fp8_ds_mla); fix #48379 (commit 6472131298e7, 2026-07-15; weekly summary 2026-07-17); regression source #42890 (v0.25.0 notes)"},
    // DeepSeek-V4 on SM90 runs the FlashMLA fp8_ds_mla layout, which has no 16-bit form: with the
    // default 'auto' the model's dtype resolver rejected the string before #45091 (merged
    // 2026-06-10, auto treated as fp8), and on main of 2026-09 (after v0.28.0) layer construction
    // again asserts 'DeepseekV4 fp8_ds_mla layout only supports fp8 kv-cache, got auto' on SM90
    // (H200 CI shard) as on SM120 (#47174): #55134 resolves auto to fp8_ds_mla. Which releases
    // between carried the #45091 behaviour, and whether #55134 merged, were not read, so every
    // release gets a warning; a working 'auto' is then an fp8_ds_mla cache, never bfloat16.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHMLA_SPARSE_DSV4", .kv_cache_dtypes = "auto", .platforms = "cuda",
              .min_cc = 90, .max_cc = 90},
     .detail = "DeepSeek-V4's FlashMLA path on SM90 only has the fp8_ds_mla layout: 'auto' fails at model build ('DeepseekV4 fp8_ds_mla layout only supports fp8 kv-cache, got auto') or, where the resolver maps it, becomes fp8_ds_mla; pass --kv-cache-dtype fp8",
     .fix_pr = "vllm-project/vllm#55134",
     .selection = false,
     .source = "vllm-project/vllm#45091 (merged 2026-06-10: 2x H20, DeepSeek-V4-Flash without --kv-cache-dtype failed before it); vllm-project/vllm#55134 (2026-09-03: auto asserts on FlashMLA SM90 and SM120 on main, H200 MIG CI shard); #47174"},
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
    // ==== learnt from tests/conformance/reports_2026.jsonl (docs/failure-classes.md) ============
    // Class 1, same-width reinterpretation. csrc/attention/dtype_fp8.cuh get_fp8_kv_cache_data_type
    // maps "auto", "float16" and "bfloat16" alike to Fp8KVCacheDataType::kAuto, so reshape_and_cache
    // writes the model's 16-bit values into the cache tensor unconverted; the cache tensor really is
    // allocated in the requested dtype and every reader decodes the bits as that dtype. The fix PR
    // #54338 was open when read: no fix_pr, the rows always fire.
    {.engine = Engine::vllm, .rule = "KVD100",
     .when = {.kv_cache_dtypes = "float16", .model_dtypes = "bfloat16", .platforms = "cuda"},
     .detail = "reshape_and_cache treats a float16 cache like 'auto' (Fp8KVCacheDataType::kAuto) and copies the bfloat16 bits",
     .source = "vllm-project/vllm#54338 (open: bf16 model + float16 cache -> ' Paris,, therefore, proclaimedondunct'); csrc/attention/dtype_fp8.cuh"},
    {.engine = Engine::vllm, .rule = "KVD100",
     .when = {.kv_cache_dtypes = "bfloat16", .model_dtypes = "float16", .platforms = "cuda"},
     .detail = "reshape_and_cache treats a bfloat16 cache like 'auto' (Fp8KVCacheDataType::kAuto) and copies the float16 bits",
     .source = "vllm-project/vllm#54338 (open: float16 model + bfloat16 cache -> ' Parislocklocklock...'); csrc/attention/dtype_fp8.cuh"},

    // Class 5, head size 256 with fp8: FA4 has no head-256 kernel on the SM100 family, vLLM's
    // version probe falls back to FA2, which has no fp8 cache (kernels.cpp fa4 row). After #42569's
    // review fix supports_combination refuses it, so selection skips FLASH_ATTN.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASH_ATTN", .kv_cache_dtypes = "fp8 fp8_e4m3", .platforms = "cuda",
              .min_cc = 100, .max_cc = 109, .head_sizes = "256"},
     .detail = "no FA4 kernel for head size 256 on the SM100 family: FlashAttention falls back to FA2, which takes no fp8 cache",
     .selection = true,
     .source = "vllm-project/vllm#42569 review (B300, head_size=256, fp8: vllm_flash_attn_version == 2; fixed in the PR by passing the head size to the probe)"},

    // Class 4, a kernel the backend reaches is not built: FlashInfer on SM90 with an fp8 cache
    // JIT-compiled the FA3 prefill for bf16 Q x e4m3 KV, which has no instantiation ('No eligible
    // GMMA operator'). Observed on 0.11.2 (#29531) and 0.14.0rc1 (#31843); no fix identified, so
    // other versions get a warning. (0.23.0 with an e4m3 cache: the row after this one.)
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "cuda",
              .min_cc = 90, .max_cc = 90},
     .detail = "FlashInfer on SM90 JIT-compiles the FA3 prefill for a 16-bit query with an fp8 cache, which FlashInfer does not instantiate; start-up dies in ninja ('No eligible GMMA operator', 'no instance of make_tiled_mma')",
     .affected_in = "0.11.2 0.14.0",
     .selection = false,
     .source = "vllm-project/vllm#31843 (0.14.0rc1, H100/H200), #29531 (0.11.2, gemma-3-1b-it), #27604; flashinfer-ai/flashinfer#1304, #4977 (kernels.cpp fa3-prefill row)"},

    // #47037 (closed 2026-06): FlashInfer with an fp8 (e4m3) cache still did not work on an H200
    // with the 0.23.0 release. A row of its own, for e4m3 only and that release only: #41343 ran
    // FlashInfer with an e5m2 cache on an H100 at 0.19.0 (wrong output, but it started), so the
    // releases between the ones above are not all affected for every fp8 flavour.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "fp8 fp8_e4m3", .platforms = "cuda", .min_cc = 90, .max_cc = 90},
     .detail = "FlashInfer with an fp8 (e4m3) cache on SM90 still failed in the 0.23.0 release (#47037)",
     .introduced_in = "0.23.0", .affected_in = "0.23.0",
     .selection = false,
     .source = "vllm-project/vllm#47037 ('vLLM 0.23.0: FlashInfer / Triton attention + FP8 KV cache doesn't work on H200 (sm_90)')"},

    // Class 5, heads per rank (AITER MLA decode tiles). With an fp8 cache AITER's asm decode has
    // native kernels for 16, 64 (gfx950) and 128 heads per rank; other multiples of 16 are folded
    // onto 16, a path that returned garbage in aiter 0.1.16.post2 (gsm8k ~0). Both fix PRs were
    // closed unmerged; the aiter version is not an input, so this stays a warning.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "ROCM_AITER_MLA ROCM_AITER_MLA_SPARSE", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2",
              .platforms = "rocm", .min_cc = 95, .max_cc = 95, .heads_per_rank = "32 48 80 96 112"},
     .detail = "AITER's fp8 MLA decode has native kernels for 16, 64 and 128 heads per rank on gfx950; other counts are folded onto 16, which returned garbage (aiter 0.1.16.post2: Kimi-K2.5 TP2 gsm8k 0.93 -> 0, DSv3.2 TP4 empty output)",
     .selection = false,
     .source = "vllm-project/vllm#46952 (closed; 32 heads/rank cosine 0.69), #42956 (closed; ROCM_AITER_MLA_SPARSE DSv3.2 TP4)"},
    // Fewer than 16 heads per rank with an fp8 cache: first the 16/128-only assertion (#35641, fixed
    // by #35850), then the Gluon decode (gfx950) asserting a bf16 query while the common MLA layer
    // had quantized it ('q_nope/q_pe must be bf16'); #51011 keeps fp8 off the Gluon path.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "ROCM_AITER_MLA", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "rocm",
              .min_heads_per_rank = 1, .max_heads_per_rank = 15},
     .detail = "with fewer than 16 heads per rank the fp8 decode reached AITER's Gluon kernel, which takes only a bf16 query, after the MLA layer had quantized Q to fp8 ('q_nope/q_pe must be bf16'); Kimi-K3 TP8 (12 heads per rank)",
     .fixed_in = "", .fix_pr = "vllm-project/vllm#51011",
     .selection = false,
     .source = "vllm-project/vllm#50563 (closed), #51011 (merged: fp8 never reaches the Gluon entry points), #35850 (heads < 16 with fp8, Kimi-K2.5 TP8)"},

    // Class 5, latent width without a rope part (512 vs 576): AITER's precompiled sparse MLA kernels
    // assume 512 latent + 64 rope elements; a NoPE model (GLM-5.3-Flash, 512-wide row) with an fp8
    // cache reads past the row. Fix PR open when read.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "ROCM_AITER_MLA_SPARSE", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_ds_mla", .platforms = "rocm",
              .head_sizes = "512"},
     .detail = "AITER's sparse MLA kernels assume the DeepSeek 576-element cache row; a rope-free 512-element fp8 row is read past its end (GPU memory fault)",
     .selection = false,
     .source = "vllm-project/vllm#57134 (open: route NoPE sparse MLA to the ROCm Triton path for every kv dtype)"},

    // Class 4 (a byte container read as another format): FlashInfer made a uint8 cache mean NVFP4
    // (flashinfer-ai/flashinfer#2954) while vLLM hands the fp8 cache over as its uint8 storage; with
    // head 512 on the trtllm-gen path (#38822) start-up failed 'kv_cache_sf must be provided for NVFP4
    // KV cache'. Observed on 0.21.0 with FlashInfer 0.6.11.post3.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "cuda",
              .min_cc = 100, .max_cc = 109, .head_sizes = "512"},
     .detail = "the fp8 cache reaches FlashInfer's trtllm-gen kernels as its uint8 storage, which FlashInfer reads as an NVFP4 cache ('kv_cache_sf must be provided for NVFP4 KV cache')",
     .affected_in = "0.21.0",
     .selection = false,
     .source = "vllm-project/vllm#38822 comment (vLLM 0.21.0 + FlashInfer 0.6.11.post3, head_dim 512, fp8); flashinfer-ai/flashinfer#2954"},
    // Class 4 / silent accuracy: trtllm-gen with an NVFP4 cache gave mostly empty answers (GSM8K
    // 96.7% with fp8 -> 6.5% with nvfp4) on B200, FlashInfer 0.6.18. Open when read.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "nvfp4 nvfp4_4over6", .platforms = "cuda",
              .min_cc = 100, .max_cc = 109},
     .detail = "FlashInfer's TensorRT-LLM attention with an NVFP4 cache returned mostly empty or invalid answers (Qwen3.5-397B-A17B-FP8 on B200: GSM8K 96.7% with fp8, 6.5% with nvfp4)",
     .selection = false,
     .source = "vllm-project/vllm#55673 (open: vLLM 0.28.1rc1.dev199, FlashInfer 0.6.18, CUDA graphs on)"},
    // Class 4 / crash at the first request: on GB10 (sm_121) the automatic choice is FLASHINFER for
    // an fp8 cache, whose FA2 paged prefill (JIT for 121a) fails at launch for the head-256 layers.
    // Reported on v0.26.0 (its pinned FlashInfer 0.6.14) and again with 0.6.15.post1; open, no fix.
    // Only the reported geometry (head 256, sm_121) is listed: other heads on sm_121 were not tested.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 121, .max_cc = 121,
              .head_sizes = "256"},
     .detail = "on GB10 (sm_121) FlashInfer's paged prefill fails on the first request with head size 256 and an fp8 cache ('BatchPrefillWithPagedKVCache failed with error invalid resource handle'; FlashInfer 0.6.14 and 0.6.15.post1); TRITON_ATTN avoids it",
     .affected_in = "0.26.0",
     .selection = false,
     .source = "vllm-project/vllm#50331 (open 2026-07-29: GB10, vLLM 0.26.0 wheel with FlashInfer 0.6.14, Qwen3.6-35B-A3B-FP8 with --enforce-eager; also 0.6.15.post1)"},
    // Class 7, auto that the model cannot take: DeepSeek-V4 asserts an fp8 string before the SM120
    // sparse backend rewrites auto into fp8_ds_mla ('DeepseekV4 fp8_ds_mla layout only supports fp8
    // kv-cache, got auto'). Observed on 0.24.0; DeepSeek V3.2 geometry cannot be told apart here.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER_MLA_SPARSE_SM120", .kv_cache_dtypes = "auto", .platforms = "cuda"},
     .detail = "with DeepSeek-V4 models the string 'auto' reaches the model's fp8_ds_mla assertion on SM120 ('DeepseekV4 fp8_ds_mla layout only supports fp8 kv-cache, got auto'); pass --kv-cache-dtype fp8",
     .affected_in = "0.24.0",
     .selection = false,
     .source = "vllm-project/vllm#47174 (open: vLLM 0.24.0, 2x RTX PRO 6000, DeepSeek-V4-Flash)"},

    // Class 4, a JIT target the device cannot run: on SM120 the FlashInfer kernels JIT-compiled for
    // the wrong arch target faulted under load with an fp8 cache (illegal memory access / illegal
    // instruction); pinning FLASHINFER_CUDA_ARCH_LIST=12.0f cured it. Observed on v0.27.1
    // (flashinfer-python 0.6.16.post3); TRITON_ATTN was unaffected.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "cuda",
              .min_cc = 120, .max_cc = 121},
     .detail = "FlashInfer's JIT kernels for SM120 faulted under load with an fp8 cache (CUDA illegal memory access / Xid 13); setting FLASHINFER_CUDA_ARCH_LIST=12.0f or using TRITON_ATTN avoided it",
     .affected_in = "0.27.1",
     .selection = false,
     .source = "vllm-project/vllm#54225 (open: RTX 5090 / sm_120, NVFP4 weights + fp8 KV, v0.27.1, flashinfer 0.6.16.post3)"},

    // Class 5, heads per rank on gfx942: AITER routes 64 heads per rank with fp8 Q and KV to a native
    // qh64 persistent decode kernel validated only at page size 64; vLLM serves MLA with block size 1
    // and the kernel faults (GLM-5.1-FP8 with DP attention, TP1). Fix PRs open when read.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "ROCM_AITER_MLA ROCM_AITER_MLA_SPARSE", .kv_cache_dtypes = "fp8 fp8_e4m3",
              .platforms = "rocm", .min_cc = 94, .max_cc = 94, .heads_per_rank = "64"},
     .detail = "with 64 heads per rank AITER takes its native qh64 fp8 decode kernel on gfx942, which faults at block size 1 (GPU memory access fault at the first decode / graph capture)",
     .selection = false,
     .source = "ROCm/aiter#4363 (open: mla_a8w8_qh64_qseqlen1_gqaratio64_v3_ps at page_size 1), #4365, #4957 (open: route gqa64 to the fold path)"},
    // Speculative verify on gfx942: no persistent decode kernel for query length > 4 and wrong output
    // from the non-persistent one at query length 8 (16 heads, bf16).
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "ROCM_AITER_MLA", .kv_cache_dtypes = "auto float16 bfloat16", .platforms = "rocm",
              .min_cc = 94, .max_cc = 94, .flags_all = flag_speculative, .min_heads_per_rank = 16},
     .detail = "speculative verify with more than 4 query tokens has no persistent AITER MLA decode kernel on gfx942, and the non-persistent one returns wrong values at query length 8 (16 heads, bf16)",
     .selection = false,
     .source = "vllm-project/vllm#55609 (open: no query_len > 4 kernel on gfx942), ROCm/aiter#5679 (open: wrong output, nhead 16, qseqlen 8, MTP verify)"},
    // FlashMLA's SM100 sparse decode (head 64 path) converted the fp32 tile scales of the 656-byte
    // record through e8m0, so fp8 dequantization was wrong on B200/B300. Fix PR open when read.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "FLASHMLA_SPARSE", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_ds_mla", .platforms = "cuda",
              .min_cc = 100, .max_cc = 109},
     .detail = "FlashMLA's SM100 sparse decode reads the record's fp32 tile scales through e8m0, which changes them: fp8 dequantization is wrong (B300 precision mismatch)",
     .selection = false,
     .source = "deepseek-ai/FlashMLA#184 (open 2026-05-10: 'Fix SM100 V32 sparse decode FP8 handling')"},

    // ==== issue 28: conditions on the model, its quantization and its checkpoint's scales =========
    // The fp8_e5m2 gate in Attention._init_kv_cache_quant fires for every checkpoint whose attention
    // layers get a KV-cache quant method (should_load_quant_weights), weight-only INT4/INT8 ones
    // included, with the message meant for fp8 checkpoints. #45040 (merged 2026-06-09) narrows it to
    // checkpoints that store fp8 KV scales; the first release that carries it is not established.
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "fp8_e5m2", .weight_quantizations = "awq awq_marlin gptq gptq_marlin compressed-tensors"},
     .detail = "the fp8_e5m2 gate ('fp8_e5m2 kv-cache is not supported with fp8 checkpoints') also fires for weight-only AWQ, GPTQ and compressed-tensors checkpoints, which carry no fp8 KV scales",
     .fix_pr = "vllm-project/vllm#45040",
     .selection = false,
     .source = "vllm-project/vllm#39137 (open 2026-04: AWQ INT4 checkpoint refused), #39195 and #39255 (closed/open attempts), #45040 (merged 2026-06-09, 'Closes #39137'); vllm/model_executor/layers/attention/attention.py _init_kv_cache_quant"},
    // BaseKVCacheMethod.process_weights_after_loading handles one loaded scale by asserting it is
    // k_scale: a checkpoint with v_scale tensors only fails to load. #46265 (moving the assert after
    // max(k, v)) was closed unmerged; the assert is in the kv_cache.py copies read.
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_quant = "fp8_per_tensor", .kv_scale_layouts = "v"},
     .detail = "a checkpoint with v_scale but no k_scale fails to load: process_weights_after_loading asserts 'layer.k_scale > 0.0' when one scale is present",
     .selection = false,
     .source = "vllm/model_executor/layers/quantization/kv_cache.py BaseKVCacheMethod.process_weights_after_loading; vllm-project/vllm#46264 (issue), #46265 (fix closed unmerged 2026-06-21)"},
    // The Qwen3.5 family's load_weights hand the checkpoint to AutoWeightsLoader without
    // maybe_remap_kv_scale_name, so '...self_attn.{k,v}_scale' never reach the attention layers and
    // an fp8 cache runs at scale 1.0. Reported on v0.27.1 and by inspection on main 2026-08.
    {.engine = Engine::vllm, .rule = "KVD102",
     .when = {.kv_quant = "fp8_per_tensor",
              .architectures = "Qwen3_5ForConditionalGeneration Qwen3_5MoeForConditionalGeneration Qwen3_5ForCausalLM Qwen3_5MoeForCausalLM",
              .kv_scales = Tri::yes},
     .detail = "the Qwen3.5 model classes never load the checkpoint's k_scale/v_scale tensors (no scale-name remapping in load_weights), so the fp8 cache runs at scale 1.0",
     .affected_in = "0.27.1", .fix_pr = "vllm-project/vllm#54624",
     .selection = false,
     .source = "vllm-project/vllm#54623 (open 2026-08-31: v0.27.1, RTX 5090, 'Using KV cache scaling factor 1.0'), #54624 (open fix); vllm/model_executor/models/qwen3_5.py load_weights"},

    // ==== issue 28, session 38 (SRV-V): release-scoped facts and reported releases ================
    // AITER MLA decode metadata assumed one token per block: 'When using the aiter MLA kernel, KV cache
    // block size must be set to 1' (vllm-project/vllm#22049, 2025-08-01, the 0.10.0 line; closed
    // unmerged). #27224 ('Support block-size > 1 for AITER MLA backend') still describes main of
    // 2025-10-20 as block-size-1 only, so v0.11.0 (10-02) is affected; it merged on 2025-11-05
    // (6cae1e53326a), so v0.12.0 (12-03) is the first release certain to have it; v0.11.1 (11-18) is
    // not established, and so are releases before the 0.10 line (no report read): both warn.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "ROCM_AITER_MLA ROCM_AITER_TRITON_MLA", .attention = "mla", .platforms = "rocm",
              .block_sizes = "1", .block_sizes_outside = true},
     .detail = "AITER MLA decode took only KV-cache block size 1 before #27224 ('When using the aiter MLA kernel, KV cache block size must be set to 1')",
     .affected_in = "0.10.0 0.11.0", .fixed_in = "0.12.0",
     .fix_pr = "vllm-project/vllm#27224",
     .selection = true,
     .source = "vllm-project/vllm#22049 (closed 2025-08-01: block size must be 1), #27224 (merged 2025-11-05, 6cae1e53326a; weekly summary 2025-11-07), #27715"},
    // DeepSeek-V3.1 with an fp8 cache on 8x H20-3e (FlashMLA fp8 decode, the SM90 MLA choice with an fp8
    // cache) gave garbled output (#33638) and, at serving concurrency 5 and above, an illegal memory
    // access (#33664), both reported on v0.15.0 and open; no cause or fixing release is named.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "FLASHMLA", .kv_cache_dtypes = "fp8 fp8_e4m3", .attention = "mla", .platforms = "cuda",
              .min_cc = 90, .max_cc = 90},
     .detail = "reported on v0.15.0 (DeepSeek-V3.1, 8x H20-3e): an fp8 MLA cache gave garbled output, and an illegal memory access at concurrency 5 and above; a fix is not established",
     .introduced_in = "0.15.0", .affected_in = "0.15.0",
     .selection = false,
     .source = "vllm-project/vllm#33638 (open 2026-02: garbled output, 0.15.0), #33664 (open 2026-02: illegal memory access at concurrency >= 5, same environment)"},
    // Ministral 3 (Mistral3ForConditionalGeneration) with an fp8 cache emits '#####...' on v0.25.1 while
    // v0.24.0 is fine (#48945, open); v0.25.0 is not established (warning); no cause named.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.kv_cache_dtypes = "fp8 fp8_e4m3", .architectures = "Mistral3ForConditionalGeneration mistral3"},
     .detail = "reported on v0.25.1 (Ministral-3-3B): an fp8 cache produces only '#' tokens, while v0.24.0 serves the same model correctly; a fix is not established",
     .introduced_in = "0.25.0", .affected_in = "0.25.1",
     .selection = false,
     .source = "vllm-project/vllm#48945 (open 2026-07-17: 0.25.1 garbage, 0.24.0 fine)"},
    // On SM120 the same model is broken by the FLASHINFER backend whatever the cache dtype (bf16 and
    // fp8_e4m3 alike, from the first token), while TRITON_ATTN (fp8 too) and FLASH_ATTN are correct
    // (#53481, on 0.26.0 and 0.27.1). An fp8 cache meets it by default: FLASH_ATTN (FA2 there)
    // cannot hold fp8, so automatic selection lands on FLASHINFER.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "FLASHINFER", .platforms = "cuda", .min_cc = 120, .max_cc = 120,
              .architectures = "Mistral3ForConditionalGeneration mistral3"},
     .detail = "the FLASHINFER backend returns degenerate output ('####...') for Ministral 3 on SM120 with any cache "
               "dtype, from the first token; TRITON_ATTN (fp8 included) and FLASH_ATTN are correct (#53481)",
     .affected_in = "0.26.0 0.27.1",
     .selection = false,
     .source = "vllm-project/vllm#53481 (open: RTX PRO 2000 Blackwell sm_120, mistralai/Ministral-3-3B-Instruct-2512, "
               "vLLM 0.26.0 + flashinfer 0.6.14 and 0.27.1 + flashinfer 0.6.16.post3; result matrix by backend and "
               "kv dtype)"},
    // fp8_e5m2 with the default scale 1.0 on Qwen2-VL / Qwen2.5-VL silently corrupts output (#41343,
    // open, v0.19.0): e5m2's 2-bit mantissa loses the values these models' KV take.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.kv_cache_dtypes = "fp8_e5m2",
              .architectures = "Qwen2VLForConditionalGeneration Qwen2_5_VLForConditionalGeneration qwen2_vl qwen2_5_vl"},
     .detail = "reported on v0.19.0: an fp8_e5m2 cache with the default scaling silently corrupts Qwen2-VL / Qwen2.5-VL output; a fix is not established (fp8_e4m3 or auto avoid it)",
     .introduced_in = "0.19.0", .affected_in = "0.19.0",
     .selection = false,
     .source = "vllm-project/vllm#41343 (open: fp8_e5m2 corrupts Qwen2-VL / Qwen2.5-VL output, 0.19.0)"},

    // A DSA model (GLM-5, sparse MLA) keeps two KV-cache groups per layer in vLLM: the 576-wide MLA
    // latent and the indexer's fp8 key cache (128 bytes + a 4-byte scale = 132). LMCacheConnectorV1
    // reshaped both with one width and the first stored request killed every worker, whatever the
    // --kv-cache-dtype ("shape '[1, 78, 256, 132]' is invalid", LMCache 0.4.2 to 0.4.4; on 0.21.0 the
    // connector counts 158 = 2 x 79 tensors). Reported on four releases; the LMCache build, which
    // decides it, is not an input, so other releases get a warning. Session 49 (HR).
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.attention = "sparse-mla", .kv_connectors = "LMCacheConnectorV1"},
     .detail = "LMCacheConnectorV1 handles the DSA model's two KV-cache groups (the 576-wide MLA latent and the 132-byte fp8 indexer key cache) with one width, and the first stored request kills every worker ('shape [1, 78, 256, 132] is invalid for input of size ...'); reported with LMCache 0.4.2 to 0.4.4 on 0.18.0 to 0.21.0",
     .introduced_in = "", .affected_in = "0.18.0 0.19.0 0.20.2 0.21.0",
     .selection = false,
     .source = "LMCache/LMCache#2774 (open 2026-03: GLM-5-FP8 tensor shape mismatch; comments: vLLM 0.18.0 + LMCache 0.4.2, 0.19.0 + 0.4.2.dev77, 0.20.2 + 0.4.4), "
               "#2947 (closed: vLLM 0.19.0, 8x H200, GLM-5-FP8 TP=8, LMCache 0.4.3.dev77), #3339 (vLLM 0.21.0-cu129: 158 cache tensors for 79 layers); "
               "fix attempt LMCache/LMCache#2951 ('multi-group KV cache support for MLA models', closed)"},
    // Disaggregated serving through LMCache (mooncake backend) with an fp8 MLA cache: the decode node
    // crashes, and the reporter sees the connector write the cache as its uint8 storage (#44184, open,
    // and its duplicate #43980, both on v0.21.0, DeepSeek-V3-FP8 and GLM-5). The cause is not settled
    // in the thread (a comment suspects DeepGEMM), so the row names the reported release only.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "fp8 fp8_e4m3", .attention = "mla sparse-mla", .kv_connectors = "LMCacheConnectorV1"},
     .detail = "reported on v0.21.0: with LMCacheConnectorV1 (mooncake) and an fp8 MLA cache the decode node crashes, the transferred cache arriving as its uint8 storage; a fix is not established",
     .introduced_in = "0.21.0", .affected_in = "0.21.0",
     .selection = false,
     .source = "vllm-project/vllm#44184 (open 2026-06-01: v0.21.0, DeepSeek-V3-FP8 / GLM-5, MTP, kv-transfer LMCache + mooncake), #43980 (closed duplicate)"},

    // Gemma-4 (head 512 global layers) with an MTP drafter on B200: FlashInfer picked a TRTLLM-Gen decode
    // cubin for head_dim 512 and tileSizeQ 64 that FlashInfer 0.6.13 does not ship; flashinfer#3393
    // (FlashInfer 0.6.14) adds it and vllm-project/vllm#47669 moves vLLM's pin to 0.6.14. v0.25.0 pins
    // 0.6.13 (vLLM's pin, mirrored by timothystewart6/vllm-gb10#46); #47669 merged after v0.25.0's cut
    // (07-07) and v0.26.0 pins 0.6.14 (vllm-gb10#60): affected v0.25.0 and v0.25.1, first fixed
    // v0.26.0. The first affected release is the report's (FlashInfer 0.6.13, first pinned by
    // v0.25.0); the older pins' cubin sets were not examined.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .platforms = "cuda", .min_cc = 100, .max_cc = 109, .head_sizes = "512",
              .speculative_methods = "mtp *_mtp"},
     .detail = "with an MTP drafter FlashInfer's TRTLLM-Gen decode picks a head-512 cubin (tileSizeQ 64) that FlashInfer 0.6.13 does not ship, and the engine crashes",
     .introduced_in = "0.25.0", .affected_in = "0.25.0 0.25.1", .fixed_in = "0.26.0", .fix_pr = "vllm-project/vllm#47669",
     .selection = false,
     .source = "vllm-project/vllm#48082 (open: Gemma-4-31B NVFP4 + MTP on B200, FlashInfer 0.6.13), fix flashinfer-ai/flashinfer#3393 (0.6.14) pinned by vllm-project/vllm#47669; timothystewart6/vllm-gb10#46, #60 (vLLM 0.25.0 with FlashInfer 0.6.13, 0.26.0 with 0.6.14)"},

    // MLA with an fp8 cache and an EAGLE3 drafter under concurrent load: CUDA illegal memory access on
    // v0.19.1 (Kimi-K2.5, TP8, expert parallel; #40435, closed without a named fix). Start-up succeeds;
    // the fault comes with load, so the row names the reported release only.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "fp8 fp8_e4m3", .attention = "mla", .platforms = "cuda", .speculative_methods = "eagle3"},
     .detail = "reported on v0.19.1 (Kimi-K2.5, TP8 with expert parallelism): an fp8 MLA cache with an EAGLE3 drafter hits a CUDA illegal memory access under concurrent load; a fix is not established",
     .introduced_in = "0.19.1", .affected_in = "0.19.1",
     .selection = false,
     .source = "vllm-project/vllm#40435 (closed: v0.19.1, H200, Kimi-K2.5 + lightseekorg/kimi-k2.5-eagle3, --kv-cache-dtype fp8)"},

    // ==== issue 28, session 39 (VLLM) ===============================================================
    // ROCM_ATTN writes the cache with the C++ reshape_and_cache for block sizes 16 and 32 (contiguous
    // blocks), which encodes the string it is given, and with triton_reshape_and_cache_flash
    // otherwise, which stores current_platform.fp8_dtype(), an e4m3 on every platform; the readers
    // (chunked_prefill_paged_decode.py, prefix_prefill.py) decode an fp8_e5m2 cache as float8_e5m2.
    // Block 64 (any multiple of 16 but 16 and 32) reaches the Triton writer since #35923 (merged
    // 2026-03-11; before it power-of-two blocks took the C++ writer). Established for v0.19.0 (first
    // release certain to have #35923) to v0.28.0 (#54341, opened 2026-08-29, measures it on main);
    // the fix #54341 was open when read, so later releases are not established (warning).
    {.engine = Engine::vllm, .rule = "KVD105",
     .when = {.backends = "ROCM_ATTN", .kv_cache_dtypes = "fp8_e5m2", .platforms = "rocm",
              .block_sizes = "16 32", .block_sizes_outside = true},
     .detail = "with a block size other than 16 or 32 the Triton cache writer stores the platform e4m3 while the paged-attention readers decode float8_e5m2",
     .affected_in = "0.19.0 0.28.0", .fix_pr = "vllm-project/vllm#54341",
     .selection = false,
     .source = "vllm-project/vllm#54341 (open 2026-08-29: MI250, Qwen3-0.6B, fp8_e5m2 at block 64 garbage, block 16 correct); "
               "vllm/v1/attention/backends/rocm_attn.py do_kv_cache_update; ops/triton_reshape_and_cache_flash.py (current_platform.fp8_dtype()); "
               "ops/chunked_prefill_paged_decode.py (fp8_e5m2 -> torch.float8_e5m2); #35923 (Triton writer for every block but 16/32)"},
    // AITER's fp8 paged-attention kernel indexed the per-head KV scale buffer wrongly under the
    // shuffled KV layout (VLLM_ROCM_SHUFFLE_KV_CACHE_LAYOUT, used by ROCM_AITER_FA only): a GPU page
    // fault (MiniMax-M2.5, aiter main of 2026-06-24). The fix is AITER's; which vLLM releases ship an
    // AITER with it is not established, so every release gets a warning.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "ROCM_AITER_FA", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "rocm",
              .flags_all = flag_rocm_shuffle_kv},
     .detail = "with the shuffled KV layout AITER's fp8 paged-attention kernel computed a wrong index into the per-head KV scale buffer (memory access fault; reported on AITER main of 2026-06-24, MiniMax-M2.5); which vLLM releases ship an AITER with the fix is not established",
     .fix_pr = "ROCm/aiter#3896",
     .selection = false,
     .source = "ROCm/aiter#3894 (closed 2026-06-24: wrong flat index into the per-head KV scale buffer with KV-cache shuffling), #3896; "
               "vllm/v1/attention/backends/rocm_aiter_fa.py (is_shuffle_kv_cache_enabled; per-block scales allocated for an fp8 shuffled cache)"},

    // The EAGLE-3 drafter's decoder layer (llama_eagle3.py, every eagle3 drafter) was built without
    // the cache config, so its attention layer took kv_cache_dtype 'auto' and left the query 16-bit
    // while the cache it reads is fp8; FA3 wants Q and K of one dtype and every request with a draft
    // failed ('query and key must have the same dtype'). #24505 passes cache_config (merged
    // 2025-09-16, 8c5461026; the file was unchanged from EAGLE-3's arrival, #16937 of 2025-04-25,
    // until then). Reported on v0.9.2; v0.10.2 (09-13) predates the merge. First fixed release
    // v0.11.0: its notes list DeepSeek-V3.2 (#25896, merged 09-30, after #24505) — inferred from the
    // branch order. A behaviour of v0.9.0 (the first release certain to have EAGLE-3) to v0.10.2,
    // bounded so that a check without --engine-version (the newest release) stays quiet.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASH_ATTN", .kv_cache_dtypes = "fp8 fp8_e4m3", .platforms = "cuda",
              .speculative_methods = "eagle3"},
     .detail = "before v0.11.0 (#24505) the EAGLE-3 drafter's attention layer was built without the cache config and kept a 16-bit query against the fp8 cache; FlashAttention 3 refuses the pair at the first drafted step ('query and key must have the same dtype')",
     .introduced_in = "0.9.0",
     .selection = false,
     .source = "vllm-project/vllm#21177 (v0.9.2 image, H100, Llama-3.1-8B fp8 + EAGLE3-LLaMA3.1, --kv-cache-dtype fp8: flash_attn_varlen_func 'query and key must have the same dtype'); "
               "fix #24505 (vllm/model_executor/models/llama_eagle3.py passes cache_config); v0.11.0 notes (#25896)",
     .removed_in = "0.11.0"},

    // The CPU platform's treatment of a quantized cache changed twice. #14741 (merged 2025-03-14,
    // the same hour as the V1 oracle #13726 of v0.8.0) rewrote fp8_e4m3 into fp8_e5m2 in
    // CpuPlatform.check_and_update_config ('CPU backend doesn't support fp8_e4m3 KV cache type, cast
    // to fp8_e5m2'); #27954 (merged 2025-11-12, after v0.11.0; v0.11.1 of 11-18 not established,
    // v0.12.0 certain) replaced that with a fallback of every quantized cache to auto; #39445
    // (merged 2026-04-29, after v0.20.0 of 04-27; v0.21.0's notes list #40177 of 05-01) removed the
    // fallback and reads fp8/fp8_e4m3 as e4m3 and fp8_e5m2 as e5m2 (csrc/cpu/cpu_attn.cpp).
    {.engine = Engine::vllm, .rule = "KVD102",
     .when = {.backends = "CPU_ATTN", .kv_cache_dtypes = "fp8_e4m3", .platforms = "cpu"},
     .detail = "the CPU platform rewrites fp8_e4m3 into fp8_e5m2 ('CPU backend doesn't support fp8_e4m3 KV cache type, cast to fp8_e5m2'): the cache holds e5m2",
     .affected_in = "0.8.2 0.11.0", .fixed_in = "0.12.0", .fix_pr = "vllm-project/vllm#27954",
     .selection = false,
     .source = "vllm-project/vllm#14741 (merged 2025-03-14: vllm/platforms/cpu.py check_and_update_config); #27954 (merged 2025-11-12: the rewrite removed)"},
    {.engine = Engine::vllm, .rule = "KVD102",
     .when = {.backends = "CPU_ATTN", .kv_quant = "fp8_per_tensor", .platforms = "cpu"},
     .detail = "the CPU platform turns every quantized cache into auto ('CPU backend doesn't support KV cache quantization fallback to auto'): the cache is 16-bit, twice the bytes asked for",
     .introduced_in = "0.12.0",
     .selection = false,
     .source = "vllm-project/vllm#27954 (merged 2025-11-12: vllm/platforms/cpu.py fallback to auto); #39445 (merged 2026-04-29: CPU fp8 attention, fallback removed)",
     .removed_in = "0.21.0"},

    // Inkling (InklingForConditionalGeneration, #51405 on a nightly after v0.27.1, so first released
    // by v0.28.0 as far as established) serves a bf16 cache only: with a quantized one the cache is
    // allocated as uint8, nothing in the Inkling stack views it as fp8 and both kernel backends assert
    // at JIT warm-up (RFC #54704, 2026-09-01). The open #54705 adds fp8/fp8_e4m3 for the SM100 family
    // only and raises NotImplementedError elsewhere, so off SM100 the refusal holds either way.
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_quant = "fp8_per_tensor fp8_per_token_head int8_per_token_head int4_per_token_head nvfp4",
              .platforms = "cuda", .min_cc = 100, .max_cc = 109, .outside_cc = true,
              .architectures = "InklingForConditionalGeneration"},
     .detail = "the Inkling attention stack serves a 16-bit cache only (its kernels assert on a uint8 cache at warm-up; the fp8 path proposed in #54705 is for the SM100 family alone)",
     .introduced_in = "0.28.0",
     .selection = false,
     .source = "vllm-project/vllm#54704 (RFC 2026-09-01: '--kv-cache-dtype fp8 fails at JIT warmup'), #54705 (open: fp8 e4m3 on SM100 only, NotImplementedError elsewhere); #51405 (InklingForConditionalGeneration on a nightly after v0.27.1)"},
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_quant = "fp8_per_tensor fp8_per_token_head int8_per_token_head int4_per_token_head nvfp4",
              .platforms = "cuda", .min_cc = 100, .max_cc = 109,
              .architectures = "InklingForConditionalGeneration"},
     .detail = "the Inkling attention stack has no quantized-cache path: the uint8 cache reaches kernels that assert on its dtype at JIT warm-up; #54705 (open when read) adds fp8/fp8_e4m3 on the SM100 family",
     .affected_in = "0.28.0", .fix_pr = "vllm-project/vllm#54705",
     .selection = false,
     .source = "vllm-project/vllm#54704 (RFC 2026-09-01), #54705 (open 2026-09-01); #51405"},

    // ==== issue 28, session 40 (GV): V0 and V1 ========================================================
    // 0.7 series, VLLM_USE_V1=1: the V1 engine's only non-MLA backend, FlashAttention, had no fp8 path
    // and did not refuse the string, so an fp8 cache was allocated and read as if it were not: garbage
    // output (#13133, 0.7.1, H100). #14221 (opened 2025-03-04, after v0.7.3 of 02-20; in v0.8.0) makes
    // the V1 backends raise on a quantized cache they cannot serve. V1 was an alpha from v0.7.0. A
    // behaviour of v0.7.0 to v0.7.3 (as the EAGLE-3 row below), bounded so that a check without
    // --engine-version, which is judged at the newest release, stays quiet.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.backends = "FLASH_ATTN", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "cuda",
              .flags_all = flag_vllm_use_v1},
     .detail = "with VLLM_USE_V1=1 the 0.7 series' V1 FlashAttention had no fp8 path and did not refuse the string: the fp8 cache is ignored and the output is garbage (v0.8.0 raises instead, vllm-project/vllm#14221)",
     .introduced_in = "0.7.0",
     .selection = false,
     .source = "vllm-project/vllm#13133 (0.7.1, H100, VLLM_USE_V1=1, Qwen2.5-72B-FP8 with --kv-cache-dtype fp8: unreadable output; 'KV fp8 is ok when disabling V1'); "
               "fix #14221 ('we have just been ignoring the parameter', raises 'FlashAttention V1 with FP8 KV cache not yet supported'); V1 alpha with v0.7.0 (blog.vllm.ai 2025-01-27)",
     .removed_in = "0.8.0"},
    // From v0.8.0 (#13726) an explicit VLLM_USE_V1=1 turns the oracle's fallback to V0 into an error:
    // a non-auto cache is V1's only with FlashAttention 3 (major 9, flash_attn_supports_fp8; #15191),
    // so below SM90 the engine stops ('VLLM_USE_V1=1 is not supported with --kv-cache-dtype'). SM100
    // and SM12x are left out: which 0.8-0.10 releases' is_kv_cache_dtype_supported took them is not
    // established. Ends with V0 (v0.11.0): no fallback, no oracle.
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_quant = "fp8_per_tensor", .platforms = "cuda", .max_cc = 89, .flags_all = flag_vllm_use_v1},
     .detail = "VLLM_USE_V1=1 is set and V1 takes a quantized cache only with FlashAttention 3 (SM90); where V1's oracle would fall back to V0 the explicit switch makes it raise ('VLLM_USE_V1=1 is not supported with --kv-cache-dtype')",
     .introduced_in = "0.8.0",
     .selection = false,
     .source = "vllm/engine/arg_utils.py _is_v1_supported_oracle and _raise_or_fallback ('VLLM_USE_V1=1 is not supported with {feature_name}'); "
               "vllm-project/vllm#17355 (2025-04-29), #16165 (vllm/vllm-openai:v0.8.3); #15191 (FA3 fp8 allowed in the oracle)",
     .removed_in = "0.11.0"},
    // V0 swaps an asked-for FlashAttention for xFormers with an fp8 cache (FlashAttention-2 has no fp8
    // path): before v0.8.0 whenever V1 is not asked for, and in 0.8-0.10 below SM90, where V1's oracle
    // sends the launch to V0 (an explicit VLLM_ATTENTION_BACKEND also does, but SM90 and later are not
    // modelled: V0's FlashAttention of those releases is not read).
    {.engine = Engine::vllm, .rule = "KVD060",
     .when = {.backends = "FLASH_ATTN", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "cuda",
              .flags_none = flag_vllm_use_v1},
     .detail = "the V0 engine cannot run FlashAttention-2 with an fp8 cache ('Cannot use FlashAttention-2 backend for FP8 KV cache') and serves it with xFormers and the CUDA PagedAttention kernels",
     .selection = false, .replace_backend = "XFORMERS",
     .source = "vllm/platforms/cuda.py get_attn_backend_cls of the 0.7 series (selected FLASH_ATTN falls through to the fp8 test); vllm-project/vllm#12543 (v0.7.0, VLLM_ATTENTION_BACKEND=FLASH_ATTN with fp8)",
     .removed_in = "0.8.0"},
    {.engine = Engine::vllm, .rule = "KVD060",
     .when = {.backends = "FLASH_ATTN", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .platforms = "cuda", .max_cc = 89,
              .flags_none = flag_vllm_use_v1},
     .detail = "V1's oracle sends a quantized cache below SM90 to the V0 engine ('--kv-cache-dtype is not supported by the V1 Engine. Falling back to V0'), whose selector serves it with xFormers instead of FlashAttention",
     .introduced_in = "0.8.0",
     .selection = false, .replace_backend = "XFORMERS",
     .source = "vllm/engine/arg_utils.py _is_v1_supported_oracle / _raise_or_fallback; V0 vllm/platforms/cuda.py fp8 -> XFORMERS; v0.10.2 L40S log (research index file 66569058152)",
     .removed_in = "0.11.0"},

    // ==== issue 28, session 40 (GV): vllm-ascend and sparse (indexer) models =========================
    // NPUPlatform.check_and_update_config writes str(model dtype) over the cache dtype of every model
    // with an indexer (index_topk), since vllm-ascend v0.11.0rc1 (#3432; until about v0.16 only when
    // the plugin's own additional_config kv_cache_dtype was unset): an fp8 cache asked for is a 16-bit
    // one. With a float16 model the name is 'float16', which vLLM's CacheDType lists only from 0.18.0
    // (cache_dtypes_vllm.cpp): get_attn_backend asserts on it at start-up (vllm-ascend#7685, 0.17.0).
    {.engine = Engine::vllm, .rule = "KVD102",
     .when = {.backends = "ASCEND_SFA", .kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2 fp8_inc fp8_ds_mla", .platforms = "cann"},
     .detail = "vllm-ascend replaces the cache dtype of a model with a sparse indexer (index_topk) by the model dtype's name: the cache is 16-bit, twice the bytes of the fp8 cache asked for, and nothing is logged",
     .introduced_in = "0.11.0",
     .selection = false,
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py check_and_update_config ('cache_dtype = str(model_config.dtype)' under hasattr(hf_text_config, 'index_topk')) @v0.17.0rc1 and @v0.23.0; #3432 (v0.11.0rc1)"},
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.model_dtypes = "float16", .attention = "sparse-mla", .platforms = "cann"},
     .detail = "vllm-ascend sets the cache dtype of a model with a sparse indexer to the model dtype's name, 'float16', which vLLM's CacheDType does not list before 0.18.0: get_attn_backend asserts ('Invalid kv_cache_dtype: float16') whatever --kv-cache-dtype says",
     .introduced_in = "0.11.0",
     .selection = false,
     .source = "vllm-project/vllm-ascend#7685 (310P, DeepSeek V3.2, vllm 0.17.0 image, --kv-cache-dtype fp8 --dtype float16: AssertionError 'Invalid kv_cache_dtype: float16. Valid values are: (auto, bfloat16, fp8, fp8_e4m3, fp8_e5m2, fp8_inc, fp8_ds_mla)'); "
               "vllm_ascend/platform.py check_and_update_config @v0.17.0rc1; vllm/v1/attention/selector.py get_attn_backend (assert kv_cache_dtype in get_args(CacheDType))",
     .removed_in = "0.18.0"},

    // ==== issue 28, session 44 (VV) ===================================================================
    // FlashInfer's trtllm-gen decode run as spec-as-decode (trtllm_batch_decode_with_kv_cache with
    // q_len_per_req > 1: every draft step of speculative decoding on the SM100 family) with a bf16 query
    // over an fp8 e4m3 cache mis-computes sliding-window attention once the sequence passes the window:
    // one (query row, head) pair per failing call, so serving shows sporadic wrong tokens and short
    // repetition loops, never a crash. vLLM hands trtllm-gen a bf16 query only when attention_config
    // disable_flashinfer_q_quantization is set (When::q_formats reads that Q); an fp8 query, no drafts or
    // no window were each clean in both reports. Reproduced with flashinfer-python 0.6.14 over
    // flashinfer-cubin 0.6.13 (the highest cubin wheel on PyPI, which installs also pair with later vLLM
    // releases), so no vLLM release bounds it from below; both issues and vLLM's init-time guard #47899
    // were open when read, so nothing bounds it from above either: every release gets the warning.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "FLASHINFER", .kv_cache_dtypes = "fp8 fp8_e4m3", .q_formats = "bfloat16",
              .platforms = "cuda", .min_cc = 100, .max_cc = 109, .flags_all = flag_speculative,
              .sliding_window = Tri::yes},
     .detail = "with a bfloat16 query (disable_flashinfer_q_quantization), speculative decoding and sliding-window layers, FlashInfer's trtllm-gen spec-as-decode kernel mis-computes the windowed attention once a sequence passes the window: sporadic wrong tokens and repetition loops; no fix is known (keep Q quantization on, or turn speculation off)",
     .selection = false,
     .source = "flashinfer-ai/flashinfer#3864 (open 2026-07-07: B200, flashinfer-python 0.6.14 + flashinfer-cubin 0.6.13, "
               "trtllm_batch_decode_with_kv_cache q_len_per_req=8, BF16 Q + FP8 KV, head_dim 256, 32/16 heads, window_left 1023; "
               "FP8 Q, window off and seq_len <= window clean); vllm-project/vllm#47847 (open 2026-07-07: nightly 0.23.1rc1.dev843, "
               "gemma-4-31B NVFP4 + MTP k=7, --attention-backend FLASHINFER --kv-cache-dtype fp8_e4m3, attention_config "
               "disable_flashinfer_q_quantization), guard #47899 (open: FlashInferMetadataBuilder rejects BF16 Q + quantized KV + "
               "reorder_batch_threshold > 1 + a sliding-window layer on the trtllm path)"},
    // TurboQuant's continuation prefill (a prompt resumed by chunked prefill, i.e. longer than
    // --max-num-batched-tokens) took its 16-bit K/V dequant buffers from the global workspace after the
    // model runner had locked it at the size warm-up reached; warm-up never ran that shape, so the first
    // long prompt stopped the engine. Not specific to hybrid models (#41726 comment: dense models on a
    // nightly before #39931). Reported on stock v0.20.0 (#41565, "v0.20.0 regression"), nightlies 0.20.2rc1
    // (#41726) and 0.22.1rc1 (#43357), and v0.23.0 (#46767). #44053 reserves the continuation-prefill
    // buffers (sized by max_model_len) in TurboQuantMetadataBuilder before CUDA-graph capture; merged
    // 2026-06-22/23 (183b5f27ea), before #46628 (06-25), which the v0.24.0 notes list: first fixed release
    // v0.24.0, inferred from the branch window (no notes line names #44053); a #41726 comment of 08-06 ran
    // 115 long prompts on v0.24.0 without the crash.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "TURBOQUANT", .kv_quant = "turboquant"},
     .detail = "a prompt longer than the chunked-prefill budget sends TurboQuant's continuation prefill to a workspace that was locked smaller than it needs, and the engine dies on the first long request (\"Workspace is locked but allocation from 'turboquant_attn.py:...:_continuation_prefill' requires ... MB\")",
     .introduced_in = "0.20.0", .affected_in = "0.20.0 0.23.0", .fixed_in = "0.24.0", .fix_pr = "vllm-project/vllm#44053",
     .selection = false,
     .source = "vllm-project/vllm#41565 (open 2026-05-03: stock v0.20.0, any TurboQuant prompt past ~6-8K cached tokens), "
               "#41726 (open 2026-05-05: nightly 0.20.2rc1.dev35, RTX 5080, Qwen3.5-9B NVFP4 hybrid, --max-num-batched-tokens 4096; "
               "comment of 2026-05-05: also dense models on nightly 0.20.2rc1.dev9), #43357 (0.22.1rc1.dev26, RTX PRO 6000, "
               "Qwen3.6-27B NVFP4), #46767 (v0.23.0, 2x RTX PRO 6000, MiniMax-M2.7-NVFP4, turboquant_4bit_nc and turboquant_k8v4); "
               "fix #44053 (commit 183b5f27ea, vllm/v1/attention/backends/turboquant_attn.py _reserve_workspace); v0.24.0 notes (#46628, "
               "merged 2026-06-25, c5e3c40877)"},

    // A KV connector that does not implement vLLM's hybrid KV-cache manager interface (LMCacheConnectorV1:
    // forcing the manager on raises "Connector LMCacheConnectorV1 does not support HMA but HMA is enabled")
    // makes vLLM turn the manager off; a model with Mamba / linear-attention state layers beside its
    // attention layers then has specs that cannot be unified, and engine start-up stops ("Hybrid KV cache
    // manager is disabled but failed to convert the KV cache specs to one unified type"). The cache string
    // does not matter: a bf16 Qwen3.6-27B fails the same way. Reported on v0.19.1 twice; LMCache builds
    // with HMA support appear later (a May 2026 recipe), but the LMCache version is not an input and no
    // vLLM release is established as clean, so other releases get a warning.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_connectors = "LMCacheConnectorV1", .state_layers = Tri::yes},
     .detail = "LMCacheConnectorV1 does not support the hybrid KV-cache manager, so vLLM disables it, and the state layers' specs of this hybrid model cannot be unified with the attention layers' ('Hybrid KV cache manager is disabled but failed to convert the KV cache specs to one unified type'); reported on v0.19.1 with and without an fp8 cache",
     .introduced_in = "", .affected_in = "0.19.1",
     .selection = false,
     .source = "vllm-project/vllm#42911 (open: v0.19.1, LMCacheConnectorV1, Qwen3.6-27B-FP8: kv_cache_utils.py unify_hybrid_kv_cache_specs ValueError); "
               "LMCache/LMCache#3163 (2026-04-30: vLLM 0.19.1, 8x A100-40G, bf16 Qwen3.6-27B, no --kv-cache-dtype: same error), #2927 (nightly, Qwen3-Coder-Next-FP8); "
               "a deployment note quoting 'ValueError: Connector LMCacheConnectorV1 does not support HMA but HMA is enabled' when the manager is forced on"},

    // (flashinfer-ai/flashinfer#4976, FA2 prefill with fp8 and head_dim_qk 192 / head_dim_vo 128,
    // is not a row: vLLM's FLASHINFER backend declares head sizes 64/128/256/512 and its MLA
    // prefill does not go through that wrapper, so no vLLM request reaches the broken path.)

    // ==== session 44 (helper SG) ===================================================================
    // Class 5: DeepSeek V4 with the DSpark drafter on SM120/SM121. The drafter's sparse attention
    // covers the 128-entry sliding window plus the draft block, padded to a 64-entry tile: top-k 192
    // (256 in other integrations), never the model's index_topk. FlashInfer's SM120 DSV4 decode
    // dispatch (flashinfer/mla/_sparse_mla_sm120.py _DECODE_DSV4_DISPATCH) held top-k 128, 512 and 1024
    // only up to v0.6.17 (read at v0.6.16.post4, v0.6.17 and v0.6.18rc1), so a decode-sized call
    // (num_tokens <= 64: every speculative verify) fell through to the prefill orchestrator, which
    // aborts ('Check failed: num_tokens > 64'). flashinfer-ai/flashinfer#4380 (commit 24d7dfb26, 08-08)
    // adds 192 and 256 for 8..128 heads; first tags holding it: v0.6.18rc2 and later. vLLM pinned
    // FlashInfer 0.6.14 in 0.26.0 and 0.6.16.post3 in 0.27.x and 0.28.0; whether 0.29.0 pins 0.6.18
    // rests on downstream bumps only (coreweave/ml-containers#225, avesed/vllm-ampere-optimized#38),
    // so no fixing release is written. No backend named: the model wires its own SM12x backend.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.platforms = "cuda", .min_cc = 120, .max_cc = 121, .architectures = "DeepseekV4ForCausalLM deepseek_v4",
              .speculative_methods = "dspark"},
     .detail = "the DSpark drafter's sparse top-k (the 128-entry window plus the padded draft block: 192 or 256) has no "
               "SM120 DSV4 decode kernel in FlashInfer before 0.6.18, so speculative decode falls through to the "
               "prefill kernel, which aborts ('Check failed: num_tokens > 64')",
     .affected_in = "0.26.0 0.28.0", .fix_pr = "flashinfer-ai/flashinfer#4380",
     .selection = false,
     .source = "vllm-project/vllm#50720 (vLLM 0.26.0 + FlashInfer 0.6.16, RTX PRO 6000; comment: 0.26.0 + 0.6.14 on GB10), "
               "flashinfer-ai/flashinfer#3989, #3923, #3828, #4541 (0.6.17, GB10); fix flashinfer-ai/flashinfer#4380 "
               "(24d7dfb26, first in v0.6.18rc2); NovaSky-AI/SkyRL#2114 (vLLM 0.28.0 with flashinfer 0.6.16.post3)"},

    // ==== Session 47 (GR): a harvest of reports kvdtype had not seen ===============================
    // V1 took an fp8 cache on Hopper only when #15191 ('[V1] Enable V1 Fp8 cache for FA3 in the
    // oracle', merged 2025-03-23, sha dccf535f8edb) let the oracle's --kv-cache-dtype test pass for
    // FA3, after FA3's fp8 path itself (#14570, 2025-03-20, a597a57595b5). v0.8.0 (03-18) and v0.8.1
    // (03-19) predate both, so there an explicit VLLM_USE_V1=1 with an fp8 cache raises on SM90 as it
    // does below (the KVD003 row above). v0.8.2 (03-25) is the first release after the merge; that it
    // carries it is read from the dates, not from its tree.
    {.engine = Engine::vllm, .rule = "KVD003",
     .when = {.kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 90, .max_cc = 90, .flags_all = flag_vllm_use_v1},
     .detail = "VLLM_USE_V1=1 is set and this release's V1 oracle had no FlashAttention 3 exception for a quantized cache "
               "yet (#15191), so the fallback to V0 becomes an error ('VLLM_USE_V1=1 is not supported with --kv-cache-dtype')",
     .introduced_in = "0.8.0",
     .selection = false,
     .source = "vllm-project/vllm#11329 (2024-12-19, 'FP8 kvcache causes RuntimeError in v1 engine'), #14221 (V1 backends raise "
               "on a quantized cache), #14570 (FA3 fp8, merged 2025-03-20), #15191 (V1 fp8 cache for FA3 in the oracle, merged "
               "2025-03-23; both from a public commit dossier of vLLM's history, file 71103714494)",
     .removed_in = "0.8.2"},
    // DFlash (v0.20.0) drafts with non-causal attention. #41559 (v0.20.0, RTX 3090) went through every
    // backend: FLASH_ATTN's non-causal path lists no fp8 string, FLASHINFER and TRITON_ATTN refuse
    // non-causal attention, FLEX_ATTENTION has no fp8 on it, TURBOQUANT is causal-only; so a
    // quantized cache with a DFlash drafter finds no backend at start-up. #43081 (merged 2026-05-19)
    // routes the non-causal batches through FlashInfer's native prefill with causal=False, fp8
    // included; its first release is not established.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2 turboquant_k8v4 turboquant_4bit_nc turboquant_k3v4_nc turboquant_3bit_nc",
              .platforms = "cuda", .flags_all = flag_speculative, .speculative_methods = "dflash"},
     .detail = "a DFlash drafter's non-causal attention needs a backend that takes both non-causal attention and a quantized "
               "cache, and v0.20.0 has none (FLASH_ATTN excludes fp8 on its non-causal path, FLASHINFER and TRITON_ATTN "
               "refuse non-causal attention, TURBOQUANT is causal-only): start-up fails",
     .affected_in = "0.20.0", .fix_pr = "vllm-project/vllm#43081",
     .selection = false,
     .source = "vllm-project/vllm#41559 (closed; v0.20.0, RTX 3090, compatibility matrix of every backend), #42692 ('there are no "
               "supported attention backend combinations with non-causal + FP8 KV-Cache'), #43081 (merged 2026-05-19: DFlash "
               "with FlashInfer, 'On RTX 4090, using FP8 KV cache requires the combination of DFlash + FlashInfer')"},
    // On SM100 FlashInfer hands trtllm-gen an fp8 query; trtllm-gen is causal-only, so a DFlash
    // drafter's non-causal layers go to fa2, which refuses an fp8 query. A ModelOpt checkpoint that
    // declares an fp8 cache hits it with --kv-cache-dtype left at auto. #49293 keeps Q in the model
    // dtype there; open, so no release carries the fix.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 100, .max_cc = 103,
              .flags_all = flag_speculative, .speculative_methods = "dflash"},
     .detail = "FlashInfer on SM100 quantizes the query to the fp8 cache's format, but a DFlash drafter's non-causal layers "
               "run on fa2 (trtllm-gen is causal-only), which refuses it: 'fp8 tensor core is not supported in fa2 backend' "
               "at start-up",
     .fix_pr = "vllm-project/vllm#49293",
     .selection = false,
     .source = "vllm-project/vllm#49293 (open 2026-07-21: nvidia/Qwen3.6-27B-NVFP4 + z-lab/Qwen3.6-27B-DFlash on B200, 'startup "
               "assert regardless of --kv-cache-dtype'), #48234, #46105"},
    // FlashInfer's non-causal path has no NVFP4 reader outside the FA2 paged prefill of SM12x, and
    // the builder raises for it (#53979 would open the FA2 reader on sm120/sm121). Reported on main.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_quant = "nvfp4", .platforms = "cuda", .flags_all = flag_speculative,
              .speculative_methods = "dflash"},
     .detail = "a DFlash drafter's non-causal layers over an NVFP4 cache reach FlashInfer's guard 'FlashInfer non-causal "
               "attention is not supported with NVFP4 KV cache' (NotImplementedError; trtllm-gen is causal-only)",
     .fix_pr = "vllm-project/vllm#53979",
     .selection = false,
     .source = "vllm-project/vllm#53979 (open 2026-09-05: vllm/v1/attention/backends/flashinfer.py raise quoted in its diff), "
               "#43081 (the non-causal FlashInfer path and its NVFP4 exclusion)"},
    // int4_per_token_head sized the Triton metadata's head from the global model config and the
    // cache reshape for one head size: with sliding-window layers (Gemma 4: 256-wide sliding and
    // 512-wide full-attention layers) engine start dies in a reshape. #48842 takes the size per KV
    // cache group; open.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "int4_per_token_head", .sliding_window = Tri::yes},
     .detail = "with sliding-window layers int4_per_token_head's cache reshape and Triton metadata take one head size for "
               "every layer group, and engine start dies in a reshape",
     .affected_in = "0.25.1", .fix_pr = "vllm-project/vllm#48842",
     .selection = false,
     .source = "vllm-project/vllm#48721 (open 2026-07-15, '[Bug]: v0.25.1 int4_per_token_head crashes with SWA models': "
               "vllm serve google/gemma-4-12B-it --kv-cache-dtype int4_per_token_head), #48842 (open fix; triton_attn.py "
               "head size from kv_cache_spec)"},
    // --calculate-kv-scales computed the scales on the first forward and attention kept using the
    // 1.0 it was built with; #27232 (merged 2025-10-21) applies them. v0.11.1 (2025-11-18) is the
    // first release after the merge; since which release the scales were dropped is not established.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.kv_cache_dtypes = "fp8 fp8_e4m3 fp8_e5m2", .kv_scales_sources = "computed"},
     .detail = "--calculate-kv-scales computes the k/v scales on the first forward, but attention kept the 1.0 it was built "
               "with: the cache runs uncalibrated",
     .fixed_in = "0.11.1", .fix_pr = "vllm-project/vllm#27232",
     .selection = false,
     .source = "vllm-project/vllm#27102, fix #27232 (merged 2025-10-21, '[Bugfix] Ensure calculated KV scales are applied in "
               "attention': Qwen/Qwen3-8B --quantization fp8 --kv-cache-dtype fp8_e4m3 --calculate-kv-scales, TP2)"},
    // TRITON_ATTN with a per-tensor fp8 cache and an fp8 query: _cast_kv_tile's fp8-Q fast path
    // returns data.to(Q.dtype) and never multiplies by the per-tensor K/V scale, so calibrated
    // (non-unity) scales are dropped. #42580 and #42916 (fold the scales into softmax/output scale)
    // were both closed unmerged; no fix is known.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "TRITON_ATTN", .kv_quant = "fp8_per_tensor", .q_formats = "float8_e4m3fn", .kv_scales = Tri::yes},
     .detail = "with an fp8 query TRITON_ATTN keeps the fp8 K/V tiles as they are and skips their per-tensor descale: calibrated "
               "k/v scales are dropped (all-special-token output on poolside/Laguna-XS.2-FP8; no fix merged)",
     .selection = false,
     .source = "vllm-project/vllm#42580 (closed 2026-05-13: triton_unified_attention.py _cast_kv_tile @ca7e4546, 'if Q.dtype.is_fp8(): "
               "return data.to(Q.dtype)'), #42916 (closed: the assert layer._q_scale_float == 1.0 on the same path), #41651"},
    // Qwen3.8-Flash-Next (Qwen4Exp, #53896, merged 2026-08-28; 0.29.0 is the first release after it)
    // raises in its QSA layers for any quantized main cache ('Qwen4Exp QSA requires a BF16 main KV
    // cache'); the fp8 port in the PR's comments is a gist, not merged.
    {.engine = Engine::vllm, .rule = "KVD017",
     .when = {.v_quantized = true, .architectures = "Qwen4ExpForCausalLM Qwen4ExpForConditionalGeneration qwen4_exp"},
     .detail = "Qwen4Exp's QSA layers take only a bfloat16 main cache and raise for any other ('Qwen4Exp QSA requires a BF16 "
               "main KV cache')",
     .introduced_in = "0.29.0",
     .selection = false,
     .source = "vllm-project/vllm#53896 (merged 2026-08-28, '[Model] Support Qwen3.8-Flash-Next'; comment: 'kv_quant_mode is "
               "plumbed but every gate raises \"Qwen4Exp QSA requires a BF16 main KV cache\"')"},
    // FlashInfer's fp8 GEMM on SM12x: with an fp8 cache and a DSpark drafter on GB10, engine init
    // reaches flashinfer bmm_fp8 -> fp8_gemm_sm100 -> _cudnn_gemm_fp8 and cuDNN fails to launch
    // (err 715). flashinfer-ai/flashinfer#4426 (open) gates cuDNN out of fp8_gemm_sm100 on SM12x.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "FLASHINFER", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 121, .max_cc = 121,
              .flags_all = flag_speculative, .speculative_methods = "dspark"},
     .detail = "engine init reaches FlashInfer's bmm_fp8, whose fp8_gemm_sm100 dispatch runs a cuDNN fp8 GEMM that fails on "
               "SM12x (CUDNN_STATUS_EXECUTION_FAILED, err 715); without --kv-cache-dtype fp8 the same launch starts",
     .fix_pr = "flashinfer-ai/flashinfer#4426",
     .selection = false,
     .source = "vllm-project/recipes#836 and NVIDIA/dgx-spark-playbooks#107 (2026-08-23: GB10, nightly 0.1.dev19908+g728d3ad09, "
               "flashinfer 0.6.16.post3, Nemotron-3.5-Lightning NVFP4 + DSpark drafter); flashinfer-ai/flashinfer#4426 (open), "
               "#3566 (0.6.11.post2), #4165 (the bmm_fp8 heuristic's SM12x gate)"},
    // ROCm AITER MLA with MTP under P/D: the verification decode (more than one query token per
    // request) planned its metadata for another query shape and dtype than the verify batch runs.
    // #45227 (merged after a review of 2026-07-18) sizes it with the MTP qlen and the fp8 dtype; its
    // first release is not established. Reported on a ROCm 7.2 main build (0.1.dev0).
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.backends = "ROCM_AITER_MLA ROCM_AITER_TRITON_MLA", .kv_quant = "fp8_per_tensor", .attention = "mla",
              .platforms = "rocm", .flags_all = flag_speculative, .speculative_methods = "mtp"},
     .detail = "AITER MLA's decode metadata was sized for a single-token, model-dtype query while MTP verification decodes "
               "several tokens per request with an fp8 query (MI300X P/D deployments)",
     .fix_pr = "vllm-project/vllm#45227",
     .selection = false,
     .source = "vllm-project/vllm#45750 (open 2026-06-16: '[Bug][ROCm][P/D] AITER FP8 experts and MLA/MTP decode need MI300X P/D "
               "fixes': 'ROCm AITER MLA verification decode must size metadata for the real MTP verification shape and dtype'); "
               "#45227 ('[Bugfix][ROCm] AITER MLA: size MTP verification decode metadata for real qlen/dtype', merged); the dtype half is #47276's"},
    // CompressedTensorsKVCacheMethod overrode process_weights_after_loading without setting the float
    // copies of the scales (_k_scale_float, _v_scale_float), which FlashInfer, FlashInfer MLA and
    // ROCm AITER unified attention read: compressed-tensors fp8-KV checkpoints ran at 1.0 there and
    // produced garbage (0.19.0 + FlashInfer 0.6.6 on L40S). #34863 fixed it (reviewer: 'Fixed',
    // 2026-04-29), after v0.20.0 (04-27); its first release is not established.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.backends = "FLASHINFER FLASHINFER_MLA FLASHINFER_MLA_SPARSE ROCM_AITER_UNIFIED_ATTN", .kv_quant = "fp8_per_tensor",
              .weight_quantizations = "compressed-tensors", .kv_scales = Tri::yes},
     .detail = "a compressed-tensors checkpoint's KV scales never reach the float copies FlashInfer and AITER unified attention "
               "read (CompressedTensorsKVCacheMethod skips them), so the fp8 cache runs at scale 1.0: garbage output",
     .affected_in = "0.19.0 0.20.0", .fix_pr = "vllm-project/vllm#34863",
     .selection = false,
     .source = "vllm-project/vllm#34863 (comment of 2026-04-29: 8x L40S, vLLM 0.19.0 + FlashInfer 0.6.6, garbage from compressed-tensors "
               "FP8 KV models; 10 FlashInfer sites, 3 AITER unified, 4 FlashInfer MLA; 'Fixed' the same day)"},
    // Gemma 4 with a turboquant_* cache on ROCm: Gemma4Config forces TRITON_ATTN against the
    // TURBOQUANT backend, and ROCm's CK flash_attn takes head_dim <= 256 while the full-attention
    // layers are 512 wide ('CK only supports head dimension at most 256' at warmup). #53231 (open)
    // adds a TurboQuant page spec for the 512 layers and fp8 for the sliding ones.
    {.engine = Engine::vllm, .rule = "KVD070",
     .when = {.kv_cache_dtypes = "turboquant_k8v4 turboquant_4bit_nc turboquant_k3v4_nc turboquant_3bit_nc", .platforms = "rocm",
              .group_head_sizes = "512"},
     .detail = "Gemma 4's 512-wide full-attention layers with a TurboQuant cache on ROCm reach CK flash_attn, which takes "
               "head_dim <= 256 ('CK only supports head dimension at most 256' at warmup), and Gemma4Config's TRITON_ATTN "
               "override conflicts with the TURBOQUANT backend",
     .fix_pr = "vllm-project/vllm#53231",
     .selection = false,
     .source = "vllm-project/vllm#53231 (open 2026-08-21, '[ROCm] TurboQuant KV cache support for Gemma 4')"},
    // ==== Session 48 (GR): a second harvest ===========================================================
    // Qwen2/Qwen2.5 (Qwen2ForCausalLM: no QK-norm, K projections with a bias) leave e4m3's range
    // under the per-tensor scale 1.0 vLLM falls back to without calibrated scales: RL rollouts of
    // Qwen2.5-Math-7B with an fp8 cache fell to accuracy ~0 (question-mark output) while Qwen3-8B (QK-norm)
    // was fine. The same family's fp8 KV broke on TensorRT-LLM too (#4218, #2699). Calibrated k/v
    // scales are what the fp8 path needs; without them a warning, whatever the backend.
    {.engine = Engine::vllm, .rule = "KVD071",
     .when = {.kv_quant = "fp8_per_tensor", .architectures = "Qwen2ForCausalLM qwen2", .kv_scales = Tri::no},
     .detail = "Qwen2/Qwen2.5 checkpoints (no QK-norm) overflow an e4m3 cache at the default scale 1.0: Qwen2.5-Math-7B "
               "rollouts fell to accuracy ~0 (runs of question marks and slashes) while Qwen3 was unaffected; calibrated k/v scales avoid it",
     .selection = false,
     .source = "verl-project/verl#4435 (comment 2026-03-29: Qwen2.5-Math-7B vs Qwen3-8B-Base with vLLM's FP8 KV cache); "
               "NVIDIA/TensorRT-LLM#4218, #2699 (the same family's FP8 KV on TensorRT-LLM)"},
};
static_assert(closed_words_known(kRows), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kRows), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Constraint> vllm_constraints() noexcept { return kRows; }

}  // namespace kvdtype::tables
