// Compiled-kernel availability (src/tables/rows/kernel.hpp): library facts (KernelRow), and which
// kernel family each engine backend reaches (KernelRoute, in each engine's folder:
// engines/<engine>/kernel_routes_<engine>.cpp). How check() joins them:
// docs/tables.md, "Kernels". Only `missing` and `broken` rows fire anything; `cubin` and `jit`
// rows record what exists, so that a reader sees the gap next to what the library does ship.
//
// Read from: flashinfer include/flashinfer/trtllm/fmha/fmhaRunner.cuh (architecture check),
// TensorRT-LLM's attentionOp.cpp / xqaDispatcher.cpp / XQA kernelUtils.cpp (its own section below),
// flashinfer/prefill.py and utils.py (backend "auto" → fa2/fa3), flashinfer/mla/_core.py (MLA
// kv_data_type allow-list), vLLM v1/attention/backends/fa_utils.py, SGLang's DSA and trtllm_mla
// backends, and the reports named on each row.
#include <vector>

#include "tables/rows/kernel.hpp"
#include "tables/tables.hpp"

namespace kvdtype {
namespace {

using enum KernelStatus;

constexpr KernelRow kKernels[] = {
    // ---- FlashInfer: trtllm-gen FMHA / MLA (precompiled cubins, downloaded as flashinfer-cubin) ----
    {.library = "flashinfer", .family = "trtllm-gen-fmha", .min_cc = 100, .max_cc = 109, .status = cubin,
     .detail = "trtllm-gen FMHA and MLA cubins for the SM100 family (the runner accepts SM100, SM103 and SM107)",
     .source = "flashinfer include/flashinfer/trtllm/fmha/fmhaRunner.cuh:37 (mSM == kSM_100 || kSM_103 || kSM_107); flashinfer-ai/flashinfer#5290"},
    {.library = "flashinfer", .family = "trtllm-gen-fmha", .q_formats = "bfloat16 float16",
     .kv_formats = "nvfp4 float4_e2m1fn_x2", .min_cc = 100, .max_cc = 109, .status = missing,
     .detail = "every trtllm-gen E2M1-KV cubin is built with an e4m3 query: an NVFP4 cache needs Q quantized to fp8 ('Missing TRTLLM-GEN kernel' with a 16-bit query)",
     .source = "flashinfer-ai/flashinfer#4942 (decode.py check: 'NVFP4 KV cache requires an FP8 e4m3 query for the trtllm-gen backend')"},
    {.library = "flashinfer", .family = "trtllm-gen-fmha", .min_cc = 120, .max_cc = 129, .status = missing,
     .detail = "FlashInfer's trtllm-gen FMHA has no SM12x build: TllmGenFmhaRunner raises 'Unsupported architecture' and the wheels ship no sm120 FMHA cubins",
     .source = "flashinfer-ai/flashinfer#5290 (0.6.18 wheel: zero sm120 fmha cubins); sgl-project/sglang#40558, #37105, #36507 (sm_120/sm_121: 'TllmGenFmhaRunner ... Unsupported architecture')"},
    {.library = "flashinfer", .family = "trtllm-gen-fmha", .min_cc = 80, .max_cc = 99, .status = missing,
     .detail = "trtllm-gen kernels are Blackwell datacenter only; the runner refuses SM80/SM90",
     .source = "flashinfer fmhaRunner.cuh:37 architecture check"},

    // ---- FlashInfer: FA3 (SM90) and FA2 prefill/decode templates (JIT) -------------------------------
    {.library = "flashinfer", .family = "fa3-prefill", .q_formats = "bfloat16 float16", .kv_formats = "bfloat16 float16",
     .min_cc = 90, .max_cc = 90, .status = jit,
     .detail = "SM90 FA3 prefill for 16-bit Q and KV",
     .source = "flashinfer/prefill.py (backend fa3 on SM90); flashinfer-ai/flashinfer#4977"},
    {.library = "flashinfer", .family = "fa3-prefill", .q_formats = "bfloat16 float16",
     .kv_formats = "float8_e4m3fn float8_e5m2", .min_cc = 90, .max_cc = 90, .status = missing,
     .detail = "the SM90 FA3 prefill templates have no 16-bit-Q x fp8-KV instantiation (JIT fails: 'No eligible GMMA operator for request configuration'); FlashInfer's auto backend uses FA2 for this pair",
     .source = "flashinfer-ai/flashinfer#1304 (static_assert in mma_sm90.hpp), #4977 (open: 'Until now FA3 rejected this dtype pair'); vllm-project/vllm#27604, #31843, #29531"},
    {.library = "flashinfer", .family = "fa2", .q_formats = "bfloat16 float16",
     .kv_formats = "bfloat16 float16 float8_e4m3fn float8_e5m2", .min_cc = 80, .status = jit,
     .detail = "FA2 mixed precision: fp8 KV dequantized in registers, Q stays 16-bit (any SM80+ target)",
     .source = "flashinfer-ai/flashinfer#4977 (auto falls back to the FA2 mixed-precision kernel); vllm-project/vllm#24577"},
    {.library = "flashinfer", .family = "fa2", .q_formats = "bfloat16 float16", .kv_formats = "nvfp4 float4_e2m1fn_x2",
     .min_cc = 120, .max_cc = 121, .status = jit,
     .detail = "FA2 reads an NVFP4 cache on SM12x by dequantizing to 16-bit in the kernel (vLLM does not wire it)",
     .source = "vllm-project/vllm#49011 (flashinfer ships the kernels, vLLM isn't wired), #50288 (closed)"},

    // ---- FlashInfer: MLA (BatchMLAPagedAttentionWrapper) -------------------------------------------
    {.library = "flashinfer", .family = "fa3-mla", .q_formats = "bfloat16", .kv_formats = "float8_e4m3fn",
     .head_sizes = "576", .min_cc = 90, .max_cc = 90, .status = jit,
     .detail = "SM90 MLA with an fp8 e4m3 cache and bf16 Q, DeepSeek shape only (ckv 512 + kpe 64)",
     .source = "flashinfer-ai/flashinfer#3694 (merged 2026-06-23; closes #2144)"},
    {.library = "flashinfer", .family = "fa3-mla", .kv_formats = "float8_e4m3fn", .head_sizes = "512",
     .min_cc = 90, .max_cc = 90, .status = missing,
     .detail = "the fp8 MLA kernel is built for head_dim_ckv 512 with a 64-wide rope part only; a NoPE latent (512, no rope) has none",
     .source = "flashinfer-ai/flashinfer#3694 (head_dim_ckv=512, head_dim_kpe=64 enforced by static_assert and a plan-time check)"},
    {.library = "flashinfer", .family = "fa2-mla", .kv_formats = "float8_e4m3fn float8_e5m2", .status = missing,
     .detail = "FlashInfer MLA takes an fp8 cache only with the fa3 backend on SM90 ('FP8 kv_data_type for MLA is only supported with the fa3 backend'); SGLang casts the whole pool to bf16 instead",
     .source = "flashinfer mla/_core.py plan() (flashinfer-ai/flashinfer#3694); flashinfer-ai/flashinfer#2144"},

    // ---- FlashAttention (Dao-AILab / vllm-flash-attn) -------------------------------------------------
    {.library = "flash-attention", .family = "fa3", .q_formats = "float8_e4m3fn", .kv_formats = "float8_e4m3fn",
     .min_cc = 90, .max_cc = 90, .status = cubin,
     .detail = "FA3 fp8: Q, K and V in e4m3 with descales (q and k must share a dtype)",
     .source = "vllm-project/vllm#15191 (FA3 fp8 cache on Hopper); flash-attention hopper/flash_api.cpp"},
    {.library = "flash-attention", .family = "fa3-mla", .kv_formats = "float8_e4m3fn float8_e5m2",
     .min_cc = 90, .max_cc = 90, .status = missing,
     .detail = "the FA3 MLA (q_v) path needs q and k of one dtype while q_v must be fp16/bf16: no fp8 cache",
     .source = "vllm-project/vllm#46189 (flash_api.cpp mha_fwd checks); Dao-AILab/flash-attention#1877"},
    {.library = "flash-attention", .family = "fa4", .head_sizes = "256", .min_cc = 100, .max_cc = 109, .status = missing,
     .detail = "there is no FA4 kernel for head size 256 on the SM100 family: vLLM's version probe falls back to FA2, which takes no fp8 cache",
     .source = "vllm-project/vllm#42569 review (B300, head_size 256: vllm_flash_attn_version == 2)"},
    {.library = "flash-attention", .family = "fa4", .kv_formats = "float8_e4m3fn float8_e5m2", .min_cc = 90, .max_cc = 90,
     .status = missing,
     .detail = "FA4 has no fp8 KV path on Hopper",
     .source = "flashinfer-ai/flashinfer#3327 (vLLM FA4 on H100, Gemma-4)"},
    {.library = "flash-attention", .family = "fa4", .min_cc = 120, .max_cc = 129, .status = missing,
     .detail = "FA4 on consumer Blackwell (SM12x) has no paged-KV forward ('Paged KV not supported on SM 12.0'), and its SM120 forward was reported to return wrong values",
     .source = "Dao-AILab/flash-attention#2307 (2026-08 status: capability gate, paged KV and num_splits blockers), #2553 (open: SM120 smem store atom, wrong values)"},

    // ---- FlashMLA --------------------------------------------------------------------------------------
    {.library = "flashmla", .family = "flashmla-sparse-decode", .kv_formats = "bfloat16", .min_cc = 90, .max_cc = 90,
     .status = missing,
     .detail = "FlashMLA's sparse decode on SM90 reads only its fp8 record ('Sparse BF16 MLA is not supported on SM90')",
     .source = "deepseek-ai/FlashMLA#110"},

    // ---- TensorRT-LLM: its own attention kernels (TRTLLM backend, PyTorch flow) -------------------------
    // Read from NVIDIA/TensorRT-LLM cpp/: common/attentionOp.cpp (initialize, enqueueGeneration),
    // kernels/xqaDispatcher.cpp, kernels/decoderMaskedMultiheadAttention/decoderXQAImplJIT/kernelUtils.cpp
    // (supportConfigQGMMA/HMMA/MLA), kernels/decoderMaskedMultiheadAttention/*Template.h
    // (MMHA_SUPPORTED_HEAD_SIZES). Generation tries XQA first and runs MMHA (CUDA cores) when XQA
    // declines; initialize() refuses a head size MMHA lacks even when XQA could run it.
    {.library = "tensorrt-llm", .family = "trtllm-xqa", .q_formats = "float16 bfloat16",
     .kv_formats = "float16 bfloat16 int8 float8_e4m3fn",
     .head_sizes = "16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 256", .min_cc = 80, .status = jit,
     .detail = "XQA HMMA generation kernels, compiled through NVRTC: 16-bit Q, 16-bit/int8/e4m3 cache, head size a "
               "multiple of 16 up to 256, at most 32 Q heads per KV head, beam 1 or 4, 16-128 tokens per block",
     .source = "NVIDIA/TensorRT-LLM cpp/tensorrt_llm/kernels/decoderMaskedMultiheadAttention/decoderXQAImplJIT/"
               "kernelUtils.cpp supportConfigHMMA"},
    {.library = "tensorrt-llm", .family = "trtllm-xqa", .q_formats = "float16 bfloat16", .kv_formats = "float8_e4m3fn",
     .head_sizes = "16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 256", .min_cc = 90, .max_cc = 90,
     .status = jit,
     .detail = "Hopper warp-specialized XQA (mha_sm90, 'QGMMA') for an e4m3 cache, beam 1; newer sources also take "
               "head 512 with a 16-bit cache (Gemma 4 global layers)",
     .source = "NVIDIA/TensorRT-LLM decoderXQAImplJIT/kernelUtils.cpp supportConfigQGMMA (SM == 90, kv E4M3)"},
    {.library = "tensorrt-llm", .family = "trtllm-xqa", .q_formats = "float8_e4m3fn", .kv_formats = "float8_e4m3fn",
     .head_sizes = "576", .min_cc = 120, .max_cc = 120, .status = jit,
     .detail = "SM120 XQA MLA generation kernel: e4m3 Q and e4m3 cache only (DeepSeek latent 512 + 64)",
     .source = "NVIDIA/TensorRT-LLM decoderXQAImplJIT/kernelUtils.cpp supportConfigMLA (SM == 120, data_type and "
               "kv_cache_data_type E4M3); common/attentionOp.cpp (mEnableXQA for SM120 generation MLA)"},
    {.library = "tensorrt-llm", .family = "trtllm-xqa", .head_sizes = "104", .status = fallback,
     .detail = "XQA takes head sizes that are multiples of 16 only, so head 104 decodes on the CUDA-core MMHA kernels "
               "(XQA is tried first and declined with a debug log only)",
     .source = "NVIDIA/TensorRT-LLM decoderXQAImplJIT/kernelUtils.cpp (head_size % 16); common/attentionOp.cpp "
               "enqueueGeneration ('Try XQA optimization first', then MMHA); NVIDIA/TensorRT-LLM#6244 (MMHA runs on "
               "CUDA cores, XQA and trtllm-gen on tensor cores)"},
    {.library = "tensorrt-llm", .family = "trtllm-mmha", .q_formats = "float32 float16 bfloat16",
     .head_sizes = "32 48 64 80 96 104 112 128 144 160 192 224 256", .status = cubin,
     .detail = "masked multi-head attention (generation fallback, CUDA cores), instantiated for these head sizes; reads "
               "16-bit, int8 and fp8 caches",
     .source = "NVIDIA/TensorRT-LLM cpp/tensorrt_llm/kernels/decoderMaskedMultiheadAttention/"
               "decoderMaskedMultiheadAttentionTemplate.h MMHA_SUPPORTED_HEAD_SIZES"},
    {.library = "tensorrt-llm", .family = "trtllm-mmha", .head_sizes = "32 48 64 72 80 96 104 112 128 144 160 192 224 256 512",
     .head_sizes_outside = true, .status = missing,
     .detail = "AttentionOp::initialize() refuses the layer: 'Head size N is not supported by MMHA.' (MMHA has 32 48 64 "
               "80 96 104 112 128 144 160 192 224 256; the check runs for every non-MLA layer, even where XQA could "
               "serve the size)",
     .source = "NVIDIA/TensorRT-LLM cpp/tensorrt_llm/common/attentionOp.cpp initialize() (mmha_supported pre-check) "
               "@eea41b73; MMHA_SUPPORTED_HEAD_SIZES"},
    {.library = "tensorrt-llm", .family = "trtllm-mla", .head_sizes = "576", .head_sizes_outside = true, .status = missing,
     .detail = "AttentionOp::initialize(): 'MLA(Deepseek v2) only support fixed kv_lora_rank(512) and fixed "
               "qk_rope_head_dim(64) right now.'",
     .source = "NVIDIA/TensorRT-LLM cpp/tensorrt_llm/common/attentionOp.cpp initialize() @eea41b73"},
    // (SRV-S, session 38) The fmha_v2 paged-context kernels that an FP8 cache needs (KV block reuse,
    // on by default, or chunked prefill): setup.py enumerates the sm_120 e4m3 -> bf16 kernels for head
    // sizes 64, 128, 192 and 576 only, so any other head size runs the unfused context path, which
    // sized its workspace for the whole dense context (~626 GB for Qwen3.6-35B-A3B, head 256).
    {.library = "tensorrt-llm", .family = "trtllm-fmha-v2-context", .kv_formats = "float8_e4m3fn",
     .head_sizes = "64 128 192 576", .head_sizes_outside = true, .min_cc = 120, .max_cc = 120, .status = fallback,
     .detail = "no fused FP8-KV paged-context FMHA for this head size on sm_120 (fmha_v2 builds 64, 128, 192 and 576 "
               "there): context runs an unfused path whose workspace makes KV block reuse unusable, with no diagnostic",
     .source = "NVIDIA/TensorRT-LLM#17911 (1.3.0rc23 and main @fbda11f5: cpp/kernels/fmha_v2/setup.py sm_120 e4m3 "
               "head_sizes=[64, 128, 192, 576]; RTX 5090, Qwen3.6-35B-A3B head 256)"},
};

}  // namespace

std::span<const KernelRow> kernel_rows() noexcept { return kKernels; }
// Each engine's routes from its folder (kernel_routes_<engine>.cpp, through its registry row), in
// registry order, each marked with its engine here so that a folder's row cannot name another.
std::span<const KernelRoute> kernel_routes() noexcept {
  static const std::vector<KernelRoute> kAll = [] {
    std::vector<KernelRoute> all;
    for (const tables::EngineTables& row : tables::engine_registry()) {
      if (row.kernel_routes == nullptr) continue;
      for (KernelRoute route : row.kernel_routes()) {
        route.engine = row.info.id;
        all.push_back(route);
      }
    }
    return all;
  }();
  return kAll;
}

std::string_view name(KernelStatus s) noexcept {
  switch (s) {
    case KernelStatus::cubin: return "cubin";
    case KernelStatus::jit: return "jit";
    case KernelStatus::missing: return "missing";
    case KernelStatus::broken: return "broken";
    case KernelStatus::fallback: return "fallback";
  }
  return "missing";
}

}  // namespace kvdtype
