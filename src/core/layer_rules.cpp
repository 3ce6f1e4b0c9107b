// The per-layer findings (layer_rules.hpp). Both are facts of every engine kvdtype models: the
// recurrent state of linear-attention and Mamba layers has its own dtype setting, never the
// kv-cache string (vLLM vllm/config/cache.py mamba_cache_dtype / mamba_ssm_cache_dtype, "auto" =
// the model's dtype, vllm/model_executor/layers/mamba/mamba_utils.py MambaStateDtypeCalculator;
// SGLang --mamba-ssm-dtype), and a drafter takes the target's cache string unless told otherwise
// (vLLM speculative_config.kv_cache_dtype, vllm-project/vllm#48787).
#include "core/layer_rules.hpp"

#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::detail {

InlineVector<LayerFinding, 3> layer_findings(const Context& ctx, const Plan& plan) noexcept {
  InlineVector<LayerFinding, 3> out;
  const Request& r = ctx.req;
  // KVD091: the cache string quantizes the attention groups; the state groups stay as they were,
  // so the memory saved is the attention groups' share only.
  if (ctx.quantized) {
    std::uint32_t linear = 0, mamba = 0;
    for (const LayerGroup& g : r.layer_groups) {
      if (g.kind == LayerKind::linear) linear += g.layers;
      if (g.kind == LayerKind::mamba) mamba += g.layers;
    }
    if (linear + mamba != 0) {
      const std::string_view kind = linear != 0 && mamba != 0 ? "linear-attention and Mamba"
                                    : linear != 0             ? "linear-attention"
                                                              : "Mamba";
      out.push_back({rule("KVD091"), Evidence{.detail = kind, .number = linear + mamba}});
    }
  }
  // KVD092: the drafter's own cache string, where it is not the target's.
  if ((r.flags & flag_speculative) && r.draft_kv_cache_dtype != nullptr) {
    const CacheDtype* target = plan.cache_dtype != nullptr ? plan.cache_dtype : ctx.effective;
    if (r.draft_kv_cache_dtype != target && r.draft_kv_cache_dtype != ctx.requested)
      out.push_back({rule("KVD092"), Evidence{.value = r.draft_kv_cache_dtype->name}});
  }
  // KVD106: a backend that packs K and V heads into 32-bit words (tpu-inference's RPA v3) gives
  // a narrow element no room to save anything when a rank holds few KV heads: the quantized
  // cache takes at least the bytes of the model-dtype one.
  if (ctx.quantized && plan.backend != nullptr && plan.backend->packs_kv_heads && r.model_dtype &&
      plan.bytes_per_token_per_layer) {
    const auto plain = packed_kv_bytes(ctx, format(*r.model_dtype).bits);
    if (plain && *plan.bytes_per_token_per_layer >= *plain)
      out.push_back({rule("KVD106"), Evidence{.backend = plan.backend, .number = *plan.bytes_per_token_per_layer}});
  }
  return out;
}

}  // namespace kvdtype::detail
