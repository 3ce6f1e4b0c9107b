// check(): resolve, then run every rule. Each block below is one generic check driven by the
// tables; a fact of the form "this combination breaks" is a Constraint row, not code here.
#include <algorithm>
#include <bitset>
#include <cassert>
#include <new>
#include <type_traits>

#include "core/compat.hpp"
#include "core/firing_sites.hpp"
#include "core/layer_rules.hpp"
#include "tables/rows/release.hpp"
#include "kvdtype/check.hpp"
#include "core/request_extra.hpp"
#include "tables/rows/kernel.hpp"
#include "core/resolve_internal.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype {
namespace {

using detail::Context;

bool is_fnuz(FormatId f) noexcept { return f == FormatId::float8_e4m3fnuz || f == FormatId::float8_e5m2fnuz; }

// Puts findings in the report for the check that runs now (`site`, its row of the firing-site
// table). A rule is a reference or a compile-time-checked code: there is no null to drop. A code
// the site does not declare is still reported, and recorded for the lint (an assert in debug
// builds), so a rule fired from an undeclared place cannot go unnoticed.
struct Emitter {
  Report& report;
  const detail::FiringSite* site = nullptr;
  // The codes `site` declares (null for the Constraint rows, which fire their own code and so
  // declare it by construction): one bit test per finding instead of a look-up by name.
  const std::bitset<1000>* declared = nullptr;

  void at(const detail::FiringSite* s, const std::bitset<1000>* codes) noexcept {
    site = s;
    declared = codes;
  }
  // `number`: the code's number (KVD020 → 20), -1 when the code is not of that form.
  void add(const Rule& rule, int number, const Evidence& ev, std::optional<Severity> severity) {
    if (declared != nullptr && (number < 0 || !declared->test(static_cast<std::size_t>(number)))) {
      detail::record_undeclared(*site, rule);
      assert(false && "a check fired a rule its firing-site row does not declare");
    }
    for (const Diagnostic& d : report.diagnostics)  // one diagnostic per (rule, backend, detail)
      if (d.rule == &rule && d.evidence.backend == ev.backend && d.evidence.detail == ev.detail &&
          d.evidence.got == ev.got)
        return;
    report.diagnostics.push_back({&rule, severity.value_or(rule.severity), ev});
  }
  void add(const Rule& rule, const Evidence& ev = {}, std::optional<Severity> severity = std::nullopt) {
    add(rule, declared != nullptr ? tables::code_number(rule.code) : -1, ev, severity);
  }
  void add(tables::RuleId code, const Evidence& ev = {}, std::optional<Severity> severity = std::nullopt) {
    add(*rule(code), code.number, ev, severity);  // the number was worked out by the compiler
  }
};

// What the backend is unknown for: the engine has no selection row for the GPU's platform, so
// kvdtype cannot tell which backend (if any) the engine runs there. Static text per platform.
std::string_view unmodelled_platform(Platform p) noexcept {
  switch (p) {
    case Platform::metal: return "the backend on this Apple GPU (kvdtype models no backend of this engine on Metal)";
    case Platform::sycl: return "the backend on this Intel GPU (kvdtype models no backend of this engine on SYCL/XPU)";
    case Platform::cann: return "the backend on this Ascend NPU (kvdtype models no backend of this engine on CANN)";
    case Platform::vulkan: return "the backend on this GPU (kvdtype models no backend of this engine on Vulkan)";
    case Platform::tpu: return "the backend on this TPU (kvdtype models no backend of this engine on TPU)";
    case Platform::cuda:
    case Platform::rocm:
    case Platform::cpu: break;
  }
  return "the backend on this platform (kvdtype models no backend of this engine there)";
}

// Inputs whose absence skips checks (KVD080), one diagnostic listing them.
void unknown_inputs(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  // A weight quantization, speculative method or DSA sub-backend outside kvdtype's lists: the
  // rows conditioned on it cannot be judged (message.cpp names the values).
  if (r.unlisted[0] != '\0')
    out.add("KVD080", {.detail = detail::kUnlistedDetail, .value = "a name of the engine's own list (kvdtype check --help)"});
  if (r.target == nullptr) {
    // A name kvdtype has not heard of is unknown too; the message names it (message.cpp).
    if (!r.unknown_gpu_text().empty())
      out.add("KVD080", {.detail = "the GPU", .value = "--gpu with an architecture or product kvdtype knows (kvdtype targets)"});
    else
      out.add("KVD080", {.detail = "the GPU", .value = "--gpu"});
    return;  // everything below depends on it
  }
  // A GPU whose platform the engine's selection table does not cover: the backend is unknown,
  // not refused (an engine may run there through a plugin kvdtype does not model).
  if (ctx.platform && r.backend == nullptr && !(ctx.ix.selection_platforms & detail::platform_bit(*ctx.platform)))
    out.add("KVD080", {.detail = unmodelled_platform(*ctx.platform), .value = "--backend"});
  // A covered platform whose selection rows have none for this attention kind (vLLM's MLA on a
  // TPU): no candidate was tried, so the backend is unknown too -- never ACCEPTED without one.
  else if (ctx.platform && r.backend == nullptr && rep.plan.backend == nullptr && rep.plan.skipped.empty() &&
           ctx.effective != nullptr)
    out.add("KVD080", {.detail = "the backend for this attention kind on this platform (the engine's selection table has no row for it)",
                       .value = "--backend"});
  if (!r.model_dtype && ctx.effective && ctx.effective->k_rule == FormatRule::model_dtype)
    out.add("KVD080", {.detail = "the model dtype", .value = "--model-dtype"});
  // An assumption rather than a skipped check: selection ran for MHA/GQA, the common kind (info;
  // the verdict stays complete). The GPU and the model dtype above skip checks (warning: incomplete).
  if (r.attention == Attention::unknown && r.backend == nullptr && rep.plan.backend != nullptr) {
    const bool implied = assumed_attention(ctx) == Attention::sparse_mla;
    out.add("KVD080",
            {.detail = implied ? "the attention kind (selection assumed sparse MLA, the only kind this kv-cache dtype exists for)"
                               : "the attention kind (selection assumed MHA/GQA)",
             .value = "--attention"},
            Severity::info);
  }
}

void cache_string(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  if (ctx.requested && ctx.requested->deprecated)
    out.add("KVD002", {.detail = ctx.requested->description, .value = ctx.requested->replacement});
  if (ctx.requested && ctx.requested == ctx.ix.auto_row && ctx.effective != ctx.requested)
    out.add("KVD004", {.value = ctx.effective->name});
  // An e5m2 cache cannot use a checkpoint's e4m3 KV scales (vLLM refuses the combination).
  if (r.checkpoint_kv && ctx.requested && ctx.requested->k_format == FormatId::float8_e5m2 &&
      r.checkpoint_kv->quant == KvQuant::fp8_per_tensor)
    out.add("KVD063", {.value = r.checkpoint_kv->name});
  if (r.model_dtype == FormatId::bfloat16 && r.target && r.target->vendor == Vendor::nvidia && !r.target->bf16)
    out.add("KVD081");
  // make_request resolved the engine's --dtype auto on this GPU to another dtype (resolve_auto_model_dtype).
  if (r.checkpoint_dtype && r.model_dtype) out.add("KVD087", {.got = r.checkpoint_dtype, .want = r.model_dtype});
  // The launch command's spelling is refused by the engine's argparse (exact `choices`).
  if ((r.flags & flag_kv_spelling) && ctx.requested) out.add("KVD103", {.value = ctx.requested->name});
  (void)rep;
}

void backend_rows(const Context& ctx, const Report& rep, Emitter& out) {
  const Plan& plan = rep.plan;
  // Whether the backend that runs (or was asked for) reads this kv string is not established:
  // its row says so, and the result is incomplete naming the fact (never a silent yes or no).
  // (One bit test first: most strings are not uncertain for any backend of the engine.)
  const bool uncertain = ctx.requested != nullptr &&
                         ctx.ix.kv_unknown_any.test(detail::vocabulary_index(ctx.ix, ctx.requested));
  if (uncertain) [[unlikely]] {
    for (const Backend* b : {ctx.req.backend, plan.backend}) {
      if (b == nullptr) continue;
      const auto& cb = ctx.ix.compiled_backends[detail::backend_index(ctx.ix, b)];
      if (cb.kv_unknown.test(detail::vocabulary_index(ctx.ix, ctx.requested)))
        out.add("KVD080", {.backend = b, .detail = b->coverage_unknown, .value = "--backend with a kv-cache dtype list kvdtype knows"});
    }
  }
  if (ctx.req.backend != nullptr) {
    // The backend the user asked for, judged by its own row (even if the engine substituted it).
    const auto& cb = ctx.ix.compiled_backends[detail::backend_index(ctx.ix, ctx.req.backend)];
    for (const detail::RowFailure& f : detail::row_failures(ctx, cb))
      out.add(*f.rule, {.backend = ctx.req.backend, .detail = f.detail, .value = f.value, .number = f.number});
  } else if (plan.backend == nullptr && !plan.skipped.empty()) {
    out.add("KVD016");
  }
}

// What the engine release has: the kv string (KVD005), the backend that runs (KVD006 when it is
// not established; an explicit backend the release lacks is a row failure above), and whether
// the version is one the release table knows (KVD007).
void release_scope(const Context& ctx, const Report& rep, Emitter& out) {
  const Version& v = ctx.req.engine_version;
  if (!v.known) return;
  const auto versions = release_versions(ctx.req.engine);
  // The index was compiled against this release table: its lookup (Context::release) answers.
  const bool known = ctx.ix.releases.data() == versions.data() ? ctx.release >= 0 : find_release(ctx.req.engine, v) != nullptr;
  if (!versions.empty() && !known) {
    // Name the nearest known releases around it (static table strings).
    const auto rows = releases(ctx.req.engine);
    std::string_view below, above;
    for (std::size_t i = 0; i < versions.size(); ++i) {
      if (!versions[i].known) continue;
      if (versions[i] < v) below = rows[i].version;
      else if (above.empty()) above = rows[i].version;
    }
    out.add("KVD007", {.detail = below.empty() ? std::string_view("none") : below,
                       .value = above.empty() ? std::string_view("none; newer than every release kvdtype knows") : above});
  }
  // The release's own kv-cache facts are not established (a release known to exist that the
  // tables were not read against, or any version after the newest one they were): every release
  // fact below is the newest established release's, so the result says so (KVD080, incomplete).
  // A listed release answers from its row (every listed release after the newest established
  // one has content_unknown, or it would be the newest established); a version the table does not
  // list is compared with the newest established release.
  std::string_view unknown_content;
  if (ctx.release >= 0 && static_cast<std::size_t>(ctx.release) < ctx.ix.release_rows.size())
    unknown_content = ctx.ix.release_rows[static_cast<std::size_t>(ctx.release)].content_unknown;
  else if (ctx.ix.established_through.known && ctx.ix.established_through < v)
    unknown_content = "the kv-cache strings, backends and their dtype lists of this release (newer than every release whose content kvdtype knows)";
  if (!unknown_content.empty())
    out.add("KVD080", {.detail = unknown_content,
                       .value = "--engine-version of a release whose content kvdtype knows (kvdtype releases marks the others)"});
  if (ctx.requested != nullptr) {
    const auto in = ctx.ix.vocabulary_ranges[detail::vocabulary_index(ctx.ix, ctx.requested)].at(v);
    if (in != detail::ReleaseRange::In::yes) {
      const detail::ReleaseGap gap = detail::release_gap(in, ctx.requested->introduced_in, ctx.requested->removed_in);
      out.add("KVD005", {.detail = gap.detail, .value = gap.value},
              in == detail::ReleaseRange::In::maybe ? std::optional<Severity>(Severity::warning) : std::nullopt);
    }
  }
  if (const Backend* b = rep.plan.backend) {
    const auto& cb = ctx.ix.compiled_backends[detail::backend_index(ctx.ix, b)];
    if (cb.range.at(v) == detail::ReleaseRange::In::maybe) {
      const detail::ReleaseGap gap = detail::release_gap(detail::ReleaseRange::In::maybe, b->introduced_in, b->removed_in);
      out.add("KVD006", {.backend = b, .detail = gap.detail, .value = gap.value}, Severity::warning);
    }
    // A kv string the backend reads from a release not established against this one.
    if (ctx.requested != nullptr) {
      const auto kv = detail::vocabulary_index(ctx.ix, ctx.requested);
      for (std::uint8_t i = 0; i < cb.kv_since_count; ++i) {
        const detail::KvSince& k = cb.kv_since[i];
        if (k.kv == kv && k.absent.known && k.absent < v && v < k.since)
          out.add("KVD008", {.backend = b, .detail = "whether the backend reads it in this release is not established; it does from", .value = k.since_text},
                  Severity::warning);
      }
    }
    // A head size the backend serves from a release not established against this one (the
    // model's, and each layer group's of another size).
    for (std::uint8_t i = 0; i < cb.head_since_count; ++i) {
      const detail::HeadSince& h = cb.head_since[i];
      if (!h.maybe_absent(v)) continue;
      bool used = ctx.head_size == h.head_size;
      for (const LayerGroup& g : ctx.req.layer_groups) used = used || (g.attention() && g.head_size == h.head_size);
      if (used)
        out.add("KVD104", {.backend = b, .detail = "whether the backend serves it in this release is not established; it does from", .value = h.since_text, .number = h.head_size},
                Severity::warning);
    }
  }
}

void constraints(const Context& ctx, Report& rep, Emitter& out) {
  const Plan& plan = rep.plan;
  // Inlined into the three loops below: out of line it cost a call per matching row (~45
  // instructions of a rejected check).
  auto judge = [&](const detail::CompiledConstraint& c, const Backend* about) __attribute__((always_inline)) {
    if (c.replace != nullptr || !detail::matches(ctx, c, plan)) return;
    const detail::Affected a = detail::affected(ctx, c);
    if (a == detail::Affected::no) {
      // A known bug this release has the fix for: no diagnostic, listed under --verbose.
      if (c.bug) {
        bool seen = false;
        for (const Constraint* f : rep.fixed_bugs) seen = seen || f == c.row;
        if (!seen) rep.fixed_bugs.push_back(c.row);
      }
      return;
    }
    std::optional<Severity> sev;
    if (a == detail::Affected::maybe && c.rule->severity == Severity::error) sev = Severity::warning;
    // number 1: the release is known to carry it (messages say so); 0: not established.
    Evidence ev{.backend = about, .detail = c.row->detail, .number = a == detail::Affected::yes ? 1u : 0u, .constraint = c.row};
    if (c.replace) ev.value = c.replace->name;
    out.add(*c.rule, ev, sev);
  };
  // The rows naming no backend that can apply to this request by its kv string, its cache's
  // quant family, its platform, its attention kind and the inputs and flags it gives
  // (EngineIndex::Global), in table order within the rows naming no kv string, then within its
  // kv string's. A row about another kv string, family, platform, kind or an input not given
  // costs this request nothing (issue 29). may_match() judges the rest of what a row needs.
  detail::for_each_global_row(ctx, plan, [&](const detail::CompiledConstraint& c) __attribute__((always_inline)) {
    if (detail::may_match(ctx, c)) judge(c, plan.backend);
  });
  // Constraints of the backend that runs (none when the release does not have it: KVD006 says so).
  if (plan.backend != nullptr) {
    const std::size_t b = detail::backend_index(ctx.ix, plan.backend);
    const auto in = ctx.ix.compiled_backends[b].range.at(ctx.req.engine_version);
    if (in != detail::ReleaseRange::In::before && in != detail::ReleaseRange::In::removed)
      for (std::uint32_t i : ctx.ix.by_backend[b])
        if (detail::may_match(ctx, ctx.ix.constraints[i])) judge(ctx.ix.constraints[i], plan.backend);
  }
  // The swap itself, judged on the plan the swapped-out backend would have had.
  if (plan.replaced != nullptr) {
    Plan asked;
    detail::fill_plan(ctx, plan.replaced, asked);
    for (std::uint32_t i : ctx.ix.replacing_by_backend[detail::backend_index(ctx.ix, plan.replaced)]) {
      const detail::CompiledConstraint& c = ctx.ix.constraints[i];
      if (!detail::matches(ctx, c, asked) || detail::affected(ctx, c) == detail::Affected::no) continue;
      out.add(*c.rule, {.backend = plan.replaced, .detail = c.row->detail, .value = c.replace->name, .constraint = c.row});
    }
  }
}

void canonicalization(const Context& ctx, const Report& rep, Emitter& out) {
  const Plan& plan = rep.plan;
  if (plan.backend && plan.cache_dtype && ctx.effective && plan.cache_dtype != ctx.effective) {
    std::string_view detail;
    if (plan.cache_dtype->layout == Layout::fp8_ds_mla) detail = "656 bytes per token per layer";
    if (plan.cache_dtype->layout == Layout::fp8_ds_mla_v4) detail = "584 bytes per token per layer";
    out.add("KVD018", {.backend = plan.backend, .detail = detail});
  }
}

// The element format the string itself names, when it names one (fp8_e5m2 → float8_e5m2).
std::optional<FormatId> asked_format(const CacheDtype& row) {
  if (row.k_rule == FormatRule::fixed || row.k_rule == FormatRule::platform_fp8_on_rocm_else_fixed)
    return row.k_format == FormatId::count_ ? std::nullopt : std::optional<FormatId>(row.k_format);
  return std::nullopt;
}

void format_substitution(const Context& ctx, const Report& rep, Emitter& out) {
  const Plan& plan = rep.plan;
  if (!plan.cache_dtype || !plan.k.format || !ctx.effective) return;
  // What the string names (before a backend rewrites it into an internal layout row).
  const auto asked = asked_format(*ctx.effective);
  if (!asked || *asked == *plan.k.format || !detail::is_float8(ctx.ix, *asked)) return;
  // Suggest the string that names what is actually stored: the engine's platform-e4m3 string.
  std::string_view better;
  for (const CacheDtype& row : ctx.ix.vocabulary)
    if (row.k_rule == FormatRule::platform_fp8_e4m3 && row.quant == plan.cache_dtype->quant) {
      better = row.name;
      break;
    }
  std::string_view who = plan.backend ? plan.backend->name : std::string_view("the engine");
  if (plan.cache_dtype->k_rule == FormatRule::platform_fp8_on_rocm_else_fixed && ctx.platform == Platform::rocm)
    who = "the engine on ROCm";
  out.add("KVD061", {.backend = plan.backend, .got = *asked, .want = *plan.k.format, .detail = who, .value = better});
}

void declared_kv(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  const Plan& plan = rep.plan;
  if (r.kv_dtype) {
    if (const auto rule = detail::kv_declared_violation(plan, *r.kv_dtype))
      out.add(*rule, {.backend = plan.backend, .got = *r.kv_dtype, .want = plan.kv_data_type});
  }
  if (r.kv_storage_dtype) {
    const std::string_view why = detail::storage_violation(plan.k, *r.kv_storage_dtype);
    if (!why.empty()) out.add("KVD022", {.got = *r.kv_storage_dtype, .want = plan.k.format, .detail = why});
  }
}

void query(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  const Plan& plan = rep.plan;
  if (!r.q_dtype) return;
  if (const auto rule = detail::q_violation(plan, *r.q_dtype))
    out.add(*rule, {.backend = plan.backend, .got = *r.q_dtype, .want = plan.q});
}

// Triton's name bit for an 8-bit float format, 0 when Triton has no such type.
std::uint8_t triton_bit(FormatId f) noexcept {
  switch (f) {
    case FormatId::float8_e4m3fn: return triton_fp8e4nv;
    case FormatId::float8_e4m3b15: return triton_fp8e4b15;
    case FormatId::float8_e5m2: return triton_fp8e5;
    case FormatId::float8_e4m3fnuz: return triton_fp8e4b8;
    case FormatId::float8_e5m2fnuz: return triton_fp8e5b16;
    default: return 0;
  }
}

void target_path(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  const Plan& plan = rep.plan;
  // A bfloat16 cache asked for explicitly on a GPU without bfloat16 arithmetic (V100, T4): every
  // kernel that reads it needs bf16 loads and math the target lacks. (A bf16 *model* there is KVD081.)
  if (r.target && r.target->vendor == Vendor::nvidia && !r.target->bf16 && r.model_dtype != FormatId::bfloat16 &&
      (plan.k.format == FormatId::bfloat16 || plan.v.format == FormatId::bfloat16))
    out.add("KVD041", {.backend = plan.backend, .want = FormatId::bfloat16,
                       .detail = "no bfloat16 arithmetic below compute capability 8.0"});
  if (!r.target || !plan.backend) return;
  for (const std::optional<FormatId>& f : {plan.k.format, plan.v.format}) {
    if (!f || !detail::is_float8(ctx.ix, *f)) continue;
    switch (plan.backend->fp8_path) {
      case Fp8Path::software: break;
      case Fp8Path::triton: {
        const std::uint8_t need = triton_bit(*f);
        if (need != 0 && (r.target->triton_fp8 & need) == 0) {
          if (*f == FormatId::float8_e4m3fn) out.add("KVD040", {.backend = plan.backend, .want = *f});
          else out.add("KVD041", {.backend = plan.backend, .want = *f, .detail = "Triton offers no such fp8 type on this target"});
        }
        break;
      }
      case Fp8Path::hardware: {
        if (!r.target->fp8_convert) {
          out.add("KVD041", {.backend = plan.backend, .want = *f, .detail = "no fp8 conversion instructions"});
        } else if ((r.target->fp8_flavour == Fp8Flavour::fnuz) != is_fnuz(*f)) {
          out.add("KVD041", {.backend = plan.backend, .want = *f,
                             .detail = r.target->fp8_flavour == Fp8Flavour::fnuz ? "its native fp8 is FNUZ"
                                                                                 : "its native fp8 is OCP (fn)"});
        }
        break;
      }
    }
  }
}

// Whether the request's named DSA sub-backends and architecture leave the route possible
// (KernelRoute::dsa_backends, unless_architectures). Unknown inputs never rule a route out.
bool route_taken(const KernelRoute& route, const Request& r) noexcept {
  const std::string_view prefill = Request::text(r.dsa_prefill_backend), decode = Request::text(r.dsa_decode_backend);
  const bool named = !prefill.empty() || !decode.empty();
  if (!route.dsa_backends.empty() && named &&
      !(!prefill.empty() && detail::has_word(route.dsa_backends, prefill)) &&
      !(!decode.empty() && detail::has_word(route.dsa_backends, decode)))
    return false;
  if (!route.unless_architectures.empty() && !named) {
    const std::string_view arch = Request::text(r.model_architecture), type = Request::text(r.model_type);
    if ((!arch.empty() && detail::has_word(route.unless_architectures, arch)) ||
        (!type.empty() && detail::has_word(route.unless_architectures, type)))
      return false;
  }
  return true;
}

// Compiled-kernel availability (kernel.hpp): a route of the running backend to a kernel family
// whose row for this target, Q, KV format and head size says it does not exist (or is broken).
// The routes and rows are compiled into the index (CompiledRoute): bits, no word compares.
void kernel_availability(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  const Plan& plan = rep.plan;
  if (!r.target || !plan.backend) return;
  const unsigned cc = r.target->cc();
  auto in_range = [cc](std::uint16_t lo, std::uint16_t hi) { return (lo == 0 || cc >= lo) && (hi == 0 || cc <= hi); };
  // The Q the caller says it hands the kernel, else the plan's. Unknown inputs never match a
  // row that names them.
  const std::optional<FormatId> q = r.q_dtype ? r.q_dtype : plan.q;
  const detail::Bits q_bit = q ? detail::format_bit(*q) : 0;
  const detail::Bits kv_bit = plan.k.format ? detail::format_bit(*plan.k.format) : 0;
  const std::uint8_t attention = r.attention == Attention::unknown ? 0 : detail::attention_bit(r.attention);
  for (std::uint32_t ri : ctx.ix.routes_by_backend[detail::backend_index(ctx.ix, plan.backend)]) {
    const detail::CompiledRoute& cr = ctx.ix.routes[ri];
    const KernelRoute& route = *cr.row;
    if (!in_range(route.min_cc, route.max_cc)) continue;
    if (cr.attention != 0 && !(cr.attention & attention)) continue;
    if (route.kv_quantized >= 0 && (route.kv_quantized == 1) != ctx.quantized) continue;
    if (!route_taken(route, r)) continue;
    for (const detail::CompiledKernel& ck : cr.kernels) {
      const KernelRow& k = *ck.row;
      if (!in_range(k.min_cc, k.max_cc)) continue;
      if (!ck.q_any && !(ck.q_formats & q_bit)) continue;
      if (!ck.kv_any && !(ck.kv_formats & kv_bit)) continue;
      if (!ck.head_sizes.empty() &&
          (ctx.head_size == 0 ||
           (std::find(ck.head_sizes.begin(), ck.head_sizes.end(), ctx.head_size) != ck.head_sizes.end()) == k.head_sizes_outside))
        continue;
      const Evidence ev{.backend = plan.backend, .detail = k.detail, .value = k.family};
      if (k.status == KernelStatus::broken) out.add("KVD071", ev);
      else if (k.status == KernelStatus::fallback) out.add("KVD222", ev);
      else out.add("KVD101", ev, route.certain ? std::nullopt : std::optional<Severity>(Severity::warning));
    }
  }
}

void portability_and_scales(const Context& ctx, const Report& rep, Emitter& out) {
  const Request& r = ctx.req;
  const Plan& plan = rep.plan;
  if (!plan.k.format || !plan.cache_dtype) return;
  const FormatId k = *plan.k.format;
  if (is_fnuz(k)) {
    if (plan.cache_dtype->quant == KvQuant::fp8_per_tensor && (r.kv_scales == Tri::yes || r.checkpoint_kv))
      out.add("KVD050");
    out.add("KVD051", {.value = "OCP fp8 (float8_e4m3fn: NVIDIA, gfx950, gfx12)"});
  } else if (k == FormatId::float8_e4m3b15) {
    out.add("KVD051", {.value = "compute capability 8.9 or newer (float8_e4m3fn keys)"});
  }
  if (plan.cache_dtype->quant == KvQuant::fp8_per_tensor && plan.scales.calibrated != Tri::yes) out.add("KVD062");
}

// A value of the launch command the engine itself refuses (RequestInput::refused_rule).
void refused_value(const Context& ctx, Emitter& out) {
  if (ctx.req.refused != nullptr) out.add(*ctx.req.refused);
}

// Whether this build leaves flash attention off when the command does not ask for it: llama.cpp
// builds before "-fa auto" (PR #15434, b6325; llama-bench until PR #23714, b9437). The boundaries
// are data, the release ranges and program flags of the Constraint rows that fire KVD206 for such
// builds (src/tables/engines/llamacpp/backends_llamacpp.cpp).
bool fa_off_unless_asked(const Context& ctx) {
  if ((ctx.req.flags & (flag_flash_attn_on | flag_flash_attn_off)) != 0 || !ctx.req.engine_version.known) return false;
  // The index lists the rows of KVD206 (EngineIndex::fa_off_rows): no scan of every row.
  for (const std::uint32_t i : ctx.ix.fa_off_rows) {
    const detail::CompiledConstraint& c = ctx.ix.constraints[i];
    if ((ctx.req.flags & c.row->when.flags_all) == c.row->when.flags_all && detail::affected(ctx, c) == detail::Affected::yes)
      return true;
  }
  return false;
}

// Whether the request's build turns -fa auto into on for its flags: the KVD212 rows (release
// ranges and flags are data, llama.cpp's -sm tensor in backends_llamacpp.cpp), listed by the index.
bool fa_forced_on(const Context& ctx) {
  for (const std::uint32_t i : ctx.ix.fa_forced_rows) {
    const detail::CompiledConstraint& c = ctx.ix.constraints[i];
    if ((ctx.req.flags & c.row->when.flags_all) == c.row->when.flags_all &&
        (ctx.req.flags & c.row->when.flags_none) == 0 && detail::affected(ctx, c) == detail::Affected::yes)
      return true;
  }
  return false;
}

// Engines whose attention is a flash-attention op with per-backend K/V coverage (llama.cpp):
// a quantized V needs flash attention, and a pair without a kernel runs elsewhere or turns
// flash attention off (Backend::fa_kv_pairs; rules KVD201-KVD204). A build that has no auto
// mode and was not given -fa runs without flash attention: nothing to judge here (KVD206).
void flash_attention(const Context& ctx, const Report& rep, Emitter& out) {
  const Plan& plan = rep.plan;
  if (plan.cache_dtype == nullptr) return;
  if (plan.backend == nullptr) {
    // No backend yet (the GPU is unknown): what every backend of the engine refuses still fires.
    const CacheDtype* v = plan.v_cache_dtype ? plan.v_cache_dtype : plan.cache_dtype;
    if (ctx.ix.every_backend_models_fa && (ctx.req.flags & flag_flash_attn_off) && is_quantized(v->quant))
      out.add("KVD201", {.value = v->name});
    return;
  }
  const detail::CompiledBackend& cb = ctx.ix.compiled_backends[detail::backend_index(ctx.ix, plan.backend)];
  if (cb.fa_pairs.empty()) return;
  const CacheDtype* k = plan.cache_dtype;
  const CacheDtype* v = plan.v_cache_dtype ? plan.v_cache_dtype : k;
  const bool v_quantized = is_quantized(v->quant);
  std::uint32_t fa = ctx.req.flags;
  // A mode that turns -fa auto on (the KVD212 rows: llama.cpp's -sm tensor from its first build)
  // never lets auto resolve to off; its -fa off is refused by its own row (KVD211).
  if (fa_forced_on(ctx)) fa |= flag_flash_attn_on;
  if (fa & flag_flash_attn_off) {
    if (v_quantized) out.add("KVD201", {.backend = plan.backend, .value = v->name});
    return;
  }
  if (fa_off_unless_asked(ctx)) return;
  const bool pair = cb.fa_pairs[detail::vocabulary_index(ctx.ix, k)].test(detail::vocabulary_index(ctx.ix, v));
  const std::uint16_t multiple = plan.backend->fa_head_size_multiple;
  const bool head = ctx.head_size == 0 ||
                    (multiple != 0 ? ctx.head_size % multiple == 0
                                   : cb.fa_head_sizes.count == 0 || cb.fa_head_sizes.contains(ctx.head_size));
  if (pair && head) return;
  const Evidence ev{.backend = plan.backend, .detail = plan.backend->fa_missing,
                    .value = pair ? std::string_view("this head size") : std::string_view("this K/V type pair"),
                    .number = pair ? ctx.head_size : 0};
  if (fa & flag_flash_attn_on) out.add("KVD202", ev);
  else if (v_quantized) out.add("KVD203", ev);
  else out.add("KVD204", ev);
}

// Issue 28's per-layer findings, decided in layer_rules.cpp: KVD091 (a quantized cache leaves the
// state layers alone), KVD092 (the drafter's own cache string), KVD106 (a packed layout leaves a
// quantized cache no saving).
void layer_plan(const Context& ctx, const Report& rep, Emitter& out) {
  for (const detail::LayerFinding& f : detail::layer_findings(ctx, rep.plan)) out.add(*f.rule, f.evidence);
}

}  // namespace

namespace detail {

// Every rule on a report whose plan is resolved and whose diagnostics are empty; `ctx` is made
// on the request the report shows (its own copy, or the caller's equal one).
void run_checks(const Context& ctx, Report& rep) noexcept {
  const Request& request = ctx.req;
  Emitter out{rep};
  // Each check runs as its row of the firing-site table (firing_sites.cpp) with that row's
  // declared codes, found once for the process (one static, so one initialisation guard on the
  // check path rather than one per row).
  struct Site {
    const detail::FiringSite* row = nullptr;
    const std::bitset<1000>* codes = nullptr;  // null: the Constraint rows
  };
  struct Sites {
    Site unknown_inputs, refused_value, flash_attention, cache_string, release_scope, backend_rows, canonicalization,
        format_substitution, declared_kv, query, target_path, kernel_availability, portability, constraints, layer_plan;
  };
  static const Sites kSites = [] {
    const auto site = [](std::string_view name) {
      const detail::FiringSite* s = detail::check_site(name);
      assert(s != nullptr && "every check of check_with has a firing-site row");
      return Site{s, &detail::declared_codes(*s)};
    };
    return Sites{site("unknown_inputs"), site("refused_value"), site("flash_attention"), site("cache_string"),
                 site("release_scope"), site("backend_rows"), site("canonicalization"), site("format_substitution"),
                 site("declared_kv"), site("query"), site("target_path"), site("kernel_availability"),
                 site("portability_and_scales"), Site{&detail::constraint_site(), nullptr}, site("layer_plan")};
  }();
  const auto at = [&out](const Site& s) { out.at(s.row, s.codes); };
  at(kSites.unknown_inputs); unknown_inputs(ctx, rep, out);
  at(kSites.refused_value); refused_value(ctx, out);
  if (ctx.effective != nullptr) {
    at(kSites.flash_attention); flash_attention(ctx, rep, out);
    at(kSites.cache_string); cache_string(ctx, rep, out);
    at(kSites.release_scope); release_scope(ctx, rep, out);
    at(kSites.backend_rows); backend_rows(ctx, rep, out);
    at(kSites.constraints); constraints(ctx, rep, out);
    at(kSites.canonicalization); canonicalization(ctx, rep, out);
    at(kSites.format_substitution); format_substitution(ctx, rep, out);
    at(kSites.declared_kv); declared_kv(ctx, rep, out);
    at(kSites.query); query(ctx, rep, out);
    at(kSites.target_path); target_path(ctx, rep, out);
    at(kSites.kernel_availability); kernel_availability(ctx, rep, out);
    at(kSites.portability); portability_and_scales(ctx, rep, out);
    // Issue 28's per-layer plans (layer_rules.cpp): nothing to do for a request without them,
    // nor (KVD106) on a backend whose cache layout does not pack heads.
    if (request.layer_groups.size() != 0 || request.draft_kv_cache_dtype != nullptr ||
        (rep.plan.backend != nullptr && rep.plan.backend->packs_kv_heads)) {
      at(kSites.layer_plan);
      layer_plan(ctx, rep, out);
    }
  }
  // Stable insertion sort: std::stable_sort takes a temporary buffer from operator new, and a
  // report holds at most 48 diagnostics (tests/unit/test_versions.cpp counts allocations).
  auto before = [](const Diagnostic& a, const Diagnostic& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.rule->code < b.rule->code;
  };
  Diagnostic* d = rep.diagnostics.begin();
  const std::size_t n = rep.diagnostics.size();
  for (std::size_t i = 1; i < n; ++i) {
    if (!before(d[i], d[i - 1])) continue;  // in place already (most are): no 80-byte copies
    const Diagnostic x = d[i];
    std::size_t j = i;
    for (; j > 0 && before(x, d[j - 1]); --j) d[j] = d[j - 1];
    d[j] = x;
  }
}

Report check_with(const Request& request, const EngineIndex& index) noexcept {
  const Context ctx(request, index);
  // The request copied and the plan resolved straight into the report: a Report default-made
  // and then assigned wrote both twice (the request is 1 KB, the plan 1.1 KB).
  Report rep{.request = request, .plan = resolve_in(ctx)};
  run_checks(ctx, rep);
  return rep;
}

void check_in_place_with(Report& rep, const EngineIndex& index) noexcept {
  const Context ctx(rep.request, index);
  // The plan resolved straight into its place (a Plan is trivially destructible: nothing to end
  // first), not assigned from a temporary: the 1.1 KB are written once, as in check_with.
  static_assert(std::is_trivially_destructible_v<Plan>);
  ::new (static_cast<void*>(&rep.plan)) Plan(resolve_in(ctx));
  rep.diagnostics.clear();
  rep.fixed_bugs.clear();
  run_checks(ctx, rep);
}

}  // namespace detail

Report check(const Request& request) noexcept { return detail::check_with(request, detail::engine_index(request.engine)); }

void check(Report& report) noexcept { detail::check_in_place_with(report, detail::engine_index(report.request.engine)); }

std::string_view name(Verdict v) noexcept {
  switch (v) {
    case Verdict::ok: return "ok";
    case Verdict::warn: return "warn";
    case Verdict::incomplete: return "incomplete";
    case Verdict::error: return "error";
  }
  return "error";
}

Verdict verdict_of(const Rule* r, Severity severity) noexcept {
  if (severity == Severity::error) return Verdict::error;
  // KVD080 ("input unknown: checks skipped") as a warning: something was not checked. (As info
  // it records an assumption the check made instead, such as MHA/GQA for an unknown attention.)
  // KVD152 (a launch value held in a variable nothing sets): the value the server really gets is
  // unknown, so the checks ran on the engine's default, not on what runs: not checked either.
  static const Rule* const skipped = rule(tables::RuleId("KVD080"));
  static const Rule* const unset = rule(tables::RuleId("KVD152"));
  if (r != nullptr && (r == skipped || r == unset) && severity == Severity::warning) return Verdict::incomplete;
  return severity == Severity::warning ? Verdict::warn : Verdict::ok;
}

Verdict Report::verdict() const noexcept {
  Verdict v = Verdict::ok;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::error) return Verdict::error;
    v = std::max(v, verdict_of(d.rule, d.severity));
  }
  return v;
}

bool Report::fired(std::string_view code) const noexcept {
  for (const Diagnostic& d : diagnostics)
    if (d.rule->code == code) return true;
  return false;
}

std::string_view name(ScaleKind s) noexcept {
  switch (s) {
    case ScaleKind::none: return "none";
    case ScaleKind::per_tensor: return "per_tensor";
    case ScaleKind::per_token_head: return "per_token_head";
    case ScaleKind::block16_e4m3: return "block16_e4m3";
    case ScaleKind::block32_e8m0: return "block32_e8m0";
    case ScaleKind::block16_e8m0: return "block16_e8m0";
    case ScaleKind::tile128_fp32: return "tile128_fp32";
    case ScaleKind::block64_e8m0: return "block64_e8m0";
    case ScaleKind::per_vector_fp16: return "per_vector_fp16";
    case ScaleKind::block32_fp16: return "block32_fp16";
    case ScaleKind::group_affine: return "group_affine";
  }
  return "none";
}

}  // namespace kvdtype
