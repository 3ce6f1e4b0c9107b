// Issue 28's per-layer inputs: attention sinks, the sliding window, the layer groups of hybrid
// models and the drafter's own cache string — parsing (src/core/request_layers.cpp), the When
// conditions on them (src/core/when_extra.cpp), the per-layer plan (resolve.cpp), the rules
// KVD090–KVD092, and the config and launch readers that fill them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/request.hpp"
#include "core/when_extra.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/constraint.hpp"

namespace {

using kvdtype::LayerKind;
using kvdtype::Report;
using kvdtype::Request;
using kvdtype::RequestInput;
using kvdtype::Tri;
using Fields = std::initializer_list<std::pair<const char*, const char*>>;

RequestInput input(Fields fields) {
  RequestInput in;
  for (const auto& [k, v] : fields) EXPECT_TRUE(in.set(k, v)) << k;
  return in;
}

Request request(Fields fields) {
  auto r = kvdtype::make_request(input(fields));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

std::string error_of(Fields fields) {
  auto r = kvdtype::make_request(input(fields));
  return r.ok() ? std::string() : r.error().message;
}

Report run(Fields fields) { return kvdtype::check(request(fields)); }

TEST(RequestLayers, GroupsAreParsedMergedAndFillTheKvLayerCount) {
  const Request r = request({{"head-size", "256"}, {"num-kv-heads", "8"}, {"num-layers", "60"}, {"sliding-window", "1024"},
                             {"layer-groups", "full:5:h512:kv4, sliding:25, full:5:h512:kv4,sliding:25"},
                             {"attention-sinks", "no"}});
  ASSERT_EQ(r.layer_groups.size(), 2u) << "the same kind and shape twice is one group";
  EXPECT_EQ(r.layer_groups[0].kind, LayerKind::full);
  EXPECT_EQ(r.layer_groups[0].layers, 10u);
  EXPECT_EQ(r.layer_groups[0].head_size, 512u);
  EXPECT_EQ(r.layer_groups[0].num_kv_heads, 4u);
  EXPECT_EQ(r.layer_groups[1].kind, LayerKind::sliding);
  EXPECT_EQ(r.layer_groups[1].window, 1024u) << "a sliding group without w… takes --sliding-window";
  EXPECT_EQ(r.geometry.num_kv_layers, 60u);
  EXPECT_EQ(r.sliding_window, 1024u);
  EXPECT_EQ(r.attention_sinks, Tri::no);
  EXPECT_TRUE(r.has_layers(LayerKind::sliding));
  EXPECT_FALSE(r.has_layers(LayerKind::mamba));
}

TEST(RequestLayers, BadGroupsAreOneLineErrorsNamingTheValue) {
  EXPECT_NE(error_of({{"layer-groups", "fulll:10"}}).find("unknown layer kind 'fulll'"), std::string::npos);
  EXPECT_NE(error_of({{"layer-groups", "full:ten"}}).find("layer count 'ten'"), std::string::npos);
  EXPECT_NE(error_of({{"layer-groups", "full:10:x5"}}).find("'x5' is not hHEAD"), std::string::npos);
  EXPECT_NE(error_of({{"layer-groups", "full:10:w128"}}).find("sliding group only"), std::string::npos);
  EXPECT_NE(error_of({{"layer-groups", "mamba:10:h64"}}).find("keeps a state"), std::string::npos);
  EXPECT_NE(error_of({{"layer-groups", "full:10,,linear:2"}}).find("empty group"), std::string::npos);
  EXPECT_NE(error_of({{"layer-groups", "full"}}).find("--layer-groups 'full'"), std::string::npos);
  // The attention groups are the KV layers: a count given both ways must agree.
  EXPECT_NE(error_of({{"num-kv-layers", "10"}, {"layer-groups", "full:12,linear:36"}}).find("--num-kv-layers says 10"),
            std::string::npos);
  EXPECT_NE(error_of({{"num-layers", "8"}, {"layer-groups", "full:12"}}).find("more than --num-layers 8"), std::string::npos);
  EXPECT_NE(error_of({{"sliding-window", "128"}, {"layer-groups", "full:12,linear:36"}}).find("no group is sliding"),
            std::string::npos);
  EXPECT_NE(error_of({{"attention-sinks", "maybe"}}).find("expected yes or no"), std::string::npos);
  EXPECT_NE(error_of({{"sliding-window", "-1"}}).find("--sliding-window '-1'"), std::string::npos);
  EXPECT_NE(error_of({{"speculative-kv-cache-dtype", "fp9"}}).find("--speculative-kv-cache-dtype"), std::string::npos);
}

TEST(RequestLayers, WhenConditionsNeedTheirInputGiven) {
  kvdtype::When sinks;
  sinks.attention_sinks = Tri::yes;
  EXPECT_TRUE(kvdtype::detail::has_extra(sinks));
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(sinks, request({{"attention-sinks", "yes"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(sinks, request({{"attention-sinks", "no"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(sinks, request({})))  << "unknown sinks never match";

  kvdtype::When state;
  state.state_layers = Tri::yes;
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(state, request({{"layer-groups", "full:12,mamba:36"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(state, request({{"layer-groups", "full:12,sliding:36"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(state, request({})));
  kvdtype::When no_state;
  no_state.state_layers = Tri::no;
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(no_state, request({{"layer-groups", "full:12,sliding:36"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(no_state, request({}))) << "no groups: unknown, not 'none'";

  kvdtype::When swa;
  swa.sliding_window = Tri::yes;
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(swa, request({{"sliding-window", "128"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(swa, request({{"layer-groups", "full:12,linear:36"}})));

  kvdtype::When wide;
  wide.group_head_sizes = "512";
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(wide, request({{"head-size", "256"}, {"layer-groups", "full:2:h512,sliding:10"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(wide, request({{"head-size", "256"}, {"layer-groups", "full:2,sliding:10"}})));

  kvdtype::When draft;
  draft.draft_kv_cache_dtypes = "auto bfloat16";
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(draft, request({{"kv-cache-dtype", "fp8"}, {"speculative-kv-cache-dtype", "auto"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(draft, request({{"kv-cache-dtype", "fp8"}})));
}

TEST(RequestLayers, PlanHasOneEntryPerGroupAndSumsTheAttentionGroups) {
  const Report rep = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"head-size", "256"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "auto"},
                          {"layer-groups", "full:10:h512:kv4,sliding:50:w1024,linear:4"}});
  ASSERT_EQ(rep.plan.layer_groups.size(), 3u);
  const auto& full = rep.plan.layer_groups[0];
  const auto& sliding = rep.plan.layer_groups[1];
  const auto& linear = rep.plan.layer_groups[2];
  // bf16: 2 bytes × (K + V) × head × KV heads.
  ASSERT_TRUE(full.bytes_per_token_per_layer.has_value());
  EXPECT_EQ(*full.bytes_per_token_per_layer, 2u * 2 * 512 * 4);
  EXPECT_EQ(*sliding.bytes_per_token_per_layer, 2u * 2 * 256 * 8);
  EXPECT_EQ(*rep.plan.bytes_per_token_per_layer, 2u * 2 * 256 * 8) << "the single-group field stays the request's";
  EXPECT_EQ(*full.bytes_per_token, 10u * 2 * 2 * 512 * 4);
  EXPECT_EQ(*rep.plan.bytes_per_token, 10u * 2 * 2 * 512 * 4 + 50u * 2 * 2 * 256 * 8);
  EXPECT_EQ(linear.cache_dtype, nullptr) << "a state group holds no cache";
  EXPECT_FALSE(linear.bytes_per_token.has_value());
  ASSERT_TRUE(linear.dtype.has_value());
  EXPECT_EQ(*linear.dtype, kvdtype::FormatId::bfloat16);
}

TEST(RequestLayers, Kvd090AGroupTheBackendCannotServe) {
  const Report forced = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"head-size", "256"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "auto"},
                             {"layer-groups", "full:10:h512,sliding:50"}, {"backend", "FLASH_ATTN"}});
  EXPECT_TRUE(forced.fired("KVD090"));
  EXPECT_EQ(forced.verdict(), kvdtype::Verdict::error);
  const Report same = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                           {"head-size", "256"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "auto"},
                           {"layer-groups", "full:10,sliding:50"}, {"backend", "FLASH_ATTN"}});
  EXPECT_FALSE(same.fired("KVD090"));
  // Automatic selection skips such a backend instead.
  const Report chosen = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"head-size", "256"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "auto"},
                             {"layer-groups", "full:10:h512,sliding:50"}});
  EXPECT_FALSE(chosen.fired("KVD090"));
  ASSERT_NE(chosen.plan.backend, nullptr);
  EXPECT_NE(chosen.plan.backend->name, "FLASH_ATTN");
}

TEST(RequestLayers, Kvd091QuantizedCacheOnStateLayers) {
  const Fields hybrid = {{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                         {"head-size", "256"}, {"num-kv-heads", "2"}, {"layer-groups", "full:12,linear:36"},
                         {"kv-cache-dtype", "fp8"}};
  const Report rep = run(hybrid);
  ASSERT_TRUE(rep.fired("KVD091"));
  for (const kvdtype::Diagnostic& d : rep.diagnostics)
    if (std::string_view(d.rule->code) == "KVD091") {
      const std::string m = kvdtype::message(d, rep);
      EXPECT_NE(m.find("36 linear-attention layers"), std::string::npos) << m;
      EXPECT_NE(m.find("bfloat16"), std::string::npos) << m;
    }
  EXPECT_FALSE(run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                    {"head-size", "256"}, {"num-kv-heads", "2"}, {"layer-groups", "full:12,linear:36"},
                    {"kv-cache-dtype", "auto"}})
                   .fired("KVD091"))
      << "a 16-bit cache changes nothing";
  EXPECT_FALSE(run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                    {"head-size", "256"}, {"num-kv-heads", "2"}, {"kv-cache-dtype", "fp8"}})
                   .fired("KVD091"))
      << "no groups given: nothing is said";
}

TEST(RequestLayers, Kvd092DrafterWithItsOwnCacheString) {
  const Report split = run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                            {"head-size", "128"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8"},
                            {"speculative-method", "eagle3"}, {"speculative-kv-cache-dtype", "bfloat16"}});
  EXPECT_TRUE(split.fired("KVD092"));
  EXPECT_EQ(split.verdict(), kvdtype::Verdict::ok) << "info only";
  EXPECT_FALSE(run({{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                    {"head-size", "128"}, {"num-kv-heads", "8"}, {"kv-cache-dtype", "fp8"},
                    {"speculative-method", "eagle3"}, {"speculative-kv-cache-dtype", "fp8"}})
                   .fired("KVD092"));
}

TEST(RequestLayers, ModelConfigGivesGroupsWindowAndSinks) {
  // gpt-oss: alternating sliding (128) and full layers, learned sinks.
  auto oss = kvdtype::io::parse_model_config(
      R"({"architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "num_attention_heads": 64,
          "num_key_value_heads": 8, "head_dim": 64, "num_hidden_layers": 4, "hidden_size": 2880, "sliding_window": 128,
          "layer_types": ["sliding_attention", "full_attention", "sliding_attention", "full_attention"]})",
      "config.json");
  ASSERT_TRUE(oss.ok()) << oss.error().message;
  EXPECT_EQ(oss->input.layer_groups, "full:2,sliding:2:w128");
  EXPECT_EQ(oss->input.sliding_window, "128");
  EXPECT_EQ(oss->input.attention_sinks, "yes");
  EXPECT_EQ(oss->input.num_kv_layers, "4");

  // Gemma 4: wider full-attention heads with their own KV heads, and shared-KV layers at the end.
  auto g4 = kvdtype::io::parse_model_config(
      R"({"model_type": "gemma4_text", "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
          "global_head_dim": 512, "num_global_key_value_heads": 2, "num_hidden_layers": 6, "hidden_size": 2048,
          "sliding_window": 512, "num_kv_shared_layers": 2,
          "layer_types": ["sliding_attention", "sliding_attention", "full_attention",
                          "sliding_attention", "sliding_attention", "full_attention"]})",
      "config.json");
  ASSERT_TRUE(g4.ok()) << g4.error().message;
  EXPECT_EQ(g4->input.layer_groups, "full:1:h512:kv2,sliding:3:w512");
  EXPECT_EQ(g4->input.num_kv_layers, "4") << "the last two layers reuse earlier caches";
  EXPECT_EQ(g4->input.attention_sinks, "") << "not gpt-oss: sinks unknown, not no";

  // Nemotron-H's pattern, Jamba's period, Qwen3-Next's interval, Falcon-H1's parallel mixers.
  auto nemo = kvdtype::io::parse_model_config(
      R"({"num_attention_heads": 32, "num_hidden_layers": 6, "hidden_size": 4096, "hybrid_override_pattern": "M-M*-E"})",
      "config.json");
  ASSERT_TRUE(nemo.ok());
  EXPECT_EQ(nemo->input.layer_groups, "full:1,mamba:2");
  auto jamba = kvdtype::io::parse_model_config(
      R"({"num_attention_heads": 32, "num_hidden_layers": 32, "hidden_size": 4096, "attn_layer_period": 8, "attn_layer_offset": 4})",
      "config.json");
  ASSERT_TRUE(jamba.ok());
  EXPECT_EQ(jamba->input.layer_groups, "full:4,mamba:28");
  auto next = kvdtype::io::parse_model_config(
      R"({"num_attention_heads": 16, "num_hidden_layers": 48, "hidden_size": 2048, "head_dim": 256, "full_attention_interval": 4})",
      "config.json");
  ASSERT_TRUE(next.ok());
  EXPECT_EQ(next->input.layer_groups, "full:12,linear:36");
  auto falcon = kvdtype::io::parse_model_config(
      R"({"model_type": "falcon_h1", "num_attention_heads": 8, "num_hidden_layers": 24, "hidden_size": 1024})", "config.json");
  ASSERT_TRUE(falcon.ok());
  EXPECT_EQ(falcon->input.layer_groups, "full:24,mamba:24");

  // One kind only, an unknown kind, or a window on a model whose layers do not slide: no plan.
  auto dense = kvdtype::io::parse_model_config(
      R"({"num_attention_heads": 32, "num_hidden_layers": 2, "hidden_size": 4096, "sliding_window": 131072,
          "layer_types": ["full_attention", "full_attention"]})",
      "config.json");
  ASSERT_TRUE(dense.ok());
  EXPECT_EQ(dense->input.layer_groups, "");
  EXPECT_EQ(dense->input.sliding_window, "");
  auto odd = kvdtype::io::parse_model_config(
      R"({"num_attention_heads": 32, "num_hidden_layers": 2, "hidden_size": 4096,
          "layer_types": ["full_attention", "chunked_attention"]})",
      "config.json");
  ASSERT_TRUE(odd.ok());
  EXPECT_EQ(odd->input.layer_groups, "") << "an unknown kind says nothing about the groups";
}

TEST(RequestLayers, LaunchCommandGivesTheDraftersOwnCacheString) {
  auto cmd = kvdtype::io::parse_launch_command(std::vector<std::string>{
      "vllm", "serve", "org/model", "--kv-cache-dtype", "fp8", "--speculative-config",
      R"({"method": "eagle3", "model": "org/drafter", "num_speculative_tokens": 3, "kv_cache_dtype": "bfloat16"})"});
  ASSERT_TRUE(cmd.ok()) << cmd.error().message;
  EXPECT_EQ(cmd->input.speculative_kv_cache_dtype, "bfloat16");
  ASSERT_TRUE(cmd->draft.has_value());
  EXPECT_EQ(cmd->draft->kv_cache_dtype, "bfloat16") << "the drafter is checked with its own string";
  auto inherit = kvdtype::io::parse_launch_command(std::vector<std::string>{
      "vllm", "serve", "org/model", "--kv-cache-dtype", "fp8", "--speculative-config",
      R"({"method": "eagle3", "model": "org/drafter", "num_speculative_tokens": 3})"});
  ASSERT_TRUE(inherit.ok());
  EXPECT_EQ(inherit->input.speculative_kv_cache_dtype, "");
  ASSERT_TRUE(inherit->draft.has_value());
  EXPECT_EQ(inherit->draft->kv_cache_dtype, "") << "left out: the drafter follows the target";
}

}  // namespace
