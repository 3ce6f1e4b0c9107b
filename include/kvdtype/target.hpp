// kvdtype/target.hpp — Target: a GPU (or CPU) architecture and its native number formats.
//
// One row per target in src/tables/targets.cpp; one row per product (H100, MI300X, …) in
// src/tables/products.cpp. parse_target() understands what people type and what drivers print.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/result.hpp"

namespace kvdtype {

/// Who makes the hardware. The vendor decides the platform kvdtype judges it on
/// (platform_of(), docs/targets.md "Vendors and platforms"): nvidia -> cuda, amd -> rocm,
/// cpu -> cpu, apple -> metal, intel -> sycl, huawei -> cann, qualcomm and arm -> vulkan,
/// google -> tpu. targets() lists NVIDIA, AMD, Apple, Intel, Huawei, Qualcomm, Arm, Google, then
/// the CPU; google was appended to the enum after cpu (values never renumber).
enum class Vendor : std::uint8_t { nvidia, amd, apple, intel, huawei, qualcomm, arm, cpu, google };

/// Which 8-bit float encoding the hardware implements natively.
enum class Fp8Flavour : std::uint8_t {
  none,  ///< no fp8 conversion instructions: fp8 exists only as software bit manipulation
  ocp,   ///< OCP E4M3FN (bias 7, max 448) and E5M2 (bias 15)
  fnuz,  ///< Graphcore/AMD FNUZ: E4M3FNUZ (bias 8, max 240) and E5M2FNUZ (bias 16)
};

/// Triton's fp8 element types, as a bit set; which of them a target's Triton backend offers.
enum TritonFp8 : std::uint8_t {
  triton_fp8e4nv = 1u << 0,   ///< OCP E4M3FN
  triton_fp8e4b15 = 1u << 1,  ///< Triton's software E4M3, bias 15
  triton_fp8e5 = 1u << 2,     ///< OCP E5M2
  triton_fp8e4b8 = 1u << 3,   ///< E4M3FNUZ
  triton_fp8e5b16 = 1u << 4,  ///< E5M2FNUZ
};

/// One architecture. NVIDIA targets are compute capabilities; AMD targets are gfx names; Apple
/// targets are Metal GPU families (apple9); Intel targets are DPC++ device names (pvc, bmg_g21);
/// Ascend targets are CANN SoC versions (ascend910b); Adreno and Mali targets are GPU models;
/// TPU targets are Cloud TPU generations (tpu_v5e, tpu_v7x).
struct Target {
  std::string_view name;    ///< canonical: "sm_90", "gfx942", "cpu"
  Vendor vendor{};
  std::string_view family;  ///< architecture family: "Hopper", "CDNA3"
  /// Compute capability as PyTorch reports it (torch.cuda.get_device_capability): (9, 0) for
  /// sm_90; ROCm reports gfx942 as (9, 4), gfx950 as (9, 5), gfx1201 as (12, 0). (0, 0) for cpu
  /// and for every vendor without a CUDA-style capability (Apple, Intel, Qualcomm, Arm, Huawei).
  std::uint8_t cc_major = 0;
  std::uint8_t cc_minor = 0;

  bool bf16 = false;          ///< native bf16 arithmetic
  bool fp8_convert = false;   ///< hardware fp8 <-> 16/32-bit conversion instructions
  bool fp8_mma = false;       ///< fp8 matrix instructions (tensor cores / MFMA / WMMA)
  Fp8Flavour fp8_flavour = Fp8Flavour::none;  ///< which fp8 encoding is native
  bool fp6_fp4_mma = false;   ///< fp6/fp4 matrix instructions
  bool block_scale_mma = false;  ///< MX / NVFP4 block-scaled matrix instructions
  std::uint8_t triton_fp8 = 0;   ///< TritonFp8 bits Triton offers on this target

  std::string_view source;  ///< where the facts come from

  /// Compute capability as one number, major*10 + minor (90 for sm_90, 94 for gfx942).
  [[nodiscard]] constexpr unsigned cc() const noexcept { return cc_major * 10u + cc_minor; }
};

/// A product people name (H100, MI300X, RTX 4090) and the target it is.
struct Product {
  std::string_view name;       ///< "H100 SXM5 80GB"
  std::string_view target;     ///< canonical target name, "sm_90"
  std::uint32_t memory_mib = 0;  ///< device memory of this product, 0 when unknown
  std::string_view source;
};

/// "nvidia", "amd", "apple", "intel", "huawei", "qualcomm", "arm", "cpu", "google" and "none", "ocp",
/// "fnuz": the spellings every output uses.
[[nodiscard]] std::string_view name(Vendor v) noexcept;
[[nodiscard]] std::string_view name(Fp8Flavour f) noexcept;

/// All targets, in table order (NVIDIA by capability, then AMD, Apple, Intel, Huawei, Qualcomm, Arm, then cpu).
[[nodiscard]] std::span<const Target> targets() noexcept;

/// All products.
[[nodiscard]] std::span<const Product> products() noexcept;

/// A target by canonical name only ("sm_90"); nullptr when unknown.
[[nodiscard]] const Target* find_target(std::string_view canonical_name) noexcept;

/// What parse_target recognised: the target, and the product when a product name was given.
struct TargetMatch {
  const Target* target = nullptr;
  const Product* product = nullptr;  ///< nullptr for architecture names ("sm_90", "gfx942")
};

/// Parse anything people type or drivers print: "sm_90", "sm90", "sm_90a", "compute_90a",
/// "9.0", "90", "H100", "NVIDIA H100 80GB HBM3", "H100 PCIe", "GH200", "MI300X",
/// "AMD Instinct MI300X", "gfx942:sramecc+:xnack-", "RTX 4090", "NVIDIA GeForce RTX 4090",
/// "Tesla T4", "cpu". Case-insensitive. Unknown names are an Error with suggestions.
[[nodiscard]] Result<TargetMatch> parse_target(std::string_view text);

/// What a GPU name is, for a caller deciding whether a name parse_target() refuses is bad input
/// or hardware kvdtype has not heard of (docs/targets.md, "Unknown hardware").
enum class UnparsedGpu : std::uint8_t {
  known,       ///< parse_target() accepts it
  unknown,     ///< well-formed, names nothing kvdtype knows ("NVIDIA RTX 9090", "Ascend910"): the GPU is unknown
  misspelled,  ///< an architecture name that names none (sm_80a, gfx906), or alternatives of two architectures (A100/H100)
  malformed,   ///< empty, control or shell characters, over 256 characters, no letter or no digit, a flag word
};
[[nodiscard]] UnparsedGpu classify_unparsed_gpu(std::string_view text);

}  // namespace kvdtype
