// Library-level regressions of issue 17 (docs/reliability.md, "Second round"): the one escaping
// rule, JSON that never throws on bytes, bounded and non-blocking file reads, caps on every
// accumulating structure, and malformed config values as rule errors.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/text.hpp"
#include "common/json_text.hpp"
#include "sources/files/read_file.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/kvdtype.h"

namespace {

namespace fs = std::filesystem;
using kvdtype::detail::escape_text;
using kvdtype::detail::shorten_middle;

TEST(EscapeText, KeepsUtf8AndEscapesWhatATerminalActsOn) {
  EXPECT_EQ(escape_text("H100 → sm_90 — ok"), "H100 → sm_90 — ok");
  EXPECT_EQ(escape_text("a\x1b[2Jb"), "a\\x1B[2Jb");
  EXPECT_EQ(escape_text("bell\x07 del\x7f"), "bell\\x07 del\\x7F");
  EXPECT_EQ(escape_text("nl\nx"), "nl\\x0Ax");
  EXPECT_EQ(escape_text("nl\nx\ty", {.newlines = true}), "nl\nx\ty");
  EXPECT_EQ(escape_text("c1 \xc2\x9b" "2J"), "c1 \\u{009B}2J");              // C1 CSI as UTF-8
  EXPECT_EQ(escape_text("raw \x9b" "2J"), "raw \\x9B2J");                     // 8-bit CSI
  EXPECT_EQ(escape_text("bidi \xe2\x80\xae" "x"), "bidi \\u{202E}x");        // right-to-left override
  EXPECT_EQ(escape_text("\xff\xfe"), "\\xFF\\xFE");
  EXPECT_EQ(escape_text("\xc0\xaf"), "\\xC0\\xAF");                           // overlong '/'
  EXPECT_EQ(escape_text("\xed\xa0\x80"), "\\xED\\xA0\\x80");                  // a surrogate
  EXPECT_EQ(escape_text("\xe2\x82"), "\\xE2\\x82");                           // truncated sequence
  // Our own colours only when asked, and only the SGR form.
  EXPECT_EQ(escape_text("\x1b[1;31mX\x1b[0m", {.newlines = true, .sgr = true}), "\x1b[1;31mX\x1b[0m");
  EXPECT_EQ(escape_text("\x1b[2J", {.newlines = true, .sgr = true}), "\\x1B[2J");
  EXPECT_EQ(escape_text("\x1b]0;t\x07", {.newlines = true, .sgr = true}), "\\x1B]0;t\\x07");
  // Idempotent: escaping escaped text changes nothing.
  const std::string once = escape_text("\x1b\xff\xc2\x85");
  EXPECT_EQ(escape_text(once), once);
  EXPECT_TRUE(kvdtype::detail::is_clean_text(once));
  EXPECT_FALSE(kvdtype::detail::is_clean_text("\x1b"));
}

TEST(EscapeText, ShortenMiddleKeepsBothEnds) {
  const std::string path = "/very/" + std::string(600, 'x') + "/config.json: no such file";
  const std::string s = shorten_middle(path, 511);
  EXPECT_LE(s.size(), 511u);
  EXPECT_EQ(s.substr(0, 6), "/very/");
  EXPECT_NE(s.find("/config.json: no such file"), std::string::npos);
  EXPECT_NE(s.find("…"), std::string::npos);
  EXPECT_EQ(shorten_middle("short", 511), "short");
  // Never splits a UTF-8 sequence.
  std::string wide;
  for (int i = 0; i < 400; ++i) wide += "é";
  const std::string w = shorten_middle(wide, 101);
  EXPECT_EQ(escape_text(w), w);
}

TEST(JsonText, InvalidUtf8IsEscapedNeverThrown) {
  nlohmann::ordered_json j{{"ok", "é"}, {"bad", "--foo \xff"}, {"list", {"\xc3", "x"}}, {"k\xfe", 1}};
  std::string out;
  ASSERT_NO_THROW(out = kvdtype::io::dump_json(j));
  const auto back = nlohmann::json::parse(out);
  EXPECT_EQ(back["ok"], "é");
  EXPECT_EQ(back["bad"], "--foo \\xFF");
  EXPECT_EQ(back["list"][0], "\\xC3");
  EXPECT_TRUE(back.contains("k\\xFE"));
  // Valid documents are dumped exactly as nlohmann does.
  nlohmann::ordered_json clean{{"a", "\x1b"}, {"b", 2}};
  EXPECT_EQ(kvdtype::io::dump_json(clean), clean.dump(2));
}

TEST(ReadFile, OnlyRegularFilesNeverBlocking) {
  const fs::path dir = fs::temp_directory_path() / ("kvdtype-read-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  using kvdtype::io::detail::read_regular_file;
  std::ofstream(dir / "f") << "hello";
  auto ok = read_regular_file(dir / "f", 16, "a test file");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, "hello");
  auto big = read_regular_file(dir / "f", 4, "a test file");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("larger than 4 bytes"), std::string::npos);
  ASSERT_EQ(::mkfifo((dir / "p").c_str(), 0600), 0);
  auto fifo = read_regular_file(dir / "p", 16, "a test file");  // would block in open() without O_NONBLOCK
  ASSERT_FALSE(fifo.ok());
  EXPECT_NE(fifo.error().message.find("FIFO"), std::string::npos);
  EXPECT_NE(read_regular_file("/dev/null", 16, "x").error().message.find("character device"), std::string::npos);
  EXPECT_NE(read_regular_file(dir, 16, "x").error().message.find("directory"), std::string::npos);
  EXPECT_NE(read_regular_file("/proc/self/status", 1 << 20, "x").error().message.find("pseudo-file"), std::string::npos);
  fs::create_symlink(dir / "l2", dir / "l1");
  fs::create_symlink(dir / "l1", dir / "l2");
  EXPECT_NE(read_regular_file(dir / "l1", 16, "x").error().message.find("symbolic link loop"), std::string::npos);
  EXPECT_NE(read_regular_file(dir / "none", 16, "x").error().message.find("no such file"), std::string::npos);
  auto head = kvdtype::io::detail::read_file_head(dir / "f", 3);
  ASSERT_TRUE(head.ok());
  EXPECT_EQ(*head, "hel");
  fs::remove_all(dir);
}

TEST(LaunchLimits, NestedContainersAreWalkedWithoutRecursion) {
  // 16 levels: found; the innermost command runs.
  std::vector<std::string> w;
  for (int i = 0; i < 16; ++i) w.insert(w.end(), {"docker", "run", "img"});
  w.insert(w.end(), {"vllm", "serve", "m", "--kv-cache-dtype", "fp8"});
  auto ok = kvdtype::io::parse_launch_command(w);
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->input.kv_cache_dtype, "fp8");
  // 17: refused with a clear line; 5000: the same, no stack used per level.
  w.insert(w.begin(), {"docker", "run", "img"});
  EXPECT_NE(kvdtype::io::parse_launch_command(w).error().message.find("nested more than 16"), std::string::npos);
  std::vector<std::string> deep;
  for (int i = 0; i < 5000; ++i) deep.insert(deep.end(), {"docker", "run", "img"});
  deep.insert(deep.end(), {"vllm", "serve", "m"});
  EXPECT_FALSE(kvdtype::io::parse_launch_command(deep).ok());
  // A vLLM image whose command is not a serving command runs its own entrypoint.
  auto image = kvdtype::io::parse_launch_command(
      std::vector<std::string>{"docker", "run", "vllm/vllm-openai:v0.10.2", "docker", "run", "x", "--model", "m"});
  ASSERT_TRUE(image.ok()) << image.error().message;
  EXPECT_EQ(image->input.engine_version, "0.10.2");
}

TEST(LaunchLimits, WordCapsKeepMemoryBounded) {
  std::string text = "vllm serve m";
  for (int i = 0; i < 20000; ++i) text += " a";
  auto split = kvdtype::io::split_command(text);
  ASSERT_FALSE(split.ok());
  EXPECT_NE(split.error().message.find("words"), std::string::npos);
  std::vector<std::string> argv{"vllm", "serve", "m"};
  argv.resize(20000, "a");
  EXPECT_FALSE(kvdtype::io::parse_launch_command(argv).ok());
}

TEST(LaunchLimits, MaxModelLenSuffixes) {
  auto len = [](const char* v) {
    auto c = kvdtype::io::parse_launch_command(std::vector<std::string>{"vllm", "serve", "m", "--max-model-len", v});
    return c.ok() ? c->input.max_model_len : std::string("error");
  };
  EXPECT_EQ(len("32k"), "32000");
  EXPECT_EQ(len("32K"), "32768");
  EXPECT_EQ(len("25.6k"), "25600");
  EXPECT_EQ(len("1.2.3k"), "1.2.3k");  // verbatim: make_request refuses it as not a whole number
  EXPECT_EQ(len("..5k"), "..5k");
  EXPECT_EQ(len("1.5K"), "1.5K");
}

kvdtype::io::ModelConfig config(const std::string& text) {
  auto c = kvdtype::io::parse_model_config(text, "config.json");
  EXPECT_TRUE(c.ok()) << c.error().message;
  return c.ok() ? *c : kvdtype::io::ModelConfig{};
}

TEST(ConfigProblems, EachMalformedValueNamesItsKey) {
  const auto c = config(R"({"model_type": 3, "num_attention_heads": -1, "num_hidden_layers": 2.5,
                            "hidden_size": [1], "head_dim": 1e30})");
  std::vector<std::string> seen;
  for (const auto& p : c.problems) seen.push_back(std::string(p.code) + " " + std::string(p.key));
  EXPECT_EQ(seen, (std::vector<std::string>{"KVD085 model_type", "KVD082 num_attention_heads", "KVD083 num_hidden_layers",
                                            "KVD085 hidden_size"}));
  EXPECT_TRUE(c.input.num_heads.empty());
  EXPECT_TRUE(c.input.num_layers.empty());
  // A clean config has none; 64.0 is 64.
  const auto clean = config(R"({"num_attention_heads": 32.0, "num_hidden_layers": 32, "hidden_size": 4096})");
  EXPECT_TRUE(clean.problems.empty());
  EXPECT_EQ(clean.input.num_heads, "32");
}

TEST(ConfigProblems, BecomeErrorDiagnosticsFirst) {
  const auto c = config(R"({"num_attention_heads": 32, "num_hidden_layers": -5, "hidden_size": 4096})");
  kvdtype::RequestInput in = c.input;
  in.gpu = "H100";
  auto req = kvdtype::make_request(in);
  ASSERT_TRUE(req.ok());
  kvdtype::Report rep = kvdtype::check(*req);
  kvdtype::io::add_config_problems(rep, c.problems);
  EXPECT_EQ(rep.verdict(), kvdtype::Verdict::error);
  ASSERT_FALSE(rep.diagnostics.empty());
  EXPECT_EQ(rep.diagnostics[0].rule->code, "KVD082");
  EXPECT_NE(kvdtype::message(rep.diagnostics[0], rep).find("num_hidden_layers"), std::string::npos);
}

TEST(ConfigProblems, TooManyValuesIsBadInputNotMemory) {
  std::string text = "{\"a\": [";
  for (std::size_t i = 0; i <= kvdtype::io::kMaxConfigValues; ++i) text += i ? ",{}" : "{}";
  text += "]}";
  auto c = kvdtype::io::parse_model_config(text, "config.json");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message.find("JSON values"), std::string::npos);
}

TEST(EmptyValue, NamesTheFlag) {
  EXPECT_EQ(kvdtype::empty_value("gpu").message.substr(0, 20), "--gpu: empty value (");
  EXPECT_EQ(kvdtype::empty_value("--kv_cache_dtype").message.substr(0, 31), "--kv-cache-dtype: empty value (");
  EXPECT_EQ(kvdtype::empty_value("--model").code, kvdtype::ErrorCode::bad_value);
}

// kvd_last_error(): escaped, and the 511-byte cut keeps the problem at the end of the line.
TEST(CAbiErrors, LongPathsKeepTheProblem) {
  kvd_request* req = nullptr;
  ASSERT_EQ(kvd_request_new(&req), KVD_OK);
  const std::string path = "/nonexistent/" + std::string(900, 'd') + "/\xc2\x9b\xff/config.json";
  ASSERT_EQ(kvd_request_set(req, "model", path.c_str()), KVD_OK);
  ASSERT_EQ(kvd_request_set(req, "gpu", "H100"), KVD_OK);
  kvd_report* rep = nullptr;
  EXPECT_EQ(kvd_check(req, &rep), KVD_ERR_BAD_FILE);
  EXPECT_EQ(rep, nullptr);
  const std::string err = kvd_last_error();
  EXPECT_LE(err.size(), 511u);
  EXPECT_EQ(err.substr(0, 13), "/nonexistent/");
  EXPECT_NE(err.find("\\u{009B}\\xFF/config.json: no such file"), std::string::npos) << err;
  EXPECT_EQ(escape_text(err), err);
  kvd_request_free(req);
}

TEST(CAbiErrors, ConfigProblemsReachTheReport) {
  const fs::path dir = fs::temp_directory_path() / ("kvdtype-cabi-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "config.json") << R"({"num_attention_heads": 32, "num_hidden_layers": -5, "hidden_size": 4096})";
  kvd_request* req = nullptr;
  ASSERT_EQ(kvd_request_new(&req), KVD_OK);
  ASSERT_EQ(kvd_request_set(req, "model", dir.c_str()), KVD_OK);
  ASSERT_EQ(kvd_request_set(req, "gpu", "H100"), KVD_OK);
  kvd_report* rep = nullptr;
  ASSERT_EQ(kvd_check(req, &rep), KVD_OK);
  int fired = 0;
  ASSERT_EQ(kvd_report_fired(rep, "KVD082", &fired), KVD_OK);
  EXPECT_EQ(fired, 1);
  kvd_verdict v = KVD_VERDICT_OK;
  ASSERT_EQ(kvd_report_verdict(rep, &v), KVD_OK);
  EXPECT_EQ(v, KVD_VERDICT_ERROR);
  kvd_report_free(rep);
  kvd_request_free(req);
  fs::remove_all(dir);
}

}  // namespace
