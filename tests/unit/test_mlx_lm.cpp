// MLX-LM: its launch commands (which program takes the KV flags), the kv strings the two flags
// make, the affine byte layout of QuantizedKVCache, and where MLX runs. Also the llama.cpp
// backends whose flash-attention coverage came with it (Vulkan head sizes by multiple).
#include <gtest/gtest.h>

#include <string>

#include "core/layout_bytes.hpp"
#include "kvdtype/io/launch.hpp"
#include "report_helpers.hpp"
#include "tables/tables.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::backend;
using kvdtype::test::fmt;
using kvdtype::test::launch;
using kvdtype::test::run_engine;

bool has(const Report& r, std::string_view code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule != nullptr && d.rule->code == code) return true;
  return false;
}

TEST(MlxLmLaunch, EveryProgramFormIsMlxLm) {
  for (const char* text : {"mlx_lm.server --model m", "mlx_lm.generate --model m", "mlx_lm server --model m",
                           "mlx_lm generate --model m", "python -m mlx_lm server --model m",
                           "python -m mlx_lm generate --model m", "python3 -m mlx_lm.server --model m",
                           "/opt/venv/bin/mlx_lm.generate --model m"}) {
    const io::LaunchCommand c = launch(text);
    EXPECT_EQ(c.engine, Engine::mlx_lm) << text;
    EXPECT_EQ(c.model, "m") << text;
  }
}

TEST(MlxLmLaunch, OtherSubcommandsAreNotServing) {
  auto words = io::split_command("mlx_lm convert --hf-path x");
  ASSERT_TRUE(words.ok());
  const auto r = io::parse_launch_command(*words);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("mlx_lm generate"), std::string::npos) << r.error().message;
}

TEST(MlxLmLaunch, BitsAndGroupMakeOneString) {
  for (auto [args, want] : {std::pair{"--kv-bits 4", "4"}, {"--kv-bits 4 --kv-group-size 32", "4g32"},
                            {"--kv-group-size 128 --kv-bits 8", "8g128"}, {"--kv-bits 3 --kv-group-size 64", "3"}}) {
    const io::LaunchCommand c = launch(std::string("mlx_lm.generate --model m ") + args);
    EXPECT_EQ(c.input.kv_cache_dtype, want) << args;
    EXPECT_TRUE(c.input.refused_rule.empty()) << args;
    EXPECT_EQ(c.input.flags & flag_mlx_server_kv_flags, 0u) << args;
  }
  // No --kv-bits: the group size does nothing, and the cache stays the default.
  const io::LaunchCommand none = launch("mlx_lm.generate --model m --kv-group-size 32");
  EXPECT_TRUE(none.input.kv_cache_dtype.empty());
}

TEST(MlxLmLaunch, WidthsMlxCannotQuantizeAreRefused) {
  for (const char* args : {"--kv-bits 7", "--kv-bits 16", "--kv-bits 0", "--kv-bits four", "--kv-bits 4 --kv-group-size 16"}) {
    const io::LaunchCommand c = launch(std::string("mlx_lm.generate --model m ") + args);
    EXPECT_EQ(c.input.refused_rule, "KVD293") << args;
  }
}

TEST(MlxLmLaunch, ServerKvFlagsAreMarkedGenerateOnesAreNot) {
  for (const char* text : {"mlx_lm.server --model m --kv-bits 4", "mlx_lm server --model m --max-kv-size 100",
                           "python -m mlx_lm.server --model m --quantized-kv-start 0"}) {
    EXPECT_NE(launch(text).input.flags & flag_mlx_server_kv_flags, 0u) << text;
  }
  EXPECT_EQ(launch("mlx_lm.server --model m --port 8080").input.flags & flag_mlx_server_kv_flags, 0u);
  const io::LaunchCommand rot = launch("mlx_lm.generate --model m --kv-bits 8 --max-kv-size 4096");
  EXPECT_NE(rot.input.flags & flag_mlx_rotating_cache, 0u);
  EXPECT_EQ(rot.input.flags & flag_mlx_server_kv_flags, 0u);
}

TEST(MlxLmBytes, AffineSideBytesFollowMxQuantize) {
  // head 128: 4 bits = 16 uint32 words (64 bytes) + 2 groups x (scale + bias) x 2 bytes.
  EXPECT_EQ(detail::mlx_affine_side_bytes(128, 4, 64, 2), 64u + 8u);
  EXPECT_EQ(detail::mlx_affine_side_bytes(128, 8, 64, 2), 128u + 8u);
  EXPECT_EQ(detail::mlx_affine_side_bytes(128, 4, 32, 2), 64u + 16u);
  EXPECT_EQ(detail::mlx_affine_side_bytes(128, 8, 128, 4), 128u + 8u);  // float32 scales
  EXPECT_EQ(detail::mlx_affine_side_bytes(128, 5, 64, 2), 80u + 8u);
  EXPECT_EQ(detail::mlx_affine_side_bytes(80, 3, 64, 2), 32u + 8u);  // 240 bits -> 8 words; 2 groups
  EXPECT_EQ(detail::mlx_affine_side_bytes(0, 4, 64, 2), 0u);
  EXPECT_EQ(detail::mlx_affine_side_bytes(128, 4, 64, 0), 0u);
}

TEST(MlxLmBytes, PlanBytesUseTheModelDtypeForScales) {
  const Report r = run_engine("mlx_lm", {{"gpu", "Apple M2 Ultra"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "4"},
                                         {"num-kv-heads", "8"}, {"head-size", "128"}, {"num-layers", "36"}});
  ASSERT_TRUE(r.plan.bytes_per_token_per_layer.has_value());
  EXPECT_EQ(*r.plan.bytes_per_token_per_layer, 8u * 2u * 72u);
  EXPECT_EQ(backend(r), "METAL");
  EXPECT_EQ(fmt(r.plan.k.format), "uint4");
  const Report f32 = run_engine("mlx_lm", {{"gpu", "Apple M2 Ultra"}, {"model-dtype", "float32"}, {"kv-cache-dtype", "8g32"},
                                           {"num-kv-heads", "1"}, {"head-size", "64"}, {"num-layers", "1"}});
  ASSERT_TRUE(f32.plan.bytes_per_token_per_layer.has_value());
  EXPECT_EQ(*f32.plan.bytes_per_token_per_layer, 2u * (64u + 2u * 2u * 4u));
  // Without the model dtype the scales have no size: the bytes stay unknown, never a guess.
  const Report unknown = run_engine("mlx_lm", {{"gpu", "Apple M2 Ultra"}, {"kv-cache-dtype", "4"}, {"num-kv-heads", "8"},
                                               {"head-size", "128"}, {"num-layers", "36"}});
  EXPECT_FALSE(unknown.plan.bytes_per_token_per_layer.has_value());
}

TEST(MlxLmDevices, AppleCudaCpuOnly) {
  EXPECT_EQ(backend(run_engine("mlx_lm", {{"gpu", "Apple M4 Max"}, {"model-dtype", "bfloat16"}})), "METAL");
  EXPECT_EQ(backend(run_engine("mlx_lm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}})), "CUDA");
  const Report arc = run_engine("mlx_lm", {{"gpu", "Arc A770 16GB"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "4"}});
  EXPECT_EQ(backend(arc), "none");
  EXPECT_NE(arc.verdict(), Verdict::ok);
  const Report cuda_q = run_engine("mlx_lm", {{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"kv-cache-dtype", "4"}});
  EXPECT_TRUE(has(cuda_q, "KVD080"));
}

TEST(LlamaCppVulkan, HeadSizesAreMultiplesOfEightAndBf16HasNoKernel) {
  const Report ok = run_engine("llamacpp", {{"gpu", "Arc A770 16GB"}, {"backend", "VULKAN"}, {"kv-cache-dtype", "q8_0"},
                                            {"v-cache-dtype", "q8_0"}, {"flash-attention", "on"}, {"head-size", "72"}});
  EXPECT_FALSE(has(ok, "KVD202"));
  const Report odd = run_engine("llamacpp", {{"gpu", "Arc A770 16GB"}, {"backend", "VULKAN"}, {"kv-cache-dtype", "q8_0"},
                                             {"v-cache-dtype", "q8_0"}, {"flash-attention", "on"}, {"head-size", "100"}});
  EXPECT_TRUE(has(odd, "KVD202"));
  const Report bf16 = run_engine("llamacpp", {{"gpu", "Arc A770 16GB"}, {"backend", "VULKAN"}, {"kv-cache-dtype", "bf16"},
                                              {"v-cache-dtype", "bf16"}, {"flash-attention", "on"}});
  EXPECT_TRUE(has(bf16, "KVD202"));
}

TEST(LlamaCppMetal, MixedPairsAndIq4NlRunOnTheCpu) {
  const Report same = run_engine("llamacpp", {{"gpu", "Apple M4 Max"}, {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q8_0"},
                                              {"flash-attention", "on"}, {"head-size", "128"}});
  EXPECT_EQ(backend(same), "METAL");
  EXPECT_FALSE(has(same, "KVD202"));
  const Report iq4 = run_engine("llamacpp", {{"gpu", "Apple M4 Max"}, {"kv-cache-dtype", "iq4_nl"}, {"v-cache-dtype", "iq4_nl"},
                                             {"flash-attention", "on"}, {"head-size", "128"}});
  EXPECT_TRUE(has(iq4, "KVD202"));
  const Report h512 = run_engine("llamacpp", {{"gpu", "Apple M4 Max"}, {"kv-cache-dtype", "f16"}, {"flash-attention", "on"},
                                              {"head-size", "512"}});
  EXPECT_FALSE(has(h512, "KVD202"));
}

TEST(LlamaCppCann, AscendTakesCannWhichHasF16Only) {
  const Report q8 = run_engine("llamacpp", {{"gpu", "Ascend 910B3"}, {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q8_0"}});
  EXPECT_EQ(backend(q8), "CANN");
  EXPECT_TRUE(has(q8, "KVD203"));
}

}  // namespace
