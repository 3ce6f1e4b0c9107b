// Verdicts on the hardware beyond NVIDIA and AMD datacentre GPUs, as a user gets them from the
// command line: llama.cpp on an Apple GPU, a GPU kvdtype has not heard of (incomplete, exit 0),
// and a malformed --gpu (bad input, exit 2, one line). docs/targets.md, "Unknown hardware".
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"

namespace {

using kvdtype::test::run_cli;
using nlohmann::json;

TEST(HardwareVerdicts, LlamacppMetalOnAnAppleM3Max) {
  const auto r = run_cli({"check", "--format", "json", "--gpu", "Apple M3 Max", "--attention", "gqa", "--model-dtype",
                          "float16", "--", "llama-server", "-m", "model.gguf", "-ctk", "q8_0", "-ctv", "q8_0", "-fa", "on"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["verdict"], "ok") << r.out;
  EXPECT_NE(r.out.find("\"METAL\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("apple9"), std::string::npos) << r.out;
}

TEST(HardwareVerdicts, MetalFlashAttentionNeedsOneTypeForKAndV) {
  // ggml-metal's supports_op: K and V of different types have no flash-attention kernel there.
  const auto r = run_cli({"check", "--gpu", "Apple M4 Max", "--attention", "gqa", "--model-dtype", "float16", "--",
                          "llama-server", "-m", "model.gguf", "-ctk", "q8_0", "-ctv", "q4_0", "-fa", "on"});
  EXPECT_NE(r.out.find("KVD202"), std::string::npos) << r.out << r.err;
}

TEST(HardwareVerdicts, AnUnknownGpuIsIncompleteNotBadInput) {
  const auto r = run_cli({"check", "--format", "json", "--engine", "vllm", "--gpu", "NVIDIA RTX 9090", "--kv-cache-dtype", "fp8"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["verdict"], "incomplete");
  EXPECT_NE(r.out.find("KVD080"), std::string::npos);
  EXPECT_NE(r.out.find("NVIDIA RTX 9090"), std::string::npos) << "the finding names the GPU";
  // CI that wants every GPU known fails on it.
  const auto strict = run_cli({"check", "--engine", "vllm", "--gpu", "NVIDIA RTX 9090", "--kv-cache-dtype", "fp8",
                               "--fail-on", "incomplete"});
  EXPECT_EQ(strict.exit_code, 1) << strict.out << strict.err;
  // GPU-independent checks still decide: a kv string vLLM refuses is an error whatever the GPU.
  const auto fp9 = run_cli({"check", "--engine", "vllm", "--gpu", "NVIDIA RTX 9090", "--kv-cache-dtype", "fp9"});
  EXPECT_EQ(fp9.exit_code, 2) << fp9.out << fp9.err;
}

TEST(HardwareVerdicts, MalformedGpuIsOneLineOfBadInput) {
  for (const char* bad : {"sm_80a", "H100 --kv-cache-dtype fp8", "$(nproc)", "NVIDIA"}) {
    const auto r = run_cli({"check", "--engine", "vllm", "--gpu", bad});
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.out;
    EXPECT_TRUE(r.out.empty()) << bad;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_EQ(r.err.rfind("kvdtype: --gpu: ", 0), 0u) << r.err;
  }
}

TEST(HardwareVerdicts, AnEngineWithNoBackendOnThePlatform) {
  // vLLM on an Apple GPU: kvdtype models no vLLM backend on Metal, so the backend is unknown.
  const auto vllm = run_cli({"check", "--format", "json", "--engine", "vllm", "--gpu", "Apple M3 Max", "--model-dtype",
                             "bfloat16", "--kv-cache-dtype", "fp8"});
  ASSERT_EQ(vllm.exit_code, 0) << vllm.err;
  EXPECT_EQ(json::parse(vllm.out)["verdict"], "incomplete");
  EXPECT_NE(vllm.out.find("Metal"), std::string::npos);
  // TensorRT-LLM builds for NVIDIA GPUs only: refused.
  const auto trt = run_cli({"check", "--engine", "trtllm", "--gpu", "Apple M3 Max", "--model-dtype", "bfloat16"});
  EXPECT_EQ(trt.exit_code, 1) << trt.out << trt.err;
  EXPECT_NE(trt.out.find("KVD016"), std::string::npos) << trt.out;
}

}  // namespace
