// A Report as JSON (CONTRACT.md), text (verdict first, then the plan, then diagnostics with
// their fixes) or Markdown (for pasting into an issue).
#include <algorithm>
#include <iterator>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/text.hpp"
#include "common/json_text.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/render.hpp"
#include "render/report_json.hpp"
#include "tables/rows/release.hpp"
#include "pipeline/finding_order.hpp"
#include "render/one_result.hpp"
#include "kvdtype/io/workloads.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/constraint.hpp"

namespace kvdtype::io {

namespace {

Json opt(const std::optional<FormatId>& f) { return f ? Json(std::string(name(*f))) : Json(nullptr); }
Json opt_u(std::uint64_t v) { return v ? Json(v) : Json(nullptr); }

std::string version_text(const Version& v) { return to_string(v); }

Json request_json(const Request& r) {
  Json j;
  j["engine"] = engine_info(r.engine).name;
  j["engine_version"] = r.engine_version.known ? Json(version_text(r.engine_version)) : Json(nullptr);
  // No version given: the release whose state the tables describe (known bugs stay "unknown").
  const Version newest = newest_version(r.engine);
  j["engine_version_assumed"] = !r.engine_version.known && newest.known ? Json(version_text(newest)) : Json(nullptr);
  j["gpu"] = r.product ? Json(std::string(r.product->name)) : r.target ? Json(std::string(r.target->name)) : Json(nullptr);
  j["kv_cache_dtype"] = r.kv_cache_dtype ? Json(std::string(r.kv_cache_dtype->name)) : Json(nullptr);
  if (r.v_cache_dtype) j["v_cache_dtype"] = std::string(r.v_cache_dtype->name);
  if (r.flags & (flag_flash_attn_on | flag_flash_attn_off)) j["flash_attention"] = r.flags & flag_flash_attn_on ? "on" : "off";
  j["model_dtype"] = opt(r.model_dtype);
  // The engine ran `--dtype auto` into another dtype than the checkpoint's (KVD087): both are said.
  if (r.checkpoint_dtype) j["checkpoint_dtype"] = opt(r.checkpoint_dtype);
  j["attention"] = r.attention == Attention::unknown ? Json(nullptr) : Json(std::string(name(r.attention)));
  j["backend"] = r.backend ? std::string(r.backend->name) : std::string("auto");
  j["q_dtype"] = opt(r.q_dtype);
  j["kv_dtype"] = opt(r.kv_dtype);
  j["kv_storage_dtype"] = opt(r.kv_storage_dtype);
  j["checkpoint_kv_cache_dtype"] = r.checkpoint_kv ? Json(std::string(r.checkpoint_kv->name)) : Json(nullptr);
  j["kv_scales"] = r.kv_scales == Tri::unknown ? Json(nullptr) : Json(r.kv_scales == Tri::yes);
  j["tensor_parallel_size"] = opt_u(r.tensor_parallel_size);
  j["data_parallel_size"] = opt_u(r.data_parallel_size);
  j["decode_context_parallel_size"] = opt_u(r.decode_context_parallel_size);
  j["block_size"] = opt_u(r.block_size);
  const Geometry& g = r.geometry;
  j["num_heads"] = opt_u(g.num_heads);
  j["num_kv_heads"] = opt_u(g.num_kv_heads);
  j["head_size"] = opt_u(g.head_size);
  j["head_size_v"] = opt_u(g.head_size_v);
  j["num_layers"] = opt_u(g.num_layers);
  j["num_kv_layers"] = opt_u(g.num_kv_layers);
  j["kv_lora_rank"] = opt_u(g.kv_lora_rank);
  j["qk_rope_head_dim"] = opt_u(g.qk_rope_head_dim);
  j["index_topk"] = opt_u(g.index_topk);
  // Issue 28's inputs, only when given (a request without them reads as before).
  auto text = [&](const char* key, std::string_view v) {
    if (!v.empty()) j[key] = std::string(v);
  };
  text("model_architecture", Request::text(r.model_architecture));
  text("model_type", Request::text(r.model_type));
  text("weight_quantization", Request::text(r.weight_quantization));
  switch (r.kv_scale_layout) {
    case KvScaleLayout::unknown: break;
    case KvScaleLayout::none: j["kv_scale_layout"] = "none"; break;
    case KvScaleLayout::k_only: j["kv_scale_layout"] = "k"; break;
    case KvScaleLayout::v_only: j["kv_scale_layout"] = "v"; break;
    case KvScaleLayout::both: j["kv_scale_layout"] = "both"; break;
  }
  switch (r.kv_scales_source) {
    case KvScalesSource::unknown: break;
    case KvScalesSource::checkpoint: j["kv_scales_source"] = "checkpoint"; break;
    case KvScalesSource::file: j["kv_scales_source"] = "file"; break;
    case KvScalesSource::computed: j["kv_scales_source"] = "computed"; break;
  }
  text("speculative_method", Request::text(r.speculative_method));
  if (r.num_speculative_tokens) j["num_speculative_tokens"] = r.num_speculative_tokens;
  text("speculative_model", Request::text(r.speculative_model));
  text("kv_connector", Request::text(r.kv_connector));
  text("dsa_prefill_backend", Request::text(r.dsa_prefill_backend));
  text("dsa_decode_backend", Request::text(r.dsa_decode_backend));
  if (r.hierarchical_cache != Tri::unknown) j["hierarchical_cache"] = r.hierarchical_cache == Tri::yes;
  if (r.chunked_prefix_cache != Tri::unknown) j["chunked_prefix_cache"] = r.chunked_prefix_cache == Tri::yes;
  if (r.cuda_graph != Tri::unknown) j["cuda_graph"] = r.cuda_graph == Tri::yes;
  if (r.remote_backend != Tri::unknown) j["remote_backend"] = r.remote_backend == Tri::yes;
  if (r.q_quantization != Tri::unknown) j["q_quantization"] = r.q_quantization == Tri::yes;
  // The per-layer inputs, likewise only when given.
  if (r.attention_sinks != Tri::unknown) j["attention_sinks"] = r.attention_sinks == Tri::yes;
  if (r.sliding_window) j["sliding_window"] = r.sliding_window;
  if (r.layer_groups.size() != 0) {
    Json groups = Json::array();
    for (const LayerGroup& g : r.layer_groups) {
      Json e{{"kind", name(g.kind)}, {"layers", g.layers}};
      if (g.head_size) e["head_size"] = g.head_size;
      if (g.num_kv_heads) e["num_kv_heads"] = g.num_kv_heads;
      if (g.window) e["window"] = g.window;
      groups.push_back(e);
    }
    j["layer_groups"] = groups;
  }
  if (r.draft_kv_cache_dtype) j["speculative_kv_cache_dtype"] = std::string(r.draft_kv_cache_dtype->name);
  return j;
}

Json plan_json(const Plan& p) {
  Json j;
  if (p.target) j["target"] = {{"name", p.target->name}, {"vendor", name(p.target->vendor)}};
  else j["target"] = nullptr;
  j["backend"] = p.backend ? Json(std::string(p.backend->name)) : Json(nullptr);
  j["replaced_backend"] = p.replaced ? Json(std::string(p.replaced->name)) : Json(nullptr);
  j["cache_dtype"] = p.cache_dtype ? Json(std::string(p.cache_dtype->name)) : Json(nullptr);
  if (p.v_cache_dtype) j["v_cache_dtype"] = std::string(p.v_cache_dtype->name);
  j["k"] = {{"format", opt(p.k.format)}, {"storage", opt(p.k.storage)}};
  j["v"] = {{"format", opt(p.v.format)}, {"storage", opt(p.v.storage)}};
  j["q"] = {{"format", opt(p.q)}};
  j["kv_data_type"] = opt(p.kv_data_type);
  Json scales{{"kind", name(p.scales.kind)}};
  scales["calibrated"] = p.scales.calibrated == Tri::unknown ? Json(nullptr) : Json(p.scales.calibrated == Tri::yes);
  j["scales"] = scales;
  j["bytes_per_token_per_layer"] = p.bytes_per_token_per_layer ? Json(*p.bytes_per_token_per_layer) : Json(nullptr);
  j["bytes_per_token"] = p.bytes_per_token ? Json(*p.bytes_per_token) : Json(nullptr);
  Json skipped = Json::array();
  for (const SkippedBackend& s : p.skipped) {
    Json e{{"backend", s.backend->name}, {"code", s.rule->code}, {"reason", s.rule->title}};
    if (!s.detail.empty()) e["detail"] = s.detail;
    skipped.push_back(e);
  }
  j["skipped"] = skipped;
  // A hybrid model's per-layer plan (issue 28), only when its groups were given or read: one
  // entry per group; bytes_per_token above is then their attention groups' sum.
  if (p.layer_groups.size() != 0) {
    Json groups = Json::array();
    for (const LayerGroupPlan& g : p.layer_groups) {
      Json e{{"kind", name(g.group.kind)}, {"layers", g.group.layers}};
      e["head_size"] = opt_u(g.group.head_size);
      e["num_kv_heads"] = opt_u(g.group.num_kv_heads);
      if (g.group.kind == LayerKind::sliding) e["window"] = opt_u(g.group.window);
      e["cache_dtype"] = g.cache_dtype ? Json(std::string(g.cache_dtype->name)) : Json(nullptr);
      e["dtype"] = opt(g.dtype);
      e["bytes_per_token_per_layer"] = g.bytes_per_token_per_layer ? Json(*g.bytes_per_token_per_layer) : Json(nullptr);
      e["bytes_per_token"] = g.bytes_per_token ? Json(*g.bytes_per_token) : Json(nullptr);
      groups.push_back(e);
    }
    j["layer_groups"] = groups;
  }
  return j;
}

std::string color(const TextStyle& st, std::string_view code, std::string_view text) {
  if (!st.color) return std::string(text);
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

std::string_view severity_color(Severity s) {
  switch (s) {
    case Severity::error: return "1;31";
    case Severity::warning: return "1;33";
    case Severity::info: return "36";
  }
  return "0";
}

std::string fmt_or_dash(const std::optional<FormatId>& f) { return f ? std::string(name(*f)) : std::string("—"); }

std::string plan_lines(const Report& rep, bool markdown) {
  const Plan& p = rep.plan;
  std::string out;
  auto line = [&](std::string_view key, const std::string& value) {
    // Text: the key padded to 10 columns (one space at least) before the value.
    if (markdown) fmt::format_to(std::back_inserter(out), "| {} | {} |\n", key, value);
    else fmt::format_to(std::back_inserter(out), "  {}{:{}}{}\n", key, "", key.size() < 10 ? 10 - key.size() : 1, value);
  };
  if (markdown) out += "| | |\n| --- | --- |\n";
  line("target", p.target ? fmt::format("{} ({})", p.target->name, p.target->family) : "unknown");
  std::string backend = p.backend ? std::string(p.backend->name) : "none";
  if (p.replaced) fmt::format_to(std::back_inserter(backend), " (the engine swapped it in for {})", p.replaced->name);
  if (p.backend_inferred && p.requested)
    fmt::format_to(std::back_inserter(backend), " (the one backend any platform serves {} through; the GPU is unknown)", p.requested->name);
  line("backend", backend);
  std::string cache = p.cache_dtype ? std::string(p.cache_dtype->name) : "unknown";
  if (p.requested && p.cache_dtype && p.requested != p.cache_dtype) cache = fmt::format("{} → {}", p.requested->name, cache);
  if (p.v_cache_dtype) cache = fmt::format("K {}, V {}", cache, p.v_cache_dtype->name);
  line("cache", cache);
  auto tensor = [&](const TensorPlan& t) {
    std::string s = fmt_or_dash(t.format);
    if (t.storage && t.storage != t.format) fmt::format_to(std::back_inserter(s), " (stored as {})", name(*t.storage));
    return s;
  };
  line("K", tensor(p.k));
  line("V", tensor(p.v));
  line("Q", fmt_or_dash(p.q));
  line("kv dtype", fmt::format("{} (declare this to the kernel)", fmt_or_dash(p.kv_data_type)));
  if (p.scales.kind != ScaleKind::none) {
    std::string s(name(p.scales.kind));
    if (p.scales.calibrated == Tri::yes) s += ", calibrated";
    if (p.scales.calibrated == Tri::no) s += ", default 1.0";
    line("scales", s);
  }
  std::string bytes = p.bytes_per_token_per_layer ? fmt::format("{} B/token/layer", *p.bytes_per_token_per_layer) : "unknown";
  if (p.bytes_per_token) fmt::format_to(std::back_inserter(bytes), ", {} B/token", *p.bytes_per_token);
  line("bytes", bytes);
  // The per-layer plan, one group a line: what each group keeps and in which dtype.
  for (const LayerGroupPlan& g : p.layer_groups) {
    std::string s = fmt::format("{} × {}", g.group.layers, name(g.group.kind));
    if (g.group.attention()) {
      if (g.group.head_size) fmt::format_to(std::back_inserter(s), ", head {}", g.group.head_size);
      if (g.group.window) fmt::format_to(std::back_inserter(s), ", window {}", g.group.window);
      fmt::format_to(std::back_inserter(s), ": {} cache", g.cache_dtype ? g.cache_dtype->name : std::string_view("unknown"));
      if (g.bytes_per_token) fmt::format_to(std::back_inserter(s), ", {} B/token", *g.bytes_per_token);
    } else {
      fmt::format_to(std::back_inserter(s), ": recurrent state in {} (not the kv-cache string's)", fmt_or_dash(g.dtype));
    }
    line("layers", s);
  }
  return out;
}


Json diagnostic_json(const Diagnostic& d, const Report& rep) {
  Json e{{"code", d.rule->code}, {"severity", name(d.severity)}, {"title", d.rule->title},
         {"message", message(d, rep)}, {"fix", fix(d, rep)}};
  if (d.evidence.backend) e["backend"] = d.evidence.backend->name;
  e["source"] = d.evidence.constraint ? d.evidence.constraint->source : d.rule->source;
  return e;
}

Json input_diagnostic_json(const InputDiagnostic& d) {
  return {{"code", d.rule->code}, {"severity", name(d.severity)}, {"title", d.rule->title},
          {"message", d.message}, {"fix", d.fix}, {"source", d.rule->source}};
}

// The diagnostics at or above `shown` (--quiet / --min-severity), with the input findings when
// `extras` is given, in the order every output lists them (finding_order.hpp).
Json diagnostics_json(const Report& rep, const ReportExtras* extras, Severity shown) {
  Json diags = Json::array();
  internal::for_each_finding(rep, extras, [&](const Diagnostic* d, const InputDiagnostic* in) {
    if (d != nullptr && d->severity >= shown) diags.push_back(diagnostic_json(*d, rep));
    if (in != nullptr && in->severity >= shown) diags.push_back(input_diagnostic_json(*in));
    return true;
  });
  return diags;
}

Json capacity_json(const Capacity& c) {
  Json j;
  j["gpu_memory_gib"] = c.gpu_memory_gib;
  j["gpu_memory_utilization"] = c.utilization;
  j["weight_gib_per_gpu"] = c.weights_known ? Json(c.weight_gib_per_gpu) : Json(nullptr);
  j["kv_budget_gib"] = c.kv_budget_gib;
  j["bytes_per_token"] = c.bytes_per_token;
  j["tokens"] = c.tokens;
  j["auto_bytes_per_token"] = c.auto_bytes_per_token ? Json(c.auto_bytes_per_token) : Json(nullptr);
  j["auto_tokens"] = c.auto_tokens ? Json(c.auto_tokens) : Json(nullptr);
  j["gain_vs_auto"] = c.auto_tokens ? Json(c.gain) : Json(nullptr);
  j["max_model_len"] = c.max_model_len ? Json(c.max_model_len) : Json(nullptr);
  return j;
}

std::string capacity_text(const Capacity& c) {
  std::string s = fmt::format("{} tokens in {:.1f} GiB", c.tokens, c.kv_budget_gib);
  if (c.auto_tokens) fmt::format_to(std::back_inserter(s), " (auto: {}, ×{:.2f})", c.auto_tokens, c.gain);
  if (!c.weights_known) s += ", weights not subtracted";
  // Decode context parallelism: each rank holds 1/d of every token's KV (capacity.cpp).
  if (c.dcp_share > 1) fmt::format_to(std::back_inserter(s), ", each token's KV on 1 of {} ranks", c.dcp_share);
  return s;
}

// The diagnostics at or above `shown`, with the input findings when `extras` is given, in the
// order every output lists them (finding_order.hpp).
std::string diagnostics_text(const Report& rep, const ReportExtras* extras, const TextStyle& style, std::string_view prefix,
                             Severity shown) {
  std::string out;
  auto one = [&](const Rule& rule, Severity sev, const std::string& msg, const std::string& fix_text) {
    if (sev < shown) return;  // --quiet / --min-severity
    fmt::format_to(std::back_inserter(out), "\n{}{}: {}\n  {}\n  fix: {}\n", prefix,
                   color(style, severity_color(sev), fmt::format("{} {}", name(sev), rule.code)), rule.title, msg, fix_text);
  };
  internal::for_each_finding(rep, extras, [&](const Diagnostic* d, const InputDiagnostic* in) {
    if (d != nullptr) one(*d->rule, d->severity, message(*d, rep), fix(*d, rep));
    if (in != nullptr) one(*in->rule, in->severity, in->message, in->fix);
    return true;
  });
  return out;
}

}  // namespace

std::string not_checked(const Report& report, const ReportExtras* extras) {
  std::string facts;
  std::string codes;  // the rules that made it incomplete (KVD080, KVD152), each once
  const auto add = [&](const Rule* rule, Severity sev, std::string_view what) {
    if (verdict_of(rule, sev) != Verdict::incomplete || what.empty()) return;
    if (codes.find(rule->code) == std::string::npos) fmt::format_to(std::back_inserter(codes), "{}{}", codes.empty() ? "" : ", ", rule->code);
    if (facts.find(what) == std::string::npos) fmt::format_to(std::back_inserter(facts), "{}{}", facts.empty() ? "" : ", ", what);
  };
  const auto of = [&](const Report& r) {
    for (const Diagnostic& d : r.diagnostics) add(d.rule, d.severity, d.evidence.detail);
  };
  of(report);
  if (extras != nullptr) {
    // An input finding's message starts with the fact: "the model dtype unknown: …".
    for (const InputDiagnostic& d : extras->input_diagnostics)
      add(d.rule, d.severity, std::string_view(d.message).substr(0, d.message.find(" unknown")));
    if (extras->draft) of(*extras->draft);
    if (extras->prefill) of(*extras->prefill);
  }
  return fmt::format("not checked where {} unknown ({})", facts.empty() ? std::string("an input is") : facts + (facts.find(',') == std::string::npos ? " is" : " are"),
                     codes.empty() ? std::string("KVD080") : codes);
}

namespace {

// Findings a suppression silenced (io/suppressions.hpp): listed with the suppression's reason
// and place, never counted in the verdict.
Json suppressed_json(const std::vector<SuppressedFinding>& found) {
  Json a = Json::array();
  for (const SuppressedFinding& f : found)
    a.push_back({{"code", f.rule->code}, {"severity", name(f.severity)}, {"title", f.rule->title}, {"part", f.part},
                 {"message", f.message}, {"reason", f.reason}, {"origin", f.origin}, {"file", f.file}, {"line", f.line}});
  return a;
}

}  // namespace

Json report_json(const Report& rep, const ReportExtras* extras) {
  Json j;
  j["verdict"] = name(combined_verdict(rep, extras));
  j["request"] = request_json(rep.request);
  j["plan"] = plan_json(rep.plan);
  if (extras && extras->capacity) j["plan"]["capacity"] = capacity_json(*extras->capacity);
  const Severity shown = extras ? extras->min_severity : Severity::info;  // --quiet / --min-severity
  j["diagnostics"] = diagnostics_json(rep, extras, shown);
  if (extras && !extras->notes.empty()) j["notes"] = extras->notes;
  if (extras && !extras->suppressed.empty()) j["suppressed"] = suppressed_json(extras->suppressed);
  auto secondary = [&](const char* key, const Report* r) {
    if (r == nullptr) return;
    j[key] = {{"verdict", name(r->verdict())}, {"request", request_json(r->request)},
              {"plan", plan_json(r->plan)}, {"diagnostics", diagnostics_json(*r, nullptr, shown)}};
  };
  if (extras) {
    secondary("draft", extras->draft);
    secondary("prefill", extras->prefill);
  }
  if (extras && !extras->ignored_flags.empty()) j["ignored_flags"] = extras->ignored_flags;
  return j;
}

Verdict combined_verdict(const Report& report, const ReportExtras* extras) noexcept {
  Verdict v = report.verdict();
  if (extras && extras->draft) v = std::max(v, extras->draft->verdict());
  if (extras && extras->prefill) v = std::max(v, extras->prefill->verdict());
  if (extras)
    for (const InputDiagnostic& d : extras->input_diagnostics) v = std::max(v, verdict_of(d.rule, d.severity));
  return v;
}

std::string render_report(const Report& rep, OutputFormat format, std::string_view kind, TextStyle style,
                          const ReportExtras* extras) {
  const Verdict v = combined_verdict(rep, extras);
  const Severity shown = extras ? extras->min_severity : Severity::info;
  // A findings format renders the one result model (a one-result Checks): the format table's renderer.
  if (const auto render = output_format(format).render_findings) return render(internal::as_checks(rep, extras));
  if (format == OutputFormat::json) {
    Json j;
    j["schema"] = fmt::format("kvdtype.{}/v1", kind);
    j.update(report_json(rep, extras));
    return dump_json(j) + "\n";
  }
  if (format == OutputFormat::markdown) {
    std::string out = fmt::format("### kvdtype {}: **{}**\n\n", kind, name(v));
    out += plan_lines(rep, true);
    if (extras && extras->capacity) fmt::format_to(std::back_inserter(out), "| capacity | {} |\n", capacity_text(*extras->capacity));
    auto row = [&](std::string_view code, Severity sev, const std::string& finding, const std::string& fix_text) {
      fmt::format_to(std::back_inserter(out), "| {} | {} | {} | {} |\n", code, name(sev), finding, fix_text);
    };
    auto table = [&](const Report& r, std::string_view who) {
      if (std::none_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& d) { return d.severity >= shown; }))
        return;
      fmt::format_to(std::back_inserter(out), "\n{}| code | severity | finding | fix |\n| --- | --- | --- | --- |\n", who);
      for (const Diagnostic& d : r.diagnostics)
        if (d.severity >= shown) row(d.rule->code, d.severity, message(d, r), fix(d, r));
    };
    // The request's diagnostics with the input ones, errors first (as in text and JSON).
    const bool any_input = extras && !extras->input_diagnostics.empty();
    if (!rep.diagnostics.empty() || any_input) out += "\n| code | severity | finding | fix |\n| --- | --- | --- | --- |\n";
    internal::for_each_finding(rep, extras, [&](const Diagnostic* d, const InputDiagnostic* in) {
      if (d != nullptr) row(d->rule->code, d->severity, message(*d, rep), fix(*d, rep));
      if (in != nullptr) row(in->rule->code, in->severity, in->message, in->fix);
      return true;
    });
    if (extras && extras->draft) table(*extras->draft, "**Speculative drafter**\n\n");
    if (extras && extras->prefill) table(*extras->prefill, "**Prefill backend**\n\n");
    return kvdtype::detail::escape_text(out, {.newlines = true});
  }
  // Text. grid and html are the matrix's layouts: the format table lets only `matrix` write
  // them, so a report never gets here with them (formats_for("check") has neither).
  std::string out;
  const std::string_view vc = v == Verdict::error ? "1;31" : v == Verdict::ok ? "1;32" : "1;33";
  std::string headline = v == Verdict::error        ? "REJECTED"
                         : v == Verdict::incomplete ? "INCOMPLETE: " + not_checked(rep, extras)
                         : v == Verdict::warn       ? "ACCEPTED with warnings"
                                                    : "ACCEPTED";
  fmt::format_to(std::back_inserter(out), "{}\n", color(style, vc, headline));
  out += plan_lines(rep, false);
  if (extras && extras->capacity) fmt::format_to(std::back_inserter(out), "  capacity  {}\n", capacity_text(*extras->capacity));
  out += diagnostics_text(rep, extras, style, "", shown);
  auto secondary = [&](const Report* r, std::string_view label, std::string_view prefix) {
    if (r == nullptr) return;
    fmt::format_to(std::back_inserter(out), "\n{}: {}\n{}", label, name(r->verdict()), plan_lines(*r, false));
    out += diagnostics_text(*r, nullptr, style, prefix, shown);
  };
  if (extras) {
    secondary(extras->draft, "speculative drafter", "drafter ");
    secondary(extras->prefill, "prefill backend", "prefill ");
  }
  if (!rep.plan.skipped.empty() && rep.plan.backend) {
    out += "\nskipped by the engine's selection:\n";
    for (const SkippedBackend& s : rep.plan.skipped) {
      fmt::format_to(std::back_inserter(out), "  {}: {} {}", s.backend->name, s.rule->code, s.rule->title);
      if (!s.detail.empty()) fmt::format_to(std::back_inserter(out), " ({})", s.detail);
      out += "\n";
    }
  }
  if (extras) {
    // Notes name files and ignored flags are the user's words: any byte at all. Escaped here so
    // that the colour sequences let through below can only be our own.
    for (const std::string& n : extras->notes) fmt::format_to(std::back_inserter(out), "\nnote: {}", kvdtype::detail::escape_text(n));
    if (!extras->notes.empty()) out += "\n";
    for (const SuppressedFinding& f : extras->suppressed) {
      const std::string at = f.file.empty() ? f.origin : f.origin + " " + f.file + (f.line > 0 ? ":" + std::to_string(f.line) : "");
      fmt::format_to(std::back_inserter(out), "\nsuppressed {} {} ({}{}{}): {}", name(f.severity), f.rule->code, at,
                     f.reason.empty() ? "" : ": ", kvdtype::detail::escape_text(f.reason),
                     kvdtype::detail::escape_text(f.part.empty() ? f.message : f.part + ": " + f.message));
    }
    if (!extras->suppressed.empty()) out += "\n";
    if (!extras->ignored_flags.empty()) {
      out += "\nignored launch-command flags:";
      for (const std::string& f : extras->ignored_flags) fmt::format_to(std::back_inserter(out), " {}", kvdtype::detail::escape_text(f));
      out += "\n";
    }
  }
  // Every text output is terminal-safe (docs/reliability.md): nothing but our own colours.
  return kvdtype::detail::escape_text(out, {.newlines = true, .sgr = style.color});
}

}  // namespace kvdtype::io
