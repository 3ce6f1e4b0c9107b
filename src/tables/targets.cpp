// The target table: one row per GPU architecture (and one for the CPU), with the number-format
// features kvdtype's rules ask about. NVIDIA and AMD first (the Triton facts are measured for
// them), then Apple, Intel, Huawei Ascend and the Vulkan-only GPUs, then the CPU. Products (H100, MI300X, …) live in products.cpp and point
// at these rows by canonical name. See docs/targets.md for how to add a row.
//
// Conventions every row follows:
//   * cc_major/cc_minor are what torch.cuda.get_device_capability() returns. On ROCm, HIP derives
//     them from the gfx name: one-digit major for gfx9 (gfx942 -> 9.4, gfx90a -> 9.0), two-digit
//     major for gfx10+ (gfx1100 -> 11.0, gfx1201 -> 12.0); the stepping digit is dropped, so
//     gfx1100/1101/1102 all report 11.0 and gfx1200/1201 both 12.0. [vllm-project/vllm
//     vllm/platforms/rocm.py _capability_from_gcn_arch; PyTorch on MI300X reports major=9,
//     minor=4 (ROCm/ROCm issue 4203)]
//   * fp6_fp4_mma / block_scale_mma on NVIDIA need the architecture-specific (sm_XXXa) or family
//     (sm_XXXf) compile target; plain sm_100 / sm_120 code cannot use them.
//   * triton_fp8 is what the *newest* Triton offers as an fp8 element type on the target,
//     natively or emulated:
//       NVIDIA (third_party/nvidia/backend/compiler.py, CUDABackend.parse_options):
//         fp8e5 and fp8e4b15 on every capability, fp8e4nv added from capability 89; from 90,
//         fp8e4b15 is listed as a deprecated dot operand but still offered.
//       AMD (third_party/amd/backend/compiler.py, HIPOptions.supported_fp8_dtypes): fp8e4nv,
//         fp8e5, fp8e4b8, fp8e5b16 on every gfx target since triton-lang/triton PR 7186 (emulate
//         OCP e4m3 on CDNA3 and older, June 2025) and PR 7401 (emulate the FNUZ pair off gfx942,
//         July 2025); OCP is native on gfx950 and gfx12, FNUZ native on gfx942, the rest is
//         emulated. fp8e4b15 is never offered on AMD. Older Triton (3.3 and before) offered
//         fp8e5 only, plus fp8e4nv/fp8e4b8/fp8e5b16 on gfx942 and fp8e4nv on gfx950.
//     These lists were first read from Triton's source; they are now measured: every row's bits
//     are checked against tests/data/triton_targets (scripts/device/triton_targets.py compiled
//     fp32/fp16/bf16 <-> fp8 kernels for every target with Triton 3.6.0) by
//     tests/unit/test_triton_targets_fixture.cpp. The measurement agreed with every row read
//     from source. Two rows are accepted by Triton but the ptxas bundled with Triton 3.6.0 cannot
//     assemble them (sm_88: CUDA 12.8 ptxas; sm_110a: CUDA 12.9 ptxas-blackwell) -- a toolchain
//     artefact the fixture records, not a Triton refusal.
#include <span>

#include "tables/tables.hpp"

namespace kvdtype::tables {

namespace {

// Named bit sets, so that each row says which Triton generation of fp8 it gets.
constexpr std::uint8_t kTritonNvPreAda = triton_fp8e5 | triton_fp8e4b15;
constexpr std::uint8_t kTritonNvAdaPlus = triton_fp8e5 | triton_fp8e4b15 | triton_fp8e4nv;
constexpr std::uint8_t kTritonAmd = triton_fp8e4nv | triton_fp8e5 | triton_fp8e4b8 | triton_fp8e5b16;

constexpr Target kTargets[] = {
    // ---- NVIDIA, by compute capability ---------------------------------------------------
    // Pascal (SRV-S, session 38): named by engine reports (TurboMind on a P40, InternLM/lmdeploy#3680)
    // whose engines draw their floor at SM70; kvdtype needs the rows to say so instead of "unknown GPU".
    {
        .name = "sm_60",
        .vendor = Vendor::nvidia,
        .family = "Pascal",  // GP100: Tesla P100
        .cc_major = 6, .cc_minor = 0,
        .bf16 = false,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 5.0 (sm_60); LLVM NVPTXSubtarget.h hasBF16Math; Triton NVIDIA compiler.py; "
                  "tests/data/triton_targets",
    },
    {
        .name = "sm_61",
        .vendor = Vendor::nvidia,
        .family = "Pascal",  // GP102/GP104: Tesla P40, P4, GeForce GTX 10 series
        .cc_major = 6, .cc_minor = 1,
        .bf16 = false,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 5.0 (sm_61); LLVM NVPTXSubtarget.h hasBF16Math; Triton NVIDIA compiler.py; "
                  "tests/data/triton_targets",
    },
    {
        .name = "sm_70",
        .vendor = Vendor::nvidia,
        .family = "Volta",
        .cc_major = 7, .cc_minor = 0,
        .bf16 = false,  // LLVM NVPTXSubtarget.h hasBF16Math: sm_80 and later
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 6.0 (sm_70); LLVM llvm/lib/Target/NVPTX/NVPTXSubtarget.h hasBF16Math; "
                  "Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_72",
        .vendor = Vendor::nvidia,
        .family = "Volta",  // Jetson AGX Xavier's integrated GPU
        .cc_major = 7, .cc_minor = 2,
        .bf16 = false,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 6.1 (sm_72); LLVM NVPTXSubtarget.h hasBF16Math; Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_75",
        .vendor = Vendor::nvidia,
        .family = "Turing",
        .cc_major = 7, .cc_minor = 5,
        .bf16 = false,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 6.3 (sm_75); LLVM NVPTXSubtarget.h hasBF16Math; Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_80",
        .vendor = Vendor::nvidia,
        .family = "Ampere",
        .cc_major = 8, .cc_minor = 0,
        .bf16 = true,
        // fp8 below sm_89 is bit manipulation only: no cvt .e4m3x2/.e5m2x2, no fp8 mma.
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 7.0 (sm_80); LLVM NVPTXSubtarget.h hasFP8ConversionSupport (sm_89+ from "
                  "PTX 8.1); Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_86",
        .vendor = Vendor::nvidia,
        .family = "Ampere",
        .cc_major = 8, .cc_minor = 6,
        .bf16 = true,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 7.1 (sm_86); LLVM NVPTXSubtarget.h; Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_87",
        .vendor = Vendor::nvidia,
        .family = "Ampere",  // Jetson Orin's integrated GPU
        .cc_major = 8, .cc_minor = 7,
        .bf16 = true,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 7.4 (sm_87); LLVM NVPTXSubtarget.h; Triton NVIDIA compiler.py",
    },
    {
        // Exists (PTX ISA 9.0 / CUDA 13.0 list it, LLVM files it under Ampere) but no public
        // product maps to it yet. Below 89, so no fp8 hardware and no Triton fp8e4nv.
        .name = "sm_88",
        .vendor = Vendor::nvidia,
        .family = "Ampere",
        .cc_major = 8, .cc_minor = 8,
        .bf16 = true,
        .triton_fp8 = kTritonNvPreAda,
        .source = "PTX ISA 9.0 release notes (adds sm_88); llvm/llvm-project PR 156857; LLVM "
                  "ELFObjectFile.cpp (EF_CUDA_SM88 under Ampere); Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_89",
        .vendor = Vendor::nvidia,
        .family = "Ada",
        .cc_major = 8, .cc_minor = 9,
        .bf16 = true,
        .fp8_convert = true,  // cvt .e4m3x2/.e5m2x2 from PTX 8.1 (CUDA 12.1)
        .fp8_mma = true,      // mma.sync m16n8k32 e4m3/e5m2 from PTX 8.4 (CUDA 12.4)
        .fp8_flavour = Fp8Flavour::ocp,
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 8.1/8.4 release notes; NVIDIA/cutlass include/cute/arch/mma_sm89.hpp; "
                  "LLVM NVPTXSubtarget.h hasFP8ConversionSupport; Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_90",
        .vendor = Vendor::nvidia,
        .family = "Hopper",
        .cc_major = 9, .cc_minor = 0,
        .bf16 = true,
        .fp8_convert = true,  // from PTX 7.8
        .fp8_mma = true,      // wgmma e4m3/e5m2 on sm_90a (PTX 8.0); mma.sync fp8 from PTX 8.4
        .fp8_flavour = Fp8Flavour::ocp,
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 7.8/8.0/8.4 release notes; LLVM NVPTXSubtarget.h; Triton NVIDIA "
                  "compiler.py (fp8e4b15 a deprecated dot operand from capability 90)",
    },
    {
        .name = "sm_100",
        .vendor = Vendor::nvidia,
        .family = "Blackwell",
        .cc_major = 10, .cc_minor = 0,
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,  // tcgen05.mma kind::f8f6f4 on sm_100a/f; mma.sync fp8
        .fp8_flavour = Fp8Flavour::ocp,
        .fp6_fp4_mma = true,      // tcgen05.mma kind::f8f6f4 / mxf4 (sm_100a, sm_100f)
        .block_scale_mma = true,  // kind::mxf8f6f4 / mxf4 / mxf4nvf4 .block_scale
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 8.6/8.7/8.8 release notes (tcgen05 kinds); NVIDIA/cutlass "
                  "include/cute/arch/config.hpp; LLVM NVPTXSubtarget.h hasTcgen05InstSupport; "
                  "Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_103",
        .vendor = Vendor::nvidia,
        .family = "Blackwell",  // Blackwell Ultra; member of the sm_100f family
        .cc_major = 10, .cc_minor = 3,
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,
        .fp8_flavour = Fp8Flavour::ocp,
        .fp6_fp4_mma = true,
        .block_scale_mma = true,
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 8.8 release notes (adds sm_103/103a/103f); LLVM NVPTX.td (sm_103f implies "
                  "sm_100f); Triton NVIDIA compiler.py",
    },
    {
        // Jetson AGX Thor. Named sm_101 up to PTX 8.8 / CUDA 12.9 (PyTorch built against those
        // reports 10.1); parse_target accepts the old name.
        .name = "sm_110",
        .vendor = Vendor::nvidia,
        .family = "Blackwell",
        .cc_major = 11, .cc_minor = 0,
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,  // tcgen05 on sm_110a/f
        .fp8_flavour = Fp8Flavour::ocp,
        .fp6_fp4_mma = true,
        .block_scale_mma = true,
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 9.0 release notes (sm_101 renamed sm_110); LLVM NVPTX.td ProcessorAlias "
                  "sm_101 -> sm_110; LLVM NVPTXSubtarget.h hasTcgen05InstSupport (SM110f); Triton "
                  "NVIDIA compiler.py",
    },
    {
        .name = "sm_120",
        .vendor = Vendor::nvidia,
        .family = "Blackwell",
        .cc_major = 12, .cc_minor = 0,
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,          // mma.sync fp8; no wgmma, no tcgen05
        .fp8_flavour = Fp8Flavour::ocp,
        .fp6_fp4_mma = true,      // mma.sync kind::f8f6f4 (sm_120a / sm_120f)
        .block_scale_mma = true,  // kind::mxf8f6f4 / mxf4nvf4 .block_scale (sm_120a / sm_120f)
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 8.7/8.8 release notes; NVIDIA/cutlass include/cute/arch/mma_sm120.hpp; "
                  "LLVM NVPTXSubtarget.h hasMMABlockScale; Triton NVIDIA compiler.py",
    },
    {
        .name = "sm_121",
        .vendor = Vendor::nvidia,
        .family = "Blackwell",  // DGX Spark GB10; member of the sm_120f family
        .cc_major = 12, .cc_minor = 1,
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,
        .fp8_flavour = Fp8Flavour::ocp,
        .fp6_fp4_mma = true,
        .block_scale_mma = true,
        .triton_fp8 = kTritonNvAdaPlus,
        .source = "PTX ISA 8.8 release notes (adds sm_121/121a/121f); LLVM NVPTXSubtarget.h "
                  "(sm_120a/121a block-scaled FP4); Triton NVIDIA compiler.py",
    },

    // ---- AMD, by gfx name ----------------------------------------------------------------
    {
        .name = "gfx908",
        .vendor = Vendor::amd,
        .family = "CDNA1",
        .cc_major = 9, .cc_minor = 0,
        .bf16 = true,  // MFMA bf16
        .triton_fp8 = kTritonAmd,  // all emulated
        .source = "LLVM llvm/lib/TargetParser/TargetParser.cpp (no fp8-insts); ROCm "
                  "docs/reference/precision-support.rst; Triton third_party/amd/backend/compiler.py "
                  "HIPOptions (PR 7186, PR 7401); vllm/platforms/rocm.py _capability_from_gcn_arch",
    },
    {
        .name = "gfx90a",
        .vendor = Vendor::amd,
        .family = "CDNA2",
        .cc_major = 9, .cc_minor = 0,
        .bf16 = true,
        .triton_fp8 = kTritonAmd,  // all emulated
        .source = "LLVM TargetParser.cpp (no fp8-insts); ROCm precision-support.rst; Triton AMD "
                  "compiler.py HIPOptions; vllm/platforms/rocm.py _capability_from_gcn_arch (gfx90a -> 9.0)",
    },
    {
        .name = "gfx942",
        .vendor = Vendor::amd,
        .family = "CDNA3",
        .cc_major = 9, .cc_minor = 4,
        .bf16 = true,
        .fp8_convert = true,  // fp8-conversion-insts
        .fp8_mma = true,      // MFMA fp8/bf8 (fp8-insts)
        .fp8_flavour = Fp8Flavour::fnuz,  // E4M3FNUZ (bias 8, max 240) and E5M2FNUZ
        .triton_fp8 = kTritonAmd,  // FNUZ pair native, OCP pair emulated
        .source = "LLVM TargetParser.cpp GK_GFX942; ROCm/HIP docs/reference/fp8_numbers.rst (gfx942: "
                  "FNUZ yes, OCP no); Triton AMD compiler.py HIPOptions; vllm/platforms/rocm.py "
                  "_capability_from_gcn_arch (gfx942 -> 9.4)",
    },
    {
        .name = "gfx950",
        .vendor = Vendor::amd,
        .family = "CDNA4",
        .cc_major = 9, .cc_minor = 5,
        .bf16 = true,
        .fp8_convert = true,  // plus scaled converts (fp8/bf8/fp6/fp4-cvt-scale-insts)
        .fp8_mma = true,
        .fp8_flavour = Fp8Flavour::ocp,  // the gfx942 opcodes read OCP encodings here
        .fp6_fp4_mma = true,             // v_mfma_scale_f32_*_f8f6f4 with E2M1/E2M3/E3M2 operands
        .block_scale_mma = true,         // E8M0 block scales on the same instructions
        .triton_fp8 = kTritonAmd,  // OCP pair native; fp8e4b8/fp8e5b16 emulated, deprecated as dot operands
        .source = "LLVM TargetParser.cpp GK_GFX950; llvm/llvm-project PR 106160 (OCP fp8 on gfx950/gfx12); "
                  "Triton AMD compiler.py HIPOptions; vllm/platforms/rocm.py _capability_from_gcn_arch "
                  "(gfx950 -> 9.5)",
    },
    {
        .name = "gfx1030",
        .vendor = Vendor::amd,
        .family = "RDNA2",
        .cc_major = 10, .cc_minor = 3,  // HIP: gfx1030 -> (10, 3); all three report 10.3
        .bf16 = false,  // no bf16 instructions at all (no dot9-insts, no WMMA): bf16 runs through fp32
        .triton_fp8 = kTritonAmd,  // all emulated; bf16 <-> fp8e4b8/fp8e5b16 aborts LLVM (see the fixture)
        .source = "LLVM AMDGPUUsage.rst processor table, GCN GFX10.3 (RDNA 2): gfx1030 (RX 6800 / "
                  "6800 XT / 6900 XT); LLVM TargetParser.cpp fillAMDGPUFeatureMap GK_GFX103x (no "
                  "dot9-insts, no fp8 or WMMA features); measured: tests/data/triton_targets (Triton 3.6.0)",
    },
    {
        .name = "gfx1031",
        .vendor = Vendor::amd,
        .family = "RDNA2",
        .cc_major = 10, .cc_minor = 3,
        .bf16 = false,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM AMDGPUUsage.rst processor table, GCN GFX10.3 (RDNA 2): gfx1031 (RX 6700 XT); LLVM "
                  "TargetParser.cpp fillAMDGPUFeatureMap GK_GFX103x (no dot9-insts, no fp8 or WMMA "
                  "features); measured: tests/data/triton_targets (Triton 3.6.0)",
    },
    {
        .name = "gfx1032",
        .vendor = Vendor::amd,
        .family = "RDNA2",
        .cc_major = 10, .cc_minor = 3,
        .bf16 = false,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM AMDGPUUsage.rst processor table, GCN GFX10.3 (RDNA 2): gfx1032 (products TBA "
                  "there); ROCm install-on-windows system-requirements (Radeon PRO W6600 = gfx1032); LLVM "
                  "TargetParser.cpp fillAMDGPUFeatureMap GK_GFX103x (no dot9-insts, no fp8 or WMMA "
                  "features); measured: tests/data/triton_targets (Triton 3.6.0)",
    },
    {
        .name = "gfx1100",
        .vendor = Vendor::amd,
        .family = "RDNA3",
        .cc_major = 11, .cc_minor = 0,
        .bf16 = true,  // WMMA bf16; no fp8 instructions at all
        .triton_fp8 = kTritonAmd,  // all emulated
        .source = "LLVM TargetParser.cpp GK_GFX1100 (wmma-256b-insts, no fp8-conversion-insts); "
                  "Triton AMD compiler.py HIPOptions; vllm/platforms/rocm.py _capability_from_gcn_arch "
                  "(gfx1100 -> 11.0)",
    },
    {
        .name = "gfx1101",
        .vendor = Vendor::amd,
        .family = "RDNA3",
        .cc_major = 11, .cc_minor = 0,
        .bf16 = true,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM TargetParser.cpp (GFX11 features); Triton AMD compiler.py HIPOptions; "
                  "vllm/platforms/rocm.py _capability_from_gcn_arch (gfx1101 -> 11.0)",
    },
    {
        .name = "gfx1102",
        .vendor = Vendor::amd,
        .family = "RDNA3",
        .cc_major = 11, .cc_minor = 0,
        .bf16 = true,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM TargetParser.cpp (GFX11 features); ROCm RDNA3 system-optimization docs "
                  "(gfx1100/1101/1102); Triton AMD compiler.py HIPOptions",
    },
    {
        .name = "gfx1150",
        .vendor = Vendor::amd,
        .family = "RDNA3.5",
        .cc_major = 11, .cc_minor = 5,  // HIP: gfx1151 -> (11, 5); unlike RDNA3 (11.0)
        .bf16 = true,  // WMMA bf16, v_dot2 bf16 (dot9-insts)
        .triton_fp8 = kTritonAmd,  // all emulated, as on RDNA3
        .source = "LLVM AMDGPUUsage.rst processor table, GCN GFX11 (RDNA 3.5): gfx1150 APU, Radeon 890M "
                  "(llvm/llvm-project PR 163717); LLVM TargetParser.cpp (gfx115x share gfx1100's "
                  "features: WMMA f16/bf16, dot9-insts, no fp8); measured: tests/data/triton_targets",
    },
    {
        .name = "gfx1151",
        .vendor = Vendor::amd,
        .family = "RDNA3.5",
        .cc_major = 11, .cc_minor = 5,
        .bf16 = true,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM AMDGPUUsage.rst processor table, GCN GFX11 (RDNA 3.5): gfx1151 APU, Radeon 8060S "
                  "(llvm/llvm-project PR 163717); LLVM TargetParser.cpp (gfx115x share gfx1100's "
                  "features: WMMA f16/bf16, dot9-insts, no fp8); measured: tests/data/triton_targets",
    },
    {
        .name = "gfx1152",
        .vendor = Vendor::amd,
        .family = "RDNA3.5",
        .cc_major = 11, .cc_minor = 5,
        .bf16 = true,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM AMDGPUUsage.rst processor table, GCN GFX11 (RDNA 3.5): gfx1152 APU, Radeon 860M "
                  "(llvm/llvm-project PR 163717); LLVM TargetParser.cpp (gfx115x share gfx1100's "
                  "features: WMMA f16/bf16, dot9-insts, no fp8); measured: tests/data/triton_targets",
    },
    {
        .name = "gfx1200",
        .vendor = Vendor::amd,
        .family = "RDNA4",
        .cc_major = 12, .cc_minor = 0,
        .bf16 = true,
        .fp8_convert = true,  // fp8-conversion-insts
        .fp8_mma = true,      // gfx12 WMMA fp8/bf8
        .fp8_flavour = Fp8Flavour::ocp,
        .triton_fp8 = kTritonAmd,  // OCP pair native, FNUZ pair emulated
        .source = "LLVM TargetParser.cpp (GFX12: fp8-conversion-insts); ROCm/HIP fp8_numbers.rst "
                  "(gfx1200/1201: OCP yes, FNUZ no); HIP low_fp_types FP4 table (RDNA4: no); Triton "
                  "AMD compiler.py HIPOptions",
    },
    {
        .name = "gfx1201",
        .vendor = Vendor::amd,
        .family = "RDNA4",
        .cc_major = 12, .cc_minor = 0,
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,
        .fp8_flavour = Fp8Flavour::ocp,
        .triton_fp8 = kTritonAmd,
        .source = "LLVM TargetParser.cpp GK_GFX1201; ROCm/HIP fp8_numbers.rst; Triton AMD compiler.py "
                  "HIPOptions; vllm/platforms/rocm.py _capability_from_gcn_arch (gfx1201 -> 12.0)",
    },

    // ---- Apple, by Metal GPU family ---------------------------------------------------------
    // Engines reach these through Metal (llama.cpp's ggml-metal, MLX). No capability (0.0), no
    // fp8 hardware: the Metal Shading Language's scalar types have no 8-bit float (half, bfloat
    // and float are its floating types; Metal Shading Language specification). bf16 is the MSL 3.1 `bfloat` type, which
    // every Apple-family-6-or-later GPU and so every M-series GPU has; llama.cpp turns it on for
    // them (ggml-metal-device.m: has_bfloat = supportsFamily(Metal3) || supportsFamily(Apple6)).
    // Whether M1/M2 execute it natively or through fp32 is not established: cubecl PR 1509 measured
    // bf16 16x slower than f16 on an M1 Max; no rule of kvdtype depends on it on Apple GPUs.
    {
        .name = "apple7",
        .vendor = Vendor::apple,
        .family = "Apple7",
        .bf16 = true,
        .source = "Apple Metal feature set tables (M1-series: Metal 3 & 4, Apple7; MTLGPUFamily.apple7 "
                  "'Apple A14 and M1 GPUs'); MSL 3.1 bfloat; llama.cpp ggml/src/ggml-metal/ggml-metal-device.m "
                  "has_bfloat",
    },
    {
        .name = "apple8",
        .vendor = Vendor::apple,
        .family = "Apple8",
        .bf16 = true,
        .source = "Apple Metal feature set tables (M2-series: Apple8; MTLGPUFamily.apple8 'A15, A16 and M2 "
                  "GPUs'); MSL 3.1 bfloat; llama.cpp ggml-metal-device.m has_bfloat",
    },
    {
        .name = "apple9",
        .vendor = Vendor::apple,
        .family = "Apple9",
        .bf16 = true,
        .source = "Apple Metal feature set tables (M3-series and M4-series: Apple9; MTLGPUFamily.apple9 "
                  "'A17, M3 and M4 GPUs'); MSL 3.1 bfloat; llama.cpp ggml-metal-device.m has_bfloat",
    },
    {
        .name = "apple10",
        .vendor = Vendor::apple,
        .family = "Apple10",
        .bf16 = true,
        .source = "Apple Metal feature set tables, May 2026 (M5-series and A19-series: Apple10); llama.cpp "
                  "logs 'GPU name: Apple M5 / GPU family: MTLGPUFamilyApple10 (1010)'; MSL 3.1 bfloat",
    },

    // ---- Intel, by DPC++ device architecture ----------------------------------------------
    // Names as sycl_ext_oneapi_device_architecture spells them without the intel_gpu_ prefix
    // (-fsycl-targets=intel_gpu_pvc; llama.cpp ggml-sycl and PyTorch XPU compare against these).
    // bf16 is the XMX (DPAS) matrix engines' bf16; none of these GPUs has fp8 instructions.
    {
        .name = "pvc",
        .vendor = Vendor::intel,
        .family = "Xe-HPC",  // Ponte Vecchio: Data Center GPU Max 1100 / 1550
        .bf16 = true,
        .source = "DPC++ sycl_ext_oneapi_device_architecture intel_gpu_pvc; Intel Data Center GPU Max Series "
                  "product brief (XMX: TF32, BF16, FP16, INT8; no FP8)",
    },
    {
        .name = "acm_g10",
        .vendor = Vendor::intel,
        .family = "Xe-HPG",  // Alchemist DG2-512: Arc A770 / A750 / A580
        .bf16 = true,
        .source = "DPC++ device architecture intel_gpu_acm_g10; Intel Xe-HPG (Arc A-series) XMX: FP16, BF16, "
                  "INT8, INT4, INT2; no FP8",
    },
    {
        .name = "acm_g11",
        .vendor = Vendor::intel,
        .family = "Xe-HPG",  // Alchemist DG2-128: Arc A380
        .bf16 = true,
        .source = "DPC++ device architecture intel_gpu_acm_g11; Intel Xe-HPG XMX: FP16, BF16, INT8; no FP8",
    },
    {
        .name = "mtl_h",
        .vendor = Vendor::intel,
        .family = "Xe-LPG",  // Meteor Lake's Arc Graphics (Core Ultra Series 1 H)
        .bf16 = false,       // Xe-LPG has no XMX (DPAS) engines; bf16 runs through fp32
        .source = "DPC++ device architecture intel_gpu_mtl_h; Intel Core Ultra Series 1 (Meteor Lake) Arc "
                  "Graphics: Xe-LPG without XMX engines (XMX returns with Xe2 in Lunar Lake)",
    },
    {
        .name = "lnl_m",
        .vendor = Vendor::intel,
        .family = "Xe2",  // Lunar Lake's Arc 130V / 140V
        .bf16 = true,
        .source = "DPC++ device architecture intel_gpu_lnl_m; Intel Xe2 XMX: FP16, BF16, INT8, INT4, INT2; "
                  "no FP8",
    },
    {
        .name = "bmg_g21",
        .vendor = Vendor::intel,
        .family = "Xe2",  // Battlemage: Arc B580 / B570, Arc Pro B60
        .bf16 = true,
        .source = "DPC++ device architecture intel_gpu_bmg_g21 (the default AOT target of Arc Pro B60 builds); "
                  "Intel Xe2 XMX: FP16, BF16, INT8; no FP8; llama.cpp ggml-sycl gpu_arch::intel_gpu_bmg_g21",
    },
    {
        .name = "bmg_g31",
        .vendor = Vendor::intel,
        .family = "Xe2",  // Battlemage BMG-G31: Arc Pro B70
        .bf16 = true,
        .source = "DPC++ device architecture intel_gpu_bmg_g31 (sgl-project/sgl-kernel-xpu#243: Arc Pro B70 reports "
                  "intel_gpu_bmg_g31); the same Xe2 XMX as BMG-G21: FP16, BF16, INT8; no FP8",
    },

    // ---- Huawei Ascend NPUs, by CANN SoC version -----------------------------------------------
    // Engines reach them through CANN (vllm-ascend, SGLang's NPU path, llama.cpp's CANN backend,
    // LMDeploy through dlinfer). No fp8 on these generations (fp8 arrives with the Ascend 950).
    {
        .name = "ascend910b",
        .vendor = Vendor::huawei,
        .family = "Ascend 910B",  // Atlas A2: npu-smi names 910B1-910B4
        .bf16 = true,
        .source = "HCCL DevType::DEV_TYPE_910B; vllm-ascend runs bf16 models on Atlas A2 (issue 12907: 910B4-1 "
                  "with --dtype bfloat16); no fp8 data type before Ascend 950 (SOC_VERSION 950)",
    },
    {
        .name = "ascend910_93",
        .vendor = Vendor::huawei,
        .family = "Ascend 910C",  // Atlas A3: two dies per NPU, each a device
        .bf16 = true,
        .source = "HCCL DevType::DEV_TYPE_910_93 (A3); CANN SOC_VERSION 910_93; vllm-ascend A3 support; no fp8 "
                  "before Ascend 950",
    },
    {
        .name = "ascend310p",
        .vendor = Vendor::huawei,
        .family = "Ascend 310P",  // Atlas 300I Pro / Duo inference cards
        .bf16 = false,            // aclnnCast 'not implemented for DT_BFLOAT16' on Ascend310P3
        .source = "HCCL DevType::DEV_TYPE_310P3; hiyouga/LlamaFactory issue 7522 (Ascend310P3: aclnnCast not "
                  "implemented for DT_BFLOAT16; dtype list DT_FLOAT16, DT_FLOAT, ...); vllm-ascend issue 1141",
    },

    // ---- GPUs engines reach through Vulkan only ------------------------------------------------
    // bf16 is counted as native only where the vendor documents bf16 arithmetic; for these GPUs no
    // such statement was found (Vulkan reports bf16 per device and driver through
    // VK_KHR_shader_bfloat16), so the column says no. No rule of kvdtype refuses bf16 here.
    {
        .name = "adreno_x1",
        .vendor = Vendor::qualcomm,
        .family = "Adreno X1",  // Snapdragon X Elite / X Plus: Adreno X1-85, X1-45 (Adreno 7xx generation)
        .source = "Mesa freedreno (Turnip) names the Snapdragon X Elite GPU 'Turnip Adreno (TM) X1-85', Windows "
                  "'Qualcomm(R) Adreno(TM) X1-85 GPU'; no vendor statement of bf16 or fp8 arithmetic found",
    },
    {
        .name = "mali_g710",
        .vendor = Vendor::arm,
        .family = "Valhall",  // Mali-G710 (Valhall, 4th generation)
        .source = "Arm Mali-G710 product page (Valhall architecture); Vulkan deviceName 'Mali-G710 MC10'; no "
                  "vendor statement of bf16 or fp8 arithmetic found",
    },
    {
        .name = "mali_g720",
        .vendor = Vendor::arm,
        .family = "Arm 5th Gen",  // Mali-G720 / Immortalis-G720 (5th generation GPU architecture)
        .source = "Arm Immortalis-G720 / Mali-G720 product page (5th Gen GPU architecture); Vulkan deviceName "
                  "'Mali-G720-Immortalis MC12' (Android vkjson); no vendor statement of bf16 or fp8 arithmetic found",
    },

    // ---- Google Cloud TPUs, by generation (TGT, session 39) ------------------------------------
    // Engines reach them through XLA/JAX: vLLM through the tpu-inference plugin (vllm-tpu),
    // SGLang through sglang-jax. No CUDA-style capability. The fp8 columns read the vendor's
    // per-chip peaks: an FP8 peak equal to the BF16 peak (v5p, v6e) means no fp8 matrix unit, and
    // no fp8 conversion instruction is documented for v5e/v5p/v6e; TPU7x doubles its BF16 peak in
    // FP8 (JAX's float8_e4m3fn / float8_e5m2: the OCP pair).
    {
        .name = "tpu_v4",
        .vendor = Vendor::google,
        .family = "TPU v4",
        .bf16 = true,
        .source = "Google Cloud TPU docs, TPU v4 system architecture (bf16 MXU, 32 GiB HBM per chip; no fp8)",
    },
    {
        .name = "tpu_v5e",
        .vendor = Vendor::google,
        .family = "TPU v5e",  // accelerator type v5litepod-N; jax device_kind 'TPU v5 lite'
        .bf16 = true,
        .source = "Google Cloud TPU docs, TPU v5e (197 TFLOPs bf16, 393 TOPs int8 per chip, 16 GiB HBM; no fp8 "
                  "peak listed)",
    },
    {
        .name = "tpu_v5p",
        .vendor = Vendor::google,
        .family = "TPU v5p",
        .bf16 = true,
        .source = "docs.cloud.google.com/tpu/docs/tpu7x comparison table (v5p: BF16 and FP8 peak both 459 TFLOPs, "
                  "95 GiB HBM per chip)",
    },
    {
        .name = "tpu_v6e",
        .vendor = Vendor::google,
        .family = "Trillium",  // accelerator type v6e-N; jax device_kind 'TPU v6 lite'
        .bf16 = true,
        .source = "docs.cloud.google.com/tpu/docs/tpu7x comparison table (v6e Trillium: BF16 and FP8 peak both "
                  "918 TFLOPs, 32 GiB HBM per chip)",
    },
    {
        .name = "tpu_v7x",
        .vendor = Vendor::google,
        .family = "Ironwood",  // accelerator type tpu7x-N; jax device_kind 'TPU7x'
        .bf16 = true,
        .fp8_convert = true,
        .fp8_mma = true,
        .fp8_flavour = Fp8Flavour::ocp,
        .source = "docs.cloud.google.com/tpu/docs/tpu7x (TPU7x Ironwood: FP8 peak 4614 TFLOPs = 2 x the BF16 "
                  "peak 2307; 192 GiB HBM per chip); sgl-project/sglang-jax#646 ('Ironwood supports fp8 natively')",
    },

    // ---- CPU ---------------------------------------------------------------------------------
    {
        // bf16 is native on current server CPUs (AVX512_BF16 / AMX, Armv8.6 BF16) and PyTorch runs
        // bf16 everywhere, so a bf16 model is not refused here. No CPU has fp8 arithmetic; fp8
        // exists only as software conversion, and Triton is not the CPU kernel path.
        .name = "cpu",
        .vendor = Vendor::cpu,
        .family = "CPU",
        .bf16 = true,
        .source = "no fp8 hardware on CPUs; vLLM CPU backend runs bf16/fp16/fp32",
    },
};

}  // namespace

std::span<const Target> target_rows() noexcept { return kTargets; }

}  // namespace kvdtype::tables
