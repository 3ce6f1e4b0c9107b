#include "core/index.hpp"
#include "core/when_extra.hpp"
#include "tables/since_word.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <charconv>
#include <mutex>
#include <optional>
#include <utility>

#include "core/resolve_internal.hpp"
#include "tables/rows/release.hpp"
#include "tables/rows/request_value.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::detail {

bool has_word(std::string_view list, std::string_view word) noexcept {
  bool found = false;
  for_each_word(list, [&](std::string_view w) { found = found || w == word; });
  return found;
}

namespace {

struct Compiler {
  std::vector<std::string>& problems;
  // Where the row being compiled is ("backends_vllm FLASHMLA"): its pieces, joined only when a
  // problem is found (a string built per row was a tenth of compiling vLLM's tables).
  struct Where {
    std::string_view table, engine;     // "backends_", "vllm"
    std::array<std::string_view, 2> words{};  // each written after a blank
    std::size_t count = 0;
  } where;
  void at(std::string_view table, std::string_view engine, std::string_view a) { where = {table, engine, {a, {}}, 1}; }
  void at(std::string_view table, std::string_view engine, std::string_view a, std::string_view b) {
    where = {table, engine, {a, b}, 2};
  }
  std::span<const Version> releases = {};  // empty: any well-formed version is accepted
  const EngineIndex* keyed = nullptr;       // its release keys, when it has them (release_slot)

  void problem(std::string_view what, std::string_view word) {
    std::string text = std::string(where.table) + std::string(where.engine);
    for (std::size_t i = 0; i < where.count; ++i) text += " " + std::string(where.words[i]);
    problems.push_back(text + ": " + std::string(what) + " '" + std::string(word) + "'");
  }

  // Closed sets: the build already refused an unknown word (tables/words.hpp); the problem
  // below is for rows that reach the index another way (tests' own tables).
  template <std::size_t N>
  unsigned closed(std::string_view list, const std::string_view (&set)[N], std::string_view what, std::size_t first = 0) {
    unsigned bits = 0;
    for_each_word(list, [&](std::string_view w) {
      const int i = tables::word_index(set, w, first);
      if (i >= 0) bits |= 1u << i;
      else problem(what, w);
    });
    return bits;
  }
  std::uint8_t attention(std::string_view list) {
    return static_cast<std::uint8_t>(closed(list, tables::kAttentionWords, "unknown attention kind", 1));
  }
  std::uint8_t platforms(std::string_view list) {
    return static_cast<std::uint8_t>(closed(list, tables::kPlatformWords, "unknown platform"));
  }

  Bits formats(std::string_view list) {
    Bits bits = 0;
    for_each_word(list, [&](std::string_view w) {
      const auto all = kvdtype::formats();
      const auto it = std::find_if(all.begin(), all.end(), [&](const Format& f) { return f.name == w; });
      if (it != all.end()) bits |= format_bit(it->id);
      else problem("unknown format", w);
    });
    return bits;
  }

  RowSet vocabulary(std::span<const CacheDtype> vocab, std::string_view list) {
    RowSet bits;
    for_each_word(list, [&](std::string_view w) {
      const auto it = std::find_if(vocab.begin(), vocab.end(), [&](const CacheDtype& c) { return c.name == w; });
      if (it != vocab.end()) bits.set(static_cast<std::size_t>(it - vocab.begin()));
      else problem("unknown kv-cache string", w);
    });
    return bits;
  }

  RowSet backend_set(std::span<const Backend> all, std::string_view list) {
    RowSet bits;
    for_each_word(list, [&](std::string_view w) {
      const auto it = std::find_if(all.begin(), all.end(), [&](const Backend& b) { return b.name == w; });
      if (it != all.end()) bits.set(static_cast<std::size_t>(it - all.begin()));
      else problem("unknown backend", w);
    });
    return bits;
  }

  std::uint16_t quant(std::string_view list) {
    return static_cast<std::uint16_t>(closed(list, tables::kKvQuantWords, "unknown quant family"));
  }

  SizeList sizes(std::string_view list) {
    SizeList out;
    for_each_word(list, [&](std::string_view w) {
      unsigned v = 0;
      const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
      if (ec != std::errc() || p != w.data() + w.size() || v == 0 || v > 65535) problem("bad size", w);
      else if (out.count == out.values.size()) problem("too many sizes at", w);
      else out.values[out.count++] = static_cast<std::uint16_t>(v);
    });
    return out;
  }

  std::optional<FormatRule> format_rule(std::string_view word) {
    if (word.empty()) return std::nullopt;
    if (word == "platform_fp8_e4m3") return FormatRule::platform_fp8_e4m3;
    if (word == "platform_fp8_on_rocm_else_fixed") return FormatRule::platform_fp8_on_rocm_else_fixed;
    if (word == "e4m3_from_cc89_else_fixed") return FormatRule::e4m3_from_cc89_else_fixed;
    problem("unknown format rule", word);
    return std::nullopt;
  }

  // A version a row names: well-formed and, when a release table is given, one of its releases
  // (a typo such as 0.25.3 would otherwise silently move a bug's range).
  Version version(std::string_view text) {
    if (text.empty()) return {};
    auto v = parse_version(text);
    if (!v.ok()) {
      problem("bad version", text);
      return {};
    }
    // By halves over the release keys where the table has them (vLLM: 66 releases, ~400 versions
    // named by its rows), else a scan.
    const bool listed = keyed != nullptr ? release_slot(*keyed, *v) >= 0
                                         : std::find(releases.begin(), releases.end(), *v) != releases.end();
    if (!releases.empty() && !listed) problem("version not in the release table", text);
    return *v;
  }

  ReleaseRange range(std::string_view introduced, std::string_view absent, std::string_view removed) {
    ReleaseRange r{version(introduced), version(absent), version(removed)};
    if (r.absent.known && !r.introduced.known) problem("absent_in without introduced_in", absent);
    if (r.absent.known && r.introduced.known && !(r.absent < r.introduced)) problem("absent_in not before introduced_in", absent);
    if (r.removed.known && r.introduced.known && !(r.introduced < r.removed)) problem("removed_in not after introduced_in", removed);
    return r;
  }
};

// CompiledConstraint::by_release from the releases' positions in the table: affected_at() for
// each release, with every version the row names replaced by its position (the table is
// ordered, so positions order as the versions do). One integer comparison where affected_at
// compares Versions: vLLM's bounded and bug rows made ~1,500 calls of it at every start.
// False (nothing filled) when the table has no keys or the row names a version it lacks.
bool by_release_slots(const EngineIndex& ix, CompiledConstraint& cc) {
  if (ix.release_keys.empty()) return false;
  constexpr int kNone = -1;
  bool listed = true;
  const auto slot = [&](const Version& v) {
    if (!v.known) return kNone;
    const int s = release_slot(ix, v);
    listed = listed && s >= 0;
    return s;
  };
  const int introduced = slot(cc.introduced), fixed = slot(cc.fixed), removed = slot(cc.removed);
  std::array<int, 4> affected{};
  int lo = kNone, hi = kNone;
  for (std::uint8_t i = 0; i < cc.affected_count; ++i) {
    affected[i] = slot(cc.affected[i]);
    if (lo == kNone || affected[i] < lo) lo = affected[i];
    if (hi == kNone || hi < affected[i]) hi = affected[i];
  }
  if (!listed) return false;
  // affected_at() as ranges of positions: [0, introduced) and [fixed or removed, n) are not
  // affected; a bug is certain between its bounds when both are known, else "maybe"; a bug's
  // observed releases, and the releases between the first and last of them, carry it.
  const auto n = static_cast<std::ptrdiff_t>(ix.releases.size());
  const auto fill = [&](std::ptrdiff_t from, std::ptrdiff_t to, Affected a) {
    if (from < to) std::fill(cc.by_release.begin() + from, cc.by_release.begin() + to, static_cast<std::uint8_t>(a));
  };
  const std::ptrdiff_t first = introduced == kNone ? 0 : introduced;
  const std::ptrdiff_t end = cc.bug ? (fixed == kNone ? n : fixed) : (removed == kNone ? n : removed);
  cc.by_release.assign(static_cast<std::size_t>(n), static_cast<std::uint8_t>(Affected::no));
  fill(first, std::min(end, n), !cc.bug || (introduced != kNone && fixed != kNone) ? Affected::yes : Affected::maybe);
  if (cc.bug) {
    if (lo != kNone) fill(lo + 1, hi, Affected::yes);
    for (std::uint8_t i = 0; i < cc.affected_count; ++i) cc.by_release[static_cast<std::size_t>(affected[i])] = static_cast<std::uint8_t>(Affected::yes);
  }
  return true;
}

// EngineIndex::Global: the rows naming no backend in segments (those naming no kv string are in
// `rows` already, `kv_rows` name one), and per fact a row's When can name the set of positions
// that can apply to a request with that fact. A row without a condition on the fact is in each of
// its sets; an unknown fact (no cache row, no platform, attention unknown) is in the sets of the
// rows without one only, since matches() never lets an unknown input meet a condition.
void index_global_rows(EngineIndex& ix, std::span<const std::uint32_t> kv_rows) {
  using Global = EngineIndex::Global;
  Global& g = ix.global;
  const auto words_of = [](std::size_t n) { return static_cast<std::uint32_t>((n + 63) / 64); };
  std::vector<std::size_t> positions;  // the positions holding a row (not a segment's tail)
  const auto close_segment = [&](std::size_t first) {
    for (std::size_t k = first; k < g.rows.size(); ++k) positions.push_back(k);
    g.rows.resize(first + std::size_t{words_of(g.rows.size() - first)} * 64, 0);
  };
  close_segment(0);
  g.any_words = static_cast<std::uint32_t>(g.rows.size() / 64);
  g.by_kv.resize(ix.vocabulary.size());
  for (std::size_t v = 0; v < ix.vocabulary.size(); ++v) {
    const std::size_t first = g.rows.size();
    for (const std::uint32_t i : kv_rows)
      if (ix.constraints[i].when.kv.test(v)) g.rows.push_back(i);
    if (g.rows.size() == first) continue;
    g.by_kv[v] = {static_cast<std::uint32_t>(first / 64), words_of(g.rows.size() - first)};
    close_segment(first);
  }
  // The inputs rows need, each a set of its own.
  std::uint64_t needed = 0;
  for (const std::size_t k : positions) {
    const std::uint64_t key = needs_key(ix.constraints[g.rows[k]]);
    needed |= key & (~key + 1);  // the lowest bit
  }
  g.needs_any = needed;
  std::size_t sets = Global::kNeedsSet;
  for (std::uint64_t b = needed; b != 0; b &= b - 1)
    g.needs_slot[static_cast<std::size_t>(std::countr_zero(b))] = static_cast<std::uint8_t>(sets++ - Global::kNeedsSet);
  g.words = g.rows.size() / 64;
  g.bits.assign(sets * g.words, 0);
  for (const std::size_t k : positions) {
    const auto set = [&](std::size_t number) { g.bits[number * g.words + k / 64] |= std::uint64_t{1} << (k % 64); };
    const CompiledConstraint& c = ix.constraints[g.rows[k]];
    const CompiledWhen& w = c.when;
    for (std::size_t q = 0; q < Global::kQuantKinds; ++q)
      if (w.kv_quant == 0 || (w.kv_quant & quant_bit(static_cast<KvQuant>(q))) != 0) set(Global::kQuantSet + q);
    if (w.kv_quant == 0) set(Global::kQuantSet + Global::kQuantKinds);
    if (w.platforms == 0) set(Global::kPlatformSet);
    for (std::size_t p = 0; p < 8; ++p)
      if (w.platforms == 0 || (w.platforms & platform_bit(static_cast<Platform>(p))) != 0) set(Global::kPlatformSet + 1 + p);
    for (std::size_t a = 0; a < EngineIndex::kAttentionKinds; ++a)
      if (w.attention == 0 || (a != 0 && (w.attention & attention_bit(static_cast<Attention>(a))) != 0)) set(Global::kAttentionSet + a);
    const std::uint64_t key = needs_key(c);
    set(key == 0 ? Global::kNeedsNothingSet : Global::kNeedsSet + g.needs_slot[static_cast<std::size_t>(std::countr_zero(key))]);
  }
}

}  // namespace

EngineIndex build_engine_index(Engine engine, std::span<const CacheDtype> vocabulary, std::span<const Backend> backends,
                               std::span<const SelectionOrder> selection, std::span<const Constraint> constraints,
                               std::vector<std::string>& problems, std::span<const Version> releases) {
  EngineIndex ix;
  ix.engine = engine;
  ix.releases = releases;
  ix.releases_ordered = std::all_of(releases.begin(), releases.end(), [](const Version& v) { return v.known; }) &&
                        std::adjacent_find(releases.begin(), releases.end(),
                                           [](const Version& a, const Version& b) { return !(a < b); }) == releases.end();
  if (ix.releases_ordered && std::all_of(releases.begin(), releases.end(),
                                         [&](const Version& v) { return v.build == releases.front().build; })) {
    ix.release_keys.reserve(releases.size());
    for (const Version& v : releases) ix.release_keys.push_back(release_key(v));
  }
  for (const Format& row : kvdtype::formats())
    if (row.is_float8() && static_cast<std::size_t>(row.id) < 64) ix.float8_formats |= format_bit(row.id);
  ix.vocabulary = vocabulary;
  ix.backends = backends;
  // The release a request without a version is judged at (release-bounded selection orders).
  ix.established_through = newest_version(engine);
  const std::string en(engine_info(engine).name);
  Compiler c{problems, {}, releases, ix.release_keys.empty() ? nullptr : &ix};

  if (ix.vocabulary.size() > kMaxRows || ix.backends.size() > kMaxRows) {
    problems.push_back(en + ": more than " + std::to_string(kMaxRows) + " vocabulary or backend rows; raise detail::kMaxRows");
    ix.vocabulary = ix.vocabulary.first(std::min(ix.vocabulary.size(), kMaxRows));
    ix.backends = ix.backends.first(std::min(ix.backends.size(), kMaxRows));
  }
  // Each vector sized once: growing them by doubling copied the rows (a CompiledBackend is
  // 1.2 KB, a CompiledConstraint 0.5 KB) and touched twice the memory, a page fault per new page.
  ix.vocabulary_ranges.reserve(ix.vocabulary.size());
  ix.compiled_backends.reserve(ix.backends.size());
  ix.selection.reserve(selection.size());
  ix.constraints.reserve(constraints.size());
  for (const CacheDtype& row : ix.vocabulary) {
    if (row.name == engine_info(engine).default_kv) ix.auto_row = &row;
    c.at("cache_dtypes_", en, row.name);
    ix.vocabulary_ranges.push_back(c.range(row.introduced_in, row.absent_in, row.removed_in));
  }
  if (!ix.vocabulary.empty() && ix.auto_row == nullptr)
    problems.push_back(en + ": vocabulary has no default row '" + std::string(engine_info(engine).default_kv) + "'");

  for (const Backend& b : ix.backends) {
    c.at("backends_", en, b.name);
    CompiledBackend cb;
    cb.row = &b;
    cb.platforms = c.platforms(b.platforms);
    cb.attention = c.attention(b.attention);
    cb.kv = c.vocabulary(ix.vocabulary, b.kv_cache_dtypes);
    cb.model_dtypes = c.formats(b.model_dtypes);
    cb.head_sizes = c.sizes(b.head_sizes);
    cb.block_sizes = c.sizes(b.block_sizes);
    cb.canonicalizes = c.vocabulary(ix.vocabulary, b.canonicalizes);
    // Coverage not established ("*": every string); a fact to name when a check needs it.
    if (b.kv_cache_dtypes_unknown == "*")
      cb.kv_unknown = RowSet::first(ix.vocabulary.size());
    else
      cb.kv_unknown = c.vocabulary(ix.vocabulary, b.kv_cache_dtypes_unknown);
    if (cb.kv_unknown.any() && b.coverage_unknown.empty())
      c.problem("kv_cache_dtypes_unknown without the coverage_unknown fact to name", b.kv_cache_dtypes_unknown);
    ix.kv_unknown_any |= cb.kv_unknown;
    if (!b.canonical_kv.empty()) {
      for (const CacheDtype& row : ix.vocabulary)
        if (row.name == b.canonical_kv) cb.canonical = &row;
      if (cb.canonical == nullptr) c.problem("unknown canonical kv string", b.canonical_kv);
    }
    cb.fp8_as = c.format_rule(b.fp8_as);
    cb.q_kv_format_platforms = c.platforms(b.q_kv_format_platforms);
    cb.range = c.range(b.introduced_in, b.absent_in, b.removed_in);
    cb.min_cc_changed = c.version(b.min_cc_changed_in);
    if (cb.min_cc_changed.known != (b.min_cc_before != 0)) c.problem("min_cc_before and min_cc_changed_in go together", b.min_cc_changed_in);
    // "STRING:FIRST" or "STRING:LAST_WITHOUT..FIRST" (the releases between are not established).
    for_each_word(b.kv_cache_dtypes_since, [&](std::string_view w) {
      const auto word = tables::split_since_word(w);
      if (!word) return c.problem("kv_cache_dtypes_since word is not STRING:VERSION", w);
      const RowSet kv = c.vocabulary(ix.vocabulary, word->key);
      const std::string_view versions = word->first;
      const Version since = c.version(versions);
      const Version absent = c.version(word->absent);
      if (!kv.any() || !since.known) return;
      if (absent.known && !(absent < since)) return c.problem("kv_cache_dtypes_since window is not LAST_WITHOUT..FIRST", w);
      if (!cb.kv.intersects(kv)) return c.problem("kv_cache_dtypes_since names a string the backend does not accept", w);
      if (cb.kv_since_count == cb.kv_since.size()) return c.problem("too many kv_cache_dtypes_since words at", w);
      std::uint16_t index = 0;
      while (!kv.test(index)) ++index;
      cb.kv_since[cb.kv_since_count++] = {index, since, absent, versions};
    });
    // "SIZE:FIRST" or "SIZE:LAST_WITHOUT..FIRST", as kv_cache_dtypes_since.
    for_each_word(b.head_sizes_since, [&](std::string_view w) {
      const auto word = tables::split_since_word(w);
      if (!word) return c.problem("head_sizes_since word is not SIZE:VERSION", w);
      std::uint32_t size = 0;
      for (char ch : word->key) {
        if (ch < '0' || ch > '9' || size > 65535) return c.problem("head_sizes_since size is not a number", w);
        size = size * 10 + static_cast<std::uint32_t>(ch - '0');
      }
      const std::string_view versions = word->first;
      const Version since = c.version(versions);
      const Version absent = c.version(word->absent);
      if (size == 0 || !since.known) return;
      if (absent.known && !(absent < since)) return c.problem("head_sizes_since window is not LAST_WITHOUT..FIRST", w);
      if (!cb.head_sizes.contains(size)) return c.problem("head_sizes_since names a head size the backend's list lacks", w);
      if (cb.head_since_count == cb.head_since.size()) return c.problem("too many head_sizes_since words at", w);
      cb.head_since[cb.head_since_count++] = {size, since, absent, versions};
    });
    if (!b.fa_kv_pairs.empty()) {
      cb.fa_pairs.assign(ix.vocabulary.size(), RowSet{});
      const RowSet all = RowSet::first(ix.vocabulary.size());
      for_each_word(b.fa_kv_pairs, [&](std::string_view w) {
        const std::size_t slash = w.find('/');
        if (slash == std::string_view::npos) return c.problem("fa pair without '/'", w);
        const std::string_view kw = w.substr(0, slash), vw = w.substr(slash + 1);
        const RowSet ks = kw == "*" ? all : c.vocabulary(ix.vocabulary, kw);
        for (std::size_t k = 0; k < ix.vocabulary.size(); ++k) {
          if (!ks.test(k)) continue;
          if (vw == "=") cb.fa_pairs[k].set(k);
          else cb.fa_pairs[k] |= vw == "*" ? all : c.vocabulary(ix.vocabulary, vw);
        }
      });
      cb.fa_head_sizes = c.sizes(b.fa_head_sizes);
    }
    ix.compiled_backends.push_back(std::move(cb));  // 1.2 KB and a vector: moved, not copied
  }
  ix.every_backend_models_fa = !ix.compiled_backends.empty() &&
                               std::all_of(ix.compiled_backends.begin(), ix.compiled_backends.end(),
                                           [](const CompiledBackend& b) { return !b.fa_pairs.empty(); });

  for (const SelectionOrder& s : selection) {
    c.at("selection_", en, s.platform, s.attention);
    CompiledSelection cs;
    cs.row = &s;
    cs.platform = c.platforms(s.platform);
    cs.attention = c.attention(s.attention);
    cs.head_sizes = c.sizes(s.head_sizes);
    cs.range = c.range(s.introduced_in, {}, s.removed_in);
    const auto newest = cs.range.at(ix.established_through);
    cs.holds_unversioned = newest != ReleaseRange::In::before && newest != ReleaseRange::In::removed;
    for_each_word(s.order, [&](std::string_view w) {
      const auto it = std::find_if(ix.backends.begin(), ix.backends.end(), [&](const Backend& b) { return b.name == w; });
      if (it == ix.backends.end()) c.problem("unknown backend", w);
      else if (cs.count == cs.order.size()) c.problem("selection order too long at", w);
      else cs.order[cs.count++] = static_cast<std::uint16_t>(it - ix.backends.begin());
    });
    ix.selection_platforms |= cs.platform;
    const auto row = static_cast<std::uint16_t>(ix.selection.size());
    for (std::size_t p = 0; p < 8; ++p)
      for (std::size_t a = 0; a < EngineIndex::kAttentionKinds; ++a)
        if ((cs.platform & (1u << p)) && (cs.attention == 0 || (cs.attention & (1u << a))))
          ix.selection_by_kind[p * EngineIndex::kAttentionKinds + a].push_back(row);
    ix.selection.push_back(cs);
  }

  // Kernel routes of this engine: backend, attention and format words compiled to bits. Their
  // words are judged by `rules --lint` (lint_kernels), so the compiler here stays quiet: a
  // word that names nothing matches nothing, as it did when check() compared the words.
  std::vector<std::string> judged_by_lint;
  Compiler quiet{judged_by_lint, {}, {}};
  ix.routes_by_backend.resize(ix.backends.size());
  for (const KernelRoute& route : kernel_routes()) {
    if (route.engine != engine) continue;
    CompiledRoute cr;
    cr.row = &route;
    cr.attention = quiet.attention(route.attention);
    const RowSet named = quiet.backend_set(ix.backends, route.backends);
    for (const KernelRow& k : kernel_rows()) {
      if (k.family != route.family || k.status == KernelStatus::cubin || k.status == KernelStatus::jit) continue;
      CompiledKernel ck;
      ck.row = &k;
      ck.q_any = k.q_formats.empty();
      ck.kv_any = k.kv_formats.empty();
      ck.q_formats = quiet.formats(k.q_formats);
      ck.kv_formats = quiet.formats(k.kv_formats);
      for_each_word(k.head_sizes, [&](std::string_view w) {
        std::uint32_t n = 0;  // digits only (lint_kernels)
        for (char ch : w) n = n * 10 + static_cast<std::uint32_t>(ch - '0');
        ck.head_sizes.push_back(n);
      });
      cr.kernels.push_back(std::move(ck));
    }
    const auto index = static_cast<std::uint32_t>(ix.routes.size());
    ix.routes.push_back(std::move(cr));
    for (std::size_t b = 0; b < ix.backends.size(); ++b)
      if (named.test(b)) ix.routes_by_backend[b].push_back(index);
  }

  ix.by_backend.resize(ix.backends.size());
  std::vector<std::uint32_t> global_kv;  // the rows naming no backend but a kv string (EngineIndex::Global)
  // newest_version() scans the release table; every constraint row of one table asks it about
  // the same engine, so it is asked once per engine (63 scans were a tenth of building vLLM's index).
  std::optional<std::pair<Engine, Version>> newest;
  for (const Constraint& k : constraints) {
    c.at("constraints_", en, k.rule, k.when.backends);
    CompiledConstraint cc;
    cc.row = &k;
    cc.rule = find_rule(k.rule);
    if (cc.rule == nullptr) c.problem("unknown rule", k.rule);
    cc.when.backends = c.backend_set(ix.backends, k.when.backends);
    cc.when.kv = c.vocabulary(ix.vocabulary, k.when.kv_cache_dtypes);
    cc.when.model_dtypes = c.formats(k.when.model_dtypes);
    cc.when.k_formats = c.formats(k.when.k_formats);
    cc.when.q_formats = c.formats(k.when.q_formats);
    cc.when.kv_quant = c.quant(k.when.kv_quant);
    cc.when.attention = c.attention(k.when.attention);
    cc.when.platforms = c.platforms(k.when.platforms);
    cc.when.head_sizes = c.sizes(k.when.head_sizes);
    cc.when.heads_per_rank = c.sizes(k.when.heads_per_rank);
    cc.when.extra = has_extra(k.when);
    cc.when.extra_needs = extra_needs(k.when);
    ix.any_extra = ix.any_extra || cc.when.extra;
    {
      const CompiledWhen& w = cc.when;
      const When& row = k.when;
      const std::pair<bool, WhenTest> has[] = {
          {w.backends.any(), when_backends}, {w.kv.any(), when_kv}, {w.kv_quant != 0, when_kv_quant},
          {w.model_dtypes != 0, when_model_dtypes}, {w.k_formats != 0, when_k_formats}, {w.q_formats != 0, when_q_formats}, {w.attention != 0, when_attention},
          {w.platforms != 0, when_platforms}, {row.min_cc != 0 || row.max_cc != 0, when_cc},
          {w.head_sizes.count != 0, when_head_sizes}, {row.flags_all != 0, when_flags_all},
          {row.flags_none != 0, when_flags_none}, {row.v_quantized, when_v_quantized},
          {row.fa_no_kernel, when_fa_no_kernel}, {row.kv_types_differ, when_kv_types_differ},
          {w.heads_per_rank.count != 0 || row.min_heads_per_rank != 0 || row.max_heads_per_rank != 0, when_heads_per_rank},
          {w.extra, when_extra}};
      for (const auto& [present, test] : has)
        if (present) cc.when.tests = cc.when.tests | test;
    }
    // Names of the engines' lists (tables/rows/request_value.hpp): a row naming one kvdtype does
    // not know could never match a request that kvdtype accepts without a finding.
    for (const auto& named : {std::pair{"weight_quantization", k.when.weight_quantizations},
                              std::pair{"speculative_method", k.when.speculative_methods},
                              std::pair{"dsa_prefill_backend", k.when.dsa_backends}})
      // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
      for_each_word(named.second, [&, field = named.first](std::string_view w) {
        if (w != "*_mtp" && !tables::request_value_known(field, w)) c.problem(std::string("unknown ") + field, w);
      });
    cc.introduced = c.version(k.introduced_in);
    cc.fixed = c.version(k.fixed_in);
    cc.removed = c.version(k.removed_in);
    if (!newest || newest->first != k.engine) newest.emplace(k.engine, newest_version(k.engine));
    cc.newest = newest->second;
    cc.bug = !k.fix_pr.empty() || !k.fixed_in.empty() || !k.affected_in.empty();
    if (cc.bug && cc.removed.known) c.problem("a known bug ends with fixed_in, not removed_in", k.removed_in);
    if (cc.introduced.known && cc.fixed.known && !(cc.introduced < cc.fixed)) c.problem("fixed_in not after introduced_in", k.fixed_in);
    for_each_word(k.affected_in, [&](std::string_view w) {
      const Version v = c.version(w);
      if (!v.known) return;
      if (cc.affected_count == cc.affected.size()) c.problem("too many affected versions at", w);
      else cc.affected[cc.affected_count++] = v;
    });
    if (!k.replace_backend.empty()) {
      for (const Backend& b : ix.backends)
        if (b.name == k.replace_backend) cc.replace = &b;
      if (cc.replace == nullptr) c.problem("unknown replacement backend", k.replace_backend);
    }
    cc.unversioned = static_cast<std::uint8_t>(affected_at(cc, Version{}));
    // A behaviour row without a release bound holds in every release (affected_at's first
    // branch): one fill instead of a call per release, most of vLLM's rows and a tenth of the
    // instructions of a cold `kvdtype check` (docs/performance.md).
    if (!cc.bug && !cc.introduced.known && !cc.removed.known) {
      cc.by_release.assign(releases.size(), static_cast<std::uint8_t>(Affected::yes));
    } else if (!by_release_slots(ix, cc)) {
      cc.by_release.reserve(releases.size());
      for (const Version& v : releases) cc.by_release.push_back(static_cast<std::uint8_t>(affected_at(cc, v)));
    }
    if (cc.rule == nullptr) continue;  // reported; a row without a rule cannot fire
    const auto index = static_cast<std::uint32_t>(ix.constraints.size());
    // Moved, not copied (0.5 KB and a vector each; ~20,000 instructions of a cold check for
    // vLLM's rows); the lists below read the row in place.
    const CompiledConstraint& kept = ix.constraints.emplace_back(std::move(cc));
    if (kept.rule->code == "KVD206") ix.fa_off_rows.push_back(index);
    if (kept.rule->code == "KVD212") ix.fa_forced_rows.push_back(index);
    if (!kept.when.backends.any() && !kept.when.kv.any()) {
      ix.global.rows.push_back(index);
    } else if (!kept.when.backends.any()) {
      global_kv.push_back(index);
    } else {
      for (std::size_t b = 0; b < ix.backends.size(); ++b)
        if (kept.when.backends.test(b)) ix.by_backend[b].push_back(index);
    }
  }
  index_global_rows(ix, global_kv);
  ix.excluding_by_backend.resize(ix.backends.size());
  ix.replacing_by_backend.resize(ix.backends.size());
  for (std::size_t b = 0; b < ix.backends.size(); ++b)
    for (const std::uint32_t i : ix.by_backend[b]) {
      const CompiledConstraint& c = ix.constraints[i];
      if (c.replace != nullptr) ix.replacing_by_backend[b].push_back(i);
      else if (c.row->selection && c.rule->severity == Severity::error) ix.excluding_by_backend[b].push_back(i);
    }
  return ix;
}

namespace {

// One engine's compiled tables and the problems found compiling them.
struct Built {
  std::vector<std::string> problems;
  EngineIndex index;
};

// Each engine is compiled on the first use of that engine, not all of them at once: a process
// that checks one vLLM request never compiles SGLang's tables (a short-lived CLI pays for every
// table it compiles; docs/performance.md). One once_flag per registry row.
constexpr std::size_t kMaxEngines = 16;

const Built& built(Engine engine) noexcept {
  static std::array<std::once_flag, kMaxEngines> once;
  // Never destroyed: freeing every engine's vectors at exit was ~40,000 instructions of a cold
  // `kvdtype check`, for memory the process gives back anyway.
  static std::array<Built, kMaxEngines>& instances = *new std::array<Built, kMaxEngines>;
  const tables::EngineTables& row = tables::engine_tables(engine);
  const auto i = static_cast<std::size_t>(row.info.id);
  std::call_once(once[i], [&] {
    Built& b = instances[i];
    const Engine e = row.info.id;
    b.index = build_engine_index(e, row.vocabulary(), row.backends(), row.selection(), row.constraints(), b.problems,
                                 release_versions(e));
    b.index.release_rows = releases(e);
    // The release table itself: every row parses, oldest first, no duplicates.
    const auto rows = releases(e);
    const auto versions = release_versions(e);
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const std::string where = "releases_" + std::string(row.info.name) + " " + std::string(rows[k].version);
      if (!versions[k].known) b.problems.push_back(where + ": bad version");
      else if (k > 0 && versions[k - 1].known && !(versions[k - 1] < versions[k]))
        b.problems.push_back(where + ": not newer than the row before it");
      if (rows[k].source.empty()) b.problems.push_back(where + ": no source");
    }
  });
  return instances[i];
}

// Each engine's index once built, by the Engine's value: one acquire load on the check path.
// built() looks the engine's table row up and passes std::call_once every time, ~60
// instructions of a ~2,000-instruction check. Zero-initialised storage: no guard of its own.
std::array<std::atomic<const EngineIndex*>, kMaxEngines> g_built_index{};

}  // namespace

const EngineIndex& engine_index(Engine engine) noexcept {
  const auto e = static_cast<std::size_t>(engine);
  if (e < kMaxEngines) {
    if (const EngineIndex* ready = g_built_index[e].load(std::memory_order_acquire)) return *ready;
  }
  const EngineIndex& ix = built(engine).index;
  if (e < kMaxEngines) g_built_index[e].store(&ix, std::memory_order_release);
  return ix;
}

std::uint32_t extra_needs(const When& w) noexcept {
  std::uint32_t needs = 0;
  if (!w.architectures.empty()) needs |= extra_architecture;
  if (!w.weight_quantizations.empty()) needs |= extra_weight_quantization;
  if (!w.kv_scale_layouts.empty()) needs |= extra_kv_scale_layout;
  if (!w.kv_scales_sources.empty()) needs |= extra_kv_scales_source;
  if (!w.speculative_methods.empty()) needs |= extra_speculative_method;
  if (w.min_speculative_tokens != 0) needs |= extra_speculative_tokens;
  if (!w.kv_connectors.empty()) needs |= extra_kv_connector;
  if (!w.dsa_backends.empty()) needs |= extra_dsa_backend;
  if (!w.block_sizes.empty()) needs |= extra_block_size;  // inside or outside the list: a size given
  if (w.cuda_graph != Tri::unknown) needs |= extra_cuda_graph;
  if (w.hierarchical_cache != Tri::unknown) needs |= extra_hierarchical_cache;
  if (w.chunked_prefix_cache != Tri::unknown) needs |= extra_chunked_prefix_cache;
  if (w.kv_scales != Tri::unknown) needs |= extra_kv_scales;
  if (w.attention_sinks != Tri::unknown) needs |= extra_attention_sinks;
  // A layer condition on a request without groups or window is unknown: it never holds.
  if (w.sliding_window != Tri::unknown || w.state_layers != Tri::unknown || !w.group_head_sizes.empty()) needs |= extra_layers;
  if (!w.draft_kv_cache_dtypes.empty()) needs |= extra_draft_kv;
  if (!w.gqa_ratios.empty() || w.gqa_ratio_not_multiple_of != 0) needs |= extra_gqa_ratio;
  if (w.min_max_model_len != 0) needs |= extra_max_model_len;
  if (w.min_decode_context_parallel != 0) needs |= extra_decode_context_parallel;
  if (w.remote_backend != Tri::unknown) needs |= extra_remote_backend;
  return needs;
}

std::uint32_t extra_given(const Request& r) noexcept {
  std::uint32_t given = 0;
  if (r.model_architecture[0] != '\0' || r.model_type[0] != '\0') given |= extra_architecture;
  if (r.weight_quantization[0] != '\0') given |= extra_weight_quantization;
  if (r.kv_scale_layout != KvScaleLayout::unknown) given |= extra_kv_scale_layout;
  if (r.kv_scales_source != KvScalesSource::unknown) given |= extra_kv_scales_source;
  if (r.speculative_method[0] != '\0') given |= extra_speculative_method;
  if (r.num_speculative_tokens != 0) given |= extra_speculative_tokens;
  if (r.kv_connector[0] != '\0') given |= extra_kv_connector;
  if (r.dsa_prefill_backend[0] != '\0' || r.dsa_decode_backend[0] != '\0') given |= extra_dsa_backend;
  if (r.block_size != 0) given |= extra_block_size;
  if (r.cuda_graph != Tri::unknown) given |= extra_cuda_graph;
  if (r.hierarchical_cache != Tri::unknown) given |= extra_hierarchical_cache;
  if (r.chunked_prefix_cache != Tri::unknown) given |= extra_chunked_prefix_cache;
  if (r.kv_scales != Tri::unknown || r.checkpoint_kv != nullptr) given |= extra_kv_scales;
  if (r.attention_sinks != Tri::unknown) given |= extra_attention_sinks;
  if (r.layer_groups.size() != 0 || r.sliding_window != 0) given |= extra_layers;
  if (r.draft_kv_cache_dtype != nullptr) given |= extra_draft_kv;
  if (r.geometry.num_heads != 0 && r.geometry.num_kv_heads != 0 && r.geometry.num_heads % r.geometry.num_kv_heads == 0)
    given |= extra_gqa_ratio;
  if (r.max_model_len != 0) given |= extra_max_model_len;
  if (r.decode_context_parallel_size != 0) given |= extra_decode_context_parallel;
  if (r.remote_backend != Tri::unknown) given |= extra_remote_backend;
  return given;
}

ReleaseKey release_key(const Version& v) noexcept {
  using U = std::uint64_t;
  const U numbers = (U{v.major} << 48) | (U{v.minor} << 32) | (U{v.patch} << 16) | U{v.micro};
  // Version::key()'s three numbers, each moved to start at 0: the pre-release rank (-1 for a dev
  // release of a final, 4 << 16 for none), the post number (-1 when none), the dev number (1 << 17
  // when none). 19, 17 and 18 bits.
  U pre = 0;
  if (v.pre == Version::Pre::none && v.post == Version::kNone && v.dev != Version::kNone) pre = 0;
  else if (v.pre == Version::Pre::none) pre = (U{4} << 16) + 1;
  else pre = ((U{static_cast<std::uint8_t>(v.pre)} << 16) | U{v.pre_number}) + 1;
  const U post = v.post == Version::kNone ? 0 : U{v.post} + 1;
  const U dev = v.dev == Version::kNone ? U{1} << 17 : U{v.dev};
  ReleaseKey k;
  k.key = (ReleaseKey::Bits128{numbers} << 64) | ((pre << 36) | (post << 18) | dev);
  return k;
}

int release_slot(const EngineIndex& ix, const Version& v) noexcept {
  if (!v.known) return -1;
  if (!ix.release_keys.empty()) {
    // The keys order like Version::compare within one scheme; a version of the other scheme is
    // no release of the table (compare never finds a build number equal to a PEP 440 version).
    if (v.build != ix.releases.front().build) return -1;
    const ReleaseKey key = release_key(v);
    const auto it = std::lower_bound(ix.release_keys.begin(), ix.release_keys.end(), key);
    return it != ix.release_keys.end() && !(key < *it) ? static_cast<int>(it - ix.release_keys.begin()) : -1;
  }
  if (ix.releases_ordered) {
    const auto it = std::lower_bound(ix.releases.begin(), ix.releases.end(), v);
    return it != ix.releases.end() && *it == v ? static_cast<int>(it - ix.releases.begin()) : -1;
  }
  for (std::size_t i = 0; i < ix.releases.size(); ++i)
    if (ix.releases[i].known && ix.releases[i] == v) return static_cast<int>(i);
  return -1;
}

bool is_float8(FormatId f) noexcept {
  static const Bits float8 = [] {
    Bits bits = 0;
    for (const Format& row : formats())
      if (row.is_float8() && static_cast<std::size_t>(row.id) < 64) bits |= format_bit(row.id);
    return bits;
  }();
  return static_cast<std::size_t>(f) < 64 && (float8 & format_bit(f)) != 0;
}

const std::vector<std::string>& table_problems() noexcept {
  static const std::vector<std::string> problems = [] {
    std::vector<std::string> all;  // in engine order, as when every engine was compiled at once
    for (const tables::EngineTables& e : tables::engine_registry()) {
      const Built& b = built(e.info.id);
      all.insert(all.end(), b.problems.begin(), b.problems.end());
    }
    return all;
  }();
  return problems;
}

}  // namespace kvdtype::detail
