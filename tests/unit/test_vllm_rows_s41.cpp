// Session 41's vLLM facts (helper GV): the XPU platform's FlashAttention row (fp8 from #37731) and
// --enable-sleep-mode as a launch input with the fp8 + level-2 sleep row (#25800, fixed by #28783).
#include <gtest/gtest.h>

#include <cstdint>

#include "kvdtype/check.hpp"
#include "report_helpers.hpp"

namespace kvdtype {
namespace {

using test::Args;
using test::backend;
using test::launch;
using test::severity;

bool sleep_mode(const io::LaunchCommand& c) { return (c.input.flags & flag_vllm_sleep_mode) != 0; }

// argparse's BooleanOptionalAction: the switch sets it, --no-… clears it, the last one wins.
TEST(VllmSleepMode, LaunchFlagSetsTheBit) {
  EXPECT_TRUE(sleep_mode(launch("vllm serve m --kv-cache-dtype fp8 --enable-sleep-mode")));
  EXPECT_FALSE(sleep_mode(launch("vllm serve m --kv-cache-dtype fp8")));
  EXPECT_FALSE(sleep_mode(launch("vllm serve m --enable-sleep-mode --no-enable-sleep-mode")));
  EXPECT_TRUE(sleep_mode(launch("vllm serve m --no-enable-sleep-mode --enable-sleep-mode")));
}

Report h100_sleep(const char* version, bool sleep, const char* kv = "fp8") {
  RequestInput in;
  in.engine = "vllm";
  EXPECT_TRUE(in.set("engine-version", version));
  EXPECT_TRUE(in.set("gpu", "H100"));
  EXPECT_TRUE(in.set("model-dtype", "bfloat16"));
  EXPECT_TRUE(in.set("attention", "gqa"));
  EXPECT_TRUE(in.set("head-size", "128"));
  EXPECT_TRUE(in.set("kv-cache-dtype", kv));
  if (sleep) in.flags |= flag_vllm_sleep_mode;
  auto req = make_request(in);
  EXPECT_TRUE(req.ok());
  return req.ok() ? check(*req) : Report{};
}

// vllm-project/vllm#25800 (0.10.2) until #28783 (v0.13.0 certain, v0.12.0 a window).
TEST(VllmSleepMode, Fp8LevelTwoSleepWarnsUntilTheFix) {
  EXPECT_EQ(severity(h100_sleep("0.10.2", true), "KVD071"), Severity::warning);
  EXPECT_EQ(severity(h100_sleep("0.12.0", true), "KVD071"), Severity::warning);
  EXPECT_FALSE(severity(h100_sleep("0.13.0", true), "KVD071").has_value());
  EXPECT_FALSE(severity(h100_sleep("0.10.2", false), "KVD071").has_value());
  EXPECT_FALSE(severity(h100_sleep("0.10.2", true, "auto"), "KVD071").has_value());
}

// vllm/platforms/xpu.py: FLASH_ATTN for non-MLA layers; fp8 only from #37731 (v0.20.0).
TEST(VllmXpu, FlashAttentionTakesFp8FromV020) {
  const Args base = {{"gpu", "Arc Pro B60"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"}};
  auto with = [&](const char* version, const char* kv) {
    RequestInput in;
    in.engine = "vllm";
    for (const auto& [k, v] : base) EXPECT_TRUE(in.set(k, v));
    EXPECT_TRUE(in.set("engine-version", version));
    EXPECT_TRUE(in.set("kv-cache-dtype", kv));
    auto req = make_request(in);
    EXPECT_TRUE(req.ok());
    return req.ok() ? check(*req) : Report{};
  };
  const Report served = with("0.20.0", "fp8");
  EXPECT_EQ(backend(served), "XPU_FLASH_ATTN");
  EXPECT_FALSE(severity(served, "KVD016").has_value());
  EXPECT_EQ(severity(with("0.19.0", "fp8"), "KVD016"), Severity::error);
  EXPECT_EQ(severity(with("0.20.0", "fp8_e5m2"), "KVD016"), Severity::error);
  EXPECT_EQ(backend(with("0.19.0", "auto")), "XPU_FLASH_ATTN");
}

}  // namespace
}  // namespace kvdtype
