// Ollama: its environment read as envconfig reads it (quotes, case, ParseBool's words and the
// "anything else is true" rule), `ollama serve` and the ollama/ollama image located, and the
// release rows that decide whether a quantized OLLAMA_KV_CACHE_TYPE is really the cache.
#include <gtest/gtest.h>

#include <string>

#include "kvdtype/io/launch.hpp"
#include "report_helpers.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::launch;
using kvdtype::test::run_engine;

TEST(OllamaLaunch, ServeWithItsEnvironment) {
  const io::LaunchCommand c = launch("env OLLAMA_KV_CACHE_TYPE=q8_0 OLLAMA_FLASH_ATTENTION=1 /usr/bin/ollama serve");
  EXPECT_EQ(c.engine, Engine::ollama);
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  EXPECT_EQ(c.input.flash_attention, "on");
  EXPECT_TRUE(c.input.refused_rule.empty());
}

TEST(OllamaLaunch, ValuesAreTrimmedUnquotedAndLowerCased) {
  // envconfig.Var strips spaces, then quotes; llm/server.go lower-cases the type.
  const io::LaunchCommand c = launch("OLLAMA_KV_CACHE_TYPE=\"'Q4_0'\" ollama serve");
  EXPECT_EQ(c.input.kv_cache_dtype, "q4_0");
}

TEST(OllamaLaunch, FlashAttentionFollowsParseBoolAndAnyOtherWordIsTrue) {
  for (auto [value, want] : {std::pair{"1", "on"}, {"true", "on"}, {"T", "on"}, {"0", "off"}, {"false", "off"},
                             {"F", "off"}, {"FALSE", "off"}, {"off", "on"}, {"no", "on"}, {"enabled", "on"}}) {
    const io::LaunchCommand c = launch(std::string("OLLAMA_FLASH_ATTENTION=") + value + " ollama serve");
    EXPECT_EQ(c.input.flash_attention, want) << value;
  }
  EXPECT_EQ(launch("ollama serve").input.flash_attention, "");  // unset: the release's default
}

TEST(OllamaLaunch, UnknownTypeIsRefusedAndTheLastAssignmentWins) {
  EXPECT_EQ(launch("OLLAMA_KV_CACHE_TYPE=fp8 ollama serve").input.refused_rule, "KVD260");
  const io::LaunchCommand c = launch("OLLAMA_KV_CACHE_TYPE=fp8 OLLAMA_KV_CACHE_TYPE=q8_0 ollama serve");
  EXPECT_TRUE(c.input.refused_rule.empty());
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
}

TEST(OllamaLaunch, ImageRunsServeAndItsTagIsTheRelease) {
  const io::LaunchCommand c = launch("docker run -d --gpus=all -e OLLAMA_KV_CACHE_TYPE=q4_0 -p 11434:11434 ollama/ollama:0.12.4");
  EXPECT_EQ(c.engine, Engine::ollama);
  EXPECT_EQ(c.input.kv_cache_dtype, "q4_0");
  EXPECT_EQ(c.input.engine_version, "0.12.4");
}

TEST(OllamaLaunch, ClientSubcommandsAreNotServers) {
  auto words = io::split_command("OLLAMA_KV_CACHE_TYPE=q8_0 ollama run llama3.1");
  ASSERT_TRUE(words.ok());
  EXPECT_FALSE(io::parse_launch_command(*words).ok());
}

TEST(OllamaReleases, QuantizedCacheWithoutFlashAttentionIsF16BeforeLlamaServerAndRefusedAfter) {
  const Report old = run_engine("ollama", {{"engine-version", "0.12.4"}, {"gpu", "RTX 4090"}, {"kv-cache-dtype", "q8_0"}});
  EXPECT_TRUE(old.fired("KVD261"));
  EXPECT_EQ(old.verdict(), Verdict::warn);
  const Report on = run_engine("ollama", {{"engine-version", "0.12.4"}, {"gpu", "RTX 4090"}, {"kv-cache-dtype", "q8_0"},
                                          {"flash-attention", "on"}});
  EXPECT_FALSE(on.fired("KVD261"));
  const Report off = run_engine("ollama", {{"gpu", "RTX 4090"}, {"kv-cache-dtype", "q8_0"}, {"flash-attention", "off"}});
  EXPECT_TRUE(off.fired("KVD263"));
  EXPECT_EQ(off.verdict(), Verdict::error);
  // Unset on the newest release: llama-server's auto finds the q8_0 kernels.
  const Report latest = run_engine("ollama", {{"gpu", "RTX 4090"}, {"kv-cache-dtype", "q8_0"}});
  EXPECT_FALSE(latest.fired("KVD261"));
  EXPECT_FALSE(latest.fired("KVD263"));
}

TEST(OllamaReleases, LlamaServerTypesWereDroppedBefore030) {
  const Report old = run_engine("ollama", {{"engine-version", "0.24.0"}, {"gpu", "RTX 4090"}, {"kv-cache-dtype", "q5_1"},
                                           {"flash-attention", "on"}});
  EXPECT_TRUE(old.fired("KVD262"));
  const Report auto_fa = run_engine("ollama", {{"gpu", "RTX 4090"}, {"kv-cache-dtype", "q5_1"}});
  EXPECT_TRUE(auto_fa.fired("KVD264"));
  const Report metal = run_engine("ollama", {{"gpu", "M3 Max"}, {"kv-cache-dtype", "q5_1"}});
  EXPECT_FALSE(metal.fired("KVD264"));
}

}  // namespace
