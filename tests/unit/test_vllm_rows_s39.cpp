// Session 39's vLLM facts: a backend's head sizes by release (head_sizes_since, KVD104), the
// fp8 writer/reader mismatch of ROCM_ATTN (KVD105), AITER's shuffled KV layout as an environment
// input, and the release-bounded rows for the CPU platform and the EAGLE-3 drafter.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string_view>

#include "kvdtype/check.hpp"
#include "report_helpers.hpp"

namespace kvdtype {
namespace {

using test::Args;
using test::backend;
using test::launch;
using test::severity;

Report run(Args args) { return test::run_engine("vllm", args); }


Report flashinfer_512(const char* version, const char* backend_name = "FLASHINFER") {
  return run({{"engine-version", version}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
              {"head-size", "512"}, {"kv-cache-dtype", "auto"}, {"backend", backend_name}});
}

// FlashInfer's 512 came with vllm-project/vllm#38822 (after v0.21.0, certain in v0.23.0).
TEST(HeadSizesSince, FlashInfer512ByRelease) {
  EXPECT_EQ(severity(flashinfer_512("0.19.1"), "KVD104"), Severity::error);
  EXPECT_EQ(severity(flashinfer_512("0.21.0"), "KVD104"), Severity::error);
  EXPECT_EQ(severity(flashinfer_512("0.22.0"), "KVD104"), Severity::warning);  // not established
  EXPECT_FALSE(flashinfer_512("0.23.0").fired("KVD104"));
  EXPECT_FALSE(flashinfer_512("0.31.0").fired("KVD104"));
  // Without a release the newest established one is assumed: it serves 512.
  const Report unversioned = run({{"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                                  {"head-size", "512"}, {"kv-cache-dtype", "auto"}, {"backend", "FLASHINFER"}});
  EXPECT_FALSE(unversioned.fired("KVD104"));
  EXPECT_FALSE(unversioned.fired("KVD013"));
}

TEST(HeadSizesSince, OtherHeadSizesAreNotScoped) {
  const Report r = run({{"engine-version", "0.19.1"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                        {"head-size", "256"}, {"kv-cache-dtype", "auto"}, {"backend", "FLASHINFER"}});
  EXPECT_FALSE(r.fired("KVD104"));
  EXPECT_NE(r.verdict(), Verdict::error);
}

// The automatic selection skips a backend the release certainly lacks the head size for.
TEST(HeadSizesSince, SelectionSkipsTheBackendInAReleaseWithoutTheSize) {
  const Report old = run({{"engine-version", "0.19.1"}, {"gpu", "B200"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                          {"head-size", "512"}, {"kv-cache-dtype", "auto"}});
  EXPECT_NE(backend(old), "FLASHINFER");
  EXPECT_FALSE(old.fired("KVD104"));
}

Report rocm_e5m2(const char* version, const char* block) {
  return run({{"engine-version", version}, {"gpu", "MI250X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
              {"head-size", "128"}, {"block-size", block}, {"kv-cache-dtype", "fp8_e5m2"}, {"backend", "ROCM_ATTN"}});
}

// vllm-project/vllm#54341: block 64 takes the Triton writer (e4m3), block 16 the C++ one.
TEST(Fp8WriterReader, RocmAttnE5m2ByBlockSize) {
  EXPECT_EQ(severity(rocm_e5m2("0.28.0", "64"), "KVD105"), Severity::error);
  EXPECT_EQ(severity(rocm_e5m2("0.19.0", "128"), "KVD105"), Severity::error);
  EXPECT_FALSE(rocm_e5m2("0.28.0", "16").fired("KVD105"));
  EXPECT_FALSE(rocm_e5m2("0.28.0", "32").fired("KVD105"));
  EXPECT_EQ(severity(rocm_e5m2("0.31.0", "64"), "KVD105"), Severity::warning);  // fix not established
  const Report e4m3 = run({{"engine-version", "0.28.0"}, {"gpu", "MI250X"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                           {"head-size", "128"}, {"block-size", "64"}, {"kv-cache-dtype", "fp8"}, {"backend", "ROCM_ATTN"}});
  EXPECT_FALSE(e4m3.fired("KVD105"));
}

TEST(ShuffledKvLayout, EnvironmentSetsTheFlag) {
  const io::LaunchCommand on =
      launch("VLLM_ROCM_USE_AITER=1 VLLM_ROCM_SHUFFLE_KV_CACHE_LAYOUT=1 vllm serve m --kv-cache-dtype fp8");
  EXPECT_NE(on.input.flags & flag_rocm_shuffle_kv, 0u);
  const io::LaunchCommand off =
      launch("VLLM_ROCM_USE_AITER=1 VLLM_ROCM_SHUFFLE_KV_CACHE_LAYOUT=0 vllm serve m --kv-cache-dtype fp8");
  EXPECT_EQ(off.input.flags & flag_rocm_shuffle_kv, 0u);
}

Report aiter_fa(bool shuffled, const char* kv) {
  RequestInput in;
  in.engine = "vllm";
  EXPECT_TRUE(in.set("gpu", "MI355X"));
  EXPECT_TRUE(in.set("model-dtype", "bfloat16"));
  EXPECT_TRUE(in.set("attention", "gqa"));
  EXPECT_TRUE(in.set("head-size", "128"));
  EXPECT_TRUE(in.set("kv-cache-dtype", kv));
  EXPECT_TRUE(in.set("backend", "ROCM_AITER_FA"));
  in.flags = static_cast<std::uint32_t>(flag_rocm_aiter | flag_rocm_aiter_mha) | (shuffled ? static_cast<std::uint32_t>(flag_rocm_shuffle_kv) : 0u);
  auto req = make_request(in);
  EXPECT_TRUE(req.ok());
  return req.ok() ? check(*req) : Report{};
}

// ROCm/aiter#3894 / #3896: a warning on every release (which images carry the fix is unknown).
TEST(ShuffledKvLayout, AiterFp8ScaleIndexBug) {
  EXPECT_EQ(severity(aiter_fa(true, "fp8"), "KVD070"), Severity::warning);
  EXPECT_FALSE(aiter_fa(false, "fp8").fired("KVD070"));
  EXPECT_FALSE(aiter_fa(true, "auto").fired("KVD070"));
}

Report cpu(const char* version, const char* kv) {
  return run({{"engine-version", version}, {"gpu", "cpu"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
              {"head-size", "128"}, {"kv-cache-dtype", kv}});
}

// #14741 (e4m3 -> e5m2), #27954 (every quantized cache -> auto), #39445 (fp8 read as asked).
TEST(CpuQuantizedCache, ByRelease) {
  EXPECT_EQ(severity(cpu("0.10.2", "fp8_e4m3"), "KVD102"), Severity::warning);
  EXPECT_TRUE(cpu("0.15.0", "fp8").fired("KVD102"));
  EXPECT_TRUE(cpu("0.20.0", "fp8_e5m2").fired("KVD102"));
  EXPECT_FALSE(cpu("0.21.0", "fp8_e4m3").fired("KVD102"));
  EXPECT_FALSE(cpu("0.10.2", "fp8").fired("KVD102"));  // only the e4m3 spelling was rewritten
  EXPECT_FALSE(cpu("0.15.0", "auto").fired("KVD102"));
}

// vllm-project/vllm#21177: an EAGLE-3 drafter with an fp8 cache on FA3, fixed by #24505.
TEST(Eagle3DrafterFp8, ByRelease) {
  auto at = [](const char* version) {
    return run({{"engine-version", version}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"},
                {"head-size", "128"}, {"kv-cache-dtype", "fp8"}, {"backend", "FLASH_ATTN"},
                {"speculative-method", "eagle3"}});
  };
  EXPECT_EQ(severity(at("0.9.2"), "KVD017"), Severity::error);
  EXPECT_EQ(severity(at("0.10.2"), "KVD017"), Severity::error);
  EXPECT_FALSE(at("0.11.0").fired("KVD017"));
  // Without a release the newest is assumed, which has the fix: nothing is said.
  EXPECT_FALSE(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                    {"kv-cache-dtype", "fp8"}, {"backend", "FLASH_ATTN"}, {"speculative-method", "eagle3"}})
                   .fired("KVD017"));
}

// vllm-project/vllm#54704 / #54705: Inkling's cache is 16-bit only; off the SM100 family in every release.
TEST(InklingQuantizedCache, RefusedOffSm100AndAKnownBugOnIt) {
  auto at = [](const char* gpu, const char* arch) {
    return run({{"gpu", gpu}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                {"model-architecture", arch}, {"kv-cache-dtype", "fp8"}});
  };
  EXPECT_EQ(severity(at("H100", "InklingForConditionalGeneration"), "KVD003"), Severity::error);
  const Report b200 = at("B200", "InklingForConditionalGeneration");
  EXPECT_FALSE(b200.fired("KVD003"));
  EXPECT_EQ(severity(b200, "KVD070"), Severity::warning);  // #54705 not established in any release
  EXPECT_FALSE(at("H100", "LlamaForCausalLM").fired("KVD003"));
}

}  // namespace
}  // namespace kvdtype
