// Internal: the tables compiled once into bit sets and pointer arrays, so that resolve/check
// never parse a word list or search a table on the hot path. Built on first use (thread-safe
// static initialisation); problems found while compiling (a word that names nothing) are kept
// for `kvdtype rules --lint` and the tests instead of being ignored silently.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/kernel.hpp"
#include "tables/rows/release.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/rule.hpp"
#include "tables/rows/constraint.hpp"
#include "kvdtype/target.hpp"
#include "tables/words.hpp"

namespace kvdtype::detail {

using Bits = std::uint64_t;  // a set of number formats (FormatId), at most 64
inline constexpr Bits bit(std::size_t i) noexcept { return Bits{1} << i; }

/// The most kv-cache strings, and the most backends, one engine's tables may have: ten times
/// the largest table (vLLM's 30 backends), so that tables ten times today's still compile.
inline constexpr std::size_t kMaxRows = 512;

/// A set over the rows of one table (an engine's kv-cache strings or its backends). A test is
/// one word's bit; `any()` reads a count kept while bits are set, not every word.
class RowSet {
 public:
  static constexpr std::size_t kWords = kMaxRows / 64;
  [[nodiscard]] bool test(std::size_t i) const noexcept { return ((words_[i >> 6] >> (i & 63)) & 1u) != 0; }
  [[nodiscard]] bool any() const noexcept { return used_ != 0; }
  void set(std::size_t i) noexcept {
    words_[i >> 6] |= std::uint64_t{1} << (i & 63);
    used_ = std::max<std::uint8_t>(used_, static_cast<std::uint8_t>((i >> 6) + 1));
  }
  RowSet& operator|=(const RowSet& o) noexcept {
    for (std::size_t w = 0; w < o.used_; ++w) words_[w] |= o.words_[w];
    used_ = std::max(used_, o.used_);
    return *this;
  }
  [[nodiscard]] bool intersects(const RowSet& o) const noexcept {
    for (std::size_t w = 0; w < std::min(used_, o.used_); ++w)
      if (words_[w] & o.words_[w]) return true;
    return false;
  }
  /// The first `n` rows (n ≤ kMaxRows): "every row" of a table of n rows.
  [[nodiscard]] static RowSet first(std::size_t n) noexcept {
    RowSet s;
    for (std::size_t i = 0; i < n; ++i) s.set(i);
    return s;
  }

 private:
  std::array<std::uint64_t, kWords> words_{};
  std::uint8_t used_ = 0;  // words up to the last one with a bit set
};
static_assert(RowSet::kWords <= 255, "RowSet counts its words in a byte");

/// Attention kinds and platforms as bits.
inline constexpr std::uint8_t attention_bit(Attention a) noexcept {
  return static_cast<std::uint8_t>(1u << static_cast<unsigned>(a));
}
inline constexpr std::uint8_t platform_bit(Platform p) noexcept {
  return static_cast<std::uint8_t>(1u << static_cast<unsigned>(p));
}
inline constexpr std::uint16_t quant_bit(KvQuant q) noexcept {
  return static_cast<std::uint16_t>(1u << static_cast<unsigned>(q));
}
inline constexpr Bits format_bit(FormatId f) noexcept { return bit(static_cast<std::size_t>(f)); }

/// A list of sizes from a word list ("64 128 256").
struct SizeList {
  std::array<std::uint16_t, 16> values{};
  std::uint8_t count = 0;
  [[nodiscard]] bool contains(std::uint32_t v) const noexcept {
    for (std::uint8_t i = 0; i < count; ++i)
      if (values[i] == v) return true;
    return false;
  }
};

/// A row's release range, compiled (see the range fields of CacheDtype / Backend).
struct ReleaseRange {
  Version introduced, absent, removed;
  enum class In : std::uint8_t { yes, maybe, before, removed };
  /// Whether release `v` has the row; an unknown version is the newest known (yes).
  [[nodiscard]] In at(const Version& v) const noexcept {
    if (!v.known) return In::yes;
    if (removed.known && v >= removed) return In::removed;
    if (introduced.known && v < introduced) return absent.known && v > absent ? In::maybe : In::before;
    return In::yes;
  }
  [[nodiscard]] bool bounded() const noexcept { return introduced.known || removed.known; }
};

/// A kv string a backend accepts only from some release on.
struct KvSince {
  std::uint16_t kv = 0;  // vocabulary index
  Version since;        // first release known to accept it
  Version absent;       // last release known not to (releases between: not established)
  std::string_view since_text;
};

/// A head size a backend serves only from some release on (Backend::head_sizes_since).
struct HeadSince {
  std::uint32_t head_size = 0;
  Version since;        // first release known to serve it
  Version absent;       // last release known not to (releases between: not established)
  std::string_view since_text;
  /// Certain that release `v` (known) lacks it; the window after `absent` is not certain.
  [[nodiscard]] bool certainly_absent(const Version& v) const noexcept { return absent.known ? v <= absent : v < since; }
  [[nodiscard]] bool maybe_absent(const Version& v) const noexcept { return absent.known && absent < v && v < since; }
};

/// A Version as two integers that order as Version::compare does among versions of one scheme
/// (all build numbers, or none): the release numbers, then (pre, post, dev) as Version::key()
/// orders them. Versions of the two schemes never compare through it.
struct ReleaseKey {
  __extension__ using Bits128 = unsigned __int128;  // GCC and Clang; one comparison instead of two
  Bits128 key = 0;  // the release numbers in the high 64 bits, the rest in the low ones
  friend constexpr bool operator<(const ReleaseKey& a, const ReleaseKey& b) noexcept { return a.key < b.key; }
};
[[nodiscard]] ReleaseKey release_key(const Version& v) noexcept;

struct CompiledBackend {
  const Backend* row = nullptr;
  ReleaseRange range;
  Version min_cc_changed;  // known: before it the floor was row->min_cc_before
  std::array<KvSince, 8> kv_since{};
  std::uint8_t kv_since_count = 0;
  std::array<HeadSince, 4> head_since{};
  std::uint8_t head_since_count = 0;
  std::uint8_t platforms = 0;   // platform bits
  std::uint8_t attention = 0;   // attention bits
  RowSet kv;                    // accepted cache dtypes (engine vocabulary index)
  RowSet kv_unknown;            // cache dtypes whose acceptance is not established (Backend::kv_cache_dtypes_unknown)
  Bits model_dtypes = 0;        // format bits
  SizeList head_sizes, block_sizes;
  RowSet canonicalizes;         // vocabulary rows rewritten …
  const CacheDtype* canonical = nullptr;  // … into this row
  std::optional<FormatRule> fp8_as;
  std::uint8_t q_kv_format_platforms = 0;  // 0: all
  // Flash-attention K/V coverage (Backend::fa_kv_pairs): per K row, the V rows with a kernel.
  std::vector<RowSet> fa_pairs;  // empty: not modelled
  SizeList fa_head_sizes;
};

struct CompiledSelection {
  const SelectionOrder* row = nullptr;
  ReleaseRange range;
  // Whether the order holds at EngineIndex::established_through, the release a request without
  // a version is judged at: decided once here rather than by Version comparisons per check.
  bool holds_unversioned = true;
  std::uint8_t platform = 0;
  std::uint8_t attention = 0;  // 0: any
  SizeList head_sizes;
  std::array<std::uint16_t, 24> order{};  // backend indexes
  std::uint8_t count = 0;
};

/// Which conditions a constraint row has (CompiledWhen::tests): matches() tests one word held in
/// a register instead of loading every condition's field, most of them empty.
enum WhenTest : std::uint32_t {
  when_backends = 1u << 0,
  when_kv = 1u << 1,
  when_kv_quant = 1u << 2,
  when_model_dtypes = 1u << 3,
  when_k_formats = 1u << 4,
  when_attention = 1u << 5,
  when_platforms = 1u << 6,
  when_cc = 1u << 7,
  when_head_sizes = 1u << 8,
  when_flags_all = 1u << 9,
  when_flags_none = 1u << 10,
  when_v_quantized = 1u << 11,
  when_heads_per_rank = 1u << 12,
  when_extra = 1u << 13,
  when_fa_no_kernel = 1u << 14,
  when_q_formats = 1u << 15,
  when_kv_types_differ = 1u << 16,
};

struct CompiledWhen {
  RowSet backends;  // empty: any
  RowSet kv;        // empty: any
  Bits model_dtypes = 0, k_formats = 0, q_formats = 0;
  std::uint16_t kv_quant = 0;
  std::uint8_t attention = 0, platforms = 0;
  SizeList head_sizes;
  SizeList heads_per_rank;
  bool extra = false;  // the row has issue-28 conditions (core/when_extra.hpp)
  std::uint32_t extra_needs = 0;  // the inputs those conditions need (extra_needs())
  std::uint32_t tests = 0;        // WhenTest bits: the conditions the row has
};

struct CompiledConstraint {
  const Constraint* row = nullptr;
  const Rule* rule = nullptr;
  CompiledWhen when;
  Version introduced, fixed;  // .known false when not given
  Version removed;            // behaviour rows: first release without the behaviour
  Version newest;             // the engine's newest release: a behaviour row's "no version given"
  // How the row applies (detail::Affected) to each release of the engine's table, in table
  // order, and to a request without a version: resolved once here instead of per check.
  std::vector<std::uint8_t> by_release;
  std::uint8_t unversioned = 0;
  bool bug = false;           // a known bug (fix_pr, fixed_in or affected_in set)
  std::array<Version, 4> affected{};  // observed affected releases
  std::uint8_t affected_count = 0;
  const Backend* replace = nullptr;
};

/// A kernel row that fires something (missing, broken, fallback), its word lists compiled.
struct CompiledKernel {
  const KernelRow* row = nullptr;
  Bits q_formats = 0, kv_formats = 0;   // format bits; an empty list is any (the *_any flags)
  bool q_any = true, kv_any = true;
  std::vector<std::uint32_t> head_sizes;  // empty: any
};

/// One of the engine's kernel routes with the rows of its family that fire, in table order.
struct CompiledRoute {
  const KernelRoute* row = nullptr;
  std::uint8_t attention = 0;  // attention bits; 0: any
  std::vector<CompiledKernel> kernels;
};

struct EngineIndex {
  Engine engine{};
  std::span<const CacheDtype> vocabulary;
  std::vector<ReleaseRange> vocabulary_ranges;     // parallel to vocabulary
  std::span<const Backend> backends;
  std::vector<CompiledBackend> compiled_backends;  // parallel to backends
  std::vector<CompiledSelection> selection;
  // Per platform and attention kind (selection_key), the selection rows that cover both, in
  // table order: resolve() tries those, not every row of the table (vLLM's GQA on an H100 was
  // the eleventh of 27 rows).
  static constexpr std::size_t kAttentionKinds = 6;  // Attention's values
  static_assert(static_cast<std::size_t>(Attention::sparse_mla) + 1 == kAttentionKinds && static_cast<std::size_t>(Platform::tpu) + 1 == 8,
                "selection_by_kind has a list per platform and attention kind");
  std::array<std::vector<std::uint16_t>, 8 * kAttentionKinds> selection_by_kind;
  [[nodiscard]] static constexpr std::size_t selection_key(Platform p, Attention a) noexcept {
    return static_cast<std::size_t>(p) * kAttentionKinds + static_cast<std::size_t>(a);
  }
  std::vector<CompiledConstraint> constraints;         // all rows
  // Constraint indexes, so that check() visits only rows that can apply: those naming the
  // backend in question, and those naming no backend, split by the kv string they name.
  std::vector<std::vector<std::uint32_t>> by_backend;  // per backend
  // Of each backend's rows, those selection asks (resolve.cpp): the rows that exclude the backend
  // while the engine selects (Constraint::selection, error severity, no replacement), and the
  // rows that swap it for another (replace_backend). Their own lists, so that selection does not
  // pass over every other row of the backend twice.
  std::vector<std::vector<std::uint32_t>> excluding_by_backend, replacing_by_backend;
  // The rows naming no backend, and per fact of a request a row's When can name, the set of those
  // rows that can apply to a request with that fact (issue 29: a row that cannot apply to a
  // request costs that request nothing). `rows` is in segments, each starting at a word of the
  // sets: first the rows naming no kv string, then per kv string the rows naming it, each in
  // table order; check() walks the first segment and its kv string's, as it walked global_any
  // and global_by_kv before, so the findings keep their order, and rows about other kv strings
  // cost nothing however many there are. In those segments it visits only the positions in the
  // sets of the request's quant family, platform, attention kind and given inputs.
  struct Global {
    static constexpr std::size_t kQuantKinds = 13;  // KvQuant's values
    static_assert(static_cast<std::size_t>(KvQuant::affine_group) + 1 == kQuantKinds, "a quant set per KvQuant");
    // Set numbers: per KvQuant of the plan's cache row, then no cache row (the rows naming no
    // family); platform unknown, then per Platform; per Attention (unknown: the rows naming
    // none); the rows needing no input; then per input in needs_slot.
    static constexpr std::size_t kQuantSet = 0, kPlatformSet = kQuantSet + kQuantKinds + 1, kAttentionSet = kPlatformSet + 1 + 8,
                                 kNeedsNothingSet = kAttentionSet + kAttentionKinds, kNeedsSet = kNeedsNothingSet + 1;
    std::vector<std::uint32_t> rows;  // constraint indexes by position; a segment's tail is in no set
    std::size_t words = 0;            // the words of every set (of `rows`, 64 positions a word)
    std::uint32_t any_words = 0;      // the first segment's words
    struct Segment {
      std::uint32_t first = 0, count = 0;  // words
    };
    std::vector<Segment> by_kv;       // per vocabulary row (count 0: no row names it)
    std::vector<std::uint64_t> bits;  // the sets, `words` words each, by set number
    // What a row needs given (may_match's first two tests) as one key (needs_key): issue-28
    // inputs (ExtraInput bits), then 32 + program flags (When::flags_all). A row needing any is
    // in the set of the lowest of them, one input it cannot match without; may_match() judges
    // the rest. needs_slot: each such input's set, after kNeedsSet.
    std::uint64_t needs_any = 0;
    std::array<std::uint8_t, 64> needs_slot{};
    [[nodiscard]] const std::uint64_t* set(std::size_t number) const noexcept { return bits.data() + number * words; }
  } global;
  // The rows that fire KVD206 (a build that leaves flash attention off unless asked): check()
  // asks them for every request of a release, instead of scanning every row for the rule.
  std::vector<std::uint32_t> fa_off_rows;
  // The rows that fire KVD212 (a mode that turns -fa auto on: llama.cpp's -sm tensor): the
  // flash-attention check asks them whether auto resolves to on for the request's build.
  std::vector<std::uint32_t> fa_forced_rows;
  // Kernel routes of this engine (check's kernel availability), and per backend the routes
  // that name it, so that check() compares no backend, format or attention words.
  std::vector<CompiledRoute> routes;
  std::vector<std::vector<std::uint32_t>> routes_by_backend;
  const CacheDtype* auto_row = nullptr;
  RowSet kv_unknown_any;  // union of the backends' kv_unknown: check() tests this bit before any backend's
  std::uint8_t selection_platforms = 0;  // union of the selection rows' platform bits: the platforms the engine's table covers
  // The release table the rows were compiled against (empty for tests' own tables), and
  // whether it is strictly ascending (then release_slot searches it by halves).
  std::span<const Version> releases;
  bool releases_ordered = false;
  // The releases' order keys (release_key), parallel to `releases`, when they are ordered and of
  // one scheme: release_slot then searches integers, not Version::compare (~30 instructions a
  // comparison, seven or eight of them for every check with a version).
  std::vector<ReleaseKey> release_keys;
  // The engine's release rows (parallel to `releases`; empty for tests' own tables) and the
  // newest release whose kv-cache facts are established: a check of a release whose content is
  // not established, or of a version after that one, is incomplete (KVD080), not a silent yes.
  std::span<const Release> release_rows;
  Version established_through;
  // Every backend models flash attention (llama.cpp): a fact about flash attention that holds
  // for every backend is checked before the GPU, and so a backend, is known.
  bool every_backend_models_fa = false;
  bool any_extra = false;  // some constraint row has issue-28 conditions: Context asks extra_given()
  // The 8-bit float formats (Format::is_float8) as format bits, read from the format rows when the
  // index is built: resolve and check ask it several times a check (is_float8 below).
  Bits float8_formats = 0;
};

/// The inputs of the issue-28 conditions (core/when_extra.hpp) as bits. Each of those conditions
/// needs its input given (an unknown input never matches), so a row that needs an input the
/// request leaves unknown fails on one test, before any of its words is compared. A condition
/// not listed here needs no bit: when_extra_holds() still judges it.
enum ExtraInput : std::uint32_t {
  extra_architecture = 1u << 0,   // model_architecture or model_type
  extra_weight_quantization = 1u << 1,
  extra_kv_scale_layout = 1u << 2,
  extra_speculative_method = 1u << 3,
  extra_speculative_tokens = 1u << 4,
  extra_kv_connector = 1u << 5,
  extra_dsa_backend = 1u << 6,    // prefill or decode
  extra_block_size = 1u << 7,
  extra_cuda_graph = 1u << 8,
  extra_hierarchical_cache = 1u << 9,
  extra_kv_scales = 1u << 10,     // given, or a checkpoint's KV quantization
  extra_attention_sinks = 1u << 11,
  extra_layers = 1u << 12,         // layer groups, or a sliding window
  extra_draft_kv = 1u << 13,       // the drafter's own cache string
  extra_gqa_ratio = 1u << 14,      // query and KV head counts that divide (issue 28, LOCAL)
  extra_kv_scales_source = 1u << 15,  // where the KV scales come from
  extra_chunked_prefix_cache = 1u << 16,  // SGLang chunked prefix cache on or off
  extra_max_model_len = 1u << 17,  // the requested context length
  extra_decode_context_parallel = 1u << 18,  // the decode context parallel size
  extra_remote_backend = 1u << 19,  // whether remote (ggml-rpc) backends take part
};
/// The inputs a row's conditions need, and those a request gives (ExtraInput bits).
[[nodiscard]] std::uint32_t extra_needs(const When& w) noexcept;
[[nodiscard]] std::uint32_t extra_given(const Request& r) noexcept;

/// The compiled tables of one engine (engines without tables have empty spans).
const EngineIndex& engine_index(Engine engine) noexcept;

/// Compile arbitrary rows (the benchmarks' synthetic tables use this); problems are appended.
/// Every version a row names must be one of `releases` (the engine's release table).
EngineIndex build_engine_index(Engine engine, std::span<const CacheDtype> vocabulary, std::span<const Backend> backends,
                               std::span<const SelectionOrder> selection, std::span<const Constraint> constraints,
                               std::vector<std::string>& problems, std::span<const Version> releases = {});

/// Position of release `v` in ix.releases (the key of CompiledConstraint::by_release), or -1
/// when `v` is unknown or not a release of the table.
int release_slot(const EngineIndex& ix, const Version& v) noexcept;

/// Position of a row in its table (inline: check() asks this for every row it judges).
inline std::size_t vocabulary_index(const EngineIndex& ix, const CacheDtype* row) noexcept {
  return static_cast<std::size_t>(row - ix.vocabulary.data());
}
inline std::size_t backend_index(const EngineIndex& ix, const Backend* row) noexcept {
  return static_cast<std::size_t>(row - ix.backends.data());
}

/// Whether a format is an 8-bit float (Format::is_float8), from a set of the format rows read
/// once: fill_plan asks it several times per backend, and format() is a call into the table.
bool is_float8(FormatId f) noexcept;
/// The same from the index's copy of the set: no call, no initialisation guard on the check path.
inline bool is_float8(const EngineIndex& ix, FormatId f) noexcept {
  return static_cast<std::size_t>(f) < 64 && (ix.float8_formats & format_bit(f)) != 0;
}

/// Problems found while compiling every table: "backends_vllm FLASHMLA: unknown kv string 'fp9'".
const std::vector<std::string>& table_problems() noexcept;

using tables::for_each_word;  // space-separated words (tables/words.hpp)

/// Whether `word` is one of the words of `list` (exact).
bool has_word(std::string_view list, std::string_view word) noexcept;

}  // namespace kvdtype::detail
