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
    // DSA on Blackwell: with no --dsa-prefill/decode-backend the resolution takes the trtllm kernels
    // whenever the SM major is >= 10; on SM12x
    // the GlmMoeDsa models with fp8_e4m3 go to flashinfer_sparse_mla instead (the is_glm_sm12_fp8
    // arm), and a named sub-backend other than trtllm runs its own kernels. Not certain: tilelang
    // with a bf16 cache and other resolution arms were not all read.
    {.backends = "dsa", .attention = "sparse-mla", .min_cc = 100, .max_cc = 109,
     .family = "trtllm-gen-fmha", .certain = false, .dsa_backends = "trtllm",
     .note = "with no --dsa-prefill/decode-backend, DSA takes the trtllm kernels whenever the SM major is >= 10 (flashmla_sparse is redirected to trtllm)",
     .source = "sgl-project/sglang#37105 (auto lands on trtllm via device_sm_major >= 10; flashmla_sparse redirected to trtllm), #36507"},
    {.backends = "dsa", .attention = "sparse-mla", .min_cc = 120, .max_cc = 129, .kv_quantized = 1,
     .family = "trtllm-gen-fmha", .certain = false, .dsa_backends = "trtllm",
     .unless_architectures = "GlmMoeDsaForCausalLM GlmMoeDsaForCausalLMNextN glm_moe_dsa",
     .note = "on SM12x the automatic DSA choice takes the trtllm kernels except for the GlmMoeDsa models (GLM-5/5.1) with fp8_e4m3, which go to flashinfer_sparse_mla",
     .source = "sgl-project/sglang#37105, #33075 (arg_groups/overrides.py _dsa_split_backend_resolution: is_glm_sm12_fp8 -> flashinfer_sparse_mla), #26928"},
    {.backends = "dsa", .attention = "sparse-mla", .min_cc = 120, .max_cc = 129, .kv_quantized = 0,
     .family = "trtllm-gen-fmha", .certain = false, .dsa_backends = "trtllm",
     .note = "on SM12x with a 16-bit cache the automatic DSA choice takes the trtllm kernels (tilelang with a bf16 cache needs a smaller tile)",
     .source = "sgl-project/sglang#37105, #36507"},
};
static_assert(closed_words_known(kRoutes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const KernelRoute> sglang_kernel_routes() noexcept { return kRoutes; }

}  // namespace kvdtype::tables
