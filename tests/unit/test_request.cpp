// RequestInput: fields by name, overlays (later sources win field by field), and make_request's
// refusals, which name the flag and the bad value.
#include <gtest/gtest.h>

#include <algorithm>

#include "kvdtype/request.hpp"

namespace {

using namespace kvdtype;

TEST(RequestInput, FieldsAreReachableByEitherSpelling) {
  RequestInput in;
  EXPECT_TRUE(in.set("kv-cache-dtype", "fp8"));
  EXPECT_TRUE(in.set("--tensor_parallel_size", "8"));
  EXPECT_FALSE(in.set("kv-cache-dtyp", "fp8"));
  ASSERT_NE(in.get("kv_cache_dtype"), nullptr);
  EXPECT_EQ(*in.get("kv_cache_dtype"), "fp8");
  EXPECT_EQ(*in.get("--tensor-parallel-size"), "8");
  EXPECT_EQ(in.get("nonsense"), nullptr);
  for (std::string_view f : RequestInput::fields()) EXPECT_NE(in.get(f), nullptr) << f;
  EXPECT_NE(std::find(RequestInput::fields().begin(), RequestInput::fields().end(), "gpu"), RequestInput::fields().end());
}

TEST(RequestInput, OverlayKeepsWhatTheLaterSourceLeavesEmpty) {
  RequestInput config, launch;
  config.model_dtype = "bfloat16";
  config.head_size = "576";
  config.flags = flag_speculative;
  launch.model_dtype = "float16";
  launch.gpu = "H100";
  launch.flags = flag_rocm_aiter;
  config.overlay(launch);
  EXPECT_EQ(config.model_dtype, "float16");  // the later source wins
  EXPECT_EQ(config.head_size, "576");        // an empty field is unknown, not a value
  EXPECT_EQ(config.gpu, "H100");
  EXPECT_EQ(config.flags, flag_speculative | flag_rocm_aiter);
}

TEST(MakeRequest, RefusalsNameTheFlagAndTheValue) {
  const std::pair<const char*, const char*> bad[] = {
      {"head-size", "-3"},        {"head-size", "99999999999"}, {"tensor-parallel-size", "0"},
      {"gpu-memory-utilization", "1.5"}, {"kv-cache-dtype", "fp9"}, {"gpu", "sm_999"},
      {"model-dtype", "int8"},    {"engine-version", "zero"},   {"attention", "linear"},
  };
  for (const auto& [field, value] : bad) {
    RequestInput in;
    ASSERT_TRUE(in.set(field, value));
    auto r = make_request(in);
    ASSERT_FALSE(r.ok()) << field << "=" << value;
    EXPECT_NE(r.error().message.find(std::string("--") + field), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
  }
}

TEST(MakeRequest, DataParallelMlaOnVllmMeansDataParallelAttention) {
  RequestInput in;
  in.attention = "mla";
  in.data_parallel_size = "8";
  auto r = make_request(in);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->flags & flag_dp_attention);
  in.engine = "sglang";  // SGLang needs --enable-dp-attention explicitly
  auto s = make_request(in);
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(s->flags & flag_dp_attention);
}

}  // namespace

// One decision for data-parallel attention, whatever the input came from (flags, a launch
// command): vLLM runs the whole attention on every data-parallel rank, for any model; SGLang only
// with --enable-dp-attention (a flag its launch command sets).
TEST(Request, DataParallelAttentionIsDecidedOnce) {
  for (const char* attention : {"gqa", "mla"}) {
    kvdtype::RequestInput in;
    in.engine = "vllm";
    in.attention = attention;
    in.data_parallel_size = "8";
    auto r = kvdtype::make_request(in);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->flags & kvdtype::flag_dp_attention) << attention;
    in.data_parallel_size = "1";
    EXPECT_FALSE(kvdtype::make_request(in)->flags & kvdtype::flag_dp_attention) << attention;
    in.engine = "sglang";
    in.data_parallel_size = "8";
    EXPECT_FALSE(kvdtype::make_request(in)->flags & kvdtype::flag_dp_attention) << attention;
  }
}
