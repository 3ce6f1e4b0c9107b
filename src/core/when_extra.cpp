// The When conditions on issue 28's inputs (when_extra.hpp). Rules fire on facts, not guesses:
// every condition needs its input given.
#include "core/when_extra.hpp"

#include <charconv>

#include "core/index.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::detail {
namespace {

bool ends_with(std::string_view s, std::string_view end) noexcept {
  return s.size() > end.size() && s.substr(s.size() - end.size()) == end;
}

// A method word list; "*_mtp" stands for every MTP model type (vLLM MTPModelTypes: deepseek_mtp,
// qwen3_5_mtp, …), which vLLM treats as one EAGLE-style drafter.
bool method_listed(std::string_view list, std::string_view method) noexcept {
  if (has_word(list, method)) return true;
  return has_word(list, "*_mtp") && (method == "mtp" || ends_with(method, "_mtp"));
}

const char* layout_word(KvScaleLayout l) noexcept {
  switch (l) {
    case KvScaleLayout::none: return "none";
    case KvScaleLayout::k_only: return "k";
    case KvScaleLayout::v_only: return "v";
    case KvScaleLayout::both: return "both";
    case KvScaleLayout::unknown: break;
  }
  return "";
}

const char* source_word(KvScalesSource s) noexcept {
  switch (s) {
    case KvScalesSource::checkpoint: return "checkpoint";
    case KvScalesSource::file: return "file";
    case KvScalesSource::computed: return "computed";
    case KvScalesSource::unknown: break;
  }
  return "";
}

// What a request says of its layers: yes when a group of the kind is given, no when its groups
// are given without one, unknown otherwise.
Tri has_kind(const Request& r, LayerKind k) noexcept {
  if (r.has_layers(k)) return Tri::yes;
  return r.layer_groups.size() != 0 ? Tri::no : Tri::unknown;
}

bool number_listed(std::string_view list, std::uint32_t n) noexcept {
  char buf[12];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
  return ec == std::errc() && has_word(list, std::string_view(buf, std::size_t(end - buf)));
}

// The per-layer conditions (issue 28): sinks, sliding window, state layers, group head sizes,
// the drafter's own cache string, the GQA ratio.
bool layers_hold(const When& w, const Request& r) noexcept {
  if (w.attention_sinks != Tri::unknown && r.attention_sinks != w.attention_sinks) return false;
  if (w.sliding_window != Tri::unknown && has_kind(r, LayerKind::sliding) != w.sliding_window) return false;
  if (w.state_layers != Tri::unknown) {
    const Tri linear = has_kind(r, LayerKind::linear), mamba = has_kind(r, LayerKind::mamba);
    const Tri state = linear == Tri::yes || mamba == Tri::yes ? Tri::yes : linear;  // both no, or both unknown
    if (state != w.state_layers) return false;
  }
  if (!w.group_head_sizes.empty()) {
    bool found = false;
    for (const LayerGroup& g : r.layer_groups)
      if (g.attention() && number_listed(w.group_head_sizes, g.head_size ? g.head_size : r.geometry.head_size)) found = true;
    if (!found) return false;
  }
  if (!w.draft_kv_cache_dtypes.empty()) {
    if (r.draft_kv_cache_dtype == nullptr || !has_word(w.draft_kv_cache_dtypes, r.draft_kv_cache_dtype->name)) return false;
  }
  if (!w.gqa_ratios.empty() || w.gqa_ratio_not_multiple_of != 0) {
    const std::uint32_t q = r.geometry.num_heads, kv = r.geometry.num_kv_heads;
    if (q == 0 || kv == 0 || q % kv != 0) return false;  // the ratio is unknown
    const std::uint32_t ratio = q / kv;
    if (!w.gqa_ratios.empty() && !number_listed(w.gqa_ratios, ratio)) return false;
    if (w.gqa_ratio_not_multiple_of != 0 && ratio % w.gqa_ratio_not_multiple_of == 0) return false;
  }
  return true;
}

}  // namespace

bool has_extra(const When& w) noexcept {
  return !w.architectures.empty() || !w.weight_quantizations.empty() || !w.kv_scale_layouts.empty() ||
         !w.kv_scales_sources.empty() ||
         !w.speculative_methods.empty() || w.min_speculative_tokens != 0 || !w.kv_connectors.empty() ||
         !w.dsa_backends.empty() || !w.block_sizes.empty() || w.cuda_graph != Tri::unknown ||
         w.hierarchical_cache != Tri::unknown || w.chunked_prefix_cache != Tri::unknown || w.kv_scales != Tri::unknown || w.attention_sinks != Tri::unknown ||
         w.sliding_window != Tri::unknown || w.state_layers != Tri::unknown || !w.group_head_sizes.empty() ||
         !w.draft_kv_cache_dtypes.empty() || !w.gqa_ratios.empty() || w.gqa_ratio_not_multiple_of != 0 ||
         w.min_max_model_len != 0 || w.min_decode_context_parallel != 0 || w.remote_backend != Tri::unknown;
}

bool when_extra_holds(const When& w, const Request& r) noexcept {
  if (!w.architectures.empty()) {
    const std::string_view arch = Request::text(r.model_architecture), type = Request::text(r.model_type);
    if (!(!arch.empty() && has_word(w.architectures, arch)) && !(!type.empty() && has_word(w.architectures, type)))
      return false;
  }
  if (!w.weight_quantizations.empty()) {
    const std::string_view q = Request::text(r.weight_quantization);
    if (q.empty() || !has_word(w.weight_quantizations, q)) return false;
  }
  if (!w.kv_scale_layouts.empty()) {
    if (r.kv_scale_layout == KvScaleLayout::unknown || !has_word(w.kv_scale_layouts, layout_word(r.kv_scale_layout)))
      return false;
  }
  if (!w.kv_scales_sources.empty()) {
    if (r.kv_scales_source == KvScalesSource::unknown || !has_word(w.kv_scales_sources, source_word(r.kv_scales_source)))
      return false;
  }
  if (!w.speculative_methods.empty()) {
    const std::string_view m = Request::text(r.speculative_method);
    if (m.empty() || !method_listed(w.speculative_methods, m)) return false;
  }
  if (w.min_speculative_tokens != 0 && r.num_speculative_tokens < w.min_speculative_tokens) return false;
  if (!w.kv_connectors.empty()) {
    const std::string_view c = Request::text(r.kv_connector);
    if (c.empty() || !has_word(w.kv_connectors, c)) return false;
  }
  if (!w.dsa_backends.empty()) {
    const std::string_view p = Request::text(r.dsa_prefill_backend), d = Request::text(r.dsa_decode_backend);
    if (!(!p.empty() && has_word(w.dsa_backends, p)) && !(!d.empty() && has_word(w.dsa_backends, d))) return false;
  }
  if (!w.block_sizes.empty()) {
    if (r.block_size == 0) return false;
    char buf[12];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, r.block_size);
    const bool in = ec == std::errc() && has_word(w.block_sizes, std::string_view(buf, std::size_t(end - buf)));
    if (in == w.block_sizes_outside) return false;
  }
  if (w.min_max_model_len != 0 && (r.max_model_len == 0 || r.max_model_len < w.min_max_model_len)) return false;
  if (w.min_decode_context_parallel != 0 &&
      (r.decode_context_parallel_size == 0 || r.decode_context_parallel_size < w.min_decode_context_parallel))
    return false;
  if (w.remote_backend != Tri::unknown && r.remote_backend != w.remote_backend) return false;
  if (w.cuda_graph != Tri::unknown && r.cuda_graph != w.cuda_graph) return false;
  if (w.hierarchical_cache != Tri::unknown && r.hierarchical_cache != w.hierarchical_cache) return false;
  if (w.chunked_prefix_cache != Tri::unknown && r.chunked_prefix_cache != w.chunked_prefix_cache) return false;
  if (w.kv_scales != Tri::unknown) {
    // As the plan reads it (resolve.cpp): given, or implied by a checkpoint's KV quantization.
    const Tri scales = r.kv_scales != Tri::unknown ? r.kv_scales : (r.checkpoint_kv != nullptr ? Tri::yes : Tri::unknown);
    if (scales != w.kv_scales) return false;
  }
  return layers_hold(w, r);
}

}  // namespace kvdtype::detail
