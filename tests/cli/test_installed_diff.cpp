// `kvdtype releases --diff-installed PATH`: the tables against an installed engine's own source
// (the snippets of tests/data/installed/), in text and JSON, and its bad input.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "run_cli.hpp"

namespace {

using kvdtype::test::CliResult;
using kvdtype::test::run_cli;

const std::string kSnippets = std::string(KVDTYPE_TEST_DATA_DIR) + "/installed";

TEST(InstalledDiff, TextNamesEachDifferenceWithItsFileAndLine) {
  const CliResult r = run_cli({"releases", "--engine", "sglang", "--diff-installed", kSnippets + "/sglang/v0.5.5_0c006b88"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("kv-cache strings (sglang/srt/server_args.py:2044): -mxfp8 -nvfp4 -fp4_mx_block16"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+intel_xpu"), std::string::npos) << r.out;
}

TEST(InstalledDiff, JsonCarriesTheSameFacts) {
  const CliResult r = run_cli({"releases", "--diff-installed", kSnippets + "/vllm/2025-12-15_87b4d1557", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("kind"), "kvdtype.installed-diff/v1");
  EXPECT_EQ(j.at("engine"), "vllm");
  EXPECT_EQ(j.at("kv_cache_dtypes").at("at"), "vllm/config/cache.py:23");
  EXPECT_TRUE(j.at("kv_cache_dtypes").at("added").empty());
  bool gated = false;
  for (const auto& b : j.at("changed_backends"))
    if (b.at("name") == "FLASH_ATTN") gated = !b.at("gated_by").empty();
  EXPECT_TRUE(gated) << r.out;
}

TEST(InstalledDiff, BadInputIsOneLineAndExitTwo) {
  const CliResult wrong = run_cli({"releases", "--diff-installed", kSnippets + "/llamacpp/b4317"});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("holds none of the vLLM source files"), std::string::npos) << wrong.err;
  const CliResult md = run_cli({"releases", "--diff-installed", kSnippets + "/vllm/2025-12-15_87b4d1557", "--format", "markdown"});
  EXPECT_EQ(md.exit_code, 2);
  EXPECT_NE(md.err.find("--diff-installed writes text or json"), std::string::npos) << md.err;
}

}  // namespace
