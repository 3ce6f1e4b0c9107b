// kvdtype/format.hpp — Format: a concrete element type, its numeric facts and its names.
//
// One row per format lives in src/tables/formats.cpp. A Format is identified by FormatId
// everywhere in the library (cheap to copy and compare); its canonical name is the PyTorch /
// ml_dtypes spelling where one exists.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "kvdtype/result.hpp"

namespace kvdtype {

/// Every format kvdtype knows. The order is the table order; values are not ABI (use names or
/// DLPack codes across process boundaries).
enum class FormatId : std::uint8_t {
  // 16/32-bit floats
  float32,
  float16,
  bfloat16,
  // ml_dtypes narrow floats
  float8_e3m4,
  float8_e4m3,
  float8_e4m3fn,
  float8_e4m3fnuz,
  float8_e4m3b11fnuz,
  float8_e5m2,
  float8_e5m2fnuz,
  float8_e8m0fnu,
  float6_e2m3fn,
  float6_e3m2fn,
  float4_e2m1fn,
  // narrow floats engines use that ml_dtypes lacks
  float8_e4m3b15,      ///< Triton's fp8e4b15 (E4M3, bias 15); name fixed by its table row
  float4_e2m1fn_x2,    ///< PyTorch's packed pair of E2M1 in one byte
  // integers and bytes
  int8,
  uint8,
  int4,
  uint4,
  // block formats (element + shared scale)
  nvfp4,
  mxfp8_e4m3,
  mxfp8_e5m2,
  mxfp6_e2m3,
  mxfp6_e3m2,
  mxfp4,
  q8_0,
  q4_0,
  q4_1,
  q5_0,
  q5_1,
  iq4_nl,
  count_  ///< not a format
};

inline constexpr std::size_t kFormatCount = static_cast<std::size_t>(FormatId::count_);

enum class FormatKind : std::uint8_t {
  floating,  ///< IEEE-like sign/exponent/mantissa element (float32 … float4_e2m1fn)
  integer,   ///< two's complement or unsigned integer (int8, uint8 as a byte container, int4 …)
  packed,    ///< several elements of another format in one storage unit (float4_e2m1fn_x2)
  block,     ///< block_size elements sharing one scale (NVFP4, MX, GGML quants)
};

/// How infinities are encoded.
enum class InfEncoding : std::uint8_t {
  none,  ///< no infinity (fn, fnuz, fnu, MX and Triton fp8e4b15 formats)
  ieee,  ///< all-ones exponent, zero mantissa
};

/// How NaNs are encoded.
enum class NanEncoding : std::uint8_t {
  none,           ///< no NaN at all (float6/float4 MX elements, Triton fp8e4b15)
  ieee,           ///< all-ones exponent, non-zero mantissa
  all_ones,       ///< only S.1111.111 (OCP E4M3 "fn"), both signs
  negative_zero,  ///< only the would-be negative zero 1.000…0 ("fnuz")
  all_ones_unsigned,  ///< only 0xFF (E8M0 scale)
};

/// The format's names in other ecosystems; empty where that ecosystem has none.
struct FormatNames {
  std::string_view torch;        ///< "float8_e4m3fn" (without "torch.")
  std::string_view cuda;         ///< "__nv_fp8_e4m3"
  std::string_view hip;          ///< "__hip_fp8_e4m3"
  std::string_view triton;       ///< "fp8e4nv" (tl.float8e4nv also accepted on lookup)
  std::string_view dlpack;       ///< "kDLFloat8_e4m3fn"
  std::int16_t dlpack_code = -1; ///< DLDataTypeCode value, -1 when none
  std::string_view onnx;         ///< "FLOAT8E4M3FN"
  std::int16_t onnx_value = -1;  ///< TensorProto.DataType value, -1 when none
  std::string_view safetensors;  ///< "F8_E4M3"
  std::string_view ggml;         ///< "q8_0"
  std::int16_t ggml_id = -1;     ///< ggml_type value, -1 when none
  std::string_view numpy;        ///< numpy / ml_dtypes dtype name
};

/// One element type. Numeric facts are derived from the defining parameters in the table
/// (ml_dtypes style) and tested against independently known constants.
struct Format {
  FormatId id{};
  std::string_view name;  ///< canonical name, e.g. "float8_e4m3fn"
  FormatKind kind{};
  std::uint16_t bits = 0;  ///< bits per element (block formats: per element, scale excluded)
  bool is_signed = true;

  // floating and packed-floating formats
  std::uint8_t exponent_bits = 0;
  std::uint8_t mantissa_bits = 0;
  std::int16_t exponent_bias = 0;
  InfEncoding inf = InfEncoding::none;
  NanEncoding nan = NanEncoding::none;
  bool has_negative_zero = false;
  double max_finite = 0;     ///< integers: max value
  double min_finite = 0;     ///< lowest finite value (integers: min value)
  double min_normal = 0;     ///< 0 for integers
  double min_subnormal = 0;  ///< 0 when the format has no subnormals
  double epsilon = 0;        ///< distance from 1.0 to the next larger value; 0 for integers

  // packed and block formats
  std::uint16_t block_size = 0;       ///< elements per block (packed: elements per unit)
  FormatId element = FormatId::count_;  ///< element format (block/packed), count_ when none
  FormatId scale = FormatId::count_;    ///< scale format (block), count_ when none
  std::uint16_t bytes_per_block = 0;  ///< block (or packed unit) size in bytes, scales included

  FormatNames names;
  std::string_view description;  ///< one line: what it is and who uses it
  std::string_view source;       ///< where the facts come from (spec section, repo path, PR)

  [[nodiscard]] bool is_float8() const noexcept { return kind == FormatKind::floating && bits == 8; }
  [[nodiscard]] bool is_16bit_float() const noexcept {
    return kind == FormatKind::floating && bits == 16;
  }
};

/// All formats, in FormatId order.
[[nodiscard]] std::span<const Format> formats() noexcept;

/// The row of one format.
[[nodiscard]] const Format& format(FormatId id) noexcept;

/// Canonical name of a format.
[[nodiscard]] std::string_view name(FormatId id) noexcept;

/// Find a format by any of its names: canonical, PyTorch ("torch.float8_e4m3fn"), CUDA, HIP,
/// Triton ("fp8e4nv", "tl.float8e4nv"), DLPack enum name, ONNX, safetensors, GGML, numpy, and
/// common short spellings ("bf16", "fp16", "half", "fp32"). Case-insensitive. An unknown name
/// is an Error listing the nearest valid names.
[[nodiscard]] Result<FormatId> parse_format(std::string_view any_name);

/// The format a DLPack DLDataType (code, bits, lanes) denotes; nullopt when none matches.
/// Follows DLPack 1.1 for the float8/float6/float4 codes.
[[nodiscard]] std::optional<FormatId> format_from_dlpack(std::uint8_t code, std::uint8_t bits,
                                                         std::uint16_t lanes = 1) noexcept;

/// The DLPack (code, bits, lanes) of a format; nullopt when DLPack cannot express it.
struct DLPackType {
  std::uint8_t code = 0;
  std::uint8_t bits = 0;
  std::uint16_t lanes = 1;
};
[[nodiscard]] std::optional<DLPackType> dlpack_type(FormatId id) noexcept;

/// Up to `max` canonical or alias names closest to `bad` (edit distance), best first, written
/// as "a, b, c". Used to build error messages.
[[nodiscard]] std::string nearest_format_names(std::string_view bad, std::size_t max = 3);

}  // namespace kvdtype
