// TensorRT-LLM's kernel routes: which kernel family each backend runs on a capability range
// (src/tables/rows/kernel.hpp; the library facts they join are src/tables/kernels.cpp, and the
// registry sets each row's engine). How check() joins them: docs/tables.md, "Kernels".
#include "tables/rows/kernel.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr KernelRoute kRoutes[] = {
    {.backends = "TRTLLM", .attention = "gqa mqa", .min_cc = 80, .max_cc = 99,
     .family = "trtllm-xqa",
     .note = "generation tries the XQA kernels first (DecoderXQARunner below the SM100 family); plain MHA "
             "(as many KV heads as Q heads) goes to MMHA by design",
     .source = "TensorRT-LLM cpp/tensorrt_llm/kernels/xqaDispatcher.cpp (mUseTllmGen = isSM100Family()); "
               "decoderXQAImplJIT/kernelUtils.cpp supportConfigCommon (vanilla MHA declined)"},
    {.backends = "TRTLLM", .attention = "gqa mqa", .min_cc = 120, .max_cc = 129,
     .family = "trtllm-xqa",
     .note = "SM12x generation uses the JIT XQA kernels as below SM100",
     .source = "TensorRT-LLM cpp/tensorrt_llm/kernels/xqaDispatcher.cpp; decoderXQAImplJIT/kernelUtils.cpp"},
    {.backends = "TRTLLM", .attention = "mha gqa mqa", .family = "trtllm-mmha",
     .note = "every non-MLA TRTLLM layer is pre-checked against the MMHA head sizes at initialization",
     .source = "TensorRT-LLM cpp/tensorrt_llm/common/attentionOp.cpp initialize()"},
    {.backends = "TRTLLM", .attention = "mla", .family = "trtllm-mla", .certain = false,
     .note = "DeepSeek-style MLA layers go through AttentionOp; whether newer MLA models with another latent "
             "width (DeepSeek-V4) take a different path was not established",
     .source = "TensorRT-LLM cpp/tensorrt_llm/common/attentionOp.cpp initialize()"},
    // With an FP8 cache, paged context FMHA (KV block reuse on by default, or chunked prefill) makes
    // the context FMHA FP8 (thop/attentionOp.cpp); with both off it stays 16-bit, hence not certain.
    {.backends = "TRTLLM", .attention = "mha gqa mqa", .min_cc = 120, .max_cc = 129, .kv_quantized = 1,
     .family = "trtllm-fmha-v2-context", .certain = false,
     .note = "context phase with an FP8 cache and paged context FMHA (KV block reuse, on by default, or chunked "
             "prefill): the fmha_v2 FP8 context kernels",
     .source = "TensorRT-LLM cpp/tensorrt_llm/thop/attentionOp.cpp (mFP8ContextFMHA with an FP8 cache and paged "
               "context FMHA); tensorrt_llm/llmapi/llm_args.py KvCacheConfig enable_block_reuse=True"},
};
static_assert(closed_words_known(kRoutes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const KernelRoute> trtllm_kernel_routes() noexcept { return kRoutes; }

}  // namespace kvdtype::tables
