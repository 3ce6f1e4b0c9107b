// The same input gives the same bytes: every subcommand, in every --format, run twice (and once
// more under a different locale, time zone and working directory) must print byte-identical
// stdout and stderr with the same exit status; and JSON never carries what changes between
// runs — addresses, times, dates, process ids, absolute paths of the build (docs/reliability.md).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"

namespace {

using kvdtype::test::run_cli;

std::string data(const std::string& rel) { return std::string(KVDTYPE_TEST_DATA_DIR) + "/" + rel; }
std::string example(const std::string& rel) {
  return (std::filesystem::path(KVDTYPE_TEST_DATA_DIR).parent_path().parent_path() / "examples" / "launch" / rel).string();
}

// Inputs covering every subcommand and every input path (flags, model config, launch command,
// command file, speculative drafter, bad input). `--format F` is appended (before any "--").
std::vector<std::vector<std::string>> inputs() {
  return {
      {"check", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "sparse-mla", "--kv-cache-dtype", "fp8",
       "--backend", "FLASHINFER_MLA_SPARSE_SM90", "--kv-dtype", "uint8"},
      {"check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4", "--head-size", "128",
       "--num-kv-heads", "8", "--num-heads", "32", "--num-layers", "32"},
      {"check", "--gpu", "MI300X", "--model-dtype", "bfloat16", "--attention", "mla", "--kv-cache-dtype", "fp8", "--backend",
       "ROCM_AITER_MLA", "--q-dtype", "bfloat16", "--data-parallel-size", "8"},
      {"resolve", "--gpu", "H200", "--model", data("models/deepseek-v3"), "--kv-cache-dtype", "fp8", "--tensor-parallel-size",
       "8", "--max-model-len", "131072"},
      {"check", "--gpu", "MI355X", "--model", data("models/qwen3-next-80b-a3b"), "--kv-cache-dtype", "fp8"},
      {"check", "--gpu", "B200", "--model", data("models/llama3.3-70b-nvfp4-modelopt"), "--weight-gib", "40"},
      {"check", "--engine", "sglang", "--gpu", "H100", "--attention", "mla", "--kv-cache-dtype", "fp8_e5m2", "--backend",
       "flashmla"},
      {"check", "--gpu", "H100", "--command-file", example("seed1_glm_flash_fp8_h100.sh")},
      {"check", "--gpu", "MI300X", "--verbose", "--command-file", example("seed3_aiter_mla_fp8_mi300x.sh")},
      {"check", "--gpu", "H200", "--", "vllm", "serve", "deepseek-ai/DeepSeek-V3", "--kv-cache-dtype", "fp8", "-tp", "8",
       "--speculative-config", R"({"method": "eagle3", "model": "d", "num_speculative_tokens": 3})", "--unknown-flag", "x"},
      {"check", "--gpu", "H1000"},  // bad input: the error line is deterministic too
      {"formats"},
      {"targets"},
      {"rules"},
      {"backends", "--engine", "vllm"},
      {"backends", "--engine", "sglang"},
      {"matrix", "--gpu", "H100"},
      {"explain", "KVD020"},
  };
}

std::vector<std::string> with_format(std::vector<std::string> args, const std::string& fmt) {
  const auto at = std::find(args.begin(), args.end(), std::string("--"));
  args.insert(args.insert(at, fmt), "--format");
  return args;
}

TEST(Determinism, SameInputSameBytesInEveryFormat) {
  for (const auto& base : inputs()) {
    for (const char* fmt : {"text", "json", "markdown"}) {
      const auto args = with_format(base, fmt);
      SCOPED_TRACE(testing::PrintToString(args));
      const auto a = run_cli(args, {}, {}, 60);
      const auto b = run_cli(args, {}, {}, 60);
      ASSERT_GE(a.exit_code, 0) << a.err;
      EXPECT_EQ(a.exit_code, b.exit_code);
      EXPECT_EQ(a.out, b.out);
      EXPECT_EQ(a.err, b.err);
      EXPECT_FALSE(a.out.empty() && a.err.empty());
    }
  }
}

TEST(Determinism, ColouredTextIsDeterministicToo) {
  const auto args = with_format(inputs()[0], "text");
  auto coloured = args;
  coloured.insert(coloured.end(), {"--color", "always"});
  const auto a = run_cli(coloured), b = run_cli(coloured);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("\x1b["), std::string::npos) << "--color always printed no colour";
}

// Locale, time zone and working directory are the environment's, not the input's.
TEST(Determinism, IndependentOfLocaleTimeZoneAndWorkingDirectory) {
  const std::vector<std::string> env = {"LC_ALL=de_DE.UTF-8", "LC_NUMERIC=de_DE.UTF-8", "LANG=tr_TR.UTF-8",
                                        "TZ=Pacific/Chatham", "PWD=/"};
  for (const auto& base : inputs()) {
    const auto args = with_format(base, "json");
    SCOPED_TRACE(testing::PrintToString(args));
    const auto a = run_cli(args, {}, {}, 60);
    const auto b = run_cli(args, {}, env, 60);
    EXPECT_EQ(a.exit_code, b.exit_code);
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(a.err, b.err);
  }
}

// Pattern scanners (std::regex trips g++ 12's -Wmaybe-uninitialized in the sanitizer builds).
bool hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// "0x" and at least 6 hex digits: a pointer printed with %p or std::hex.
bool has_address(const std::string& s) {
  for (std::size_t i = s.find("0x"); i != std::string::npos; i = s.find("0x", i + 1)) {
    std::size_t n = 0;
    while (i + 2 + n < s.size() && hex(s[i + 2 + n])) ++n;
    if (n >= 6) return true;
  }
  return false;
}

// H:MM:SS or HH:MM:SS, not inside a longer number.
bool has_time_of_day(const std::string& s) {
  for (std::size_t i = s.find(':'); i != std::string::npos; i = s.find(':', i + 1)) {
    if (i == 0 || !digit(s[i - 1]) || i + 5 >= s.size()) continue;
    if (digit(s[i + 1]) && digit(s[i + 2]) && s[i + 3] == ':' && digit(s[i + 4]) && digit(s[i + 5]) &&
        (i + 6 >= s.size() || !digit(s[i + 6])))
      return true;
  }
  return false;
}

// YYYY-MM-DDTHH:MM or YYYY-MM-DD HH:MM.
bool has_timestamp(const std::string& s) {
  for (std::size_t i = 0; i + 16 <= s.size(); ++i) {
    const char* p = s.data() + i;
    if (digit(p[0]) && digit(p[1]) && digit(p[2]) && digit(p[3]) && p[4] == '-' && digit(p[5]) && digit(p[6]) &&
        p[7] == '-' && digit(p[8]) && digit(p[9]) && (p[10] == 'T' || p[10] == ' ') && digit(p[11]) && digit(p[12]) &&
        p[13] == ':' && digit(p[14]) && digit(p[15]))
      return true;
  }
  return false;
}

TEST(Determinism, PatternScannersWork) {
  EXPECT_TRUE(has_address("at 0x7ffd1234abcd"));
  EXPECT_FALSE(has_address("\"dlpack_code\": 0x10"));
  EXPECT_TRUE(has_time_of_day("took 12:03:59 here"));
  EXPECT_FALSE(has_time_of_day("ratio 1:2 and 10:30"));
  EXPECT_TRUE(has_timestamp("2026-11-29T20:03"));
  EXPECT_FALSE(has_timestamp("read 2026-10 from main"));
}

// JSON carries facts of the input and the tables only.
TEST(Determinism, JsonHasNoAddressesTimesOrProcessState) {
  char today[16];
  const std::time_t now = std::time(nullptr);
  std::strftime(today, sizeof today, "%Y-%m-%d", std::gmtime(&now));
  const std::string pid = std::to_string(::getpid());
  const std::string build_dir = std::filesystem::path(KVDTYPE_CLI).parent_path().string();
  for (const auto& base : inputs()) {
    const auto args = with_format(base, "json");
    SCOPED_TRACE(testing::PrintToString(args));
    const auto r = run_cli(args, {}, {}, 60);
    if (r.exit_code == 2) continue;  // bad input prints no JSON
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_TRUE(j.contains("schema"));
    EXPECT_FALSE(has_address(r.out)) << "an address in the JSON";
    EXPECT_FALSE(has_time_of_day(r.out)) << "a time of day in the JSON";
    EXPECT_FALSE(has_timestamp(r.out)) << "a timestamp in the JSON";
    EXPECT_EQ(r.out.find(today), std::string::npos) << "today's date in the JSON";
    EXPECT_EQ(r.out.find(build_dir), std::string::npos) << "the build directory in the JSON";
  }
}

}  // namespace
