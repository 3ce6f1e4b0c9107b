// Cross-check of decode/encode against what ml_dtypes, PyTorch and Triton really produce.
// scripts/device/verify_formats.py writes the JSON lines on a GPU machine; the files are kept in
// tests/data/formats_reference/*.jsonl. Without them the test is skipped, never silently passed.
//
// Record kinds (one JSON object per line):
//   {"kind":"decode","lib":L,"format":F,"code":C,"value":V}
//   {"kind":"cast","lib":L,"format":F,"input_dtype":"float64|float32|bfloat16","input":V,"code":C}
//   {"kind":"cast_fp16_all","lib":L,"format":F,"codes":[...]}  codes[i]: the float16 with bits i
//   {"kind":"finfo","lib":L,"format":F,"max":V,"smallest_normal":V,"smallest_subnormal":V,"eps":V}
//   {"kind":"event","lib":L,"what":W,"ok":B,"detail":S}
// V is a C99 hex float ("0x1.8p+3"), "inf", "-inf" or "nan"; F is the library's own dtype name.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kvdtype/convert.hpp"
#include "kvdtype/format.hpp"

namespace kvdtype {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<fs::path> fixture_files() {
  std::vector<fs::path> files;
  const fs::path dir = fs::path(KVDTYPE_TEST_DATA_DIR) / "formats_reference";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".jsonl") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

double parse_value(const json& v) {
  const std::string s = v.get<std::string>();
  if (s == "nan" || s == "-nan") return std::nan("");
  if (s == "inf") return INFINITY;
  if (s == "-inf") return -INFINITY;
  return std::strtod(s.c_str(), nullptr);
}

bool same_value(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

#if defined(__FLT16_MAX__)
// Triton's NVIDIA fp8e4b15 encoder as docs/formats.md describes it, written independently of
// encode(): fp32 input is first cut to fp16 toward zero; |x| is clamped to fp16 0x3F00 (1.75) by
// min.f16x2, which also turns NaN and Inf into 1.75; adding 0x80 to the doubled fp16 bits rounds
// ties away from zero; the sign bit is ORed back.
std::uint16_t fp16_bits_toward_zero(float f) {
  const _Float16 h = static_cast<_Float16>(f);  // to nearest even
  auto bits = std::bit_cast<std::uint16_t>(h);
  if (!std::isnan(f) && std::fabs(static_cast<float>(h)) > std::fabs(f)) --bits;  // one step back
  return bits;
}

unsigned triton_fp8e4b15(double x, bool from_fp32) {
  const std::uint16_t h = from_fp32 ? fp16_bits_toward_zero(static_cast<float>(x))
                                    : std::bit_cast<std::uint16_t>(static_cast<_Float16>(x));
  std::uint32_t magnitude = h & 0x7FFFu;
  if (magnitude > 0x3F00u) magnitude = 0x3F00u;
  return ((h >> 8) & 0x80u) | ((magnitude * 2u + 0x80u) >> 8);
}
#endif

struct Tally {
  std::map<std::string, std::size_t> checked, skipped;
};

void check_decode(const json& r, FormatId id, Tally& t) {
  const auto code = r.at("code").get<std::uint32_t>();
  const double want = parse_value(r.at("value"));
  const auto got = decode(id, code);
  ASSERT_TRUE(got.has_value()) << r.dump();
  EXPECT_TRUE(same_value(*got, want)) << r.dump() << " -> ours " << *got;
  ++t.checked["decode " + r.at("lib").get<std::string>()];
}

std::string code_hex(std::uint32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%02x", c);
  return buf;
}

// One library cast of x (held exactly in `dtype`) that produced code `theirs`: an empty string
// when kvdtype's semantics agree (or the case is a known, counted library quirk), else why not.
std::string check_one_cast(const std::string& lib, FormatId id, const std::string& dtype, double x, std::uint32_t theirs,
                           Tally& t) {
  const auto mismatch = [&](std::uint32_t ours) { return "theirs " + code_hex(theirs) + ", kvdtype " + code_hex(ours); };

  if (lib == "ml_dtypes") {  // kvdtype's encode() follows ml_dtypes exactly, NaN codes included
    ++t.checked["cast ml_dtypes"];
    const std::uint32_t ours = *encode(id, x, Overflow::nonsaturating);
    if (ours == theirs) return {};
    // The records write a NaN input as "nan" without its sign (numpy's NaN on this machine had
    // the sign bit set); either sign's code is the faithful answer.
    if (std::isnan(x) && *encode(id, -x, Overflow::nonsaturating) == theirs) return {};
    return mismatch(ours) + (id == FormatId::float8_e8m0fnu
                                 ? " (E8M0: on an exact 1.5*2^k input this ml_dtypes rounds ties to the even "
                                   "exponent, not up; see docs/formats.md)"
                                 : "");
  }

  if (lib == "triton" && id == FormatId::float8_e4m3b15) {
#if defined(__FLT16_MAX__)
    ++t.checked["cast triton fp8e4b15"];
    if (std::isnan(x)) return (theirs & 0x7Fu) == 0x7Eu ? "" : mismatch(0x7E);  // PTX may drop a NaN's sign
    const unsigned want = triton_fp8e4b15(x, dtype == "float32");
    return theirs == want ? "" : mismatch(want) + " (Triton encoder model)";
#else
    ++t.skipped["cast triton fp8e4b15 (no _Float16)"];
    return {};
#endif
  }

  if (id == FormatId::float8_e8m0fnu && (std::signbit(x) || x == 0.0)) {
    // PyTorch's E8M0 cast reads only the exponent bits: it drops the sign and maps 0 to 0x00,
    // where kvdtype (like ml_dtypes) answers NaN. Counted, not compared.
    ++t.skipped["cast " + lib + " e8m0 non-positive"];
    return {};
  }
  // PyTorch casts are nonsaturating like ml_dtypes; Triton's native fp8 casts use cvt.satfinite.
  ++t.checked["cast " + lib];
  const Overflow mode = lib == "triton" ? Overflow::saturate : Overflow::nonsaturating;
  const std::uint32_t ours = *encode(id, x, mode);
  if (std::isnan(*decode(id, ours))) return std::isnan(*decode(id, theirs)) ? "" : mismatch(ours);
  return ours == theirs ? "" : mismatch(ours);
}

std::string hex_value(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}

void check_cast(const json& r, FormatId id, Tally& t) {
  const double x = parse_value(r.at("input"));
  const std::string why = check_one_cast(r.at("lib").get<std::string>(), id, r.at("input_dtype").get<std::string>(), x,
                                         r.at("code").get<std::uint32_t>(), t);
  EXPECT_TRUE(why.empty()) << r.dump() << ": " << why;
}

void check_cast_fp16_all(const json& r, FormatId id, Tally& t) {
  // The repository keeps these run-length encoded (scripts/device/compact_fixture.py).
  json codes = json::array();
  if (r.contains("codes_rle")) {
    for (const json& run : r.at("codes_rle"))
      for (std::uint32_t k = 0; k < run.at(1).get<std::uint32_t>(); ++k) codes.push_back(run.at(0));
  } else {
    codes = r.at("codes");
  }
  ASSERT_EQ(codes.size(), 65536u);
  const std::string lib = r.at("lib").get<std::string>();
  std::size_t mismatches = 0;
  for (std::uint32_t bits = 0; bits < 65536; ++bits) {
    const double x = *decode(FormatId::float16, bits);
    const std::string why = check_one_cast(lib, id, "float16", x, codes[bits].get<std::uint32_t>(), t);
    if (!why.empty() && ++mismatches <= 10)
      ADD_FAILURE() << lib << " float16 " << code_hex(bits) << " (" << hex_value(x) << ") -> " << r.at("format") << ": "
                    << why;
  }
  EXPECT_EQ(mismatches, 0u) << lib << " " << r.at("format") << ": mismatches over all float16 inputs";
}

void check_finfo(const json& r, FormatId id, Tally& t) {
  const Format& f = format(id);
  const std::string lib = r.at("lib").get<std::string>();
  EXPECT_EQ(f.max_finite, parse_value(r.at("max"))) << r.dump();
  EXPECT_EQ(f.min_normal, parse_value(r.at("smallest_normal"))) << r.dump();
  if (f.min_subnormal != 0.0 && r.contains("smallest_subnormal") && !r.at("smallest_subnormal").is_null()) {
    EXPECT_EQ(f.min_subnormal, parse_value(r.at("smallest_subnormal"))) << r.dump();
  }
  // torch.finfo(float8_e5m2fnuz).eps is 0.125 in PyTorch 2.11 although the format has 2 mantissa
  // bits (ml_dtypes says 0.25): a PyTorch quirk, not compared.
  if (!(lib != "ml_dtypes" && id == FormatId::float8_e5m2fnuz)) {
    EXPECT_EQ(f.epsilon, parse_value(r.at("eps"))) << r.dump();
  }
  ++t.checked["finfo " + lib];
}

TEST(FormatFixture, MatchesMlDtypesTorchAndTriton) {
  const auto files = fixture_files();
  if (files.empty())
    GTEST_SKIP() << "no tests/data/formats_reference/*.jsonl; run scripts/device/verify_formats.py on a GPU machine";

  Tally tally;
  std::size_t records = 0;
  for (const fs::path& file : files) {
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    std::string line;
    std::size_t line_no = 0;
    while (std::getline(in, line)) {
      ++line_no;
      if (line.empty()) continue;
      SCOPED_TRACE(file.filename().string() + ":" + std::to_string(line_no));
      const json r = json::parse(line);
      ++records;
      const std::string kind = r.at("kind").get<std::string>();
      if (kind == "event") {
        // Founding case 2: Triton's software fp8e4b15 path must refuse bf16 input.
        if (r.at("what") == "bf16_to_fp8e4b15") {
          EXPECT_FALSE(r.at("ok").get<bool>()) << r.dump();
        }
        ++tally.checked["event"];
        continue;
      }
      const auto id = parse_format(r.at("format").get<std::string>());
      ASSERT_TRUE(id.ok()) << r.dump() << ": " << id.error().message;
      if (kind == "decode_table") {  // values[code], as scripts/device/compact_fixture.py writes it
        const auto& values = r.at("values");
        for (std::size_t code = 0; code < values.size(); ++code)
          check_decode(json{{"lib", r.at("lib")}, {"format", r.at("format")}, {"code", code}, {"value", values[code]}}, *id, tally);
      } else if (kind == "cast_table") {
        const auto& inputs = r.at("inputs");
        const auto& codes = r.at("codes");
        ASSERT_EQ(inputs.size(), codes.size());
        for (std::size_t i = 0; i < inputs.size(); ++i)
          check_cast(json{{"lib", r.at("lib")}, {"format", r.at("format")}, {"input_dtype", r.at("input_dtype")},
                          {"input", inputs[i]}, {"code", codes[i]}},
                     *id, tally);
      } else if (kind == "decode") check_decode(r, *id, tally);
      else if (kind == "cast") check_cast(r, *id, tally);
      else if (kind == "cast_fp16_all") check_cast_fp16_all(r, *id, tally);
      else if (kind == "finfo") check_finfo(r, *id, tally);
      else ADD_FAILURE() << "unknown record kind: " << r.dump();
    }
  }
  EXPECT_GT(records, 0u);
  for (const auto& [what, n] : tally.checked) std::printf("[ fixture  ] checked %zu: %s\n", n, what.c_str());
  for (const auto& [what, n] : tally.skipped) std::printf("[ fixture  ] skipped %zu: %s\n", n, what.c_str());
}

}  // namespace
}  // namespace kvdtype
