// Real deployment inputs (docs/inputs.md): model ids from the HF cache and the catalogue, engine
// config files, scripts with variables and several serving commands, launch-command values as
// diagnostics, and the CI surface (--fail-on, --ignore, kvdtype.error/v1, SARIF, GitHub).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"

namespace {

using kvdtype::test::run_cli;
using json = nlohmann::json;

std::string data(const std::string& rel) { return std::string(KVDTYPE_TEST_DATA_DIR) + "/inputs/" + rel; }
std::string example(const std::string& rel) {
  return (std::filesystem::path(KVDTYPE_TEST_DATA_DIR).parent_path().parent_path() / "examples" / "launch" / rel).string();
}

bool has_code(const json& report, const std::string& code) {
  for (const auto& d : report["diagnostics"])
    if (d["code"] == code) return true;
  return false;
}

// A command file on standard input is read once: the serving command it holds is checked
// (reading it a second time found the stream empty: "-: no command in it", exit 2).
TEST(Inputs, OneCommandFileOnStdinIsChecked) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", "-"},
                         "vllm serve m --kv-cache-dtype fp8_e5m2\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["plan"]["cache_dtype"], "fp8_e5m2") << r.out;
}

TEST(Inputs, CatalogueModelIdGivesMlaGeometry) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "deepseek-ai/DeepSeek-V3", "--kv-cache-dtype", "fp8"});
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["request"]["attention"], "mla");
  EXPECT_EQ(j["request"]["num_layers"], 61);
  EXPECT_EQ(j["plan"]["bytes_per_token_per_layer"], 576);
  ASSERT_TRUE(j["notes"].is_array());
  EXPECT_NE(j["notes"][0].get<std::string>().find("from the built-in catalogue"), std::string::npos);
}

TEST(Inputs, ModelIdsAreCaseInsensitive) {
  const json j = json::parse(run_cli({"check", "--gpu", "H100", "--format", "json", "--model", "DEEPSEEK-AI/deepseek-v3.2"}).out);
  EXPECT_EQ(j["request"]["attention"], "sparse-mla");
  EXPECT_EQ(j["request"]["index_topk"], 2048);
}

TEST(Inputs, HfCacheWinsOverTheCatalogueAndSaysWhere) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "acme/Tiny-MLA-Chat", "--kv-cache-dtype", "fp8"},
                         {}, {"HF_HUB_CACHE=" + data("hf_cache")});
  const json j = json::parse(r.out);
  EXPECT_EQ(j["request"]["attention"], "mla");
  EXPECT_EQ(j["request"]["num_layers"], 27);
  EXPECT_NE(j["notes"][0].get<std::string>().find("from the HF cache at"), std::string::npos);
  EXPECT_NE(j["notes"][0].get<std::string>().find("snapshots/3f1c0de"), std::string::npos);
}

// A manifest's container runs on its node: that node's HF cache is not this machine's, so the
// verdict on a Hub id must not depend on which machine checks the manifest (or on what the
// webhook's own file system holds). The same id given to kvdtype as --model is read here.
TEST(Inputs, AManifestsHubIdIsNeverLookedUpInThisMachinesHfCache) {
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: vllm/vllm-openai:v0.27.0\n"
      "    args: [--model, acme/Tiny-MLA-Chat, --kv-cache-dtype, fp8]\n";
  const std::vector<std::string> env = {"HF_HUB_CACHE=" + data("hf_cache")};
  const auto r = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json"}, pod, env);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 1u);
  const std::string dump = j["results"][0].dump();
  EXPECT_EQ(dump.find("from the HF cache"), std::string::npos) << dump;
  EXPECT_TRUE(has_code(j["results"][0], "KVD153")) << dump;
  EXPECT_NE(dump.find("the workload's own machine (its HF cache) is not read here"), std::string::npos) << dump;
  // kvdtype's own --model names a model of this machine: its HF cache answers.
  const auto own = run_cli({"check", "--manifest", "-", "--gpu", "H100", "--format", "json", "--model", "acme/Tiny-MLA-Chat"}, pod, env);
  ASSERT_EQ(own.exit_code, 0) << own.out << own.err;
  EXPECT_NE(own.out.find("from the HF cache at"), std::string::npos) << own.out;
}

TEST(Inputs, UnknownModelIdIsAnInfoNotAnError) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "nobody/unknown-model-xyz"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has_code(json::parse(r.out), "KVD153"));
}

TEST(Inputs, VllmConfigFileIsMergedUnderTheCommandLine) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "deepseek-ai/DeepSeek-V3", "--config",
                          data("vllm_fp8_tp8.yaml"), "-tp", "2"});
  const json j = json::parse(r.out);
  EXPECT_EQ(j["request"]["kv_cache_dtype"], "fp8");       // from the file
  EXPECT_EQ(j["request"]["tensor_parallel_size"], 2);     // the command line wins over the file's 8
}

TEST(Inputs, UnreadableOrBrokenConfigFileIsBadInputNamingIt) {
  for (const std::string f : {"missing.yaml", "vllm_broken.yaml"}) {
    const auto r = run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "m", "--config", data(f)});
    EXPECT_EQ(r.exit_code, 2) << f;
    EXPECT_NE(r.err.find(f), std::string::npos) << r.err;
  }
  EXPECT_NE(run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "m", "--config", data("vllm_broken.yaml")}).err.find("line 3"),
            std::string::npos);
}

TEST(Inputs, BadKvCacheDtypeInsideAConfigFileIsKvd001Exit1) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "--config", data("vllm_bad_kv.yaml")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(has_code(json::parse(r.out), "KVD001"));
}

TEST(Inputs, SglangConfigFile) {
  const auto r = run_cli({"check", "--gpu", "MI300X", "--format", "json", "--", "python3", "-m", "sglang.launch_server", "--config",
                          data("sglang_config.yaml")});
  const json j = json::parse(r.out);
  EXPECT_EQ(j["request"]["engine"], "sglang");
  EXPECT_EQ(j["request"]["kv_cache_dtype"], "fp8_e4m3");
  EXPECT_EQ(j["request"]["tensor_parallel_size"], 8);
  EXPECT_EQ(j["request"]["attention"], "mla");
}

TEST(Inputs, ExactSpellingInALaunchCommandIsAnError) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "x/y", "--kv-cache-dtype", "FP8"});
  EXPECT_EQ(r.exit_code, 1);
  const json j = json::parse(r.out);
  // Reported once, by the check (KVD150, the launch reader's second report of it, is retired).
  int spelling = 0;
  for (const auto& d : j["diagnostics"]) spelling += d["code"] == "KVD103" || d["code"] == "KVD150";
  EXPECT_EQ(spelling, 1) << r.out;
  EXPECT_TRUE(has_code(j, "KVD103"));
  // `--ignore` still takes the retired code, meaning the rule that replaced it.
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--ignore", "KVD150", "--", "vllm", "serve", "x/y", "--kv-cache-dtype", "FP8"}).exit_code, 0);
  // The same string as kvdtype's own flag is forgiven (kvdtype is not the engine).
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--kv-cache-dtype", "FP8"}).exit_code, 0);
}

TEST(Inputs, UnknownValuesInsideALaunchCommandAreExit1NotBadInput) {
  auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "x/y", "--kv-cache-dtype", "fp9"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(has_code(json::parse(r.out), "KVD001"));
  r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "x/y", "--dtype", "bf17"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(has_code(json::parse(r.out), "KVD151"));
  // kvdtype's own flag with the same value is still bad input.
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--kv-cache-dtype", "fp9"}).exit_code, 2);
}

TEST(Inputs, ScriptWithTwoServingCommandsGivesTwoResultsWithLines) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", data("pd_two_nodes.sh")});
  const json j = json::parse(r.out);
  EXPECT_EQ(j["schema"], "kvdtype.checks/v1");
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][0]["source"]["line"], 10);
  EXPECT_EQ(j["results"][1]["source"]["line"], 17);
  EXPECT_EQ(j["results"][0]["source"]["kind"], "script");
  // ${MODEL:-default} and $KV_DTYPE from the script's own assignments.
  EXPECT_EQ(j["results"][0]["request"]["kv_cache_dtype"], "fp8");
  EXPECT_EQ(j["results"][0]["request"]["num_layers"], 80);
  // ${DECODE_TP:-3}: 64 heads do not divide by 3 — vLLM refuses it.
  EXPECT_TRUE(has_code(j["results"][1], "KVD154"));
  EXPECT_EQ(r.exit_code, 1);
  // --env overrides the default.
  const json k = json::parse(run_cli({"check", "--gpu", "H100", "--format", "json", "--env", "DECODE_TP=4", "--command-file",
                                      data("pd_two_nodes.sh")}).out);
  EXPECT_FALSE(has_code(k["results"][1], "KVD154"));
  EXPECT_EQ(k["results"][1]["request"]["tensor_parallel_size"], 4);
}

TEST(Inputs, UnsetVariableIsUnknownNotBadInput) {
  auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", data("unset_variable.sh")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_TRUE(has_code(j, "KVD152"));
  // The checks ran on the engine's default, not on what the server gets: not checked (fail closed).
  EXPECT_EQ(j["verdict"], "incomplete");
  EXPECT_EQ(j["request"]["kv_cache_dtype"], "auto");
  r = run_cli({"check", "--gpu", "H100", "--format", "json", "--env", "KV_CACHE_DTYPE=fp8", "--command-file", data("unset_variable.sh")});
  j = json::parse(r.out);
  EXPECT_EQ(j["request"]["kv_cache_dtype"], "fp8");
  EXPECT_FALSE(has_code(j, "KVD152"));
  EXPECT_EQ(j["verdict"], "ok");
  // --fail-on incomplete makes the unknown value fail the run.
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--fail-on", "incomplete", "--command-file", data("unset_variable.sh")}).exit_code, 1);
}

TEST(Inputs, PastedPromptAndOneStringCommand) {
  json j = json::parse(run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", data("pasted_prompt.txt")}).out);
  EXPECT_EQ(j["request"]["tensor_parallel_size"], 2);
  j = json::parse(run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm serve Qwen/Qwen3-8B --kv-cache-dtype fp8 -tp 2"}).out);
  EXPECT_EQ(j["request"]["kv_cache_dtype"], "fp8");
  EXPECT_EQ(j["request"]["num_layers"], 36);
}

TEST(Inputs, MaxModelLenThatDoesNotFitIsTheEnginesStartupError) {
  // Llama 3.1 8B (about 15 GiB of bf16 weights) on an L40S: 1M tokens of a 16-bit cache need 122 GiB.
  const auto r = run_cli({"check", "--gpu", "L40S", "--format", "json", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
                          "--max-model-len", "1000000"});
  EXPECT_EQ(r.exit_code, 1);
  const json j = json::parse(r.out);
  ASSERT_TRUE(has_code(j, "KVD155"));
  for (const auto& d : j["diagnostics"]) {
    if (d["code"] == "KVD155") {
      // The fix lists only changes checked to fit: a --max-model-len that fits; an fp8 cache
      // (about 418k tokens) would not hold 1M, so it is not offered.
      EXPECT_NE(d["fix"].get<std::string>().find("lower --max-model-len to at most"), std::string::npos);
      EXPECT_EQ(d["fix"].get<std::string>().find("fp8"), std::string::npos);
    }
  }
  // 8k fits.
  EXPECT_EQ(run_cli({"check", "--gpu", "L40S", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct", "--max-model-len", "8192"}).exit_code, 0);
}

TEST(Inputs, FailOnWarningAndIgnore) {
  const std::vector<std::string> warn = {"check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"};
  EXPECT_EQ(run_cli(warn).exit_code, 0);
  auto args = warn;
  args.insert(args.end(), {"--fail-on", "warning"});
  EXPECT_EQ(run_cli(args).exit_code, 1);
  args.insert(args.end(), {"--ignore", "KVD042,KVD070"});
  EXPECT_EQ(run_cli(args).exit_code, 0);
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--fail-on", "sometimes"}).exit_code, 2);
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--ignore", "KVD999"}).exit_code, 2);
}

TEST(Inputs, JsonOnBadInput) {
  // A misspelled architecture (a well-formed unknown product name is an unknown GPU instead).
  const auto r = run_cli({"check", "--gpu", "sm_999", "--format", "json"});
  EXPECT_EQ(r.exit_code, 2);
  const json j = json::parse(r.out);
  EXPECT_EQ(j["schema"], "kvdtype.error/v1");
  EXPECT_NE(j["error"]["message"].get<std::string>().find("sm_999"), std::string::npos);
  EXPECT_FALSE(r.err.empty());
}

TEST(Inputs, NoInputAtAllIsBadInput) {
  const auto r = run_cli({"check"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("nothing to check"), std::string::npos);
}

TEST(Inputs, SarifHasRulesResultsAndLocations) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "sarif", "--command-file", data("pd_two_nodes.sh")});
  const json j = json::parse(r.out);
  EXPECT_EQ(j["version"], "2.1.0");
  const json& run = j["runs"][0];
  EXPECT_GE(run["tool"]["driver"]["rules"].size(), 30u);
  bool located = false;
  for (const auto& res : run["results"])
    if (res.value("ruleId", "") == "KVD154") {
      EXPECT_EQ(res["level"], "error");
      EXPECT_EQ(res["locations"][0]["physicalLocation"]["region"]["startLine"], 17);
      located = true;
    }
  EXPECT_TRUE(located);
}

TEST(Inputs, GithubAnnotations) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "github", "--command-file", data("pd_two_nodes.sh")});
  EXPECT_NE(r.out.find("::error file=" + data("pd_two_nodes.sh") + ",line=17,title=KVD154::"), std::string::npos) << r.out;
}

TEST(Inputs, FoundingLaunchCommandsAsPastedAreFlagged) {
  // Hub ids, no geometry flags: the catalogue makes the MLA models MLA.
  auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", example("seed1_glm_flash_fp8_h100.sh")});
  json j = json::parse(r.out);
  EXPECT_EQ(j["request"]["attention"], "sparse-mla");
  EXPECT_NE(j["verdict"], "ok");
  EXPECT_TRUE(has_code(j, "KVD070"));
  r = run_cli({"check", "--gpu", "A100", "--format", "json", "--command-file", example("seed2_turboquant_a100_bf16.sh")});
  j = json::parse(r.out);
  EXPECT_TRUE(has_code(j, "KVD042"));
  r = run_cli({"check", "--gpu", "MI300X", "--format", "json", "--command-file", example("seed3_aiter_mla_fp8_mi300x.sh")});
  j = json::parse(r.out);
  EXPECT_EQ(j["request"]["attention"], "mla");
  EXPECT_EQ(j["plan"]["backend"], "ROCM_AITER_MLA");
  EXPECT_TRUE(has_code(j, "KVD070"));
}

}  // namespace

namespace {

TEST(Inputs, SeveralCommandFilesEachExpandedToItsServingCommands) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", data("pd_two_nodes.sh"), "--command-file",
                          data("pasted_prompt.txt")});
  const json j = json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 3u);
  EXPECT_EQ(j["results"][1]["source"]["line"], 17);
  EXPECT_EQ(j["results"][2]["source"]["kind"], "command file");
  EXPECT_EQ(j["results"][2]["source"]["line"], 1);
}

TEST(Inputs, GpuAutoWithoutAGpuWarns) {
  // Only meaningful where the probe finds no GPU (it then reports the CPU); elsewhere --gpu auto
  // resolves to the real device and this test has nothing to say.
  const json probe = json::parse(run_cli({"probe", "--format", "json"}).out);
  for (const auto& d : probe["devices"])
    if (d["via"] != "cpu") GTEST_SKIP() << "this machine has a GPU";
  const auto r = run_cli({"check", "--gpu", "auto", "--kv-cache-dtype", "fp8", "--format", "json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["verdict"], "incomplete");
  bool warned = false;
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "KVD080" && d["severity"] == "warning") {
      warned = true;
      EXPECT_NE(d["message"].get<std::string>().find("no GPU"), std::string::npos);
    }
  EXPECT_TRUE(warned);
  EXPECT_EQ(run_cli({"check", "--gpu", "auto", "--kv-cache-dtype", "fp8", "--fail-on", "warning"}).exit_code, 1);
}

}  // namespace

namespace {

TEST(Inputs, JsonOnAnUnknownFlagToo) {
  const auto r = run_cli({"check", "--gpux", "H100", "--format", "json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(json::parse(r.out)["schema"], "kvdtype.error/v1");
  EXPECT_TRUE(run_cli({"check", "--gpux", "H100"}).out.empty());
}

TEST(Inputs, CapacityCheckSkippedWhenTheCommandSplitsWeightsOtherwise) {
  // 70B bf16 weights (~131 GiB) do not fit one H100: vLLM has no KV memory left...
  EXPECT_EQ(run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "meta-llama/Llama-3.3-70B-Instruct", "--max-model-len", "8192"}).exit_code, 1);
  // ...unless pipeline parallelism or online quantization changes the per-GPU weights, which the
  // request does not model: then nothing is claimed.
  for (const std::vector<std::string>& extra : {std::vector<std::string>{"-pp", "4"}, {"--quantization", "fp8"}, {"--data-parallel-size", "2"}}) {
    std::vector<std::string> args = {"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "meta-llama/Llama-3.3-70B-Instruct",
                                     "--max-model-len", "8192"};
    args.insert(args.end(), extra.begin(), extra.end());
    const json j = json::parse(run_cli(args).out);
    EXPECT_FALSE(has_code(j, "KVD155")) << extra[0];
  }
}

TEST(Inputs, SplittingFlagsInsideAContainersShellScriptAreSeen) {
  // A manifest container's `sh -c` script reaches the check as one word after the image (GKE's
  // multi-host LeaderWorkerSet: `sh -c "…multi-node-serving.sh leader …; python3 -m vllm… -pp 2"`):
  // the flag that splits the weights across nodes is inside that word.
  const auto with = [](const std::string& extra) {
    return std::vector<std::string>{"check", "--gpu", "H100", "--format", "json", "--", "docker", "run", "vllm/vllm-openai:v0.8.5",
                                     "sh", "-c",
                                     "bash /w/multi-node-serving.sh leader; python3 -m vllm.entrypoints.openai.api_server "
                                     "--model meta-llama/Llama-3.3-70B-Instruct --max-model-len 8192" + extra};
  };
  EXPECT_TRUE(has_code(json::parse(run_cli(with("")).out), "KVD155"));  // one H100: no room, as above
  EXPECT_FALSE(has_code(json::parse(run_cli(with(" --pipeline-parallel-size 2")).out), "KVD155"));
  EXPECT_TRUE(has_code(json::parse(run_cli(with(" --pipeline-parallel-size 1")).out), "KVD155"));  // 1 splits nothing
}

}  // namespace
