// kvdtype/convert.hpp — reference scalar conversion between double and a format's codes.
//
// This is the executable definition of every floating element format: decode gives the value of
// a code, encode rounds a value to the nearest code (ties to even). It is a reference, written
// for exactness, not speed; tests check it exhaustively against independent constants.
#pragma once

#include <cstdint>
#include <optional>

#include "kvdtype/format.hpp"

namespace kvdtype {

/// What encode does with a finite value beyond max_finite (and with ±Inf where the format has
/// no infinity).
enum class Overflow : std::uint8_t {
  /// PyTorch / ml_dtypes cast semantics: to ±Inf where the format has one, else to NaN; a
  /// format with neither (MX FP4/FP6, fp8e4b15) saturates.
  nonsaturating,
  /// Clamp to ±max_finite (CUDA __NV_SATFINITE, MX FP4/FP6, FlashInfer/vLLM quantize kernels).
  saturate,
};

/// Number of distinct codes of an element format (2^bits) for floating/integer formats of at
/// most 16 bits; 0 for packed and block formats.
[[nodiscard]] std::uint32_t code_count(FormatId id) noexcept;

/// Value of `code` (low `bits` bits used). NaN codes give a quiet NaN. nullopt for packed and
/// block formats, and for codes out of range.
[[nodiscard]] std::optional<double> decode(FormatId id, std::uint32_t code) noexcept;

/// Nearest code to `value`, ties to even mantissa. NaN input gives the format's canonical NaN
/// (MX FP4/FP6 and fp8e4b15 have none: they give the code chosen by the reference
/// implementation the row's source names). nullopt for packed and block formats.
[[nodiscard]] std::optional<std::uint32_t> encode(FormatId id, double value,
                                                  Overflow overflow = Overflow::nonsaturating) noexcept;

}  // namespace kvdtype
