// Regressions of issue 17 ("Reliability, second round"), each reproducer of the outside probe as
// the CLI sees it (docs/reliability.md, "Second round"). Every test runs the real binary; a crash
// shows as exit_code -1, a hang as timed_out.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kvdtype::test::CliResult;
using kvdtype::test::run_cli;
using nlohmann::json;

// A fresh directory per test (temp_dir.hpp).
class Dir : public kvdtype::test::TempDir {
 public:
  Dir() : TempDir("reliability") {}
};

// What a terminal would act on: C0 controls other than newline and tab, DEL, raw bytes that are
// not UTF-8 (0x80–0xFF alone), and C1 controls encoded as UTF-8 (C2 80 – C2 9F).
bool terminal_safe(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return false;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(s[i + 1]) <= 0x9f)
      return false;
  }
  // Valid UTF-8 (a lone 0x9B is an 8-bit CSI).
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

void expect_bad_input(const CliResult& r, const std::string& needle) {
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  EXPECT_TRUE(terminal_safe(r.err)) << r.err;
}

// 1. `-v --format json` with a launch word that is not UTF-8 aborted in the JSON writer.
TEST(Reliability, NonUtf8LaunchWordInJsonIsEscapedNotACrash) {
  const auto r = run_cli({"check", "--gpu", "H100", "-v", "--format", "json", "--", "vllm", "serve", "m", "--foo", "\xff"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_TRUE(j.contains("ignored_flags"));
  EXPECT_EQ(j["ignored_flags"][0], "--foo \\xFF");
  // The same through every format.
  for (const char* fmt : {"text", "markdown"}) {
    const auto t = run_cli({"check", "--gpu", "H100", "-v", "--format", fmt, "--", "vllm", "serve", "m", "--foo", "\xff\x9b"});
    EXPECT_EQ(t.exit_code, 0) << fmt << t.err;
    EXPECT_TRUE(terminal_safe(t.out)) << fmt;
  }
}

// 2. 40 000 nested `docker run i` recursed once per level and overflowed the stack.
TEST(Reliability, DeeplyNestedWrappersAreRefusedNotRecursed) {
  Dir d;
  std::string deep, nested;
  for (int i = 0; i < 40000; ++i) deep += "docker run i ";
  for (int i = 0; i < 5000; ++i) nested += "docker run i ";
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--command-file", d.write("d.sh", deep + "vllm serve m\n")}),
                   "words");
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--command-file", d.write("n.sh", nested + "vllm serve m\n")}),
                   "nested more than 16 deep");
  // Real nesting still works: the inner command runs, the outer vLLM image gives the version.
  const auto ok = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "docker", "run", "--gpus", "all",
                           "vllm/vllm-openai:v0.11.0", "docker", "run", "inner", "vllm", "serve", "m",
                           "--kv-cache-dtype", "fp8"});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(json::parse(ok.out)["request"]["engine_version"], "0.11.0");
}

// 3. An ignored launch word carrying escape sequences reached the terminal raw.
TEST(Reliability, TextOutputsEscapeControlBytes) {
  const std::string evil = "\x1b]0;pwned\x07\x1b[2J\x9b" "31m\xc2\x9b" "2J\xe2\x80\xae" "ACCEPTED";
  for (const char* fmt : {"text", "markdown"}) {
    for (const char* color : {"never", "always"}) {
      const auto r = run_cli({"check", "--gpu", "H100", "-v", "--format", fmt, "--color", color, "--", "vllm", "serve",
                              "m", "--foo", evil});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      std::string out = r.out;
      if (std::string(color) == "always") {
        // Our own colour sequences are the only ones allowed: remove them, then nothing remains.
        for (const char* sgr : {"\x1b[0m", "\x1b[1;31m", "\x1b[1;33m", "\x1b[1;32m", "\x1b[36m"}) {
          for (std::size_t p = out.find(sgr); p != std::string::npos; p = out.find(sgr)) out.erase(p, std::strlen(sgr));
        }
      }
      EXPECT_TRUE(terminal_safe(out)) << fmt << " " << color << ": " << out;
      if (std::string(fmt) == "text") {
        EXPECT_NE(out.find("\\x1B]0;pwned\\x07\\x1B[2J"), std::string::npos) << out;
      }
    }
  }
  // Error lines too: a C1 control and raw high bytes in a path.
  const auto e = run_cli({"check", "--gpu", "H100", "--model", "/nonexistent/\xc2\x9b\xff\xfe/config.json"});
  expect_bad_input(e, "no such file");
  EXPECT_NE(e.err.find("\\u{009B}\\xFF\\xFE"), std::string::npos) << e.err;
}

// 4. /proc/kmsg passed the regular-file check and blocked in read(); a FIFO blocked in open().
TEST(Reliability, FilesThatBlockAreRefusedByType) {
  Dir d;
  const std::string fifo = d.path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", fifo}, {}, {}, 20), "FIFO");
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--command-file", fifo}, {}, {}, 20), "FIFO");
  // Files a launch command names are read the same way (TensorRT-LLM's options file hung).
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--", "trtllm-serve", "m", "--extra_llm_api_options", fifo}, {}, {}, 20), "FIFO");
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", "/dev/zero"}, {}, {}, 20), "character device");
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--command-file", "/dev/zero"}, {}, {}, 20), "character device");
  // procfs reports size 0 for every file; /proc/kmsg blocks (when it can be opened at all).
  for (const char* proc : {"/proc/kmsg", "/proc/self/status", "/proc/self/mem"}) {
    const auto r = run_cli({"check", "--gpu", "H100", "--model", proc}, {}, {}, 20);
    EXPECT_FALSE(r.timed_out) << proc;
    EXPECT_EQ(r.exit_code, 2) << proc << r.err;
  }
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", "/proc/self/status"}), "kernel pseudo-file");
}

// 9. A symbolic link loop was reported as "no such file".
TEST(Reliability, SymlinkLoopIsNamed) {
  Dir d;
  fs::create_symlink(d.path("b"), d.path("a"));
  fs::create_symlink(d.path("a"), d.path("b"));
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", d.path("a")}), "symbolic link loop");
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--command-file", d.path("a")}), "symbolic link loop");
  fs::create_directories(d.path("m"));
  fs::create_symlink(d.path("m/config.json"), d.path("m/config.json.tmp"));
  fs::create_symlink(d.path("m/config.json.tmp"), d.path("m/config.json"));
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", d.path("m")}), "symbolic link loop");
}

// 7. Malformed values inside a checked config were dropped (exit 0) or a raw type_error.
TEST(Reliability, MalformedConfigValuesAreRuleErrors) {
  Dir d;
  struct Case {
    const char* config;
    const char* code;
    const char* key;
  };
  const Case cases[] = {
      {R"({"num_attention_heads": 32, "num_hidden_layers": -5, "hidden_size": 4096})", "KVD082", "num_hidden_layers"},
      {R"({"num_attention_heads": 32.5, "num_hidden_layers": 32, "hidden_size": 4096})", "KVD083", "num_attention_heads"},
      {R"({"num_attention_heads": 32, "num_hidden_layers": 1e30, "hidden_size": 4096})", "KVD084", "num_hidden_layers"},
      {R"({"num_attention_heads": 70000, "num_hidden_layers": 32, "hidden_size": 4096})", "KVD084", "num_attention_heads"},
      {R"({"num_attention_heads": 1, "num_hidden_layers": 32, "hidden_size": 4294967296})", "KVD084", "hidden_size"},
      {R"({"num_attention_heads": [32], "num_hidden_layers": 32, "hidden_size": 4096})", "KVD085", "num_attention_heads"},
      {R"({"num_attention_heads": 32, "num_hidden_layers": "32", "hidden_size": 4096})", "KVD085", "num_hidden_layers"},
      {R"({"model_type": 5, "num_attention_heads": 32, "num_hidden_layers": 32, "hidden_size": 4096})", "KVD085", "model_type"},
      {R"({"model_type": ["llama"], "num_attention_heads": 32, "num_hidden_layers": 32, "hidden_size": 4096})", "KVD085",
       "model_type"},
      {R"({"torch_dtype": {}, "num_attention_heads": 32, "num_hidden_layers": 32, "hidden_size": 4096})", "KVD085",
       "torch_dtype"},
      {R"({"num_attention_heads": 32, "num_hidden_layers": null, "hidden_size": 4096})", "KVD086", "num_hidden_layers"},
      {R"({"num_attention_heads": 32, "num_hidden_layers": 32, "hidden_size": 4096, "quantization_config": {"kv_cache_scheme": {"num_bits": 8, "type": 8}}})",
       "KVD085", "quantization_config.kv_cache_scheme.type"},
  };
  for (const Case& c : cases) {
    const std::string path = d.write("config.json", c.config);
    const auto r = run_cli({"check", "--gpu", "H100", "--model", path, "--format", "json"});
    EXPECT_EQ(r.exit_code, 1) << c.config << "\n" << r.err;
    if (r.exit_code != 1) continue;
    const json j = json::parse(r.out);
    bool found = false;
    for (const json& diag : j["diagnostics"])
      if (diag["code"] == c.code && diag["message"].get<std::string>().find(c.key) != std::string::npos) found = true;
    EXPECT_TRUE(found) << c.config << "\n" << r.out;
  }
  // A null where transformers derives a default stays unknown, not wrong.
  const auto ok = run_cli({"check", "--gpu", "H100", "--model",
                           d.write("config.json", R"({"num_attention_heads": 32, "num_key_value_heads": null, "head_dim": null, "num_hidden_layers": 32, "hidden_size": 4096})")});
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  // Unparseable files stay bad input (exit 2).
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", d.write("config.json", "{\"a\": ")}), "invalid JSON");
}

// 5. Memory: a config of 1.4 million empty objects, a launch command of 500 000 words.
TEST(Reliability, HugeStructuresAreRefusedByCount) {
  Dir d;
  std::string objects = "{\"a\": [";
  for (int i = 0; i < 1390000; ++i) objects += i ? ",{}" : "{}";
  objects += "]}";
  expect_bad_input(run_cli({"check", "--gpu", "H100", "--model", d.write("config.json", objects)}), "JSON values");
  std::string words = "vllm serve m";
  for (int i = 0; i < 500000; ++i) words += " a";
  expect_bad_input(run_cli({"check", "--gpu", "H100", "-v", "--command-file", d.write("c.sh", words)}),
                   "words");
}

// 8. `--gpu ""` (an unset shell variable) was "unknown" and ACCEPTED.
TEST(Reliability, EmptyFlagValuesAreBadInput) {
  for (const char* flag : {"--gpu", "--kv-cache-dtype", "--engine", "--model-dtype", "--backend", "--num-heads",
                           "--max-model-len", "--model", "--command-file", "--format", "--color"}) {
    expect_bad_input(run_cli({"check", flag, ""}), std::string(flag) + ": empty value");
    expect_bad_input(run_cli({"check", std::string(flag) + "="}), flag);  // CLI11: "--gpu: 1 required TEXT missing"
  }
  expect_bad_input(run_cli({"matrix", "--gpu", ""}), "--gpu: empty value");
  expect_bad_input(run_cli({"backends", "--engine", ""}), "--engine: empty value");
}

// 9. Numbers, subcommands, case.
TEST(Reliability, MaxModelLenSuffixesAreStrict) {
  for (const char* bad : {"1.2.3k", "..5k", ".5k", "5.k", "1..2k", "-1k"}) {
    // A value inside the launch command is the command's problem: an error diagnostic naming the
    // flag (exit 1, CONTRACT.md); the same value as kvdtype's own flag is bad input (exit 2).
    if (bad[0] == '-') {  // read as a flag: the launch command misses the value (bad command, exit 2)
      expect_bad_input(run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "m", "--max-model-len", bad}), "--max-model-len");
      continue;
    }
    const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "m", "--max-model-len", bad});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.out.find("--max-model-len"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("stod"), std::string::npos) << r.out;
    expect_bad_input(run_cli({"check", "--gpu", "H100", "--max-model-len", bad}), "max-model-len");
  }
  const auto ok = run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "m", "--max-model-len", "25.6k"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

TEST(Reliability, OtherSubcommandsRefuseALaunchCommand) {
  for (const char* sub : {"formats", "targets", "rules", "backends", "matrix", "probe"})
    expect_bad_input(run_cli({sub, "--", "vllm", "serve", "m"}), "takes no launch command");
  expect_bad_input(run_cli({"explain", "KVD001", "--", "vllm", "serve", "m"}), "takes no launch command");
}

TEST(Reliability, GpuAutoInAnyCase) {
  const auto lower = run_cli({"check", "--gpu", "auto", "--format", "json"});
  for (const char* spelling : {"Auto", "AUTO", "aUtO"}) {
    const auto r = run_cli({"check", "--gpu", spelling, "--format", "json"});
    EXPECT_EQ(r.exit_code, lower.exit_code) << spelling << r.err;
    EXPECT_EQ(r.out, lower.out) << spelling;
    EXPECT_EQ(r.err, lower.err) << spelling;
  }
}

}  // namespace
