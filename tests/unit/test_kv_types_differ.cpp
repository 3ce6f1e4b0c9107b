// When::kv_types_differ (K and V cache types not the same) and the llama.cpp row that uses it:
// from PR ggml-org/llama.cpp#25871 an MLA model refuses two different types (KVD213).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "report_helpers.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::launch;

bool fires(const Report& r, std::string_view code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule->code == code) return true;
  return false;
}

Report check_mla_launch(std::string_view version, std::string_view attention, std::string_view text) {
  io::LaunchCommand l = launch(text);
  l.input.gpu = "RTX4090";
  l.input.attention = std::string(attention);
  if (!version.empty()) l.input.engine_version = std::string(version);
  auto r = make_request(l.input);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? check(*r) : Report{};
}

TEST(KvTypesDiffer, KAloneDiffersFromTheDefaultV) {
  // -ctv defaults to f16: -ctk q5_1 alone is a different pair (#26382, b10216).
  const Report r = check_mla_launch("b10216", "mla", "llama-server -m m.gguf -ctk q5_1");
  EXPECT_TRUE(fires(r, "KVD213"));
  EXPECT_EQ(kvdtype::test::severity(r, "KVD213"), Severity::error);
}

TEST(KvTypesDiffer, EqualTypesDoNotDiffer) {
  EXPECT_FALSE(fires(check_mla_launch("b10216", "mla", "llama-server -m m.gguf -ctk q8_0 -ctv q8_0 -fa on"), "KVD213"));
  EXPECT_FALSE(fires(check_mla_launch("b10216", "mla", "llama-server -m m.gguf"), "KVD213"));
  EXPECT_FALSE(fires(check_mla_launch("b10216", "mla", "llama-server -m m.gguf -ctk f16 -ctv f16"), "KVD213"));
}

TEST(KvTypesDiffer, BothGivenAndDifferent) {
  // Quantized K with a quantized V of another type, and an f16 K with a q8_0 V.
  EXPECT_TRUE(fires(check_mla_launch("b10216", "mla", "llama-server -m m.gguf -ctk q8_0 -ctv q5_1 -fa on"), "KVD213"));
  EXPECT_TRUE(fires(check_mla_launch("b10216", "sparse-mla", "llama-server -m m.gguf -ctk f16 -ctv q8_0 -fa on"), "KVD213"));
}

TEST(KvTypesDiffer, OnlyMlaModels) {
  // GQA models keep a real V cache: different types are the ordinary case.
  EXPECT_FALSE(fires(check_mla_launch("b10216", "gqa", "llama-server -m m.gguf -ctk q8_0"), "KVD213"));
  // An unknown attention kind never matches (rules fire on facts).
  EXPECT_FALSE(fires(check_mla_launch("b10216", "", "llama-server -m m.gguf -ctk q8_0"), "KVD213"));
}

TEST(KvTypesDiffer, BoundedByTheOldestBuildReadWithTheCheck) {
  const char* cmd = "llama-server -m m.gguf -ctk q8_0";
  // b9888 predates PR #25871 (opened and merged 2026-07-18); b10154 is the oldest build read with it.
  EXPECT_FALSE(fires(check_mla_launch("b9888", "mla", cmd), "KVD213"));
  EXPECT_TRUE(fires(check_mla_launch("b10154", "mla", cmd), "KVD213"));
  EXPECT_TRUE(fires(check_mla_launch("b11206", "mla", cmd), "KVD213"));
  // No version: the newest known build, which has it.
  EXPECT_TRUE(fires(check_mla_launch("", "mla", cmd), "KVD213"));
}

TEST(KvTypesDiffer, OllamaPassesOneTypeForBoth) {
  // Ollama's llama-server launches carry OLLAMA_KV_CACHE_TYPE as both --cache-type-k and
  // --cache-type-v, so an MLA model never meets the refusal through Ollama.
  io::LaunchCommand l = launch("env OLLAMA_KV_CACHE_TYPE=q8_0 OLLAMA_FLASH_ATTENTION=1 ollama serve");
  l.input.gpu = "RTX4090";
  l.input.attention = "mla";
  auto r = make_request(l.input);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Report report = check(*r);
  ASSERT_NE(report.plan.cache_dtype, nullptr);
  // V follows K (no row of its own) or is the same row: the pair never differs.
  EXPECT_TRUE(report.plan.v_cache_dtype == nullptr || report.plan.v_cache_dtype == report.plan.cache_dtype);
  EXPECT_FALSE(fires(report, "KVD213"));
}

}  // namespace
