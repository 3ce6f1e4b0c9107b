// What `kvdtype check` must never do with what it is given (docs/reliability.md, "Security"):
//   - run or expand a launch command: `$(…)`, backticks, `;`, `&&`, pipes, redirections, globs,
//     `~` and `$VAR` stay literal text, and nothing is created, deleted or read because of them;
//   - read without bound: a 100 MB (sparse) config or command file, /dev/zero, a file of a
//     million '[' are refused quickly by size or depth, never loaded, never a crash;
//   - let its own environment decide: VLLM_ATTENTION_BACKEND & co. in the environment of the
//     kvdtype process change nothing; only a launch command's own NAME=value does.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"

namespace {

namespace fs = std::filesystem;
using kvdtype::test::run_cli;
using nlohmann::json;

// A fresh directory per test holding one sentinel file; a command that ran would change it.
class Scratch {
 public:
  Scratch() {
    dir_ = fs::temp_directory_path() / ("kvdtype-security-" + std::to_string(::getpid()) + "-" + std::to_string(next_++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(dir_ / "sentinel") << "must survive\n";
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  [[nodiscard]] const fs::path& dir() const { return dir_; }
  [[nodiscard]] std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // Everything in the directory (recursively), relative names, sorted.
  [[nodiscard]] std::vector<std::string> contents() const {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir_)) out.push_back(fs::relative(e.path(), dir_).string());
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  static inline int next_ = 0;
  fs::path dir_;
};

std::string write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

// A sparse file of `bytes` (no disk used): what an oversized read would have to load.
std::string sparse(const fs::path& p, std::uintmax_t bytes) {
  std::ofstream(p, std::ios::binary) << "{";
  fs::resize_file(p, bytes);
  return p.string();
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// ---- launch commands are parsed, never executed or expanded ------------------------------------

TEST(Security, LaunchCommandIsNeverExecuted) {
  Scratch s;
  const std::string d = s.dir().string();
  // Each of these, run by a shell, would create or delete something in the scratch directory.
  const std::vector<std::string> scripts = {
      "vllm serve $(touch " + d + "/subst) --kv-cache-dtype fp8",
      "vllm serve `touch " + d + "/backtick` --kv-cache-dtype fp8",
      "vllm serve m --kv-cache-dtype fp8; touch " + d + "/semicolon",
      "vllm serve m --kv-cache-dtype fp8 && touch " + d + "/and",
      "vllm serve m --kv-cache-dtype fp8 || touch " + d + "/or",
      "vllm serve m --kv-cache-dtype fp8 | tee " + d + "/pipe",
      "vllm serve m --kv-cache-dtype fp8 > " + d + "/redirect 2>&1",
      "vllm serve m --kv-cache-dtype fp8 & touch " + d + "/background",
      "touch " + d + "/first-line\nvllm serve m --kv-cache-dtype fp8",
      "rm -rf " + d + "/sentinel; vllm serve m --kv-cache-dtype fp8",
      "vllm serve m --kv-cache-dtype \"$(rm -rf " + d + ")\"",
      "vllm serve m --served-model-name ${X:=$(touch " + d + "/param)}",
      "bash -c 'touch " + d + "/sh-c; vllm serve m --kv-cache-dtype fp8'",
      "VLLM_ATTENTION_BACKEND=$(touch " + d + "/env) vllm serve m",
      "docker run -v " + d + ":/x vllm/vllm-openai:v0.11.0 --model m; touch " + d + "/docker",
      "vllm serve m --kv-cache-dtype fp8 <<EOF\n$(touch " + d + "/heredoc)\nEOF",
  };
  for (const std::string& script : scripts) {
    SCOPED_TRACE(script);
    // As a command file, and as `-- sh -c SCRIPT` argv.
    const std::string file = write(s.dir() / "cmd.sh", script + "\n");
    const auto a = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", file}, {}, {}, 30);
    EXPECT_FALSE(a.timed_out);
    EXPECT_GE(a.exit_code, 0) << a.err;
    fs::remove(file);
    const auto b = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "sh", "-c", script}, {}, {}, 30);
    EXPECT_FALSE(b.timed_out);
    EXPECT_GE(b.exit_code, 0) << b.err;
    EXPECT_EQ(s.contents(), std::vector<std::string>{"sentinel"}) << "the command was run";
  }
  // And as plain argv words: metacharacters are data there too.
  const auto c = run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "$(touch " + d + "/argv)", "`touch " + d + "/argv2`",
                          ";", "touch", d + "/argv3"});
  EXPECT_GE(c.exit_code, 0);
  EXPECT_EQ(s.contents(), std::vector<std::string>{"sentinel"});
}

TEST(Security, GlobsTildesAndVariablesStayLiteral) {
  Scratch s;
  // A real model config that a glob, a tilde or a variable would reach if it were expanded.
  fs::create_directories(s.dir() / "model-a");
  fs::copy_file(fs::path(KVDTYPE_TEST_DATA_DIR) / "models" / "llama3-8b" / "config.json", s.dir() / "model-a" / "config.json");
  const std::string d = s.dir().string();
  for (const std::string& model : {d + "/model-*", d + "/model-?", d + "/model-[a]", d + "/{model-a}", std::string("$MODEL_DIR"),
                                   std::string("${MODEL_DIR}")}) {
    SCOPED_TRACE(model);
    const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", model, "--kv-cache-dtype", "fp8"},
                           {}, {"MODEL_DIR=" + d + "/model-a", "HOME=" + d}, 30);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_TRUE(j["request"]["num_heads"].is_null()) << "the model config was read through an expansion";
    const auto t = run_cli({"check", "--gpu", "H100", "--command-file", write(s.dir() / "cmd.sh", "vllm serve " + model + "\n")}, {},
                           {"MODEL_DIR=" + d + "/model-a", "HOME=" + d}, 30);
    EXPECT_EQ(t.out.find("model config:"), std::string::npos) << t.out;
  }
  // ~ is not the home directory.
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "~/model-a"}, {}, {"HOME=" + d}, 30);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(json::parse(r.out)["request"]["num_heads"].is_null());
  // Control: the literal path does read the config.
  const auto lit = run_cli({"check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", d + "/model-a"}, {}, {}, 30);
  ASSERT_EQ(lit.exit_code, 0) << lit.err;
  EXPECT_FALSE(json::parse(lit.out)["request"]["num_heads"].is_null());
}

// ---- reads are bounded -------------------------------------------------------------------------

TEST(Security, OversizedConfigIsRefusedBySize) {
  Scratch s;
  const std::string config = sparse(s.dir() / "config.json", 100ull << 20);
  const auto t = std::chrono::steady_clock::now();
  const auto r = run_cli({"check", "--gpu", "H100", "--model", config}, {}, {}, 30);
  EXPECT_LT(seconds_since(t), 5.0) << "a 100 MB config must be refused by its size, not read";
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("larger than"), std::string::npos) << r.err;
  // The same as a model directory, and with an oversized hf_quant_config.json beside a good config.
  EXPECT_EQ(run_cli({"check", "--model", s.dir().string()}).exit_code, 2);
  fs::remove(config);
  fs::copy_file(fs::path(KVDTYPE_TEST_DATA_DIR) / "models" / "llama3-8b" / "config.json", s.dir() / "config.json");
  sparse(s.dir() / "hf_quant_config.json", 100ull << 20);
  const auto q = run_cli({"check", "--model", s.dir().string()}, {}, {}, 30);
  EXPECT_EQ(q.exit_code, 2);
  EXPECT_NE(q.err.find("hf_quant_config.json"), std::string::npos) << q.err;
}

TEST(Security, OversizedSafetensorsIndexIsReadOnlyAtItsHead) {
  Scratch s;
  fs::copy_file(fs::path(KVDTYPE_TEST_DATA_DIR) / "models" / "llama3-8b" / "config.json", s.dir() / "config.json");
  const fs::path index = s.dir() / "model.safetensors.index.json";
  write(index, "{\"metadata\": {\"total_size\": 16060522496}, \"weight_map\": {");
  fs::resize_file(index, 200ull << 20);
  const auto t = std::chrono::steady_clock::now();
  const auto r = run_cli({"check", "--gpu", "H100", "--model", s.dir().string(), "--format", "json"}, {}, {}, 30);
  EXPECT_LT(seconds_since(t), 5.0);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(Security, OversizedAndEndlessCommandFilesAreRefused) {
  Scratch s;
  for (const std::string& file : {sparse(s.dir() / "huge.sh", 100ull << 20), std::string("/dev/zero")}) {
    SCOPED_TRACE(file);
    const auto t = std::chrono::steady_clock::now();
    const auto r = run_cli({"check", "--command-file", file}, {}, {}, 30);
    EXPECT_FALSE(r.timed_out) << "an endless file was read to its end";
    EXPECT_LT(seconds_since(t), 10.0);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    // Refused by size (the sparse file) or by type (/dev/zero is a character device).
    EXPECT_TRUE(r.err.find("larger than 1 MiB") != std::string::npos ||
                r.err.find("not a regular file") != std::string::npos)
        << r.err;
  }
  // stdin that never ends: `yes | kvdtype check --command-file -` (2 MiB here). kvdtype stops
  // reading after 1 MiB, so the rest of the write fails: EPIPE, not a signal that kills the test.
  std::signal(SIGPIPE, SIG_IGN);
  const auto r = run_cli({"check", "--command-file", "-"}, std::string(2u << 20, 'y'), {}, 30);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("larger than 1 MiB"), std::string::npos) << r.err;
}

TEST(Security, HostileNestingIsRefusedNotRecursed) {
  Scratch s;
  // Just under the 1 MiB command-file limit: half a million '[' in a JSON flag value.
  const std::size_t n = 500000;
  const std::string deep_array = std::string(n, '[') + std::string(n, ']');
  const auto a = run_cli({"check", "--command-file", write(s.dir() / "deep.sh", "vllm serve m --speculative-config '" + deep_array + "'\n")},
                         {}, {}, 30);
  EXPECT_EQ(a.exit_code, 2) << a.err;
  EXPECT_NE(a.err.find("nested deeper"), std::string::npos) << a.err;
  std::string deep_object;
  for (int i = 0; i < 150000; ++i) deep_object += "{\"a\":";
  deep_object += "1" + std::string(150000, '}');
  const auto b = run_cli({"check", "--command-file", write(s.dir() / "deep2.sh", "vllm serve m --hf-overrides '" + deep_object + "'\n")},
                         {}, {}, 30);
  EXPECT_EQ(b.exit_code, 2) << b.err;
  std::string dotted = "vllm serve m --speculative-config.a";
  for (int i = 0; i < 200000; ++i) dotted += ".a";
  const auto c = run_cli({"check", "--command-file", write(s.dir() / "deep3.sh", dotted + " 1\n")}, {}, {}, 30);
  EXPECT_EQ(c.exit_code, 2) << c.err;
  // A config file of the same shape (the model reader's own depth limit).
  const auto d = run_cli({"check", "--model", write(s.dir() / "config.json", "{\"a\":" + deep_array + "}")}, {}, {}, 30);
  EXPECT_EQ(d.exit_code, 2) << d.err;
}

// ---- the environment of the kvdtype process does not decide -------------------------------------

// Variables an engine reads from its environment, and ones that could change text or numbers.
const std::vector<std::string> kHostileEnvironment = {
    "VLLM_ATTENTION_BACKEND=TRITON_ATTN", "VLLM_ROCM_USE_AITER=1", "VLLM_ROCM_USE_AITER_MLA=0",
    "VLLM_USE_V1=0", "VLLM_KV_CACHE_DTYPE=fp8_e5m2", "SGLANG_ATTENTION_BACKEND=triton",
    "CUDA_VISIBLE_DEVICES=", "HIP_VISIBLE_DEVICES=0", "KVDTYPE_GPU=MI300X", "LC_ALL=de_DE.UTF-8",
    "LANG=tr_TR.UTF-8", "TZ=Asia/Kathmandu", "COLUMNS=20", "TERM=xterm-256color", "CLICOLOR_FORCE=1",
};

TEST(Security, ProcessEnvironmentDoesNotChangeTheVerdict) {
  const std::vector<std::vector<std::string>> inputs = {
      {"check", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "mla", "--kv-cache-dtype", "fp8"},
      {"check", "--gpu", "MI300X", "--model-dtype", "bfloat16", "--attention", "mla", "--kv-cache-dtype", "fp8",
       "--q-dtype", "bfloat16", "--data-parallel-size", "8"},
      {"check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4", "--head-size", "128"},
      {"check", "--gpu", "MI300X", "--", "vllm", "serve", "deepseek-ai/DeepSeek-R1", "--kv-cache-dtype", "fp8", "-dp", "8"},
      {"check", "--gpu", "H100", "--", "vllm", "serve", "m", "--kv-cache-dtype", "fp8"},
      {"check", "--gpu", "H100", "--engine", "sglang", "--attention", "mla", "--kv-cache-dtype", "fp8_e4m3"},
  };
  for (const auto& base : inputs) {
    for (const char* fmt : {"json", "text"}) {
      std::vector<std::string> args = base;
      const auto at = std::find(args.begin(), args.end(), std::string("--"));
      args.insert(args.insert(at, fmt), "--format");
      SCOPED_TRACE(testing::PrintToString(args));
      const auto clean = run_cli(args, {}, {}, 30);
      ASSERT_GE(clean.exit_code, 0);
      const auto hostile = run_cli(args, {}, kHostileEnvironment, 30);
      EXPECT_EQ(hostile.exit_code, clean.exit_code);
      EXPECT_EQ(hostile.out, clean.out);
      EXPECT_EQ(hostile.err, clean.err);
    }
  }
}

TEST(Security, OnlyTheLaunchCommandsOwnAssignmentsCount) {
  // Founding case 3: AITER on MI300X with a DeepSeek-style MLA model. The engine switch
  // VLLM_ROCM_USE_AITER=1 changes the backend, but only when the launch command sets it.
  const std::vector<std::string> base = {"check", "--gpu", "MI300X", "--format", "json", "--model-dtype", "bfloat16",
                                         "--attention", "mla", "--head-size", "576", "--"};
  auto with = [&](std::vector<std::string> cmd, const std::vector<std::string>& env = {}) {
    std::vector<std::string> args = base;
    args.insert(args.end(), cmd.begin(), cmd.end());
    const auto r = run_cli(args, {}, env, 30);
    EXPECT_GE(r.exit_code, 0) << r.err;
    return json::parse(r.out, nullptr, false);
  };
  const std::vector<std::string> serve = {"vllm", "serve", "m", "--kv-cache-dtype", "fp8"};
  std::vector<std::string> aiter_cmd = {"VLLM_ROCM_USE_AITER=1"};
  aiter_cmd.insert(aiter_cmd.end(), serve.begin(), serve.end());
  const json plain = with(serve);
  const json in_process_env = with(serve, {"VLLM_ROCM_USE_AITER=1"});
  const json in_command = with(aiter_cmd);
  ASSERT_FALSE(plain.is_discarded());
  EXPECT_EQ(in_process_env, plain) << "the kvdtype process's own VLLM_ROCM_USE_AITER changed the answer";
  EXPECT_NE(in_command["plan"]["backend"], plain["plan"]["backend"]) << "the launch command's VLLM_ROCM_USE_AITER=1 was ignored";

  // The same for the backend override.
  std::vector<std::string> forced = {"VLLM_ATTENTION_BACKEND=TRITON_MLA"};
  forced.insert(forced.end(), serve.begin(), serve.end());
  const json forced_in_command = with(forced);
  const json forced_in_env = with(serve, {"VLLM_ATTENTION_BACKEND=TRITON_MLA"});
  EXPECT_EQ(forced_in_env, plain);
  EXPECT_EQ(forced_in_command["plan"]["backend"], "TRITON_MLA");
}

}  // namespace
