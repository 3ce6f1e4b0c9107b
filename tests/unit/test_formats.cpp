// The format table and its lookups. Every expected number below is typed from the format's
// specification (OCP OFP8/MX, IEEE 754, ml_dtypes' documented limits, Triton's fp8e4b15 finding in
// docs/formats.md), never computed from the table, so a wrong parameter in a row fails here.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/format_names.hpp"
#include "kvdtype/format.hpp"

namespace kvdtype {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

TEST(FormatTable, OneRowPerIdInEnumOrderWithSourceAndDescription) {
  const auto rows = formats();
  ASSERT_EQ(rows.size(), kFormatCount);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Format& f = rows[i];
    SCOPED_TRACE(f.name);
    EXPECT_EQ(static_cast<std::size_t>(f.id), i);
    EXPECT_FALSE(f.name.empty());
    EXPECT_FALSE(f.description.empty());
    EXPECT_FALSE(f.source.empty());
    EXPECT_EQ(&format(f.id), &f);
    EXPECT_EQ(name(f.id), f.name);
  }
  EXPECT_EQ(format(FormatId::count_).id, FormatId::count_);  // a sentinel, not a real row
}

TEST(FormatTable, CanonicalNames) {
  const std::pair<FormatId, std::string_view> expected[] = {
      {FormatId::float32, "float32"},
      {FormatId::float16, "float16"},
      {FormatId::bfloat16, "bfloat16"},
      {FormatId::float8_e3m4, "float8_e3m4"},
      {FormatId::float8_e4m3, "float8_e4m3"},
      {FormatId::float8_e4m3fn, "float8_e4m3fn"},
      {FormatId::float8_e4m3fnuz, "float8_e4m3fnuz"},
      {FormatId::float8_e4m3b11fnuz, "float8_e4m3b11fnuz"},
      {FormatId::float8_e5m2, "float8_e5m2"},
      {FormatId::float8_e5m2fnuz, "float8_e5m2fnuz"},
      {FormatId::float8_e8m0fnu, "float8_e8m0fnu"},
      {FormatId::float6_e2m3fn, "float6_e2m3fn"},
      {FormatId::float6_e3m2fn, "float6_e3m2fn"},
      {FormatId::float4_e2m1fn, "float4_e2m1fn"},
      {FormatId::float8_e4m3b15, "float8_e4m3b15fn"},
      {FormatId::float4_e2m1fn_x2, "float4_e2m1fn_x2"},
      {FormatId::int8, "int8"},
      {FormatId::uint8, "uint8"},
      {FormatId::int4, "int4"},
      {FormatId::uint4, "uint4"},
      {FormatId::nvfp4, "nvfp4"},
      {FormatId::mxfp8_e4m3, "mxfp8_e4m3"},
      {FormatId::mxfp8_e5m2, "mxfp8_e5m2"},
      {FormatId::mxfp6_e2m3, "mxfp6_e2m3"},
      {FormatId::mxfp6_e3m2, "mxfp6_e3m2"},
      {FormatId::mxfp4, "mxfp4"},
      {FormatId::q8_0, "q8_0"},
      {FormatId::q4_0, "q4_0"},
      {FormatId::q4_1, "q4_1"},
      {FormatId::q5_0, "q5_0"},
      {FormatId::q5_1, "q5_1"},
      {FormatId::iq4_nl, "iq4_nl"},
  };
  ASSERT_EQ(std::size(expected), kFormatCount);
  for (const auto& [id, n] : expected) EXPECT_EQ(name(id), n);
}

// Known limits, typed from the specifications: IEEE 754 binary16/32, bfloat16, OCP OFP8 (448,
// 57344), the FNUZ paper (240, 57344 with bias 16), ml_dtypes' documented limits (e3m4 15.5,
// e4m3 240, b11fnuz 30, fp6 7.5/28, fp4 6, e8m0 2^127) and Triton's fp8e4b15 (0x7F = 1.875).
struct Limits {
  FormatId id;
  double max, min_normal, min_subnormal, epsilon;
};
constexpr Limits kLimits[] = {
    {FormatId::float32, 0x1.fffffep127, 0x1p-126, 0x1p-149, 0x1p-23},
    {FormatId::float16, 65504.0, 0x1p-14, 0x1p-24, 0x1p-10},
    {FormatId::bfloat16, 0x1.fep127, 0x1p-126, 0x1p-133, 0x1p-7},
    {FormatId::float8_e3m4, 15.5, 0.25, 0x1p-6, 0.0625},
    {FormatId::float8_e4m3, 240.0, 0x1p-6, 0x1p-9, 0.125},
    {FormatId::float8_e4m3fn, 448.0, 0x1p-6, 0x1p-9, 0.125},
    {FormatId::float8_e4m3fnuz, 240.0, 0x1p-7, 0x1p-10, 0.125},
    {FormatId::float8_e4m3b11fnuz, 30.0, 0x1p-10, 0x1p-13, 0.125},
    {FormatId::float8_e5m2, 57344.0, 0x1p-14, 0x1p-16, 0.25},
    {FormatId::float8_e5m2fnuz, 57344.0, 0x1p-15, 0x1p-17, 0.25},
    {FormatId::float8_e8m0fnu, 0x1p127, 0x1p-127, 0.0, 1.0},
    {FormatId::float6_e2m3fn, 7.5, 1.0, 0.125, 0.125},
    {FormatId::float6_e3m2fn, 28.0, 0.25, 0.0625, 0.25},
    {FormatId::float4_e2m1fn, 6.0, 1.0, 0.5, 0.5},
    {FormatId::float8_e4m3b15, 1.875, 0x1p-14, 0x1p-17, 0.125},
    {FormatId::float4_e2m1fn_x2, 6.0, 1.0, 0.5, 0.5},
};

TEST(FormatTable, DerivedLimitsMatchKnownConstants) {
  for (const Limits& l : kLimits) {
    const Format& f = format(l.id);
    SCOPED_TRACE(f.name);
    EXPECT_EQ(f.max_finite, l.max);
    EXPECT_EQ(f.min_normal, l.min_normal);
    EXPECT_EQ(f.min_subnormal, l.min_subnormal);
    EXPECT_EQ(f.epsilon, l.epsilon);
    if (f.is_signed) {
      EXPECT_EQ(f.min_finite, -l.max);
    }
  }
  // E8M0 is unsigned and has no zero: its lowest value is its smallest power of two.
  EXPECT_FALSE(format(FormatId::float8_e8m0fnu).is_signed);
  EXPECT_EQ(format(FormatId::float8_e8m0fnu).min_finite, 0x1p-127);
}

TEST(FormatTable, EveryFloatingRowHasKnownLimits) {
  std::set<FormatId> covered;
  for (const Limits& l : kLimits) covered.insert(l.id);
  for (const Format& f : formats())
    if (f.kind == FormatKind::floating || f.kind == FormatKind::packed) {
      EXPECT_TRUE(covered.count(f.id)) << f.name << " has no entry in kLimits";
    }
}

TEST(FormatTable, SpecialValueEncodings) {
  struct Special {
    FormatId id;
    InfEncoding inf;
    NanEncoding nan;
    bool negative_zero;
  };
  const Special expected[] = {
      {FormatId::float32, InfEncoding::ieee, NanEncoding::ieee, true},
      {FormatId::float16, InfEncoding::ieee, NanEncoding::ieee, true},
      {FormatId::bfloat16, InfEncoding::ieee, NanEncoding::ieee, true},
      {FormatId::float8_e3m4, InfEncoding::ieee, NanEncoding::ieee, true},
      {FormatId::float8_e4m3, InfEncoding::ieee, NanEncoding::ieee, true},
      {FormatId::float8_e4m3fn, InfEncoding::none, NanEncoding::all_ones, true},
      {FormatId::float8_e4m3fnuz, InfEncoding::none, NanEncoding::negative_zero, false},
      {FormatId::float8_e4m3b11fnuz, InfEncoding::none, NanEncoding::negative_zero, false},
      {FormatId::float8_e5m2, InfEncoding::ieee, NanEncoding::ieee, true},
      {FormatId::float8_e5m2fnuz, InfEncoding::none, NanEncoding::negative_zero, false},
      {FormatId::float8_e8m0fnu, InfEncoding::none, NanEncoding::all_ones_unsigned, false},
      {FormatId::float6_e2m3fn, InfEncoding::none, NanEncoding::none, true},
      {FormatId::float6_e3m2fn, InfEncoding::none, NanEncoding::none, true},
      {FormatId::float4_e2m1fn, InfEncoding::none, NanEncoding::none, true},
      {FormatId::float8_e4m3b15, InfEncoding::none, NanEncoding::none, true},
  };
  for (const Special& s : expected) {
    const Format& f = format(s.id);
    SCOPED_TRACE(f.name);
    EXPECT_EQ(f.inf, s.inf);
    EXPECT_EQ(f.nan, s.nan);
    EXPECT_EQ(f.has_negative_zero, s.negative_zero);
    EXPECT_EQ(f.kind, FormatKind::floating);
  }
}

TEST(FormatTable, Triton_fp8e4b15_IsNotMlDtypesB11) {
  const Format& b15 = format(FormatId::float8_e4m3b15);
  const Format& b11 = format(FormatId::float8_e4m3b11fnuz);
  EXPECT_EQ(b15.exponent_bias, 15);
  EXPECT_EQ(b11.exponent_bias, 11);
  EXPECT_NE(b15.name.find("b15"), std::string_view::npos);
  EXPECT_EQ(b15.names.triton, "fp8e4b15");
  EXPECT_TRUE(b11.names.triton.empty());
  EXPECT_EQ(b15.names.dlpack_code, -1);  // DLPack code 9 is b11fnuz, not this format
  EXPECT_EQ(b11.names.dlpack_code, 9);
}

TEST(FormatTable, IntegerRanges) {
  struct Range {
    FormatId id;
    unsigned bits;
    bool is_signed;
    double min, max;
  };
  const Range expected[] = {
      {FormatId::int8, 8, true, -128, 127},
      {FormatId::uint8, 8, false, 0, 255},
      {FormatId::int4, 4, true, -8, 7},
      {FormatId::uint4, 4, false, 0, 15},
  };
  for (const Range& r : expected) {
    const Format& f = format(r.id);
    SCOPED_TRACE(f.name);
    EXPECT_EQ(f.kind, FormatKind::integer);
    EXPECT_EQ(f.bits, r.bits);
    EXPECT_EQ(f.is_signed, r.is_signed);
    EXPECT_EQ(f.min_finite, r.min);
    EXPECT_EQ(f.max_finite, r.max);
    EXPECT_EQ(f.min_normal, 0.0);
    EXPECT_EQ(f.epsilon, 0.0);
  }
  EXPECT_NE(format(FormatId::uint8).description.find("container"), std::string_view::npos)
      << "uint8's description must say it is the byte container fp8 caches are stored in";
}

TEST(FormatTable, BlockAndPackedLayouts) {
  // bytes = block_size * bits / 8 + the scale (and GGML's min) stored in each block.
  struct Layout {
    FormatId id;
    FormatKind kind;
    unsigned bits, block;
    FormatId element, scale;
    unsigned bytes;
    int ggml_id;
  };
  constexpr FormatId none = FormatId::count_;
  const Layout expected[] = {
      {FormatId::float4_e2m1fn_x2, FormatKind::packed, 4, 2, FormatId::float4_e2m1fn, none, 2 * 4 / 8, -1},
      {FormatId::nvfp4, FormatKind::block, 4, 16, FormatId::float4_e2m1fn, FormatId::float8_e4m3fn, 16 * 4 / 8 + 1, 40},
      {FormatId::mxfp8_e4m3, FormatKind::block, 8, 32, FormatId::float8_e4m3fn, FormatId::float8_e8m0fnu, 32 + 1, -1},
      {FormatId::mxfp8_e5m2, FormatKind::block, 8, 32, FormatId::float8_e5m2, FormatId::float8_e8m0fnu, 32 + 1, -1},
      {FormatId::mxfp6_e2m3, FormatKind::block, 6, 32, FormatId::float6_e2m3fn, FormatId::float8_e8m0fnu, 32 * 6 / 8 + 1, -1},
      {FormatId::mxfp6_e3m2, FormatKind::block, 6, 32, FormatId::float6_e3m2fn, FormatId::float8_e8m0fnu, 32 * 6 / 8 + 1, -1},
      {FormatId::mxfp4, FormatKind::block, 4, 32, FormatId::float4_e2m1fn, FormatId::float8_e8m0fnu, 32 * 4 / 8 + 1, 39},
      {FormatId::q8_0, FormatKind::block, 8, 32, FormatId::int8, FormatId::float16, 32 + 2, 8},
      {FormatId::q4_0, FormatKind::block, 4, 32, FormatId::int4, FormatId::float16, 16 + 2, 2},
      {FormatId::q4_1, FormatKind::block, 4, 32, FormatId::uint4, FormatId::float16, 16 + 2 + 2, 3},
      {FormatId::q5_0, FormatKind::block, 5, 32, none, FormatId::float16, 20 + 2, 6},
      {FormatId::q5_1, FormatKind::block, 5, 32, none, FormatId::float16, 20 + 2 + 2, 7},
      {FormatId::iq4_nl, FormatKind::block, 4, 32, none, FormatId::float16, 16 + 2, 20},
  };
  for (const Layout& l : expected) {
    const Format& f = format(l.id);
    SCOPED_TRACE(f.name);
    EXPECT_EQ(f.kind, l.kind);
    EXPECT_EQ(f.bits, l.bits);
    EXPECT_EQ(f.block_size, l.block);
    EXPECT_EQ(f.element, l.element);
    EXPECT_EQ(f.scale, l.scale);
    EXPECT_EQ(f.bytes_per_block, l.bytes);
    EXPECT_EQ(f.names.ggml_id, l.ggml_id);
  }
  EXPECT_NE(format(FormatId::nvfp4).description.find("fp32"), std::string_view::npos)
      << "nvfp4 must mention its per-tensor fp32 scale";
}

// ---- names --------------------------------------------------------------------------------

TEST(FormatNames, NoSpellingNamesTwoFormats) {
  std::map<std::string, FormatId> seen;
  for (const detail::FormatSpelling& s : detail::format_spellings()) {
    const auto [it, inserted] = seen.emplace(lower(s.name), s.id);
    if (!inserted && it->second != s.id)
      ADD_FAILURE() << "'" << s.name << "' names both " << name(it->second) << " and " << name(s.id);
  }
  EXPECT_GT(seen.size(), 100u);
}

TEST(FormatNames, AliasesDoNotShadowCanonicalNames) {
  for (const detail::FormatSpelling& a : detail::format_aliases())
    for (const Format& f : formats())
      if (lower(f.name) == lower(a.name)) {
        EXPECT_EQ(f.id, a.id) << a.name;
      }
}

std::vector<std::string_view> names_of(const Format& f) {
  const FormatNames& n = f.names;
  std::vector<std::string_view> out{f.name, n.torch, n.cuda, n.hip, n.triton, n.onnx, n.safetensors, n.ggml, n.numpy};
  if (n.dlpack_code > 2) out.push_back(n.dlpack);  // kDLInt/kDLUInt/kDLFloat need bits
  std::erase(out, std::string_view{});
  return out;
}

TEST(FormatLookup, EveryNameOfEveryRowRoundTrips) {
  for (const Format& f : formats()) {
    for (std::string_view n : names_of(f)) {
      SCOPED_TRACE(std::string(f.name) + " via '" + std::string(n) + "'");
      const auto r = parse_format(n);
      ASSERT_TRUE(r.ok()) << r.error().message;
      EXPECT_EQ(*r, f.id);
      const auto u = parse_format(upper(n));
      ASSERT_TRUE(u.ok());
      EXPECT_EQ(*u, f.id);
    }
    if (!f.names.torch.empty()) {
      EXPECT_EQ(*parse_format("torch." + std::string(f.names.torch)), f.id);
    }
    if (!f.names.triton.empty()) {
      EXPECT_EQ(*parse_format("tl." + std::string(f.names.triton)), f.id);
    }
    if (!f.names.numpy.empty()) {
      EXPECT_EQ(*parse_format("np." + std::string(f.names.numpy)), f.id);
      EXPECT_EQ(*parse_format("ml_dtypes." + std::string(f.names.numpy)), f.id);
    }
  }
}

TEST(FormatLookup, ShortSpellingsAndPrefixes) {
  const std::pair<std::string_view, FormatId> cases[] = {
      {"bf16", FormatId::bfloat16},           {"BF16", FormatId::bfloat16},
      {"fp16", FormatId::float16},            {"half", FormatId::float16},
      {"torch.half", FormatId::float16},      {"float", FormatId::float32},
      {"fp32", FormatId::float32},            {"torch.float", FormatId::float32},
      {"f32", FormatId::float32},             {"np.float16", FormatId::float16},
      {"tl.float8e4nv", FormatId::float8_e4m3fn}, {"triton.language.float8e5", FormatId::float8_e5m2},
      {"tl.float8e4b8", FormatId::float8_e4m3fnuz}, {"float8e5b16", FormatId::float8_e5m2fnuz},
      {"fp8e4b15", FormatId::float8_e4m3b15}, {"tl.float8e4b15", FormatId::float8_e4m3b15},
      {"float8_e4m3b15", FormatId::float8_e4m3b15}, {"float8_e4m3b15fn", FormatId::float8_e4m3b15},
      {"fp8_e4m3fn", FormatId::float8_e4m3fn}, {"fp8_e5m2", FormatId::float8_e5m2},
      {"F8_E4M3", FormatId::float8_e4m3fn},   {"FLOAT8E4M3FNUZ", FormatId::float8_e4m3fnuz},
      {"__nv_fp8_e4m3", FormatId::float8_e4m3fn}, {"__hip_fp8_e4m3_fnuz", FormatId::float8_e4m3fnuz},
      {"kDLFloat8_e4m3fn", FormatId::float8_e4m3fn}, {"kdlbfloat", FormatId::bfloat16},
      {"u8", FormatId::uint8},                {"i8", FormatId::int8},
      {"q8_0", FormatId::q8_0},               {"Q4_0", FormatId::q4_0},
      {"torch.float4_e2m1fn_x2", FormatId::float4_e2m1fn_x2},
      {"dlpack:2:16", FormatId::float16},     {"dlpack:2:32", FormatId::float32},
      {"dlpack:kDLInt:8", FormatId::int8},    {"DLPACK:kDLUInt:4", FormatId::uint4},
      {"dlpack:10:8", FormatId::float8_e4m3fn}, {"dlpack:17:4:2", FormatId::float4_e2m1fn_x2},
      {"dlpack:17:4:1", FormatId::float4_e2m1fn}, {"dlpack:4:16", FormatId::bfloat16},
  };
  for (const auto& [text, id] : cases) {
    const auto r = parse_format(text);
    ASSERT_TRUE(r.ok()) << text << ": " << r.error().message;
    EXPECT_EQ(*r, id) << text;
  }
}

TEST(FormatLookup, UnknownNamesGiveNearestSuggestions) {
  const auto r = parse_format("float8_e4m3fm");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::unknown_name);
  EXPECT_EQ(r.error().message.rfind("unknown format 'float8_e4m3fm'; nearest: ", 0), 0u) << r.error().message;
  EXPECT_NE(r.error().message.find("float8_e4m3fn"), std::string::npos) << r.error().message;

  const auto b = parse_format("fp8e4b16");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("fp8e4b15"), std::string::npos) << b.error().message;

  EXPECT_NE(nearest_format_names("bfloat15").find("bfloat16"), std::string::npos);
  EXPECT_EQ(nearest_format_names("q4_00", 1), "q4_0");
}

TEST(FormatLookup, RejectsAmbiguousAndMalformedInput) {
  // Engines mean OCP E4M3 by these; ml_dtypes' float8_e4m3 is IEEE-style. The kv-cache tables
  // resolve them per engine, the format lookup does not guess.
  for (std::string_view s : {"fp8", "fp8_e4m3", "e4m3", "", "torch.", "dlpack:", "dlpack:2", "dlpack:2:64",
                             "dlpack:x:8", "dlpack:2:16:1:1", "dlpack:-1:8", "float8_e4m3fn ", "kDLInt"}) {
    const auto r = parse_format(s);
    EXPECT_FALSE(r.ok()) << "'" << s << "' should not name a format";
    if (!r.ok()) {
      EXPECT_EQ(r.error().code, ErrorCode::unknown_name);
    }
  }
  const auto ctl = parse_format("bad\x01name");
  ASSERT_FALSE(ctl.ok());
  EXPECT_NE(ctl.error().message.find("bad\\x01name"), std::string::npos) << ctl.error().message;
  EXPECT_FALSE(parse_format(std::string(200, 'f')).ok());
}

TEST(FormatLookup, HostileInputNeverCrashes) {
  std::mt19937 rng(20261129);
  std::uniform_int_distribution<int> byte(0, 255), length(0, 80);
  std::size_t accepted = 0;
  for (int i = 0; i < 50000; ++i) {
    std::string s(static_cast<std::size_t>(length(rng)), '\0');
    for (char& c : s) c = static_cast<char>(byte(rng));
    if (i % 3 == 0) s = "dlpack:" + s;
    if (detail::find_format(s)) {
      ++accepted;
      continue;
    }
    if (i % 25 != 0) continue;  // the error path (suggestions) is slower; sample it
    const auto r = parse_format(s);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::unknown_name);
    EXPECT_LT(r.error().message.size(), 1000u);
  }
  EXPECT_LT(accepted, 10u);
}

TEST(FormatLookup, ConcurrentLookupsAgree) {
  std::vector<std::thread> threads;
  std::vector<int> wrong(8, 0);
  for (std::size_t t = 0; t < wrong.size(); ++t)
    threads.emplace_back([&wrong, t] {
      for (int i = 0; i < 2000; ++i)
        for (const Format& f : formats())
          if (const auto r = parse_format(f.name); !r.ok() || *r != f.id) ++wrong[t];
    });
  for (auto& th : threads) th.join();
  for (int w : wrong) EXPECT_EQ(w, 0);
}

// ---- DLPack -------------------------------------------------------------------------------

TEST(FormatDlpack, KnownCodes) {
  struct Code {
    std::uint8_t code, bits;
    std::uint16_t lanes;
    FormatId id;
  };
  // dmlc/dlpack include/dlpack/dlpack.h (DLPack 1.1): kDLInt 0, kDLUInt 1, kDLFloat 2,
  // kDLBfloat 4, then 7..17 for the float8/float6/float4 types.
  const Code expected[] = {
      {0, 8, 1, FormatId::int8},          {1, 8, 1, FormatId::uint8},
      {0, 4, 1, FormatId::int4},          {1, 4, 1, FormatId::uint4},
      {2, 32, 1, FormatId::float32},      {2, 16, 1, FormatId::float16},
      {4, 16, 1, FormatId::bfloat16},     {7, 8, 1, FormatId::float8_e3m4},
      {8, 8, 1, FormatId::float8_e4m3},   {9, 8, 1, FormatId::float8_e4m3b11fnuz},
      {10, 8, 1, FormatId::float8_e4m3fn}, {11, 8, 1, FormatId::float8_e4m3fnuz},
      {12, 8, 1, FormatId::float8_e5m2},  {13, 8, 1, FormatId::float8_e5m2fnuz},
      {14, 8, 1, FormatId::float8_e8m0fnu}, {15, 6, 1, FormatId::float6_e2m3fn},
      {16, 6, 1, FormatId::float6_e3m2fn}, {17, 4, 1, FormatId::float4_e2m1fn},
      {17, 4, 2, FormatId::float4_e2m1fn_x2},
  };
  for (const Code& c : expected) {
    SCOPED_TRACE(name(c.id));
    EXPECT_EQ(format_from_dlpack(c.code, c.bits, c.lanes), c.id);
    const auto t = dlpack_type(c.id);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->code, c.code);
    EXPECT_EQ(t->bits, c.bits);
    EXPECT_EQ(t->lanes, c.lanes);
  }
  EXPECT_EQ(format_from_dlpack(2, 64), std::nullopt);   // float64: not a kvdtype format
  EXPECT_EQ(format_from_dlpack(10, 16), std::nullopt);  // wrong bits for a float8 code
  EXPECT_EQ(format_from_dlpack(10, 8, 4), std::nullopt);
  EXPECT_EQ(format_from_dlpack(17, 8, 1), std::nullopt);
  EXPECT_EQ(format_from_dlpack(5, 64), std::nullopt);   // complex
}

TEST(FormatDlpack, EveryExpressibleRowRoundTrips) {
  std::size_t expressible = 0;
  for (const Format& f : formats()) {
    const auto t = dlpack_type(f.id);
    if (!t) {
      EXPECT_EQ(f.names.dlpack_code, -1) << f.name;
      continue;
    }
    ++expressible;
    EXPECT_EQ(format_from_dlpack(t->code, t->bits, t->lanes), f.id) << f.name;
  }
  EXPECT_EQ(expressible, 19u);
  EXPECT_EQ(dlpack_type(FormatId::nvfp4), std::nullopt);
  EXPECT_EQ(dlpack_type(FormatId::float8_e4m3b15), std::nullopt);
}

}  // namespace
}  // namespace kvdtype
