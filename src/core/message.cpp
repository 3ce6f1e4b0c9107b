// Filling rule templates: "{backend} does not accept {kv_cache_dtype}" → one line of text.
// Text is built only when asked for, so check() itself never formats strings.
#include <cctype>
#include <iterator>
#include <string>
#include <tuple>

#include <fmt/format.h>

#include "kvdtype/check.hpp"
#include "core/request_extra.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/constraint.hpp"

namespace kvdtype {
namespace {

std::string cc_text(unsigned cc) {
  return fmt::format("{}.{}", cc / 10, cc % 10);
}

// The backend's platforms and capability range in the request's release (a floor that changed,
// FlashInfer 7.5 → 8.0 in vLLM v0.24.0, is the older one for older releases).
std::string backend_targets(const Backend& b, const Version& release) {
  std::string out;
  for (char c : b.platforms) out += c == ' ' ? '/' : c;
  unsigned min_cc = b.min_cc;
  if (b.min_cc_before && release.known) {
    auto changed = parse_version(b.min_cc_changed_in);
    if (changed.ok() && release < *changed) min_cc = b.min_cc_before;
  }
  if (min_cc && b.max_cc) out += fmt::format(" compute capability {} to {}", cc_text(min_cc), cc_text(b.max_cc));
  else if (min_cc) out += fmt::format(" compute capability {} or newer", cc_text(min_cc));
  else if (b.max_cc) out += fmt::format(" compute capability up to {}", cc_text(b.max_cc));
  return out;
}

std::string head_sizes(const Backend& b) {
  std::string out;
  if (!b.head_sizes.empty()) out = std::string(b.head_sizes);
  auto add = [&](std::string_view what, unsigned n) { out += fmt::format("{}{} {}", out.empty() ? "" : ", ", what, n); };
  if (b.head_size_multiple) add("multiples of", b.head_size_multiple);
  if (b.head_size_min) add("at least", b.head_size_min);
  if (b.head_size_max) add("at most", b.head_size_max);
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
    fmt::format_to(std::back_inserter(out), "{}{} ({} {}{}{})", out.empty() ? "" : "; ", s.backend->name, s.rule->code,
                   s.rule->title, s.detail.empty() ? "" : ": ", s.detail);
  }
  if (rep.plan.skipped.truncated()) out += "; …";
  return out.empty() ? std::string("no candidate for this platform") : out;
}

// The bits per K element of a resolved plan (16 when its K format is unknown), to rank replacements.
unsigned k_bits(const Plan& p) { return p.k.format ? format(*p.k.format).bits : 16u; }

// Whether the release (when known) has the row: not before its first release (nor after its
// last known absence), not from its removal on.
bool in_release(const CacheDtype& c, const Version& v) {
  if (!v.known) return true;
  const auto version = [&](std::string_view text) { return text.empty() ? Result<Version>(Version{}) : parse_version(c.engine, text); };
  const auto absent = version(c.absent_in), introduced = version(c.introduced_in), removed = version(c.removed_in);
  if (absent.ok() && absent->known && v <= *absent) return false;
  if (c.absent_in.empty() && introduced.ok() && introduced->known && v < *introduced) return false;
  return !(removed.ok() && removed->known && v >= *removed);
}

// The engine's value set as its release takes it, from the vocabulary rows: "0 (none), 4 (int4),
// 8 (int8)" where the values are numbers named by aliases (LMDeploy's --quant-policy), else the
// strings ("auto, fp8, nvfp4").
std::string value_set(const Request& r) {
  std::string out;
  for (const CacheDtype& c : cache_dtypes(r.engine)) {
    if (c.internal || c.deprecated || !in_release(c, r.engine_version)) continue;
    if (!out.empty()) out += ", ";
    out += c.name;
    const bool number = !c.name.empty() && c.name.find_first_not_of("0123456789") == std::string_view::npos;
    if (number && !c.aliases.empty()) out += fmt::format(" ({})", c.aliases.substr(0, c.aliases.find(' ')));
  }
  return out;
}

std::string value_of(std::string_view key, const Diagnostic& d, const Report& rep) {
  const Request& r = rep.request;
  const Plan& p = rep.plan;
  const Evidence& e = d.evidence;
  const Backend* backend = e.backend ? e.backend : p.backend;
  if (key == "engine") return std::string(engine_info(r.engine).display);
  if (key == "engine_name") return std::string(engine_info(r.engine).name);
  if (key == "engine_version") {
    if (!r.engine_version.known) return "(version unknown)";
    return to_string(r.engine_version);
  }
  if (key == "target") {
    if (!r.target && !r.unknown_gpu_text().empty()) return fmt::format("'{}' (a GPU kvdtype does not know)", r.unknown_gpu_text());
    if (!r.target) return "an unknown GPU";
    if (r.product) return fmt::format("{} ({})", r.product->name, r.target->name);
    return std::string(r.target->name);
  }
  if (key == "kv_cache_dtype") return p.requested ? std::string(p.requested->name) : std::string("auto");
  if (key == "cache_dtype") return p.cache_dtype ? std::string(p.cache_dtype->name) : std::string("unknown");
  if (key == "v_cache_dtype") {
    if (p.v_cache_dtype) return std::string(p.v_cache_dtype->name);
    return p.cache_dtype ? std::string(p.cache_dtype->name) : std::string("unknown");
  }
  if (key == "refused") return std::string(r.refused_text());
  if (key == "values") return value_set(r);
  if (key == "model_dtype") return opt_format(r.model_dtype);
  if (key == "attention") return std::string(name(r.attention));
  if (key == "backend") return backend ? std::string(backend->name) : std::string("the backend");
  if (key == "backend_targets") return backend ? backend_targets(*backend, r.engine_version) : std::string();
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
  if (key == "detail") {
    // The GPU named but not known (Request::unknown_gpu): say which name, and what is nearest.
    if (!r.target && e.detail == "the GPU" && !r.unknown_gpu_text().empty()) {
      // parse_target's message: "unknown GPU '<name>' (<why>); nearest: <names>", the parts optional.
      auto parsed = parse_target(r.unknown_gpu_text());
      const std::string msg = parsed.ok() ? std::string() : parsed.error().message;
      std::string why, near;
      if (const std::size_t at = msg.find("; nearest: "); at != std::string::npos) near = msg.substr(at + 2);
      if (const std::size_t open = msg.find("' ("); open != std::string::npos) {
        const std::size_t close = msg.find(")", open);
        if (close != std::string::npos) why = msg.substr(open + 3, close - open - 3);
      }
      std::string extra;
      if (!why.empty()) extra += ": " + why;
      if (!near.empty()) extra += "; " + near;
      return fmt::format("the GPU '{}' (not in kvdtype's GPU tables{})", r.unknown_gpu_text(), extra);
    }
    // Issue 28's names outside kvdtype's lists (Request::unlisted): say which.
    if (e.detail == detail::kUnlistedDetail)
      return fmt::format("the meaning of {} (not in kvdtype's lists; conditions on it were not judged)",
                         Request::text(r.unlisted));
    return std::string(e.detail);
  }
  if (key == "number") return std::to_string(e.number);
  if (key == "skipped") return skipped(rep);
  if (key == "fixed_in") {
    if (e.constraint && !e.constraint->fixed_in.empty()) return fmt::format("first released in {}", e.constraint->fixed_in);
    return "first release with it not known";
  }
  if (key == "fix_pr") return e.constraint && !e.constraint->fix_pr.empty() ? std::string(e.constraint->fix_pr) : "the fix";
  if (key == "value") {
    // Rules about a backend's list default to that list when no specific value was recorded
    // (the rule row's value_list says which).
    if (!e.value.empty()) return std::string(e.value);
    if (backend && d.rule) {
      switch (d.rule->value_list) {
        case BackendList::kv_cache_dtypes: return std::string(backend->kv_cache_dtypes);
        case BackendList::model_dtypes: return std::string(backend->model_dtypes);
        case BackendList::attention: return std::string(backend->attention);
        case BackendList::none: break;
      }
    }
    return std::string();
  }
  return fmt::format("{{{}}}", key);  // unknown placeholder: visible, and caught by the lint
}

// kvdtype's --kv-cache-dtype written as the input itself names the setting (Request::kv_term:
// "kv_cache_config.dtype" in a TensorRT-LLM options file, "--quant-policy" in an LMDeploy command).
std::string in_input_terms(std::string text, const Request& r) {
  const std::string_view term = r.kv_term_text();
  static constexpr std::string_view kFlag = "--kv-cache-dtype";
  if (term == kFlag) return text;
  for (std::size_t at = text.find(kFlag); at != std::string::npos; at = text.find(kFlag, at + term.size())) {
    const std::size_t end = at + kFlag.size();
    // Only the whole flag ("--kv-cache-dtype-foo" is another word).
    if (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '-' || text[end] == '_')) {
      at = end - term.size();
      continue;
    }
    text.replace(at, kFlag.size(), term);
  }
  return text;
}

// A kv-cache string of the same engine that passes every check with the rest of the request
// unchanged, ranked: accepted without warnings first, then the nearest in bits per element to the
// rejected one (the memory it was meant to save), then table order. nullptr when none does, or
// when the GPU is unknown (nothing can be said to work there).
const CacheDtype* replacement(const Report& rep) {
  const Request& r = rep.request;
  if (r.target == nullptr || r.kv_cache_dtype == nullptr || rep.verdict() != Verdict::error) return nullptr;
  const unsigned want = r.refused ? 16u : k_bits(rep.plan);
  const CacheDtype* best = nullptr;
  std::tuple<int, unsigned> best_rank{};
  for (const CacheDtype& c : cache_dtypes(r.engine)) {
    if (c.internal || c.deprecated || (&c == r.kv_cache_dtype && !r.refused)) continue;
    Request alt = r;
    alt.kv_cache_dtype = &c;
    alt.v_cache_dtype = nullptr;
    alt.refused = nullptr;
    alt.flags &= ~static_cast<std::uint32_t>(flag_kv_spelling);
    const Report alt_report = check(alt);
    const Verdict v = alt_report.verdict();
    if (v != Verdict::ok && v != Verdict::warn) continue;
    const unsigned bits = k_bits(alt_report.plan);
    const std::tuple<int, unsigned> rank{v == Verdict::ok ? 0 : 1, bits > want ? bits - want : want - bits};
    if (best == nullptr || rank < best_rank) {
      best = &c;
      best_rank = rank;
    }
  }
  return best;
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
  std::string m = in_input_terms(expand(d.rule->message, d, report), report.request);
  // A known bug says which release carries it and which fix (and release) ends it.
  const Constraint* c = d.evidence.constraint;
  const bool bug = c && (!c->fix_pr.empty() || !c->fixed_in.empty() || !c->affected_in.empty());
  if (bug) {
    const Version& v = report.request.engine_version;
    const std::string engine(engine_info(report.request.engine).display);
    const std::string fix_by = c->fix_pr.empty() ? std::string("the fix") : std::string(c->fix_pr);
    const std::string first = c->fixed_in.empty() ? std::string("the first release with it is not established")
                                                  : fmt::format("first released in {} {}", engine, c->fixed_in);
    if (d.evidence.number == 1 && v.known)
      m += fmt::format(" ({} {} carries this bug; fixed by {}, {})", engine, to_string(v), fix_by, first);
    else if (!v.known)
      m += fmt::format(" (engine version unknown: fixed by {}, {})", fix_by, first);
    else if (c->fixed_in.empty())
      m += fmt::format(" (fixed by {}; {}, so check your build)", fix_by, first);
    else
      m += fmt::format(" (whether {} {} carries it is not established; fixed by {}, {})", engine, to_string(v), fix_by, first);
  }
  return m;
}

std::string fix(const Diagnostic& d, const Report& report) {
  std::string f = in_input_terms(expand(d.rule->fix, d, report), report.request);
  // The first error says what would work instead on this GPU, where the tables know a value.
  if (!report.diagnostics.empty() && &d == &report.diagnostics[0] && d.severity == Severity::error)
    if (const CacheDtype* c = replacement(report))
      f += fmt::format("; on {} {} {} is accepted", value_of("target", d, report), report.request.kv_term_text(), c->name);
  return f;
}

}  // namespace kvdtype
