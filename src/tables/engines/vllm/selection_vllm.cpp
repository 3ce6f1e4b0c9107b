// vLLM's automatic backend order: one row per situation of _get_backend_priorities in
// vllm/platforms/cuda.py and rocm.py, and of get_attn_backend_cls in cpu.py. The first row that
// matches gives the order (docs/tables.md, Resolution step 2); vLLM then walks it and takes the
// first backend whose validate_configuration returns no reason, as the resolver does.
//
// What the rows cannot say (see docs/engines/vllm.md):
// - On CUDA majors other than 10 and 12, upstream puts FLASHINFER_MLA_SPARSE_SM90 *first* among
//   the sparse backends when the MLA head size is 512 (NoPE models such as GLM-5.3-Flash) and
//   leaves it out otherwise: two rows below, the 512 one first (head_sizes matches the latent).
// - On SM100 a non-causal layer (DFlash drafter) gets the "other majors" MHA order.
// - kv_quantized follows vLLM's torch_utils is_quantized_kv_cache (fp8*, *_per_token_head,
//   nvfp4); TurboQuant does not count as quantized there, which does not change the order.
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr SelectionOrder kRows[] = {
    // ---------------------------------- models that force their backend ---------------------
    // DeepSeek V4 runs its own attention layer, whose backend is the V4 FlashMLA one on the SM90
    // and SM100 families (SM12x has FLASHINFER_MLA_SPARSE_DSV4, not modelled).
    {.engine = Engine::vllm, .platform = "cuda", .attention = "sparse-mla", .min_cc = 90, .max_cc = 109,
     .architectures = "DeepseekV4ForCausalLM deepseek_v4",
     .order = "FLASHMLA_SPARSE_DSV4",
     .source = "vllm/models/deepseek_v4/sparse_mla.py DeepseekV4FlashMLABackend (the V4 model's attention backend, majors 9 and 10)"},
    // Gemma 4 (head sizes 256 local / 512 global): with no backend given, its config hook forces
    // TRITON_ATTN ('Gemma4 model has heterogeneous head dimensions ... Forcing TRITON_ATTN backend');
    // later releases first try FA4 for all layers, which SM12x and the SM80 family do not have, so
    // there TRITON_ATTN is forced in every release (the SM90/SM100 case depends on the release: not
    // a row).
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa", .max_cc = 89,
     .architectures = "Gemma4ForConditionalGeneration Gemma4ForCausalLM gemma4",
     .order = "TRITON_ATTN",
     .source = "vllm/model_executor/models/config.py Gemma4 verify_and_update_config (attention_config.backend = TRITON_ATTN when head_dim != global_head_dim and > 256); vllm-project/vllm#38887, #40094"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa", .min_cc = 120, .max_cc = 129,
     .architectures = "Gemma4ForConditionalGeneration Gemma4ForCausalLM gemma4",
     .order = "TRITON_ATTN",
     .source = "vllm/model_executor/models/config.py Gemma4 verify_and_update_config ('FA4 not available, forcing TRITON_ATTN backend'); vllm-project/vllm#40094 (RTX 5090)"},

    // ---------------------------------- CUDA, MLA ---------------------------------------------
    // SM100 family: sparse pair FLASHINFER_MLA_SPARSE first when the cache is quantized ...
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mla sparse-mla",
     .min_cc = 100, .max_cc = 109, .kv_quantized = 1,
     .order = "FLASHINFER_MLA TOKENSPEED_MLA CUTLASS_MLA FLASH_ATTN_MLA FLASHMLA TRITON_MLA FLASHINFER_MLA_SPARSE FLASHMLA_SPARSE",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (use_mla, major 10, quantized kv: 'Prefer FlashInfer for fp8 kv cache'); vllm-project/vllm#37252, issue #35807"},
    // ... or, with a 16-bit cache, when there are at most 16 query heads per rank ...
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mla sparse-mla",
     .min_cc = 100, .max_cc = 109, .kv_quantized = 0, .max_num_heads = 16,
     .order = "FLASHINFER_MLA TOKENSPEED_MLA CUTLASS_MLA FLASH_ATTN_MLA FLASHMLA TRITON_MLA FLASHINFER_MLA_SPARSE FLASHMLA_SPARSE",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (use_mla, major 10, bf16 kv, num_heads <= 16); vllm-project/vllm#37252"},
    // ... otherwise FLASHMLA_SPARSE first.
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mla sparse-mla",
     .min_cc = 100, .max_cc = 109,
     .order = "FLASHINFER_MLA TOKENSPEED_MLA CUTLASS_MLA FLASH_ATTN_MLA FLASHMLA TRITON_MLA FLASHMLA_SPARSE FLASHINFER_MLA_SPARSE",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (use_mla, major 10, bf16 kv, num_heads > 16)"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mla sparse-mla",
     .min_cc = 120, .max_cc = 129,
     .order = "TRITON_MLA FLASHINFER_MLA_SPARSE_SM120",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (use_mla, major 12)"},
    // Every other major (sm_80, sm_86, sm_89, sm_90). A 512-wide NoPE latent gets
    // FLASHINFER_MLA_SPARSE_SM90 (#53906) first among the sparse backends ...
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mla sparse-mla", .head_sizes = "512",
     .order = "FLASH_ATTN_MLA FLASHMLA FLASHINFER_MLA TRITON_MLA FLASHINFER_MLA_SPARSE_SM90 FLASH_ATTN_MLA_SPARSE FLASHMLA_SPARSE",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (use_mla, other majors, head_size == 512: FLASHINFER_MLA_SPARSE_SM90 inserted first in the sparse tail); vllm-project/vllm#53906, issue #56564"},
    // ... every other head size does not list it.
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mla sparse-mla",
     .order = "FLASH_ATTN_MLA FLASHMLA FLASHINFER_MLA TRITON_MLA FLASH_ATTN_MLA_SPARSE FLASHMLA_SPARSE",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (use_mla, other majors: sparse tail without FLASHINFER_MLA_SPARSE_SM90 unless head_size == 512); issue #56564"},

    // ---------------------------------- CUDA, MHA / GQA / MQA ---------------------------------
    // V0 and V1 (issue 28, session 40). Before v0.8.0 V0 served unless VLLM_USE_V1 was set to a
    // non-zero integer; V1's platform hook then returned FlashAttention whatever was asked. V0's
    // selector sent an fp8 cache, and every GPU below sm_80, to xFormers. From v0.8.0 (#13726) V1 is
    // the default and its oracle (arg_utils.py _is_v1_supported_oracle) falls back to V0 for a
    // non-auto cache unless FlashAttention 3 runs it (flash_attn_supports_fp8: major 9), and for any
    // GPU below sm_80; an explicit VLLM_USE_V1=1 makes it raise instead (constraints_vllm.cpp).
    // Modelled where the outcome does not depend on facts not established: sm_80 to sm_89 and below
    // (FA3 is SM90-only, so V0 either way), not SM90 with VLLM_USE_V1=0 nor SM100/SM12x, whose oracle
    // answer changed inside 0.8-0.10 (is_kv_cache_dtype_supported). V0 was removed in v0.11.0.
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa", .flags_all = flag_vllm_use_v1,
     .order = "FLASH_ATTN",
     .source = "vllm/platforms/cuda.py get_attn_backend_cls of the 0.7 series ('if use_v1: ... Using Flash Attention backend on V1 engine'); vllm-project/vllm#13133 (0.7.1, VLLM_USE_V1=1)",
     .removed_in = "0.8.0"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa", .kv_quantized = 1,
     .flags_none = flag_vllm_use_v1, .order = "XFORMERS",
     .source = "vllm/platforms/cuda.py get_attn_backend_cls of the 0.7 series (V0: 'Cannot use FlashAttention-2 backend for FP8 KV cache', XFORMERS); vllm-project/vllm#12543 (v0.7.0 log)",
     .removed_in = "0.8.0"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa", .max_cc = 79,
     .flags_none = flag_vllm_use_v1, .order = "XFORMERS",
     .source = "vllm/platforms/cuda.py get_attn_backend_cls (V0: 'Cannot use FlashAttention-2 backend for Volta and Turing GPUs', XFORMERS); vllm/engine/arg_utils.py _is_v1_supported_oracle ('Compute Capability < 8.0': V0 from v0.8.0)",
     .removed_in = "0.11.0"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa", .max_cc = 89, .kv_quantized = 1,
     .flags_none = flag_vllm_use_v1, .order = "XFORMERS",
     .source = "vllm/engine/arg_utils.py _is_v1_supported_oracle (--kv-cache-dtype: V1 only with FA3, fa_utils.py flash_attn_supports_fp8 major 9; else 'Falling back to V0'); V0 cuda.py fp8 -> XFORMERS; "
               "v0.10.2 on an L40S logs 'Initializing a V0 LLM engine', 'Cannot use FlashAttention backend for FP8 KV cache', 'Using XFormers backend' (third-party write-up, research index file 66569058152)",
     .introduced_in = "0.8.0", .removed_in = "0.11.0"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa",
     .min_cc = 100, .max_cc = 109,
     .order = "FLASHINFER FLASH_ATTN TRITON_ATTN FLEX_ATTENTION TURBOQUANT",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (non-MLA, major 10, causal)"},
    {.engine = Engine::vllm, .platform = "cuda", .attention = "mha gqa mqa",
     .order = "FLASH_ATTN FLASHINFER TRITON_ATTN FLEX_ATTENTION TURBOQUANT",
     .source = "vllm/platforms/cuda.py _get_backend_priorities (non-MLA, other majors or non-causal); TURBOQUANT last since vllm-project/vllm#40060"},

    // ---------------------------------- ROCm, MLA ---------------------------------------------
    // The priority function ignores the kv dtype. AITER MLA needs VLLM_ROCM_USE_AITER=1 (default
    // off) and VLLM_ROCM_USE_AITER_MLA (default on once AITER is on).
    {.engine = Engine::vllm, .platform = "rocm", .attention = "sparse-mla",
     .order = "ROCM_AITER_MLA_SPARSE",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (use_sparse)"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mla",
     .flags_all = flag_rocm_aiter | flag_rocm_aiter_mla,
     .order = "ROCM_AITER_MLA TRITON_MLA ROCM_AITER_TRITON_MLA",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (use_mla, rocm_aiter_ops.is_mla_enabled())"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mla",
     .order = "TRITON_MLA",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (use_mla, AITER MLA off)"},

    // ---------------------------------- ROCm, MHA / GQA / MQA ---------------------------------
    // Built up as: ROCM_ATTN (unless a KV connector is configured), ROCM_AITER_FA (AITER MHA on),
    // ROCM_AITER_UNIFIED_ATTN (aiter package found on a CDNA GPU: the ROCm images ship it, so
    // it is listed on gfx9 whatever the flags), TRITON_ATTN, TURBOQUANT.
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .min_cc = 90, .max_cc = 99, .flags_all = flag_rocm_aiter | flag_rocm_aiter_mha,
     .flags_none = flag_kv_connector,
     .order = "ROCM_ATTN ROCM_AITER_FA ROCM_AITER_UNIFIED_ATTN TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (non-MLA, AITER MHA enabled, no KV connector)"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .min_cc = 90, .max_cc = 99,
     .flags_all = flag_rocm_aiter | flag_rocm_aiter_mha | flag_kv_connector,
     .order = "ROCM_AITER_FA ROCM_AITER_UNIFIED_ATTN TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (non-MLA, AITER MHA enabled, KV connector: ROCM_ATTN left out)"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .min_cc = 90, .max_cc = 99, .flags_none = flag_kv_connector,
     .order = "ROCM_ATTN ROCM_AITER_UNIFIED_ATTN TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (non-MLA, CDNA, AITER MHA off)"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .min_cc = 90, .max_cc = 99,
     .order = "ROCM_AITER_UNIFIED_ATTN TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (non-MLA, CDNA, AITER MHA off, KV connector)"},
    // RDNA4 with AITER: the unified backend goes first (taken from the reference sheet, vllm.md
    // §5; not re-read).
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .min_cc = 120, .max_cc = 129, .flags_all = flag_rocm_aiter, .flags_none = flag_kv_connector,
     .order = "ROCM_AITER_UNIFIED_ATTN ROCM_ATTN TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (RDNA4 with AITER: unified attention inserted first)"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .flags_none = flag_kv_connector,
     .order = "ROCM_ATTN TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (non-MLA, RDNA or no aiter)"},
    {.engine = Engine::vllm, .platform = "rocm", .attention = "mha gqa mqa",
     .order = "TRITON_ATTN TURBOQUANT",
     .source = "vllm/platforms/rocm.py _get_backend_priorities (non-MLA, KV connector: ROCM_ATTN left out)"},

    // ---------------------------------- CPU ---------------------------------------------------
    // Fixed routing, no validation. Sparse MLA raises NotImplementedError in vLLM; listing
    // CPU_MLA makes the resolver refuse it on the attention kind (KVD012 -> KVD016).
    {.engine = Engine::vllm, .platform = "cpu", .attention = "mla sparse-mla",
     .order = "CPU_MLA",
     .source = "vllm/platforms/cpu.py get_attn_backend_cls (MLA -> CPU_MLA, sparse -> NotImplementedError)"},
    {.engine = Engine::vllm, .platform = "cpu", .attention = "mha gqa mqa",
     .order = "CPU_ATTN",
     .source = "vllm/platforms/cpu.py get_attn_backend_cls (everything else -> CPU_ATTN)"},

    // ---------------------------------- Intel XPU (session 41) --------------------------------
    // XPUPlatform.get_attn_backend_cls: turboquant_* strings go to TURBOQUANT, sparse MLA to
    // XPU_MLA_SPARSE and MLA to TRITON_MLA (neither modelled on XPU: no row, the backend stays
    // unknown), float32 and multimodal prefix-LM models to TRITON_ATTN; everything else to
    // FLASH_ATTN, without validating the configuration (V1 on XPU from #19560, v0.10.0).
    {.engine = Engine::vllm, .platform = "sycl", .attention = "mha gqa mqa",
     .order = "XPU_FLASH_ATTN",
     .source = "vllm/platforms/xpu.py get_attn_backend_cls ('Using Flash Attention backend.'); vllm-project/vllm#19560",
     .introduced_in = "0.10.0"},

    // ---------------------------------- out-of-tree platforms (TGT, session 39) ---------------
    // vllm-ascend routes by MLA alone: no priority list, no validation of the kv-cache string.
    {.engine = Engine::vllm, .platform = "cann", .attention = "mla",
     .order = "ASCEND_MLA",
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py get_attn_backend_cls (use_mla -> AscendMLABackend)"},
    // Sparse MLA (a lightning indexer, config index_topk) goes to the SFA backend (session 40).
    {.engine = Engine::vllm, .platform = "cann", .attention = "sparse-mla",
     .order = "ASCEND_SFA",
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py get_attn_backend_cls ((use_mla, use_sparse) = (True, True) -> AscendSFABackend) @v0.17.0rc1"},
    {.engine = Engine::vllm, .platform = "cann", .attention = "mha gqa mqa",
     .order = "ASCEND",
     .source = "vllm-project/vllm-ascend vllm_ascend/platform.py get_attn_backend_cls (otherwise AscendAttentionBackend)"},
    // tpu-inference forces its Pallas backend for every non-MLA model (MLA needs NEW_MODEL_DESIGN=1
    // and DP attention, not modelled: no row, so an MLA model on TPU leaves the backend unknown).
    {.engine = Engine::vllm, .platform = "tpu", .attention = "mha gqa mqa",
     .order = "PALLAS",
     .source = "vllm-project/tpu-inference tpu_inference/platforms/tpu_platform.py get_attn_backend_cls ('Cannot use %s backend on TPU. Setting to FLASH_ATTN.')"},
};
static_assert(closed_words_known(kRows), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const SelectionOrder> vllm_selection() noexcept { return kRows; }

}  // namespace kvdtype::tables
