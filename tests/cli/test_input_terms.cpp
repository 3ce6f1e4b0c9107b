// Issue 27 item 7: messages in the input's own terms, from the tables.
//  - a TensorRT-LLM options file is told about kv_cache_config.dtype (its key path), a launch
//    command about the flag it typed, and kvdtype's own flag wins back when it overrides them;
//  - LMDeploy's --quant-policy errors list the value set from the vocabulary rows, as the
//    release in question takes it;
//  - a rejection names a kv-cache string that the same request passes with on that GPU.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::run_cli;
using nlohmann::json;

json check_json(std::vector<std::string> args) {
  args.insert(args.begin() + 1, {"--format", "json"});
  const auto r = run_cli(args);
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  return json::parse(r.out);
}

const json* diagnostic(const json& report, const std::string& code) {
  for (const json& d : report.at("diagnostics"))
    if (d.at("code") == code) return &d;
  return nullptr;
}

std::string all_text(const json& report) {
  std::string out;
  for (const json& d : report.at("diagnostics")) out += d.at("message").get<std::string>() + "\n" + d.at("fix").get<std::string>() + "\n";
  return out;
}

std::string write(const kvdtype::test::TempDir& dir, const std::string& name, const std::string& text) {
  const std::string p = dir.path(name);
  std::ofstream(p) << text;
  return p;
}

TEST(InputTerms, TrtllmOptionsFileIsToldItsKeyPath) {
  kvdtype::test::TempDir dir("input_terms");
  const std::string opts = write(dir, "opts.yml", "kv_cache_config:\n  dtype: int4\n");
  const json j = check_json({"check", "--gpu", "sm_90", "--", "trtllm-serve", "m", "--extra_llm_api_options", opts});
  const json* d = diagnostic(j, "KVD220");
  ASSERT_NE(d, nullptr) << j.dump(2);
  EXPECT_EQ(d->at("message"), "TensorRT-LLM kv_cache_config.dtype 'int4' is not one of auto, fp8, nvfp4");
  EXPECT_EQ(d->at("fix"), "set kv_cache_config.dtype to one of auto, fp8, nvfp4; on sm_90 kv_cache_config.dtype fp8 is accepted");
  EXPECT_EQ(all_text(j).find("--kv-cache-dtype"), std::string::npos) << all_text(j);
}

TEST(InputTerms, TrtllmLaunchFlagIsNamedAsTyped) {
  const json j = check_json({"check", "--gpu", "sm_90", "--", "trtllm-serve", "m", "--kv_cache_dtype", "int4"});
  const json* d = diagnostic(j, "KVD220");
  ASSERT_NE(d, nullptr) << j.dump(2);
  EXPECT_EQ(d->at("message"), "TensorRT-LLM --kv_cache_dtype 'int4' is not one of auto, fp8, nvfp4");
}

TEST(InputTerms, KvdtypesOwnFlagOverridingTheFileIsNamedAsKvdtypesFlag) {
  kvdtype::test::TempDir dir("input_terms");
  const std::string opts = write(dir, "opts.yml", "kv_cache_config:\n  dtype: fp8\n");
  // The file alone: a generic rule's message speaks of the key path.
  const json from_file = check_json({"check", "--gpu", "sm_80", "--model-dtype", "bfloat16", "--attention", "gqa", "--",
                                     "trtllm-serve", "m", "--extra_llm_api_options", opts});
  EXPECT_NE(all_text(from_file).find("kv_cache_config.dtype fp8"), std::string::npos) << all_text(from_file);
  EXPECT_EQ(all_text(from_file).find("--kv-cache-dtype"), std::string::npos) << all_text(from_file);
  // kvdtype's --kv-cache-dtype over it: the value, and the words, are kvdtype's again.
  const json j = check_json({"check", "--gpu", "sm_90", "--kv-cache-dtype", "nvfp4", "--model-dtype", "bfloat16",
                             "--attention", "gqa", "--", "trtllm-serve", "m", "--extra_llm_api_options", opts});
  EXPECT_EQ(j.at("request").at("kv_cache_dtype"), "nvfp4");
  EXPECT_EQ(all_text(j).find("kv_cache_config.dtype nvfp4"), std::string::npos) << all_text(j);
}

TEST(InputTerms, QuantPolicyErrorListsTheValueSetOfTheRelease) {
  const json newest = check_json({"check", "--gpu", "A100", "--", "lmdeploy", "serve", "api_server", "m", "--quant-policy", "3"});
  const json* d = diagnostic(newest, "KVD240");
  ASSERT_NE(d, nullptr) << newest.dump(2);
  EXPECT_NE(d->at("message").get<std::string>().find(
                "the policies are 0 (none), 4 (int4), 8 (int8), 16 (fp8), 17 (fp8_e5m2), 42 (turbo_quant);"),
            std::string::npos)
      << d->dump();
  // v0.12.3 predates TurboQuant (v0.13.0) and the FP8 policies (v0.14.0a1): 0, 4 and 8 only.
  const json old = check_json({"check", "--gpu", "A100", "--", "docker", "run", "--gpus", "all", "openmmlab/lmdeploy:v0.12.3",
                               "lmdeploy", "serve", "api_server", "m", "--quant-policy", "3"});
  d = diagnostic(old, "KVD240");
  ASSERT_NE(d, nullptr) << old.dump(2);
  EXPECT_NE(d->at("message").get<std::string>().find("the policies are 0 (none), 4 (int4), 8 (int8);"), std::string::npos)
      << d->dump();
  EXPECT_NE(d->at("fix").get<std::string>().find("--quant-policy"), std::string::npos) << d->dump();
}

TEST(InputTerms, BadQuantPolicyThroughKvdtypesFlagListsEveryValue) {
  const auto r = run_cli({"check", "--engine", "lmdeploy", "--gpu", "A100", "--kv-cache-dtype", "3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'3'; valid: 0 (none), 4 (int4), 8 (int8), 16 (fp8), 17 (fp8_e5m2), 42 (turbo_quant)"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

TEST(InputTerms, RejectionSuggestsAStringThatPassesOnThatGpu) {
  // SGLang's MLA backends on Ampere take fp8_e5m2 but not fp8_e4m3 (`kvdtype matrix --engine sglang`).
  const std::vector<std::string> base = {"check", "--engine", "sglang", "--gpu", "sm_80", "--model-dtype", "bfloat16",
                                         "--attention", "mla", "--kv-cache-dtype"};
  auto args = base;
  args.push_back("fp8_e4m3");
  const json j = check_json(args);
  ASSERT_EQ(j.at("verdict"), "error");
  const std::string fix = j.at("diagnostics").at(0).at("fix");
  const std::string tail = "; on sm_80 --kv-cache-dtype ";
  const std::size_t at = fix.find(tail);
  ASSERT_NE(at, std::string::npos) << fix;
  const std::string suggested = fix.substr(at + tail.size(), fix.find(' ', at + tail.size()) - at - tail.size());
  EXPECT_EQ(suggested, "fp8_e5m2") << "the 8-bit string that passes, over a 16-bit one";
  args.back() = suggested;
  EXPECT_EQ(run_cli(args).exit_code, 0) << "the suggestion must itself be accepted";
  // Where nothing passes (every string fails on Volta here) nothing is suggested.
  auto volta = base;
  volta[4] = "sm_70";
  volta.push_back("fp8_e4m3");
  EXPECT_EQ(all_text(check_json(volta)).find("is accepted"), std::string::npos);
}

}  // namespace
