// TensorRT-LLM's attention backends (PyTorch flow, LLM API attn_backend / YAML attn_backend):
// TRTLLM (the default), FLASHINFER and VANILLA, and the constraints on KV-cache dtypes.
//
// Read from NVIDIA/TensorRT-LLM documentation (docs/source/torch/attention.md,
// features/attention.md on nvidia.github.io): three backends, TRTLLM the default and the
// production one (context FMHA, masked MHA / XQA for generation, FP8 KV-cache quantization),
// VANILLA a reference implementation, FLASHINFER selectable with attn_backend="flashinfer".
// Which KV dtypes the VANILLA and FLASHINFER backends read was not established from the material
// here: their rows accept every string and say so, so kvdtype never refuses on a guess.
// FMHA/XQA kernel availability per SM family and head size is not modelled: the documents read
// give no per-head-size table (docs/engines/trtllm.md lists what is and is not known).
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Backend kTrtllmBackends[] = {
    {.engine = Engine::trtllm, .name = "TRTLLM", .aliases = "trtllm trt-llm", .platforms = "cuda",
     .attention = "mha gqa mqa mla sparse-mla", .kv_cache_dtypes = "auto fp8 nvfp4 int8",
     .model_dtypes = "float16 bfloat16",
     .notes = "default; context FMHA and masked MHA / XQA generation kernels; FP8 KV dequantized in-kernel, "
              "Q stays in the model dtype for generation (FP8 context FMHA is internal)",
     .source = "TensorRT-LLM docs/source/torch/attention.md (TrtllmAttention, default attn_backend); "
               "features/quantization.md support matrix"},
    {.engine = Engine::trtllm, .name = "FLASHINFER", .aliases = "flashinfer", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8 nvfp4 int8", .model_dtypes = "float16 bfloat16",
     .notes = "attn_backend: flashinfer; which KV dtypes it reads was not established (not refused here)",
     .source = "TensorRT-LLM docs/source/torch/attention.md (FlashInferAttention)"},
    {.engine = Engine::trtllm, .name = "VANILLA", .aliases = "vanilla", .platforms = "cuda",
     .attention = "mha gqa mqa", .kv_cache_dtypes = "auto fp8 nvfp4 int8", .model_dtypes = "float16 bfloat16 float32",
     .notes = "reference implementation, not for production; which KV dtypes it reads was not established",
     .source = "TensorRT-LLM docs/source/torch/attention.md (VanillaAttention)"},
};

constexpr SelectionOrder kTrtllmSelection[] = {
    {.engine = Engine::trtllm, .platform = "cuda", .order = "TRTLLM",
     .source = "TensorRT-LLM LLM API: attn_backend defaults to TRTLLM (docs/source/torch/attention.md)"},
    // TensorRT-LLM runs on NVIDIA GPUs only: elsewhere the default backend is refused (KVD014).
    {.engine = Engine::trtllm, .platform = "rocm cpu", .order = "TRTLLM",
     .source = "TensorRT-LLM: NVIDIA GPUs only (docs/source/overview.md)"},
};

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
    // The PyTorch flow's documents list FP8 and NVFP4 KV only; INT8 KV is the legacy TensorRT flow's.
    {.engine = Engine::trtllm, .rule = "KVD221",
     .when = {.kv_quant = "int8_per_tensor"},
     .detail = "the checkpoint declares kv_cache_quant_algo INT8",
     .source = "TensorRT-LLM docs/source/features/quantization.md (1.2-1.4 list FP8 and NVFP4 KV only); "
               "tensorrt_llm/quantization/mode.py INT8_KV_CACHE"},
};

}  // namespace

std::span<const Backend> trtllm_backends() noexcept { return kTrtllmBackends; }
std::span<const SelectionOrder> trtllm_selection() noexcept { return kTrtllmSelection; }
std::span<const Constraint> trtllm_constraints() noexcept { return kTrtllmConstraints; }

}  // namespace kvdtype::tables
