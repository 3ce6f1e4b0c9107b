// The product table: one row per product people name (in a flag, a config, or what a driver
// prints), the architecture it is, and its device memory. parse_target() reads the names
// (docs/targets.md says how); capacity planning reads memory_mib.
//
// Naming: a row's name is the words people use, with the variant-choosing words last:
// memory size ("80GB") and form factor ("SXM4", "PCIe", "NVL"). Rows that share their other
// words are variants of one model and must share a target; the *first* such row is the
// default when a name gives no size or form factor, so the most widely deployed variant comes
// first. Vendor and brand words (NVIDIA, GeForce, Tesla, AMD, Radeon, Instinct, Jetson, AGX,
// DGX) need not appear in a name: parse_target accepts them anywhere. An architecture word that
// tells products apart ("RTX 6000 Ada") is part of the name.
//
// Memory convention (memory_mib), chosen for capacity planning:
//   1. the total the driver reports (nvidia-smi memory.total, rocm-smi VRAM Total) when a public
//      log shows it; the source then quotes that line. This is what a serving engine sees: e.g.
//      an H200 sold as "141 GB" reports 143771 MiB, an L4 sold as "24 GB" reports 23034 MiB
//      (ECC takes its share).
//   2. otherwise the vendor's size in GB taken as GiB, GB x 1024 MiB. GPU memory is built from
//      binary-sized chips and the driver totals above sit within ~1% of GB x 1024 (80 GB ->
//      81559/81920, 141 GB -> 143771), whereas GB x 1000^3 / 2^20 would understate them by ~7%
//      (141 GB -> 134468 MiB).
//   Integrated GPUs (Jetson, GB10, MI300A) report the unified memory they share with the CPU;
//   the figure is that total, of which the OS and the host process take a part.
// PCI device IDs are from pciutils/pciids pci.ids (snapshot 2026-08-22).
#include <span>

#include "tables/tables.hpp"

namespace kvdtype::tables {

namespace {

constexpr Product kProducts[] = {
    // ---- NVIDIA Pascal (SRV-S, session 38) -------------------------------------------------
    // Memory as GB x 1024 (convention 2): no driver total was checked for these.
    {.name = "P100 PCIe 16GB", .target = "sm_60", .memory_mib = 16384, .source = "pci.ids 15f8 'GP100GL [Tesla P100 PCIe 16GB]'"},
    {.name = "P100 PCIe 12GB", .target = "sm_60", .memory_mib = 12288, .source = "pci.ids 15f7 'GP100GL [Tesla P100 PCIe 12GB]'"},
    {.name = "P100 SXM2 16GB", .target = "sm_60", .memory_mib = 16384, .source = "pci.ids 15f9 'GP100GL [Tesla P100 SXM2 16GB]'"},
    {.name = "P40", .target = "sm_61", .memory_mib = 24576, .source = "pci.ids 1b38 'GP102GL [Tesla P40]'; 24 GB"},
    // Turing GeForce, named by InternLM/lmdeploy#4863 (4x RTX 2080 Ti); 11 GB x 1024.
    // Turing TITAN, named by spiritbuun/buun-llama-cpp#59 ("NVIDIA TITAN RTX (24020 MiB ...)", CUDA ARCHS 750).
    {.name = "TITAN RTX", .target = "sm_75", .memory_mib = 24576, .source = "pci.ids 1e02 'TU102 [TITAN RTX]'; 24 GB"},
    {.name = "RTX 2080 Ti", .target = "sm_75", .memory_mib = 11264, .source = "pci.ids 1e04, 1e07 'TU102 [GeForce RTX 2080 Ti]'; 11 GB"},

    // ---- NVIDIA Volta / Turing ------------------------------------------------------------
    {.name = "V100 SXM2 16GB", .target = "sm_70", .memory_mib = 16384,
     .source = "pci.ids 1db1; nvidia-smi 'Tesla V100-SXM2-16GB, 16384 MiB'"},
    {.name = "V100 SXM2 32GB", .target = "sm_70", .memory_mib = 32768,
     .source = "pci.ids 1db5; nvidia-smi 'Tesla V100-SXM2-32GB, 32768 MiB'"},
    {.name = "V100 PCIe 16GB", .target = "sm_70", .memory_mib = 16384, .source = "pci.ids 1db4"},
    {.name = "V100 PCIe 32GB", .target = "sm_70", .memory_mib = 32768, .source = "pci.ids 1db6"},
    {.name = "Jetson AGX Xavier 32GB", .target = "sm_72", .memory_mib = 32768,
     .source = "NVIDIA CUDA GPUs list (Jetson AGX Xavier: compute capability 7.2); unified memory"},
    {.name = "T4", .target = "sm_75", .memory_mib = 15360,
     .source = "pci.ids 1eb8; nvidia-smi 'Tesla T4, 15360 MiB'"},

    // ---- NVIDIA Ampere ----------------------------------------------------------------------
    {.name = "A100 SXM4 80GB", .target = "sm_80", .memory_mib = 81920,
     .source = "pci.ids 20b2; nvidia-smi 'NVIDIA A100-SXM4-80GB, 81920 MiB'"},
    {.name = "A100 SXM4 40GB", .target = "sm_80", .memory_mib = 40960,
     .source = "pci.ids 20b0; nvidia-smi 'NVIDIA A100-SXM4-40GB, 40960 MiB'"},
    {.name = "A100 PCIe 80GB", .target = "sm_80", .memory_mib = 81920,
     .source = "pci.ids 20b5; nvidia-smi 'NVIDIA A100 80GB PCIe, 81920 MiB'"},
    {.name = "A100 PCIe 40GB", .target = "sm_80", .memory_mib = 40960, .source = "pci.ids 20b1, 20f1"},
    // A800: the A100 die with NVLink cut to 400 GB/s for the Chinese market; same sm_80.
    {.name = "A800 SXM4 80GB", .target = "sm_80", .memory_mib = 81920,
     .source = "GA100; torch/nvidia-smi name 'NVIDIA A800-SXM4-80GB' (public training logs); memory as "
               "A100 SXM4 80GB (80 GB x 1024, no driver total seen)"},
    {.name = "A800 PCIe 80GB", .target = "sm_80", .memory_mib = 81920,
     .source = "lspci 'NVIDIA GA100 [A800 80GB PCIe]'; nvidia-smi name 'NVIDIA A800 80GB PCIe'; "
               "80 GB x 1024"},
    {.name = "A30", .target = "sm_80", .memory_mib = 24576,
     .source = "pci.ids 20b7; nvidia-smi 'NVIDIA A30, 24576 MiB'"},
    {.name = "A10", .target = "sm_86", .memory_mib = 23028,
     .source = "pci.ids 2236; nvidia-smi 'NVIDIA A10, 23028 MiB'"},
    {.name = "A10G", .target = "sm_86", .memory_mib = 23028,
     .source = "pci.ids 2237; nvidia-smi 'NVIDIA A10G, 23028 MiB'"},
    {.name = "A40", .target = "sm_86", .memory_mib = 46068,
     .source = "GA102GL; nvidia-smi 'NVIDIA A40, 46068 MiB'"},
    {.name = "RTX A6000", .target = "sm_86", .memory_mib = 49140,
     .source = "GA102GL; nvidia-smi 'NVIDIA RTX A6000, 49140 MiB'"},
    {.name = "RTX A4000", .target = "sm_86", .memory_mib = 16376,
     .source = "GA104GL; nvidia-smi 'NVIDIA RTX A4000, 16376 MiB' (SM86; vllm-project/vllm#41565 runs 8 of them)"},
    // Named by 2026 launch reports (am17an/llama.cpp#6: ggml_cuda_init "NVIDIA GeForce RTX 3060, compute
    // capability 8.6 ... VRAM: 11902 MiB"); 12 GB x 1024.
    {.name = "RTX 3060", .target = "sm_86", .memory_mib = 12288, .source = "pci.ids 2503, 2504 'GA106 [GeForce RTX 3060]'; 12 GB"},
    {.name = "RTX 3090", .target = "sm_86", .memory_mib = 24576,
     .source = "pci.ids 2204; nvidia-smi 'NVIDIA GeForce RTX 3090, 24576 MiB'"},
    {.name = "Jetson AGX Orin 64GB", .target = "sm_87", .memory_mib = 65536,
     .source = "PTX ISA 7.4 (sm_87, Orin); CUDA reports the device as 'Orin'; unified memory"},
    {.name = "Jetson AGX Orin 32GB", .target = "sm_87", .memory_mib = 32768,
     .source = "PTX ISA 7.4 (sm_87); torch _CudaDeviceProperties(name='Orin', total_memory=30622MB)"},
    {.name = "Jetson Orin NX 16GB", .target = "sm_87", .memory_mib = 16384,
     .source = "same Orin SoC GPU (sm_87); unified memory"},
    {.name = "Jetson Orin Nano 8GB", .target = "sm_87", .memory_mib = 8192,
     .source = "same Orin SoC GPU (sm_87); unified memory"},

    // ---- NVIDIA Ada -------------------------------------------------------------------------
    {.name = "L4", .target = "sm_89", .memory_mib = 23034,
     .source = "pci.ids 27b8; nvidia-smi 'NVIDIA L4, 23034 MiB'"},
    {.name = "L40", .target = "sm_89", .memory_mib = 46068,
     .source = "pci.ids 26b5; nvidia-smi 'NVIDIA L40, 46068 MiB'"},
    {.name = "L40S", .target = "sm_89", .memory_mib = 46068,
     .source = "pci.ids 26b9; nvidia-smi 'NVIDIA L40S, 46068 MiB'"},
    {.name = "L20", .target = "sm_89", .memory_mib = 46068,
     .source = "lspci 'NVIDIA AD102GL [L20] [10de:26ba]'; nvidia-smi '2 x NVIDIA L20, 46068 MiB each' "
               "(public report); torch capability (8, 9)"},
    {.name = "RTX 4090", .target = "sm_89", .memory_mib = 24564,
     .source = "pci.ids 2684; nvidia-smi 'NVIDIA GeForce RTX 4090, 24564 MiB'"},
    {.name = "RTX 4090 D", .target = "sm_89", .memory_mib = 24576, .source = "pci.ids 2685 (24 GB)"},
    {.name = "RTX 4070", .target = "sm_89", .memory_mib = 12288, .source = "pci.ids 2786 AD104 (12 GB)"},
    // The laptop part is another chip (AD106M) with 8 GB; lspci names it "RTX 4070 Max-Q / Mobile",
    // the driver "RTX 4070 Laptop GPU". 8188 MiB is the total GPU feature discovery labels it with
    // (nvidia.com/gpu.memory in substratusai/kubeai's nvidia-gpu-rtx4070-8gb resource profile).
    {.name = "RTX 4070 Laptop", .target = "sm_89", .memory_mib = 8188,
     .source = "pci.ids 2820, 2860 AD106M; kubeai charts/kubeai/values.yaml nvidia-gpu-rtx4070-8gb @2f32ef49"},
    {.name = "RTX 6000 Ada", .target = "sm_89", .memory_mib = 49140,
     .source = "AD102GL; nvidia-smi 'NVIDIA RTX 6000 Ada Generation, 49140 MiB'"},

    // ---- NVIDIA Hopper ----------------------------------------------------------------------
    {.name = "H100 SXM5 80GB", .target = "sm_90", .memory_mib = 81559,
     .source = "pci.ids 2330; nvidia-smi 'NVIDIA H100 80GB HBM3, 81559 MiB'"},
    {.name = "H100 PCIe 80GB", .target = "sm_90", .memory_mib = 81559,
     .source = "pci.ids 2331; nvidia-smi 'NVIDIA H100 PCIe, 81559 MiB'"},
    {.name = "H100 NVL 94GB", .target = "sm_90", .memory_mib = 95830,
     .source = "nvidia-smi 'NVIDIA H100 NVL, 95830 MiB'"},
    {.name = "H200 SXM 141GB", .target = "sm_90", .memory_mib = 143771,
     .source = "pci.ids 2335; nvidia-smi 'NVIDIA H200, 143771 MiB' (observed, reference gpus.csv)"},
    {.name = "H200 NVL 141GB", .target = "sm_90", .memory_mib = 143771,
     .source = "pci.ids 233b; nvidia-smi 'NVIDIA H200 NVL, 143771 MiB'"},
    {.name = "H20 96GB", .target = "sm_90", .memory_mib = 97871,
     .source = "pci.ids 2329; nvidia-smi 'NVIDIA H20, 97871 MiB'"},
    // The HBM3e H20: the driver calls it "NVIDIA H20-3e" (141 GB).
    {.name = "H20-3e", .target = "sm_90", .memory_mib = 143771,
     .source = "pci.ids 232c 'H20 HBM3e'; nvidia-smi '8 x NVIDIA H20-3e, 143771 MiB' and torch "
               "capability (9, 0) in public run logs"},
    {.name = "H800 SXM5 80GB", .target = "sm_90", .memory_mib = 81559,
     .source = "pci.ids 2324; nvidia-smi 'NVIDIA H800, 81559 MiB'"},
    {.name = "H800 PCIe 80GB", .target = "sm_90", .memory_mib = 81920, .source = "pci.ids 2322"},
    // The driver calls the HBM3 part "GH200 480GB" (GPU + CPU memory); its GPU has 96 GB.
    {.name = "GH200 96GB", .target = "sm_90", .memory_mib = 97871,
     .source = "pci.ids 2342; nvidia-smi 'NVIDIA GH200 480GB, 97871 MiB'"},
    {.name = "GH200 144GB", .target = "sm_90", .memory_mib = 146831,
     .source = "pci.ids 2348; nvidia-smi 'NVIDIA GH200 144G HBM3e, 146831 MiB'"},

    // ---- NVIDIA Blackwell -------------------------------------------------------------------
    {.name = "B200", .target = "sm_100", .memory_mib = 183359,
     .source = "pci.ids 2901; nvidia-smi 'NVIDIA B200, 183359 MiB'"},
    {.name = "GB200", .target = "sm_100", .memory_mib = 189471,
     .source = "pci.ids 2941; nvidia-smi 'NVIDIA GB200, 189471 MiB'"},
    {.name = "B300", .target = "sm_103", .memory_mib = 275040,
     .source = "pci.ids 3182 'B300 SXM6 AC'; nvidia-smi 'NVIDIA B300 SXM6 AC, 275040 MiB'"},
    {.name = "GB300", .target = "sm_103", .memory_mib = 284208,
     .source = "pci.ids 31c2, 31c3; nvidia-smi 'NVIDIA GB300, 284208 MiB' (256703 MiB also seen)"},
    {.name = "Jetson AGX Thor", .target = "sm_110", .memory_mib = 131072,
     .source = "pci.ids 2b00; CUDA reports the device as 'NVIDIA Thor'; 128 GB unified memory"},
    {.name = "RTX 5090", .target = "sm_120", .memory_mib = 32607,
     .source = "pci.ids 2b85; nvidia-smi 'NVIDIA GeForce RTX 5090, 32607 MiB'"},
    {.name = "RTX 5090 D", .target = "sm_120", .memory_mib = 32768, .source = "pci.ids 2b87 (32 GB)"},
    // Session 47: GeForce cards named in reports kvdtype had not been told of (nominal 16 GB).
    {.name = "RTX 5070 Ti", .target = "sm_120", .memory_mib = 16384,
     .source = "ggml-org/llama.cpp#27905 (client '5070ti' with a 5060 ti, CUDA 13.3); GB203, compute capability 12.0, 16 GB GDDR7"},
    {.name = "RTX 5060 Ti", .target = "sm_120", .memory_mib = 16384,
     .source = "vllm-project/vllm#55509 ('2x RTX 5060 Ti 16 GB (sm_120)'); vllm-project/vllm#46329 (comment: 'RTX 5060 Ti 16 GB (sm_120)'); GB206, 16 GB GDDR7"},
    {.name = "RTX 5080", .target = "sm_120", .memory_mib = 16303,
     .source = "pci.ids 2c02 (GB203 [GeForce RTX 5080]); nvidia-smi 'NVIDIA GeForce RTX 5080, 16303 MiB', compute capability 12.0"},
    // Workstation, Max-Q and Server Editions share the die, the memory and the target.
    {.name = "RTX PRO 6000", .target = "sm_120", .memory_mib = 97887,
     .source = "pci.ids 2bb1, 2bb4, 2bb5; nvidia-smi 'NVIDIA RTX PRO 6000 Blackwell Workstation "
               "Edition, 97887 MiB' (Server Edition: same)"},
    // nvidia-smi reports no memory.total for GB10 ([N/A]): its 128 GB are unified.
    {.name = "GB10", .target = "sm_121", .memory_mib = 131072,
     .source = "pci.ids 2e12 'GB20B [GB10]'; nvidia-smi name 'NVIDIA GB10'; 128 GB unified memory"},
    {.name = "DGX Spark", .target = "sm_121", .memory_mib = 131072,
     .source = "DGX Spark = GB10 (sm_121); 128 GB unified memory"},

    // ---- AMD Instinct -------------------------------------------------------------------------
    {.name = "MI100", .target = "gfx908", .memory_mib = 32768,
     .source = "pci.ids 738c, 738e; ROCm docs gpu-arch-specs.rst (gfx908, 32 GB)"},
    {.name = "MI210", .target = "gfx90a", .memory_mib = 65536,
     .source = "pci.ids 740f; ROCm gpu-arch-specs.rst (gfx90a, 64 GB)"},
    // MI250X and MI250 carry two dies (GCDs) of 64 GB; each die is its own device to HIP/PyTorch,
    // so the row gives one die's memory. HIP names both boards 'AMD Instinct MI250X/MI250'.
    {.name = "MI250X", .target = "gfx90a", .memory_mib = 65536,
     .source = "pci.ids 7408; ROCm gpu-arch-specs.rst (gfx90a, 128 GB = 2 x 64 GB GCD)"},
    {.name = "MI250", .target = "gfx90a", .memory_mib = 65536,
     .source = "pci.ids 740c; ROCm gpu-arch-specs.rst (gfx90a, 128 GB = 2 x 64 GB GCD)"},
    {.name = "MI300X", .target = "gfx942", .memory_mib = 196288,
     .source = "pci.ids 74a1; rocm-smi 'VRAM Total Memory (B): 205822885888'"},
    {.name = "MI300A", .target = "gfx942", .memory_mib = 131072,
     .source = "pci.ids 74a0; ROCm gpu-arch-specs.rst (gfx942, 128 GB HBM3 unified with the CPU)"},
    {.name = "MI308X", .target = "gfx942", .memory_mib = 196608,
     .source = "pci.ids 74a2; vllm/platforms/rocm.py _ROCM_DEVICE_ID_NAME_MAP 0x74a2 (192 GB)"},
    {.name = "MI325X", .target = "gfx942", .memory_mib = 262144,
     .source = "pci.ids 74a5; ROCm gpu-arch-specs.rst (gfx942, 256 GB)"},
    {.name = "MI350X", .target = "gfx950", .memory_mib = 294912,
     .source = "pci.ids 75a0; ROCm gpu-specs (gfx950, 288 GB)"},
    {.name = "MI355X", .target = "gfx950", .memory_mib = 294912,
     .source = "pci.ids 75a3; ROCm gpu-specs (gfx950, 288 GB)"},

    // ---- AMD Radeon ---------------------------------------------------------------------------
    // RDNA2 (gfx103x). Memory sizes are AMD's specifications, not driver totals.
    {.name = "RX 6900 XT", .target = "gfx1030", .memory_mib = 16384,
     .source = "LLVM AMDGPUUsage.rst (gfx1030: Radeon RX 6800, 6800 XT, 6900 XT); 16 GB"},
    {.name = "RX 6800 XT", .target = "gfx1030", .memory_mib = 16384,
     .source = "LLVM AMDGPUUsage.rst (gfx1030); 16 GB"},
    {.name = "RX 6800", .target = "gfx1030", .memory_mib = 16384,
     .source = "LLVM AMDGPUUsage.rst (gfx1030); 16 GB"},
    {.name = "Radeon PRO W6800", .target = "gfx1030", .memory_mib = 32768,
     .source = "ROCm install-on-windows system-requirements (AMD Radeon PRO W6800: RDNA2, gfx1030); 32 GB"},
    {.name = "RX 6700 XT", .target = "gfx1031", .memory_mib = 12288,
     .source = "LLVM AMDGPUUsage.rst (gfx1031: Radeon RX 6700 XT); 12 GB"},
    {.name = "Radeon PRO W6600", .target = "gfx1032", .memory_mib = 8192,
     .source = "ROCm install-on-windows system-requirements (AMD Radeon PRO W6600: RDNA2, gfx1032); 8 GB"},
    // RDNA3.5 APUs: the GPU shares the system's memory. The figure is one configuration (the
    // largest sold for Strix Halo; a common laptop size for the others), not a property of the GPU.
    // Navi 23, the chip of the Radeon PRO W6600 (gfx1032); Vulkan names them 'AMD Radeon RX 6600 XT'.
    {.name = "RX 6600 XT", .target = "gfx1032", .memory_mib = 8192,
     .source = "Navi 23 as Radeon PRO W6600 (ROCm system-requirements: gfx1032); 8 GB"},
    {.name = "RX 6600", .target = "gfx1032", .memory_mib = 8192,
     .source = "Navi 23 as Radeon PRO W6600 (gfx1032); 8 GB"},
    {.name = "Radeon 8060S 128GB", .target = "gfx1151", .memory_mib = 131072,
     .source = "LLVM AMDGPUUsage.rst (gfx1151: Radeon 8060S, llvm/llvm-project PR 163717); ROCm "
               "labeller product-name 'AMD_Radeon_8060S_Graphics'; Ryzen AI Max+ 395 systems ship "
               "with up to 128 GB unified memory"},
    {.name = "Radeon 8060S 64GB", .target = "gfx1151", .memory_mib = 65536,
     .source = "as Radeon 8060S 128GB; 64 GB unified-memory configuration"},
    {.name = "Radeon 890M", .target = "gfx1150", .memory_mib = 32768,
     .source = "LLVM AMDGPUUsage.rst (gfx1150: Radeon 890M, PR 163717); ROCm/MIOpen PR 3953 (Ryzen AI 9 "
               "HX 370 = Radeon 890M = gfx1150); unified memory, 32 GB taken as a common configuration"},
    {.name = "Radeon 860M", .target = "gfx1152", .memory_mib = 32768,
     .source = "LLVM AMDGPUUsage.rst (gfx1152: Radeon 860M, PR 163717); unified memory, 32 GB taken as "
               "a common configuration"},
    {.name = "RX 7900 XTX", .target = "gfx1100", .memory_mib = 24576,
     .source = "pci.ids 744c; ROCm gpu-arch-specs.rst (gfx1100, 24 GB)"},
    {.name = "RX 7900 XT", .target = "gfx1100", .memory_mib = 20480,
     .source = "ROCm gpu-arch-specs.rst (gfx1100, 20 GB)"},
    {.name = "RX 7900 GRE", .target = "gfx1100", .memory_mib = 16384,
     .source = "ROCm gpu-arch-specs.rst (gfx1100, 16 GB)"},
    {.name = "Radeon PRO W7900", .target = "gfx1100", .memory_mib = 49152,
     .source = "ROCm gpu-arch-specs.rst (gfx1100, 48 GB)"},
    {.name = "Radeon PRO W7800", .target = "gfx1100", .memory_mib = 32768,
     .source = "ROCm install-on-windows system-requirements (AMD Radeon PRO W7800: RDNA3, gfx1100); "
               "32 GB per AMD's specification (a later 48 GB edition exists; no driver total seen)"},
    {.name = "RX 7800 XT", .target = "gfx1101", .memory_mib = 16384,
     .source = "ROCm install docs (RX 7800 XT / 7700 XT = gfx1101); 16 GB"},
    {.name = "RX 7700 XT", .target = "gfx1101", .memory_mib = 12288,
     .source = "ROCm install docs (RX 7800 XT / 7700 XT = gfx1101); 12 GB"},
    {.name = "RX 7600", .target = "gfx1102", .memory_mib = 8192,
     .source = "ROCm docs (Radeon RX 7600 series = gfx1102); 8 GB"},
    {.name = "RX 9070 XT", .target = "gfx1201", .memory_mib = 16384,
     .source = "pci.ids 7550; LLVM AMDGPUUsage.rst (gfx1201 = RX 9070 / 9070 XT / 9070 GRE)"},
    {.name = "RX 9070", .target = "gfx1201", .memory_mib = 16384,
     .source = "LLVM AMDGPUUsage.rst (gfx1201); ROCm gpu-arch-specs (gfx1201)"},
    {.name = "RX 9070 GRE", .target = "gfx1201", .memory_mib = 12288,
     .source = "LLVM AMDGPUUsage.rst (gfx1201); ROCm gpu-arch-specs; 12 GB"},
    {.name = "RX 9060 XT 16GB", .target = "gfx1200", .memory_mib = 16384,
     .source = "llvm/llvm-project PR 155577 (gfx1200 = RX 9060 / 9060 XT)"},
    {.name = "RX 9060 XT 8GB", .target = "gfx1200", .memory_mib = 8192,
     .source = "llvm/llvm-project PR 155577 (gfx1200)"},
    {.name = "Radeon AI PRO R9700", .target = "gfx1201", .memory_mib = 32768,
     .source = "ROCm gpu-arch-specs (gfx1201: RX 9070 XT / 9070 / 9070 GRE, AI PRO R9700); "
               "ROCm/TransformerEngine issue 359; 32 GB"},

    // ---- Apple: the chip's GPU, as system_profiler and llama.cpp print it ('Apple M3 Max') ----
    // Unified memory is chosen per machine (an M3 Max ships with 36 to 128 GB), and the chip name
    // does not tell which: memory_mib is 0 (unknown), so capacity planning asks for
    // --gpu-memory-gib instead of assuming a size. system_profiler prints the size on its own line.
    {.name = "Apple M1", .target = "apple7", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M1-series: Apple7); unified memory: per machine"},
    {.name = "Apple M1 Pro", .target = "apple7", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M1 Pro: Apple7); unified memory: per machine"},
    {.name = "Apple M1 Max", .target = "apple7", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M1 Max: Apple7); unified memory: per machine"},
    {.name = "Apple M1 Ultra", .target = "apple7", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M1 Ultra: Apple7); unified memory: per machine"},
    {.name = "Apple M2", .target = "apple8", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M2-series: Apple8); unified memory: per machine"},
    {.name = "Apple M2 Pro", .target = "apple8", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M2 Pro: Apple8); unified memory: per machine"},
    {.name = "Apple M2 Max", .target = "apple8", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M2 Max: Apple8); unified memory: per machine"},
    {.name = "Apple M2 Ultra", .target = "apple8", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M2 Ultra: Apple8); unified memory: per machine"},
    {.name = "Apple M3", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M3-series: Apple9); unified memory: per machine"},
    {.name = "Apple M3 Pro", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M3 Pro: Apple9); unified memory: per machine"},
    {.name = "Apple M3 Max", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M3 Max: Apple9); system_profiler 'Chipset Model: Apple M3 "
               "Max'; unified memory: per machine"},
    {.name = "Apple M3 Ultra", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M3-series: Apple9); unified memory: per machine"},
    {.name = "Apple M4", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M4-series: Apple9); unified memory: per machine"},
    {.name = "Apple M4 Pro", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M4-series: Apple9); unified memory: per machine"},
    {.name = "Apple M4 Max", .target = "apple9", .memory_mib = 0,
     .source = "Apple Metal feature set tables (M4-series: Apple9); unified memory: per machine"},
    {.name = "Apple M5", .target = "apple10", .memory_mib = 0,
     .source = "Apple Metal feature set tables, May 2026 (M5-series: Apple10); llama.cpp 'GPU name: Apple M5'; "
               "unified memory: per machine"},
    {.name = "Apple M5 Pro", .target = "apple10", .memory_mib = 0,
     .source = "Apple Metal feature set tables, May 2026 (M5-series: Apple10); unified memory: per machine"},
    {.name = "Apple M5 Max", .target = "apple10", .memory_mib = 0,
     .source = "Apple Metal feature set tables, May 2026 (M5-series: Apple10); a public llama.cpp log of an "
               "'Apple M5 Max' reporting MTLGPUFamilyApple10; unified memory: per machine"},

    // ---- Intel: as sycl-ls / clinfo / vulkaninfo print them ('Intel(R) Arc(TM) A770 Graphics') --
    // Data Center GPU Max 1550 has two stacks; Level Zero's default flat hierarchy makes each a
    // device of its own (as HIP does with MI250X's dies), so the row lists one stack's 64 GB.
    {.name = "Data Center GPU Max 1550", .target = "pvc", .memory_mib = 65536,
     .source = "Intel Data Center GPU Max 1550: 128 GB HBM2e over two stacks; Level Zero "
               "ZE_FLAT_DEVICE_HIERARCHY=FLAT (default) exposes each stack as a device"},
    {.name = "Data Center GPU Max 1100", .target = "pvc", .memory_mib = 49152,
     .source = "Intel Data Center GPU Max 1100: one stack, 48 GB HBM2e"},
    {.name = "Arc A770 16GB", .target = "acm_g10", .memory_mib = 16384,
     .source = "Intel Arc A770 (ACM-G10, intel_gpu_acm_g10): 16 GB GDDR6; 'Intel(R) Arc(TM) A770 Graphics'"},
    {.name = "Arc A770 8GB", .target = "acm_g10", .memory_mib = 8192,
     .source = "Intel Arc A770 (ACM-G10): 8 GB edition"},
    {.name = "Arc A750", .target = "acm_g10", .memory_mib = 8192,
     .source = "Intel Arc A750 (ACM-G10): 8 GB GDDR6"},
    {.name = "Arc A380", .target = "acm_g11", .memory_mib = 6144,
     .source = "Intel Arc A380 (ACM-G11, intel_gpu_acm_g11): 6 GB GDDR6"},
    {.name = "Arc B580", .target = "bmg_g21", .memory_mib = 12288,
     .source = "Intel Arc B580 (BMG-G21, intel_gpu_bmg_g21): 12 GB GDDR6; 'Intel(R) Arc(TM) B580 Graphics'"},
    {.name = "Arc B570", .target = "bmg_g21", .memory_mib = 10240,
     .source = "Intel Arc B570 (BMG-G21): 10 GB GDDR6"},
    {.name = "Arc Pro B50", .target = "bmg_g21", .memory_mib = 16384,
     .source = "intel/llm-scaler#666 ('2x Intel Arc Pro B50 (16 GB)'); Intel Arc Pro B50: Battlemage BMG-G21, "
               "16 GB GDDR6"},
    {.name = "Arc Pro B60", .target = "bmg_g21", .memory_mib = 24576,
     .source = "Intel Arc Pro B60 (Battlemage BMG-G21, default AOT target intel_gpu_bmg_g21): 24 GB GDDR6"},
    // Battlemage's larger die: Arc Pro B70 runs as intel_gpu_bmg_g31 (sgl-project/sgl-kernel-xpu#243).
    {.name = "Arc Pro B70", .target = "bmg_g31", .memory_mib = 32768,
     .source = "sgl-project/sgl-kernel-xpu#243 ('Intel Arc Pro B70 32 GB, BMG-G31 (intel_gpu_bmg_g31)'); intel/llm-scaler#605, #649 (B70 serving with vLLM)"},
    // Lunar Lake: the driver's name carries the memory it gives the GPU ('Intel(R) Arc(TM) 140V GPU
    // (16GB)', '(8GB)'); the row is that figure.
    {.name = "Arc 140V 16GB", .target = "lnl_m", .memory_mib = 16384,
     .source = "Lunar Lake Xe2 iGPU (intel_gpu_lnl_m); Windows/Vulkan name 'Intel(R) Arc(TM) 140V GPU (16GB)'"},
    {.name = "Arc 140V 8GB", .target = "lnl_m", .memory_mib = 8192,
     .source = "Lunar Lake Xe2 iGPU; OpenVINO name 'Intel(R) Arc(TM) 140V GPU (8GB) (iGPU)'"},
    // Meteor Lake's iGPU is called 'Intel(R) Arc(TM) Graphics', a name Arrow Lake's iGPU shares: only
    // Mesa's '(MTL)' tells it apart, so the row needs that word; the bare name stays unknown.
    {.name = "Arc Graphics MTL", .target = "mtl_h", .memory_mib = 16384,
     .source = "Mesa ANV name 'Intel(R) Arc(tm) Graphics (MTL)'; intel_gpu_mtl_h; unified memory, 16 GB "
               "taken as a common configuration"},

    // ---- Huawei Ascend: as npu-smi prints the Name column ------------------------------------
    {.name = "910B3", .target = "ascend910b", .memory_mib = 65536,
     .source = "npu-smi '910B3 ... HBM-Usage(MB) 3369 / 65536' (vllm-project/vllm-ascend issue 1903)"},
    {.name = "910B2", .target = "ascend910b", .memory_mib = 65536,
     .source = "npu-smi '910B2 ... HBM-Usage(MB) 3430 / 65536' (vllm-project/vllm-ascend issue 8102)"},
    {.name = "910B4", .target = "ascend910b", .memory_mib = 32768,
     .source = "vllm-project/vllm-ascend issue 129 (maintainer: 'HBM of 910b4 is 32G')"},
    {.name = "910B4-1", .target = "ascend910b", .memory_mib = 65536,
     .source = "npu-smi '910B4-1 ... 3197 / 65536' (Project-HAMi/HAMi-WebUI issue 47); vllm-ascend issue "
               "12907 ('Ascend 910B4-1 64GB')"},
    // npu-smi names the Atlas A3's dies 'Ascend910', a name the first Ascend 910 (no bf16) had too,
    // so only 910C (or the SoC name ascend910_93) selects it; each die is a device of 64 GB.
    {.name = "910C", .target = "ascend910_93", .memory_mib = 65536,
     .source = "Atlas A3: npu-smi shows two chips per NPU, each 'HBM-Usage(MB) ... / 65536' "
               "(vllm-project/vllm-ascend issues 2534, 12980); HCCL DEV_TYPE_910_93"},
    {.name = "310P3", .target = "ascend310p", .memory_mib = 0,
     .source = "npu-smi '310P3' (vllm-project/vllm-ascend issues 752, 1141: 43693 to 44280 MB per chip on "
               "Atlas 300I Duo); boards differ (Atlas 300I Pro, Duo): memory per machine"},

    // ---- Google Cloud TPUs (TGT, session 39): as users and tools name them ----------------------
    // Each generation goes by its docs name (v5e), its accelerator type (v5litepod, v6e, tpu7x) and
    // jax's device_kind ('TPU v5 lite', 'TPU v6 lite', 'TPU7x'); 'TPU', 'Google' and 'Cloud' are
    // vendor words, so 'TPU v5e' and 'v5e' are one name. A slice's chip count ('v5litepod-8') is
    // not a product word and is refused. Memory is HBM per device (what one JAX device holds).
    {.name = "v4", .target = "tpu_v4", .memory_mib = 32768,
     .source = "Google Cloud TPU docs, TPU v4: 32 GiB HBM per chip"},
    {.name = "v5e", .target = "tpu_v5e", .memory_mib = 16128,
     .source = "vllm-project/tpu-inference#3126 (v5e-1: 'total_hbm_limit_gb=15.75GiB'); Cloud TPU docs 16 GiB HBM"},
    {.name = "v5 lite", .target = "tpu_v5e", .memory_mib = 16128,
     .source = "jax device_kind 'TPU v5 lite' (tpu_info chip names); same chip as v5e"},
    {.name = "v5litepod", .target = "tpu_v5e", .memory_mib = 16128,
     .source = "Cloud TPU accelerator type v5litepod-N (TPU v5e)"},
    {.name = "v5p", .target = "tpu_v5p", .memory_mib = 97280,
     .source = "docs.cloud.google.com/tpu/docs/tpu7x comparison table: 95 GiB HBM per chip"},
    {.name = "v6e", .target = "tpu_v6e", .memory_mib = 32768,
     .source = "docs.cloud.google.com/tpu/docs/tpu7x comparison table: v6e (Trillium) 32 GiB HBM per chip; "
               "tpu-inference tpu_platform.py compares the device name with 'tpu v6e'"},
    {.name = "v6 lite", .target = "tpu_v6e", .memory_mib = 32768,
     .source = "jax device_kind 'TPU v6 lite' (tpu-inference tpu_platform.py get_device_name under Pathways)"},
    {.name = "Trillium", .target = "tpu_v6e", .memory_mib = 32768,
     .source = "Google's name for TPU v6e (docs.cloud.google.com/tpu/docs/tpu7x table header 'v6e (Trillium)')"},
    // Ironwood: 192 GiB per chip, but its dual-chiplet programming model exposes two TPU devices per
    // chip (docs.cloud.google.com/tpu/docs/tpu7x, 'Dual-chiplet architecture'), so a device has half.
    {.name = "7x", .target = "tpu_v7x", .memory_mib = 98304,
     .source = "accelerator type tpu7x-N, jax device_kind 'TPU7x'; docs.cloud.google.com/tpu/docs/tpu7x: 192 GiB "
               "HBM per chip over two devices"},
    {.name = "v7x", .target = "tpu_v7x", .memory_mib = 98304,
     .source = "TPU v7x (TPU7x): docs.cloud.google.com/tpu/docs/tpu7x"},
    {.name = "v7", .target = "tpu_v7x", .memory_mib = 98304,
     .source = "'TPU v7' (Ironwood), the seventh generation; TPU7x is its only release (docs.cloud.google.com/tpu/docs/tpu7x)"},
    {.name = "Ironwood", .target = "tpu_v7x", .memory_mib = 98304,
     .source = "docs.cloud.google.com/tpu/docs/tpu7x ('TPU7x is the first release within the Ironwood family')"},

    // ---- GPUs engines reach through Vulkan, as vulkaninfo prints deviceName ---------------------
    {.name = "Adreno X1-85", .target = "adreno_x1", .memory_mib = 0,
     .source = "vulkaninfo 'Turnip Adreno (TM) X1-85' (Mesa), Windows 'Qualcomm(R) Adreno(TM) X1-85 GPU' "
               "(Snapdragon X Elite); unified memory: per machine"},
    {.name = "Mali-G710", .target = "mali_g710", .memory_mib = 0,
     .source = "Vulkan deviceName 'Mali-G710 MC10'; shared memory: per machine"},
    {.name = "Mali-G720", .target = "mali_g720", .memory_mib = 0,
     .source = "Vulkan deviceName 'Mali-G720-Immortalis MC12' (Android vkjson), 'Mali-G720 MC7'; shared "
               "memory: per machine"},
};

}  // namespace

std::span<const Product> product_rows() noexcept { return kProducts; }

}  // namespace kvdtype::tables
