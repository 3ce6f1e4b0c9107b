// The tables checked against each other (kvdtype/lint.hpp). Pure: rows and check() only.
#include "kvdtype/lint.hpp"

#include <algorithm>
#include <set>
#include <string_view>

#include "common/text.hpp"
#include "core/firing_sites.hpp"
#include "core/index.hpp"
#include "kvdtype/check.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/kernel.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype {
namespace {

bool well_formed_code(std::string_view c) {
  return c.size() == 6 && c.starts_with("KVD") && std::all_of(c.begin() + 3, c.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// Placeholders a template names that expand() does not know (it leaves them as {name}).
std::vector<std::string> unknown_placeholders(const Rule& r) {
  Report rep;
  Diagnostic d{&r, r.severity, {}};
  std::vector<std::string> out;
  for (std::string_view tmpl : {r.message, r.fix}) {
    const std::string text = expand(tmpl, d, rep);
    for (std::size_t p = text.find('{'); p != std::string::npos; p = text.find('{', p + 1))
      out.push_back(text.substr(p, text.find('}', p) - p + 1));
  }
  return out;
}

// A rule row's own fields; whether its trigger fires it is io::lint()'s half.
void lint_rule_rows(LintResult& res) {
  std::set<std::string_view> codes;
  for (const Rule& r : rules()) {
    const std::string who(r.code);
    if (!well_formed_code(r.code)) res.problems.push_back(who + ": code is not KVD + three digits");
    if (!codes.insert(r.code).second) res.problems.push_back(who + ": duplicate code");
    if (r.title.empty() || r.message.empty() || r.fix.empty()) res.problems.push_back(who + ": title, message and fix are required");
    if (r.source.empty()) res.problems.push_back(who + ": no source");
    if (r.trigger.empty()) res.problems.push_back(who + ": no trigger");
    for (const std::string& p : unknown_placeholders(r)) res.problems.push_back(who + ": unknown placeholder " + p);
    // Fired from somewhere: a check function, a Constraint row or a reader declares it
    // (src/core/firing_sites.cpp); `explain` names the places.
    if (detail::sites_of(r).empty()) res.problems.push_back(who + ": no firing site declares it (src/core/firing_sites.cpp)");
  }
  res.summary.push_back(std::to_string(codes.size()) + " rules have unique codes, the required fields, known placeholders and a firing site");
  // A site that declares a code no rule has (a typo, a retired rule).
  for (const detail::FiringSite& s : detail::firing_sites()) {
    std::string_view list = s.codes;
    while (!list.empty()) {
      const std::size_t sp = list.find(' ');
      const std::string_view code = list.substr(0, sp);
      if (!code.empty() && find_rule(code) == nullptr)
        res.problems.push_back(detail::describe(s) + ": declares " + std::string(code) + ", which is not a rule");
      if (sp == std::string_view::npos) break;
      list.remove_prefix(sp + 1);
    }
  }
}

// Every kv string of every engine on every target: a backend, or a rule that says why not.
void lint_coverage(LintResult& res) {
  std::size_t combos = 0;
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    for (const CacheDtype& c : cache_dtypes(e.id)) {
      for (const Target& t : targets()) {
        for (Attention a : {Attention::gqa, Attention::mla, Attention::sparse_mla}) {
          Request r;
          r.engine = e.id;
          r.target = &t;
          r.kv_cache_dtype = &c;
          r.model_dtype = t.bf16 ? FormatId::bfloat16 : FormatId::float16;
          r.attention = a;
          ++combos;
          const Report rep = check(r);
          if (rep.plan.backend != nullptr || rep.verdict() == Verdict::error) continue;
          // A platform the engine's selection table does not cover says so itself (KVD080: the
          // backend unknown), as it must: kvdtype models no backend of every engine everywhere.
          if (rep.verdict() == Verdict::incomplete && rep.fired("KVD080")) continue;
          res.problems.push_back(std::string(e.name) + " --kv-cache-dtype " + std::string(c.name) + " on " +
                                 std::string(t.name) + " (" + std::string(name(a)) +
                                 "): no backend and no rule says why (missing selection row?)");
        }
      }
    }
  }
  res.summary.push_back(std::to_string(combos) + " (engine, kv string, target, attention) combinations resolve or are refused by a rule");
}

// CacheDtype::sole_backend (a check without a GPU resolves to it): the backend exists and takes
// the string, and no other backend of the engine takes it. Another backend may leave it unknown
// only on platforms the row documents the string for (CacheDtype::platforms), where the row's
// source says the engine serves it through the sole backend's class that kvdtype does not model
// there (vLLM on XPU); anywhere else an unknown would be turned into a refusal.
void lint_sole_backends(LintResult& res) {
  std::size_t n = 0;
  for (const EngineInfo& e : engines()) {
    for (const CacheDtype& c : cache_dtypes(e.id)) {
      if (c.sole_backend.empty()) continue;
      ++n;
      const std::string who = std::string(e.name) + " " + std::string(c.name) + " sole_backend " + std::string(c.sole_backend);
      bool found = false;
      for (const Backend& b : backends(e.id)) {
        const bool takes = detail::has_word(b.kv_cache_dtypes, c.name);
        const bool unknown = b.kv_cache_dtypes_unknown == "*" || detail::has_word(b.kv_cache_dtypes_unknown, c.name);
        if (b.name == c.sole_backend) {
          found = true;
          if (!takes) res.problems.push_back(who + ": the backend does not list the string");
        } else if (takes) {
          res.problems.push_back(who + ": " + std::string(b.name) + " also takes it");
        } else if (unknown) {
          bool documented = !c.platforms.empty();
          for (std::string_view p : detail::split_words(b.platforms)) documented = documented && detail::has_word(c.platforms, p);
          if (!documented)
            res.problems.push_back(who + ": " + std::string(b.name) + " leaves it unknown on a platform the row does not document it for");
        }
      }
      if (!found) res.problems.push_back(who + ": no such backend");
    }
  }
  res.summary.push_back(std::to_string(n) + " kv strings name a sole backend that alone takes them");
}

// A backend whose fp8 path needs what a target in its range lacks must be refused by a rule.
void lint_paths(LintResult& res) {
  std::size_t pairs = 0;
  for (const EngineInfo& e : engines()) {
    for (const Backend& b : backends(e.id)) {
      Attention kind = Attention::gqa;
      if (detail::has_word(b.attention, "mla")) kind = Attention::mla;
      else if (detail::has_word(b.attention, "sparse-mla")) kind = Attention::sparse_mla;
      for (const CacheDtype& c : cache_dtypes(e.id)) {
        if (!detail::has_word(b.kv_cache_dtypes, c.name) || !is_quantized(c.quant)) continue;
        for (const Target& t : targets()) {
          Request r;
          r.engine = e.id;
          r.target = &t;
          r.kv_cache_dtype = &c;
          r.backend = &b;
          r.attention = kind;
          r.model_dtype = t.bf16 ? FormatId::bfloat16 : FormatId::float16;
          const Report rep = check(r);
          if (rep.fired(rule("KVD014")->code)) continue;  // not a target of this backend
          ++pairs;
          // Judge the backend that runs: an engine may swap in another (SGLang fa3 → triton).
          const Backend* runs = rep.plan.backend ? rep.plan.backend : &b;
          const bool needs_hw = runs->fp8_path == Fp8Path::hardware && rep.plan.k.format && format(*rep.plan.k.format).is_float8();
          if (needs_hw && !t.fp8_convert && rep.verdict() != Verdict::error)
            res.problems.push_back(std::string(runs->name) + " on " + std::string(t.name) + " with " + std::string(c.name) +
                                   ": hardware fp8 path on a target without fp8 and no rule fires");
        }
      }
    }
  }
  res.summary.push_back(std::to_string(pairs) + " (backend, quantized kv string, target) pairs checked for impossible paths");
}

// The kernel table's words: formats by canonical name, routes to existing backends and families.
void lint_kernels(LintResult& res) {
  std::set<std::string_view> families;
  for (const KernelRow& k : kernel_rows()) {
    families.insert(k.family);
    const std::string who = "kernels " + std::string(k.library) + " " + std::string(k.family);
    for (std::string_view list : {k.q_formats, k.kv_formats})
      detail::for_each_word(list, [&](std::string_view w) {
        const auto f = parse_format(w);
        if (!f.ok() || name(*f) != w) res.problems.push_back(who + ": unknown format '" + std::string(w) + "'");
      });
    detail::for_each_word(k.head_sizes, [&](std::string_view w) {
      if (!std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }) || w.size() > 5)
        res.problems.push_back(who + ": bad head size '" + std::string(w) + "'");
    });
    if (k.source.empty() || k.detail.empty()) res.problems.push_back(who + ": detail and source are required");
  }
  for (const KernelRoute& r : kernel_routes()) {
    const std::string who = "kernel route " + std::string(engine_info(r.engine).name) + " " + std::string(r.backends);
    if (!families.contains(r.family)) res.problems.push_back(who + ": unknown kernel family '" + std::string(r.family) + "'");
    detail::for_each_word(r.backends, [&](std::string_view w) {
      if (find_backend(r.engine, w) == nullptr) res.problems.push_back(who + ": unknown backend '" + std::string(w) + "'");
    });
    detail::for_each_word(r.attention, [&](std::string_view w) {
      if (!parse_attention(w).ok()) res.problems.push_back(who + ": unknown attention '" + std::string(w) + "'");
    });
    if (r.source.empty()) res.problems.push_back(who + ": no source");
  }
  res.summary.push_back(std::to_string(kernel_rows().size()) + " kernel rows and " + std::to_string(kernel_routes().size()) +
                        " routes name existing formats, backends and families");
}

void lint_targets(LintResult& res) {
  for (const Product& p : products())
    if (find_target(p.target) == nullptr)
      res.problems.push_back("product " + std::string(p.name) + ": unknown target " + std::string(p.target));
  res.summary.push_back(std::to_string(products().size()) + " products point at existing targets");
}

}  // namespace

LintResult lint_tables() {
  LintResult res;
  for (const std::string& p : detail::table_problems()) res.problems.push_back(p);
  res.summary.push_back("every word in every table row names an existing row (" +
                        std::to_string(detail::table_problems().size()) + " problems)");
  lint_rule_rows(res);
  lint_targets(res);
  lint_kernels(res);
  lint_coverage(res);
  lint_paths(res);
  lint_sole_backends(res);
  return res;
}

}  // namespace kvdtype
