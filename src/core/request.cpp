// RequestInput (what was typed) → Request (typed), refusing bad input with one clear line.
#include "kvdtype/request.hpp"
#include "kvdtype/release.hpp"
#include "tables/rows/release.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "common/text.hpp"
#include "kvdtype/rule.hpp"
#include "core/request_extra.hpp"
#include "core/request_layers.hpp"
#include "core/request_fields.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

namespace {

using fields::flag;


// An integer in [lo, hi]; "" leaves `out` untouched (unknown).
std::optional<Error> read_uint(std::string_view field, std::string_view text, std::uint64_t lo, std::uint64_t hi,
                               std::uint64_t& out) {
  if (text.empty()) return std::nullopt;
  std::uint64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && p == text.data() + text.size() && (v < lo || v > hi)))
    return fields::bad_value(field, text, "out of range (expected " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
  if (ec != std::errc() || p != text.data() + text.size())
    return fields::bad_value(field, text, "not a whole number (expected " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
  out = v;
  return std::nullopt;
}

std::optional<Error> read_u32(std::string_view field, std::string_view text, std::uint32_t lo, std::uint32_t hi,
                              std::uint32_t& out) {
  std::uint64_t v = out;
  if (auto e = read_uint(field, text, lo, hi, v)) return e;
  out = static_cast<std::uint32_t>(v);
  return std::nullopt;
}

std::optional<Error> read_double(std::string_view field, std::string_view text, double lo, double hi, double& out) {
  if (text.empty()) return std::nullopt;
  double v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || !std::isfinite(v))
    return fields::bad_value(field, text, "not a number");
  if (v < lo || v > hi) {
    std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    return fields::bad_value(field, text, "out of range (expected " + range + ")");
  }
  out = v;
  return std::nullopt;
}

// A numeric field's accepted range, from its row in the one field table (request_fields.cpp).
struct Bounds {
  double lo, hi;
};
Bounds bounds(std::string_view field) noexcept {
  const fields::RequestField* f = fields::find_name(field);
  return f != nullptr ? Bounds{f->lo, f->hi} : Bounds{0, 0};
}

Result<std::optional<FormatId>> read_format(std::string_view field, std::string_view text) {
  if (text.empty()) return std::optional<FormatId>{};
  auto f = parse_format(text);
  if (!f.ok()) return Error{f.error().code, flag(field) + ": " + f.error().message};
  return std::optional<FormatId>{*f};
}

}  // namespace

// Fields by their own names only (fields::find_name): an engine alias ("-tp", "--dtype") is the
// CLI's and the launch reader's spelling, never a RequestInput field name.
bool RequestInput::set(std::string_view field, std::string_view value) {
  const fields::RequestField* f = fields::find_name(field);
  if (f == nullptr) return false;
  this->*(f->member) = std::string(value);
  return true;
}

const std::string* RequestInput::get(std::string_view field) const noexcept {
  const fields::RequestField* f = fields::find_name(field);
  return f == nullptr ? nullptr : &(this->*(f->member));
}

std::span<const std::string_view> RequestInput::fields() noexcept {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const fields::RequestField& f : fields::all()) out.push_back(f.name);
    return out;
  }();
  return names;
}

void RequestInput::overlay(const RequestInput& from) {
  for (const fields::RequestField& f : fields::all())
    if (!(from.*(f.member)).empty()) this->*(f.member) = from.*(f.member);
  flags |= from.flags;
  // The term goes with the value: an explicit --kv-cache-dtype over a launch command's flag is
  // named as kvdtype's flag again.
  if (!from.kv_cache_dtype.empty() || !from.kv_term.empty()) kv_term = from.kv_term;
  if (!from.refused_rule.empty()) {
    refused_rule = from.refused_rule;
    refused_value = from.refused_value;
  }
}

Error empty_value(std::string_view flag) {
  const fields::RequestField* f = fields::find_name(flag);
  std::string name = f != nullptr ? fields::flag(f->name) : detail::printable(flag);
  return Error{ErrorCode::bad_value, name + ": empty value (an unset shell variable?); give a value, or leave " + name +
                                         " out to have it treated as unknown"};
}

namespace {

// The engine's `--dtype auto` resolved on this GPU (flag_model_dtype_auto): an engine whose row
// says it falls back runs a bfloat16 checkpoint in float16 on an NVIDIA GPU without bfloat16
// arithmetic, or in float32 for the model types float16 destabilises, instead of refusing it
// (KVD081). The request then carries the dtype the model runs in, which the Q and an `auto` cache
// follow, and the checkpoint's in checkpoint_dtype (KVD087 says so).
void resolve_auto_model_dtype(Request& r) {
  if (!(r.flags & flag_model_dtype_auto) || r.model_dtype != FormatId::bfloat16) return;
  if (r.target == nullptr || r.target->vendor != Vendor::nvidia || r.target->bf16) return;
  const tables::EngineBehaviour& b = tables::engine_tables(r.engine).behaviour;
  if (b.auto_dtype_fallback_since.empty()) return;
  // A check without a version is judged at the newest release the tables know, as every
  // release-bounded behaviour is (docs/tables.md).
  const Version at = r.engine_version.known ? r.engine_version : newest_version(r.engine);
  const auto since = parse_version(r.engine, b.auto_dtype_fallback_since);
  if (!since.ok() || !at.known || at < *since) return;
  bool no_float16 = false;
  for (std::string_view t : detail::split_words(b.auto_dtype_no_float16))
    no_float16 = no_float16 || t == Request::text(r.model_type);
  r.checkpoint_dtype = r.model_dtype;
  r.model_dtype = no_float16 ? FormatId::float32 : FormatId::float16;
  // float32 weights take twice a 16-bit checkpoint's memory (a quantized one keeps its own).
  if (no_float16 && r.weight_quantization[0] == '\0') r.weight_gib *= 2;
}

}  // namespace

Result<Request> make_request(const RequestInput& in) {
  Request r;
  if (!in.engine.empty()) {
    auto e = parse_engine(in.engine);
    if (!e.ok()) return Error{e.error().code, "--engine: " + e.error().message};
    r.engine = *e;
  }
  if (!in.engine_version.empty()) {
    if (detail::iequals(in.engine_version, "auto"))
      return Error{ErrorCode::unsupported,
                   "--engine-version auto must be resolved from the installed engine's metadata first "
                   "(kvdtype check does it; C++: kvdtype::io::installed_engine_version)"};
    if (detail::iequals(in.engine_version, "latest")) {
      // The newest release the tables know, as if it had been given.
      r.engine_version = newest_version(r.engine);
      if (!r.engine_version.known)
        return Error{ErrorCode::unsupported, "--engine-version latest: kvdtype has no release table for " +
                                                 std::string(engine_info(r.engine).name)};
    } else {
      auto v = parse_version(r.engine, in.engine_version);  // llama.cpp: build numbers (b6325)
      if (!v.ok()) return Error{v.error().code, "--engine-version: " + v.error().message};
      r.engine_version = *v;
    }
  }
  if (!in.gpu.empty()) {
    if (detail::iequals(in.gpu, "auto"))
      return Error{ErrorCode::unsupported, "--gpu auto must be resolved by probing this machine first (kvdtype probe)"};
    auto t = parse_target(in.gpu);
    if (t.ok()) {
      r.target = t->target;
      r.product = t->product;
    } else if (classify_unparsed_gpu(in.gpu) == UnparsedGpu::unknown) {
      // Hardware kvdtype has not heard of: the GPU is unknown (KVD080 names it), as if --gpu had
      // been left out, instead of bad input (docs/targets.md, "Unknown hardware").
      std::string_view given = in.gpu;
      while (!given.empty() && given.front() == ' ') given.remove_prefix(1);
      while (!given.empty() && given.back() == ' ') given.remove_suffix(1);
      std::string name = detail::printable(given);
      if (name.size() >= r.unknown_gpu.size()) name = detail::shorten_middle(name, r.unknown_gpu.size() - 8);
      name.resize(std::min(name.size(), r.unknown_gpu.size() - 1));
      std::copy_n(name.data(), name.size(), r.unknown_gpu.data());
    } else {
      return Error{t.error().code, "--gpu: " + t.error().message};
    }
  }

  const EngineInfo& engine = engine_info(r.engine);
  const std::string_view kv = in.kv_cache_dtype.empty() ? engine.default_kv : std::string_view(in.kv_cache_dtype);
  if (engine.has_tables) {
    auto c = parse_cache_dtype(r.engine, kv);
    if (!c.ok()) return Error{c.error().code, "--kv-cache-dtype: " + c.error().message};
    r.kv_cache_dtype = *c;
    if (!in.v_cache_dtype.empty()) {
      auto v = parse_cache_dtype(r.engine, in.v_cache_dtype);
      if (!v.ok()) return Error{v.error().code, "--v-cache-dtype: " + v.error().message};
      if (*v != r.kv_cache_dtype) r.v_cache_dtype = *v;
    } else if (engine.separate_v) {
      // llama.cpp: -ctk alone leaves V at its own default (f16), not at K's type.
      const CacheDtype* v = find_cache_dtype(r.engine, engine.default_kv);
      if (v != nullptr && v != r.kv_cache_dtype) r.v_cache_dtype = v;
    }
  } else if (!in.kv_cache_dtype.empty() || !in.backend.empty()) {
    return Error{ErrorCode::unsupported, std::string(engine.display) +
                                             " kv-cache dtypes and backends are not modelled yet; use --engine vllm or sglang"};
  }

  if (!in.model_dtype.empty() && !detail::iequals(in.model_dtype, "auto")) {
    auto f = parse_format(in.model_dtype);
    if (!f.ok()) return Error{f.error().code, "--model-dtype: " + f.error().message};
    const Format& fmt = format(*f);
    if (fmt.kind != FormatKind::floating || fmt.bits < 16)
      return fields::bad_value("model_dtype", in.model_dtype, "a model's activation dtype is bfloat16, float16 or float32");
    r.model_dtype = *f;
  }
  if (!in.attention.empty()) {
    auto a = parse_attention(in.attention);
    if (!a.ok()) return Error{a.error().code, "--attention: " + a.error().message};
    r.attention = *a;
  }
  if (!in.backend.empty() && !detail::iequals(in.backend, "auto") && engine.has_tables) {
    auto b = parse_backend(r.engine, in.backend);
    if (!b.ok()) return Error{b.error().code, "--backend: " + b.error().message};
    r.backend = *b;
  }

  struct DtypeField {
    const char* field;
    const std::string* text;
    std::optional<FormatId>* out;
  };
  for (const DtypeField& f : {DtypeField{"q_dtype", &in.q_dtype, &r.q_dtype},
                              DtypeField{"kv_dtype", &in.kv_dtype, &r.kv_dtype},
                              DtypeField{"kv_storage_dtype", &in.kv_storage_dtype, &r.kv_storage_dtype}}) {
    auto parsed = read_format(f.field, *f.text);
    if (!parsed.ok()) return parsed.error();
    *f.out = *parsed;
  }

  if (!in.checkpoint_kv_cache_dtype.empty() && engine.has_tables) {
    const CacheDtype* row = nullptr;
    if (auto c = parse_cache_dtype(r.engine, in.checkpoint_kv_cache_dtype); c.ok()) row = *c;
    // Checkpoints say "FP8" (ModelOpt kv_cache_quant_algo); engines map it to their e4m3 string.
    else if (detail::iequals(in.checkpoint_kv_cache_dtype, "fp8")) row = find_cache_dtype(r.engine, "fp8_e4m3");
    // Rows only a checkpoint declares (TensorRT-LLM's legacy INT8) are internal: not a user string.
    if (row == nullptr)
      for (const CacheDtype& c : cache_dtypes(r.engine))
        if (c.internal && detail::iequals(c.name, in.checkpoint_kv_cache_dtype)) row = &c;
    if (row == nullptr)
      return fields::bad_value("checkpoint_kv_cache_dtype", in.checkpoint_kv_cache_dtype,
                 "not a kv-cache quantization this engine knows (fp8, nvfp4, …)");
    r.checkpoint_kv = row->name == engine.default_kv ? nullptr : row;
  }
  if (!in.kv_scales.empty()) {
    const std::string s = detail::to_lower(in.kv_scales);
    if (s == "yes" || s == "true" || s == "1") r.kv_scales = Tri::yes;
    else if (s == "no" || s == "false" || s == "0") r.kv_scales = Tri::no;
    else return fields::bad_value("kv_scales", in.kv_scales, "expected yes or no");
  }

  // Bounds are generous physical limits: beyond them the value is a typo, not a model.
  Geometry& g = r.geometry;
  const std::pair<const char*, std::pair<const std::string*, std::uint32_t*>> ints[] = {
      {"tensor_parallel_size", {&in.tensor_parallel_size, &r.tensor_parallel_size}},
      {"data_parallel_size", {&in.data_parallel_size, &r.data_parallel_size}},
      {"decode_context_parallel_size", {&in.decode_context_parallel_size, &r.decode_context_parallel_size}},
      {"block_size", {&in.block_size, &r.block_size}},
      {"num_heads", {&in.num_heads, &g.num_heads}},
      {"num_kv_heads", {&in.num_kv_heads, &g.num_kv_heads}},
      {"head_size", {&in.head_size, &g.head_size}},
      {"head_size_v", {&in.head_size_v, &g.head_size_v}},
      {"num_layers", {&in.num_layers, &g.num_layers}},
      {"num_kv_layers", {&in.num_kv_layers, &g.num_kv_layers}},
      {"kv_lora_rank", {&in.kv_lora_rank, &g.kv_lora_rank}},
      {"qk_rope_head_dim", {&in.qk_rope_head_dim, &g.qk_rope_head_dim}},
      {"qk_nope_head_dim", {&in.qk_nope_head_dim, &g.qk_nope_head_dim}},
      {"index_topk", {&in.index_topk, &g.index_topk}},
  };
  // The rows' bounds looked up by name once, not at every request (make_request runs several
  // times per workload: the launch command's values are each tried alone, pipeline/inputs_check.cpp).
  static const auto int_bounds = [&ints] {
    std::array<Bounds, std::size(ints)> b{};
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = bounds(ints[i].first);
    return b;
  }();
  for (std::size_t i = 0; i < std::size(ints); ++i) {
    const auto& [field, p] = ints[i];
    // An empty field is unknown and leaves the value as it is (read_uint), decided here without
    // the call (its field name measured by strlen): most fields of a request are empty, and the
    // webhook makes several requests per workload (docs/performance.md, eleventh round).
    if (p.first->empty()) continue;
    const Bounds b = int_bounds[i];
    if (auto e = read_u32(field, *p.first, static_cast<std::uint32_t>(b.lo), static_cast<std::uint32_t>(b.hi), *p.second))
      return *e;
  }
  if (g.num_kv_layers && g.num_layers && g.num_kv_layers > g.num_layers)
    return fields::bad_value("num_kv_layers", in.num_kv_layers, "more KV layers than --num-layers");
  static const Bounds memory_bounds = bounds("gpu_memory_gib"), utilization_bounds = bounds("gpu_memory_utilization"),
                      weight_bounds = bounds("weight_gib"), len = bounds("max_model_len");
  for (const auto& [field, text, out, b] : {std::tuple{"gpu_memory_gib", &in.gpu_memory_gib, &r.gpu_memory_gib, memory_bounds},
                                             std::tuple{"gpu_memory_utilization", &in.gpu_memory_utilization,
                                                        &r.gpu_memory_utilization, utilization_bounds},
                                             std::tuple{"weight_gib", &in.weight_gib, &r.weight_gib, weight_bounds}}) {
    if (text->empty()) continue;  // unknown, as read_double leaves it
    if (auto e = read_double(field, *text, b.lo, b.hi, *out)) return *e;
  }
  if (auto e = read_uint("max_model_len", in.max_model_len, static_cast<std::uint64_t>(len.lo),
                         static_cast<std::uint64_t>(len.hi), r.max_model_len))
    return *e;
  r.flags = in.flags;
  if (auto e = detail::read_request_extra(in, r)) return *e;
  if (auto e = detail::read_request_layers(in, r)) return *e;
  resolve_auto_model_dtype(r);
  // A speculative method, drafter (or its own cache string) or connector given as a field is the same fact a launch
  // command's --speculative-config / --kv-transfer-config sets as a flag.
  if (r.speculative_method[0] != '\0' || r.speculative_model[0] != '\0' || r.draft_kv_cache_dtype != nullptr)
    r.flags |= flag_speculative;
  if (r.kv_connector[0] != '\0') r.flags |= flag_kv_connector;
  if (!in.flash_attention.empty()) {
    const std::string fa = detail::to_lower(in.flash_attention);
    r.flags &= ~(flag_flash_attn_on | flag_flash_attn_off);
    if (fa == "on" || fa == "1" || fa == "true" || fa == "enabled") r.flags |= flag_flash_attn_on;
    else if (fa == "off" || fa == "0" || fa == "false" || fa == "disabled") r.flags |= flag_flash_attn_off;
    else if (fa != "auto") return fields::bad_value("flash_attention", in.flash_attention, "expected on, off or auto");
  }
  if (!in.refused_rule.empty()) {
    r.refused = find_rule(in.refused_rule);
    if (r.refused == nullptr) return fields::bad_value("refused_rule", in.refused_rule, "not a rule code");
    const std::string v = detail::printable(in.refused_value);
    const std::size_t n = std::min(v.size(), r.refused_value.size() - 1);
    std::copy_n(v.data(), n, r.refused_value.data());
    r.refused_value[n] = '\0';
  }
  // A term too long to keep (never one of the readers') leaves messages on --kv-cache-dtype.
  if (const std::string t = in.kv_term.empty() ? std::string() : detail::printable(in.kv_term);
      !t.empty() && t.size() < r.kv_term.size()) {
    std::copy_n(t.data(), t.size(), r.kv_term.data());
    r.kv_term[t.size()] = '\0';
  }
  // The engine's exact-spelling refusal applies only while the kv string still differs from the
  // row's spelling (a later, exact --kv-cache-dtype replaces the launch command's).
  if ((r.flags & flag_kv_spelling) && (r.kv_cache_dtype == nullptr || r.kv_cache_dtype->name == in.kv_cache_dtype))
    r.flags &= ~static_cast<std::uint32_t>(flag_kv_spelling);
  // The one place that decides data-parallel attention: an engine whose every data-parallel rank
  // runs the whole attention (its registry row) has it whenever DP > 1; SGLang needs
  // --enable-dp-attention, which its launch command sets explicitly.
  if (tables::engine_tables(r.engine).behaviour.data_parallel_attention && r.data_parallel_size > 1)
    r.flags |= flag_dp_attention;
  return r;
}

}  // namespace kvdtype
