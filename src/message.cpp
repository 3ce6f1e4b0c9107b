// Filling rule templates: "{backend} does not accept {kv_cache_dtype}" → one line of text.
// Text is built only when asked for, so check() itself never formats strings.
#include <cstdio>
#include <string>

#include "kvdtype/check.hpp"

namespace kvdtype {
namespace {

std::string cc_text(unsigned cc) {
  return std::to_string(cc / 10) + "." + std::to_string(cc % 10);
}

std::string backend_targets(const Backend& b) {
  std::string out;
  for (char c : b.platforms) out += c == ' ' ? '/' : c;
  if (b.min_cc && b.max_cc) out += " compute capability " + cc_text(b.min_cc) + " to " + cc_text(b.max_cc);
  else if (b.min_cc) out += " compute capability " + cc_text(b.min_cc) + " or newer";
  else if (b.max_cc) out += " compute capability up to " + cc_text(b.max_cc);
  return out;
}

std::string head_sizes(const Backend& b) {
  std::string out;
  if (!b.head_sizes.empty()) out = std::string(b.head_sizes);
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  if (b.head_size_multiple) add("multiples of " + std::to_string(b.head_size_multiple));
  if (b.head_size_min) add("at least " + std::to_string(b.head_size_min));
  if (b.head_size_max) add("at most " + std::to_string(b.head_size_max));
  return out.empty() ? "any" : out;
}

std::string block_sizes(const Backend& b) {
  if (!b.block_sizes.empty()) {
    std::string out;
    for (char c : b.block_sizes) out += c == ' ' ? std::string(" or ") : std::string(1, c);
    return out;
  }
  return b.block_size_multiple ? std::to_string(b.block_size_multiple) : std::string("1");
}

std::string opt_format(const std::optional<FormatId>& f) { return f ? std::string(name(*f)) : std::string("unknown"); }

std::string skipped(const Report& rep) {
  std::string out;
  for (const SkippedBackend& s : rep.plan.skipped) {
    if (!out.empty()) out += "; ";
    out += std::string(s.backend->name) + " (" + std::string(s.rule->code) + " " + std::string(s.rule->title);
    if (!s.detail.empty()) out += ": " + std::string(s.detail);
    out += ")";
  }
  if (rep.plan.skipped.truncated()) out += "; …";
  return out.empty() ? std::string("no candidate for this platform") : out;
}

std::string value_of(std::string_view key, const Diagnostic& d, const Report& rep) {
  const Request& r = rep.request;
  const Plan& p = rep.plan;
  const Evidence& e = d.evidence;
  const Backend* backend = e.backend ? e.backend : p.backend;
  if (key == "engine") return std::string(engine_info(r.engine).display);
  if (key == "engine_version") {
    if (!r.engine_version.known) return "(version unknown)";
    return std::to_string(r.engine_version.major) + "." + std::to_string(r.engine_version.minor) + "." +
           std::to_string(r.engine_version.patch);
  }
  if (key == "target") {
    if (!r.target) return "an unknown GPU";
    if (r.product) return std::string(r.product->name) + " (" + std::string(r.target->name) + ")";
    return std::string(r.target->name);
  }
  if (key == "kv_cache_dtype") return p.requested ? std::string(p.requested->name) : std::string("auto");
  if (key == "cache_dtype") return p.cache_dtype ? std::string(p.cache_dtype->name) : std::string("unknown");
  if (key == "v_cache_dtype") {
    if (p.v_cache_dtype) return std::string(p.v_cache_dtype->name);
    return p.cache_dtype ? std::string(p.cache_dtype->name) : std::string("unknown");
  }
  if (key == "refused") return std::string(r.refused_text());
  if (key == "model_dtype") return opt_format(r.model_dtype);
  if (key == "attention") return std::string(name(r.attention));
  if (key == "backend") return backend ? std::string(backend->name) : std::string("the backend");
  if (key == "backend_targets") return backend ? backend_targets(*backend) : std::string();
  if (key == "backend_head_sizes") return backend ? head_sizes(*backend) : std::string();
  if (key == "backend_block_sizes") return backend ? block_sizes(*backend) : std::string();
  if (key == "head_size") return std::to_string(r.geometry.head_size);
  if (key == "block_size") return std::to_string(r.block_size);
  if (key == "k_format") return opt_format(p.k.format);
  if (key == "v_format") return opt_format(p.v.format);
  if (key == "q_format") return opt_format(p.q);
  if (key == "kv_data_type") return opt_format(p.kv_data_type);
  if (key == "k_storage") return opt_format(p.k.storage);
  if (key == "got") return opt_format(e.got);
  if (key == "want") return opt_format(e.want);
  if (key == "detail") return std::string(e.detail);
  if (key == "number") return std::to_string(e.number);
  if (key == "skipped") return skipped(rep);
  if (key == "fixed_in") {
    if (e.constraint && !e.constraint->fixed_in.empty()) return "first released in " + std::string(e.constraint->fixed_in);
    return "first release with it not known";
  }
  if (key == "fix_pr") return e.constraint && !e.constraint->fix_pr.empty() ? std::string(e.constraint->fix_pr) : "the fix";
  if (key == "value") {
    // Rules about a backend's list default to that list when no specific value was recorded.
    if (!e.value.empty()) return std::string(e.value);
    if (backend && d.rule) {
      if (d.rule->code == "KVD010") return std::string(backend->kv_cache_dtypes);
      if (d.rule->code == "KVD011") return std::string(backend->model_dtypes);
      if (d.rule->code == "KVD012") return std::string(backend->attention);
    }
    if (d.rule && d.rule->code == "KVD001") return std::string();
    return std::string();
  }
  return "{" + std::string(key) + "}";  // unknown placeholder: visible, and caught by the lint
}

}  // namespace

std::string expand(std::string_view tmpl, const Diagnostic& d, const Report& report) {
  std::string out;
  out.reserve(tmpl.size() + 64);
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] == '{') {
      const std::size_t close = tmpl.find('}', i);
      if (close != std::string_view::npos) {
        out += value_of(tmpl.substr(i + 1, close - i - 1), d, report);
        i = close;
        continue;
      }
    }
    out += tmpl[i];
  }
  return out;
}

std::string message(const Diagnostic& d, const Report& report) {
  std::string m = expand(d.rule->message, d, report);
  // A version-scoped finding with an unknown engine version says which fix matters.
  const Constraint* c = d.evidence.constraint;
  if (c && d.severity != d.rule->severity && !c->fix_pr.empty()) {
    if (!report.request.engine_version.known)
      m += " (engine version unknown: fixed by " + std::string(c->fix_pr) +
           (c->fixed_in.empty() ? std::string() : " in " + std::string(c->fixed_in)) + ")";
    else
      m += " (fixed by " + std::string(c->fix_pr) + "; the first release with the fix is not known, so check your build)";
  }
  return m;
}

std::string fix(const Diagnostic& d, const Report& report) { return expand(d.rule->fix, d, report); }

}  // namespace kvdtype
