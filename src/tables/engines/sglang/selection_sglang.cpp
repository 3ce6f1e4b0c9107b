// SGLang's automatic attention-backend choice (no --attention-backend given), one row per situation.
//
// SGLang picks exactly one backend; it does not try a second one when the first refuses the
// request (it raises). So every order below has one name, except where SGLang itself picks
// between two by a fact kvdtype does not see (CPU AMX), noted on the row.
//
// Read from sgl-project/sglang main (2026):
//   python/sglang/srt/arg_groups/model_override_base.py  get_default_attn_backend @00d56e2c
//   python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py  _deepseek_family_overrides @0bc64389
//   python/sglang/srt/arg_groups/overrides.py  _attention_backend_default (fills attention_backend),
//       _deepseek_v4 overrides (attention_backend dsv4)
//   CPU platform configure_server_args (intel_amx if the CPU has AMX, else torch_native)
//
// Not expressible as rows, so not modelled (docs/engines/sglang.md lists them):
//   - Hopper defaults need CUDA >= 12.3 (is_hopper_with_cuda_12_3); below that Hopper falls through to
//     flashinfer (MHA) / triton (MLA).
//   - MHA on SM10x: trtllm_mha only without speculative topk > 1; fa4 for models with asymmetric
//     K/V head sizes; flashinfer otherwise.
//   - MHA: triton instead of flashinfer for models with attention sinks (gpt-oss) or without FlashInfer;
//     Whisper always flashinfer.
//   - MLA on SM10x: the generic default is flashinfer; the DeepSeek-V3 family (DeepseekV3, Kimi K2.5,
//     Mistral Large 3, LongCat, ...) is overridden to trtllm_mla. The row follows the family, the
//     MLA models people serve there; DeepseekV2ForCausalLM is not in the family and gets flashinfer.
//   - sparse-mla: DeepSeek V3.2 / GLM-5 (DSA) get dsa, DeepSeek V4 gets dsv4; kvdtype cannot tell
//     them apart from the attention kind, so the row follows DSA.
//   - deterministic inference picks fa3 / flashinfer / triton by its own table.
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr SelectionOrder kSglangSelection[] = {
    // ---- CUDA -------------------------------------------------------------------------------
    {.engine = Engine::sglang, .platform = "cuda", .attention = "sparse-mla",
     .order = "dsa",
     .source = "sglang arg_groups/model_overrides/deepseek_v2.py _deepseek_family_overrides @0bc64389 "
               "(is_deepseek_dsa and no backend set -> dsa)"},

    {.engine = Engine::sglang, .platform = "cuda", .attention = "mla",
     .min_cc = 90, .max_cc = 90,
     .order = "fa3",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c "
               "(MLA, is_hopper_with_cuda_12_3 -> fa3)"},

    {.engine = Engine::sglang, .platform = "cuda", .attention = "mla",
     .min_cc = 100, .max_cc = 109,
     .order = "trtllm_mla",
     .source = "sglang arg_groups/model_overrides/deepseek_v2.py @0bc64389 (DeepSeek-V3 family on sm100 -> "
               "trtllm_mla); generic MLA there is flashinfer (model_override_base.py @00d56e2c)"},

    {.engine = Engine::sglang, .platform = "cuda", .attention = "mla",
     .order = "triton",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c "
               "(MLA, not Hopper, not SM10x, not HIP -> triton)"},

    {.engine = Engine::sglang, .platform = "cuda", .attention = "mha gqa mqa",
     .min_cc = 90, .max_cc = 90,
     .order = "fa3",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c "
               "(MHA, is_hopper_with_cuda_12_3 and no spec topk > 1 -> fa3; issue #17411)"},

    {.engine = Engine::sglang, .platform = "cuda", .attention = "mha gqa mqa",
     .min_cc = 100, .max_cc = 109,
     .order = "trtllm_mha",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c "
               "(MHA, is_sm100 and spec topk <= 1 -> trtllm_mha; fa4 for asymmetric K/V heads)"},

    {.engine = Engine::sglang, .platform = "cuda", .attention = "mha gqa mqa",
     .order = "flashinfer",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c "
               "(MHA otherwise: flashinfer when available and no attention sinks, else triton); "
               "docs/advanced_features/attention_backend.md ('Default for Non-Hopper Machines')"},

    // ---- ROCm -------------------------------------------------------------------------------
    {.engine = Engine::sglang, .platform = "rocm", .attention = "sparse-mla",
     .order = "dsa",
     .source = "sglang arg_groups/model_overrides/deepseek_v2.py @0bc64389; arg_groups/overrides.py "
               "_dsa_split_backend_resolution (HIP: tilelang DSA kernels)"},

    // MLA on HIP: aiter only when the model has exactly 16 or 128 heads per rank, else triton.
    {.engine = Engine::sglang, .platform = "rocm", .attention = "mla",
     .min_num_heads = 16, .max_num_heads = 16,
     .order = "aiter",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c "
               "(HIP MLA: head_num in (16, 128) -> aiter else triton)"},
    {.engine = Engine::sglang, .platform = "rocm", .attention = "mla",
     .min_num_heads = 128, .max_num_heads = 128,
     .order = "aiter",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c"},
    {.engine = Engine::sglang, .platform = "rocm", .attention = "mla",
     .min_num_heads = 1,
     .order = "triton",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c"},
    // Heads unknown: the DeepSeek family the default was written for (128 heads: 16 per rank at
    // TP8, 128 with data-parallel attention) gets aiter.
    {.engine = Engine::sglang, .platform = "rocm", .attention = "mla",
     .order = "aiter",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c"},

    {.engine = Engine::sglang, .platform = "rocm", .attention = "mha gqa mqa",
     .order = "aiter",
     .source = "sglang arg_groups/model_override_base.py get_default_attn_backend @00d56e2c (MHA, is_hip -> aiter)"},

    // ---- CPU --------------------------------------------------------------------------------
    // SGLang takes intel_amx when the CPU has AMX and torch_native otherwise; kvdtype does not know
    // whether the CPU has AMX, and both refuse the same kv strings, so the order lists both.
    {.engine = Engine::sglang, .platform = "cpu",
     .order = "intel_amx torch_native",
     .source = "sglang CPU platform configure_server_args; arg_groups/overrides.py "
               "_attention_backend_platform_fallbacks (intel_amx without AMX -> torch_native)"},
    // sglang-jax (TGT, session 39): no selection, the server argument's default.
    {.engine = Engine::sglang, .platform = "tpu", .attention = "mha gqa mqa",
     .order = "fa",
     .source = "sgl-project/sglang-jax python/sgl_jax/srt/server_args.py (attention_backend: str | None = 'fa')"},
};
static_assert(closed_words_known(kSglangSelection), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const SelectionOrder> sglang_selection() noexcept { return kSglangSelection; }

}  // namespace kvdtype::tables
