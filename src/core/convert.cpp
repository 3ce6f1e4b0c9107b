// Reference scalar conversion. One generic minifloat codec driven by the format row (widths,
// bias, Inf/NaN/-0 encoding), plus integers. Written for exactness: every step is exact in double
// arithmetic (scaling by powers of two, floor, one comparison), so the result does not depend on
// the floating-point environment.
//
// Semantics follow ml_dtypes' ConvertImpl (jax-ml/ml_dtypes ml_dtypes/include/float8.h), which
// PyTorch's casts agree with for every format both have:
//   * round to nearest, ties to even mantissa; the rounding is done with an unbounded exponent and
//     a result above the largest finite code is an overflow (so 464 -> 448 but 465 -> NaN in E4M3FN);
//   * overflow (and Inf where the format has none), Overflow::nonsaturating: Inf if the format
//     has one, else its NaN, else (MX FP4/FP6, fp8e4b15) the largest finite value;
//   * Overflow::saturate clamps to ±max_finite, Inf included (CUDA __NV_SATFINITE); NaN stays NaN;
//   * no negative zero in fnuz formats: a negative value that rounds to zero gives 0x00.
#include "kvdtype/convert.hpp"

#include <cmath>
#include <limits>

namespace kvdtype {
namespace {

constexpr std::uint32_t low_bits(unsigned n) noexcept { return n >= 32 ? 0xFFFF'FFFFu : (1u << n) - 1u; }

bool is_element(const Format& f) noexcept {
  return f.id != FormatId::count_ && (f.kind == FormatKind::floating || f.kind == FormatKind::integer);
}

// The bit layout of one floating row, in the integers the codec works with.
struct BitFields {
  unsigned bits, mantissa_bits;
  std::uint32_t sign_bit;       // 0 for unsigned formats
  std::uint32_t top_exponent;   // all-ones exponent field
  std::uint32_t mantissa_mask;

  explicit BitFields(const Format& f) noexcept
      : bits(f.bits),
        mantissa_bits(f.mantissa_bits),
        sign_bit(f.is_signed ? 1u << (f.bits - 1) : 0u),
        top_exponent(low_bits(f.exponent_bits)),
        mantissa_mask(low_bits(f.mantissa_bits)) {}

  [[nodiscard]] std::uint32_t inf_magnitude() const noexcept { return top_exponent << mantissa_bits; }
};

// Largest finite magnitude code; the same rule as the table's largest_finite(), on codes.
std::uint32_t max_magnitude(const Format& f, const BitFields& l) noexcept {
  if (f.inf == InfEncoding::ieee || f.nan == NanEncoding::ieee)
    return ((l.top_exponent - 1) << l.mantissa_bits) | l.mantissa_mask;
  if (f.nan == NanEncoding::all_ones || f.nan == NanEncoding::all_ones_unsigned)
    return l.mantissa_bits == 0 ? l.top_exponent - 1 : (l.top_exponent << l.mantissa_bits) | (l.mantissa_mask - 1);
  return (l.top_exponent << l.mantissa_bits) | l.mantissa_mask;
}

// The code a NaN input becomes.
std::uint32_t nan_code(const Format& f, const BitFields& l, bool negative) noexcept {
  const std::uint32_t sign = negative ? l.sign_bit : 0u;
  switch (f.nan) {
    case NanEncoding::ieee:  // quiet NaN: top mantissa bit set (IEEE 754-2019 6.2.1), as ml_dtypes
      return sign | l.inf_magnitude() | (1u << (l.mantissa_bits - 1));
    case NanEncoding::all_ones:
      return sign | l.inf_magnitude() | l.mantissa_mask;
    case NanEncoding::negative_zero:
      return l.sign_bit;
    case NanEncoding::all_ones_unsigned:
      return low_bits(l.bits);
    case NanEncoding::none:
      break;
  }
  if (f.id == FormatId::float8_e4m3b15) {
    // Triton's encoder clamps |NaN| to 1.75 with min.f16x2 (which returns the non-NaN operand)
    // and ORs the input's sign back: 0x7E / 0xFE (third_party/nvidia/language/cuda/utils.py).
    return sign | (l.top_exponent << l.mantissa_bits) | (l.mantissa_mask - 1);
  }
  // MX FP4/FP6: ml_dtypes' quiet_NaN() is the -0 code and a negative NaN is that code negated,
  // so +NaN -> -0 and -NaN -> +0 (ml_dtypes/include/mxfloat.h; the MX spec leaves it open).
  return negative ? 0u : l.sign_bit;
}

double round_half_even(double n) noexcept {  // n >= 0, |n| < 2^53
  double whole = std::floor(n);
  const double fraction = n - whole;
  if (fraction > 0.5 || (fraction == 0.5 && std::fmod(whole, 2.0) != 0.0)) whole += 1.0;
  return whole;
}

// Rounds a finite positive magnitude to a magnitude code with an unbounded exponent; the caller
// compares the result with max_magnitude() to detect overflow.
std::uint64_t round_magnitude(const Format& f, double a) noexcept {
  const int m = f.mantissa_bits;
  int k = 0;
  std::frexp(a, &k);
  int e = k - 1;  // a in [2^e, 2^(e+1))
  if (m == 0) {
    // E8M0 has no mantissa to round. ml_dtypes (HEAD) and PyTorch (c10/util/Float8_e8m0fnu-inl.h)
    // both round on the linear significand with the implicit 1 as the kept bit, so 1.5*2^e and
    // above go up: the threshold is the arithmetic midpoint, not sqrt(2).
    if (std::ldexp(a, -e) >= 1.5) ++e;
    // Both read the float32 bit pattern, where (2^-127, 2^-126) is subnormal: without the
    // implicit 1 any mantissa above 2^-127's rounds up. Measured on ml_dtypes 0.6.0 and PyTorch
    // 2.11 (tests/data/formats_reference): 1.25*2^-127 encodes as 2^-126.
    if (a > 0x1p-127 && a < 0x1p-126) e = -126;
    const int field = e + f.exponent_bias;
    return field < 0 ? 0u : static_cast<std::uint64_t>(field);  // below 2^-127: the smallest code
  }
  const int min_exponent = 1 - f.exponent_bias;
  const int ulp_exponent = (e < min_exponent ? min_exponent : e) - m;
  const auto units = static_cast<std::uint64_t>(round_half_even(std::ldexp(a, -ulp_exponent)));
  if (e < min_exponent) return units;  // subnormal; units == 2^m is the smallest normal, same code
  // units is in [2^m, 2^(m+1)]; a carry out of the mantissa moves into the exponent field.
  return (static_cast<std::uint64_t>(e + f.exponent_bias) << m) + (units - (std::uint64_t{1} << m));
}

std::optional<std::uint32_t> encode_float(const Format& f, double x, Overflow overflow) noexcept {
  const BitFields l(f);
  const bool negative = std::signbit(x);
  const std::uint32_t sign = negative ? l.sign_bit : 0u;
  const std::uint32_t max_code = max_magnitude(f, l);
  const bool saturate = overflow == Overflow::saturate;

  if (std::isnan(x)) return nan_code(f, l, negative);

  const bool has_zero = f.is_signed || f.min_finite <= 0.0;
  if ((!f.is_signed && negative && x != 0.0) || (x == 0.0 && !has_zero)) {
    // E8M0: negative values and zero have no code. ml_dtypes gives NaN, or the smallest value
    // when saturating.
    return saturate ? 0u : nan_code(f, l, false);
  }

  const auto beyond_range = [&]() -> std::uint32_t {
    if (saturate) return sign | max_code;
    if (f.inf == InfEncoding::ieee) return sign | l.inf_magnitude();
    if (f.nan != NanEncoding::none) return nan_code(f, l, negative);
    return sign | max_code;  // neither Inf nor NaN: saturate
  };

  const double a = std::fabs(x);
  if (std::isinf(a)) return beyond_range();
  if (a == 0.0) return f.has_negative_zero ? sign : 0u;

  const std::uint64_t magnitude = round_magnitude(f, a);
  if (magnitude > max_code) return beyond_range();
  if (magnitude == 0) return f.has_negative_zero ? sign : 0u;  // underflow keeps the sign (not fnuz)
  return sign | static_cast<std::uint32_t>(magnitude);
}

std::optional<double> decode_float(const Format& f, std::uint32_t code) noexcept {
  const BitFields l(f);
  const bool negative = (code & l.sign_bit) != 0;
  const std::uint32_t magnitude = code & ~l.sign_bit;
  const std::uint32_t field = magnitude >> l.mantissa_bits;
  const std::uint32_t mantissa = magnitude & l.mantissa_mask;
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();

  switch (f.nan) {
    case NanEncoding::ieee:
      if (field == l.top_exponent && mantissa != 0) return nan;
      break;
    case NanEncoding::all_ones:
      if (field == l.top_exponent && mantissa == l.mantissa_mask) return nan;
      break;
    case NanEncoding::negative_zero:
      if (code == l.sign_bit) return nan;
      break;
    case NanEncoding::all_ones_unsigned:
      if (code == low_bits(l.bits)) return nan;
      break;
    case NanEncoding::none:
      break;
  }
  if (f.inf == InfEncoding::ieee && field == l.top_exponent && mantissa == 0)
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();

  const int m = f.mantissa_bits;
  double value = 0.0;
  if (m > 0 && field == 0) {
    value = std::ldexp(static_cast<double>(mantissa), 1 - f.exponent_bias - m);
  } else {
    const double significand = static_cast<double>((std::uint64_t{1} << m) | mantissa);
    value = std::ldexp(significand, static_cast<int>(field) - f.exponent_bias - m);
  }
  return negative ? -value : value;
}

std::uint32_t encode_integer(const Format& f, double x) noexcept {
  // No Inf or NaN to fall back to: out-of-range values clamp (both Overflow modes) and NaN gives
  // 0, as PTX cvt.rni.sat does.
  if (std::isnan(x)) return 0;
  const double lo = f.min_finite;
  const double hi = f.max_finite;
  double v = x <= lo ? lo : x >= hi ? hi : 0.0;
  if (x > lo && x < hi) {
    const double r = round_half_even(std::fabs(x));
    v = x < 0 ? -r : r;
  }
  const auto as_int = static_cast<std::int64_t>(v);
  return static_cast<std::uint32_t>(as_int) & low_bits(f.bits);
}

double decode_integer(const Format& f, std::uint32_t code) noexcept {
  if (f.is_signed && (code >> (f.bits - 1)) != 0)
    return static_cast<double>(static_cast<std::int64_t>(code) - (std::int64_t{1} << f.bits));
  return static_cast<double>(code);
}

}  // namespace

std::uint32_t code_count(FormatId id) noexcept {
  const Format& f = format(id);
  if (!is_element(f) || f.bits > 16) return 0;
  return 1u << f.bits;
}

std::optional<double> decode(FormatId id, std::uint32_t code) noexcept {
  const Format& f = format(id);
  if (!is_element(f) || code > low_bits(f.bits)) return std::nullopt;
  if (f.kind == FormatKind::integer) return decode_integer(f, code);
  return decode_float(f, code);
}

std::optional<std::uint32_t> encode(FormatId id, double value, Overflow overflow) noexcept {
  const Format& f = format(id);
  if (!is_element(f)) return std::nullopt;
  if (f.kind == FormatKind::integer) return encode_integer(f, value);
  return encode_float(f, value, overflow);
}

}  // namespace kvdtype
