// llama.cpp, TensorRT-LLM and LMDeploy: the engine registry, K and V set apart, GGML block bytes,
// the flash-attention pair rules, and the engines' own launch-command reading.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "core/index.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "report_helpers.hpp"
#include "tables/tables.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::launch;
using kvdtype::test::backend;
using kvdtype::test::fmt;
using kvdtype::test::run_engine;

TEST(EngineRegistry, RowsFollowTheEnumAndNameTheirTables) {
  const auto registry = tables::engine_registry();
  ASSERT_EQ(registry.size(), engines().size());
  for (std::size_t i = 0; i < registry.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(registry[i].info.id), i);
    EXPECT_EQ(engines()[i].name, registry[i].info.name);
    EXPECT_TRUE(registry[i].info.has_tables) << registry[i].info.name;
    EXPECT_FALSE(registry[i].vocabulary().empty()) << registry[i].info.name;
    EXPECT_NE(find_cache_dtype(registry[i].info.id, registry[i].info.default_kv), nullptr) << registry[i].info.name;
  }
}

TEST(EngineRegistry, NamesAndAliases) {
  for (auto [text, want] : {std::pair{"llama.cpp", Engine::llamacpp}, {"LLAMACPP", Engine::llamacpp},
                            {"tensorrt-llm", Engine::trtllm}, {"TensorRT-LLM", Engine::trtllm},
                            {"lmdeploy", Engine::lmdeploy}, {"LMDeploy", Engine::lmdeploy}, {"vllm", Engine::vllm}}) {
    auto e = parse_engine(text);
    ASSERT_TRUE(e.ok()) << text;
    EXPECT_EQ(*e, want) << text;
  }
  auto bad = parse_engine("llama");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("lmdeploy"), std::string::npos) << bad.error().message;
}

TEST(EngineTables, CompileWithoutProblems) {
  for (const std::string& p : detail::table_problems()) ADD_FAILURE() << p;
}

TEST(LlamaCpp, KAndVAreSetApartAndVDefaultsToF16) {
  const Report only_k = run_engine("llamacpp", {{"gpu", "RTX 4090"}, {"kv-cache-dtype", "q8_0"}});
  EXPECT_EQ(fmt(only_k.plan.k.format), "q8_0");
  EXPECT_EQ(fmt(only_k.plan.v.format), "float16");
  const Report both = run_engine("llamacpp", {{"gpu", "RTX 4090"}, {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q8_0"}});
  EXPECT_EQ(fmt(both.plan.v.format), "q8_0");
  EXPECT_EQ(both.plan.v_cache_dtype, nullptr) << "the same row as K is no separate V row";
}

TEST(LlamaCpp, GgmlBlockBytes) {
  // 8 KV heads of 128: q8_0 4 blocks x 34 B, q4_1 4 x 20 B, f32 512 B, bf16 256 B per head.
  struct Case {
    const char *k, *v;
    std::uint32_t per_layer;
  };
  for (const Case& c : {Case{"q8_0", "q8_0", 8 * (136 + 136)}, Case{"q4_1", "q5_0", 8 * (80 + 88)},
                        Case{"f32", "q4_0", 8 * (512 + 72)}, Case{"bf16", "f16", 8 * (256 + 256)}}) {
    const Report r = run_engine("llamacpp", {{"gpu", "cpu"}, {"kv-cache-dtype", c.k}, {"v-cache-dtype", c.v},
                                             {"num-kv-heads", "8"}, {"head-size", "128"}, {"num-layers", "2"}});
    ASSERT_TRUE(r.plan.bytes_per_token_per_layer) << c.k << "/" << c.v;
    EXPECT_EQ(*r.plan.bytes_per_token_per_layer, c.per_layer) << c.k << "/" << c.v;
    EXPECT_EQ(*r.plan.bytes_per_token, 2u * c.per_layer);
  }
  // A head narrower than a block still takes a whole block.
  const Report small = run_engine("llamacpp", {{"gpu", "cpu"}, {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q8_0"},
                                               {"num-kv-heads", "1"}, {"head-size", "40"}});
  EXPECT_EQ(small.plan.bytes_per_token_per_layer.value_or(0), 2u * 2 * 34);
}

TEST(LlamaCpp, FlashAttentionPairsOnCuda) {
  auto codes = [](const Report& r) {
    std::string s;
    for (const Diagnostic& d : r.diagnostics) s += std::string(d.rule->code) + " ";
    return s;
  };
  // The default build's pairs: one type for K and V among f16 f32 bf16 q8_0 q4_0.
  for (auto [k, v] : {std::pair{"q8_0", "q8_0"}, {"q4_0", "q4_0"}, {"bf16", "bf16"}, {"f32", "f32"}}) {
    const Report r = run_engine("llamacpp", {{"gpu", "H100"}, {"kv-cache-dtype", k}, {"v-cache-dtype", v}});
    EXPECT_EQ(codes(r).find("KVD20"), std::string::npos) << k << "/" << v << ": " << codes(r);
  }
  // No mixed pair, q8_0 K with q4_0 V included: the exemption of the unmerged PR #27269 is not
  // master's (ggml-org/ggml syncs to llama.cpp d3cf1f14; PR #28079). -fa auto turns flash
  // attention off and the quantized V is refused; an all-quants build has the pair.
  const Report q8q4 = run_engine("llamacpp", {{"gpu", "H100"}, {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q4_0"}});
  EXPECT_TRUE(q8q4.fired("KVD203")) << codes(q8q4);
  const Report q8q4_all = run_engine("llamacpp", {{"gpu", "H100"}, {"backend", "CUDA_FA_ALL_QUANTS"},
                                                  {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q4_0"}});
  EXPECT_EQ(codes(q8q4_all).find("KVD20"), std::string::npos) << codes(q8q4_all);
  const Report q4q8 = run_engine("llamacpp", {{"gpu", "H100"}, {"kv-cache-dtype", "q4_0"}, {"v-cache-dtype", "q8_0"}});
  EXPECT_TRUE(q4q8.fired("KVD203")) << codes(q4q8);
  const Report on = run_engine("llamacpp", {{"gpu", "H100"}, {"kv-cache-dtype", "q4_0"}, {"v-cache-dtype", "q8_0"},
                                            {"flash-attention", "on"}});
  EXPECT_TRUE(on.fired("KVD202"));
  EXPECT_EQ(on.verdict(), Verdict::warn);
  const Report all = run_engine("llamacpp", {{"gpu", "H100"}, {"backend", "CUDA_FA_ALL_QUANTS"},
                                             {"kv-cache-dtype", "q4_0"}, {"v-cache-dtype", "q8_0"}});
  EXPECT_EQ(codes(all).find("KVD20"), std::string::npos) << codes(all);
  // Head sizes: 48 has no CUDA kernel; with an unquantized cache flash attention is just turned off.
  const Report h48 = run_engine("llamacpp", {{"gpu", "H100"}, {"head-size", "48"}});
  EXPECT_TRUE(h48.fired("KVD204"));
  // flash attention off with only K quantized is fine.
  const Report k_only = run_engine("llamacpp", {{"gpu", "H100"}, {"kv-cache-dtype", "q8_0"}, {"flash-attention", "off"}});
  EXPECT_FALSE(k_only.fired("KVD201"));
  EXPECT_NE(k_only.verdict(), Verdict::error);
}

TEST(LlamaCppLaunch, FlagsAndImages) {
  const io::LaunchCommand c = launch("./build/bin/llama-server -m /m/x.gguf -ctk q8_0 -ctv q4_0 -fa auto -ngl 99 -c 8192");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "/m/x.gguf");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  EXPECT_EQ(c.input.v_cache_dtype, "q4_0");
  EXPECT_EQ(c.input.flash_attention, "auto");
  EXPECT_EQ(c.input.max_model_len, "8192");
  EXPECT_TRUE(c.input.backend.empty());
  EXPECT_TRUE(c.input.refused_rule.empty());

  const io::LaunchCommand cpu = launch("llama-cli -m x.gguf -ngl 0");
  EXPECT_EQ(cpu.input.backend, "CPU");
  const io::LaunchCommand bad = launch("llama-server -m x.gguf -ctk fp8 -ctv q9_9");
  EXPECT_EQ(bad.input.refused_rule, "KVD200");
  EXPECT_EQ(bad.input.refused_value, "fp8") << "the first refusal is the one llama.cpp stops at";
  EXPECT_TRUE(bad.input.kv_cache_dtype.empty());
  const io::LaunchCommand img = launch("docker run --gpus all ghcr.io/ggml-org/llama.cpp:server-cuda -m /m/x.gguf -ctk q4_0");
  EXPECT_EQ(img.engine, Engine::llamacpp);
  EXPECT_EQ(img.input.kv_cache_dtype, "q4_0");
}

TEST(LmdeployLaunch, PolicyNamesAndNumbers) {
  for (auto [text, want] : {std::pair{"8", "8"}, {"int8", "8"}, {"fp8", "16"}, {"fp8_e4m3", "16"}, {"17", "17"},
                            {"none", "0"}, {"int4", "4"}, {"turbo_quant", "42"}}) {
    const io::LaunchCommand c = launch(std::string("lmdeploy serve api_server m --quant-policy ") + text);
    EXPECT_EQ(c.input.kv_cache_dtype, want) << text;
    EXPECT_TRUE(c.input.refused_rule.empty()) << text;
  }
  const io::LaunchCommand bad = launch("lmdeploy chat m --quant-policy 2");
  EXPECT_EQ(bad.input.refused_rule, "KVD240");
  EXPECT_EQ(bad.model, "m");
}

TEST(TrtllmLaunch, OptionsFileIsRead) {
  const auto dir = std::filesystem::temp_directory_path() / ("kvdtype-trtllm-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = (dir / "opts.yml").string();
  std::ofstream(path) << "attn_backend: FLASHINFER\ntensor_parallel_size: 4\nkv_cache_config:\n  dtype: fp8\n"
                         "quant_config:\n  kv_cache_quant_algo: FP8\n";
  const io::LaunchCommand c = launch("trtllm-serve m --extra_llm_api_options " + path);
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
  EXPECT_EQ(c.input.backend, "FLASHINFER");
  EXPECT_EQ(c.input.tensor_parallel_size, "4");
  EXPECT_EQ(c.input.checkpoint_kv_cache_dtype, "FP8");

  // Deep nesting is refused before yaml-cpp's recursive parser sees it.
  const auto deep = (dir / "deep.yml").string();
  std::ofstream(deep) << "a: " << std::string(10000, '[') << std::string(10000, ']') << "\n";
  auto words = io::split_command("trtllm-serve m --config " + deep);
  auto r = io::parse_launch_command(*words);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("nested deeper"), std::string::npos) << r.error().message;
  std::filesystem::remove_all(dir);
}

// NVIDIA Dynamo's TensorRT-LLM worker: its model flag (and the obsolete --model-path) and its
// --extra-engine-args YAML, TensorRT-LLM's LLM API options as trtllm-serve's options file is.
TEST(TrtllmLaunch, DynamoWorkerReadsItsEngineArgsFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("kvdtype-dynamo-trtllm-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = (dir / "engine.yaml").string();
  std::ofstream(path) << "kv_cache_config:\n  dtype: fp8\n";
  const io::LaunchCommand c = launch("python3 -m dynamo.trtllm --model-path nvidia/DeepSeek-R1-FP4 --served-model-name r1 "
                                     "--tensor-parallel-size 8 --extra-engine-args " + path);
  EXPECT_EQ(c.engine, Engine::trtllm);
  EXPECT_EQ(c.model, "nvidia/DeepSeek-R1-FP4");
  EXPECT_EQ(c.input.tensor_parallel_size, "8");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
  EXPECT_EQ(launch("python3 -m dynamo.trtllm --model m").model, "m");
  std::filesystem::remove_all(dir);
}

TEST(TrtllmTables, Nvfp4OnlyOnSm100Family) {
  for (auto [gpu, refused] : {std::pair{"B200", false}, {"B300", false}, {"H100", true}, {"RTX 5090", true}, {"L40S", true}}) {
    const Report r = run_engine("trtllm", {{"gpu", gpu}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "nvfp4"}});
    EXPECT_EQ(r.fired("KVD003"), refused) << gpu;
  }
}

TEST(Gguf, HeaderGeometryAndEveryDamagedCopyIsAnErrorNotACrash) {
  const std::string good_path = std::string(KVDTYPE_TEST_DATA_DIR) + "/gguf/llama3-8b-header.gguf";
  auto cfg = io::read_model_config(good_path);
  ASSERT_TRUE(cfg.ok()) << cfg.error().message;
  EXPECT_EQ(cfg->input.num_layers, "32");
  EXPECT_EQ(cfg->input.num_heads, "32");
  EXPECT_EQ(cfg->input.num_kv_heads, "8");
  EXPECT_EQ(cfg->input.head_size, "128");
  EXPECT_EQ(cfg->input.attention, "gqa");

  std::ifstream in(good_path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto tmp = std::filesystem::temp_directory_path() / ("kvdtype-gguf-" + std::to_string(::getpid()) + ".gguf");
  auto try_bytes = [&](const std::string& b) {
    std::ofstream(tmp, std::ios::binary | std::ios::trunc) << b;
    auto r = io::read_gguf_config(tmp);
    if (!r.ok()) {
      EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << r.error().message;
    }
  };
  for (std::size_t n = 0; n < bytes.size(); ++n) try_bytes(bytes.substr(0, n));  // every truncation
  for (std::size_t i = 4; i < bytes.size(); ++i) {                                 // every byte flipped
    std::string b = bytes;
    b[i] = static_cast<char>(~b[i]);
    try_bytes(b);
  }
  std::filesystem::remove(tmp);
}

}  // namespace
