// Hugging Face model configs: the shipped configs (tests/data/models) and the files that must be
// refused.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <unistd.h>

#include "kvdtype/io/model_config.hpp"
#include "kvdtype/request.hpp"

namespace {

namespace fs = std::filesystem;
using kvdtype::ErrorCode;
using kvdtype::io::ModelConfig;
using kvdtype::io::parse_model_config;
using kvdtype::io::read_model_config;

fs::path models() { return fs::path(KVDTYPE_TEST_DATA_DIR) / "models"; }

ModelConfig read_ok(const std::string& name) {
  auto r = read_model_config(models() / name);
  EXPECT_TRUE(r.ok()) << name << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : ModelConfig{};
}

ModelConfig parse_ok(std::string_view text) {
  auto r = parse_model_config(text, "inline");
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : ModelConfig{};
}

// The request fields a config fills, by name, for compact expectations.
std::map<std::string, std::string> geometry(const ModelConfig& m) {
  const kvdtype::RequestInput& i = m.input;
  std::map<std::string, std::string> out = {
      {"model_dtype", i.model_dtype},         {"attention", i.attention},
      {"num_heads", i.num_heads},             {"num_kv_heads", i.num_kv_heads},
      {"head_size", i.head_size},             {"head_size_v", i.head_size_v},
      {"num_layers", i.num_layers},           {"num_kv_layers", i.num_kv_layers},
      {"kv_lora_rank", i.kv_lora_rank},       {"qk_rope_head_dim", i.qk_rope_head_dim},
      {"qk_nope_head_dim", i.qk_nope_head_dim}, {"index_topk", i.index_topk},
      {"checkpoint_kv_cache_dtype", i.checkpoint_kv_cache_dtype}, {"kv_scales", i.kv_scales},
  };
  for (auto it = out.begin(); it != out.end();) it = it->second.empty() ? out.erase(it) : std::next(it);
  return out;
}

using G = std::map<std::string, std::string>;

TEST(ModelConfigShipped, DenseAndMoeGqa) {
  EXPECT_EQ(geometry(read_ok("llama3-8b")), (G{{"model_dtype", "bfloat16"}, {"attention", "gqa"}, {"num_heads", "32"},
                                              {"num_kv_heads", "8"}, {"head_size", "128"}, {"num_layers", "32"}}));
  EXPECT_EQ(geometry(read_ok("llama3-70b")), (G{{"model_dtype", "bfloat16"}, {"attention", "gqa"}, {"num_heads", "64"},
                                               {"num_kv_heads", "8"}, {"head_size", "128"}, {"num_layers", "80"}}));
  EXPECT_EQ(geometry(read_ok("qwen3-8b")), (G{{"model_dtype", "bfloat16"}, {"attention", "gqa"}, {"num_heads", "32"},
                                             {"num_kv_heads", "8"}, {"head_size", "128"}, {"num_layers", "36"}}));
  EXPECT_EQ(geometry(read_ok("qwen3-30b-a3b")), (G{{"model_dtype", "bfloat16"}, {"attention", "gqa"}, {"num_heads", "32"},
                                                  {"num_kv_heads", "4"}, {"head_size", "128"}, {"num_layers", "48"}}));
  EXPECT_EQ(geometry(read_ok("mixtral-8x7b")), (G{{"model_dtype", "bfloat16"}, {"attention", "gqa"}, {"num_heads", "32"},
                                                 {"num_kv_heads", "8"}, {"head_size", "128"}, {"num_layers", "32"}}));
  const ModelConfig llama = read_ok("llama3-8b");
  EXPECT_EQ(llama.model_type, "llama");
  EXPECT_EQ(llama.architecture, "LlamaForCausalLM");
  EXPECT_EQ(llama.input.weight_gib, "14.958");  // 16060522496 bytes from the safetensors index
  EXPECT_NE(llama.path.find("config.json"), std::string::npos);
}

TEST(ModelConfigShipped, DeepSeekV3IsMlaWithA576Latent) {
  const ModelConfig m = read_ok("deepseek-v3");
  EXPECT_EQ(geometry(m), (G{{"model_dtype", "bfloat16"}, {"attention", "mla"}, {"num_heads", "128"},
                            {"num_kv_heads", "1"}, {"head_size", "576"}, {"num_layers", "61"},
                            {"kv_lora_rank", "512"}, {"qk_rope_head_dim", "64"}, {"qk_nope_head_dim", "128"}}));
  EXPECT_EQ(m.model_type, "deepseek_v3");
  // fp8 block weights (quant_method fp8) say nothing about the KV cache.
  EXPECT_EQ(m.input.checkpoint_kv_cache_dtype, "");
}

TEST(ModelConfigShipped, SparseMla) {
  EXPECT_EQ(geometry(read_ok("deepseek-v3.2")),
            (G{{"model_dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"num_heads", "128"}, {"num_kv_heads", "1"},
               {"head_size", "576"}, {"num_layers", "61"}, {"kv_lora_rank", "512"}, {"qk_rope_head_dim", "64"},
               {"qk_nope_head_dim", "128"}, {"index_topk", "2048"}}));
  // GLM-5.3-Flash style: multimodal wrapper, NoPE latent (rope 0), 11 DSA layers of 45.
  const ModelConfig glm = read_ok("glm-5.3-flash-style");
  EXPECT_EQ(geometry(glm), (G{{"model_dtype", "bfloat16"}, {"attention", "sparse-mla"}, {"num_heads", "64"},
                              {"num_kv_heads", "1"}, {"head_size", "512"}, {"num_layers", "45"}, {"num_kv_layers", "11"},
                              {"kv_lora_rank", "512"}, {"qk_rope_head_dim", "0"}, {"qk_nope_head_dim", "256"},
                              {"index_topk", "2048"}}));
  EXPECT_EQ(glm.model_type, "glm5_next");
  EXPECT_EQ(glm.architecture, "Glm5NextForConditionalGeneration");
}

TEST(ModelConfigShipped, KimiK2) {
  EXPECT_EQ(geometry(read_ok("kimi-k2")),
            (G{{"model_dtype", "bfloat16"}, {"attention", "mla"}, {"num_heads", "64"}, {"num_kv_heads", "1"},
               {"head_size", "576"}, {"num_layers", "61"}, {"kv_lora_rank", "512"}, {"qk_rope_head_dim", "64"},
               {"qk_nope_head_dim", "128"}}));
}

TEST(ModelConfigShipped, HybridModelsCountOnlyKvLayers) {
  const ModelConfig next = read_ok("qwen3-next-80b-a3b");
  EXPECT_EQ(geometry(next), (G{{"model_dtype", "bfloat16"}, {"attention", "gqa"}, {"num_heads", "16"},
                               {"num_kv_heads", "2"}, {"head_size", "256"}, {"num_layers", "48"}, {"num_kv_layers", "12"}}));
  const ModelConfig jamba = read_ok("jamba-style");
  EXPECT_EQ(jamba.input.num_layers, "32");
  EXPECT_EQ(jamba.input.num_kv_layers, "4");
}

TEST(ModelConfigShipped, CheckpointKvQuantization) {
  const ModelConfig modelopt = read_ok("llama3.1-8b-fp8-modelopt");
  EXPECT_EQ(modelopt.input.checkpoint_kv_cache_dtype, "fp8");
  EXPECT_EQ(modelopt.input.kv_scales, "yes");
  EXPECT_EQ(read_ok("llama3.3-70b-nvfp4-modelopt").input.checkpoint_kv_cache_dtype, "fp8");  // NVFP4 weights, FP8 KV
  EXPECT_EQ(read_ok("llama3.1-8b-fp8-kv-compressed-tensors").input.checkpoint_kv_cache_dtype, "fp8");
  const ModelConfig nvfp4 = read_ok("qwen3-8b-nvfp4-kv-compressed-tensors");
  EXPECT_EQ(nvfp4.input.checkpoint_kv_cache_dtype, "nvfp4");
  EXPECT_EQ(nvfp4.input.kv_scales, "yes");
  EXPECT_EQ(read_ok("llama3-8b").input.kv_scales, "");
}

TEST(ModelConfigShipped, EveryShippedConfigIsValidRequestInput) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(models())) {
    if (!e.is_directory()) continue;
    ++n;
    SCOPED_TRACE(e.path().filename().string());
    const ModelConfig m = read_ok(e.path().filename().string());
    EXPECT_FALSE(m.input.num_layers.empty());
    EXPECT_FALSE(m.input.head_size.empty());
    EXPECT_FALSE(m.input.attention.empty());
    auto r = kvdtype::make_request(m.input);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  }
  EXPECT_GE(n, 12);
}

TEST(ModelConfigShipped, AFileOrItsDirectory) {
  auto dir = read_model_config(models() / "qwen3-8b");
  auto file = read_model_config(models() / "qwen3-8b" / "config.json");
  ASSERT_TRUE(dir.ok() && file.ok());
  EXPECT_EQ(geometry(*dir), geometry(*file));
}

// ----------------------------------------------------------------------------------------------
// Keys read from text.

TEST(ModelConfigParse, MhaMqaAndHeadSizeFromHidden) {
  EXPECT_EQ(parse_ok(R"({"num_attention_heads": 16, "hidden_size": 2048, "num_hidden_layers": 24})").input.attention, "mha");
  const ModelConfig mqa = parse_ok(R"({"n_head": 48, "n_embd": 6144, "n_layer": 40, "multi_query": true})");
  EXPECT_EQ(mqa.input.attention, "mqa");
  EXPECT_EQ(mqa.input.num_kv_heads, "1");
  EXPECT_EQ(mqa.input.head_size, "128");
  EXPECT_EQ(parse_ok(R"({"num_attention_heads": 8, "num_key_value_heads": 1, "head_dim": 256})").input.attention, "mqa");
  // head_dim null falls back to hidden / heads; float-typed integers are accepted.
  const ModelConfig h = parse_ok(R"({"num_attention_heads": 32.0, "hidden_size": 4096, "head_dim": null})");
  EXPECT_EQ(h.input.head_size, "128");
  EXPECT_EQ(h.input.num_heads, "32");
}

TEST(ModelConfigParse, DtypeSpellings) {
  EXPECT_EQ(parse_ok(R"({"dtype": "float16"})").input.model_dtype, "float16");  // transformers >= 4.56
  EXPECT_EQ(parse_ok(R"({"torch_dtype": "auto"})").input.model_dtype, "");
  EXPECT_EQ(parse_ok(R"({"torch_dtype": "float32", "text_config": {"torch_dtype": "bfloat16"}})").input.model_dtype,
            "bfloat16");  // the decoder's own dtype wins
  EXPECT_EQ(parse_ok(R"({"thinker_config": {"text_config": {"torch_dtype": "bfloat16", "num_attention_heads": 28,
                                                            "num_key_value_heads": 4, "hidden_size": 3584}}})")
                .input.num_kv_heads,
            "4");
}

TEST(ModelConfigParse, MlaIgnoresTheDecompressedHeadDim) {
  // GLM-5 style: a head_dim key that is not the cache's, v_head_dim 256.
  const ModelConfig m = parse_ok(R"({"model_type": "glm_moe_dsa", "num_attention_heads": 64, "num_key_value_heads": 64,
      "head_dim": 64, "kv_lora_rank": 512, "qk_rope_head_dim": 64, "qk_nope_head_dim": 192, "v_head_dim": 256,
      "num_hidden_layers": 78})");
  EXPECT_EQ(m.input.attention, "sparse-mla");  // glm_moe_dsa is DSA even without index_topk
  EXPECT_EQ(m.input.head_size, "576");
  EXPECT_EQ(m.input.head_size_v, "");
  EXPECT_EQ(m.input.num_kv_heads, "1");
}

TEST(ModelConfigParse, LayerPatterns) {
  // Sliding-window layers keep a cache: all six count.
  EXPECT_EQ(parse_ok(R"({"num_hidden_layers": 6, "layer_types": ["sliding_attention", "sliding_attention",
      "full_attention", "sliding_attention", "sliding_attention", "full_attention"]})")
                .input.num_kv_layers,
            "6");
  EXPECT_EQ(parse_ok(R"({"num_hidden_layers": 4, "layers_block_type": ["mamba", "attention", "mamba", "mamba"]})")
                .input.num_kv_layers,
            "1");
  EXPECT_EQ(parse_ok(R"({"num_hidden_layers": 8, "hybrid_override_pattern": "M-M*M-M*"})").input.num_kv_layers, "2");
  EXPECT_EQ(parse_ok(R"({"num_hidden_layers": 4, "attn_type_list": [0, 1, 0, 1]})").input.num_kv_layers, "2");
  EXPECT_EQ(parse_ok(R"({"num_hidden_layers": 4})").input.num_kv_layers, "");
}

TEST(ModelConfigParse, QuantizationConfigs) {
  EXPECT_EQ(parse_ok(R"({"quantization_config": {"quant_method": "modelopt", "quant_algo": "FP8",
                          "kv_cache_quant_algo": "FP8"}})")
                .input.checkpoint_kv_cache_dtype,
            "fp8");
  EXPECT_EQ(parse_ok(R"({"quantization_config": {"kv_cache_scheme": {"num_bits": 8, "type": "int"}}})")
                .input.checkpoint_kv_cache_dtype,
            "");  // INT8 KV is not modelled: unknown, not wrong
  EXPECT_EQ(parse_ok(R"({"quantization_config": {"kv_cache_quant_algo": null}})").input.checkpoint_kv_cache_dtype, "");
  const char* quark = R"({"quantization_config": {"quant_method": "quark", "kv_cache_group": ["*k_proj", "*v_proj"],
      "layer_quant_config": {"*k_proj": {"output_tensors": {"dtype": "fp8_e4m3"}},
                             "*v_proj": {"output_tensors": {"dtype": "fp8_e4m3"}}}}})";
  EXPECT_EQ(parse_ok(quark).input.checkpoint_kv_cache_dtype, "fp8");
  auto hf = parse_model_config(R"({"num_attention_heads": 8})", "inline",
                               R"({"quantization": {"quant_algo": "NVFP4", "kv_cache_quant_algo": "NVFP4"}})");
  ASSERT_TRUE(hf.ok());
  EXPECT_EQ(hf->input.checkpoint_kv_cache_dtype, "nvfp4");
}

// ----------------------------------------------------------------------------------------------
// Refused files: bad_file, one line, the file named.

class ModelConfigFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("kvdtype-model-config-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  static void expect_bad_file(const fs::path& p, std::string_view problem, const std::string& names) {
    auto r = read_model_config(p);
    ASSERT_FALSE(r.ok()) << p;
    EXPECT_EQ(r.error().code, ErrorCode::bad_file);
    EXPECT_NE(r.error().message.find(names), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(problem), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << r.error().message;
  }
  fs::path dir_;
};

TEST_F(ModelConfigFiles, Missing) {
  expect_bad_file(dir_ / "nope" / "config.json", "no such file", "nope/config.json");
  expect_bad_file(dir_, "without config.json", dir_.string());
}

TEST_F(ModelConfigFiles, DirectoryWhereAFileIsExpected) {
  fs::create_directories(dir_ / "m" / "config.json");
  expect_bad_file(dir_ / "m", "is a directory", "m/config.json");
}

TEST_F(ModelConfigFiles, Malformed) {
  expect_bad_file(write("bad/config.json", R"({"num_attention_heads": 32,)"), "invalid JSON", "bad/config.json");
  expect_bad_file(write("arr/config.json", "[1, 2, 3]"), "not a JSON object", "arr/config.json");
  expect_bad_file(write("empty/config.json", ""), "empty file", "empty/config.json");
  write("q/config.json", R"({"num_attention_heads": 32})");
  expect_bad_file(write("q/hf_quant_config.json", "{broken"), "invalid JSON", "q/hf_quant_config.json");
}

TEST_F(ModelConfigFiles, Oversized) {
  std::string big = R"({"pad": ")";
  big.append(kvdtype::io::kMaxConfigBytes, 'x');
  big += "\"}";
  expect_bad_file(write("big/config.json", big), "larger than 4 MiB", "big/config.json");
}

TEST_F(ModelConfigFiles, TooDeep) {
  std::string deep(kvdtype::io::kMaxConfigDepth + 1, '[');
  deep += std::string(kvdtype::io::kMaxConfigDepth + 1, ']');
  expect_bad_file(write("deep/config.json", R"({"a": )" + deep + "}"), "nested deeper than 64", "deep/config.json");
  // A million brackets: refused on the token stream, no DOM built.
  expect_bad_file(write("deeper/config.json", std::string(1'000'000, '[')), "nested deeper", "deeper/config.json");
  // 64 levels exactly are fine.
  std::string ok(kvdtype::io::kMaxConfigDepth - 1, '[');
  ok += std::string(kvdtype::io::kMaxConfigDepth - 1, ']');
  EXPECT_TRUE(read_model_config(write("ok/config.json", R"({"a": )" + ok + "}")).ok());
}

TEST_F(ModelConfigFiles, Binary) {
  std::string bin = "\x93NUMPY\x01\x00";
  bin.append(100, '\0');
  expect_bad_file(write("bin/config.json", bin), "binary", "bin/config.json");
  expect_bad_file(write("latin/config.json", "{\"a\": \"\xff\xfe\"}"), "invalid JSON", "latin/config.json");
}

TEST_F(ModelConfigFiles, SpecialFile) {
  if (!fs::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  expect_bad_file("/dev/zero", "not a regular file", "/dev/zero");
}

TEST_F(ModelConfigFiles, WeightsWithoutIndex) {
  write("w/config.json", R"({"num_attention_heads": 8, "hidden_size": 512, "num_hidden_layers": 2})");
  write("w/model.safetensors", std::string(3u << 20, 'w'));
  auto r = read_model_config(dir_ / "w");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->input.weight_gib, "0.003");
}

TEST(ModelConfigParseErrors, NameTheSource) {
  auto r = parse_model_config("{", "my/config.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::bad_file);
  EXPECT_EQ(r.error().message.rfind("my/config.json: invalid JSON", 0), 0u) << r.error().message;
}

}  // namespace
