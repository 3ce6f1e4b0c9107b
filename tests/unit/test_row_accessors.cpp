// The public accessors of the opaque table rows (Backend, CacheDtype, Constraint) and releases
// return what the rows say. The rows' own structs are internal (src/tables/rows/); the installed
// headers' side of it — that code outside the library cannot see a row's fields — is proven by
// tests/consumer/cpp/main.cpp, which builds against the installed headers alone.
#include <gtest/gtest.h>

#include "kvdtype/kvdtype.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/constraint.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype {
namespace {

TEST(RowAccessors, BackendFactsAreTheRowsFields) {
  for (const EngineInfo& e : engines())
    for (const Backend& b : backends(e.id)) {
      EXPECT_EQ(name(b), b.name);
      EXPECT_EQ(engine_of(b), e.id) << b.name;
      EXPECT_EQ(notes(b), b.notes);
      EXPECT_EQ(source(b), b.source);
      EXPECT_FALSE(source(b).empty()) << b.name << ": every row names its source";
    }
  const Backend* flashmla = find_backend(Engine::vllm, "FLASHMLA");
  ASSERT_NE(flashmla, nullptr);
  EXPECT_EQ(name(*flashmla), "FLASHMLA");
  EXPECT_EQ(engine_of(*flashmla), Engine::vllm);
}

TEST(RowAccessors, CacheDtypeFactsAreTheRowsFields) {
  for (const EngineInfo& e : engines())
    for (const CacheDtype& c : cache_dtypes(e.id)) {
      EXPECT_EQ(name(c), c.name);
      EXPECT_EQ(engine_of(c), e.id) << c.name;
      EXPECT_EQ(quant(c), c.quant) << c.name;
      EXPECT_EQ(deprecated(c), c.deprecated) << c.name;
      EXPECT_EQ(description(c), c.description);
      EXPECT_EQ(source(c), c.source);
    }
  const auto fp8 = parse_cache_dtype(Engine::vllm, "fp8");
  ASSERT_TRUE(fp8.ok());
  EXPECT_EQ(quant(**fp8), KvQuant::fp8_per_tensor);
  const auto q8 = parse_cache_dtype(Engine::llamacpp, "q8_0");
  ASSERT_TRUE(q8.ok());
  EXPECT_EQ(quant(**q8), KvQuant::ggml_block);
  EXPECT_EQ(quant(*find_cache_dtype(Engine::vllm, "auto")), KvQuant::none);
}

TEST(RowAccessors, ConstraintFactsAreTheRowsFields) {
  std::size_t seen = 0;
  for (const EngineInfo& e : engines())
    for (const Constraint& c : constraints(e.id)) {
      EXPECT_EQ(rule_of(c).code, c.rule);
      EXPECT_EQ(summary(c), c.detail);
      EXPECT_EQ(fix_pr(c), c.fix_pr);
      EXPECT_EQ(fixed_in(c), c.fixed_in);
      EXPECT_EQ(source(c), c.source);
      ++seen;
    }
  EXPECT_GT(seen, 0u);
}

TEST(RowAccessors, AFiredConstraintIsReadableThroughTheAccessors) {
  // fp8_inc is the Gaudi plugin's string: a Constraint row of vLLM fires KVD003 on a CUDA target.
  RequestInput in;
  in.set("gpu", "H100");
  in.set("model-dtype", "bfloat16");
  in.set("kv-cache-dtype", "fp8_inc");
  const auto req = make_request(in);
  ASSERT_TRUE(req.ok());
  const Report rep = check(*req);
  const Constraint* fired = nullptr;
  for (const Diagnostic& d : rep.diagnostics)
    if (d.rule->code == "KVD003") fired = d.evidence.constraint;
  ASSERT_NE(fired, nullptr);
  EXPECT_EQ(rule_of(*fired).code, "KVD003");
  EXPECT_NE(summary(*fired).find("Gaudi"), std::string_view::npos);
  EXPECT_NE(source(*fired).find("vllm/config/cache.py"), std::string_view::npos);
  ASSERT_NE(rep.plan.requested, nullptr);
  EXPECT_EQ(name(*rep.plan.requested), "fp8_inc");
}

TEST(RowAccessors, KnownReleasesAreTheReleaseRows) {
  for (const EngineInfo& e : engines()) {
    const auto rows = releases(e.id);
    const auto versions = release_versions(e.id);
    ASSERT_EQ(rows.size(), versions.size()) << e.name;
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_TRUE(is_known_release(e.id, versions[i])) << rows[i].version;
    if (!rows.empty()) {
      EXPECT_EQ(newest_version(e.id), *parse_version(newest_release(e.id)->version));
    }
  }
  EXPECT_TRUE(is_known_release(Engine::vllm, *parse_version("0.11.0")));
  EXPECT_TRUE(is_known_release(Engine::vllm, *parse_version("0.11.0+cu126")));
  EXPECT_FALSE(is_known_release(Engine::vllm, *parse_version("0.11.99")));
  EXPECT_FALSE(is_known_release(Engine::vllm, Version{}));
  EXPECT_TRUE(is_known_release(Engine::llamacpp, *parse_version(Engine::llamacpp, "b6325")));
}

}  // namespace
}  // namespace kvdtype
