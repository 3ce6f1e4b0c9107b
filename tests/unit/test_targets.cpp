// The target and product tables, and parse_target(): every name the conformance suite uses,
// the spellings drivers print, the feature facts the rules rely on, and hostile input.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/text.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype {
namespace {

const Target& T(std::string_view name) {
  const Target* t = find_target(name);
  EXPECT_NE(t, nullptr) << name;
  static const Target none{};
  return t ? *t : none;
}

// ---- conformance: tests/conformance/gpu_names.jsonl ----------------------------------------

TEST(TargetConformance, EveryGpuNameResolvesToItsTarget) {
  const std::string path = std::string(KVDTYPE_TEST_DATA_DIR) + "/../conformance/gpu_names.jsonl";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot open " << path;
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const nlohmann::json j = nlohmann::json::parse(line);
    const auto& args = j.at("args");
    std::string gpu;
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
      if (args[i] == "--gpu") gpu = args[i + 1].get<std::string>();
    ASSERT_FALSE(gpu.empty()) << line;
    const std::string want = j.at("expect").at("target").get<std::string>();
    const auto r = parse_target(gpu);
    ASSERT_TRUE(r.ok()) << gpu << ": " << r.error().message;
    EXPECT_EQ(r->target->name, want) << gpu;
    ++cases;
  }
  EXPECT_GE(cases, 40);
}

// ---- the target table --------------------------------------------------------------------------

TEST(TargetTable, CanonicalNamesRoundTrip) {
  for (const Target& t : targets()) {
    EXPECT_EQ(find_target(t.name), &t);
    const auto r = parse_target(t.name);
    ASSERT_TRUE(r.ok()) << t.name << ": " << r.error().message;
    EXPECT_EQ(r->target, &t) << t.name;
    EXPECT_EQ(r->product, nullptr) << t.name;
    std::string upper(t.name);
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    const auto u = parse_target(upper);
    ASSERT_TRUE(u.ok()) << upper;
    EXPECT_EQ(u->target, &t);
  }
  EXPECT_EQ(find_target("SM_90"), nullptr) << "find_target takes canonical names only";
  EXPECT_EQ(find_target("H100"), nullptr);
}

TEST(TargetTable, RowsAreWellFormed) {
  std::set<std::string_view> names;
  for (const Target& t : targets()) {
    EXPECT_TRUE(names.insert(t.name).second) << "duplicate " << t.name;
    EXPECT_FALSE(t.family.empty()) << t.name;
    EXPECT_FALSE(t.source.empty()) << t.name;
    EXPECT_EQ(t.cc(), t.cc_major * 10u + t.cc_minor);
    // fp8 matrix instructions come with conversions, and a flavour exactly when converting.
    if (t.fp8_mma) {
      EXPECT_TRUE(t.fp8_convert) << t.name;
    }
    EXPECT_EQ(t.fp8_convert, t.fp8_flavour != Fp8Flavour::none) << t.name;
    if (t.block_scale_mma) {
      EXPECT_TRUE(t.fp6_fp4_mma) << t.name;
    }
    if (t.vendor == Vendor::nvidia) {
      EXPECT_TRUE(t.name.substr(0, 3) == "sm_") << t.name;
      EXPECT_EQ(t.name.substr(3), std::to_string(t.cc())) << "NVIDIA names are the capability";
      EXPECT_TRUE(t.triton_fp8 & triton_fp8e5) << t.name;
      EXPECT_TRUE(t.triton_fp8 & triton_fp8e4b15) << t.name;
      EXPECT_FALSE(t.triton_fp8 & (triton_fp8e4b8 | triton_fp8e5b16)) << t.name;
      EXPECT_EQ(bool(t.triton_fp8 & triton_fp8e4nv), t.cc() >= 89) << t.name;
      EXPECT_EQ(t.fp8_convert, t.cc() >= 89) << t.name;
      EXPECT_EQ(t.bf16, t.cc() >= 80) << t.name;
    } else if (t.vendor == Vendor::amd) {
      EXPECT_TRUE(t.name.substr(0, 3) == "gfx") << t.name;
      EXPECT_FALSE(t.triton_fp8 & triton_fp8e4b15) << "Triton never offers fp8e4b15 on AMD: " << t.name;
      // RDNA2 has no bf16 instruction (no dot9-insts, no WMMA); every later AMD target has one.
      EXPECT_EQ(t.bf16, t.family != "RDNA2") << t.name;
    }
  }
  EXPECT_TRUE(names.count("sm_88")) << "CUDA 13 lists compute_88";
}

TEST(TargetTable, OrderIsNvidiaByCapabilityThenAmdThenCpu) {
  const auto ts = targets();
  ASSERT_FALSE(ts.empty());
  // Table order is the enum's, except that google (appended to the enum after cpu, values never
  // renumber) comes before the CPU row, which stays last.
  auto rank = [](Vendor v) { return v == Vendor::cpu ? 1000 : static_cast<int>(v); };
  for (std::size_t i = 1; i < ts.size(); ++i) {
    EXPECT_LE(rank(ts[i - 1].vendor), rank(ts[i].vendor)) << ts[i].name;
    if (ts[i - 1].vendor == Vendor::nvidia && ts[i].vendor == Vendor::nvidia) {
      EXPECT_LT(ts[i - 1].cc(), ts[i].cc()) << ts[i].name;
    }
  }
  EXPECT_EQ(ts.back().name, "cpu");
}

TEST(TargetTable, FeatureFacts) {
  // The TurboQuant founding case: Triton's native e4m3 exists from sm_89 only.
  EXPECT_TRUE(T("sm_89").triton_fp8 & triton_fp8e4nv);
  EXPECT_TRUE(T("sm_90").triton_fp8 & triton_fp8e4nv);
  EXPECT_FALSE(T("sm_80").triton_fp8 & triton_fp8e4nv);
  EXPECT_FALSE(T("sm_86").triton_fp8 & triton_fp8e4nv);
  EXPECT_FALSE(T("sm_88").triton_fp8 & triton_fp8e4nv);
  EXPECT_TRUE(T("sm_80").triton_fp8 & triton_fp8e4b15);

  EXPECT_EQ(T("gfx942").fp8_flavour, Fp8Flavour::fnuz);
  EXPECT_EQ(T("gfx950").fp8_flavour, Fp8Flavour::ocp);
  EXPECT_EQ(T("gfx1201").fp8_flavour, Fp8Flavour::ocp);
  EXPECT_EQ(T("gfx1200").fp8_flavour, Fp8Flavour::ocp);
  EXPECT_EQ(T("gfx1100").fp8_flavour, Fp8Flavour::none);
  EXPECT_EQ(T("gfx90a").fp8_flavour, Fp8Flavour::none);
  EXPECT_EQ(T("sm_90").fp8_flavour, Fp8Flavour::ocp);
  EXPECT_EQ(T("sm_80").fp8_flavour, Fp8Flavour::none);
  EXPECT_TRUE(T("gfx942").triton_fp8 & triton_fp8e4b8);
  EXPECT_TRUE(T("gfx942").triton_fp8 & triton_fp8e5b16);

  const Target& cpu = T("cpu");
  EXPECT_EQ(cpu.vendor, Vendor::cpu);
  EXPECT_EQ(cpu.fp8_flavour, Fp8Flavour::none);
  EXPECT_FALSE(cpu.fp8_convert || cpu.fp8_mma || cpu.fp6_fp4_mma || cpu.block_scale_mma);
  EXPECT_EQ(cpu.triton_fp8, 0);
  EXPECT_EQ(cpu.cc(), 0u);

  EXPECT_FALSE(T("sm_75").bf16);
  EXPECT_TRUE(T("sm_80").bf16);
  EXPECT_TRUE(T("sm_100").block_scale_mma);
  EXPECT_TRUE(T("sm_120").fp6_fp4_mma);
  EXPECT_FALSE(T("sm_90").fp6_fp4_mma);
  EXPECT_TRUE(T("gfx950").fp6_fp4_mma);
  EXPECT_FALSE(T("gfx942").fp6_fp4_mma);
  EXPECT_FALSE(T("gfx1201").fp6_fp4_mma);

  // Capabilities as PyTorch reports them; ROCm derives them from the gfx name.
  EXPECT_EQ(T("sm_90").cc(), 90u);
  EXPECT_EQ(T("sm_121").cc(), 121u);
  EXPECT_EQ(T("sm_110").cc(), 110u);
  EXPECT_EQ(T("gfx908").cc(), 90u);
  EXPECT_EQ(T("gfx90a").cc(), 90u);
  EXPECT_EQ(T("gfx942").cc(), 94u);
  EXPECT_EQ(T("gfx950").cc(), 95u);
  EXPECT_EQ(T("gfx1100").cc(), 110u);
  EXPECT_EQ(T("gfx1102").cc(), 110u);
  EXPECT_EQ(T("gfx1201").cc(), 120u);
  EXPECT_EQ(T("gfx1030").cc(), 103u);
  EXPECT_EQ(T("gfx1032").cc(), 103u);
  EXPECT_EQ(T("gfx1151").cc(), 115u);

  // RDNA2 and RDNA3.5: no fp8 hardware; Triton emulates all four AMD fp8 types.
  for (std::string_view n : {"gfx1030", "gfx1031", "gfx1032", "gfx1150", "gfx1151", "gfx1152"}) {
    EXPECT_FALSE(T(n).fp8_convert || T(n).fp8_mma) << n;
    EXPECT_EQ(T(n).triton_fp8, triton_fp8e4nv | triton_fp8e5 | triton_fp8e4b8 | triton_fp8e5b16) << n;
  }
  EXPECT_FALSE(T("gfx1030").bf16);
  EXPECT_TRUE(T("gfx1151").bf16);
}

// ---- the product table -------------------------------------------------------------------------

TEST(TargetProducts, RowsPointAtExistingTargets) {
  std::set<std::string> names;
  for (const Product& p : products()) {
    EXPECT_NE(find_target(p.target), nullptr) << p.name << " -> " << p.target;
    EXPECT_NE(p.target, "cpu") << p.name;
    // 0 only where the memory is chosen per machine (Apple's unified memory, phone SoCs, boards
    // that differ): the row's source says so, and capacity planning asks for --gpu-memory-gib.
    if (p.memory_mib == 0) {
      EXPECT_NE(p.source.find("per machine"), std::string_view::npos) << p.name;
    }
    EXPECT_FALSE(p.source.empty()) << p.name;
    EXPECT_TRUE(names.insert(detail::to_lower(p.name)).second) << "duplicate " << p.name;
  }
  EXPECT_GE(products().size(), 60u);
}

TEST(TargetProducts, EveryProductNameParsesToItsOwnRow) {
  for (const Product& p : products()) {
    const auto r = parse_target(p.name);
    ASSERT_TRUE(r.ok()) << p.name << ": " << r.error().message;
    EXPECT_EQ(r->product, &p) << p.name << " parsed as " << (r->product ? r->product->name : "no product");
    EXPECT_EQ(r->target, find_target(p.target)) << p.name;
  }
}

TEST(TargetProducts, MemoryFollowsTheDocumentedConvention) {
  auto mem = [](std::string_view name) {
    const auto r = parse_target(name);
    EXPECT_TRUE(r.ok()) << name;
    return r.ok() && r->product ? r->product->memory_mib : 0u;
  };
  EXPECT_EQ(mem("H200"), 143771u);              // observed driver total
  EXPECT_EQ(mem("NVIDIA H100 80GB HBM3"), 81559u);
  EXPECT_EQ(mem("A100-SXM4-40GB"), 40960u);
  EXPECT_EQ(mem("MI325X"), 256u * 1024u);       // vendor GB taken as GiB
  EXPECT_EQ(mem("MI250X"), 64u * 1024u);        // one of the two dies HIP exposes
}

// ---- spellings ----------------------------------------------------------------------------------

struct Spelling {
  const char* text;
  const char* target;
  const char* product;  // nullptr: an architecture name, no product
};

const Spelling kSpellings[] = {
    // architectures
    {"sm_90", "sm_90", nullptr},
    {"sm90", "sm_90", nullptr},
    {"SM_90A", "sm_90", nullptr},
    {"sm_90a", "sm_90", nullptr},
    {"sm_100a", "sm_100", nullptr},
    {"sm_100f", "sm_100", nullptr},
    {"sm_103f", "sm_103", nullptr},
    {"sm_120a", "sm_120", nullptr},
    {"sm_121f", "sm_121", nullptr},
    {"compute_90a", "sm_90", nullptr},
    {"compute_80", "sm_80", nullptr},
    {"cuda:89", "sm_89", nullptr},
    {"9.0", "sm_90", nullptr},
    {"90", "sm_90", nullptr},
    {"7.5", "sm_75", nullptr},
    {"8.8", "sm_88", nullptr},
    {"10.0", "sm_100", nullptr},
    {"10.3", "sm_103", nullptr},
    {"11.0", "sm_110", nullptr},
    {"12.0", "sm_120", nullptr},
    {"120", "sm_120", nullptr},
    {"12.1", "sm_121", nullptr},
    {"sm_101", "sm_110", nullptr},  // Thor's name before CUDA 13
    {"10.1", "sm_110", nullptr},
    {"gfx942", "gfx942", nullptr},
    {"GFX942", "gfx942", nullptr},
    {"gfx942:sramecc+:xnack-", "gfx942", nullptr},
    {"gfx90a:xnack+", "gfx90a", nullptr},
    {"gfx90a:sramecc-:xnack-", "gfx90a", nullptr},
    {"amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", "gfx942", nullptr},
    {"hip:gfx950", "gfx950", nullptr},
    {"gfx1201", "gfx1201", nullptr},
    {"cpu", "cpu", nullptr},
    {"CPU", "cpu", nullptr},
    {"  sm_89  ", "sm_89", nullptr},
    // NVIDIA products and driver names
    {"H100", "sm_90", "H100 SXM5 80GB"},
    {"h100", "sm_90", "H100 SXM5 80GB"},
    {"NVIDIA H100 80GB HBM3", "sm_90", "H100 SXM5 80GB"},
    {"NVIDIA H100 PCIe", "sm_90", "H100 PCIe 80GB"},
    {"H100 PCIe", "sm_90", "H100 PCIe 80GB"},
    {"NVIDIA H100 NVL", "sm_90", "H100 NVL 94GB"},
    {"H100-SXM5-80GB", "sm_90", "H100 SXM5 80GB"},
    {"H100 SXM", "sm_90", "H100 SXM5 80GB"},
    {"H100 Hopper", "sm_90", "H100 SXM5 80GB"},
    {"NVIDIA H200", "sm_90", "H200 SXM 141GB"},
    {"NVIDIA H200 NVL", "sm_90", "H200 NVL 141GB"},
    {"NVIDIA H20", "sm_90", "H20 96GB"},
    {"NVIDIA H20-3e", "sm_90", "H20-3e"},
    {"NVIDIA A800-SXM4-80GB", "sm_80", "A800 SXM4 80GB"},
    {"NVIDIA A800 80GB PCIe", "sm_80", "A800 PCIe 80GB"},
    {"A800", "sm_80", "A800 SXM4 80GB"},
    {"NVIDIA L20", "sm_89", "L20"},
    {"NVIDIA A10", "sm_86", "A10"},
    {"Tesla T4", "sm_75", "T4"},
    // Kubernetes node labels: GPU Feature Discovery (NVML name, blanks -> '-', "-SHARED" when
    // time-sliced) and the ROCm node labeller (product_name, blanks -> '_'), with or without the key
    {"NVIDIA-H100-80GB-HBM3", "sm_90", "H100 SXM5 80GB"},
    {"nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3", "sm_90", "H100 SXM5 80GB"},
    {"NVIDIA-A100-SXM4-80GB", "sm_80", "A100 SXM4 80GB"},
    {"NVIDIA-A100-SXM4-40GB", "sm_80", "A100 SXM4 40GB"},
    {"NVIDIA-A100-80GB-PCIe", "sm_80", "A100 PCIe 80GB"},
    {"NVIDIA-A800-SXM4-80GB", "sm_80", "A800 SXM4 80GB"},
    {"NVIDIA-H800", "sm_90", "H800 SXM5 80GB"},
    {"NVIDIA-H20", "sm_90", "H20 96GB"},
    {"NVIDIA-H20-3e", "sm_90", "H20-3e"},
    {"NVIDIA-H200", "sm_90", "H200 SXM 141GB"},
    {"NVIDIA-L20", "sm_89", "L20"},
    {"NVIDIA-L40", "sm_89", "L40"},
    {"NVIDIA-L40S", "sm_89", "L40S"},
    {"NVIDIA-L4", "sm_89", "L4"},
    {"nvidia.com/gpu.product=NVIDIA-L4", "sm_89", "L4"},
    {"NVIDIA-A10", "sm_86", "A10"},
    {"NVIDIA-A10G", "sm_86", "A10G"},
    {"Tesla-T4", "sm_75", "T4"},
    {"Tesla-T4-SHARED", "sm_75", "T4"},
    {"NVIDIA-GeForce-RTX-4090", "sm_89", "RTX 4090"},
    {"NVIDIA-GeForce-RTX-3090", "sm_86", "RTX 3090"},
    {"NVIDIA-GH200-480GB", "sm_90", "GH200 96GB"},
    {"NVIDIA-B200", "sm_100", "B200"},
    {"NVIDIA-GB10", "sm_121", "GB10"},
    {"NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition", "sm_120", "RTX PRO 6000"},
    {"Tesla-V100-SXM2-16GB", "sm_70", "V100 SXM2 16GB"},
    {"AMD_Instinct_MI300X_OAM", "gfx942", "MI300X"},
    {"amd.com/gpu.product-name=AMD_Instinct_MI300X_OAM", "gfx942", "MI300X"},
    {"beta.amd.com/gpu.product-name=AMD_Instinct_MI300X_OAM", "gfx942", "MI300X"},
    {"amd.com/gpu.product-name: AMD_Instinct_MI300X_OAM", "gfx942", "MI300X"},
    {"AMD_Instinct_MI325X_OAM", "gfx942", "MI325X"},
    {"AMD_Instinct_MI355X_OAM", "gfx950", "MI355X"},
    {"AMD_Instinct_MI210", "gfx90a", "MI210"},
    {"AMD_Instinct_MI250X", "gfx90a", "MI250X"},
    {"AMD_Radeon_8060S_Graphics", "gfx1151", "Radeon 8060S 128GB"},
    {"AMD_Radeon_890M_Graphics", "gfx1150", "Radeon 890M"},
    {"AMD_Radeon_PRO_W7900", "gfx1100", "Radeon PRO W7900"},
    {"AMD_Radeon_RX_7900_XTX", "gfx1100", "RX 7900 XTX"},
    {"AMD_Radeon_RX_9070_XT", "gfx1201", "RX 9070 XT"},
    {"NVIDIA H800", "sm_90", "H800 SXM5 80GB"},
    {"NVIDIA GH200 480GB", "sm_90", "GH200 96GB"},
    {"NVIDIA GH200 144G HBM3e", "sm_90", "GH200 144GB"},
    {"NVIDIA A100-SXM4-80GB", "sm_80", "A100 SXM4 80GB"},
    {"NVIDIA A100-SXM4-40GB", "sm_80", "A100 SXM4 40GB"},
    {"A100-SXM4-40GB", "sm_80", "A100 SXM4 40GB"},
    {"A100 40GB", "sm_80", "A100 SXM4 40GB"},
    {"A100 40 GB", "sm_80", "A100 SXM4 40GB"},
    {"NVIDIA A100 80GB PCIe", "sm_80", "A100 PCIe 80GB"},
    {"NVIDIA A100-PCIE-40GB", "sm_80", "A100 PCIe 40GB"},
    {"A100", "sm_80", "A100 SXM4 80GB"},
    {"A100 48GB", "sm_80", "A100 SXM4 80GB"},  // no such variant: the default row
    {"NVIDIA A10G", "sm_86", "A10G"},
    {"NVIDIA A40", "sm_86", "A40"},
    {"NVIDIA RTX A6000", "sm_86", "RTX A6000"},
    {"Tesla V100-SXM2-16GB", "sm_70", "V100 SXM2 16GB"},
    {"Tesla V100-SXM2-32GB", "sm_70", "V100 SXM2 32GB"},
    {"Tesla V100-PCIE-32GB", "sm_70", "V100 PCIe 32GB"},
    {"V100", "sm_70", "V100 SXM2 16GB"},
    {"NVIDIA T4", "sm_75", "T4"},
    {"NVIDIA L4", "sm_89", "L4"},
    {"NVIDIA L40", "sm_89", "L40"},
    {"NVIDIA L40S", "sm_89", "L40S"},
    {"l40s", "sm_89", "L40S"},
    {"NVIDIA GeForce RTX 4090", "sm_89", "RTX 4090"},
    {"GeForce RTX 4090", "sm_89", "RTX 4090"},
    {"RTX4090", "sm_89", "RTX 4090"},
    {"rtx-4090", "sm_89", "RTX 4090"},
    {"4090", "sm_89", "RTX 4090"},
    {"NVIDIA GeForce RTX 4090 D", "sm_89", "RTX 4090 D"},
    {"NVIDIA RTX 6000 Ada Generation", "sm_89", "RTX 6000 Ada"},
    {"RTX 6000 Ada", "sm_89", "RTX 6000 Ada"},
    {"NVIDIA GeForce RTX 3090", "sm_86", "RTX 3090"},
    {"NVIDIA B200", "sm_100", "B200"},
    {"DGX B200", "sm_100", "B200"},
    {"NVIDIA GB200", "sm_100", "GB200"},
    {"NVIDIA B300 SXM6 AC", "sm_103", "B300"},
    {"NVIDIA GB300", "sm_103", "GB300"},
    {"NVIDIA GeForce RTX 5090", "sm_120", "RTX 5090"},
    {"RTX 5090 D", "sm_120", "RTX 5090 D"},
    {"NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "sm_120", "RTX PRO 6000"},
    {"NVIDIA RTX PRO 6000 Blackwell Server Edition", "sm_120", "RTX PRO 6000"},
    {"NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "sm_120", "RTX PRO 6000"},
    {"RTX PRO 6000 Blackwell", "sm_120", "RTX PRO 6000"},
    {"NVIDIA GB10", "sm_121", "GB10"},
    {"DGX Spark", "sm_121", "DGX Spark"},
    {"NVIDIA DGX Spark", "sm_121", "DGX Spark"},
    {"Orin", "sm_87", "Jetson AGX Orin 64GB"},
    {"Jetson AGX Orin 32GB", "sm_87", "Jetson AGX Orin 32GB"},
    {"Jetson Orin Nano", "sm_87", "Jetson Orin Nano 8GB"},
    {"NVIDIA Jetson AGX Orin Developer Kit", "sm_87", "Jetson AGX Orin 64GB"},
    {"NVIDIA Thor", "sm_110", "Jetson AGX Thor"},
    {"Jetson AGX Xavier", "sm_72", "Jetson AGX Xavier 32GB"},
    // architecture assertions inside a product name
    {"H100 (sm_90)", "sm_90", "H100 SXM5 80GB"},
    {"AMD Instinct MI300X (gfx942:sramecc+:xnack-)", "gfx942", "MI300X"},
    // AMD products and driver names
    {"AMD Instinct MI300X", "gfx942", "MI300X"},
    {"AMD Instinct MI300X VF", "gfx942", "MI300X"},
    {"mi300x", "gfx942", "MI300X"},
    {"MI-300X", "gfx942", "MI300X"},
    {"AMD Instinct MI308X", "gfx942", "MI308X"},
    {"AMD Instinct MI325X", "gfx942", "MI325X"},
    {"AMD Instinct MI300A", "gfx942", "MI300A"},
    {"AMD Instinct MI350X", "gfx950", "MI350X"},
    {"AMD Instinct MI355X", "gfx950", "MI355X"},
    {"AMD Instinct MI250X/MI250", "gfx90a", "MI250X"},
    {"AMD Instinct MI250", "gfx90a", "MI250"},
    {"AMD Instinct MI210", "gfx90a", "MI210"},
    {"AMD Instinct MI100", "gfx908", "MI100"},
    {"AMD Radeon RX 7900 XTX", "gfx1100", "RX 7900 XTX"},
    {"Radeon RX 7900 XT", "gfx1100", "RX 7900 XT"},
    {"RX7900XTX", "gfx1100", "RX 7900 XTX"},
    {"7900 XTX", "gfx1100", "RX 7900 XTX"},
    {"AMD Radeon PRO W7900", "gfx1100", "Radeon PRO W7900"},
    {"AMD Radeon PRO W7900 Dual Slot", "gfx1100", "Radeon PRO W7900"},
    {"AMD Radeon RX 7800 XT", "gfx1101", "RX 7800 XT"},
    {"AMD Radeon RX 7600", "gfx1102", "RX 7600"},
    {"AMD Radeon RX 9070 XT", "gfx1201", "RX 9070 XT"},
    {"AMD Radeon RX 9070", "gfx1201", "RX 9070"},
    {"AMD Radeon RX 9070 GRE", "gfx1201", "RX 9070 GRE"},
    {"AMD Radeon RX 9060 XT", "gfx1200", "RX 9060 XT 16GB"},
    {"RX 9060 XT 8GB", "gfx1200", "RX 9060 XT 8GB"},
    {"AMD Radeon AI PRO R9700", "gfx1201", "Radeon AI PRO R9700"},
    {"AMD Radeon PRO W7800", "gfx1100", "Radeon PRO W7800"},
    {"AMD Radeon PRO W7900 Dual Slot", "gfx1100", "Radeon PRO W7900"},
    {"AMD Radeon RX 6900 XT", "gfx1030", "RX 6900 XT"},
    {"AMD Radeon RX 6800 XT", "gfx1030", "RX 6800 XT"},
    {"AMD Radeon RX 6800", "gfx1030", "RX 6800"},
    {"6800 XT", "gfx1030", "RX 6800 XT"},
    {"AMD Radeon PRO W6800", "gfx1030", "Radeon PRO W6800"},
    {"AMD Radeon RX 6700 XT", "gfx1031", "RX 6700 XT"},
    {"AMD Radeon PRO W6600", "gfx1032", "Radeon PRO W6600"},
    {"AMD Radeon 8060S", "gfx1151", "Radeon 8060S 128GB"},
    {"AMD Radeon(TM) 8060S Graphics", "gfx1151", "Radeon 8060S 128GB"},
    {"Radeon 8060S 64GB", "gfx1151", "Radeon 8060S 64GB"},
    {"AMD Radeon 890M", "gfx1150", "Radeon 890M"},
    {"AMD Radeon 860M", "gfx1152", "Radeon 860M"},
    {"gfx1030", "gfx1030", nullptr},
    {"gfx1151", "gfx1151", nullptr},
    {"amdgcn-amd-amdhsa--gfx1151", "gfx1151", nullptr},
    {"hip:gfx1152", "gfx1152", nullptr},
    {"10.3", "sm_103", nullptr},  // a bare capability is NVIDIA's, never RDNA2
};

TEST(TargetParse, Spellings) {
  for (const Spelling& s : kSpellings) {
    const auto r = parse_target(s.text);
    ASSERT_TRUE(r.ok()) << "'" << s.text << "': " << r.error().message;
    EXPECT_EQ(r->target->name, s.target) << s.text;
    if (s.product == nullptr) {
      EXPECT_EQ(r->product, nullptr) << s.text;
    } else {
      ASSERT_NE(r->product, nullptr) << s.text;
      EXPECT_EQ(r->product->name, s.product) << s.text;
    }
  }
}

// ---- refusals -----------------------------------------------------------------------------------

struct Refusal {
  const char* text;
  std::vector<const char*> mentions;  // each must appear in the message
};

TEST(TargetParse, RefusesWhatItCannotPlaceAndSuggests) {
  const Refusal refusals[] = {
      {"H100 foo", {"'foo'", "H100 SXM5 80GB"}},   // a stray word is never ignored
      {"AMD H100", {"'amd'", "H100"}},             // the vendor must agree
      {"H100 Blackwell", {"'blackwell'"}},         // so must the architecture family
      {"RTX 6000", {"RTX 6000 Ada", "RTX PRO 6000"}},  // two products: the word that tells them apart is missing
      {"RTX PRO 6000 Ada", {"RTX 6000 Ada", "RTX PRO 6000"}},
      {"MI300", {"MI300X", "MI300A"}},
      {"W7900", {"Radeon PRO W7900"}},
      {"RTX 3090 Ti", {"'ti'", "RTX 3090"}},
      {"RTX 7900 XTX", {"'rtx'"}},
      {"sm_999", {"sm_121"}},
      {"sm_80a", {"sm_80"}},                        // no arch-specific target below sm_90
      {"sm_90f", {"sm_90"}},                        // family targets start at sm_100
      {"9.4", {"gfx942"}},                          // a bare capability is NVIDIA's
      {"99", {}},
      {"gfx906", {"gfx908"}},
      {"gfx942:sramecc", {"gfx942"}},               // a feature needs + or -
      {"gfx9-4-generic", {}},
      {"H100 (gfx942)", {"'gfx942'"}},
      {"sm_90 gfx942", {"sm_90", "gfx942"}},
      {"RX 7900 XTX/XT", {"RX 7900 XTX/XT"}},
      {"A100/H100", {"sm_80", "sm_90"}},
      {"80GB", {}},
      {"Hopper", {}},
      {"nvidia", {}},
      {"Quadro RTX 6000", {}},
      // A MIG slice is not the card: its memory is the slice's, which no product row holds.
      {"NVIDIA-A100-SXM4-80GB-MIG-3g.40gb", {"'mig'"}},
      {"nvidia.com/gpu.family=hopper", {}},         // only the product label names a GPU
      {"AMD Radeon Graphics", {}},                   // HIP's generic APU name: which one?
      {"RX 6900 XTX", {"RX 6900 XT"}},
  };
  for (const Refusal& f : refusals) {
    const auto r = parse_target(f.text);
    ASSERT_FALSE(r.ok()) << "'" << f.text << "' was accepted as " << r->target->name;
    EXPECT_EQ(r.error().code, ErrorCode::unknown_name) << f.text;
    const std::string& msg = r.error().message;
    EXPECT_TRUE(msg.find("unknown GPU") != std::string::npos || msg.find("ambiguous GPU") != std::string::npos)
        << msg;
    for (const char* m : f.mentions) EXPECT_NE(msg.find(m), std::string::npos) << f.text << ": " << msg;
  }
}

TEST(TargetParse, UnknownNamesSuggestTargetsAndProducts) {
  auto msg = [](std::string_view s) { return parse_target(s).error().message; };
  EXPECT_NE(msg("H10").find("nearest:"), std::string::npos);
  EXPECT_NE(msg("gfx943").find("gfx942"), std::string::npos);
  EXPECT_NE(msg("sm_91").find("sm_90"), std::string::npos);
  EXPECT_NE(msg("B2000").find("B200"), std::string::npos);
  EXPECT_EQ(msg("B2000").find('\n'), std::string::npos) << "one line";
}

// ---- hostile input ------------------------------------------------------------------------------

void expect_refused_cleanly(std::string_view s) {
  const auto r = parse_target(s);
  if (r.ok()) {
    EXPECT_NE(r->target, nullptr);
    return;
  }
  const std::string& msg = r.error().message;
  EXPECT_FALSE(msg.empty());
  EXPECT_LT(msg.size(), 1000u) << "message stays short for input of " << s.size() << " bytes";
  for (unsigned char c : msg) {
    EXPECT_TRUE(c >= 0x20 && c != 0x7f) << "control byte in message";
    if (c < 0x20 || c == 0x7f) break;
  }
}

TEST(TargetParse, HostileInputNeverCrashes) {
  for (std::string_view s : {std::string_view(""), std::string_view("   "), std::string_view("\t\n"),
                             std::string_view("()"), std::string_view("/"), std::string_view("///"),
                             std::string_view("-"), std::string_view("_"), std::string_view(":"),
                             std::string_view("gfx"), std::string_view("gfx:"), std::string_view("gfx942:"),
                             std::string_view("gfx942::"), std::string_view("sm_"), std::string_view("sm_a"),
                             std::string_view("compute_"), std::string_view("cuda:"), std::string_view("hip:"),
                             std::string_view("."), std::string_view("9."), std::string_view(".9"),
                             std::string_view("99999999999999999999"), std::string_view("sm_99999999999999"),
                             std::string_view("99999999999999999999GB"), std::string_view("H100 99999999999GB")}) {
    const auto r = parse_target(s);
    EXPECT_FALSE(r.ok()) << "'" << s << "'";
    expect_refused_cleanly(s);
  }
  expect_refused_cleanly("H100\xE2\x84\xA2");                    // a trademark sign
  expect_refused_cleanly("\xEF\xBC\xA8\xEF\xBC\x91\xEF\xBC\x90\xEF\xBC\x90");  // full-width H100
  expect_refused_cleanly("\xFF\xFE\xFD");
  expect_refused_cleanly(std::string_view("H1\0" "00", 5));       // an embedded NUL
  expect_refused_cleanly(std::string(10 * 1024, 'A'));
  expect_refused_cleanly(std::string(10 * 1024, ' ') + "H100");  // long, but mostly blank
  std::string many;
  for (int i = 0; i < 120; ++i) many += "a ";
  expect_refused_cleanly(many);  // more words than any name has
  std::string split;
  for (int i = 0; i < 60; ++i) split += "a1";
  expect_refused_cleanly(split);  // one word that splits into many

  const auto huge = parse_target(std::string(10 * 1024, 'x'));
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.error().message.find("longer than"), std::string::npos);
  EXPECT_NE(parse_target("H100\xE2\x84\xA2").error().message.find("\\xE2"), std::string::npos)
      << "non-ASCII bytes are shown escaped";
}

TEST(TargetParse, RandomAndMutatedNamesNeverCrash) {
  std::mt19937 rng(20240601u);
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_/:.+()[],\t\xff\x80";
  for (int n = 0; n < 5000; ++n) {
    std::string s(rng() % 40, ' ');
    for (char& c : s) c = alphabet[rng() % alphabet.size()];
    expect_refused_cleanly(s);
  }
  std::vector<std::string> seeds;
  for (const Product& p : products()) seeds.emplace_back(p.name);
  for (const Target& t : targets()) seeds.emplace_back(t.name);
  seeds.emplace_back("gfx942:sramecc+:xnack-");
  seeds.emplace_back("NVIDIA A100-SXM4-80GB");
  for (const std::string& seed : seeds) {
    for (int n = 0; n < 40; ++n) {
      std::string s = seed;
      const std::size_t at = rng() % (s.size() + 1);
      switch (rng() % 3) {
        case 0: if (at < s.size()) s.erase(at, 1); break;
        case 1: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
        default: if (at < s.size()) s[at] = alphabet[rng() % alphabet.size()]; break;
      }
      expect_refused_cleanly(s);
    }
  }
}

TEST(TargetParse, ConcurrentFirstUseIsSafe) {
  std::vector<std::thread> threads;
  std::vector<int> ok(8, 0);
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&ok, i] {
      for (int n = 0; n < 200; ++n) ok[i] += parse_target(n % 2 ? "NVIDIA H100 80GB HBM3" : "MI300X").ok();
    });
  }
  for (auto& t : threads) t.join();
  for (int v : ok) EXPECT_EQ(v, 200);
}

}  // namespace
}  // namespace kvdtype
