// resolve(): Request → Plan. Picks the backend the way the engine would (its selection order,
// skipping candidates that break hard rules), then derives every dtype and size from the rows.
#include <algorithm>
#include <cassert>
#include <cstdint>

#include "kvdtype/check.hpp"
#include "tables/rows/release.hpp"
#include "core/layout_bytes.hpp"
#include "core/resolve_internal.hpp"
#include "core/when_extra.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype {
namespace detail {

namespace {

std::optional<Platform> platform_of(const Target* t) noexcept {
  if (t == nullptr) return std::nullopt;
  switch (t->vendor) {
    case Vendor::nvidia: return Platform::cuda;
    case Vendor::amd: return Platform::rocm;
    case Vendor::cpu: return Platform::cpu;
    case Vendor::apple: return Platform::metal;
    case Vendor::intel: return Platform::sycl;
    case Vendor::huawei: return Platform::cann;
    case Vendor::qualcomm:
    case Vendor::arm: return Platform::vulkan;
    case Vendor::google: return Platform::tpu;
  }
  return std::nullopt;
}

bool is_mla(Attention a) noexcept { return a == Attention::mla || a == Attention::sparse_mla; }

// A kernel block size list accepts a block size that any listed kernel size divides.
bool block_ok(const SizeList& sizes, std::uint16_t multiple, std::uint32_t block) noexcept {
  if (sizes.count == 0) return multiple == 0 || block % multiple == 0;
  for (std::uint8_t i = 0; i < sizes.count; ++i)
    if (block % sizes.values[i] == 0) return true;
  return false;
}

bool cc_in(unsigned cc, std::uint16_t lo, std::uint16_t hi) noexcept {
  return (lo == 0 || cc >= lo) && (hi == 0 || cc <= hi);
}

// Backend::canonical_unless_dsa: the request names, as its DSA prefill or decode sub-backend, one
// under which the backend keeps the requested string's layout (SGLang's trtllm DSA kernels read
// the plain fp8 latent). Nothing named never matches.
bool keeps_requested_layout(const Backend& b, const Request& r) noexcept {
  if (b.canonical_unless_dsa.empty()) return false;
  const std::string_view p = Request::text(r.dsa_prefill_backend), d = Request::text(r.dsa_decode_backend);
  return (!p.empty() && has_word(b.canonical_unless_dsa, p)) || (!d.empty() && has_word(b.canonical_unless_dsa, d));
}


// A backend that casts Q only for small heads keeps a 16-bit Q above the limit. An MLA head of
// unknown width is above it: every MLA latent in use is 512 or 576 wide.
bool exceeds_q_head_limit(const Context& ctx, const Backend& b) noexcept {
  if (b.q_kv_format_max_head_size == 0) return false;
  if (ctx.head_size != 0) return ctx.head_size > b.q_kv_format_max_head_size;
  return is_mla(ctx.req.attention);
}

ScaleKind scale_kind(KvQuant q) noexcept {
  switch (q) {
    case KvQuant::none: return ScaleKind::none;
    case KvQuant::fp8_per_tensor: return ScaleKind::per_tensor;
    case KvQuant::fp8_ds_mla: return ScaleKind::tile128_fp32;
    case KvQuant::fp8_per_token_head:
    case KvQuant::int8_per_token_head:
    case KvQuant::int4_per_token_head: return ScaleKind::per_token_head;
    case KvQuant::nvfp4: return ScaleKind::block16_e4m3;
    case KvQuant::mxfp8: return ScaleKind::block32_e8m0;
    case KvQuant::fp4_block16: return ScaleKind::block16_e8m0;
    case KvQuant::turboquant: return ScaleKind::per_vector_fp16;
    case KvQuant::ggml_block: return ScaleKind::block32_fp16;
    case KvQuant::int8_per_tensor: return ScaleKind::per_tensor;
    case KvQuant::affine_group: return ScaleKind::group_affine;
  }
  return ScaleKind::none;
}

// Element bits of one side of the cache: the row's explicit width, else the format's.
std::uint32_t side_bits(std::uint8_t row_bits, std::optional<FormatId> f) noexcept {
  if (row_bits) return row_bits;
  if (!f) return 0;
  const Format& fmt = format(*f);
  if (fmt.kind == FormatKind::block || fmt.kind == FormatKind::packed) return 0;  // layout decides
  return fmt.bits;
}

// Per-layer bytes fit 32 bits for every real model; the product of the generous geometry bounds
// (65536 KV heads x 65536 head size x 4 bytes x 2) does not, and a wrapped value would report a
// tiny cache. Such a geometry leaves the size unknown instead.
std::optional<std::uint32_t> fit_u32(std::uint64_t bytes) noexcept {
  if (bytes > UINT32_MAX) return std::nullopt;
  return static_cast<std::uint32_t>(bytes);
}

// Bytes of one head vector of `head` elements on one side whose row has a per-side layout
// (elementwise or GGML blocks); 0 when the format is unknown.
std::uint32_t side_bytes(const CacheDtype& row, std::uint8_t row_bits, std::optional<FormatId> f,
                         std::uint32_t head) noexcept {
  if (!f) return 0;
  const Format& fmt = format(*f);
  if (row.layout == Layout::ggml_block) return static_cast<std::uint32_t>(detail::ggml_side_bytes(fmt, head));
  const auto rec = detail::record_bytes(Layout::elementwise, side_bits(row_bits, f), 0, head, 0);
  if (!rec) return 0;
  return static_cast<std::uint32_t>(rec->k + row.scale_bytes_per_token_head);
}

// Bytes one token takes in one layer on one GPU, for a cache row on this request. `vrow` is the
// V side's own row where the engine sets V apart (llama.cpp), else `row`.
std::optional<std::uint32_t> layer_bytes(const Context& ctx, const CacheDtype& row, const TensorPlan& k,
                                         const TensorPlan& v, const CacheDtype* vrow = nullptr) noexcept {
  const Request& r = ctx.req;
  const bool mla = is_mla(r.attention);
  if (row.layout == Layout::fp8_ds_mla || row.layout == Layout::fp8_ds_mla_v4) return static_cast<std::uint32_t>(detail::record_bytes(row.layout, 0, 0, 0, 0)->k);
  const std::uint32_t hk = ctx.head_size;
  if (hk == 0) return std::nullopt;
  const std::uint32_t hv = mla ? 0 : (r.geometry.head_size_v ? r.geometry.head_size_v : hk);
  std::uint32_t heads = 1;  // MLA caches one latent vector per token, replicated on every rank
  if (!mla) {
    std::uint32_t kvh = r.geometry.num_kv_heads;
    if (kvh == 0 && (r.attention == Attention::mha)) kvh = r.geometry.num_heads;
    if (kvh == 0 && r.attention == Attention::mqa) kvh = 1;
    if (kvh == 0) return std::nullopt;
    const std::uint32_t tp = r.tensor_parallel_size ? r.tensor_parallel_size : 1;
    heads = std::max<std::uint32_t>(1, kvh / tp);  // fewer KV heads than ranks: replicated
  }
  if (row.layout == Layout::mlx_affine) {
    // Scales and biases take the dtype of the keys and values quantized: the model's activations.
    if (!r.model_dtype) return std::nullopt;
    const std::uint32_t scale_bytes = format(*r.model_dtype).bits / 8;
    const std::uint64_t kb = detail::mlx_affine_side_bytes(hk, row.k_bits, row.group_size, scale_bytes);
    const std::uint64_t vb = hv ? detail::mlx_affine_side_bytes(hv, row.v_bits, row.group_size, scale_bytes) : 0;
    if (kb == 0 || (hv && vb == 0)) return std::nullopt;
    return fit_u32(std::uint64_t{heads} * (kb + vb));
  }
  if (vrow != nullptr || row.layout == Layout::ggml_block) {
    const CacheDtype& vr = vrow ? *vrow : row;
    const bool per_side = [](const CacheDtype& c) { return c.layout == Layout::elementwise || c.layout == Layout::ggml_block; }(row) &&
                          (vr.layout == Layout::elementwise || vr.layout == Layout::ggml_block);
    if (!per_side) return std::nullopt;  // packed layouts hold K and V together: no mixed pair exists
    const std::uint32_t kb = side_bytes(row, row.k_bits, k.format, hk);
    const std::uint32_t vb = hv ? side_bytes(vr, vr.v_bits, v.format, hv) : 0;
    if (kb == 0 || (hv && vb == 0)) return std::nullopt;
    return fit_u32(std::uint64_t{heads} * (std::uint64_t{kb} + vb));
  }
  const std::uint32_t kb = side_bits(row.k_bits, k.format), vb = side_bits(row.v_bits, v.format);
  const auto rec = detail::record_bytes(row.layout, row.layout == Layout::elementwise ? kb : row.k_bits,
                                        row.layout == Layout::elementwise ? vb : row.v_bits, hk, hv);
  if (!rec) return std::nullopt;
  const std::uint64_t scales = row.layout == Layout::elementwise ? row.scale_bytes_per_token_head * (hv ? 2u : 1u) : 0u;
  return fit_u32(std::uint64_t{heads} * (rec->k + rec->v + scales));
}

}  // namespace

// Bytes one token takes in one layer on one rank where the backend packs K and V heads into
// 32-bit words (Backend::packs_kv_heads; tpu-inference kernels/ragged_paged_attention/v3
// get_kv_cache_shape and kernel_hd64.py, v0.20.0 to v0.27.0): the 2 x KV heads per rank (the KV
// heads alone at head size 64, where K and V share one 128-lane row) rounded up to a multiple of
// 32 / bits, times the head size rounded up to 128, times the element's bytes. KV heads fewer
// than the ranks are padded up to one per rank (tpu_inference/utils.py get_padded_num_heads).
// K and V of one head size only (the kernels' shape has one head dimension).
std::optional<std::uint32_t> packed_kv_bytes(const Context& ctx, std::uint32_t bits) noexcept {
  const Request& r = ctx.req;
  if (bits == 0 || bits > 32 || 32 % bits != 0 || ctx.head_size == 0 || is_mla(r.attention)) return std::nullopt;
  if (r.geometry.head_size_v != 0 && r.geometry.head_size_v != ctx.head_size) return std::nullopt;
  std::uint32_t kvh = r.geometry.num_kv_heads;
  if (kvh == 0 && r.attention == Attention::mha) kvh = r.geometry.num_heads;
  if (kvh == 0 && r.attention == Attention::mqa) kvh = 1;
  if (kvh == 0) return std::nullopt;
  const std::uint32_t tp = r.tensor_parallel_size ? r.tensor_parallel_size : 1;
  const std::uint64_t heads = std::max<std::uint32_t>(1, kvh / tp);
  const std::uint64_t packing = 32 / bits;
  const auto align = [](std::uint64_t x, std::uint64_t a) { return (x + a - 1) / a * a; };
  const bool hd64 = ctx.head_size == 64;
  const std::uint64_t slots = align(hd64 ? heads : 2 * heads, packing);
  const std::uint64_t lanes = hd64 ? 128 : align(ctx.head_size, 128);
  return fit_u32(slots * lanes * bits / 8);
}

namespace {

// Bytes one token takes in one layer on `backend`: layer_bytes(), or where the backend packs K and
// V heads into 32-bit words (Backend::packs_kv_heads) packed_kv_bytes() for an elementwise cache of
// one element width and no scales (unknown for any other, which that layout was not read for).
std::optional<std::uint32_t> token_layer_bytes(const Context& ctx, const Backend* backend, const CacheDtype& eff,
                                               const Plan& plan) noexcept {
  const CacheDtype* v_row = ctx.req.v_cache_dtype;
  if (backend == nullptr || !backend->packs_kv_heads || eff.layout != Layout::elementwise ||
      eff.scale_bytes_per_token_head != 0 || v_row != nullptr)
    return layer_bytes(ctx, eff, plan.k, plan.v, v_row);
  const std::uint32_t kb = side_bits(eff.k_bits, plan.k.format), vb = side_bits(eff.v_bits, plan.v.format);
  return kb != 0 && kb == vb ? packed_kv_bytes(ctx, kb) : std::nullopt;
}

// The per-layer plan of a hybrid model (Request::layer_groups; plan.hpp LayerGroupPlan): each
// attention group's bytes at its own head size and KV heads, the state groups in the model dtype.
// bytes_per_token becomes the attention groups' sum, unknown when one of them is.
void plan_layer_groups(const Context& ctx, const CacheDtype& eff, Plan& plan) noexcept {
  const Request& r = ctx.req;
  std::optional<std::uint64_t> sum = std::uint64_t{0};
  for (const LayerGroup& g : r.layer_groups) {
    LayerGroupPlan e;
    e.group = g;
    if (!g.attention()) {
      e.dtype = r.model_dtype;
      plan.layer_groups.push_back(e);
      continue;
    }
    if (e.group.head_size == 0) e.group.head_size = ctx.head_size;
    if (e.group.num_kv_heads == 0) e.group.num_kv_heads = r.geometry.num_kv_heads;
    e.cache_dtype = &eff;
    e.dtype = plan.k.format;
    if (e.group.head_size == ctx.head_size && e.group.num_kv_heads == r.geometry.num_kv_heads) {
      e.bytes_per_token_per_layer = plan.bytes_per_token_per_layer;
    } else if (e.group.head_size != 0) {
      // The same formula on the group's shape: a V head as wide as its K head unless the model
      // says otherwise for the request's own head size.
      Request rg = r;
      rg.geometry.head_size = e.group.head_size;
      if (e.group.head_size != ctx.head_size) rg.geometry.head_size_v = 0;
      rg.geometry.num_kv_heads = e.group.num_kv_heads;
      const Context cg(rg, ctx.ix);
      e.bytes_per_token_per_layer = token_layer_bytes(cg, plan.backend, eff, plan);
    }
    if (e.bytes_per_token_per_layer) e.bytes_per_token = std::uint64_t{*e.bytes_per_token_per_layer} * g.layers;
    if (sum && e.bytes_per_token) *sum += *e.bytes_per_token;
    else sum.reset();
    plan.layer_groups.push_back(e);
  }
  plan.bytes_per_token = sum != std::uint64_t{0} ? sum : std::nullopt;
}

}  // namespace

Context::Context(const Request& r, const EngineIndex& index) : req(r), ix(index), platform(platform_of(r.target)) {
  requested = r.kv_cache_dtype ? r.kv_cache_dtype : ix.auto_row;
  effective = requested;
  if (requested != nullptr && requested == ix.auto_row && r.checkpoint_kv != nullptr) effective = r.checkpoint_kv;
  quantized = effective != nullptr && is_quantized(effective->quant);
  head_size = r.geometry.head_size;
  if (head_size == 0 && is_mla(r.attention) && r.geometry.kv_lora_rank)
    head_size = r.geometry.kv_lora_rank + r.geometry.qk_rope_head_dim;
  release = release_slot(ix, r.engine_version);
  if (ix.any_extra) extra_given = detail::extra_given(r);
}

std::optional<FormatId> apply_rule(const Context& ctx, FormatRule rule, FormatId fixed) noexcept {
  const Target* t = ctx.req.target;
  switch (rule) {
    case FormatRule::fixed: return fixed == FormatId::count_ ? std::nullopt : std::optional<FormatId>(fixed);
    case FormatRule::model_dtype: return ctx.req.model_dtype;
    case FormatRule::platform_fp8_e4m3:
      if (t == nullptr) return std::nullopt;
      return t->fp8_flavour == Fp8Flavour::fnuz ? FormatId::float8_e4m3fnuz : FormatId::float8_e4m3fn;
    case FormatRule::platform_fp8_on_rocm_else_fixed:
      if (t == nullptr) return std::nullopt;
      if (t->vendor == Vendor::amd)
        return t->fp8_flavour == Fp8Flavour::fnuz ? FormatId::float8_e4m3fnuz : FormatId::float8_e4m3fn;
      return fixed;
    case FormatRule::e4m3_from_cc89_else_fixed:
      if (t == nullptr) return std::nullopt;
      // The engine asks for the device capability; only CUDA-like devices below 8.9 take the
      // software path (vLLM _use_fp8_e4b15).
      if (t->vendor == Vendor::cpu || t->cc() >= 89) return FormatId::float8_e4m3fn;
      return fixed;
  }
  return std::nullopt;
}

ReleaseGap release_gap(ReleaseRange::In in, std::string_view introduced_in, std::string_view removed_in) noexcept {
  switch (in) {
    case ReleaseRange::In::before: return {"not in this release; it first appears in", introduced_in};
    case ReleaseRange::In::removed: return {"not in this release; it was removed in", removed_in};
    case ReleaseRange::In::maybe: return {"whether this release has it is not established; it is certain from", introduced_in};
    case ReleaseRange::In::yes: break;
  }
  return {};
}

InlineVector<RowFailure, 8> row_failures(const Context& ctx, const CompiledBackend& b) noexcept {
  InlineVector<RowFailure, 8> out;
  const Request& r = ctx.req;
  const Backend& row = *b.row;
  const Version& v = r.engine_version;
  // The release's state: a backend the release does not have (KVD006).
  const auto in = b.range.at(v);
  if (in == ReleaseRange::In::before || in == ReleaseRange::In::removed) {
    const ReleaseGap gap = release_gap(in, row.introduced_in, row.removed_in);
    out.push_back({rule("KVD006"), 0, gap.detail, gap.value});
  }
  if (ctx.platform) {
    const bool platform_ok = (b.platforms & platform_bit(*ctx.platform)) != 0;
    // The capability floor of the release (FlashInfer: 7.5 before v0.24.0, 8.0 since).
    const std::uint16_t min_cc = b.min_cc_changed.known && v.known && v < b.min_cc_changed ? row.min_cc_before : row.min_cc;
    if (!platform_ok || !cc_in(r.target->cc(), min_cc, row.max_cc)) out.push_back({rule("KVD014"), 0});
  }
  if (r.attention != Attention::unknown && !(b.attention & attention_bit(r.attention)))
    out.push_back({rule("KVD012"), 0});
  if (ctx.requested != nullptr) {
    const std::size_t kv = vocabulary_index(ctx.ix, ctx.requested);
    // 'auto' with a checkpoint that declares its KV quantization is resolved to the checkpoint's
    // string before the backend is validated (vLLM's cache_config): the backend's list is judged
    // on that string, as for an explicit one (vllm-project/vllm#45312: an FP4 kv_cache_scheme with
    // TRITON_ATTN). Its own rule, so that the message names the checkpoint's string, not 'auto'.
    const std::size_t ekv = ctx.effective != ctx.requested && ctx.effective != nullptr
                                ? vocabulary_index(ctx.ix, ctx.effective) : kv;
    if (ekv != kv && b.kv.test(kv) && !b.kv.test(ekv) && !b.kv_unknown.test(ekv))
      out.push_back({rule("KVD023"), 0, {}, ctx.effective->name});
    if (!b.kv.test(kv)) {
      // A string whose acceptance is not established is not refused: check() names the fact (KVD080).
      if (!b.kv_unknown.test(kv)) out.push_back({rule("KVD010"), 0});
    } else if (v.known) {
      // A string the backend reads only from some release on (FlashMLA fp8).
      for (std::uint8_t i = 0; i < b.kv_since_count; ++i) {
        const KvSince& k = b.kv_since[i];
        // Certain only at or before the last release known without it; the window after it is
        // a warning in check(), never an exclusion.
        const bool certain = k.absent.known ? v <= k.absent : v < k.since;
        if (k.kv == kv && certain) out.push_back({rule("KVD008"), 0, "the backend does not read it in this release; it does from", k.since_text});
      }
    }
  }
  if (r.model_dtype && !(b.model_dtypes & format_bit(*r.model_dtype))) out.push_back({rule("KVD011"), 0});
  if (ctx.head_size) {
    bool ok = true;
    if (b.head_sizes.count) ok = b.head_sizes.contains(ctx.head_size);
    if (row.head_size_min && ctx.head_size < row.head_size_min) ok = false;
    if (row.head_size_max && ctx.head_size > row.head_size_max) ok = false;
    if (row.head_size_multiple && ctx.head_size % row.head_size_multiple) ok = false;
    if (!ok) out.push_back({rule("KVD013"), ctx.head_size});
    else if (v.known)
      // A head size the backend serves only from some release on (FlashInfer 512). Certain only
      // at or before the last release known without it; the window is a warning in check().
      for (std::uint8_t i = 0; i < b.head_since_count; ++i)
        if (b.head_since[i].head_size == ctx.head_size && b.head_since[i].certainly_absent(v))
          out.push_back({rule("KVD104"), ctx.head_size, "the backend serves it from", b.head_since[i].since_text});
  }
  // A layer group of another head size (Gemma 4's 512-wide full-attention layers beside 256-wide
  // sliding ones): the backend must serve every group's, or the engine stops at start-up.
  for (const LayerGroup& g : r.layer_groups) {
    if (!g.attention() || g.head_size == 0 || g.head_size == ctx.head_size) continue;
    bool ok = true;
    if (b.head_sizes.count) ok = b.head_sizes.contains(g.head_size);
    if (row.head_size_min && g.head_size < row.head_size_min) ok = false;
    if (row.head_size_max && g.head_size > row.head_size_max) ok = false;
    if (row.head_size_multiple && g.head_size % row.head_size_multiple) ok = false;
    if (!ok) out.push_back({rule("KVD090"), g.head_size, g.kind == LayerKind::sliding ? "sliding-window" : "full-attention"});
    else if (v.known)
      for (std::uint8_t i = 0; i < b.head_since_count; ++i)
        if (b.head_since[i].head_size == g.head_size && b.head_since[i].certainly_absent(v))
          out.push_back({rule("KVD104"), g.head_size, "the backend serves it from", b.head_since[i].since_text});
  }
  if (r.block_size && !block_ok(b.block_sizes, row.block_size_multiple, r.block_size))
    out.push_back({rule("KVD015"), r.block_size});
  return out;
}

void fill_plan(const Context& ctx, const Backend* backend, Plan& plan) noexcept {
  const Request& r = ctx.req;
  plan.target = r.target;
  plan.backend = backend;
  plan.requested = ctx.requested;
  if (ctx.effective == nullptr) return;

  const CacheDtype* eff = ctx.effective;
  const CompiledBackend* cb = backend ? &ctx.ix.compiled_backends[backend_index(ctx.ix, backend)] : nullptr;
  if (cb && cb->canonical && cb->canonicalizes.test(vocabulary_index(ctx.ix, ctx.requested)) &&
      !keeps_requested_layout(*backend, r))
    eff = cb->canonical;
  plan.cache_dtype = eff;
  plan.v_cache_dtype = r.v_cache_dtype;
  const CacheDtype* veff = r.v_cache_dtype ? r.v_cache_dtype : eff;

  auto k = apply_rule(ctx, eff->k_rule, eff->k_format);
  auto v = apply_rule(ctx, veff->v_rule, veff->v_format);
  if (cb && cb->fp8_as) {
    if (k && is_float8(ctx.ix, *k)) k = apply_rule(ctx, *cb->fp8_as, *k);
    if (v && is_float8(ctx.ix, *v)) v = apply_rule(ctx, *cb->fp8_as, *v);
  }
  plan.k.format = k;
  plan.v.format = v;
  auto storage = [&](const CacheDtype* row, std::optional<FormatId> f) -> std::optional<FormatId> {
    switch (row->storage) {
      case StorageRule::element: return f;
      case StorageRule::uint8_bytes: return FormatId::uint8;
      case StorageRule::int8_bytes: return FormatId::int8;
    }
    return f;
  };
  plan.k.storage = storage(eff, k);
  plan.v.storage = storage(veff, v);

  const bool quantized = is_quantized(eff->quant) || is_quantized(veff->quant);
  if (!quantized) {
    plan.q = r.model_dtype;
  } else if (backend != nullptr) {
    const bool q_fp8 = backend->q_policy == QPolicy::kv_format &&
                       (backend->q_kv_format_min_cc == 0 || (r.target && r.target->cc() >= backend->q_kv_format_min_cc)) &&
                       (backend->q_kv_format_max_cc == 0 || (r.target && r.target->cc() <= backend->q_kv_format_max_cc)) &&
                       (cb->q_kv_format_platforms == 0 ||
                        (ctx.platform && (cb->q_kv_format_platforms & platform_bit(*ctx.platform)))) &&
                       !exceeds_q_head_limit(ctx, *backend) &&
                       // The engine told to keep Q in the model dtype (vLLM disable_flashinfer_q_quantization).
                       !(r.q_quantization == Tri::no && backend->q_quantization_switch);
    // A quantized Q is fp8: the cache's own format when that is fp8, else the platform's e4m3
    // (an nvfp4 cache runs with an e4m3 Q on FlashInfer trtllm-gen).
    std::optional<FormatId> q8 = k;
    if (k && !is_float8(ctx.ix, *k)) q8 = apply_rule(ctx, FormatRule::platform_fp8_e4m3, FormatId::float8_e4m3fn);
    plan.q = q_fp8 ? q8 : r.model_dtype;
    if (q_fp8 && !backend->q_strict) plan.q_tolerated = r.model_dtype;
  }
  plan.kv_data_type = k;

  plan.scales.kind = scale_kind(is_quantized(eff->quant) ? eff->quant : veff->quant);
  // DeepSeek V4's record shares the fp8_ds_mla family but scales 64 values with one UE8M0 byte.
  if (eff->layout == Layout::fp8_ds_mla_v4) plan.scales.kind = ScaleKind::block64_e8m0;
  if (plan.scales.kind == ScaleKind::per_tensor)
    plan.scales.calibrated = r.kv_scales != Tri::unknown ? r.kv_scales : (r.checkpoint_kv ? Tri::yes : Tri::unknown);

  plan.bytes_per_token_per_layer = token_layer_bytes(ctx, backend, *eff, plan);
  const std::uint32_t layers = r.geometry.num_kv_layers ? r.geometry.num_kv_layers : r.geometry.num_layers;
  if (plan.bytes_per_token_per_layer && layers) {
    std::uint64_t total = std::uint64_t{*plan.bytes_per_token_per_layer} * layers;
    // TurboQuant leaves the first and last two layers of dense models in the model dtype
    // (vLLM get_boundary_skip_layers, never more than half); hybrid models skip none.
    const bool hybrid = r.geometry.num_kv_layers && r.geometry.num_kv_layers < r.geometry.num_layers;
    if (eff->quant == KvQuant::turboquant && !hybrid && ctx.ix.auto_row) {
      const std::uint32_t skip = std::min<std::uint32_t>(4, layers / 2);
      TensorPlan mk{r.model_dtype, r.model_dtype};
      if (auto plain = layer_bytes(ctx, *ctx.ix.auto_row, mk, mk))
        total = total - std::uint64_t{*plan.bytes_per_token_per_layer} * skip + std::uint64_t{*plain} * skip;
    }
    plan.bytes_per_token = total;
  }
  if (r.layer_groups.size() != 0) plan_layer_groups(ctx, *eff, plan);
}

bool matches(const Context& ctx, const CompiledConstraint& c, const Plan& plan) noexcept {
  const Request& r = ctx.req;
  const CompiledWhen& w = c.when;
  const Constraint& row = *c.row;
  // Only the conditions the row has are looked at (CompiledWhen::tests, one word).
  const std::uint32_t t = w.tests;
  // An issue-28 condition on an input not given never holds: one test, first, since most rows
  // with such a condition are about inputs a request leaves out (the words are compared last).
  if ((t & when_extra) && (w.extra_needs & ~ctx.extra_given) != 0) return false;
  // The backends condition (when_backends) is settled by the list the row was found in: a row
  // naming backends is only in EngineIndex::by_backend, and every caller visits a backend's list
  // for a plan of that backend (the global lists hold the rows naming none).
  assert(!w.backends.any() || (plan.backend != nullptr && w.backends.test(backend_index(ctx.ix, plan.backend))));
  // Unknown inputs never match a condition on them: rules fire on facts, not guesses. The
  // conditions that most often fail come first (a head size, a flag, a kv string: llama.cpp's
  // rows are per head size), the order of the tests changes no answer.
  if ((t & when_kv) && (ctx.requested == nullptr || !w.kv.test(vocabulary_index(ctx.ix, ctx.requested)))) return false;
  if (t & when_head_sizes) {
    // head_sizes matches the K head size, or the pair when V differs (e.g. "192" with V 128).
    if (ctx.head_size == 0 || !w.head_sizes.contains(ctx.head_size)) return false;
  }
  if ((t & when_flags_all) && (r.flags & row.when.flags_all) != row.when.flags_all) return false;
  if ((t & when_flags_none) && (r.flags & row.when.flags_none)) return false;
  if ((t & when_kv_quant) && (plan.cache_dtype == nullptr || !(w.kv_quant & quant_bit(plan.cache_dtype->quant)))) return false;
  if ((t & when_model_dtypes) && (!r.model_dtype || !(w.model_dtypes & format_bit(*r.model_dtype)))) return false;
  if ((t & when_k_formats) && (!plan.k.format || !(w.k_formats & format_bit(*plan.k.format)))) return false;
  if (t & when_q_formats) {
    // The Q the kernel is handed: the caller's --q-dtype when given, else the plan's (as the
    // kernel-availability check reads it). Unknown never matches.
    const std::optional<FormatId> q = r.q_dtype ? r.q_dtype : plan.q;
    if (!q || !(w.q_formats & format_bit(*q))) return false;
  }
  if ((t & when_attention) && (r.attention == Attention::unknown || !(w.attention & attention_bit(r.attention)))) return false;
  if ((t & when_platforms) && (!ctx.platform || !(w.platforms & platform_bit(*ctx.platform)))) return false;
  if (t & when_cc) {
    if (r.target == nullptr) return false;
    const bool in = cc_in(r.target->cc(), row.when.min_cc, row.when.max_cc);
    if (in == row.when.outside_cc) return false;
  }
  if (t & when_v_quantized) {
    const CacheDtype* v = plan.v_cache_dtype != nullptr ? plan.v_cache_dtype : plan.cache_dtype;
    if (v == nullptr || !is_quantized(v->quant)) return false;
  }
  if (t & when_kv_types_differ) {
    // Two rows of the engine's vocabulary are two types (aliases share a row); a V without its
    // own row follows K and so never differs.
    if (plan.cache_dtype == nullptr || plan.v_cache_dtype == nullptr || plan.v_cache_dtype == plan.cache_dtype)
      return false;
  }
  if (t & when_heads_per_rank) {
    const std::uint32_t heads = r.heads_per_rank();
    if (heads == 0) return false;  // unknown heads never match, inside or outside
    const bool in = (w.heads_per_rank.count == 0 || w.heads_per_rank.contains(heads)) &&
                    cc_in(heads, row.when.min_heads_per_rank, row.when.max_heads_per_rank);
    if (in == row.when.heads_outside) return false;
  }
  if ((t & when_fa_no_kernel) && fa_kernel(ctx, plan) != Tri::no) return false;
  if ((t & when_extra) && !detail::when_extra_holds(row.when, r)) return false;
  return true;
}

Tri fa_kernel(const Context& ctx, const Plan& plan) noexcept {
  if (plan.backend == nullptr || plan.cache_dtype == nullptr) return Tri::unknown;
  const CompiledBackend& cb = ctx.ix.compiled_backends[backend_index(ctx.ix, plan.backend)];
  if (cb.fa_pairs.empty()) return Tri::unknown;
  const CacheDtype* k = plan.cache_dtype;
  const CacheDtype* v = plan.v_cache_dtype ? plan.v_cache_dtype : k;
  if (!cb.fa_pairs[vocabulary_index(ctx.ix, k)].test(vocabulary_index(ctx.ix, v))) return Tri::no;
  const std::uint16_t multiple = plan.backend->fa_head_size_multiple;
  const bool head = ctx.head_size == 0 ||
                    (multiple != 0 ? ctx.head_size % multiple == 0
                                   : cb.fa_head_sizes.count == 0 || cb.fa_head_sizes.contains(ctx.head_size));
  return head ? Tri::yes : Tri::no;
}

Affected affected(const Context& ctx, const CompiledConstraint& c) noexcept {
  // Resolved per release when the index was built (CompiledConstraint::by_release).
  if (!ctx.req.engine_version.known) return static_cast<Affected>(c.unversioned);
  if (ctx.release >= 0 && static_cast<std::size_t>(ctx.release) < c.by_release.size())
    return static_cast<Affected>(c.by_release[static_cast<std::size_t>(ctx.release)]);
  return affected_at(c, ctx.req.engine_version);  // a version the release table lacks
}

Affected affected_at(const CompiledConstraint& c, const Version& v) noexcept {
  if (!c.bug) {
    // Behaviour of some releases: no version given means the newest known release (a behaviour
    // that ended, removed_in, is not the newest one's).
    const Version at = v.known ? v : c.newest;
    if (!at.known) return Affected::yes;
    if (c.introduced.known && at < c.introduced) return Affected::no;
    if (c.removed.known && at >= c.removed) return Affected::no;
    return Affected::yes;
  }
  // A known bug: certain only for releases observed to carry it or inside an established
  // [introduced_in, fixed_in) bracket; elsewhere before the fix it is "maybe" (a warning).
  if (!v.known) return Affected::maybe;
  // A release listed as carrying it, or between two such releases (a patch release of a broken
  // one, when the next one is still broken), carries it.
  Version lo, hi;
  for (std::uint8_t i = 0; i < c.affected_count; ++i) {
    if (v == c.affected[i]) return Affected::yes;
    if (!lo.known || c.affected[i] < lo) lo = c.affected[i];
    if (!hi.known || hi < c.affected[i]) hi = c.affected[i];
  }
  if (lo.known && lo < v && v < hi) return Affected::yes;
  if (c.fixed.known && v >= c.fixed) return Affected::no;
  if (c.introduced.known && v < c.introduced) return Affected::no;
  if (c.introduced.known && c.fixed.known) return Affected::yes;
  return Affected::maybe;
}

namespace {

}  // namespace

Attention assumed_attention(const Context& ctx) noexcept {
  if (ctx.req.attention != Attention::unknown) return ctx.req.attention;
  // A string that exists for one attention kind only (fp8_ds_mla: a sparse-MLA record) says
  // which; otherwise engines treat a plain decoder as MHA/GQA.
  if (ctx.requested && ctx.requested->only_for != Attention::unknown) return ctx.requested->only_for;
  return Attention::gqa;
}

namespace {

// The engine's order for this request, or nothing when no row matches.
const CompiledSelection* selection_for(const Context& ctx) noexcept {
  if (!ctx.platform) return nullptr;
  const Request& r = ctx.req;
  const Attention kind = assumed_attention(ctx);
  // Only the rows of this platform and attention kind (EngineIndex::selection_by_kind), in order.
  for (const std::uint16_t i : ctx.ix.selection_by_kind[EngineIndex::selection_key(*ctx.platform, kind)]) {
    const CompiledSelection& s = ctx.ix.selection[i];
    const SelectionOrder& row = *s.row;
    // A release-bounded order holds for the release checked; without one, for the newest release
    // the tables establish (as a behaviour constraint row does), so an order that ended is not assumed.
    // (CompiledSelection::holds_unversioned has the latter, decided when the index was built.)
    if (!r.engine_version.known) {
      if (!s.holds_unversioned) continue;
    } else if (const auto in = s.range.at(r.engine_version); in == ReleaseRange::In::before || in == ReleaseRange::In::removed) {
      continue;
    }
    if (!cc_in(r.target->cc(), row.min_cc, row.max_cc)) continue;
    if (row.kv_quantized == 1 && !ctx.quantized) continue;
    if (row.kv_quantized == 0 && ctx.quantized) continue;
    if ((row.min_num_heads || row.max_num_heads) &&
        (r.heads_per_rank() == 0 || r.heads_per_rank() < row.min_num_heads ||
         (row.max_num_heads && r.heads_per_rank() > row.max_num_heads)))
      continue;
    if (s.head_sizes.count && (ctx.head_size == 0 || !s.head_sizes.contains(ctx.head_size))) continue;
    if ((r.flags & row.flags_all) != row.flags_all || (r.flags & row.flags_none)) continue;
    if (!row.architectures.empty()) {
      When model{};
      model.architectures = row.architectures;
      if (!when_extra_holds(model, r)) continue;
    }
    return &s;
  }
  return nullptr;
}

// The first rule that excludes this backend during selection, or nothing.
std::optional<SkippedBackend> exclusion(const Context& ctx, const CompiledBackend& cb, Plan& trial) noexcept {
  const auto failures = row_failures(ctx, cb);
  // A release fact names its release ("0.30.0"); the rule's title says what it means.
  if (!failures.empty()) return SkippedBackend{cb.row, failures[0].rule, failures[0].value};
  // A default-initialised Plan (every member has its initialiser), not Plan{}: value-initialising
  // zero-fills the whole 1.6 KB object first (its InlineVectors' slots), ~200 instructions a try.
  const Plan fresh;
  trial = fresh;
  fill_plan(ctx, cb.row, trial);
  // The backend's selection rows of error severity without a replacement (excluding_by_backend).
  for (std::uint32_t i : ctx.ix.excluding_by_backend[backend_index(ctx.ix, cb.row)]) {
    const CompiledConstraint& c = ctx.ix.constraints[i];
    if (may_match(ctx, c) && affected(ctx, c) == Affected::yes && matches(ctx, c, trial))
      return SkippedBackend{cb.row, c.rule, c.row->detail};
  }
  return std::nullopt;
}

// A substitution the engine makes for this backend (SGLang fa3 + fp8_e5m2 → triton).
const Backend* substitute(const Context& ctx, const Backend* chosen, const Plan& plan) noexcept {
  for (std::uint32_t i : ctx.ix.replacing_by_backend[backend_index(ctx.ix, chosen)]) {  // rows with replace_backend
    const CompiledConstraint& c = ctx.ix.constraints[i];
    if (affected(ctx, c) != Affected::no && matches(ctx, c, plan)) return c.replace;
  }
  return nullptr;
}

// A check that names no GPU (issue 28, session 45): a kv-cache string that every platform of the
// engine either serves through one backend or refuses (CacheDtype::sole_backend, a table fact)
// is that backend's. Nothing otherwise; the GPU stays unknown either way (check(): KVD080).
const CompiledBackend* sole_backend(const Context& ctx) noexcept {
  if (ctx.platform || ctx.req.target != nullptr || ctx.requested == nullptr || ctx.requested->sole_backend.empty())
    return nullptr;
  for (const CompiledBackend& cb : ctx.ix.compiled_backends)
    if (cb.row->name == ctx.requested->sole_backend) return &cb;
  return nullptr;
}

}  // namespace

Plan resolve_with(const Request& request, const EngineIndex& index) noexcept {
  return resolve_in(Context(request, index));
}

Plan resolve_in(const Context& ctx) noexcept {
  const Request& request = ctx.req;
  Plan plan;
  if (request.backend != nullptr) {
    fill_plan(ctx, request.backend, plan);
  } else if (const CompiledSelection* order = selection_for(ctx)) {
    Plan trial;
    const Backend* chosen = nullptr;
    for (std::uint8_t i = 0; i < order->count && chosen == nullptr; ++i) {
      const CompiledBackend& cb = ctx.ix.compiled_backends[order->order[i]];
      if (auto skip = exclusion(ctx, cb, trial)) plan.skipped.push_back(*skip);
      else chosen = cb.row;
    }
    if (chosen != nullptr) {
      // exclusion() filled the trial plan for the backend it let through: that is the plan.
      trial.skipped = plan.skipped;
      plan = trial;
    } else {
      fill_plan(ctx, nullptr, plan);
    }
  } else if (const CompiledBackend* sole = sole_backend(ctx)) {
    // Taken only when it takes the request (release, attention kind, model dtype, head size,
    // block size, its selection rules); otherwise nothing is chosen and nothing is recorded as
    // skipped, as before: an unknown GPU never turns into a refusal here.
    Plan trial;
    if (!exclusion(ctx, *sole, trial)) {
      plan = trial;
      plan.backend_inferred = true;
    } else {
      fill_plan(ctx, nullptr, plan);
    }
  } else {
    fill_plan(ctx, nullptr, plan);
  }
  if (plan.backend != nullptr) {
    if (const Backend* sub = substitute(ctx, plan.backend, plan)) {
      const Backend* asked = plan.backend;
      auto skipped = plan.skipped;
      const Plan fresh;  // not Plan{}: see exclusion()
      plan = fresh;
      fill_plan(ctx, sub, plan);
      plan.skipped = skipped;
      plan.replaced = asked;
    }
  }
  return plan;
}

}  // namespace detail

Plan resolve(const Request& request) noexcept {
  return detail::resolve_with(request, detail::engine_index(request.engine));
}

}  // namespace kvdtype
