// The targets beyond NVIDIA and AMD (Apple, Intel, Huawei Ascend, Adreno, Mali), the names tools
// print for them, the platform each runs on, and what a --gpu value kvdtype cannot place is:
// hardware it has not heard of (an unknown GPU, KVD080), or bad input. docs/targets.md says how.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "kvdtype/check.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/target.hpp"
#include "tables/rows/backend.hpp"

namespace kvdtype {
namespace {

const Target& T(std::string_view name) {
  const Target* t = find_target(name);
  EXPECT_NE(t, nullptr) << name;
  static const Target none{};
  return t ? *t : none;
}

struct Printed {
  const char* text;     // as the tool prints it
  const char* target;   // canonical target
  const char* product;  // nullptr: an architecture name
};

// Each is what a tool prints: system_profiler / llama.cpp's Metal log, sycl-ls / clinfo /
// vulkaninfo, npu-smi / torch_npu, Mesa's Vulkan drivers, nvidia-smi on Jetson and DGX Spark.
const Printed kPrinted[] = {
    {"Apple M1", "apple7", "Apple M1"},
    {"Apple M1 Ultra", "apple7", "Apple M1 Ultra"},
    {"Apple M2 Max", "apple8", "Apple M2 Max"},
    {"Apple M3 Max", "apple9", "Apple M3 Max"},
    {"Apple M3", "apple9", "Apple M3"},
    {"Apple M4 Pro", "apple9", "Apple M4 Pro"},
    {"Apple M5", "apple10", "Apple M5"},
    {"M3 Max", "apple9", "Apple M3 Max"},
    {"MTLGPUFamilyApple9", "apple9", nullptr},  // ggml-metal's "GPU family:" line
    {"apple10", "apple10", nullptr},
    {"Intel(R) Data Center GPU Max 1550", "pvc", "Data Center GPU Max 1550"},
    {"Intel(R) Data Center GPU Max 1100", "pvc", "Data Center GPU Max 1100"},
    {"Intel(R) Arc(TM) A770 Graphics", "acm_g10", "Arc A770 16GB"},
    {"Intel(R) Arc(tm) A770 Graphics (DG2)", "acm_g10", "Arc A770 16GB"},  // Mesa ANV
    {"Intel(R) Arc(TM) A380 Graphics", "acm_g11", "Arc A380"},
    {"Intel(R) Arc(TM) B580 Graphics", "bmg_g21", "Arc B580"},
    {"Intel(R) Arc(TM) 140V GPU (16GB)", "lnl_m", "Arc 140V 16GB"},
    {"Intel(R) Arc(TM) 140V GPU (8GB) (iGPU)", "lnl_m", "Arc 140V 8GB"},
    {"Intel(R) Arc(tm) Graphics (MTL)", "mtl_h", "Arc Graphics MTL"},
    {"intel_gpu_bmg_g21", "bmg_g21", nullptr},
    {"pvc", "pvc", nullptr},
    {"910B3", "ascend910b", "910B3"},
    {"Ascend910B3", "ascend910b", "910B3"},  // torch_npu's device name
    {"910B4", "ascend910b", "910B4"},
    {"910B4-1", "ascend910b", "910B4-1"},
    {"Ascend 910C", "ascend910_93", "910C"},
    {"310P3", "ascend310p", "310P3"},
    {"ascend910_93", "ascend910_93", nullptr},
    {"Turnip Adreno (TM) X1-85", "adreno_x1", "Adreno X1-85"},
    {"Qualcomm(R) Adreno(TM) X1-85 GPU", "adreno_x1", "Adreno X1-85"},
    {"Mali-G720-Immortalis MC12", "mali_g720", "Mali-G720"},
    {"Mali-G710 MC10", "mali_g710", "Mali-G710"},
    {"AMD Radeon RX 7900 XTX (RADV NAVI31)", "gfx1100", "RX 7900 XTX"},  // Mesa RADV's suffix
    {"AMD Radeon RX 6600 XT", "gfx1032", "RX 6600 XT"},
    {"AMD Radeon RX 7700 XT", "gfx1101", "RX 7700 XT"},
    {"NVIDIA GeForce RTX 4090", "sm_89", "RTX 4090"},  // vulkaninfo names NVIDIA GPUs as nvidia-smi does
    {"Orin", "sm_87", "Jetson AGX Orin 64GB"},  // CUDA's device name on Jetson Orin
    {"NVIDIA Jetson AGX Thor", "sm_110", "Jetson AGX Thor"},
    {"NVIDIA GB10", "sm_121", "GB10"},
};

TEST(TargetsBeyondCuda, NamesAsToolsPrintThem) {
  for (const Printed& p : kPrinted) {
    const auto r = parse_target(p.text);
    ASSERT_TRUE(r.ok()) << p.text << ": " << r.error().message;
    EXPECT_EQ(r->target->name, p.target) << p.text;
    if (p.product == nullptr) {
      EXPECT_EQ(r->product, nullptr) << p.text;
    } else {
      ASSERT_NE(r->product, nullptr) << p.text;
      EXPECT_EQ(r->product->name, p.product) << p.text;
    }
  }
}

TEST(TargetsBeyondCuda, VendorWordsMustAgree) {
  // A vendor word names whose product it is: an Apple chip is not AMD's, a Mali not Intel's.
  for (const char* bad : {"AMD Apple M3 Max", "Intel Mali-G710", "NVIDIA 910B3", "Qualcomm Arc A770"})
    EXPECT_FALSE(parse_target(bad).ok()) << bad;
  EXPECT_TRUE(parse_target("Arm Mali-G710").ok());
  EXPECT_TRUE(parse_target("Huawei Ascend 910B3").ok());
}

TEST(TargetsBeyondCuda, RowFacts) {
  // Apple: Metal families (feature set tables), MSL bfloat on every M-series GPU, no fp8 type.
  EXPECT_EQ(T("apple7").family, "Apple7");
  EXPECT_EQ(T("apple10").family, "Apple10");
  for (std::string_view n : {"apple7", "apple8", "apple9", "apple10"}) {
    EXPECT_EQ(T(n).vendor, Vendor::apple) << n;
    EXPECT_TRUE(T(n).bf16) << n;
    EXPECT_EQ(T(n).fp8_flavour, Fp8Flavour::none) << n;
    EXPECT_EQ(T(n).cc(), 0u) << n;
    EXPECT_EQ(T(n).triton_fp8, 0) << n;
  }
  // Intel: XMX bf16 except Meteor Lake's Xe-LPG; no fp8 instructions.
  EXPECT_TRUE(T("pvc").bf16);
  EXPECT_TRUE(T("bmg_g21").bf16);
  EXPECT_FALSE(T("mtl_h").bf16);
  EXPECT_EQ(T("pvc").vendor, Vendor::intel);
  // Ascend: bf16 on Atlas A2/A3, not on the 310P.
  EXPECT_TRUE(T("ascend910b").bf16);
  EXPECT_TRUE(T("ascend910_93").bf16);
  EXPECT_FALSE(T("ascend310p").bf16);
  for (const Target& t : targets()) {
    if (t.vendor == Vendor::nvidia || t.vendor == Vendor::amd) continue;
    EXPECT_EQ(t.cc(), 0u) << t.name << ": no CUDA-style capability";
    if (t.name == "tpu_v7x") continue;  // Ironwood's fp8 MXU: test_targets_accelerators.cpp
    EXPECT_FALSE(t.fp8_convert || t.fp8_mma || t.fp6_fp4_mma) << t.name << ": no fp8 hardware on these rows";
  }
  // Memory: the driver's figure where the name carries it; unknown (0) where the machine decides.
  EXPECT_EQ(parse_target("910B3")->product->memory_mib, 65536u);
  EXPECT_EQ(parse_target("910B4")->product->memory_mib, 32768u);
  EXPECT_EQ(parse_target("Intel(R) Arc(TM) 140V GPU (8GB)")->product->memory_mib, 8192u);
  EXPECT_EQ(parse_target("Apple M3 Max")->product->memory_mib, 0u);
}

TEST(TargetsBeyondCuda, PlatformFollowsTheVendor) {
  struct Case {
    const char* gpu;
    const char* platform;
  };
  for (const Case& c : {Case{"Apple M3 Max", "metal"}, Case{"Arc B580", "sycl"}, Case{"910B3", "cann"},
                        Case{"Adreno X1-85", "vulkan"}, Case{"Mali-G720", "vulkan"}, Case{"H100", "cuda"}}) {
    RequestInput in;
    in.engine = "llamacpp";
    in.gpu = c.gpu;
    in.backend = "CPU";  // the CPU backend runs beside every GPU: no platform refusal, only the name
    auto r = make_request(in);
    ASSERT_TRUE(r.ok()) << c.gpu << ": " << r.error().message;
    const Report rep = check(*r);
    EXPECT_FALSE(rep.fired("KVD014")) << c.gpu;
  }
  // llama.cpp's Metal backend runs on Apple GPUs only; its Vulkan backend on the Vulkan GPUs.
  auto run = [](const char* gpu, const char* backend) {
    RequestInput in;
    in.engine = "llamacpp";
    in.gpu = gpu;
    in.backend = backend;
    return check(*make_request(in));
  };
  EXPECT_FALSE(run("Apple M3 Max", "METAL").fired("KVD014"));
  EXPECT_TRUE(run("H100", "METAL").fired("KVD014"));
  EXPECT_TRUE(run("Apple M3 Max", "CUDA").fired("KVD014"));
  EXPECT_FALSE(run("Mali-G720", "VULKAN").fired("KVD014"));
  EXPECT_FALSE(run("Arc B580", "VULKAN").fired("KVD014"));
  EXPECT_TRUE(run("Mali-G720", "METAL").fired("KVD014"));
}

TEST(TargetsBeyondCuda, LlamacppOnAnAppleGpuSelectsMetal) {
  RequestInput in;
  in.engine = "llamacpp";
  in.gpu = "Apple M3 Max";
  in.kv_cache_dtype = "q8_0";
  in.v_cache_dtype = "q8_0";
  in.flash_attention = "on";
  in.attention = "gqa";
  in.model_dtype = "float16";
  const Report rep = check(*make_request(in));
  ASSERT_NE(rep.plan.backend, nullptr);
  EXPECT_EQ(rep.plan.backend->name, "METAL");
  EXPECT_EQ(rep.verdict(), Verdict::ok);
}

TEST(TargetsBeyondCuda, AnEngineWithoutABackendTableThereIsIncompleteNotOk) {
  // vLLM has no Metal backend in kvdtype's tables (vllm-project/vllm-metal is a plugin kvdtype
  // does not model): the backend is unknown, the verdict incomplete, never ok.
  RequestInput in;
  in.engine = "vllm";
  in.gpu = "Apple M3 Max";
  in.kv_cache_dtype = "fp8";
  in.model_dtype = "bfloat16";
  in.attention = "gqa";
  const Report rep = check(*make_request(in));
  EXPECT_EQ(rep.verdict(), Verdict::incomplete);
  EXPECT_TRUE(rep.fired("KVD080"));
  // TensorRT-LLM runs on NVIDIA GPUs only: an error, not an unknown.
  in.engine = "trtllm";
  in.kv_cache_dtype = "fp8";
  const Report trt = check(*make_request(in));
  EXPECT_EQ(trt.verdict(), Verdict::error);
  EXPECT_TRUE(trt.fired("KVD016"));
  // Must not fire: a platform the engine's table covers.
  in.engine = "vllm";
  in.gpu = "H100";
  const Report h100 = check(*make_request(in));
  EXPECT_NE(h100.verdict(), Verdict::incomplete);
}

// ---- what a name kvdtype cannot place is --------------------------------------------------------

TEST(UnparsedGpu, WellFormedUnknownNamesAreHardwareNotBadInput) {
  for (const char* name : {"NVIDIA RTX 9090", "NVIDIA GeForce RTX 3090 Ti", "H100 foo", "H100H100", "MI300", "RTX 6000",
                           "Ascend910", "Intel(R) Arc(TM) B790 Graphics", "Apple M7 Max", "Radeon(TM) 9999",
                           "nvidia.com/gpu.product=NVIDIA-B400"})
    EXPECT_EQ(classify_unparsed_gpu(name), UnparsedGpu::unknown) << name;
}

TEST(UnparsedGpu, MalformedAndMisspelledNamesStayBadInput) {
  for (const char* name : {"", "   ", "H100\x01", "H\u200b100", "\u041d100", "Radeon\u2122 8060S", "sm_90;rm -rf /", "$(nproc)", "`id`", "auto?", "*", "/", "H100/",
                           "NVIDIA", "RTX", "A", "-1", "H100 --kv-cache-dtype fp8", "Intel(R) Arc(TM) Graphics"})
    EXPECT_EQ(classify_unparsed_gpu(name), UnparsedGpu::malformed) << name;
  EXPECT_EQ(classify_unparsed_gpu(std::string(300, 'x') + "1"), UnparsedGpu::malformed);
  for (const char* name : {"sm_80a", "sm_999", "sm_9", "gfx906", "gfx942:xnack", "A100/H100", "sm_90 gfx942",
                           "MTLGPUFamilyApple6", "intel_gpu_xyz9"})
    EXPECT_EQ(classify_unparsed_gpu(name), UnparsedGpu::misspelled) << name;
  // A known product's word with a key doubled, a doubled key once, or two keys swapped: a typo.
  for (const char* name : {"H1000", "NVIDIA H10", "H010", "RTX 40900", "MI3000X"})
    EXPECT_EQ(classify_unparsed_gpu(name), UnparsedGpu::misspelled) << name;
  // Capabilities that name no architecture have no letter: malformed, bad input all the same.
  for (const char* name : {"sm_", "9.4", "99.99", "1.2.3", "0"})
    EXPECT_EQ(classify_unparsed_gpu(name), UnparsedGpu::malformed) << name;
  EXPECT_EQ(classify_unparsed_gpu("H100"), UnparsedGpu::known);
  EXPECT_EQ(classify_unparsed_gpu("4090"), UnparsedGpu::known);
}

TEST(UnparsedGpu, AnUnknownGpuIsIncompleteAndNamed) {
  RequestInput in;
  in.engine = "vllm";
  in.gpu = "NVIDIA RTX 9090";
  in.kv_cache_dtype = "fp8";
  auto r = make_request(in);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->target, nullptr);
  EXPECT_EQ(r->unknown_gpu_text(), "NVIDIA RTX 9090");
  const Report rep = check(*r);
  EXPECT_EQ(rep.verdict(), Verdict::incomplete);
  ASSERT_TRUE(rep.fired("KVD080"));
  // GPU-independent checks still run: an unknown kv string is an error whatever the GPU.
  in.kv_cache_dtype = "fp9";
  EXPECT_FALSE(make_request(in).ok());
  // Malformed stays bad input, naming the flag and the value.
  in.kv_cache_dtype = "fp8";
  in.gpu = "sm_80a";
  auto bad = make_request(in);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("--gpu"), std::string::npos);
  EXPECT_NE(bad.error().message.find("sm_80a"), std::string::npos);
  // A long unknown name is kept shortened, never overflowing the request.
  in.gpu = "NVIDIA " + std::string(200, 'Q') + " 9090";
  auto longer = make_request(in);
  ASSERT_TRUE(longer.ok());
  EXPECT_LT(longer->unknown_gpu_text().size(), 64u);
  EXPECT_FALSE(longer->unknown_gpu_text().empty());
}

}  // namespace
}  // namespace kvdtype
