// SGLang's kernel routes: which kernel family each backend runs on a capability range
// (src/tables/rows/kernel.hpp; the library facts they join are src/tables/kernels.cpp, and the
// registry sets each row's engine). How check() joins them: docs/tables.md, "Kernels".
#include "tables/rows/kernel.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr KernelRoute kRoutes[] = {
    {.backends = "trtllm_mla", .attention = "mla", .min_cc = 100, .max_cc = 129,
     .family = "trtllm-gen-fmha",
     .note = "decode calls FlashInfer trtllm_batch_decode_with_kv_cache_mla (TllmGenFmhaRunner) for every kv dtype",
     .source = "sglang layers/attention/trtllm_mla_backend.py; sgl-project/sglang#40266"},
    {.backends = "trtllm_mha", .min_cc = 100, .max_cc = 109, .family = "trtllm-gen-fmha",
     .note = "SM10x prefill and decode through FlashInfer trtllm-gen",
     .source = "sglang layers/attention/trtllm_mha_backend.py; arg_groups/attention_hook.py"},
    {.backends = "fa4", .min_cc = 120, .max_cc = 129, .family = "fa4", .certain = false,
     .note = "SGLang's fa4 backend calls the FA4 CuTe kernels with a page table; whether SGLang gates fa4 off SM12x itself was not verified",
     .source = "sglang layers/attention/flashattention_backend.py (fa_impl_ver=4); Dao-AILab/flash-attention#2307"},
    {.backends = "dsa", .attention = "sparse-mla", .min_cc = 100, .max_cc = 129,
     .family = "trtllm-gen-fmha", .certain = false,
     .note = "with no --dsa-prefill/decode-backend, DSA takes the trtllm kernels whenever the SM major is >= 10; on SM12x GLM-5/5.1 with fp8_e4m3 are routed to flashinfer_sparse_mla instead, and tilelang with a bf16 cache needs a smaller tile",
     .source = "sgl-project/sglang#37105 (auto lands on trtllm via device_sm_major >= 10; flashmla_sparse redirected to trtllm), #36507, #33075 (is_glm_sm12_fp8 -> flashinfer_sparse_mla)"},
};
static_assert(closed_words_known(kRoutes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const KernelRoute> sglang_kernel_routes() noexcept { return kRoutes; }

}  // namespace kvdtype::tables
