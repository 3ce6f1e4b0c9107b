// Issue 28's per-layer plans as a user meets them: the flags, the JSON plan's layer_groups and the
// request echo, the text plan's lines, a hybrid config.json read into groups, a launch command's
// drafter with its own cache string, and bad groups as one-line errors (exit 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace kvdtype::test {
namespace {

using Json = nlohmann::json;

const std::vector<std::string> kHybrid = {"check", "--engine", "vllm", "--gpu", "H100", "--model-dtype", "bfloat16",
                                          "--attention", "gqa", "--head-size", "256", "--num-kv-heads", "2",
                                          "--kv-cache-dtype", "fp8", "--layer-groups", "full:12,linear:36"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(LayerPlans, JsonPlanHasOneEntryPerGroupAndTheSum) {
  const CliResult r = run_cli(with(kHybrid, {"--format", "json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j["verdict"], "warn");
  const Json& groups = j["plan"]["layer_groups"];
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0]["kind"], "full");
  EXPECT_EQ(groups[0]["layers"], 12);
  EXPECT_EQ(groups[0]["cache_dtype"], "fp8");
  EXPECT_EQ(groups[0]["dtype"], "float8_e4m3fn");
  // fp8: 1 byte × (K + V) × 256 × 2 KV heads per layer.
  EXPECT_EQ(groups[0]["bytes_per_token_per_layer"], 1024);
  EXPECT_EQ(groups[0]["bytes_per_token"], 12 * 1024);
  EXPECT_EQ(groups[1]["kind"], "linear");
  EXPECT_TRUE(groups[1]["cache_dtype"].is_null());
  EXPECT_EQ(groups[1]["dtype"], "bfloat16");
  EXPECT_TRUE(groups[1]["bytes_per_token"].is_null());
  EXPECT_EQ(j["plan"]["bytes_per_token"], 12 * 1024);
  EXPECT_EQ(j["request"]["layer_groups"][1]["kind"], "linear");
  EXPECT_EQ(j["request"]["num_kv_layers"], 12) << "the attention groups fill the KV-layer count";
  bool kvd091 = false;
  for (const Json& d : j["diagnostics"]) kvd091 = kvd091 || d["code"] == "KVD091";
  EXPECT_TRUE(kvd091);
}

TEST(LayerPlans, WithoutGroupsTheJsonIsAsBefore) {
  const CliResult r = run_cli({"check", "--engine", "vllm", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention",
                               "gqa", "--head-size", "128", "--num-kv-heads", "8", "--num-layers", "32",
                               "--kv-cache-dtype", "fp8", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_FALSE(j["plan"].contains("layer_groups"));
  EXPECT_FALSE(j["request"].contains("layer_groups"));
  EXPECT_FALSE(j["request"].contains("attention_sinks"));
  EXPECT_EQ(j["plan"]["bytes_per_token"], 32 * 2 * 128 * 8);
}

TEST(LayerPlans, TextPlanListsTheGroups) {
  const CliResult r = run_cli(kHybrid);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("12 × full, head 256: fp8 cache, 12288 B/token"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("36 × linear: recurrent state in bfloat16"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("KVD091"), std::string::npos) << r.out;
}

TEST(LayerPlans, HybridConfigIsReadIntoGroups) {
  TempDir tmp("layer-plans");
  const std::string cfg = tmp.write(
      "config.json",
      R"({"architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "torch_dtype": "bfloat16",
          "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64, "num_hidden_layers": 4,
          "hidden_size": 2880, "sliding_window": 128,
          "layer_types": ["sliding_attention", "full_attention", "sliding_attention", "full_attention"]})");
  const CliResult r = run_cli({"check", "--engine", "vllm", "--engine-version", "0.17.0", "--gpu", "RTX PRO 6000",
                               "--model", cfg, "--backend", "FLASHINFER", "--format", "json"});
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j["request"]["attention_sinks"], true);
  EXPECT_EQ(j["request"]["sliding_window"], 128);
  ASSERT_EQ(j["plan"]["layer_groups"].size(), 2u);
  EXPECT_EQ(j["plan"]["layer_groups"][1]["window"], 128);
  // FlashInfer took no sinks on SM12x in 0.17.0 (vllm#40153).
  bool refused = false;
  for (const Json& d : j["diagnostics"]) refused = refused || d["code"] == "KVD017";
  EXPECT_TRUE(refused) << r.out;
  EXPECT_EQ(r.exit_code, 1);
}

TEST(LayerPlans, LaunchDrafterWithItsOwnCacheString) {
  const CliResult r = run_cli({"check", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "gqa",
                               "--head-size", "128", "--num-kv-heads", "8", "--format", "json", "--", "vllm", "serve",
                               "org/model", "--kv-cache-dtype", "fp8", "--speculative-config",
                               R"({"method": "eagle3", "model": "org/drafter", "num_speculative_tokens": 3, "kv_cache_dtype": "bfloat16"})"});
  ASSERT_NE(r.exit_code, 2) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j["request"]["speculative_kv_cache_dtype"], "bfloat16");
  ASSERT_TRUE(j.contains("draft"));
  EXPECT_EQ(j["draft"]["request"]["kv_cache_dtype"], "bfloat16") << "the drafter is checked with its own string";
  bool kvd092 = false;
  for (const Json& d : j["diagnostics"]) kvd092 = kvd092 || d["code"] == "KVD092";
  EXPECT_TRUE(kvd092);
}

TEST(LayerPlans, BadGroupsAreBadInput) {
  const CliResult r = run_cli({"check", "--engine", "vllm", "--gpu", "H100", "--layer-groups", "full:12,lineer:36"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--layer-groups 'full:12,lineer:36': unknown layer kind 'lineer'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line";
}

}  // namespace
}  // namespace kvdtype::test
