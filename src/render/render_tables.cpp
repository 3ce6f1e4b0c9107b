// The tables as text, JSON or Markdown: `kvdtype formats|targets|backends|rules|explain`.
#include <cmath>
#include <cstdio>
#include <iterator>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/firing_sites.hpp"
#include "common/json_text.hpp"

#include "core/index.hpp"
#include "tables/rows/backend.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/rule.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::io {

using Json = nlohmann::ordered_json;

namespace {

// Shortest text that reads back as the same double (deterministic across runs).
std::string number(double v) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

// Triton's language attribute (tl.float8e4nv) from its dtype string (fp8e4nv).
std::string triton_attribute(std::string_view s) {
  if (s.starts_with("fp8")) return fmt::format("float8{}", s.substr(3));
  if (s == "bf16") return "bfloat16";
  if (s == "fp16") return "float16";
  if (s == "fp32") return "float32";
  if (s == "i8") return "int8";
  if (s == "u8") return "uint8";
  return std::string(s);
}

std::string_view kind_name(FormatKind k) {
  switch (k) {
    case FormatKind::floating: return "floating";
    case FormatKind::integer: return "integer";
    case FormatKind::packed: return "packed";
    case FormatKind::block: return "block";
  }
  return "floating";
}

Json nullable(std::string_view s) { return s.empty() ? Json(nullptr) : Json(std::string(s)); }

Json format_json(const Format& f) {
  Json j{{"name", f.name}, {"kind", kind_name(f.kind)}, {"bits", f.bits}};
  if (f.kind == FormatKind::floating) {
    j["exponent_bits"] = f.exponent_bits;
    j["mantissa_bits"] = f.mantissa_bits;
    j["exponent_bias"] = f.exponent_bias;
  }
  j["max_finite"] = f.max_finite;
  j["min_finite"] = f.min_finite;
  if (f.kind == FormatKind::floating) {
    j["min_normal"] = f.min_normal;
    j["min_subnormal"] = f.min_subnormal;
    j["epsilon"] = f.epsilon;
  }
  j["has_infinity"] = f.inf != InfEncoding::none;
  j["has_nan"] = f.nan != NanEncoding::none;
  j["has_negative_zero"] = f.has_negative_zero;
  if (f.kind == FormatKind::block || f.kind == FormatKind::packed) {
    j["block_size"] = f.block_size;
    j["element"] = f.element == FormatId::count_ ? Json(nullptr) : Json(std::string(name(f.element)));
    j["scale"] = f.scale == FormatId::count_ ? Json(nullptr) : Json(std::string(name(f.scale)));
    j["bytes_per_block"] = f.bytes_per_block;
  }
  const FormatNames& n = f.names;
  Json names{{"torch", nullable(n.torch)}, {"cuda", nullable(n.cuda)}, {"hip", nullable(n.hip)},
             {"triton", n.triton.empty() ? Json(nullptr) : Json(triton_attribute(n.triton))},
             {"dlpack", nullable(n.dlpack)}, {"onnx", nullable(n.onnx)}, {"safetensors", nullable(n.safetensors)},
             {"ggml", nullable(n.ggml)}, {"numpy", nullable(n.numpy)}};
  j["names"] = names;
  if (auto dl = dlpack_type(f.id)) j["dlpack_type"] = {{"code", dl->code}, {"bits", dl->bits}, {"lanes", dl->lanes}};
  else j["dlpack_type"] = nullptr;
  j["onnx_value"] = n.onnx_value >= 0 ? Json(n.onnx_value) : Json(nullptr);
  j["ggml_id"] = n.ggml_id >= 0 ? Json(n.ggml_id) : Json(nullptr);
  j["description"] = f.description;
  j["source"] = f.source;
  return j;
}

// The plain-text tables' columns: each left-aligned to its width, then one space.
constexpr std::string_view kFormatColumns = "{:<20} {:<9} {:<4} {:<2} {:<2} {:<5} {:<12} {:<12} {}\n";
constexpr std::string_view kTargetColumns = "{:<8} {:<16} {:<5} {:<4} {:<6} {:<6} {:<4} {:<6} {}\n";
constexpr std::string_view kProductColumns = "{:<28} {:<9} {}\n";

std::string triton_list(std::uint8_t bits) {
  std::string out;
  const std::pair<std::uint8_t, std::string_view> names[] = {{triton_fp8e4nv, "fp8e4nv"}, {triton_fp8e4b15, "fp8e4b15"},
                                                              {triton_fp8e5, "fp8e5"},     {triton_fp8e4b8, "fp8e4b8"},
                                                              {triton_fp8e5b16, "fp8e5b16"}};
  // Appended piecewise: `"literal" + std::string&&` trips g++ 12's false -Wrestrict at -O3 (GCC
  // PR 105329), which breaks the CI preset's -Werror build.
  for (const auto& [b, n] : names) {
    if (!(bits & b)) continue;
    if (!out.empty()) out += ' ';
    out += n;
  }
  return out;
}

// The CPU and the vendors without a CUDA-style capability (Apple, Intel, Ascend, Adreno, Mali)
// have none: their rows say (0, 0).
bool has_cc(const Target& t) { return t.cc_major != 0 || t.cc_minor != 0; }

std::string cc_text(const Target& t) {
  if (!has_cc(t)) return "-";
  return fmt::format("{}.{}", t.cc_major, t.cc_minor);
}


std::string yes(bool b) { return b ? "yes" : "no"; }

}  // namespace

std::string render_formats(OutputFormat format) {
  if (format == OutputFormat::json) {
    Json list = Json::array();
    for (const Format& f : formats()) list.push_back(format_json(f));
    return dump_json(Json{{"schema", "kvdtype.formats/v1"}, {"formats", list}}) + "\n";
  }
  std::string out;
  const bool md = format == OutputFormat::markdown;
  if (md) out += "| name | kind | bits | E | M | bias | max | min normal | min subnormal | inf | nan | -0 | torch |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  else fmt::format_to(std::back_inserter(out), kFormatColumns, "name", "kind", "bits", "E", "M", "bias", "max", "min normal", "torch");
  for (const Format& f : formats()) {
    const bool fl = f.kind == FormatKind::floating;
    const std::string e = fl ? std::to_string(f.exponent_bits) : "-";
    const std::string m = fl ? std::to_string(f.mantissa_bits) : "-";
    const std::string b = fl ? std::to_string(f.exponent_bias) : "-";
    const std::string mn = fl ? number(f.min_normal) : "-";
    if (md) {
      fmt::format_to(std::back_inserter(out), "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", f.name,
                     kind_name(f.kind), f.bits, e, m, b, number(f.max_finite), mn, fl ? number(f.min_subnormal) : "-",
                     yes(f.inf != InfEncoding::none), yes(f.nan != NanEncoding::none), yes(f.has_negative_zero), f.names.torch);
    } else {
      fmt::format_to(std::back_inserter(out), kFormatColumns, f.name, kind_name(f.kind), f.bits, e, m, b,
                     number(f.max_finite), mn, f.names.torch);
    }
  }
  return out;
}

std::string render_targets(OutputFormat format) {
  if (format == OutputFormat::json) {
    Json list = Json::array();
    for (const Target& t : targets()) {
      Json prods = Json::array();
      for (const Product& p : products())
        if (p.target == t.name) prods.push_back({{"name", p.name}, {"memory_mib", p.memory_mib ? Json(p.memory_mib) : Json(nullptr)}});
      Json tri = Json::array();
      detail::for_each_word(triton_list(t.triton_fp8), [&](std::string_view w) { tri.push_back(std::string(w)); });
      list.push_back({{"name", t.name}, {"vendor", name(t.vendor)}, {"family", t.family},
                      {"compute_capability", has_cc(t) ? Json(cc_text(t)) : Json(nullptr)},
                      {"bf16", t.bf16}, {"fp8_convert", t.fp8_convert}, {"fp8_mma", t.fp8_mma},
                      {"fp8_flavour", name(t.fp8_flavour)}, {"fp6_fp4_mma", t.fp6_fp4_mma},
                      {"block_scale_mma", t.block_scale_mma}, {"triton_fp8", tri}, {"products", prods},
                      {"source", t.source}});
    }
    return dump_json(Json{{"schema", "kvdtype.targets/v1"}, {"targets", list}}) + "\n";
  }
  std::string out;
  const bool md = format == OutputFormat::markdown;
  // Markdown is docs/targets.md's table (products have their own: `targets --products`).
  if (md) out += "| target | vendor | family | capability | bf16 | fp8 convert | fp8 MMA | fp8 flavour | fp6/fp4 MMA | block-scaled MMA | Triton fp8 |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
  else fmt::format_to(std::back_inserter(out), kTargetColumns, "target", "family", "cc", "bf16", "fp8cvt", "fp8mma", "fp8", "fp4mma", "products");
  for (const Target& t : targets()) {
    std::string prods;
    for (const Product& p : products())
      if (p.target == t.name) fmt::format_to(std::back_inserter(prods), "{}{}", prods.empty() ? "" : ", ", p.name);
    if (md) {
      const auto mark = [](bool b) { return std::string(b ? "yes" : "—"); };
      const std::string_view flavour = name(t.fp8_flavour);
      fmt::format_to(std::back_inserter(out), "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", t.name,
                     name(t.vendor), t.family, has_cc(t) ? cc_text(t) : std::string("—"), mark(t.bf16),
                     mark(t.fp8_convert), mark(t.fp8_mma), flavour == "none" ? std::string("—") : std::string(flavour),
                     mark(t.fp6_fp4_mma), mark(t.block_scale_mma),
                     t.triton_fp8 == 0 ? std::string("—") : triton_list(t.triton_fp8));
    } else {
      fmt::format_to(std::back_inserter(out), kTargetColumns, t.name, t.family, cc_text(t), yes(t.bf16),
                     yes(t.fp8_convert), yes(t.fp8_mma), name(t.fp8_flavour), yes(t.fp6_fp4_mma), prods);
    }
  }
  return out;
}

std::string render_products(OutputFormat format) {
  if (format == OutputFormat::json) {
    Json list = Json::array();
    for (const Product& p : products())
      list.push_back({{"name", p.name}, {"target", p.target}, {"memory_mib", p.memory_mib ? Json(p.memory_mib) : Json(nullptr)},
                      {"source", p.source}});
    return Json{{"schema", "kvdtype.products/v1"}, {"products", list}}.dump(2) + "\n";
  }
  const bool md = format == OutputFormat::markdown;
  std::string out = md ? std::string("| product | target | memory (MiB) |\n|---|---|---|\n")
                       : fmt::format(kProductColumns, "product", "target", "memory (MiB)");
  for (const Product& p : products()) {
    const std::string mib = p.memory_mib ? fmt::format("{}", p.memory_mib) : std::string("—");
    if (md) fmt::format_to(std::back_inserter(out), "| {} | `{}` | {} |\n", p.name, p.target, mib);
    else fmt::format_to(std::back_inserter(out), kProductColumns, p.name, p.target, mib);
  }
  return out;
}

std::string render_backends(Engine engine, OutputFormat format) {
  const auto rows = backends(engine);
  auto q_text = [](const Backend& b) {
    std::string s = b.q_policy == QPolicy::kv_format ? "kv_format" : "model_dtype";
    if (b.q_kv_format_min_cc) fmt::format_to(std::back_inserter(s), " from cc {}", b.q_kv_format_min_cc);
    if (b.q_kv_format_max_cc) fmt::format_to(std::back_inserter(s), " to cc {}", b.q_kv_format_max_cc);
    return s;
  };
  auto path_text = [](Fp8Path p) {
    switch (p) {
      case Fp8Path::software: return "software";
      case Fp8Path::hardware: return "hardware";
      case Fp8Path::triton: return "triton";
    }
    return "software";
  };
  if (format == OutputFormat::json) {
    Json list = Json::array();
    for (const Backend& b : rows) {
      list.push_back({{"name", b.name}, {"platforms", b.platforms}, {"attention", b.attention},
                      {"kv_cache_dtypes", b.kv_cache_dtypes}, {"model_dtypes", b.model_dtypes},
                      {"min_cc", b.min_cc ? Json(b.min_cc) : Json(nullptr)}, {"max_cc", b.max_cc ? Json(b.max_cc) : Json(nullptr)},
                      {"head_sizes", b.head_sizes}, {"block_sizes", b.block_sizes},
                      {"q_policy", q_text(b)}, {"q_strict", b.q_strict},
                      {"kv_declared", b.kv_declared == KvDeclared::element ? "element" : "element_or_bytes"},
                      {"fp8_path", path_text(b.fp8_path)}, {"canonical_kv", nullable(b.canonical_kv)},
                      {"notes", b.notes}, {"source", b.source}});
      if (!b.fa_kv_pairs.empty()) {
        list.back()["fa_kv_pairs"] = b.fa_kv_pairs;
        list.back()["fa_head_sizes"] = b.fa_head_sizes;
      }
    }
    Json order = Json::array();
    for (const SelectionOrder& s : selection_orders(engine))
      order.push_back({{"platform", s.platform}, {"attention", s.attention},
                       {"min_cc", s.min_cc ? Json(s.min_cc) : Json(nullptr)}, {"max_cc", s.max_cc ? Json(s.max_cc) : Json(nullptr)},
                       {"kv_quantized", s.kv_quantized < 0 ? Json(nullptr) : Json(s.kv_quantized == 1)},
                       {"order", s.order}, {"source", s.source}});
    return dump_json(Json{{"schema", "kvdtype.backends/v1"}, {"engine", engine_info(engine).name}, {"backends", list},
                {"selection", order}}) + "\n";
  }
  std::string out;
  const bool md = format == OutputFormat::markdown;
  if (md) out += "| backend | platforms | attention | kv-cache dtypes | cc | Q with quantized KV | fp8 path |\n|---|---|---|---|---|---|---|\n";
  for (const Backend& b : rows) {
    const auto bound = [](unsigned cc) { return cc ? fmt::format("{}", cc) : std::string("any"); };
    const std::string cc = fmt::format("{}..{}", bound(b.min_cc), bound(b.max_cc));
    auto to = std::back_inserter(out);
    if (md) {
      fmt::format_to(to, "| {} | {} | {} | {} | {} | {} | {} |\n", b.name, b.platforms, b.attention, b.kv_cache_dtypes, cc,
                     q_text(b), path_text(b.fp8_path));
    } else {
      fmt::format_to(to, "{}\n  platforms {}, cc {}, attention {}\n  kv {}\n  Q {}, fp8 path {}\n", b.name, b.platforms, cc,
                     b.attention, b.kv_cache_dtypes, q_text(b), path_text(b.fp8_path));
      if (!b.notes.empty()) fmt::format_to(to, "  {}\n", b.notes);
      if (!b.fa_kv_pairs.empty()) {
        fmt::format_to(to, "  flash-attention K/V pairs {}", b.fa_kv_pairs);
        if (!b.fa_head_sizes.empty()) fmt::format_to(to, "; head sizes {}", b.fa_head_sizes);
        out += "\n";
      }
    }
  }
  return out;
}

std::string render_rules(OutputFormat format) {
  if (format == OutputFormat::json) {
    Json list = Json::array();
    for (const Rule& r : rules())
      list.push_back({{"code", r.code}, {"severity", name(r.severity)}, {"title", r.title}, {"message", r.message},
                      {"fix", r.fix}, {"source", r.source}, {"trigger", r.trigger}});
    return dump_json(Json{{"schema", "kvdtype.rules/v1"}, {"rules", list}}) + "\n";
  }
  std::string out;
  if (format == OutputFormat::markdown) out += "| code | severity | title |\n|---|---|---|\n";
  for (const Rule& r : rules()) {
    if (format == OutputFormat::markdown) fmt::format_to(std::back_inserter(out), "| {} | {} | {} |\n", r.code, name(r.severity), r.title);
    else fmt::format_to(std::back_inserter(out), "{}  {:<7} {}\n", r.code, name(r.severity), r.title);
  }
  return out;
}

std::string render_explain(const Rule& r, OutputFormat format) {
  const std::string_view page = rule_page(r.code);
  // Where the rule is fired from: its rows of the firing-site table (src/core/firing_sites.cpp).
  std::vector<std::string> sites;
  for (const detail::FiringSite* s : detail::sites_of(r)) sites.push_back(detail::describe(*s));
  if (format == OutputFormat::json) {
    return dump_json(Json{{"schema", "kvdtype.explain/v1"}, {"code", r.code}, {"severity", name(r.severity)}, {"title", r.title},
                {"message", r.message}, {"fix", r.fix}, {"source", r.source}, {"trigger", r.trigger}, {"page", page},
                {"fired_from", sites}}) + "\n";
  }
  std::string fired;
  for (const std::string& s : sites) fired += (fired.empty() ? "" : "; ") + s;
  const std::string where = format == OutputFormat::markdown ? "\n**Fired from:** " + fired + "\n" : "\nfired from: " + fired + "\n";
  if (!page.empty()) return std::string(page) + where;
  return fmt::format("{}: {}\n\n{}\n\nfix: {}\nsource: {}\n", r.code, r.title, r.message, r.fix, r.source) + where;
}

}  // namespace kvdtype::io
