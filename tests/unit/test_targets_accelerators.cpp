// Cloud TPUs and the plugins' NPUs (TGT, session 39): the names users and tools give them, the
// platform they run on, what each engine picks there, and that an accelerator kvdtype has not
// heard of stays an unknown GPU (incomplete), never a guess. docs/targets.md says how.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "kvdtype/check.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/target.hpp"
#include "tables/rows/backend.hpp"

namespace kvdtype {
namespace {

struct Named {
  const char* text;     // as typed, or as a tool prints it
  const char* target;   // canonical target
  const char* product;  // nullptr: an architecture name
};

// Cloud TPU docs names, accelerator types (v5litepod-N, v6e-N, tpu7x-N without the chip count),
// jax's device_kind ('TPU v5 lite', 'TPU v6 lite', 'TPU7x') and the generation's code name.
const Named kTpuNames[] = {
    {"v5e", "tpu_v5e", "v5e"},
    {"TPU v5e", "tpu_v5e", "v5e"},
    {"Google TPU v5e", "tpu_v5e", "v5e"},
    {"TPU v5 lite", "tpu_v5e", "v5 lite"},
    {"v5litepod", "tpu_v5e", "v5litepod"},
    {"tpu v5p", "tpu_v5p", "v5p"},
    {"v6e", "tpu_v6e", "v6e"},
    {"TPU v6 lite", "tpu_v6e", "v6 lite"},
    {"Trillium", "tpu_v6e", "Trillium"},
    {"TPU7x", "tpu_v7x", "7x"},
    {"tpu7x", "tpu_v7x", "7x"},
    {"TPU v7", "tpu_v7x", "v7"},
    {"v7x", "tpu_v7x", "v7x"},
    {"Ironwood", "tpu_v7x", "Ironwood"},
    {"tpu_v6e", "tpu_v6e", nullptr},
};

TEST(TargetsAccelerators, TpuNamesAsUsersWriteThem) {
  for (const Named& n : kTpuNames) {
    const auto r = parse_target(n.text);
    ASSERT_TRUE(r.ok()) << n.text << ": " << r.error().message;
    EXPECT_EQ(r->target->name, n.target) << n.text;
    EXPECT_EQ(r->target->vendor, Vendor::google) << n.text;
    if (n.product == nullptr) {
      EXPECT_EQ(r->product, nullptr) << n.text;
    } else {
      ASSERT_NE(r->product, nullptr) << n.text;
      EXPECT_EQ(r->product->name, n.product) << n.text;
    }
  }
}

TEST(TargetsAccelerators, NewProductsOfKnownFamilies) {
  // npu-smi's Name column (vllm-ascend#8102) and the Arc Pro B50 (llm-scaler#666).
  const auto b2 = parse_target("910B2");
  ASSERT_TRUE(b2.ok());
  EXPECT_EQ(b2->target->name, "ascend910b");
  EXPECT_EQ(b2->product->memory_mib, 65536u);
  const auto b50 = parse_target("Intel(R) Arc(TM) Pro B50 Graphics");
  ASSERT_TRUE(b50.ok()) << b50.error().message;
  EXPECT_EQ(b50->target->name, "bmg_g21");
  EXPECT_EQ(b50->product->memory_mib, 16384u);
}

TEST(TargetsAccelerators, TpuRowFacts) {
  // Only Ironwood has fp8 matrix units (FP8 peak twice its BF16 peak); every TPU has bf16 and no
  // CUDA-style capability. Memory is per JAX device: TPU7x's 192 GiB chip is two devices.
  for (std::string_view n : {"tpu_v4", "tpu_v5e", "tpu_v5p", "tpu_v6e", "tpu_v7x"}) {
    const Target* t = find_target(n);
    ASSERT_NE(t, nullptr) << n;
    EXPECT_TRUE(t->bf16) << n;
    EXPECT_EQ(t->cc(), 0u) << n;
    EXPECT_EQ(t->triton_fp8, 0) << n;
    EXPECT_EQ(t->fp8_mma, n == "tpu_v7x") << n;
  }
  EXPECT_EQ(find_target("tpu_v7x")->fp8_flavour, Fp8Flavour::ocp);
  EXPECT_EQ(name(Vendor::google), "google");
  EXPECT_EQ(name(Platform::tpu), "tpu");
  EXPECT_EQ(parse_target("v5e")->product->memory_mib, 16128u);  // tpu-inference#3126: 15.75 GiB limit
  EXPECT_EQ(parse_target("v6e")->product->memory_mib, 32768u);
  EXPECT_EQ(parse_target("TPU7x")->product->memory_mib, 98304u);
}

TEST(TargetsAccelerators, WordsThatFitNoTpuAreRefusedWithTheNearestNames) {
  // A slice's chip count is not a product word, and a vendor word must agree with the product.
  for (const char* bad : {"v5litepod-8", "TPU v5e foo", "NVIDIA v6e", "AMD Ironwood"})
    EXPECT_FALSE(parse_target(bad).ok()) << bad;
  // A TPU generation kvdtype has no row for is unknown hardware, not bad input.
  EXPECT_EQ(classify_unparsed_gpu("TPU v8"), UnparsedGpu::unknown);
  // A misspelled generation is refused with the nearest names.
  const auto typo = parse_target("v6ee");
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.error().message.find("v6e"), std::string::npos) << typo.error().message;
}

Report run(const char* engine, const char* gpu, const char* kv, const char* attention = "gqa") {
  RequestInput in;
  in.engine = engine;
  in.gpu = gpu;
  in.kv_cache_dtype = kv;
  in.model_dtype = "bfloat16";
  in.attention = attention;
  in.head_size = "128";
  auto r = make_request(in);
  EXPECT_TRUE(r.ok()) << gpu << ": " << r.error().message;
  return check(*r);
}

TEST(TargetsAccelerators, EachEnginePicksItsPluginBackend) {
  // vllm-ascend: AscendAttentionBackend for every non-MLA model, AscendMLABackend for MLA.
  const Report ascend = run("vllm", "910B3", "auto");
  ASSERT_NE(ascend.plan.backend, nullptr);
  EXPECT_EQ(ascend.plan.backend->name, "ASCEND");
  EXPECT_EQ(ascend.verdict(), Verdict::ok);
  const Report mla = run("vllm", "910B3", "auto", "mla");
  ASSERT_NE(mla.plan.backend, nullptr);
  EXPECT_EQ(mla.plan.backend->name, "ASCEND_MLA");
  // tpu-inference forces its Pallas backend; sglang-jax defaults to fa.
  const Report pallas = run("vllm", "v6e", "auto");
  ASSERT_NE(pallas.plan.backend, nullptr);
  EXPECT_EQ(pallas.plan.backend->name, "PALLAS");
  EXPECT_EQ(pallas.verdict(), Verdict::ok);
  const Report jax = run("sglang", "TPU7x", "bf16");
  ASSERT_NE(jax.plan.backend, nullptr);
  EXPECT_EQ(jax.plan.backend->name, "fa");
  EXPECT_EQ(jax.verdict(), Verdict::ok);
}

TEST(TargetsAccelerators, Fp8ThereGetsTheEnginesTrueOutcome) {
  // Refused: no fp8 cache path in vllm-ascend on Atlas A2 (vllm-ascend#8102), none in
  // sglang-jax's memory pool even on fp8-capable Ironwood (sglang-jax#646).
  const Report ascend = run("vllm", "910B2", "fp8");
  EXPECT_EQ(ascend.verdict(), Verdict::error);
  EXPECT_TRUE(ascend.fired("KVD016"));  // the only candidate, ASCEND, refuses the string (KVD010)
  const Report jax = run("sglang", "TPU v7", "fp8_e4m3");
  EXPECT_EQ(jax.verdict(), Verdict::error);
  EXPECT_TRUE(jax.fired("KVD016"));
  // Established in session 45: tpu-inference stores fp8 as e4m3fn on every generation (the
  // runner's to_torch_dtype('fp8'); the bf16 read of tpu-inference#3126 on v5e is RPA v3's packed
  // page layout, KVD106, which needs the KV heads this request leaves out): accepted, complete.
  const Report tpu = run("vllm", "v5e", "fp8");
  EXPECT_NE(tpu.verdict(), Verdict::incomplete);
  EXPECT_NE(tpu.verdict(), Verdict::error);
  EXPECT_FALSE(tpu.fired("KVD080"));
  EXPECT_FALSE(tpu.fired("KVD016"));
  EXPECT_EQ(tpu.plan.k.format, FormatId::float8_e4m3fn);
  // Engines that never run on a TPU say so instead of leaving it unknown.
  const Report trt = run("trtllm", "v6e", "fp8");
  EXPECT_EQ(trt.verdict(), Verdict::error);
  EXPECT_TRUE(trt.fired("KVD016"));
}

TEST(TargetsAccelerators, AnAttentionKindWithoutASelectionRowIsIncomplete) {
  // tpu-inference's MLA path (NEW_MODEL_DESIGN=1 plus DP attention) has no row: the platform is
  // covered for MHA/GQA, but an MLA model there must not be ACCEPTED with no backend at all.
  const Report mla = run("vllm", "v5e", "auto", "mla");
  EXPECT_EQ(mla.plan.backend, nullptr);
  EXPECT_EQ(mla.verdict(), Verdict::incomplete);
  EXPECT_TRUE(mla.fired("KVD080"));
  // Must not fire where a row exists: MHA on the same TPU selects PALLAS and is complete.
  EXPECT_FALSE(run("vllm", "v5e", "auto").fired("KVD080"));
}

TEST(TargetsAccelerators, AnUnknownAcceleratorStaysIncomplete) {
  // Arc Pro B65: no source for its die and memory, so no row: unknown GPU, KVD080, never ok.
  const Report b65 = run("vllm", "Arc Pro B65", "fp8");
  EXPECT_EQ(b65.verdict(), Verdict::incomplete);
  EXPECT_TRUE(b65.fired("KVD080"));
  const Report v8 = run("vllm", "TPU v8", "auto");
  EXPECT_EQ(v8.verdict(), Verdict::incomplete);
}

}  // namespace
}  // namespace kvdtype
