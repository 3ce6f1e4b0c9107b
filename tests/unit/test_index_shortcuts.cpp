// The index's shortcuts (docs/performance.md, fifth round) against the slow answers they replace:
// release keys against Version::compare, the releases' positions against affected_at(), the
// selection rows kept per platform and attention kind against a scan of every row, the KVD206
// rows against the rule of every row, the sets that leave constraint rows out of a check against
// matches() on every row. Each runs over every engine's real tables.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/resolve_internal.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/release.hpp"
#include "kvdtype/rule.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype {
namespace {

Version v(std::string_view text) {
  auto r = parse_version(text);
  EXPECT_TRUE(r.ok()) << text;
  return r.ok() ? *r : Version{};
}

// PEP 440's orderings the key must keep (dev of a final before its pre-releases, post after
// the final, a dev of a post between them), beside every engine's real releases.
std::vector<Version> versions_to_order() {
  std::vector<Version> out;
  for (const char* t : {"1.0.dev1", "1.0a1", "1.0a2.dev3", "1.0a2", "1.0b1", "1.0rc1", "1.0rc1.post1", "1.0",
                        "1.0.post1.dev2", "1.0.post1", "1.0.post2", "1.0.1", "1.0.0.1", "0.9.2", "2.0", "0.25.1"})
    out.push_back(v(t));
  for (const EngineInfo& e : engines())
    for (const Version& r : release_versions(e.id)) out.push_back(r);
  return out;
}

TEST(IndexShortcuts, ReleaseKeysOrderAsVersionsDo) {
  const std::vector<Version> all = versions_to_order();
  for (const Version& a : all)
    for (const Version& b : all) {
      if (!a.known || !b.known || a.build != b.build) continue;
      const detail::ReleaseKey ka = detail::release_key(a), kb = detail::release_key(b);
      ASSERT_EQ(ka < kb, a < b) << to_string(a) << " vs " << to_string(b);
      ASSERT_EQ(!(ka < kb) && !(kb < ka), a == b) << to_string(a) << " vs " << to_string(b);
    }
}

TEST(IndexShortcuts, ReleaseSlotAgreesWithAScanOfTheTable) {
  for (const EngineInfo& e : engines()) {
    const detail::EngineIndex& ix = detail::engine_index(e.id);
    const auto releases = release_versions(e.id);
    if (releases.empty()) continue;
    EXPECT_FALSE(ix.release_keys.empty()) << e.name << ": an ordered table of one scheme has keys";
    std::vector<Version> probes(releases.begin(), releases.end());
    for (const char* t : {"0.0.1", "0.25.1.7", "99.0", "0.9.2rc1", "b1", "b6325", "b65535"}) probes.push_back(v(t));
    for (const Version& p : probes) {
      int scan = -1;
      for (std::size_t i = 0; i < releases.size() && scan < 0; ++i)
        if (releases[i] == p) scan = static_cast<int>(i);
      EXPECT_EQ(detail::release_slot(ix, p), scan) << e.name << " " << to_string(p);
    }
  }
}

TEST(IndexShortcuts, PerReleaseVerdictsAgreeWithAffectedAt) {
  std::size_t bounded = 0;
  for (const EngineInfo& e : engines()) {
    const detail::EngineIndex& ix = detail::engine_index(e.id);
    const auto releases = release_versions(e.id);
    for (const detail::CompiledConstraint& c : ix.constraints) {
      ASSERT_EQ(c.by_release.size(), releases.size()) << e.name << " " << c.row->rule;
      bounded += c.bug || c.introduced.known || c.removed.known;
      for (std::size_t i = 0; i < releases.size(); ++i)
        ASSERT_EQ(c.by_release[i], static_cast<std::uint8_t>(detail::affected_at(c, releases[i])))
            << e.name << " " << c.row->rule << " " << c.row->detail << " at " << to_string(releases[i]);
    }
  }
  EXPECT_GT(bounded, 50u) << "the comparison covers the rows with release bounds and the known bugs";
}

TEST(IndexShortcuts, SelectionRowsPerKindAreTheRowsThatCoverIt) {
  for (const EngineInfo& e : engines()) {
    const detail::EngineIndex& ix = detail::engine_index(e.id);
    for (std::size_t p = 0; p < 8; ++p)
      for (std::size_t a = 1; a < detail::EngineIndex::kAttentionKinds; ++a) {
        std::vector<std::uint16_t> scan;
        for (std::size_t i = 0; i < ix.selection.size(); ++i) {
          const detail::CompiledSelection& s = ix.selection[i];
          if ((s.platform & detail::platform_bit(static_cast<Platform>(p))) &&
              (s.attention == 0 || (s.attention & detail::attention_bit(static_cast<Attention>(a)))))
            scan.push_back(static_cast<std::uint16_t>(i));
        }
        EXPECT_EQ(ix.selection_by_kind[detail::EngineIndex::selection_key(static_cast<Platform>(p), static_cast<Attention>(a))], scan)
            << e.name << " platform " << p << " attention " << a;
      }
  }
}

TEST(IndexShortcuts, SelectionListsAreTheBackendsRowsThatExcludeOrReplaceIt) {
  std::size_t excluding = 0, replacing = 0;
  for (const EngineInfo& e : engines()) {
    const detail::EngineIndex& ix = detail::engine_index(e.id);
    ASSERT_EQ(ix.excluding_by_backend.size(), ix.backends.size()) << e.name;
    ASSERT_EQ(ix.replacing_by_backend.size(), ix.backends.size()) << e.name;
    for (std::size_t b = 0; b < ix.backends.size(); ++b) {
      std::vector<std::uint32_t> exclude, replace;
      for (const std::uint32_t i : ix.by_backend[b]) {
        const detail::CompiledConstraint& c = ix.constraints[i];
        if (c.replace != nullptr) replace.push_back(i);
        if (c.replace == nullptr && c.row->selection && c.rule->severity == Severity::error) exclude.push_back(i);
      }
      EXPECT_EQ(ix.excluding_by_backend[b], exclude) << e.name << " " << ix.backends[b].name;
      EXPECT_EQ(ix.replacing_by_backend[b], replace) << e.name << " " << ix.backends[b].name;
      excluding += exclude.size();
      replacing += replace.size();
    }
  }
  EXPECT_GT(excluding, 0u);
  EXPECT_GT(replacing, 0u) << "SGLang's fa3 with fp8_e5m2 is swapped for triton";
}

TEST(IndexShortcuts, FlashAttentionDefaultRowsAreEveryRowOfKvd206) {
  const Rule* kvd206 = find_rule("KVD206");
  ASSERT_NE(kvd206, nullptr);
  std::size_t rows = 0;
  for (const EngineInfo& e : engines()) {
    const detail::EngineIndex& ix = detail::engine_index(e.id);
    std::vector<std::uint32_t> scan;
    for (std::size_t i = 0; i < ix.constraints.size(); ++i)
      if (ix.constraints[i].rule == kvd206) scan.push_back(static_cast<std::uint32_t>(i));
    EXPECT_EQ(ix.fa_off_rows, scan) << e.name;
    rows += scan.size();
  }
  EXPECT_GT(rows, 0u) << "llama.cpp's builds before -fa auto fire KVD206";
}

// The rows naming no backend that check() visits (for_each_global_row) are those it visited
// before the sets (every row naming no kv string, then every row naming the requested one, in
// table order), in that order, less rows that cannot match the request: over every engine's kv
// strings, on GPUs of four platforms and an unknown one, with every attention kind and none.
TEST(IndexShortcuts, GlobalRowSetsLeaveOutOnlyRowsThatCannotApply) {
  std::size_t requests = 0, left_out = 0, matched = 0;
  for (const EngineInfo& e : engines()) {
    const detail::EngineIndex& ix = detail::engine_index(e.id);
    std::vector<std::uint32_t> any, named;  // the rows naming no backend, as check() judged them before the sets
    for (std::size_t i = 0; i < ix.constraints.size(); ++i)
      if (!ix.constraints[i].when.backends.any()) (ix.constraints[i].when.kv.any() ? named : any).push_back(static_cast<std::uint32_t>(i));
    std::vector<std::string> kvs{""};
    for (const CacheDtype& c : cache_dtypes(e.id)) kvs.emplace_back(c.name);
    for (const std::string& kv : kvs)
      for (const char* gpu : {"H100", "MI300X", "Apple M2 Max", "Arc A770 16GB", ""})
        for (const char* attention : {"", "mha", "gqa", "mqa", "mla", "sparse-mla"})
          // Without the issue-28 inputs and program flags, with two of the inputs, with every flag.
          for (int gives = 0; gives < 3; ++gives) {
            RequestInput in;
            in.engine = std::string(e.name);
            if (!kv.empty()) in.kv_cache_dtype = kv;
            if (*gpu != '\0') in.gpu = std::string(gpu);
            if (*attention != '\0') in.attention = std::string(attention);
            in.model_dtype = std::string("bfloat16");
            in.head_size = std::string("128");
            if (gives == 1) {
              in.model_architecture = "DeepseekV32ForCausalLM";
              in.weight_quantization = "fp8";
            }
            const auto r = make_request(in);
            if (!r.ok()) continue;
            Request req = *r;
            if (gives == 2) req.flags = ~std::uint32_t{0};
            ++requests;
            const detail::Context ctx(req, ix);
            const Plan plan = detail::resolve_in(ctx);
            // Before the sets: every row naming no kv string, then every row naming the requested one.
            std::vector<std::uint32_t> scan = any;
            for (const std::uint32_t i : named)
              if (ctx.requested != nullptr && ix.constraints[i].when.kv.test(detail::vocabulary_index(ix, ctx.requested))) scan.push_back(i);
            std::vector<std::uint32_t> visited;
            detail::for_each_global_row(ctx, plan, [&](const detail::CompiledConstraint& c) {
              visited.push_back(static_cast<std::uint32_t>(&c - ix.constraints.data()));
            });
            // The rows visited are rows of the scan, in its order; a row of the scan left out cannot match.
            std::size_t next = 0;
            for (const std::uint32_t i : scan) {
              const detail::CompiledConstraint& c = ix.constraints[i];
              const bool matches = detail::may_match(ctx, c) && detail::matches(ctx, c, plan);
              matched += matches;
              if (next < visited.size() && visited[next] == i) {
                ++next;
                continue;
              }
              ++left_out;
              EXPECT_FALSE(matches) << e.name << " kv '" << kv << "' gpu '" << gpu << "' attention '" << attention
                                    << "' gives " << gives << ": a row left out matches: " << c.row->rule << " " << c.row->detail;
            }
            EXPECT_EQ(next, visited.size()) << e.name << " kv '" << kv << "': visited rows out of the scan's order";
          }
  }
  EXPECT_GT(requests, 1000u);
  EXPECT_GT(matched, 0u) << "some rows match, so the comparison can fail";
  EXPECT_GT(left_out, 1000u) << "the sets leave rows out (quant families, platforms, attention kinds)";
}

}  // namespace
}  // namespace kvdtype
