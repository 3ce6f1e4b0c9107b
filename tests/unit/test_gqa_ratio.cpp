// The When conditions on the GQA ratio (src/core/when_extra.cpp: gqa_ratios,
// gqa_ratio_not_multiple_of) and the llama.cpp rows that use them
// (src/tables/engines/llamacpp/backends_llamacpp.cpp): CUDA flash attention dispatches on the
// number of query heads per KV head, so a shape its kernels lack aborts or falls back.
#include <gtest/gtest.h>

#include <string>

#include "kvdtype/check.hpp"
#include "kvdtype/request.hpp"
#include "core/when_extra.hpp"
#include "tables/rows/constraint.hpp"

namespace {

using kvdtype::Report;
using kvdtype::Request;
using kvdtype::RequestInput;
using Fields = std::initializer_list<std::pair<const char*, const char*>>;

Request request(Fields fields) {
  RequestInput in;
  for (const auto& [k, v] : fields) EXPECT_TRUE(in.set(k, v)) << k;
  auto r = kvdtype::make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

Report run(Fields fields) { return kvdtype::check(request(fields)); }

bool fires(const Report& rep, std::string_view code) { return rep.fired(code); }

TEST(GqaRatio, ExactRatioNeedsBothHeadCountsThatDivide) {
  kvdtype::When two;
  two.gqa_ratios = "2";
  EXPECT_TRUE(kvdtype::detail::has_extra(two));
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(two, request({{"num-heads", "8"}, {"num-kv-heads", "4"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(two, request({{"num-heads", "8"}, {"num-kv-heads", "2"}})));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(two, request({{"num-heads", "8"}}))) << "KV heads unknown: the ratio is unknown";
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(two, request({{"num-kv-heads", "4"}}))) << "query heads unknown";
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(two, request({{"num-heads", "10"}, {"num-kv-heads", "4"}})))
      << "heads that do not divide give no ratio";
}

TEST(GqaRatio, NotMultipleOfMatchesOnlyAKnownRatioOutsideTheSteps) {
  kvdtype::When steps;
  steps.gqa_ratio_not_multiple_of = 8;
  EXPECT_TRUE(kvdtype::detail::has_extra(steps));
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(steps, request({{"num-heads", "40"}, {"num-kv-heads", "8"}})));  // 5
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(steps, request({{"num-heads", "64"}, {"num-kv-heads", "4"}})));  // 16
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(steps, request({{"num-heads", "40"}})));
}

// Gemma 4 MTP drafters (4 query heads, 2 KV heads) at head size 512: the MMA kernel aborts in the
// builds reported (an error), the warning names the fix elsewhere, and other ratios are fine.
TEST(GqaRatio, LlamacppHeadSize512RatioTwoAbortsInReportedBuilds) {
  const Fields drafter = {{"engine", "llamacpp"}, {"gpu", "RTX3090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"head-size", "512"}, {"num-heads", "4"}, {"num-kv-heads", "2"}, {"kv-cache-dtype", "f16"},
                          {"flash-attention", "on"}, {"engine-version", "b9584"}};
  const Report reported = run(drafter);
  EXPECT_TRUE(fires(reported, "KVD070"));
  EXPECT_EQ(reported.verdict(), kvdtype::Verdict::error);

  const Report ratio4 = run({{"engine", "llamacpp"}, {"gpu", "RTX3090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"head-size", "512"}, {"num-heads", "8"}, {"num-kv-heads", "2"}, {"kv-cache-dtype", "f16"},
                             {"flash-attention", "on"}, {"engine-version", "b9584"}});
  EXPECT_FALSE(fires(ratio4, "KVD070")) << "ratio 4 has an instance";

  const Report off = run({{"engine", "llamacpp"}, {"gpu", "RTX3090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"head-size", "512"}, {"num-heads", "4"}, {"num-kv-heads", "2"}, {"kv-cache-dtype", "f16"},
                          {"flash-attention", "off"}, {"engine-version", "b9584"}});
  EXPECT_FALSE(fires(off, "KVD070")) << "no flash attention, no flash-attention abort";

  const Report before = run({{"engine", "llamacpp"}, {"gpu", "RTX3090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                             {"head-size", "512"}, {"num-heads", "4"}, {"num-kv-heads", "2"}, {"kv-cache-dtype", "f16"},
                             {"flash-attention", "on"}, {"engine-version", "b8000"}});
  EXPECT_FALSE(fires(before, "KVD070")) << "before b8609 there was no head-512 kernel to abort in";
}

// Head size 192 (V 128) at a ratio that is not a multiple of 8 (Motif 3: 5): no kernel, so -fa on
// runs the op on the CPU and -fa auto turns flash attention off under a quantized V.
TEST(GqaRatio, LlamacppHeadSize192NeedsRatiosInStepsOfEight) {
  const Report on = run({{"engine", "llamacpp"}, {"gpu", "RTX4090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                         {"head-size", "192"}, {"head-size-v", "128"}, {"num-heads", "40"}, {"num-kv-heads", "8"},
                         {"kv-cache-dtype", "f16"}, {"flash-attention", "on"}});
  EXPECT_TRUE(fires(on, "KVD102"));
  const Report autoq = run({{"engine", "llamacpp"}, {"gpu", "RTX4090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                            {"head-size", "192"}, {"head-size-v", "128"}, {"num-heads", "40"}, {"num-kv-heads", "8"},
                            {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q8_0"}});
  EXPECT_TRUE(fires(autoq, "KVD266"));
  EXPECT_EQ(autoq.verdict(), kvdtype::Verdict::error);
  const Report mimo = run({{"engine", "llamacpp"}, {"gpu", "RTX4090"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                           {"head-size", "192"}, {"head-size-v", "128"}, {"num-heads", "64"}, {"num-kv-heads", "4"},
                           {"kv-cache-dtype", "q8_0"}, {"v-cache-dtype", "q8_0"}});
  EXPECT_FALSE(fires(mimo, "KVD266")) << "ratio 16 has a kernel";
  EXPECT_FALSE(fires(mimo, "KVD102"));
}

}  // namespace
