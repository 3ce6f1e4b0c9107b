// Reference conversion, checked against definitions written out again here, independently of
// the table rows and of src/core/convert.cpp: each narrow format's parameters are typed below from its
// specification, values are computed with std::pow instead of the library's ldexp path, nearest
// codes are found by searching a sorted list of all values, and the 16/32-bit floats are compared
// with the compiler's own float, _Float16 and bit-level bfloat16 arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "kvdtype/convert.hpp"
#include "kvdtype/format.hpp"

namespace kvdtype {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---- the independent definitions ------------------------------------------------------------

enum class Style { ieee, fn, fnuz, finite, e8m0 };

struct Spec {
  FormatId id;
  int bits, e, m, bias;
  Style style;
};

// From OCP OFP8 1.0, OCP MX 1.0, arXiv 2206.02915, ml_dtypes' float8.h/mxfloat.h comments and
// Triton's fp8e4b15 conversion (docs/formats.md).
constexpr Spec kSpecs[] = {
    {FormatId::float8_e3m4, 8, 3, 4, 3, Style::ieee},
    {FormatId::float8_e4m3, 8, 4, 3, 7, Style::ieee},
    {FormatId::float8_e4m3fn, 8, 4, 3, 7, Style::fn},
    {FormatId::float8_e4m3fnuz, 8, 4, 3, 8, Style::fnuz},
    {FormatId::float8_e4m3b11fnuz, 8, 4, 3, 11, Style::fnuz},
    {FormatId::float8_e5m2, 8, 5, 2, 15, Style::ieee},
    {FormatId::float8_e5m2fnuz, 8, 5, 2, 16, Style::fnuz},
    {FormatId::float8_e8m0fnu, 8, 8, 0, 127, Style::e8m0},
    {FormatId::float6_e2m3fn, 6, 2, 3, 1, Style::finite},
    {FormatId::float6_e3m2fn, 6, 3, 2, 3, Style::finite},
    {FormatId::float4_e2m1fn, 4, 2, 1, 1, Style::finite},
    {FormatId::float8_e4m3b15, 8, 4, 3, 15, Style::finite},
};

double spec_value(const Spec& s, unsigned code) {
  if (s.style == Style::e8m0) return code == 0xFF ? kNaN : std::pow(2.0, static_cast<int>(code) - 127);
  const unsigned sign = code >> (s.bits - 1);
  const unsigned exp = (code >> s.m) & ((1u << s.e) - 1);
  const unsigned man = code & ((1u << s.m) - 1);
  const unsigned exp_all = (1u << s.e) - 1, man_all = (1u << s.m) - 1;
  if (s.style == Style::ieee && exp == exp_all) return man == 0 ? (sign ? -kInf : kInf) : kNaN;
  if (s.style == Style::fn && exp == exp_all && man == man_all) return kNaN;
  if (s.style == Style::fnuz && code == (1u << (s.bits - 1))) return kNaN;
  const double scale = std::pow(2.0, s.m);
  const double mag = exp == 0 ? (man / scale) * std::pow(2.0, 1 - s.bias)
                              : (1.0 + man / scale) * std::pow(2.0, static_cast<int>(exp) - s.bias);
  return sign ? -mag : mag;
}

bool same_value(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

std::string hex(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

// Every finite non-negative value of a format with its code, sorted by value (+0, not -0);
// negative inputs are the same search plus the sign bit.
struct Value {
  double v;
  unsigned code;
};
std::vector<Value> finite_values(const Spec& s) {
  std::vector<Value> out;
  for (unsigned c = 0; c < (1u << s.bits); ++c) {
    const double v = spec_value(s, c);
    if (std::isfinite(v) && !std::signbit(v)) out.push_back({v, c});
  }
  std::sort(out.begin(), out.end(), [](const Value& a, const Value& b) { return a.v < b.v; });
  return out;
}

// The code the reference semantics give for x, found by search: the nearest finite value, ties to
// the even code (for E8M0, which has no mantissa, ties to the larger value); beyond the top value
// rounding continues with the next virtual step, and a result past the top is an overflow.
unsigned expected_code(const Spec& s, const std::vector<Value>& values, double x, Overflow ov) {
  const bool neg = std::signbit(x);
  const unsigned sign = s.style == Style::e8m0 ? 0 : (neg ? 1u << (s.bits - 1) : 0u);
  const unsigned top = values.back().code;
  const double top_value = values.back().v;
  const bool saturate = ov == Overflow::saturate;
  const auto nan_code = [&](bool negative) -> unsigned {
    switch (s.style) {
      case Style::ieee: return (negative ? 1u << (s.bits - 1) : 0u) | (((1u << s.e) - 1) << s.m) | (1u << (s.m - 1));
      case Style::fn: return (negative ? 0x80u : 0u) | 0x7Fu;
      case Style::fnuz: return 0x80u;
      case Style::e8m0: return 0xFFu;
      case Style::finite: break;
    }
    if (s.id == FormatId::float8_e4m3b15) return (negative ? 0x80u : 0u) | 0x7Eu;  // Triton: ±1.75
    return negative ? 0u : 1u << (s.bits - 1);  // ml_dtypes MX: +NaN -> -0, -NaN -> +0
  };
  const auto overflow = [&]() -> unsigned {
    if (saturate) return sign | top;
    switch (s.style) {
      case Style::ieee: return sign | (((1u << s.e) - 1) << s.m);
      case Style::fn:
      case Style::fnuz:
      case Style::e8m0: return nan_code(neg);
      case Style::finite: break;
    }
    return sign | top;
  };
  if (std::isnan(x)) return nan_code(neg);
  if (s.style == Style::e8m0 && (x <= 0.0)) return saturate ? 0u : 0xFFu;
  const double a = std::fabs(x);
  if (std::isinf(a)) return overflow();

  if (a > top_value) {
    // the step above the top value is the spacing of its binade: 2^(top exponent - m)
    const double top_significand = 1.0 + (top & ((1u << s.m) - 1)) / std::pow(2.0, s.m);
    const double half = top_value / top_significand * std::pow(2.0, -s.m) / 2;
    const bool top_is_odd = (top & 1u) != 0;
    if (a > top_value + half || (a == top_value + half && (top_is_odd || s.style == Style::e8m0)))
      return overflow();
    return sign | top;
  }
  // nearest among the non-negative values
  auto it = std::lower_bound(values.begin(), values.end(), a, [](const Value& v, double y) { return v.v < y; });
  const Value* hi = &*it;  // a <= top_value, so it is valid
  const Value* lo = it == values.begin() ? hi : &*(it - 1);
  if (s.style == Style::e8m0 && a < values.front().v) return 0u;  // below 2^-127
  // ml_dtypes and PyTorch read the float32 pattern, where this binade is subnormal and anything
  // above 2^-127 rounds up (measured: tests/data/formats_reference).
  if (s.style == Style::e8m0 && a > 0x1p-127 && a < 0x1p-126) return 1u;
  unsigned code = 0;
  if (hi->v == a || hi == lo) {
    code = hi->code;
  } else {
    const double dlo = a - lo->v, dhi = hi->v - a;
    if (dlo < dhi) code = lo->code;
    else if (dhi < dlo) code = hi->code;
    else if (s.style == Style::e8m0) code = hi->code;
    else code = (lo->code & 1u) == 0 ? lo->code : hi->code;
  }
  if (s.style == Style::e8m0) return code;
  if (code == 0) return (s.style == Style::fnuz) ? 0u : sign;  // zero keeps the sign except fnuz
  return sign | code;
}

// ---- decode -------------------------------------------------------------------------------

TEST(ConvertDecode, EveryCodeOfEveryNarrowFloat) {
  for (const Spec& s : kSpecs) {
    SCOPED_TRACE(name(s.id));
    ASSERT_EQ(code_count(s.id), 1u << s.bits);
    for (unsigned c = 0; c < (1u << s.bits); ++c) {
      const auto got = decode(s.id, c);
      ASSERT_TRUE(got.has_value()) << c;
      const double want = spec_value(s, c);
      EXPECT_TRUE(same_value(*got, want)) << "code 0x" << std::hex << c << ": got " << hex(*got) << ", want " << hex(want);
    }
    EXPECT_EQ(decode(s.id, 1u << s.bits), std::nullopt);
  }
}

TEST(ConvertDecode, KnownConstants) {
  struct Known {
    FormatId id;
    unsigned code;
    double value;
  };
  const Known known[] = {
      {FormatId::float8_e4m3fn, 0x7E, 448.0},          {FormatId::float8_e4m3fn, 0xFE, -448.0},
      {FormatId::float8_e4m3fn, 0x01, 0x1p-9},         {FormatId::float8_e4m3fn, 0x38, 1.0},
      {FormatId::float8_e4m3fnuz, 0x7F, 240.0},        {FormatId::float8_e4m3fnuz, 0x40, 1.0},
      {FormatId::float8_e4m3fnuz, 0x38, 0.5},          {FormatId::float8_e4m3b11fnuz, 0x7F, 30.0},
      {FormatId::float8_e4m3b11fnuz, 0x01, 0x1p-13},   {FormatId::float8_e5m2, 0x7B, 57344.0},
      {FormatId::float8_e5m2, 0x7C, kInf},             {FormatId::float8_e5m2, 0xFC, -kInf},
      {FormatId::float8_e5m2fnuz, 0x7F, 57344.0},      {FormatId::float8_e5m2fnuz, 0x01, 0x1p-17},
      {FormatId::float8_e4m3, 0x77, 240.0},            {FormatId::float8_e4m3, 0x78, kInf},
      {FormatId::float8_e3m4, 0x6F, 15.5},             {FormatId::float8_e3m4, 0x70, kInf},
      {FormatId::float6_e2m3fn, 0x1F, 7.5},            {FormatId::float6_e2m3fn, 0x3F, -7.5},
      {FormatId::float6_e3m2fn, 0x1F, 28.0},           {FormatId::float4_e2m1fn, 0x7, 6.0},
      {FormatId::float4_e2m1fn, 0x1, 0.5},             {FormatId::float4_e2m1fn, 0xF, -6.0},
      {FormatId::float8_e4m3b15, 0x7F, 1.875},         {FormatId::float8_e4m3b15, 0x7E, 1.75},
      {FormatId::float8_e4m3b15, 0xFF, -1.875},        {FormatId::float8_e4m3b15, 0x78, 1.0},
      {FormatId::float8_e4m3b15, 0x01, 0x1p-17},       {FormatId::float8_e4m3b15, 0x08, 0x1p-14},
      {FormatId::float8_e8m0fnu, 0xFE, 0x1p127},       {FormatId::float8_e8m0fnu, 0x00, 0x1p-127},
      {FormatId::float8_e8m0fnu, 0x7F, 1.0},           {FormatId::float16, 0x7BFF, 65504.0},
      {FormatId::float16, 0x0001, 0x1p-24},            {FormatId::bfloat16, 0x7F7F, 0x1.fep127},
      {FormatId::float32, 0x7F7FFFFF, 0x1.fffffep127}, {FormatId::float32, 0x00000001, 0x1p-149},
  };
  for (const Known& k : known) {
    const auto v = decode(k.id, k.code);
    ASSERT_TRUE(v.has_value());
    EXPECT_TRUE(same_value(*v, k.value)) << name(k.id) << " 0x" << std::hex << k.code << " -> " << hex(*v);
  }
  const std::pair<FormatId, unsigned> nans[] = {
      {FormatId::float8_e4m3fn, 0x7F}, {FormatId::float8_e4m3fn, 0xFF},  {FormatId::float8_e4m3fnuz, 0x80},
      {FormatId::float8_e5m2fnuz, 0x80}, {FormatId::float8_e8m0fnu, 0xFF}, {FormatId::float8_e5m2, 0x7D},
      {FormatId::float16, 0x7E00},     {FormatId::bfloat16, 0xFFC1}};
  for (const auto& [id, code] : nans)
    EXPECT_TRUE(std::isnan(*decode(id, code))) << name(id) << " 0x" << std::hex << code;
  // Triton's fp8e4b15 has no NaN and keeps -0.
  EXPECT_TRUE(same_value(*decode(FormatId::float8_e4m3b15, 0x80), -0.0));
}

TEST(ConvertDecode, FnAndFnuzBytesAreNotInterchangeable) {
  // The same byte means half the value in fnuz (bias 8) as in OCP fn (bias 7); reading one as the
  // other silently halves or doubles the cache.
  for (unsigned c = 0; c < 256; ++c) {
    if (c == 0x7F || c == 0xFF || c == 0x80) continue;  // fn NaNs, fnuz NaN / fn -0
    EXPECT_EQ(*decode(FormatId::float8_e4m3fnuz, c) * 2.0, *decode(FormatId::float8_e4m3fn, c)) << c;
  }
  EXPECT_EQ(*encode(FormatId::float8_e4m3fn, 1.0), 0x38u);
  EXPECT_EQ(*encode(FormatId::float8_e4m3fnuz, 1.0), 0x40u);
}

TEST(ConvertDecode, EveryBfloat16AndFloat16Code) {
  ASSERT_EQ(code_count(FormatId::bfloat16), 65536u);
  ASSERT_EQ(code_count(FormatId::float16), 65536u);
  for (std::uint32_t c = 0; c < 65536; ++c) {
    const float bf = std::bit_cast<float>(c << 16);  // bfloat16 is the top half of a binary32
    ASSERT_TRUE(same_value(*decode(FormatId::bfloat16, c), bf)) << std::hex << c;
#if defined(__FLT16_MAX__)
    const auto h = std::bit_cast<_Float16>(static_cast<std::uint16_t>(c));
    ASSERT_TRUE(same_value(*decode(FormatId::float16, c), static_cast<double>(h))) << std::hex << c;
#else
    const double sign = (c & 0x8000) ? -1.0 : 1.0;
    const unsigned exp = (c >> 10) & 0x1F, man = c & 0x3FF;
    const double want = exp == 31 ? (man ? kNaN : sign * kInf)
                        : exp == 0 ? sign * man * std::pow(2.0, -24)
                                   : sign * (1024 + man) * std::pow(2.0, static_cast<int>(exp) - 25);
    ASSERT_TRUE(same_value(*decode(FormatId::float16, c), want)) << std::hex << c;
#endif
  }
  EXPECT_EQ(decode(FormatId::float16, 65536), std::nullopt);
}

TEST(ConvertDecode, Float32BitPatterns) {
  EXPECT_EQ(code_count(FormatId::float32), 0u);  // more codes than a uint32 count can hold
  std::uint32_t state = 12345;
  for (int i = 0; i < 200000; ++i) {
    state = state * 1664525u + 1013904223u;
    const float f = std::bit_cast<float>(state);
    ASSERT_TRUE(same_value(*decode(FormatId::float32, state), f)) << std::hex << state;
  }
  EXPECT_TRUE(std::isinf(*decode(FormatId::float32, 0xFF800000u)));
}

TEST(ConvertDecode, Integers) {
  for (unsigned c = 0; c < 256; ++c) {
    EXPECT_EQ(*decode(FormatId::int8, c), static_cast<double>(static_cast<std::int8_t>(c)));
    EXPECT_EQ(*decode(FormatId::uint8, c), static_cast<double>(c));
  }
  for (unsigned c = 0; c < 16; ++c) {
    EXPECT_EQ(*decode(FormatId::int4, c), c < 8 ? static_cast<double>(c) : static_cast<double>(c) - 16.0);
    EXPECT_EQ(*decode(FormatId::uint4, c), static_cast<double>(c));
  }
  EXPECT_EQ(decode(FormatId::int4, 16), std::nullopt);
  EXPECT_EQ(code_count(FormatId::int4), 16u);
}

TEST(ConvertDecode, PackedAndBlockFormatsHaveNoScalarCodec) {
  for (FormatId id : {FormatId::float4_e2m1fn_x2, FormatId::nvfp4, FormatId::mxfp4, FormatId::q8_0}) {
    EXPECT_EQ(code_count(id), 0u) << name(id);
    EXPECT_EQ(decode(id, 0), std::nullopt) << name(id);
    EXPECT_EQ(encode(id, 1.0), std::nullopt) << name(id);
  }
  EXPECT_EQ(decode(FormatId::count_, 0), std::nullopt);
  EXPECT_EQ(encode(FormatId::count_, 0.0), std::nullopt);
}

// ---- encode -------------------------------------------------------------------------------

TEST(ConvertEncode, EveryNonNaNCodeRoundTrips) {
  for (FormatId id : {FormatId::float8_e3m4, FormatId::float8_e4m3, FormatId::float8_e4m3fn,
                      FormatId::float8_e4m3fnuz, FormatId::float8_e4m3b11fnuz, FormatId::float8_e5m2,
                      FormatId::float8_e5m2fnuz, FormatId::float8_e8m0fnu, FormatId::float6_e2m3fn,
                      FormatId::float6_e3m2fn, FormatId::float4_e2m1fn, FormatId::float8_e4m3b15,
                      FormatId::float16, FormatId::bfloat16, FormatId::int8, FormatId::uint8,
                      FormatId::int4, FormatId::uint4}) {
    SCOPED_TRACE(name(id));
    for (std::uint32_t c = 0; c < code_count(id); ++c) {
      const double v = *decode(id, c);
      if (std::isnan(v)) continue;
      ASSERT_EQ(encode(id, v, Overflow::nonsaturating), c) << "code 0x" << std::hex << c << " value " << hex(v);
      if (std::isfinite(v)) {
        ASSERT_EQ(encode(id, v, Overflow::saturate), c) << std::hex << c;
      }
    }
  }
}

TEST(ConvertEncode, NaNGivesTheFormatsNaNCode) {
  struct NanCase {
    FormatId id;
    unsigned positive, negative;
  };
  const NanCase cases[] = {
      {FormatId::float8_e4m3fn, 0x7F, 0xFF},        {FormatId::float8_e4m3fnuz, 0x80, 0x80},
      {FormatId::float8_e4m3b11fnuz, 0x80, 0x80},   {FormatId::float8_e5m2, 0x7E, 0xFE},
      {FormatId::float8_e5m2fnuz, 0x80, 0x80},      {FormatId::float8_e4m3, 0x7C, 0xFC},
      {FormatId::float8_e3m4, 0x78, 0xF8},          {FormatId::float8_e8m0fnu, 0xFF, 0xFF},
      {FormatId::float16, 0x7E00, 0xFE00},          {FormatId::bfloat16, 0x7FC0, 0xFFC0},
      {FormatId::float32, 0x7FC00000, 0xFFC00000},  {FormatId::float4_e2m1fn, 0x8, 0x0},
      {FormatId::float6_e2m3fn, 0x20, 0x00},        {FormatId::float6_e3m2fn, 0x20, 0x00},
      {FormatId::float8_e4m3b15, 0x7E, 0xFE},       {FormatId::int8, 0, 0},
  };
  for (const NanCase& c : cases) {
    for (Overflow ov : {Overflow::nonsaturating, Overflow::saturate}) {
      EXPECT_EQ(encode(c.id, kNaN, ov), c.positive) << name(c.id);
      EXPECT_EQ(encode(c.id, -kNaN, ov), c.negative) << name(c.id);
    }
  }
}

std::vector<double> sweep_points(const std::vector<Value>& values) {
  std::vector<double> xs;
  const double top = values.back().v;
  for (std::size_t i = 0; i + 1 < values.size(); ++i) {
    const double a = values[i].v, b = values[i + 1].v;
    const double mid = a + (b - a) / 2;
    for (double x : {a, mid, std::nextafter(mid, -kInf), std::nextafter(mid, kInf),
                     static_cast<double>(std::nextafter(static_cast<float>(mid), -INFINITY)),
                     static_cast<double>(std::nextafter(static_cast<float>(mid), INFINITY))})
      xs.push_back(x);
    for (int k = 1; k < 16; ++k) xs.push_back(a + (b - a) * k / 16);
  }
  const double smallest = values[0].v == 0 ? values[1].v : values[0].v;
  for (double x : {top, top * 1.03125, top * 1.0625, top * 1.09375, top * 1.125, top * 1.5, top * 2, 1e30, 1e300,
                   smallest / 2, smallest / 4, smallest / 2 * (1 + 1e-9), smallest / 2 * (1 - 1e-9), 1e-30, 1e-300,
                   0.0, kInf})
    xs.push_back(x);
  const std::size_t n = xs.size();
  for (std::size_t i = 0; i < n; ++i) xs.push_back(-xs[i]);
  return xs;
}

TEST(ConvertEncode, DenseSweepMatchesNearestSearch) {
  std::size_t checked = 0;
  for (const Spec& s : kSpecs) {
    SCOPED_TRACE(name(s.id));
    const auto values = finite_values(s);
    std::vector<double> xs = sweep_points(values);
    // every binary16 and bfloat16 value too: a dense, format-independent grid
    for (std::uint32_t c = 0; c < 65536; ++c) {
      xs.push_back(static_cast<double>(std::bit_cast<float>(c << 16)));
#if defined(__FLT16_MAX__)
      xs.push_back(static_cast<double>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(c))));
#endif
    }
    for (double x : xs) {
      if (std::isnan(x)) continue;
      for (Overflow ov : {Overflow::nonsaturating, Overflow::saturate}) {
        const unsigned want = expected_code(s, values, x, ov);
        const auto got = encode(s.id, x, ov);
        ASSERT_TRUE(got.has_value());
        ASSERT_EQ(*got, want) << "x = " << hex(x) << (ov == Overflow::saturate ? " saturate" : " nonsaturating")
                              << ": got 0x" << std::hex << *got << ", want 0x" << want;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 2'000'000u);
}

TEST(ConvertEncode, DocumentedEdgeCases) {
  struct Case {
    FormatId id;
    double x;
    unsigned nonsaturating, saturate;
  };
  const Case cases[] = {
      // OCP E4M3: 464 is the tie between 448 (mantissa 110, even) and the NaN slot above.
      {FormatId::float8_e4m3fn, 464.0, 0x7E, 0x7E},
      {FormatId::float8_e4m3fn, 464.00000001, 0x7F, 0x7E},
      {FormatId::float8_e4m3fn, 480.0, 0x7F, 0x7E},
      {FormatId::float8_e4m3fn, -1e9, 0xFF, 0xFE},
      {FormatId::float8_e4m3fn, kInf, 0x7F, 0x7E},
      {FormatId::float8_e4m3fn, -0.0, 0x80, 0x80},
      {FormatId::float8_e4m3fn, 0x1p-10, 0x00, 0x00},        // tie with 0: even
      {FormatId::float8_e4m3fn, 0x1.8p-9, 0x02, 0x02},       // tie 1.5 ulp: to 2 (even)
      {FormatId::float8_e4m3fn, -0x1p-11, 0x80, 0x80},       // underflow keeps the sign
      // FNUZ: 248 ties 240 (odd) with 256 (past the top): overflow, NaN at 0x80; no -0.
      {FormatId::float8_e4m3fnuz, 248.0, 0x80, 0x7F},
      {FormatId::float8_e4m3fnuz, 247.99, 0x7F, 0x7F},
      {FormatId::float8_e4m3fnuz, -0.0, 0x00, 0x00},
      {FormatId::float8_e4m3fnuz, -0x1p-12, 0x00, 0x00},
      {FormatId::float8_e4m3fnuz, -kInf, 0x80, 0xFF},
      // IEEE-style E5M2: overflow to Inf from the half-step above 57344.
      {FormatId::float8_e5m2, 61440.0, 0x7C, 0x7B},
      {FormatId::float8_e5m2, 61439.99, 0x7B, 0x7B},
      {FormatId::float8_e5m2, -kInf, 0xFC, 0xFB},
      {FormatId::float8_e4m3, 248.0, 0x78, 0x77},
      {FormatId::float8_e3m4, 15.75, 0x70, 0x6F},
      // E8M0: powers of two; 1.5*2^e rounds up (ml_dtypes HEAD, PyTorch); no zero, no sign.
      {FormatId::float8_e8m0fnu, 1.0, 0x7F, 0x7F},
      {FormatId::float8_e8m0fnu, 1.5, 0x80, 0x80},
      {FormatId::float8_e8m0fnu, 1.4999999, 0x7F, 0x7F},
      {FormatId::float8_e8m0fnu, 3.0, 0x81, 0x81},
      {FormatId::float8_e8m0fnu, 1e9, 127 + 30, 127 + 30},
      {FormatId::float8_e8m0fnu, 0x1p-130, 0x00, 0x00},
      {FormatId::float8_e8m0fnu, 0x1.8p127, 0xFF, 0xFE},
      {FormatId::float8_e8m0fnu, 0.0, 0xFF, 0x00},
      {FormatId::float8_e8m0fnu, -1.0, 0xFF, 0x00},
      {FormatId::float8_e8m0fnu, kInf, 0xFF, 0xFE},
      // MX FP4/FP6: no Inf, no NaN: both modes saturate.
      {FormatId::float4_e2m1fn, 7.0, 0x7, 0x7},
      {FormatId::float4_e2m1fn, kInf, 0x7, 0x7},
      {FormatId::float4_e2m1fn, -kInf, 0xF, 0xF},
      {FormatId::float4_e2m1fn, 5.0, 0x6, 0x6},   // tie 4 / 6: even
      {FormatId::float4_e2m1fn, 0.25, 0x0, 0x0},  // tie 0 / 0.5: even
      {FormatId::float4_e2m1fn, -0.25, 0x8, 0x8},
      {FormatId::float6_e2m3fn, 100.0, 0x1F, 0x1F},
      {FormatId::float6_e3m2fn, -100.0, 0x3F, 0x3F},
      // Triton's fp8e4b15, reference semantics (Triton's own encoder saturates at 1.75 instead).
      {FormatId::float8_e4m3b15, 1.8125, 0x7E, 0x7E},
      {FormatId::float8_e4m3b15, 1.85, 0x7F, 0x7F},
      {FormatId::float8_e4m3b15, 2.0, 0x7F, 0x7F},
      {FormatId::float8_e4m3b15, kInf, 0x7F, 0x7F},
      {FormatId::float8_e4m3b15, 0x1p-18, 0x00, 0x00},
      {FormatId::float8_e4m3b15, 0x1.8p-17, 0x02, 0x02},
      // 16/32-bit floats
      {FormatId::float16, 65520.0, 0x7C00, 0x7BFF},
      {FormatId::float16, 65519.99, 0x7BFF, 0x7BFF},
      {FormatId::float16, 0x1p-25, 0x0000, 0x0000},
      {FormatId::bfloat16, 1e39, 0x7F80, 0x7F7F},
      {FormatId::float32, 1e39, 0x7F800000, 0x7F7FFFFF},
      {FormatId::float32, -kInf, 0xFF800000, 0xFF7FFFFF},
      // integers: ties to even, clamp, NaN -> 0, two's complement codes
      {FormatId::int8, 2.5, 2, 2},
      {FormatId::int8, -2.5, 0xFE, 0xFE},
      {FormatId::int8, -3.5, 0xFC, 0xFC},
      {FormatId::int8, 127.5, 0x7F, 0x7F},
      {FormatId::int8, -1e9, 0x80, 0x80},
      {FormatId::int8, kInf, 0x7F, 0x7F},
      {FormatId::uint8, 255.4, 0xFF, 0xFF},
      {FormatId::uint8, -3.0, 0x00, 0x00},
      {FormatId::int4, -8.4, 0x8, 0x8},
      {FormatId::int4, 7.6, 0x7, 0x7},
      {FormatId::int4, -0.4, 0x0, 0x0},
      {FormatId::uint4, 15.5, 0xF, 0xF},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(encode(c.id, c.x, Overflow::nonsaturating), c.nonsaturating)
        << name(c.id) << " " << hex(c.x) << " nonsaturating";
    EXPECT_EQ(encode(c.id, c.x, Overflow::saturate), c.saturate) << name(c.id) << " " << hex(c.x) << " saturate";
  }
}

TEST(ConvertEncode, Bfloat16MatchesBitLevelRounding) {
  // Round-to-nearest-even of a binary32 to its top half, the classic integer formulation.
  const auto bf16_rne = [](float f) -> std::uint32_t {
    const std::uint32_t b = std::bit_cast<std::uint32_t>(f);
    return (b + 0x7FFFu + ((b >> 16) & 1u)) >> 16;
  };
  std::size_t checked = 0;
  for (std::uint32_t hi = 0; hi < 65536; ++hi) {
    for (std::uint32_t lo : {0u, 1u, 0x7FFFu, 0x8000u, 0x8001u, 0xC000u, 0xFFFFu}) {
      const float f = std::bit_cast<float>((hi << 16) | lo);
      if (std::isnan(f)) continue;
      ASSERT_EQ(encode(FormatId::bfloat16, f), bf16_rne(f)) << hex(f);
      ++checked;
    }
  }
  EXPECT_GT(checked, 400'000u);
}

#if defined(__FLT16_MAX__)
TEST(ConvertEncode, Float16MatchesCompilerConversion) {
  std::size_t checked = 0;
  std::uint32_t state = 7;
  for (std::uint32_t c = 0; c < 65536; ++c) {
    const float v = static_cast<float>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(c)));
    if (std::isnan(v)) continue;
    std::vector<float> xs{v, std::nextafter(v, INFINITY), std::nextafter(v, -INFINITY)};
    // the float32 midpoint to the next binary16 and its neighbours
    const float next = static_cast<float>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(c + 1)));
    if (c + 1 < 65536 && std::isfinite(next) && std::isfinite(v) && (c & 0x7FFF) != 0x7BFF) {
      const float mid = v + (next - v) / 2;
      xs.insert(xs.end(), {mid, std::nextafter(mid, INFINITY), std::nextafter(mid, -INFINITY)});
    }
    state = state * 1664525u + 1013904223u;
    xs.push_back(std::bit_cast<float>(state));
    for (float x : xs) {
      if (std::isnan(x)) continue;
      const auto want = std::bit_cast<std::uint16_t>(static_cast<_Float16>(x));
      ASSERT_EQ(encode(FormatId::float16, x), want) << hex(x);
      ++checked;
    }
  }
  EXPECT_GT(checked, 300'000u);
}
#endif

TEST(ConvertEncode, Float32MatchesHardwareNarrowing) {
  std::uint64_t state = 99;
  for (int i = 0; i < 300000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    double x = std::bit_cast<double>(state);
    if (std::isnan(x)) continue;
    // keep most samples near binary32's range, subnormals included
    int unused = 0;
    if (i % 4 != 0) x = std::ldexp(std::frexp(x, &unused), static_cast<int>((state >> 40) % 37) * 8 - 160);
    const auto want = std::bit_cast<std::uint32_t>(static_cast<float>(x));
    ASSERT_EQ(encode(FormatId::float32, x), want) << hex(x);
  }
}

}  // namespace
}  // namespace kvdtype
