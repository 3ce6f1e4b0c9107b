// The input readers of docs/inputs.md, one by one: the model catalogue and the HF cache, script
// variables, engine config files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "sources/launch/engine_config_file.hpp"
#include "kvdtype/io/model_id.hpp"
#include "kvdtype/io/script.hpp"
#include "tables/models.hpp"

namespace {

using namespace kvdtype;
using namespace kvdtype::io;

std::string data(const std::string& rel) { return std::string(KVDTYPE_TEST_DATA_DIR) + "/inputs/" + rel; }

TEST(ModelCatalogue, AtLeastSixtyDistinctIdsEachWithASource) {
  std::set<std::string> ids;
  for (const tables::ModelRow& m : tables::model_rows()) {
    EXPECT_TRUE(ids.insert(std::string(m.id)).second) << "duplicate " << m.id;
    EXPECT_FALSE(m.source.empty()) << m.id;
    EXPECT_TRUE(looks_like_model_id(m.id)) << m.id;
    EXPECT_GT(m.num_layers, 0u) << m.id;
    EXPECT_GT(m.num_heads, 0u) << m.id;
    if (m.kv_lora_rank == 0) {
      EXPECT_GT(m.num_kv_heads, 0u) << m.id;
      EXPECT_EQ(m.num_heads % m.num_kv_heads, 0u) << m.id << ": query heads are a multiple of KV heads";
      EXPECT_GT(m.head_dim, 0u) << m.id;
    }
    EXPECT_LE(m.kv_layers, m.num_layers) << m.id;
  }
  EXPECT_GE(ids.size(), 60u);
}

TEST(ModelCatalogue, DeepSeekV3IsMlaWith576WideLatent) {
  auto r = resolve_model_id("deepseek-ai/DeepSeek-V3");
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE(r->has_value());
  const ResolvedModel& m = **r;
  EXPECT_EQ(m.source, ModelSource::catalogue);
  EXPECT_EQ(m.input.attention, "mla");
  EXPECT_EQ(m.input.head_size, "576");
  EXPECT_EQ(m.input.num_kv_heads, "1");
  EXPECT_EQ(m.input.num_layers, "61");
  EXPECT_FALSE(m.input.weight_gib.empty());
  EXPECT_NE(m.note().find("from the built-in catalogue"), std::string::npos);
}

TEST(ModelCatalogue, HybridAndGqaRows) {
  auto next = resolve_model_id("qwen/qwen3-next-80b-a3b-instruct");
  ASSERT_TRUE(next.ok() && next->has_value());
  EXPECT_EQ((*next)->input.num_kv_layers, "12");
  EXPECT_TRUE((*next)->hybrid);
  auto llama = resolve_model_id("meta-llama/Llama-3.1-8B-Instruct");
  ASSERT_TRUE(llama.ok() && llama->has_value());
  EXPECT_EQ((*llama)->input.attention, "gqa");
  EXPECT_EQ((*llama)->input.head_size, "128");
  auto gemma = resolve_model_id("google/gemma-3-1b-it");
  ASSERT_TRUE(gemma.ok() && gemma->has_value());
  EXPECT_EQ((*gemma)->input.attention, "mqa");
  EXPECT_EQ((*gemma)->sliding_window, 512u);
}

TEST(ModelIds, WhatLooksLikeAnId) {
  EXPECT_TRUE(looks_like_model_id("Qwen/Qwen3-8B"));
  EXPECT_TRUE(looks_like_model_id("gpt2"));
  EXPECT_FALSE(looks_like_model_id("/models/qwen"));
  EXPECT_FALSE(looks_like_model_id("./qwen"));
  EXPECT_FALSE(looks_like_model_id("~/qwen"));
  EXPECT_FALSE(looks_like_model_id("a/b/c"));
  EXPECT_FALSE(looks_like_model_id("org/.."));
  EXPECT_FALSE(looks_like_model_id("$MODEL"));
  EXPECT_FALSE(looks_like_model_id(""));
  auto none = resolve_model_id("nobody/nothing-here");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
}

TEST(ModelIds, HfCacheSnapshotFromRefsMain) {
  ::setenv("HF_HUB_CACHE", data("hf_cache").c_str(), 1);
  auto r = resolve_model_id("acme/Tiny-MLA-Chat");
  ::unsetenv("HF_HUB_CACHE");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_TRUE(r->has_value());
  EXPECT_EQ((*r)->source, ModelSource::hf_cache);
  EXPECT_NE((*r)->path.find("snapshots/3f1c0de"), std::string::npos);
  EXPECT_EQ((*r)->input.num_layers, "27");
  EXPECT_EQ((*r)->input.attention, "mla");
}

TEST(ScriptVariables, Expansion) {
  const std::vector<std::string> vars = {"A=1", "EMPTY=", "A=2"};
  EXPECT_EQ(expand_variables("$A", vars), "2");  // the last assignment wins
  EXPECT_EQ(expand_variables("${A}x", vars), "2x");
  EXPECT_EQ(expand_variables("${B:-fp8}", vars), "fp8");
  EXPECT_EQ(expand_variables("${EMPTY:-d}", vars), "d");
  EXPECT_EQ(expand_variables("${EMPTY-d}", vars), "");
  EXPECT_EQ(expand_variables("${B-${A}}", vars), "2");
  EXPECT_EQ(expand_variables("$B", vars), "$B");           // unset: left as written
  EXPECT_EQ(expand_variables("$(nproc)", vars), "$(nproc)");
  EXPECT_EQ(expand_variables("${#A}", vars), "1");  // the length of A's value
  EXPECT_EQ(expand_variables("a$", vars), "a$");
}

TEST(ScriptVariables, EveryServingCommandWithItsLine) {
  const std::string script =
      "#!/bin/sh\nMODEL=org/m\nexport TP=${TP:-2}\n\n"
      "vllm serve $MODEL --tensor-parallel-size $TP &\n"
      "echo started\n"
      "python3 -m sglang.launch_server --model-path \"$MODEL\" \\\n  --tp $TP\n";
  auto cmds = serving_commands(script, {});
  ASSERT_TRUE(cmds.ok());
  ASSERT_EQ(cmds->size(), 2u);
  EXPECT_EQ((*cmds)[0].line, 5);
  EXPECT_EQ((*cmds)[1].line, 7);
  const auto& w = (*cmds)[0].words;
  EXPECT_NE(std::find(w.begin(), w.end(), "org/m"), w.end());
  EXPECT_NE(std::find(w.begin(), w.end(), "2"), w.end());
  // --env overrides the default of ${TP:-2}.
  const std::vector<std::string> env = {"TP=8"};
  auto with_env = serving_commands(script, env);
  ASSERT_TRUE(with_env.ok());
  const auto& w8 = (*with_env)[1].words;
  EXPECT_NE(std::find(w8.begin(), w8.end(), "8"), w8.end());
}

TEST(EngineConfigFile, WordsAsVllmInsertsThem) {
  auto w = detail::config_file_words(data("vllm_fp8_tp8.yaml"), Engine::vllm);
  ASSERT_TRUE(w.ok()) << w.error().message;
  const std::vector<std::string> want = {"--kv-cache-dtype", "fp8", "--tensor_parallel_size", "8", "--max-model-len", "32768",
                                         "--enable-prefix-caching", "--port", "8000"};
  EXPECT_EQ(*w, want);  // trust-remote-code: false is left out
}

TEST(EngineConfigFile, CommandLineWins) {
  std::vector<std::string> cmd = {"vllm", "serve", "org/m", "--config", data("vllm_fp8_tp8.yaml"), "-tp", "2"};
  auto w = detail::splice_config_files(cmd, 2, true, Engine::vllm);
  ASSERT_TRUE(w.ok());
  ASSERT_GE(w->size(), 5u);
  EXPECT_EQ((*w)[2], "org/m");
  EXPECT_EQ((*w)[3], "--kv-cache-dtype");
  EXPECT_EQ(w->back(), "2");  // the command line's own flag comes last: argparse keeps the last
}

TEST(EngineConfigFile, BadFilesAreErrorsNamingTheFile) {
  for (const std::string f : {"missing.yaml", "vllm_broken.yaml", "README.md"}) {
    auto w = detail::config_file_words(data(f), Engine::vllm);
    ASSERT_FALSE(w.ok()) << f;
    EXPECT_EQ(w.error().code, ErrorCode::bad_file);
    EXPECT_NE(w.error().message.find(f), std::string::npos) << w.error().message;
  }
  std::vector<std::string> two = {"vllm", "serve", "m", "--config", data("vllm_fp8_tp8.yaml"), "--config=" + data("vllm_fp8_tp8.yaml")};
  EXPECT_FALSE(detail::splice_config_files(two, 2, true, Engine::vllm).ok());
}

TEST(EngineConfigFile, SglangAlsoReadsJson) {
  auto w = detail::config_file_words(data("sglang_config.json"), Engine::sglang);
  ASSERT_TRUE(w.ok()) << w.error().message;
  const std::vector<std::string> want = {"--model-path", "Qwen/Qwen3-8B", "--kv-cache-dtype", "fp8_e5m2", "--tp-size", "2"};
  EXPECT_EQ(*w, want);
  EXPECT_FALSE(detail::config_file_words(data("sglang_config.json"), Engine::vllm).ok());  // vLLM: YAML only
}

}  // namespace
