// The launch reader's general rules, argued from the engines' parsers (docs/inputs.md "Flags"):
// argparse's abbreviations where the engine's row says its parser takes them, vLLM's dotted keys
// after a short JSON alias, and decode context parallelism in the per-rank capacity.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>

#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/request.hpp"
#include "report_helpers.hpp"
#include "sources/launch/launch_flags.hpp"
#include "sources/shell/shell.hpp"
#include "tables/tables.hpp"

namespace {

using kvdtype::Engine;
using kvdtype::RequestInput;
using kvdtype::io::LaunchCommand;

using kvdtype::test::ignored_has;
// A command that does not parse fails the test (report_helpers.hpp).
constexpr auto parse_ok = kvdtype::test::launch;

// ---------------------------------------------------------------------------------------------
// Abbreviations.

TEST(LaunchAbbreviations, TheRowsSayWhichParsersTakeThem) {
  EXPECT_TRUE(kvdtype::tables::engine_tables(Engine::vllm).behaviour.long_option_prefixes);
  EXPECT_TRUE(kvdtype::tables::engine_tables(Engine::sglang).behaviour.long_option_prefixes);
  // click (trtllm-serve) and llama.cpp's own table match exactly.
  EXPECT_FALSE(kvdtype::tables::engine_tables(Engine::trtllm).behaviour.long_option_prefixes);
  EXPECT_FALSE(kvdtype::tables::engine_tables(Engine::llamacpp).behaviour.long_option_prefixes);
}

TEST(LaunchAbbreviations, AnUnambiguousPrefixIsTheOption) {
  const LaunchCommand c = parse_ok(
      "python -m sglang.launch_server --model-path Qwen/Qwen3-8B --mem-frac 0.8 --speculative-algo EAGLE3 "
      "--kv-cache-dt fp8_e4m3 --context-len=32768");
  EXPECT_EQ(c.input.gpu_memory_utilization, "0.8");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8_e4m3");
  EXPECT_EQ(c.input.kv_term, "--kv-cache-dt");  // messages name the flag as typed
  EXPECT_EQ(c.input.max_model_len, "32768");
  ASSERT_TRUE(c.draft.has_value());  // EAGLE3 read as the algorithm, not as a draft model
  EXPECT_TRUE(c.ignored.empty()) << c.ignored.front();
  EXPECT_TRUE(c.refused_values.empty());
}

TEST(LaunchAbbreviations, VllmTakesThemToo) {
  const LaunchCommand c = parse_ok("vllm serve Qwen/Qwen3-8B --gpu-mem 0.85 --max-model 16k --tensor-parallel 2");
  EXPECT_EQ(c.model, "Qwen/Qwen3-8B");
  EXPECT_EQ(c.input.gpu_memory_utilization, "0.85");
  EXPECT_EQ(c.input.max_model_len, "16000");
  EXPECT_EQ(c.input.tensor_parallel_size, "2");
}

TEST(LaunchAbbreviations, AnAmbiguousPrefixIsRefusedNamingTheOptions) {
  const LaunchCommand c = parse_ok("python -m sglang.launch_server --model-path Qwen/Qwen3-8B --disaggregation- prefill");
  ASSERT_EQ(c.refused_values.size(), 1u);
  const std::string& why = c.refused_values[0].why;
  EXPECT_NE(why.find("ambiguous option: --disaggregation-"), std::string::npos) << why;
  EXPECT_NE(why.find("--disaggregation-mode"), std::string::npos) << why;
  EXPECT_NE(why.find("--disaggregation-transfer-backend"), std::string::npos) << why;
  EXPECT_FALSE(c.input.flags & kvdtype::flag_kv_connector);  // nothing set from it
  EXPECT_TRUE(ignored_has(c, "--disaggregation-"));
}

TEST(LaunchAbbreviations, AnExactNameIsNeverAPrefix) {
  // --model also starts --model-loader-extra-config (the only longer name in vLLM's table), but
  // argparse takes an exact option string before it looks at prefixes, and so does the reader.
  const kvdtype::io::detail::FlagPrefix p = kvdtype::io::detail::find_launch_flag_prefix(Engine::vllm, "--model");
  ASSERT_NE(p.row, nullptr);
  EXPECT_EQ(p.name, "--model-loader-extra-config");
  const LaunchCommand c = parse_ok("vllm serve --model Qwen/Qwen3-8B --tensor-parallel 2");
  EXPECT_EQ(c.model, "Qwen/Qwen3-8B");
  EXPECT_EQ(c.input.tensor_parallel_size, "2");
}

TEST(LaunchAbbreviations, EnginesThatMatchExactlyKeepThePrefixUnknown) {
  const LaunchCommand c = parse_ok("llama-server -m /m/q.gguf --cache-type 4096 -ctk q8_0");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  EXPECT_TRUE(ignored_has(c, "--cache-type"));
  EXPECT_TRUE(c.refused_values.empty());
}

TEST(LaunchAbbreviations, ShortOptionsAreNotAbbreviated) {
  const kvdtype::io::detail::FlagPrefix p = kvdtype::io::detail::find_launch_flag_prefix(Engine::vllm, "-d");
  EXPECT_EQ(p.row, nullptr);
  EXPECT_TRUE(p.matches.empty());
}

// ---------------------------------------------------------------------------------------------
// Dotted keys after a short JSON alias.

TEST(LaunchDottedKeys, ShortJsonAliasesTakeDottedKeys) {
  const LaunchCommand c =
      parse_ok("vllm serve Qwen/Qwen3-8B -sc.method=eagle3 -sc.model RedHatAI/Qwen3-8B-speculator.eagle3 "
               "-sc.num_speculative_tokens 3 -ac.backend=FLASHINFER -cc.cudagraph_mode=FULL");
  EXPECT_EQ(c.input.speculative_method, "eagle3");
  EXPECT_EQ(c.input.num_speculative_tokens, "3");
  EXPECT_EQ(c.draft_model, "RedHatAI/Qwen3-8B-speculator.eagle3");
  EXPECT_EQ(c.input.backend, "FLASHINFER");
  EXPECT_TRUE(c.ignored.empty()) << c.ignored.front();
}

TEST(LaunchDottedKeys, ADotAfterAShortValueFlagIsNotAKey) {
  // -q is --quantization, not JSON: "-q.x" stays a word kvdtype does not know.
  const LaunchCommand c = parse_ok("vllm serve Qwen/Qwen3-8B -q.x fp8");
  EXPECT_TRUE(c.input.weight_quantization.empty());
  EXPECT_TRUE(ignored_has(c, "-q.x"));
}

// ---------------------------------------------------------------------------------------------
// Decode context parallelism.

TEST(LaunchDecodeContextParallel, FlagsFillTheField) {
  EXPECT_EQ(parse_ok("vllm serve deepseek-ai/DeepSeek-V3 -tp 8 -dcp 8").input.decode_context_parallel_size, "8");
  EXPECT_EQ(parse_ok("vllm serve deepseek-ai/DeepSeek-V3 -tp 8 --decode-context-parallel-size=4")
                .input.decode_context_parallel_size,
            "4");
  EXPECT_EQ(parse_ok("sglang serve --model-path moonshotai/Kimi-K2 --tp 8 --dcp-size 8").input.decode_context_parallel_size,
            "8");
}

RequestInput mla_h200(std::string dcp) {
  RequestInput in = kvdtype::test::deepseek_v3_h200("fp8");
  in.decode_context_parallel_size = std::move(dcp);
  return in;
}

std::optional<kvdtype::Capacity> capacity_of(const RequestInput& in) {
  auto r = kvdtype::make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return kvdtype::capacity(kvdtype::check(r.ok() ? *r : kvdtype::Request{}));
}

TEST(LaunchDecodeContextParallel, MlaRanksHoldDcpTimesTheTokens) {
  const auto one = capacity_of(mla_h200(""));
  const auto eight = capacity_of(mla_h200("8"));
  ASSERT_TRUE(one && eight);
  EXPECT_EQ(eight->bytes_per_token, one->bytes_per_token);  // a token's bytes do not change
  EXPECT_EQ(eight->dcp_share, 8u);
  EXPECT_EQ(eight->tokens, one->tokens * 8);
  EXPECT_EQ(eight->auto_tokens, one->auto_tokens * 8);
  EXPECT_DOUBLE_EQ(eight->gain, one->gain);
}

TEST(LaunchDecodeContextParallel, OnlyWhereTheEngineSplitsTheCache) {
  RequestInput gqa = mla_h200("2");
  gqa.attention = "gqa";
  gqa.num_kv_heads = "8";  // 8 heads over 8 ranks: no copy to split (the engine refuses -dcp 2)
  gqa.head_size = "128";
  gqa.kv_lora_rank.clear();
  gqa.qk_rope_head_dim.clear();
  gqa.qk_nope_head_dim.clear();
  const auto refused = capacity_of(gqa);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->dcp_share, 1u);
  gqa.num_kv_heads = "4";  // 4 heads × dcp 2 <= tp 8: each head has two copies to split
  const auto split = capacity_of(gqa);
  ASSERT_TRUE(split);
  EXPECT_EQ(split->dcp_share, 2u);
  RequestInput odd = mla_h200("3");  // 3 does not divide 8
  EXPECT_EQ(capacity_of(odd)->dcp_share, 1u);
  // Engines whose rows do not say their cache is split that way.
  EXPECT_FALSE(kvdtype::tables::engine_tables(Engine::llamacpp).behaviour.dcp_splits_kv_tokens);
  EXPECT_FALSE(kvdtype::tables::engine_tables(Engine::trtllm).behaviour.dcp_splits_kv_tokens);
}

}  // namespace
