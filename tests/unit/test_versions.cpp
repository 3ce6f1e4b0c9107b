// Engine versions: pip's ordering (PEP 440), the release tables, and a sweep of every known
// release against every version-scoped row (kv-cache strings, backends, known bugs).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "core/index.hpp"
#include "kvdtype/check.hpp"
#include "tables/rows/release.hpp"
#include "report_helpers.hpp"

// The replacement pair below is malloc/free on both sides; GCC cannot see that through inlining.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

// Every allocation of this test binary is counted, so that a test can prove check() makes none
// with the version dimension (pass-through to malloc; no other behaviour changes).
namespace {
std::atomic<long> g_allocations{0};
}  // namespace
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// The nothrow forms too (std::stable_sort's temporary buffer uses them): every new of this
// binary is malloc, so every delete may be free.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

using namespace kvdtype;

Version v(std::string_view text) {
  auto r = parse_version(text);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Version{};
}

// ---- parsing and ordering --------------------------------------------------------------------

TEST(Versions, PipOrderOfOneRelease) {
  // packaging.version sorts these in exactly this order.
  const std::vector<std::string_view> ordered = {
      "0.25.0.dev1", "0.25.0a1.dev2", "0.25.0a1", "0.25.0b2", "0.25.0rc1.dev3", "0.25.0rc1", "0.25.0rc2",
      "0.25.0",      "0.25.0.post1.dev1", "0.25.0.post1", "0.25.0.post2", "0.25.0.1", "0.25.1rc1", "0.25.1",
      "0.26.0",      "0.100.0"};
  for (std::size_t i = 0; i + 1 < ordered.size(); ++i) {
    EXPECT_LT(v(ordered[i]), v(ordered[i + 1])) << ordered[i] << " < " << ordered[i + 1];
    EXPECT_FALSE(v(ordered[i + 1]) < v(ordered[i])) << ordered[i + 1];
  }
}

TEST(Versions, SpellingsOfTheSameRelease) {
  EXPECT_EQ(v("v0.25.1"), v("0.25.1"));
  EXPECT_EQ(v("0.25.1+cu126"), v("0.25.1"));         // local part: not part of the order
  EXPECT_EQ(v("0.25"), v("0.25.0"));
  EXPECT_EQ(v("0.31.0RC1"), v("0.31.0rc1"));
  EXPECT_EQ(v("0.31.0-rc.1"), v("0.31.0rc1"));
  EXPECT_EQ(v("0.4.8-1"), v("0.4.8.post1"));         // PEP 440 implicit post release
  EXPECT_EQ(v("0.4.8post1"), v("0.4.8.post1"));
  EXPECT_EQ(v("0.9.2+cu126"), v("0.9.2"));
  EXPECT_EQ(v("1.0alpha2"), v("1.0a2"));
  EXPECT_EQ(v("0!0.25.1"), v("0.25.1"));
}

TEST(Versions, CanonicalSpelling) {
  EXPECT_EQ(to_string(v("v0.25.1")), "0.25.1");
  EXPECT_EQ(to_string(v("0.31.0rc1")), "0.31.0rc1");
  EXPECT_EQ(to_string(v("0.4.8.post1")), "0.4.8.post1");
  EXPECT_EQ(to_string(v("0.9.0.1")), "0.9.0.1");
  EXPECT_EQ(to_string(v("0.30.1rc1.dev48+g385dce36b")), "0.30.1rc1.dev48");
  EXPECT_EQ(to_string(v("0.9.2+cu126")), "0.9.2");
  EXPECT_EQ(to_string(Version{}), "unknown");
}

TEST(Versions, PreReleaseFlag) {
  EXPECT_TRUE(v("0.31.0rc1").pre_release);
  EXPECT_TRUE(v("0.25.1.dev37").pre_release);
  EXPECT_FALSE(v("0.4.8.post1").pre_release);
  EXPECT_TRUE(v("0.4.8.post1.dev2").pre_release);  // pip: a dev release of the post release
  EXPECT_GT(v("0.4.8.post1.dev2"), v("0.4.8"));
  EXPECT_FALSE(v("0.9.2+cu126").pre_release);
}

TEST(Versions, BadInputIsAnErrorNamingTheValue) {
  for (std::string_view bad : {"", "banana", "v", "1", "0.", ".25.1", "0.25.1.2.3", "0.25.1+", "0.25.1+a..b",
                               "0.25.1-cu126", "0.25.1 ", "1!0.25.1", "0.70000.0", "latest", "auto", "0.25.1rc1junk"}) {
    auto r = parse_version(bad);
    EXPECT_FALSE(r.ok()) << "'" << bad << "' parsed";
    if (!r.ok() && !bad.empty()) {
      EXPECT_NE(r.error().message.find("bad engine version"), std::string::npos);
    }
  }
}

TEST(Versions, TriviallyCopyable) {
  // check() copies Requests (and their Version) on the allocation-free path.
  static_assert(std::is_trivially_copyable_v<Version>);
  EXPECT_LE(sizeof(Version), 24u);
}

// ---- the release tables -----------------------------------------------------------------------

TEST(Releases, TablesParseInOrderWithSources) {
  for (Engine e : {Engine::vllm, Engine::sglang, Engine::trtllm, Engine::lmdeploy, Engine::llamacpp}) {
    const auto rows = releases(e);
    const auto versions = release_versions(e);
    ASSERT_EQ(rows.size(), versions.size());
    ASSERT_FALSE(rows.empty());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_TRUE(versions[i].known) << rows[i].version;
      EXPECT_FALSE(rows[i].source.empty()) << rows[i].version;
      EXPECT_EQ(rows[i].engine, e);
      if (!rows[i].date.empty()) {
        EXPECT_EQ(rows[i].date.size(), 10u) << rows[i].version;  // YYYY-MM-DD
      }
      if (i > 0) {
        EXPECT_LT(versions[i - 1], versions[i]) << rows[i].version;
      }
    }
  }
  EXPECT_EQ(releases(Engine::vllm).front().version, "0.6.0");   // every vLLM release from v0.6 on
  EXPECT_EQ(releases(Engine::sglang).front().version, "0.4.8");  // every SGLang release from v0.4.8 on
  EXPECT_EQ(to_string(newest_version(Engine::vllm)), "0.31.0");
  // llama.cpp's releases are builds: every row is one (b6325), and they order by number.
  for (const Version& b : release_versions(Engine::llamacpp)) EXPECT_TRUE(b.build) << to_string(b);
  EXPECT_EQ(newest_release(Engine::llamacpp)->version, "b11206");
}

TEST(Releases, IssueDatesAreInTheTable) {
  // The release dates issue 11 gives (CEO), each confirmed by a dated record cited in the row.
  const std::pair<const char*, const char*> dates[] = {
      {"0.24.0", "2026-06-29"}, {"0.25.0", "2026-07-11"}, {"0.25.1", "2026-07-14"}, {"0.26.0", "2026-07-27"},
      {"0.27.0", "2026-08-10"}, {"0.28.0", "2026-08-26"}, {"0.29.0", "2026-09-09"}, {"0.30.0", "2026-09-22"},
      {"0.31.0", "2026-10-05"}};
  for (const auto& [ver, date] : dates) {
    const Release* r = find_release(Engine::vllm, v(ver));
    ASSERT_NE(r, nullptr) << ver;
    EXPECT_EQ(r->date, date) << ver;
  }
  EXPECT_NE(find_release(Engine::vllm, v("v0.25.1+cu126")), nullptr);
  EXPECT_EQ(find_release(Engine::vllm, v("0.25.7")), nullptr);
}

// Every version a row names is a release of the table (a typo would silently move a range).
TEST(Releases, EveryVersionFieldNamesAKnownRelease) {
  auto known = [](Engine e, std::string_view text) {
    if (text.empty()) return true;
    auto p = parse_version(text);
    return p.ok() && find_release(e, *p) != nullptr;
  };
  auto each_word = [](std::string_view list, auto&& f) { detail::for_each_word(list, f); };
  for (Engine e : {Engine::vllm, Engine::sglang, Engine::llamacpp}) {
    for (const CacheDtype& c : cache_dtypes(e))
      for (std::string_view t : {c.introduced_in, c.absent_in, c.removed_in}) EXPECT_TRUE(known(e, t)) << c.name << " " << t;
    for (const Backend& b : backends(e)) {
      for (std::string_view t : {b.introduced_in, b.absent_in, b.removed_in, b.min_cc_changed_in})
        EXPECT_TRUE(known(e, t)) << b.name << " " << t;
      each_word(b.kv_cache_dtypes_since, [&](std::string_view w) {
        std::string_view rest = w.substr(w.find(':') + 1);
        const std::size_t dots = rest.find("..");
        if (dots != std::string_view::npos) {
          EXPECT_TRUE(known(e, rest.substr(0, dots))) << b.name << " " << w;
          rest = rest.substr(dots + 2);
        }
        EXPECT_TRUE(known(e, rest)) << b.name << " " << w;
      });
    }
    for (const SelectionOrder& s : selection_orders(e))
      for (std::string_view t : {s.introduced_in, s.removed_in}) EXPECT_TRUE(known(e, t)) << s.order << " " << t;
    for (const Constraint& c : constraints(e)) {
      for (std::string_view t : {c.introduced_in, c.fixed_in, c.removed_in}) EXPECT_TRUE(known(e, t)) << c.fix_pr << " " << t;
      each_word(c.affected_in, [&](std::string_view w) { EXPECT_TRUE(known(e, w)) << c.fix_pr << " " << w; });
    }
  }
  // And the index compiled them without a problem.
  for (const std::string& p : detail::table_problems()) ADD_FAILURE() << p;
}

// ---- sweep: every known release against every version-scoped row -----------------------------

enum class Expect { none, warning, error };

std::string_view expect_name(Expect e) { return e == Expect::none ? "none" : e == Expect::warning ? "warning" : "error"; }

Expect severity_of(const Report& r, std::string_view code, const Constraint* row = nullptr) {
  Expect out = Expect::none;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.rule->code != code || (row != nullptr && d.evidence.constraint != row)) continue;
    const Expect e = d.severity == Severity::error ? Expect::error : d.severity == Severity::warning ? Expect::warning : Expect::none;
    if (e > out) out = e;
  }
  return out;
}

Request base(Engine e, std::string_view gpu, std::string_view kv, std::string_view attention) {
  RequestInput in;
  in.engine = std::string(engine_info(e).name);
  in.gpu = std::string(gpu);
  in.kv_cache_dtype = std::string(kv);
  in.attention = std::string(attention);
  auto r = make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

// What a release has of a row with this range, from the row's own words.
Expect expected_presence(std::string_view introduced, std::string_view absent, std::string_view removed, const Version& at) {
  if (!removed.empty() && !(at < v(removed))) return Expect::error;
  if (introduced.empty() || !(at < v(introduced))) return Expect::none;
  if (!absent.empty() && v(absent) < at) return Expect::warning;
  return Expect::error;
}

TEST(ReleaseSweep, EveryKvStringInEveryRelease) {
  int scoped = 0;
  for (Engine e : {Engine::vllm, Engine::sglang}) {
    for (const CacheDtype& c : cache_dtypes(e)) {
      if (c.introduced_in.empty() && c.removed_in.empty()) continue;
      if (c.internal) continue;
      ++scoped;
      for (const Version& at : release_versions(e)) {
        Request r = base(e, "H100", c.name, "");
        r.engine_version = at;
        const Expect want = expected_presence(c.introduced_in, c.absent_in, c.removed_in, at);
        EXPECT_EQ(expect_name(severity_of(check(r), "KVD005")), expect_name(want)) << c.name << " in " << to_string(at);
      }
      // No version given: the newest known release, which has every current string.
      EXPECT_EQ(severity_of(check(base(e, "H100", c.name, "")), "KVD005"), Expect::none) << c.name;
    }
  }
  EXPECT_GE(scoped, 6);  // TurboQuant (4), nvfp4, fp8_ds_mla at least
}

TEST(ReleaseSweep, EveryBackendInEveryRelease) {
  int scoped = 0;
  for (Engine e : {Engine::vllm, Engine::sglang}) {
    for (const Backend& b : backends(e)) {
      if (b.introduced_in.empty() && b.removed_in.empty()) continue;
      ++scoped;
      for (const Version& at : release_versions(e)) {
        Request r = base(e, "H100", "auto", "");
        r.backend = &b;
        r.engine_version = at;
        const Expect want = expected_presence(b.introduced_in, b.absent_in, b.removed_in, at);
        EXPECT_EQ(expect_name(severity_of(check(r), "KVD006")), expect_name(want)) << b.name << " in " << to_string(at);
      }
    }
  }
  EXPECT_GE(scoped, 5);  // TURBOQUANT, FLASH_ATTN_MLA, FLASHMLA_SPARSE, the two newest sparse-MLA backends
}

// A known bug's verdict in every release, from hand-written expectations (issue 11's list).
struct BugCase {
  const char* engine;
  const char* fix_pr;
  test::Args args;
  std::vector<const char*> errors;    // releases that carry it (error, or the rule's warning)
  const char* fixed_from;             // first release without a diagnostic ("" none)
  const char* clean_before;           // releases before this one have no diagnostic ("" none)
};

void sweep(const BugCase& bc) {
  const Engine e = *parse_engine(bc.engine);
  const Constraint* row = nullptr;
  for (const Constraint& c : constraints(e))
    if (c.fix_pr == bc.fix_pr) row = &c;
  ASSERT_NE(row, nullptr) << bc.fix_pr;
  const Severity own = find_rule(row->rule)->severity;
  const auto rows = releases(e);
  const auto versions = release_versions(e);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    RequestInput in;
    in.engine = bc.engine;
    for (const auto& [k, val] : bc.args) in.set(k, val);
    in.engine_version = std::string(rows[i].version);
    auto req = make_request(in);
    ASSERT_TRUE(req.ok()) << req.error().message;
    const Report rep = check(*req);
    const Diagnostic* found = nullptr;
    for (const Diagnostic& d : rep.diagnostics)
      if (d.evidence.constraint == row) found = &d;
    bool listed = false;
    for (const char* a : bc.errors) listed = listed || rows[i].version == a;
    const bool fixed = *bc.fixed_from && !(versions[i] < v(bc.fixed_from));
    const bool clean = *bc.clean_before && versions[i] < v(bc.clean_before);
    SCOPED_TRACE(std::string(bc.fix_pr) + " in " + std::string(rows[i].version));
    if (listed) {
      ASSERT_NE(found, nullptr);
      EXPECT_EQ(found->severity, own);
      EXPECT_EQ(found->evidence.number, 1u);  // "carries this bug"
      EXPECT_NE(message(*found, rep).find("carries this bug"), std::string::npos);
    } else if (fixed || clean) {
      EXPECT_EQ(found, nullptr);
      if (fixed) {
        bool in_fixed = false;
        for (const Constraint* c : rep.fixed_bugs) in_fixed = in_fixed || c == row;
        EXPECT_TRUE(in_fixed) << "a fixed bug is listed for --verbose";
      }
    } else {
      ASSERT_NE(found, nullptr);
      EXPECT_EQ(found->severity, Severity::warning);
      EXPECT_EQ(found->evidence.number, 0u);
    }
  }
  // No version: a warning that names the fix (and its release when known).
  RequestInput in;
  in.engine = bc.engine;
  for (const auto& [k, val] : bc.args) in.set(k, val);
  const Report rep = check(*make_request(in));
  const Diagnostic* found = nullptr;
  for (const Diagnostic& d : rep.diagnostics)
    if (d.evidence.constraint == row) found = &d;
  ASSERT_NE(found, nullptr) << bc.fix_pr << " without a version";
  EXPECT_EQ(found->severity, Severity::warning);
  const std::string m = message(*found, rep);
  EXPECT_NE(m.find(bc.fix_pr), std::string::npos) << m;
  if (*bc.fixed_from) {
    EXPECT_NE(m.find(bc.fixed_from), std::string::npos) << m;
  }
}

std::vector<const char*> between(Engine e, const char* first, const char* last) {
  std::vector<const char*> out;
  const auto rows = releases(e);
  const auto versions = release_versions(e);
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (!(versions[i] < v(first)) && !(v(last) < versions[i])) out.push_back(rows[i].version.data());
  return out;
}

TEST(ReleaseSweep, Vllm39988TurboQuantBf16BelowSm89) {
  // The founding case: an error with 0.25.1, nothing with 0.27.0 (or 0.26.0), a warning naming 0.26.0 without a version.
  sweep({"vllm", "vllm-project/vllm#39988", {{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "turboquant_k8v4"}},
         between(Engine::vllm, "0.20.0", "0.25.1"), "0.26.0", "0.20.0"});
}

TEST(ReleaseSweep, Vllm50533TurboQuantAutoRegression) {
  sweep({"vllm", "vllm-project/vllm#50533", {{"gpu", "A100"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "turboquant_k8v4"}},
         {"0.25.0", "0.25.1", "0.26.0"}, "0.27.0", "0.25.0"});
}

TEST(ReleaseSweep, Vllm47276AiterMlaDpFp8) {
  sweep({"vllm", "vllm-project/vllm#47276",
         {{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8"},
          {"backend", "ROCM_AITER_MLA"}, {"data-parallel-size", "8"}},
         {"0.23.0", "0.24.0"}, "0.25.0", ""});
}

TEST(ReleaseSweep, Vllm35850AiterMlaFewHeads) {
  sweep({"vllm", "vllm-project/vllm#35850",
         {{"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8"},
          {"backend", "ROCM_AITER_MLA"}, {"num-heads", "64"}, {"tensor-parallel-size", "8"}},
         {"0.16.0"}, "0.18.0", ""});
}

TEST(ReleaseSweep, Vllm55222SparseSm90Uint8Plan) {
  // The backend arrives in v0.30.0 (v0.29.0 not established): before that KVD006, not the bug.
  sweep({"vllm", "vllm-project/vllm#55222",
         {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"head-size", "576"},
          {"kv-cache-dtype", "fp8"}, {"backend", "FLASHINFER_MLA_SPARSE_SM90"}},
         {"0.30.0"}, "", "0.29.0"});
}

TEST(ReleaseSweep, Sglang7148Fa3MlaFp8) {
  sweep({"sglang", "sgl-project/sglang#7148",
         {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "fa3"}},
         {}, "0.4.8.post1", ""});
}

TEST(ReleaseSweep, Sglang27972Dsv4FnuzPool) {
  sweep({"sglang", "sgl-project/sglang#27972",
         {{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "dsv4"}},
         {"0.5.13"}, "0.5.14", ""});
}

TEST(ReleaseSweep, Sglang28455Dsv4FnuzNumbers) {
  sweep({"sglang", "sgl-project/sglang#28455",
         {{"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "dsv4"}},
         {"0.5.13", "0.5.13.post1", "0.5.14"}, "0.5.15", ""});  // the patch between two broken releases too
}

TEST(ReleaseSweep, FlashInferFloorFollowsTheRelease) {
  for (const Version& at : release_versions(Engine::vllm)) {
    Request r = base(Engine::vllm, "sm_75", "auto", "gqa");
    r.backend = find_backend(Engine::vllm, "FLASHINFER");
    r.engine_version = at;
    const bool refused = severity_of(check(r), "KVD014") == Expect::error;
    EXPECT_EQ(refused, !(at < v("0.24.0"))) << to_string(at);
  }
}

TEST(ReleaseSweep, FlashMlaFp8FollowsTheRelease) {
  for (const Version& at : release_versions(Engine::vllm)) {
    Request r = base(Engine::vllm, "H100", "fp8", "mla");
    r.backend = find_backend(Engine::vllm, "FLASHMLA");
    r.engine_version = at;
    const Expect want = !(v("0.10.0") < at) ? Expect::error : at < v("0.11.1") ? Expect::warning : Expect::none;
    EXPECT_EQ(expect_name(severity_of(check(r), "KVD008")), expect_name(want)) << to_string(at);
  }
}

TEST(ReleaseSweep, CheckStaysAllocationFreeWithVersions) {
  std::vector<Request> requests;
  for (const char* ver : {"0.25.1", "0.19.1", "0.25.7", "0.31.0rc1", "0.10.2", ""}) {
    RequestInput in;
    in.gpu = "A100";
    in.model_dtype = "bfloat16";
    in.kv_cache_dtype = "turboquant_k8v4";
    in.engine_version = ver;
    requests.push_back(*make_request(in));
    in.gpu = "H100";
    in.kv_cache_dtype = "fp8";
    in.attention = "mla";
    in.backend = "FLASHMLA";
    requests.push_back(*make_request(in));
  }
  long fired = 0;
  for (const Request& r : requests) fired += static_cast<long>(check(r).diagnostics.size());  // warm (first-use tables)
  const long before = g_allocations.load();
  for (int round = 0; round < 3; ++round)
    for (const Request& r : requests) fired += static_cast<long>(check(r).diagnostics.size());
  EXPECT_EQ(g_allocations.load() - before, 0) << "check() allocated";
  EXPECT_GT(fired, 0);
  // The in-place form (check(Report&), what the pipeline's judge calls) allocates nothing either,
  // on one report judged again and again for different requests.
  Report in_place;
  const long before_in_place = g_allocations.load();
  for (int round = 0; round < 3; ++round)
    for (const Request& r : requests) {
      in_place.request = r;
      check(in_place);
      fired += static_cast<long>(in_place.diagnostics.size());
    }
  EXPECT_EQ(g_allocations.load() - before_in_place, 0) << "check(Report&) allocated";
}

// check(Report&) gives what check(const Request&) gives, on a report reused across requests (its
// previous plan, diagnostics and fixed bugs must not leak into the next answer).
TEST(ReleaseSweep, CheckInPlaceAgreesWithCheck) {
  std::vector<Request> requests;
  for (const char* ver : {"0.25.1", "0.19.1", "0.10.2", ""}) {
    RequestInput in;
    in.gpu = "A100";
    in.model_dtype = "bfloat16";
    in.kv_cache_dtype = "turboquant_k8v4";
    in.engine_version = ver;
    {
      auto q = make_request(in);
      ASSERT_TRUE(q.ok()) << q.error().message;
      requests.push_back(*q);
    }
    in.gpu = "H100";
    in.kv_cache_dtype = "fp8";
    in.attention = "sparse-mla";
    in.head_size = "512";
    in.backend = "FLASHINFER_MLA_SPARSE_SM90";
    in.kv_dtype = "uint8";
    {
      auto q = make_request(in);
      ASSERT_TRUE(q.ok()) << q.error().message;
      requests.push_back(*q);
    }
    in = RequestInput{};
    in.engine = "llamacpp";
    in.gpu = "H100";
    in.kv_cache_dtype = "q4_0";
    {
      auto q = make_request(in);
      ASSERT_TRUE(q.ok()) << q.error().message;
      requests.push_back(*q);
    }
  }
  Report reused;
  std::size_t compared = 0;
  for (const Request& r : requests) {
    const Report want = check(r);
    reused.request = r;
    check(reused);
    ASSERT_EQ(reused.diagnostics.size(), want.diagnostics.size());
    for (std::size_t i = 0; i < want.diagnostics.size(); ++i) {
      EXPECT_EQ(reused.diagnostics[i].rule, want.diagnostics[i].rule);
      EXPECT_EQ(reused.diagnostics[i].severity, want.diagnostics[i].severity);
      EXPECT_EQ(message(reused.diagnostics[i], reused), message(want.diagnostics[i], want));
      EXPECT_EQ(fix(reused.diagnostics[i], reused), fix(want.diagnostics[i], want));
      ++compared;
    }
    EXPECT_EQ(reused.plan.backend, want.plan.backend);
    EXPECT_EQ(reused.plan.cache_dtype, want.plan.cache_dtype);
    EXPECT_EQ(reused.plan.k.format, want.plan.k.format);
    EXPECT_EQ(reused.plan.q, want.plan.q);
    EXPECT_EQ(reused.plan.bytes_per_token_per_layer, want.plan.bytes_per_token_per_layer);
    EXPECT_EQ(reused.plan.skipped.size(), want.plan.skipped.size());
    ASSERT_EQ(reused.fixed_bugs.size(), want.fixed_bugs.size());
    for (std::size_t i = 0; i < want.fixed_bugs.size(); ++i) EXPECT_EQ(reused.fixed_bugs[i], want.fixed_bugs[i]);
    EXPECT_EQ(reused.verdict(), want.verdict());
  }
  EXPECT_GT(compared, 0u);
}

TEST(ReleaseSweep, LatestIsTheNewestRelease) {
  RequestInput in;
  in.engine_version = "latest";
  auto r = make_request(in);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->engine_version, newest_version(Engine::vllm));
  in.engine_version = "auto";
  EXPECT_FALSE(make_request(in).ok());  // the io layer resolves auto first
  in.engine = "llamacpp";
  in.engine_version = "latest";
  r = make_request(in);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(to_string(r->engine_version), "b11206");  // the newest build of its table
}

}  // namespace
