// Internal: the pieces resolve() and check() share — judging one backend against its row and
// the constraints, and filling a Plan for it.
#pragma once

#include <algorithm>
#include <bit>
#include <optional>

#include "core/index.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/request.hpp"

namespace kvdtype::detail {

/// What the request looks like to the tables: platform, effective cache row, head size.
struct Context;
/// The attention kind selection runs for: the request's, else the one its cache string implies,
/// else MHA/GQA.
[[nodiscard]] Attention assumed_attention(const Context& ctx) noexcept;

struct Context {
  const Request& req;
  const EngineIndex& ix;
  std::optional<Platform> platform;      // from the target's vendor; empty when unknown
  const CacheDtype* requested = nullptr; // the string as given
  const CacheDtype* effective = nullptr; // after `auto` → checkpoint
  std::uint32_t head_size = 0;           // K head size; MLA: latent width; 0 unknown
  bool quantized = false;                // effective cache is quantized
  int release = -1;                      // release_slot of the request's version (-1: none)
  std::uint32_t extra_given = 0;         // the issue-28 inputs the request gives (ExtraInput bits)

  Context(const Request& r, const EngineIndex& index);
};

/// One reason a backend's own row refuses the request.
struct RowFailure {
  const Rule* rule = nullptr;
  std::uint64_t number = 0;
  std::string_view detail;  // static text (release facts): "first released in"
  std::string_view value;   // a table string: the release named
};

/// Why release `v` lacks a row with this range (static text for {detail}), and the release to
/// name ({value}); empty when it has it.
struct ReleaseGap {
  std::string_view detail, value;
};
ReleaseGap release_gap(ReleaseRange::In in, std::string_view introduced_in, std::string_view removed_in) noexcept;

/// Every failure of the backend's row checks (platform/capability, attention, kv string,
/// model dtype, head size, block size), in that order. Unknown inputs never fail.
InlineVector<RowFailure, 8> row_failures(const Context& ctx, const CompiledBackend& b) noexcept;

/// Bytes one token takes in one layer on one rank in a backend that packs K and V heads into
/// 32-bit words (Backend::packs_kv_heads) for elements of `bits` bits; empty when the KV heads or
/// head size are unknown, or for MLA.
[[nodiscard]] std::optional<std::uint32_t> packed_kv_bytes(const Context& ctx, std::uint32_t bits) noexcept;

/// Fill plan formats, storage, Q, kv_data_type, scales and bytes for `backend` (may be null).
void fill_plan(const Context& ctx, const Backend* backend, Plan& plan) noexcept;

/// Whether the plan's backend has a flash-attention kernel for the request's K/V pair and head
/// size (Backend::fa_kv_pairs, fa_head_sizes): unknown where the backend does not model them or
/// no backend was chosen; an unknown head size counts as served.
[[nodiscard]] Tri fa_kernel(const Context& ctx, const Plan& plan) noexcept;

/// Whether the constraint's When holds for this request and plan. `c` is from one of the index's
/// lists: a global one, or the by_backend list of the plan's backend (the backends condition is
/// the list's).
bool matches(const Context& ctx, const CompiledConstraint& c, const Plan& plan) noexcept;

/// Three of matches()'s tests, inline in the loops over the index's lists, so that the rows they
/// refuse are passed over without a call: a row whose issue-28 conditions need an input the
/// request leaves out (most of vLLM's rows on a check's path, for a request without those
/// inputs), a row needing program flags the request lacks, and a row for other head sizes (most
/// of llama.cpp's rows of a backend). False only where matches() is false.
inline bool may_match(const Context& ctx, const CompiledConstraint& c) noexcept {
  const CompiledWhen& w = c.when;
  if ((w.tests & when_extra) && (w.extra_needs & ~ctx.extra_given) != 0) return false;
  // Program flags a row needs (llama.cpp's -fa, -sm tensor, ...): most rows of a build are about
  // flags a launch does not set, refused here without a call of matches().
  if ((w.tests & when_flags_all) && (ctx.req.flags & c.row->when.flags_all) != c.row->when.flags_all) return false;
  return !(w.tests & when_head_sizes) || (ctx.head_size != 0 && w.head_sizes.contains(ctx.head_size));
}

/// What a row of EngineIndex::Global needs given, and what a request gives, in one key
/// (Global::needs_any): issue-28 inputs (ExtraInput bits), then 32 + program flags.
inline std::uint64_t needs_key(const CompiledConstraint& c) noexcept {
  const std::uint64_t extra = (c.when.tests & when_extra) ? c.when.extra_needs : 0;
  return extra | ((c.when.tests & when_flags_all) ? std::uint64_t{c.row->when.flags_all} << 32 : 0);
}

/// Calls f(row) for the rows of EngineIndex::Global that can apply to the request and its plan,
/// in check()'s order: the segment of rows naming no kv string, then the requested kv string's,
/// each at the positions in the sets of the plan's quant family, the platform, the attention
/// kind and the inputs the request gives. A row left out cannot match (matches() or may_match()
/// would refuse it on that fact).
template <class F>
inline void for_each_global_row(const Context& ctx, const Plan& plan, F&& f) {
  using Global = EngineIndex::Global;
  const Global& g = ctx.ix.global;
  const std::uint64_t* quant =
      g.set(Global::kQuantSet + (plan.cache_dtype != nullptr ? static_cast<std::size_t>(plan.cache_dtype->quant) : Global::kQuantKinds));
  const std::uint64_t* platform = g.set(Global::kPlatformSet + (ctx.platform ? 1 + static_cast<std::size_t>(*ctx.platform) : 0));
  const std::uint64_t* attention = g.set(Global::kAttentionSet + static_cast<std::size_t>(ctx.req.attention));
  const std::uint64_t* nothing = g.set(Global::kNeedsNothingSet);
  const std::uint64_t given = (ctx.extra_given | (std::uint64_t{ctx.req.flags} << 32)) & g.needs_any;
  const auto walk = [&](std::size_t first, std::size_t count) __attribute__((always_inline)) {
    for (std::size_t w = first; w < first + count; ++w) {
      std::uint64_t met = nothing[w];
      for (std::uint64_t b = given; b != 0; b &= b - 1)
        met |= g.set(Global::kNeedsSet + g.needs_slot[static_cast<std::size_t>(std::countr_zero(b))])[w];
      for (std::uint64_t m = quant[w] & platform[w] & attention[w] & met; m != 0; m &= m - 1)
        f(ctx.ix.constraints[g.rows[w * 64 + static_cast<std::size_t>(std::countr_zero(m))]]);
    }
  };
  walk(0, g.any_words);
  if (ctx.requested != nullptr) {
    const Global::Segment kv = g.by_kv[vocabulary_index(ctx.ix, ctx.requested)];
    walk(kv.first, kv.count);
  }
}

/// How a version-scoped constraint applies to the request's engine version.
enum class Affected : std::uint8_t { no, maybe, yes };
Affected affected(const Context& ctx, const CompiledConstraint& c) noexcept;
/// The same for a given release (unknown version: behaviour rows yes, known bugs maybe).
Affected affected_at(const CompiledConstraint& c, const Version& v) noexcept;

/// resolve() and check() against a given index (the public ones use the engine's own tables).
Plan resolve_with(const Request& request, const EngineIndex& index) noexcept;
/// resolve_with() for a Context already made (check() makes one for both: one release lookup).
Plan resolve_in(const Context& ctx) noexcept;
Report check_with(const Request& request, const EngineIndex& index) noexcept;
/// check(Report&) against a given index.
void check_in_place_with(Report& report, const EngineIndex& index) noexcept;

/// The format a row rule gives on this request (nullopt when it depends on something unknown).
std::optional<FormatId> apply_rule(const Context& ctx, FormatRule rule, FormatId fixed) noexcept;

}  // namespace kvdtype::detail
