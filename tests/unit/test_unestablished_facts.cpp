// An unknown fact is never a silent yes (issue 25 item 3): a release whose kv-cache facts are
// not established (Release::content_unknown), any version after the newest established one, and
// a backend whose coverage of the asked kv string is not established make the result incomplete
// (KVD080 naming the fact); a check without a version assumes the newest established release.
#include <gtest/gtest.h>

#include <string>

#include "core/index.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/release.hpp"
#include "report_helpers.hpp"
#include "tables/rows/release.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::run_engine;

// The KVD080 finding naming `fact` (a substring of its detail), or nullptr.
const Diagnostic* skipped(const Report& r, std::string_view fact) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule->code == "KVD080" && d.evidence.detail.find(fact) != std::string_view::npos) return &d;
  return nullptr;
}

Version v(Engine e, const char* text) {
  auto parsed = parse_version(e, text);
  EXPECT_TRUE(parsed.ok()) << text;
  return parsed.ok() ? *parsed : Version{};
}

TEST(UnestablishedFacts, EveryEngineListsItsNewerReleasesButAssumesTheNewestEstablished) {
  struct Case { Engine engine; const char* listed; const char* assumed; };
  for (const Case c : {Case{Engine::vllm, "0.33.0", "0.31.0"}, Case{Engine::sglang, "0.5.23", "0.5.20"},
                       Case{Engine::llamacpp, "b11491", "b11206"}, Case{Engine::lmdeploy, "0.18.0", "0.17.0"}}) {
    const Release* listed = newest_listed_release(c.engine);
    const Release* assumed = newest_release(c.engine);
    ASSERT_NE(listed, nullptr);
    ASSERT_NE(assumed, nullptr);
    EXPECT_EQ(listed->version, c.listed);
    EXPECT_FALSE(listed->content_unknown.empty()) << c.listed;
    EXPECT_EQ(assumed->version, c.assumed);
    EXPECT_TRUE(assumed->content_unknown.empty());
    EXPECT_EQ(newest_version(c.engine), v(c.engine, c.assumed));
  }
}

TEST(UnestablishedFacts, AReleaseWhoseContentIsNotEstablishedIsIncompleteNamingIt) {
  const Report r = run_engine("vllm", {{"engine_version", "0.33.0"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                       {"attention", "gqa"}, {"kv_cache_dtype", "fp8"}});
  const Diagnostic* d = skipped(r, "of vLLM 0.33.0");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, Severity::warning);
  EXPECT_EQ(r.verdict(), Verdict::incomplete);
  // Listed: not "a version kvdtype does not know".
  EXPECT_FALSE(r.fired("KVD007"));
}

TEST(UnestablishedFacts, AVersionAfterTheNewestEstablishedReleaseIsIncompleteToo) {
  const Report r = run_engine("vllm", {{"engine_version", "0.40.2"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                       {"attention", "gqa"}, {"kv_cache_dtype", "fp8"}});
  EXPECT_NE(skipped(r, "newer than every release whose content kvdtype knows"), nullptr);
  EXPECT_TRUE(r.fired("KVD007"));  // and it is not a listed release
  EXPECT_EQ(r.verdict(), Verdict::incomplete);
  // A patch release between established ones is judged by its place, as before.
  const Report between = run_engine("vllm", {{"engine_version", "0.25.7"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                             {"attention", "gqa"}, {"kv_cache_dtype", "fp8"}});
  EXPECT_EQ(skipped(between, "content"), nullptr);
  EXPECT_EQ(between.verdict(), Verdict::ok);
}

TEST(UnestablishedFacts, NoVersionAssumesTheNewestEstablishedReleaseAndStaysComplete) {
  const Report r = run_engine("vllm", {{"gpu", "H100"}, {"model_dtype", "bfloat16"}, {"attention", "gqa"},
                                       {"kv_cache_dtype", "fp8"}});
  EXPECT_EQ(skipped(r, "content"), nullptr);
  EXPECT_EQ(r.verdict(), Verdict::ok);
  // The note says which release is assumed and that newer ones are listed without content.
  bool said = false;
  for (const std::string& n : io::engine_release_notes(r, false))
    said = said || (n.find("vLLM 0.31.0") != std::string::npos && n.find("up to 0.33.0") != std::string::npos);
  EXPECT_TRUE(said);
  // llama.cpp and SGLang the same way (their defaults are not incomplete for everyone).
  const Report llama = run_engine("llamacpp", {{"gpu", "H100"}, {"model_dtype", "float16"}, {"kv_cache_dtype", "q8_0"},
                                               {"attention", "gqa"}, {"flash_attention", "on"}});
  EXPECT_EQ(skipped(llama, "content"), nullptr);
  EXPECT_NE(llama.verdict(), Verdict::incomplete);
  EXPECT_EQ(skipped(run_engine("sglang", {{"gpu", "H100"}, {"model_dtype", "bfloat16"}, {"attention", "gqa"},
                                          {"kv_cache_dtype", "fp8_e4m3"}}),
                    "content"),
            nullptr);
}

TEST(UnestablishedFacts, EachEnginesNewerReleasesAreIncomplete) {
  EXPECT_NE(skipped(run_engine("sglang", {{"engine_version", "0.5.22"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                          {"attention", "gqa"}, {"kv_cache_dtype", "fp8_e4m3"}}),
                    "of SGLang 0.5.22"),
            nullptr);
  EXPECT_NE(skipped(run_engine("llamacpp", {{"engine_version", "b11459"}, {"gpu", "H100"}, {"model_dtype", "float16"},
                                            {"attention", "gqa"}, {"kv_cache_dtype", "q8_0"}, {"flash_attention", "on"}}),
                    "of llama.cpp b11459"),
            nullptr);
  EXPECT_NE(skipped(run_engine("lmdeploy", {{"engine_version", "0.18.0"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                            {"attention", "gqa"}, {"kv_cache_dtype", "8"}}),
                    "of LMDeploy 0.18.0"),
            nullptr);
}

TEST(UnestablishedFacts, ABackendWhoseCoverageIsNotEstablishedIsIncompleteNotRefused) {
  // MINIMAX_M3_SPARSE lists no "auto": whether it takes one is not established.
  const Report r = run_engine("vllm", {{"engine_version", "0.31.0"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                       {"attention", "gqa"}, {"kv_cache_dtype", "auto"},
                                       {"backend", "MINIMAX_M3_SPARSE"}});
  const Diagnostic* d = skipped(r, "MINIMAX_M3_SPARSE takes an auto kv cache");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->evidence.backend, r.plan.backend);
  EXPECT_FALSE(r.fired("KVD010"));
  EXPECT_EQ(r.verdict(), Verdict::incomplete);
  // A string its list names is judged as usual: complete.
  const Report listed = run_engine("vllm", {{"engine_version", "0.31.0"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                            {"attention", "gqa"}, {"kv_cache_dtype", "bfloat16"},
                                            {"backend", "MINIMAX_M3_SPARSE"}});
  EXPECT_EQ(skipped(listed, "MINIMAX_M3_SPARSE"), nullptr);
  EXPECT_EQ(listed.verdict(), Verdict::ok);
  // A string outside both lists is refused as before.
  const Report refused = run_engine("vllm", {{"engine_version", "0.31.0"}, {"gpu", "H100"}, {"model_dtype", "bfloat16"},
                                             {"attention", "gqa"}, {"kv_cache_dtype", "nvfp4"},
                                             {"backend", "MINIMAX_M3_SPARSE"}});
  EXPECT_TRUE(refused.fired("KVD010"));
}

TEST(UnestablishedFacts, TheIndexRefusesUnknownCoverageWithoutTheFactToName) {
  static constexpr CacheDtype kVocabulary[] = {{.engine = Engine::vllm, .name = "auto"}};
  static constexpr Backend kBackends[] = {
      {.engine = Engine::vllm, .name = "X", .kv_cache_dtypes = "", .kv_cache_dtypes_unknown = "*"}};
  std::vector<std::string> problems;
  const auto ix = detail::build_engine_index(Engine::vllm, kVocabulary, kBackends, {}, {}, problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("coverage_unknown"), std::string::npos);
  EXPECT_TRUE(ix.compiled_backends[0].kv_unknown.any());
}

}  // namespace
