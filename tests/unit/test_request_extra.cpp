// Issue 28's request inputs: parsing (src/core/request_extra.cpp), the When conditions on them
// (src/core/when_extra.cpp), the rows that use them, and the launch/config readers that fill them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/request.hpp"
#include "tables/rows/request_value.hpp"

namespace {

using kvdtype::Report;
using kvdtype::Request;
using kvdtype::RequestInput;
using kvdtype::Tri;
using Words = std::vector<std::string>;

RequestInput input(std::initializer_list<std::pair<const char*, const char*>> fields) {
  RequestInput in;
  for (const auto& [k, v] : fields) EXPECT_TRUE(in.set(k, v)) << k;
  return in;
}

Request request(std::initializer_list<std::pair<const char*, const char*>> fields) {
  auto r = kvdtype::make_request(input(fields));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

Report run(std::initializer_list<std::pair<const char*, const char*>> fields) { return kvdtype::check(request(fields)); }

std::string messages(const Report& rep) {
  std::string all;
  for (const kvdtype::Diagnostic& d : rep.diagnostics) all += kvdtype::message(d, rep) + "\n";
  return all;
}

TEST(RequestExtra, FieldsAreTypedAndNamesFoldedToLowerCase) {
  const Request r = request({{"model-architecture", "DeepseekV32ForCausalLM"}, {"model-type", "deepseek_v32"},
                             {"weight-quantization", "AWQ"}, {"kv-scale-layout", "both"},
                             {"speculative-method", "EAGLE3"}, {"num-speculative-tokens", "3"},
                             {"speculative-model", "org/drafter"}, {"kv-connector", "NixlConnector"},
                             {"dsa-prefill-backend", "TileLang"}, {"dsa-decode-backend", "flashmla_kv"},
                             {"hierarchical-cache", "yes"}, {"cuda-graph", "no"}});
  EXPECT_EQ(Request::text(r.model_architecture), "DeepseekV32ForCausalLM");
  EXPECT_EQ(Request::text(r.weight_quantization), "awq");
  EXPECT_EQ(r.kv_scale_layout, kvdtype::KvScaleLayout::both);
  EXPECT_EQ(Request::text(r.speculative_method), "eagle3");
  EXPECT_EQ(r.num_speculative_tokens, 3u);
  EXPECT_EQ(Request::text(r.kv_connector), "NixlConnector");
  EXPECT_EQ(Request::text(r.dsa_prefill_backend), "tilelang");
  EXPECT_EQ(r.hierarchical_cache, Tri::yes);
  EXPECT_EQ(r.cuda_graph, Tri::no);
  EXPECT_EQ(Request::text(r.unlisted), "");
  // A speculative method or a connector is the same fact a launch command sets as a flag.
  EXPECT_TRUE(r.flags & kvdtype::flag_speculative);
  EXPECT_TRUE(r.flags & kvdtype::flag_kv_connector);
}

TEST(RequestExtra, AbsentMeansNotGivenNeverADefault) {
  const Request r = request({{"gpu", "H100"}});
  EXPECT_EQ(Request::text(r.weight_quantization), "");
  EXPECT_EQ(r.kv_scale_layout, kvdtype::KvScaleLayout::unknown);
  EXPECT_EQ(r.num_speculative_tokens, 0u);
  EXPECT_EQ(r.cuda_graph, Tri::unknown);
  EXPECT_EQ(r.hierarchical_cache, Tri::unknown);
  EXPECT_FALSE(r.flags & kvdtype::flag_speculative);
}

TEST(RequestExtra, MalformedClosedValuesAreBadInputNamingTheFlag) {
  for (const auto& [field, value] : {std::pair{"kv-scale-layout", "kk"}, std::pair{"cuda-graph", "maybe"},
                                     std::pair{"hierarchical-cache", "2"}, std::pair{"num-speculative-tokens", "0"},
                                     std::pair{"num-speculative-tokens", "three"}}) {
    auto r = kvdtype::make_request(input({{field, value}}));
    ASSERT_FALSE(r.ok()) << field << " " << value;
    EXPECT_EQ(r.error().code, kvdtype::ErrorCode::bad_value);
    EXPECT_NE(r.error().message.find(std::string("--") + field), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(value), std::string::npos) << r.error().message;
  }
}

TEST(RequestExtra, AnUnlistedMethodIsAFindingNotAnError) {
  const Report rep = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"kv-cache-dtype", "fp8"}, {"weight-quantization", "newquant9"}});
  EXPECT_TRUE(rep.fired("KVD080"));
  EXPECT_NE(messages(rep).find("--weight-quantization 'newquant9'"), std::string::npos) << messages(rep);
  // Known names, and vLLM's whole MTP family by its suffix, are listed.
  EXPECT_TRUE(kvdtype::tables::request_value_known("speculative_method", "qwen3_5_mtp"));
  EXPECT_TRUE(kvdtype::tables::request_value_known("weight_quantization", "compressed-tensors"));
  EXPECT_FALSE(kvdtype::tables::request_value_known("dsa_decode_backend", "flashinfer"));
}

TEST(RequestExtra, WeightQuantizationConditionFiresOnlyWhenGiven) {
  // vllm#39137: the fp8_e5m2 gate also refuses weight-only AWQ checkpoints; the fix (#45040) has
  // no established release, so an unversioned check warns.
  const Report awq = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"kv-cache-dtype", "fp8_e5m2"}, {"weight-quantization", "awq"}});
  EXPECT_TRUE(awq.fired("KVD003")) << messages(awq);
  const Report plain = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                            {"kv-cache-dtype", "fp8_e5m2"}});
  EXPECT_FALSE(plain.fired("KVD003")) << "no weight quantization given: the row must not fire";
  const Report fp8w = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                           {"kv-cache-dtype", "fp8_e5m2"}, {"weight-quantization", "bitsandbytes"}});
  EXPECT_FALSE(fp8w.fired("KVD003")) << "a method outside the row's list";
}

TEST(RequestExtra, ScaleLayoutAndArchitectureConditions) {
  const Report v_only = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"kv-cache-dtype", "fp8"}, {"kv-scale-layout", "v"}});
  EXPECT_TRUE(v_only.fired("KVD003"));
  EXPECT_EQ(v_only.verdict(), kvdtype::Verdict::error);
  const Report both = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                           {"kv-cache-dtype", "fp8"}, {"kv-scale-layout", "both"}});
  EXPECT_FALSE(both.fired("KVD003"));
  // vllm#54623: the Qwen3.5 classes drop calibrated scales (v0.27.1); other architectures keep them.
  const Report qwen35 = run({{"engine", "vllm"}, {"engine-version", "0.27.1"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                             {"attention", "gqa"}, {"kv-cache-dtype", "fp8"}, {"kv-scales", "yes"},
                             {"model-architecture", "Qwen3_5ForConditionalGeneration"}});
  EXPECT_TRUE(qwen35.fired("KVD102")) << messages(qwen35);
  const Report llama = run({{"engine", "vllm"}, {"engine-version", "0.27.1"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                            {"attention", "gqa"}, {"kv-cache-dtype", "fp8"}, {"kv-scales", "yes"},
                            {"model-architecture", "LlamaForCausalLM"}});
  EXPECT_FALSE(llama.fired("KVD102"));
  const Report uncalibrated = run({{"engine", "vllm"}, {"engine-version", "0.27.1"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                                   {"attention", "gqa"}, {"kv-cache-dtype", "fp8"}, {"kv-scales", "no"},
                                   {"model-architecture", "Qwen3_5ForConditionalGeneration"}});
  EXPECT_FALSE(uncalibrated.fired("KVD102")) << "no scales to drop";
}

TEST(RequestExtra, DsaSubBackendCondition) {
  // sglang#31346: tilelang DSA kernels on CUDA read bfloat16 only.
  const Report tilelang = run({{"engine", "sglang"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                               {"head-size", "576"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "dsa"},
                               {"dsa-decode-backend", "tilelang"}});
  EXPECT_TRUE(tilelang.fired("KVD017")) << messages(tilelang);
  const Report flashmla = run({{"engine", "sglang"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                               {"head-size", "576"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "dsa"},
                               {"dsa-decode-backend", "flashmla_kv"}});
  EXPECT_EQ(messages(flashmla).find("tilelang"), std::string::npos) << messages(flashmla);
}

TEST(RequestExtra, LaunchCommandsFillTheFields) {
  auto vllm = kvdtype::io::parse_launch_command(Words{"vllm", "serve", "org/model", "--quantization", "awq", "--enforce-eager", "--speculative-config",
       R"({"method": "eagle3", "model": "org/eagle", "num_speculative_tokens": 4})", "--kv-transfer-config",
       R"({"kv_connector": "NixlConnector", "kv_role": "kv_both"})"});
  ASSERT_TRUE(vllm.ok()) << vllm.error().message;
  const RequestInput& v = vllm->input;
  EXPECT_EQ(v.weight_quantization, "awq");
  EXPECT_EQ(v.cuda_graph, "no");
  EXPECT_EQ(v.speculative_method, "eagle3");
  EXPECT_EQ(v.speculative_model, "org/eagle");
  EXPECT_EQ(v.num_speculative_tokens, "4");
  EXPECT_EQ(v.kv_connector, "NixlConnector");

  auto sglang = kvdtype::io::parse_launch_command(Words{"python", "-m", "sglang.launch_server", "--model-path", "org/model", "--nsa-prefill-backend", "tilelang",
       "--dsa-decode-backend", "flashmla_kv", "--speculative-algorithm", "EAGLE", "--speculative-num-steps", "3",
       "--enable-hierarchical-cache", "--disable-cuda-graph", "--disaggregation-mode", "decode"});
  ASSERT_TRUE(sglang.ok()) << sglang.error().message;
  const RequestInput& s = sglang->input;
  EXPECT_EQ(s.dsa_prefill_backend, "tilelang");
  EXPECT_EQ(s.dsa_decode_backend, "flashmla_kv");
  EXPECT_EQ(s.speculative_method, "EAGLE");
  EXPECT_EQ(s.num_speculative_tokens, "3");
  EXPECT_EQ(s.hierarchical_cache, "yes");
  EXPECT_EQ(s.cuda_graph, "no");
  EXPECT_EQ(s.kv_connector, "mooncake") << "SGLang's default transfer backend";

  auto plain = kvdtype::io::parse_launch_command(Words{"vllm", "serve", "org/model"});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->input.cuda_graph, "") << "no flag: CUDA graphs not given, never defaulted";
}

// Where the KV scales come from: SGLang's --quantization-param-path road assigned plain floats and
// never set k_scale_float (sglang#20705), while a checkpoint's tensors load through the weights.
TEST(RequestExtra, KvScalesSourceTellsTheScalesRoadsApart) {
  const Request file = request({{"kv-scales-source", "File"}});
  EXPECT_EQ(file.kv_scales_source, kvdtype::KvScalesSource::file);
  EXPECT_EQ(file.kv_scales, Tri::yes) << "scales from a file are calibrated scales";
  const Request said_no = request({{"kv-scales-source", "checkpoint"}, {"kv-scales", "no"}});
  EXPECT_EQ(said_no.kv_scales, Tri::no) << "a value given is never overwritten";
  auto bad = kvdtype::make_request(input({{"kv-scales-source", "json"}}));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("--kv-scales-source"), std::string::npos) << bad.error().message;

  auto sglang = kvdtype::io::parse_launch_command(
      Words{"python", "-m", "sglang.launch_server", "--model-path", "org/model", "--quantization-param-path", "s.json"});
  ASSERT_TRUE(sglang.ok()) << sglang.error().message;
  EXPECT_EQ(sglang->input.kv_scales_source, "file");
  auto vllm = kvdtype::io::parse_launch_command(Words{"vllm", "serve", "org/model", "--calculate-kv-scales"});
  ASSERT_TRUE(vllm.ok()) << vllm.error().message;
  EXPECT_EQ(vllm->input.kv_scales_source, "computed");

  const Report fa3_file = run({{"engine", "sglang"}, {"engine-version", "0.5.9"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                               {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "fa3"},
                               {"kv-scales-source", "file"}});
  EXPECT_TRUE(fa3_file.fired("KVD070")) << messages(fa3_file);
  const Report fa3_ckpt = run({{"engine", "sglang"}, {"engine-version", "0.5.9"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                               {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "fa3"},
                               {"kv-scales-source", "checkpoint"}});
  EXPECT_EQ(messages(fa3_ckpt).find("expand"), std::string::npos) << messages(fa3_ckpt);
  const Report fa3_unknown = run({{"engine", "sglang"}, {"engine-version", "0.5.9"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"},
                                  {"attention", "gqa"}, {"head-size", "128"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "fa3"},
                                  {"kv-scales", "yes"}});
  EXPECT_EQ(messages(fa3_unknown).find("expand"), std::string::npos) << "the source not given: the row is not judged";
}

// SGLang's chunked prefix cache (MLA): off, trtllm_mla's cached-prefix prefill falls back to the
// FlashInfer MLA wrapper, which converts an fp8 pool to bf16 whole (sglang#40266).
TEST(RequestExtra, ChunkedPrefixCacheCondition) {
  auto sglang = kvdtype::io::parse_launch_command(
      Words{"python", "-m", "sglang.launch_server", "--model-path", "org/model", "--disable-chunked-prefix-cache"});
  ASSERT_TRUE(sglang.ok()) << sglang.error().message;
  EXPECT_EQ(sglang->input.chunked_prefix_cache, "no");
  auto plain = kvdtype::io::parse_launch_command(Words{"python", "-m", "sglang.launch_server", "--model-path", "org/model"});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->input.chunked_prefix_cache, "") << "not given, never defaulted";

  auto mla = [](const char* chunked) {
    return run({{"engine", "sglang"}, {"engine-version", "0.5.20"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"},
                {"attention", "mla"}, {"head-size", "576"}, {"kv-cache-dtype", "fp8_e4m3"}, {"backend", "trtllm_mla"},
                {"chunked-prefix-cache", chunked}});
  };
  const Report off = mla("no");
  EXPECT_TRUE(off.fired("KVD102")) << messages(off);
  EXPECT_NE(messages(off).find("FlashInfer MLA wrapper"), std::string::npos) << messages(off);
  EXPECT_EQ(messages(mla("yes")).find("FlashInfer MLA wrapper"), std::string::npos);
}

TEST(RequestExtra, ModelConfigGivesArchitectureTypeAndQuantMethod) {
  auto m = kvdtype::io::parse_model_config(
      R"({"architectures": ["Gemma4ForConditionalGeneration"], "model_type": "gemma4", "num_attention_heads": 32,
          "num_hidden_layers": 4, "hidden_size": 4096,
          "quantization_config": {"quant_method": "compressed-tensors", "format": "pack-quantized"}})",
      "config.json");
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->input.model_architecture, "Gemma4ForConditionalGeneration");
  EXPECT_EQ(m->input.model_type, "gemma4");
  EXPECT_EQ(m->input.weight_quantization, "compressed-tensors");
  EXPECT_EQ(m->input.kv_scale_layout, "") << "a config does not say which scale tensors exist";
}

}  // namespace
