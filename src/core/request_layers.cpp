// make_request's part for the per-layer inputs of issue 28 (request_layers.hpp): attention sinks,
// the sliding window, the layer groups of a hybrid model and the drafter's own cache string.
// Groups are kept as given (identical ones merged); nothing is defaulted: a group without a head
// size takes the request's at plan time, and an unknown input stays unknown.
#include "core/request_layers.hpp"

#include <charconv>
#include <string>

#include "common/text.hpp"
#include "core/request_fields.hpp"
#include "kvdtype/cache_dtype.hpp"

namespace kvdtype {

std::string_view name(LayerKind k) noexcept {
  switch (k) {
    case LayerKind::full: return "full";
    case LayerKind::sliding: return "sliding";
    case LayerKind::linear: return "linear";
    case LayerKind::mamba: return "mamba";
  }
  return "full";
}

namespace detail {
namespace {


std::string_view trim_blanks(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The families' own words for a layer's kind (config.json layer_types / layers_block_type values,
// sources/model/model_config.cpp) and the short ones of the flag.
std::optional<LayerKind> kind_of(std::string_view word) noexcept {
  const std::string w = to_lower(word);
  for (std::string_view full : {"full", "full_attention", "attention", "global"})
    if (w == full) return LayerKind::full;
  for (std::string_view sliding : {"sliding", "sliding_attention", "swa", "local"})
    if (w == sliding) return LayerKind::sliding;
  for (std::string_view linear : {"linear", "linear_attention", "gdn", "gated_deltanet"})
    if (w == linear) return LayerKind::linear;
  for (std::string_view mamba : {"mamba", "mamba2", "ssm"})
    if (w == mamba) return LayerKind::mamba;
  return std::nullopt;
}

bool read_u32(std::string_view text, std::uint32_t lo, std::uint32_t hi, std::uint32_t& out) noexcept {
  std::uint32_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

constexpr std::string_view kGroupForm = "expected KIND:LAYERS[:hHEAD][:kvHEADS][:wWINDOW], KIND full, sliding, linear or mamba";

// One group "sliding:50:h256:kv8:w1024".
std::optional<Error> read_group(std::string_view all, std::string_view text, LayerGroup& g) {
  std::size_t part = 0;
  while (!text.empty()) {
    const std::size_t colon = text.find(':');
    const std::string_view p = trim_blanks(text.substr(0, colon));
    text = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    if (part == 0) {
      const auto k = kind_of(p);
      if (!k) return fields::bad_value("layer_groups", all, "unknown layer kind '" + printable(p) + "' (" + std::string(kGroupForm) + ")");
      g.kind = *k;
    } else if (part == 1) {
      if (!read_u32(p, 1, 100000, g.layers))
        return fields::bad_value("layer_groups", all, "layer count '" + printable(p) + "' is not a whole number 1..100000");
    } else {
      std::uint32_t* out = nullptr;
      std::string_view digits;
      if (p.size() > 2 && p.substr(0, 2) == "kv") out = &g.num_kv_heads, digits = p.substr(2);
      else if (p.size() > 1 && p[0] == 'h') out = &g.head_size, digits = p.substr(1);
      else if (p.size() > 1 && p[0] == 'w') out = &g.window, digits = p.substr(1);
      const std::uint32_t hi = out == &g.window ? UINT32_MAX : 65536;
      if (out == nullptr || !read_u32(digits, 1, hi, *out))
        return fields::bad_value("layer_groups", all, "'" + printable(p) + "' is not hHEAD, kvHEADS or wWINDOW (" + std::string(kGroupForm) + ")");
    }
    ++part;
  }
  if (part < 2) return fields::bad_value("layer_groups", all, std::string(kGroupForm));
  if (g.window != 0 && g.kind != LayerKind::sliding)
    return fields::bad_value("layer_groups", all, "a window (w…) belongs to a sliding group only");
  if (!g.attention() && (g.head_size != 0 || g.num_kv_heads != 0))
    return fields::bad_value("layer_groups", all, "a linear or mamba group keeps a state, not KV heads: no h… or kv…");
  return std::nullopt;
}

}  // namespace

std::optional<Error> read_request_layers(const RequestInput& in, Request& r) {
  if (!in.attention_sinks.empty()) {
    const std::string s = to_lower(std::string(trim_blanks(in.attention_sinks)));
    if (s == "yes" || s == "true" || s == "1" || s == "on") r.attention_sinks = Tri::yes;
    else if (s == "no" || s == "false" || s == "0" || s == "off") r.attention_sinks = Tri::no;
    else return fields::bad_value("attention_sinks", in.attention_sinks, "expected yes or no");
  }
  if (!in.sliding_window.empty()) {
    const fields::RequestField* f = fields::find_name("sliding_window");
    if (!read_u32(trim_blanks(in.sliding_window), static_cast<std::uint32_t>(f->lo), static_cast<std::uint32_t>(f->hi), r.sliding_window))
      return fields::bad_value("sliding_window", in.sliding_window, "expected a whole number of tokens 1..4294967295");
  }

  std::string_view rest = in.layer_groups;
  while (!trim_blanks(rest).empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view one = trim_blanks(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (one.empty()) return fields::bad_value("layer_groups", in.layer_groups, "an empty group (" + std::string(kGroupForm) + ")");
    LayerGroup g;
    if (auto e = read_group(in.layer_groups, one, g)) return e;
    if (g.kind == LayerKind::sliding && g.window == 0) g.window = r.sliding_window;
    // The same kind and shape twice (a per-layer list read run by run) is one group.
    bool merged = false;
    for (LayerGroup& have : r.layer_groups)
      if (have.kind == g.kind && have.head_size == g.head_size && have.num_kv_heads == g.num_kv_heads && have.window == g.window) {
        have.layers += g.layers;
        merged = true;
      }
    if (merged) continue;
    if (r.layer_groups.size() == 8) return fields::bad_value("layer_groups", in.layer_groups, "more than 8 distinct groups");
    r.layer_groups.push_back(g);
  }
  if (r.layer_groups.size() != 0) {
    std::uint32_t attention = 0;
    for (const LayerGroup& g : r.layer_groups)
      if (g.attention()) attention += g.layers;
    Geometry& geo = r.geometry;
    // The layers that own a KV cache are the attention groups': given both ways, they must agree.
    if (geo.num_kv_layers != 0 && attention != geo.num_kv_layers)
      return fields::bad_value("layer_groups", in.layer_groups,
                 "its attention groups hold " + std::to_string(attention) + " layers, --num-kv-layers says " +
                     std::to_string(geo.num_kv_layers));
    if (geo.num_layers != 0 && attention > geo.num_layers)
      return fields::bad_value("layer_groups", in.layer_groups,
                 "its attention groups hold " + std::to_string(attention) + " layers, more than --num-layers " +
                     std::to_string(geo.num_layers));
    if (geo.num_kv_layers == 0 && attention != 0) geo.num_kv_layers = attention;
    // A window says the model has sliding layers; groups without one say it has none.
    bool sliding = false;
    for (const LayerGroup& g : r.layer_groups) sliding = sliding || g.kind == LayerKind::sliding;
    if (r.sliding_window != 0 && !sliding)
      return fields::bad_value("layer_groups", in.layer_groups,
                 "--sliding-window " + std::to_string(r.sliding_window) + " is given but no group is sliding");
  }

  if (!in.speculative_kv_cache_dtype.empty()) {
    auto c = parse_cache_dtype(r.engine, trim_blanks(in.speculative_kv_cache_dtype));
    if (!c.ok()) return Error{c.error().code, "--speculative-kv-cache-dtype: " + c.error().message};
    r.draft_kv_cache_dtype = *c;
  }
  return std::nullopt;
}

}  // namespace detail
}  // namespace kvdtype
