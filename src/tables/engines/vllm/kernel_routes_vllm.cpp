// vLLM's kernel routes: which kernel family each backend runs on a capability range
// (src/tables/rows/kernel.hpp; the library facts they join are src/tables/kernels.cpp, and the
// registry sets each row's engine). How check() joins them: docs/tables.md, "Kernels".
#include "tables/rows/kernel.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr KernelRoute kRoutes[] = {
    {.backends = "FLASH_ATTN", .min_cc = 100, .max_cc = 109, .kv_quantized = 1, .family = "fa4",
     .note = "a quantized cache on the SM100 family needs FA4 (FA2 has no fp8 path)",
     .source = "vllm v1/attention/backends/fa_utils.py flash_attn_supports_kv_cache_dtype; vllm-project/vllm#42569"},
    {.backends = "FLASHINFER FLASHINFER_MLA", .min_cc = 100, .max_cc = 109,
     .family = "trtllm-gen-fmha",
     .note = "SM100 family: trtllm-gen prefill and decode when supports_trtllm_attention",
     .source = "vllm v1/attention/backends/flashinfer.py; mla/flashinfer_mla.py"},
    {.backends = "FLASHINFER", .min_cc = 80, .max_cc = 99, .family = "fa2",
     .note = "below SM100 vLLM's FlashInfer wrappers run FA2 (auto) for a quantized cache",
     .source = "vllm v1/attention/backends/flashinfer.py; flashinfer-ai/flashinfer#4977"},
};
static_assert(closed_words_known(kRoutes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const KernelRoute> vllm_kernel_routes() noexcept { return kRoutes; }

}  // namespace kvdtype::tables
