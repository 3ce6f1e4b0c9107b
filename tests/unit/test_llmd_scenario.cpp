// llm-d-benchmark scenarios in environment form read as the vLLM commands of their pods
// (src/sources/shell/llmd_scenario.cpp), through the script reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kvdtype/io/script.hpp"
#include "report_helpers.hpp"

using kvdtype::test::after;

namespace {

using kvdtype::io::ScriptCommand;

std::vector<ScriptCommand> read(const std::string& text) {
  auto r = kvdtype::io::read_script(text, {});
  EXPECT_TRUE(r.ok());
  return r.ok() ? r->commands : std::vector<ScriptCommand>{};
}

bool has(const std::vector<std::string>& words, const std::string& w) { return std::find(words.begin(), words.end(), w) != words.end(); }

// The value after `flag`, or "" when the flag is absent.

TEST(LlmdScenario, PoolsFromListArgsAndAnEnvironmentFileWrittenToMktemp) {
  const auto commands = read(
      "export LLMDBENCH_DEPLOY_MODEL_LIST=\"meta-llama/Llama-3.1-8B-Instruct\"\n"
      "export LLMDBENCH_VLLM_COMMON_BLOCK_SIZE=128\n"
      "export LLMDBENCH_VLLM_COMMON_ENVVARS_TO_YAML=$(mktemp)\n"
      "cat << EOF > $LLMDBENCH_VLLM_COMMON_ENVVARS_TO_YAML\n"
      "- name: VLLM_ATTENTION_BACKEND\n  value: FLASHINFER\n- name: POD_IP\n  valueFrom:\n    fieldRef:\n      fieldPath: status.podIP\n"
      "EOF\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_DECODE_VOLUMES=$(mktemp)\n"
      "cat << EOF > $LLMDBENCH_VLLM_MODELSERVICE_DECODE_VOLUMES\n- name: dshm\nEOF\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_PREFILL_TENSOR_PARALLELISM=2\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_PREFILL_EXTRA_ARGS=\"[\\\n"
      "--block-size____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_BLOCK_SIZE____\\\n"
      "--kv-transfer-config____'{\\\"kv_connector\\\":\\\"NixlConnector\\\",\\\"kv_role\\\":\\\"kv_both\\\"}'____\\\n"
      "--no-enable-prefix-caching____\\\n"
      "--kv-cache-dtype____fp8\\\n"
      "]\"\n");
  ASSERT_EQ(commands.size(), 2u);
  const std::vector<std::string>& prefill = commands[0].words;
  const std::vector<std::string>& decode = commands[1].words;
  // The environment file the heredoc filled, its scalar values only (valueFrom is not a value).
  EXPECT_EQ(prefill.front(), "VLLM_ATTENTION_BACKEND=FLASHINFER");
  EXPECT_FALSE(has(prefill, "POD_IP="));
  EXPECT_TRUE(has(prefill, "serve"));
  EXPECT_TRUE(has(prefill, "/model-cache/models/meta-llama/Llama-3.1-8B-Instruct"));
  EXPECT_EQ(after(prefill, "--tensor-parallel-size"), "2");
  EXPECT_EQ(after(prefill, "--served-model-name"), "meta-llama/Llama-3.1-8B-Instruct");
  EXPECT_EQ(after(prefill, "--block-size"), "128");
  EXPECT_EQ(after(prefill, "--kv-transfer-config"), "{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_both\"}");
  EXPECT_TRUE(has(prefill, "--no-enable-prefix-caching"));
  EXPECT_EQ(after(prefill, "--kv-cache-dtype"), "fp8");
  // The decode pool keeps env.sh's default args: --max-model-len 16384, tensor parallel 1.
  EXPECT_EQ(after(decode, "--max-model-len"), "16384");
  EXPECT_EQ(after(decode, "--tensor-parallel-size"), "1");
  EXPECT_EQ(after(decode, "--kv-cache-dtype"), "");
  EXPECT_NE(commands[1].notes.front().find("decode pool"), std::string::npos);
}

TEST(LlmdScenario, CustomCommandFromAFileAndAnIdlePool) {
  const auto commands = read(
      "export LLMDBENCH_DEPLOY_MODEL_LIST=\"Qwen/Qwen3-32B\"\n"
      "export LLMDBENCH_VLLM_COMMON_MAX_MODEL_LEN=16000\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_PREFILL_REPLICAS=0\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_DECODE_MODEL_COMMAND=custom\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_DECODE_EXTRA_ARGS=$(mktemp)\n"
      "cat << EOF > $LLMDBENCH_VLLM_MODELSERVICE_DECODE_EXTRA_ARGS\n"
      "vllm serve /model-cache/models/REPLACE_ENV_LLMDBENCH_DEPLOY_CURRENT_MODEL \\\n"
      "--max-model-len REPLACE_ENV_LLMDBENCH_VLLM_COMMON_MAX_MODEL_LEN \\\n"
      "--kv-cache-dtype REPLACE_ENV_LLMDBENCH_KV_DTYPE++++default=fp8_e5m2\n"
      "EOF\n");
  ASSERT_EQ(commands.size(), 1u);  // replicas 0: the prefill pool runs nothing
  const std::vector<std::string>& w = commands[0].words;
  EXPECT_TRUE(has(w, "/model-cache/models/Qwen/Qwen3-32B"));
  EXPECT_EQ(after(w, "--max-model-len"), "16000");
  EXPECT_EQ(after(w, "--kv-cache-dtype"), "fp8_e5m2");  // ++++default= when the variable is set nowhere
  const bool says_idle = std::any_of(commands[0].notes.begin(), commands[0].notes.end(),
                                     [](const std::string& n) { return n.find("PREFILL_REPLICAS is 0") != std::string::npos; });
  EXPECT_TRUE(says_idle);
}

TEST(LlmdScenario, AVariableSetNowhereStaysUnknown) {
  const auto commands = read(
      "export LLMDBENCH_DEPLOY_MODEL_LIST=m\nexport LLMDBENCH_VLLM_MODELSERVICE_PREFILL_REPLICAS=0\n"
      "export LLMDBENCH_VLLM_MODELSERVICE_DECODE_EXTRA_ARGS=\"[--kv-cache-dtype____REPLACE_ENV_LLMDBENCH_MY_KV]\"\n");
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(after(commands[0].words, "--kv-cache-dtype"), "${LLMDBENCH_MY_KV}");  // unknown: the check says KVD152
}

TEST(LlmdScenario, StandaloneMethodAndScriptsThatStartAServerAreLeftAlone) {
  auto commands = read("export LLMDBENCH_DEPLOY_METHODS=standalone\nexport LLMDBENCH_DEPLOY_MODEL_LIST=facebook/opt-125m\n");
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(after(commands[0].words, "serve"), "facebook/opt-125m");
  EXPECT_EQ(after(commands[0].words, "--max-model-len"), "16384");
  // A script that starts its own server is read as before, whatever LLMDBENCH_* it sets.
  commands = read("export LLMDBENCH_DEPLOY_MODEL_LIST=x\nvllm serve y --kv-cache-dtype fp8\n");
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(after(commands[0].words, "serve"), "y");
}

TEST(LlmdScenario, EachMktempIsAFileOfItsOwn) {
  const auto commands = read(
      "A=$(mktemp)\nB=$(mktemp -t x.XXXX)\necho one > $A\necho two > $B\nvllm serve \"$(cat $A)\" --served-model-name \"$(cat $B)\"\n");
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(after(commands[0].words, "serve"), "one");
  EXPECT_EQ(after(commands[0].words, "--served-model-name"), "two");
}

}  // namespace
