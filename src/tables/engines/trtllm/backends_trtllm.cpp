// TensorRT-LLM's attention backends (PyTorch flow, LLM API attn_backend / YAML attn_backend):
// TRTLLM (the default), FLASHINFER and VANILLA, and the constraints on KV-cache dtypes.
//
// Read from NVIDIA/TensorRT-LLM documentation (docs/source/torch/attention.md,
// features/attention.md on nvidia.github.io): three backends, TRTLLM the default and the
// production one (context FMHA, masked MHA / XQA for generation, FP8 KV-cache quantization),
// VANILLA a reference implementation, FLASHINFER selectable with attn_backend="flashinfer".
// Which KV dtypes the VANILLA and FLASHINFER backends read was not established from the material
// here: their rows accept every string and say so, so kvdtype never refuses on a guess.
// FMHA/XQA/MMHA kernel availability per SM family and head size is in src/tables/kernels.cpp
// (library "tensorrt-llm"), read from the C++ sources cited there; docs/engines/trtllm.md says
// what is and is not known.
//
// Q with a quantized cache (TensorRT-LLM computes attention in fp8, it never asks the caller):
//   - SM100 family, generation: XqaDispatcher runs the trtllm-gen kernels and its preprocessing
//     converts Q to E4M3 for an E4M3 or E2M1 (NVFP4) cache ("both the NVFP4 KV kernels and FP8 KV
//     kernels uses FP8 input for Q", cpp/tensorrt_llm/kernels/xqaDispatcher.cpp); isSupported()
//     refuses a Q that differs from the math dtype. Hence q_policy kv_format on the SM100 family
//     (isSM100Family: SM100, SM103; the row says 100 to 109).
//   - NVFP4 needs FP8 context FMHA as well (AttentionOp::initialize: "mFP8ContextFMHA must enable
//     if FP4 KV cache is enabled"; NVIDIA/TensorRT-LLM#6244: "FP8 attention is necessary for both
//     context and generation phase").
//   - SM80-SM90 and SM120, generation: the XQA kernels take a 16-bit Q and read the E4M3 cache
//     (kernelUtils.cpp supportConfigHMMA/QGMMA: data_type fp16/bf16, kv_cache_data_type E4M3) —
//     except SM120 MLA, whose XQA kernel takes an E4M3 Q (supportConfigMLA). The plan keeps the
//     model dtype there.
//   - Context: with FP8 KV and paged context FMHA (KV block reuse, on by default, or chunked
//     prefill) the context FMHA is FP8 too (thop/attentionOp.cpp), which only SM89/90/100/103/
//     120/121 have: constraint KVD223 below.
// q_strict = false: TensorRT-LLM quantizes Q itself, so a 16-bit Q handed to it is not wrong.
#include "tables/tables.hpp"
#include "tables/words.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::tables {
namespace {

constexpr Backend kTrtllmBackends[] = {
    {.engine = Engine::trtllm, .name = "TRTLLM", .aliases = "trtllm trt-llm", .platforms = "cuda",
     .attention = "mha gqa mqa mla sparse-mla", .kv_cache_dtypes = "auto fp8 nvfp4 int8",
     .model_dtypes = "float16 bfloat16",
     .q_policy = QPolicy::kv_format, .q_kv_format_min_cc = 100, .q_kv_format_max_cc = 109, .q_strict = false,
     .notes = "default; context FMHA, XQA generation (trtllm-gen on SM100/SM103), MMHA fallback; with an fp8 or "
              "nvfp4 cache Q is quantized to e4m3 on SM100/SM103 (elsewhere: 16-bit Q in XQA, fp8 Q in paged context FMHA)",
     .source = "TensorRT-LLM docs/source/torch/attention.md (TrtllmAttention, default attn_backend); "
               "features/quantization.md support matrix; cpp/tensorrt_llm/kernels/xqaDispatcher.cpp (fp8 Q on SM100)"},
    {.engine = Engine::trtllm, .name = "FLASHINFER", .aliases = "flashinfer", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8 nvfp4 int8", .model_dtypes = "float16 bfloat16",
     .notes = "attn_backend: flashinfer; which KV dtypes it reads was not established (not refused here)",
     .source = "TensorRT-LLM docs/source/torch/attention.md (FlashInferAttention)"},
    {.engine = Engine::trtllm, .name = "VANILLA", .aliases = "vanilla", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8 nvfp4 int8", .model_dtypes = "float16 bfloat16 float32",
     .notes = "reference implementation, not for production; which KV dtypes it reads was not established",
     .source = "TensorRT-LLM docs/source/torch/attention.md (VanillaAttention)"},
    // AutoDeploy (trtllm-serve --backend _autodeploy) replaces the model's attention with its own
    // cached-attention ops, picked by transforms.insert_cached_attention.backend (the LLM API's
    // attn_backend is a shortcut for it; llm_args.py _TRANSFORMS_SHORTCUT_LOOKUP) and flashinfer by
    // default (config/default.yaml). The launch reader names them AD_<OP> (launch_trtllm.cpp); they
    // are never picked by selection. Their cache is KvCacheConfig.dtype or the checkpoint's
    // kv_cache_quant_algo (get_cache_initializers: cache_config.dtype, else the model's K dtype).
    // Which releases each op read an fp8 cache in was not placed (NVIDIA/TensorRT-LLM#4329 asked
    // for it in the triton op, 2025-05; #9107 'AutoDeploy: Support fp8 kv cache', main f6f6e1f25d
    // of 2025-11-13, lies between the 1.2.0rc3 and 1.2.0rc4 version bumps), hence fp8 is listed as
    // not established wherever the read code is only a later snapshot.
    {.engine = Engine::trtllm, .name = "AD_FLASHINFER", .aliases = "autodeploy-flashinfer", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8", .model_dtypes = "float16 bfloat16",
     .notes = "AutoDeploy's flashinfer op (its default): K/V appended as e4m3 into an fp8 cache, Q kept 16-bit; "
              "prefill and decode wrappers forced to FlashInfer's fa2 backend on SM90",
     .source = "TensorRT-LLM tensorrt_llm/_torch/auto_deploy/custom_ops/attention/flashinfer_attention.py @0b769194 "
               "(_FlashInferPlanner, flashinfer_mha_with_cache); config/default.yaml @0034d905 "
               "(insert_cached_attention.backend: flashinfer); llm_args.py @01e5db06"},
    {.engine = Engine::trtllm, .name = "AD_TRITON", .aliases = "autodeploy-triton", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8", .model_dtypes = "float16 bfloat16",
     .fp8_path = Fp8Path::triton,
     .notes = "AutoDeploy's triton op: Triton kernels load the cache and cast it to Q's dtype (an fp8 cache is "
              "converted in the kernel)",
     .source = "TensorRT-LLM tensorrt_llm/_torch/auto_deploy/custom_ops/attention/triton_attention.py @07880c41 "
               "(_flash_decode_stage1_kernel: loads cast to q dtype); NVIDIA/TensorRT-LLM#4329",
     .kv_cache_dtypes_unknown = "fp8",
     .coverage_unknown = "the releases in which AutoDeploy's triton op reads an fp8 cache (a 2026 snapshot, "
                         "triton_attention.py @07880c41, casts it in the kernel; #4329 of 2025-05 asked for it)"},
    {.engine = Engine::trtllm, .name = "AD_TORCH", .aliases = "autodeploy-torch", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8", .model_dtypes = "float16 bfloat16 float32",
     .notes = "AutoDeploy's torch reference op (torch.matmul over the cached K/V)",
     .source = "TensorRT-LLM tensorrt_llm/_torch/auto_deploy/custom_ops/attention/torch_backend_attention.py @086f0cea",
     .kv_cache_dtypes_unknown = "fp8",
     .coverage_unknown = "whether AutoDeploy's torch reference op reads an fp8 cache (it multiplies Q by the cached K "
                         "with torch.matmul; no dequantization step was read)"},
    {.engine = Engine::trtllm, .name = "AD_TRTLLM", .aliases = "autodeploy-trtllm", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8", .model_dtypes = "float16 bfloat16",
     .notes = "AutoDeploy's op over TensorRT-LLM's attention kernels",
     .source = "TensorRT-LLM tensorrt_llm/_torch/auto_deploy/custom_ops/attention/trtllm_attention.py @0a909f14 (not read)",
     .kv_cache_dtypes_unknown = "*",
     .coverage_unknown = "which KV dtypes AutoDeploy's trtllm attention op takes (trtllm_attention.py not read)"},
};
static_assert(closed_words_known(kTrtllmBackends), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

constexpr SelectionOrder kTrtllmSelection[] = {
    {.engine = Engine::trtllm, .platform = "cuda", .order = "TRTLLM",
     .source = "TensorRT-LLM LLM API: attn_backend defaults to TRTLLM (docs/source/torch/attention.md)"},
    // TensorRT-LLM runs on NVIDIA GPUs only: elsewhere the default backend is refused (KVD014).
    {.engine = Engine::trtllm, .platform = "rocm cpu metal sycl cann vulkan tpu", .order = "TRTLLM",
     .source = "TensorRT-LLM: NVIDIA GPUs only (docs/source/overview.md)"},
};
static_assert(closed_words_known(kTrtllmSelection), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

using enum Severity;

constexpr Constraint kTrtllmConstraints[] = {
    // Support matrix of features/quantization.md (1.3/1.4): NVFP4 KV on Blackwell SM100/SM103 only;
    // Hopper, Ada, Ampere and SM120 (RTX 50 / RTX PRO 6000) are "no". trtllm-gen ships NVFP4 KV
    // cubins for SM10x only (NVIDIA/TensorRT-LLM#10241); 0.21 on an RTX 5090 had no way to pick it (#7988).
    {.engine = Engine::trtllm, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "nvfp4", .platforms = "cuda", .min_cc = 100, .max_cc = 103, .outside_cc = true},
     .detail = "the NVFP4 KV cache needs Blackwell SM100/SM103 (B200, GB200, B300); Hopper, Ada, Ampere and SM120 "
               "have no NVFP4 KV kernels in TensorRT-LLM",
     .source = "TensorRT-LLM docs/source/features/quantization.md support matrix; NVIDIA/TensorRT-LLM#10241, #7988"},
    // The same, reached through auto and a checkpoint that declares NVFP4 KV.
    {.engine = Engine::trtllm, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "auto", .kv_quant = "nvfp4", .platforms = "cuda", .min_cc = 100, .max_cc = 103,
              .outside_cc = true},
     .detail = "the checkpoint's kv_cache_quant_algo NVFP4 makes auto an NVFP4 cache, which needs Blackwell SM100/SM103",
     .source = "TensorRT-LLM docs/source/features/quantization.md support matrix; NVIDIA/TensorRT-LLM#10241"},
    // FP8 KV + paged context FMHA (KV block reuse is on by default: llm_args.py KvCacheConfig
    // enable_block_reuse=True) makes the context FMHA FP8, with Q quantized to E4M3
    // (thop/attentionOp.cpp: mFP8ContextFMHA = ... || (hasFp8KvCache() && use_paged_context_fmha)),
    // and AttentionOp::initialize() refuses FP8 FMHA outside sm_89, 90, 100, 103, 120, 121. A
    // warning, not an error: with block reuse and chunked prefill off the context FMHA stays 16-bit
    // and XQA (HMMA, SM80+) reads the fp8 cache, and kvdtype does not read enable_block_reuse.
    // Thor/SM110 (inside the range, not in the list) is not modelled.
    {.engine = Engine::trtllm, .rule = "KVD223",
     .when = {.backends = "TRTLLM", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 89, .max_cc = 121,
              .outside_cc = true},
     .detail = "AttentionOp::initialize() refuses FP8 FMHA outside sm_89, sm_90, sm_100f, sm_120 and sm_121 ('FP8 FMHA "
               "can only be enabled on ...') whenever paged context FMHA is on: KV block reuse (on by default) or "
               "chunked prefill",
     .selection = false,
     .source = "TensorRT-LLM cpp/tensorrt_llm/thop/attentionOp.cpp; cpp/tensorrt_llm/common/attentionOp.cpp "
               "initialize() @eea41b73; tensorrt_llm/llmapi/llm_args.py KvCacheConfig"},
    // Before v0.20.0 the same gate knew Blackwell as sm_100 only: an RTX 5090 (sm_120) building or
    // running with FP8 context FMHA hit 'FP8 FMHA cannot be enabled except on Ada or Hopper or
    // Blackwell Arch.' (common/attentionOp.cpp:2357 of the 0.17/0.18 line, #2855, reproduced by
    // NVIDIA on a 5090 on 2025-03-15 and verified fixed in v0.20.0). Same warning as above.
    {.engine = Engine::trtllm, .rule = "KVD223",
     .when = {.backends = "TRTLLM", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 120, .max_cc = 121},
     .detail = "before v0.20.0 AttentionOp::initialize() took Blackwell to mean sm_100 and refused FP8 FMHA on sm_120/121 "
               "('FP8 FMHA cannot be enabled except on Ada or Hopper or Blackwell Arch.')",
     .selection = false,
     .source = "NVIDIA/TensorRT-LLM#2855 (RTX 5090, cpp/tensorrt_llm/common/attentionOp.cpp:2357; closed 2025-07-31: "
               "'verified fixed in v0.20.0')",
     .removed_in = "0.20.0"},
    // gpt-oss's learned attention sinks: the attention op asserted 'The attention sinks is only
    // supported on SM90' off Hopper and the trtllm-gen (sm_100) path, so gpt-oss on an RTX 5090 or
    // a DGX Spark (sm_120/121) failed at the first forward; 1.2.0rc3 still did ("not yet released",
    // #8474); 1.2.0 runs it (a public fail/pass smoke test: fail on 1.1.0rc1, pass on 1.2.0).
    {.engine = Engine::trtllm, .rule = "KVD017",
     .when = {.platforms = "cuda", .min_cc = 120, .max_cc = 121, .attention_sinks = Tri::yes},
     .detail = "TensorRT-LLM's attention op asserted 'The attention sinks is only supported on SM90' for gpt-oss's "
               "learned sinks on sm_120/121",
     .selection = false,
     .source = "NVIDIA/TensorRT-LLM#6892 (RTX 5090, image release:gpt-oss-dev), #8474 (DGX Spark, 1.2.0rc3); a DGX Spark "
               "smoke test of TensorRT-LLM images: release:1.1.0rc1 asserts, release:1.2.0 runs openai/gpt-oss-20b",
     .removed_in = "1.2.0"},
    // The PyTorch flow's documents list FP8 and NVFP4 KV only; INT8 KV is the legacy TensorRT flow's.
    {.engine = Engine::trtllm, .rule = "KVD221",
     .when = {.kv_quant = "int8_per_tensor"},
     .detail = "the checkpoint declares kv_cache_quant_algo INT8",
     .source = "TensorRT-LLM docs/source/features/quantization.md (1.2-1.4 list FP8 and NVFP4 KV only); "
               "tensorrt_llm/quantization/mode.py INT8_KV_CACHE"},
    // Qwen2 (Qwen2.5) with an FP8 KV cache, two reports of wrong output: 0.19.0 served a
    // Qwen2.5-Coder-7B fine-tune correctly with a 16-bit cache and wrongly with kv_cache_quant_algo
    // FP8 (LLM API, #4218, closed without a stated cause or fix); Qwen2.5-7B-Instruct with an FP8 cache
    // answered wrongly once KV cache reuse was on (#2699, open, retested on main af04b6f6aa6 in
    // 2025-04). Only 0.19.0 is a release either names; other releases get a warning naming no fix.
    {.engine = Engine::trtllm, .rule = "KVD071",
     .when = {.kv_quant = "fp8_per_tensor", .architectures = "Qwen2ForCausalLM"},
     .detail = "Qwen2.5 models gave wrong output with an FP8 KV cache and correct output without it (tensorrt-llm "
               "0.19.0, #4218; with KV cache reuse, on by default, #2699); no cause or fix was stated",
     .affected_in = "0.19.0",
     .selection = false,
     .source = "NVIDIA/TensorRT-LLM#4218 (closed 2025-05-12: 'FP8 KV Cache is Broken for Qwen2.5', tensorrt-llm==0.19.0); "
               "NVIDIA/TensorRT-LLM#2699 (open: 'Wrong outputs with FP8 kv_cache reuse', Qwen2.5-7B-Instruct)"},
    // INT4 AWQ weights (16-bit compute) with an FP8 cache: paged context FMHA asks for a fused kernel
    // with a 16-bit Q over an FP8 paged cache (D=128, causal, Q_PAGED_KV), which is not precompiled,
    // and context prefill fails with 'FMHA kernels are not found' (NVIDIA/TensorRT-LLM#8862, from
    // nvbug 5478158: W4A16 AWQ; #9253: W4A8 AWQ on an L20 with 1.2.0rc1 and its release image).
    // #8862 (disable paged context FMHA for that pairing) closed unmerged; its reviewer's answer was
    // to convert Q to FP8 instead; no fix or release is named, so only 1.2.0rc1 is a known-affected
    // release. Bounded to the fmha_v2 generations (SM80-SM90): the SM100 family's trtllm-gen context
    // kernels were not read for this pairing.
    {.engine = Engine::trtllm, .rule = "KVD070",
     .when = {.backends = "TRTLLM", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 80, .max_cc = 90,
              .weight_quantizations = "w4a16_awq w4a8_awq"},
     .detail = "INT4 AWQ weights with an FP8 KV cache: paged context FMHA needs a 16-bit-Q x FP8-paged-KV fused "
               "kernel that is not precompiled, and context prefill fails with 'FMHA kernels are not found'",
     .affected_in = "1.2.0rc1",
     .selection = false,
     .source = "NVIDIA/TensorRT-LLM#8862 (closed 2025-11, unmerged: root cause Q=FP16/BF16, KV=FP8, Q_PAGED_KV, D=128); "
               "NVIDIA/TensorRT-LLM#9253 (open 2025-11-18: W4A8 AWQ + FP8 KV, L20, 1.2.0rc1)"},
    // Session 44 (TB). An Eagle-3 drafter kept in 16 bits over the target's FP8 KV pool: the
    // drafter's attention layers write a 16-bit output, so the op left FP8 context FMHA off
    // (thop/attentionOp.cpp @00dbe288: mFP8ContextFMHA = is_fp8_out), while paged context FMHA
    // over an FP8 cache sets the FMHA's KV type to E4M3 (common/attentionOp.cpp @00dbe288
    // initialize()); outside the SM100 family FmhaDispatcher (fmhaDispatcher.cpp @f59aed07) then
    // refuses a Q type that differs from the KV type ('KV cache data type e4m3 is not the same as
    // input data type fp16'). Reported on 1.0.0rc6 (#7842, one-model layout). The fix (#7805,
    // closed, re-landed as #8910 under the same nvbug 5498478) forces FP8 context FMHA for such a
    // layer: later code reads mFP8ContextFMHA = is_fp8_out || is_fp4_out || (hasFp8KvCache() &&
    // use_paged_context_fmha) (thop/attentionOp.cpp @38134b13). #8910 is main commit b275635a9a of
    // 2025-11-06, before 'Bump version to 1.2.0rc3' (c836ae5aaa, 2025-11-07), so every 1.2.0rc3
    // build carries it; whether 1.2.0rc2 does was not established (hence a warning there).
    {.engine = Engine::trtllm, .rule = "KVD070",
     .when = {.backends = "TRTLLM", .kv_quant = "fp8_per_tensor", .platforms = "cuda", .min_cc = 100, .max_cc = 103,
              .outside_cc = true, .speculative_methods = "eagle3"},
     .detail = "an Eagle-3 drafter kept in 16 bits shares the target's FP8 KV pool; with paged context FMHA (KV block "
               "reuse, on by default, or chunked prefill) its context FMHA gets a 16-bit Q over an E4M3 cache and "
               "FmhaDispatcher aborts ('KV cache data type e4m3 is not the same as input data type fp16')",
     .affected_in = "1.0.0rc6",
     .fixed_in = "1.2.0rc3",
     .fix_pr = "NVIDIA/TensorRT-LLM#8910",
     .selection = false,
     .source = "NVIDIA/TensorRT-LLM#7842 (open, 2025-09-18: 1.0.0rc6, FP16 Eagle-3 head, FP8 target, one-model: "
               "fmhaDispatcher.cpp:58); #7805 (closed: 'Fix eagle3 fp8 kv target model + bf16 draft model + chunked "
               "prefill', nvbug 5498478, forces FP8 FMHA for a 16-bit layer over an FP8 cache); #8910 (merged, same "
               "title: main b275635a9a, 2025-11-06, before c836ae5aaa 'Bump version to 1.2.0rc3'); "
               "cpp/tensorrt_llm/kernels/fmhaDispatcher.cpp @f59aed07; thop/attentionOp.cpp @00dbe288 and @38134b13"},
    // Session 44 (TB). DeepSeek-R1 with W4A8-AWQ experts (Barrrrry/DeepSeek-R1-W4AFP8: hf_quant_config
    // MIXED_PRECISION, W4A8_AWQ for the MoE experts) and an FP8 cache with block reuse on 4x H200, in the
    // nvcr.io release image 1.2.0rc0, dies with an illegal memory access in the SM90 context MLA kernel
    // (fmha_v2 bf16 192x128, separate Q/K/V). The issue is open and names no cause or fix; the attention
    // layers themselves are not the W4A8 ones, so the weights are the report's configuration, not an
    // established cause. Bounded to what was reported (as the Qwen2 KVD071 row above): FP8 DeepSeek
    // checkpoints with an FP8 cache on Hopper are documented as supported and are not matched.
    {.engine = Engine::trtllm, .rule = "KVD070",
     .when = {.backends = "TRTLLM", .kv_quant = "fp8_per_tensor", .attention = "mla", .platforms = "cuda",
              .min_cc = 90, .max_cc = 90, .weight_quantizations = "w4a8_awq"},
     .detail = "DeepSeek-R1 with W4A8-AWQ experts and an FP8 cache hit an illegal memory access in the SM90 context "
               "MLA kernel (fmha_v2 bf16 192x128, separate Q/K/V) on 4x H200; the cause and a fix are not established",
     .affected_in = "1.2.0rc0",
     .selection = false,
     .source = "NVIDIA/TensorRT-LLM#8125 (open, 2025-10-02: nvcr.io/nvidia/tensorrt-llm/release:1.2.0rc0, 4x H200, "
               "Barrrrry/DeepSeek-R1-W4AFP8, kv_cache_config dtype fp8 with enable_block_reuse, tp 4)"},
};
static_assert(closed_words_known(kTrtllmConstraints), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kTrtllmConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Backend> trtllm_backends() noexcept { return kTrtllmBackends; }
std::span<const SelectionOrder> trtllm_selection() noexcept { return kTrtllmSelection; }
std::span<const Constraint> trtllm_constraints() noexcept { return kTrtllmConstraints; }

}  // namespace kvdtype::tables
