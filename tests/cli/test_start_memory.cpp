// The `kvdtype` executable prepares its heap and stack before anything else runs
// (tools/kvdtype/heap.cpp, prepare_memory_for_start: the heap's blocks on a huge-page stretch, the
// stack's first 128 KiB and .bss filled in one call each). Every other CLI test runs the binary
// with it; these run it where the limits refuse part of it, and expect the very same answers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::CliResult;
using kvdtype::test::run_cli;
using kvdtype::test::run_program;

class Dir : public kvdtype::test::TempDir {
 public:
  Dir() : TempDir("start_memory") {}
};

// `kvdtype ARGS` run by a shell that first sets one limit (`ulimit -d 3000`, …).
CliResult run_limited(const std::string& limit, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"sh", "-c", limit + " && exec \"$0\" \"$@\"", KVDTYPE_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv);
}

TEST(StartMemory, LimitsThatRefuseTheStartsPreparationGiveTheSameAnswers) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // A sanitizer's runtime cannot even load under `ulimit -d 3000` (its shadow memory counts as
  // data), and a sanitizer build skips the start's preparation anyway (tools/kvdtype/heap.cpp).
  GTEST_SKIP() << "the start's preparation is a release-build matter";
#endif
  Dir dir;
  const std::string manifest = dir.write("deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: llama}\nspec:\n  template:\n"
                             "    spec:\n      nodeSelector: {nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB}\n"
                             "      containers:\n        - name: vllm\n          image: vllm/vllm-openai:v0.10.0\n"
                             "          args: [--model, deepseek-ai/DeepSeek-V2-Lite, --kv-cache-dtype, fp8_e5m2]\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", "--gpu", "H100", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct", "--kv-cache-dtype", "fp8",
       "--tensor-parallel-size", "1", "--port", "8000"},
      {"check", "--format", "json", "--manifest", manifest},
      {"check", "--gpu", "MI300X", "--engine", "vllm", "--kv-cache-dtype", "fp8_e4m3", "--model", "deepseek-ai/DeepSeek-V3"},
  };
  // 3,000 KB of data segment: the heap's 6 MiB first extension is refused (glibc falls back to its
  // default steps). A 300 KB stack: too little room to fill 128 KiB ahead, so it is not. 600 KB:
  // filled, with little room left.
  const std::vector<std::string> limits = {"ulimit -d 3000", "ulimit -s 300", "ulimit -s 600"};
  for (const auto& args : commands) {
    const CliResult plain = run_cli(args);
    ASSERT_GE(plain.exit_code, 0) << args[1];
    ASSERT_FALSE(plain.out.empty()) << args[1];
    for (const std::string& limit : limits) {
      const CliResult limited = run_limited(limit, args);
      EXPECT_EQ(limited.exit_code, plain.exit_code) << limit << " " << args[1] << "\n" << limited.err;
      EXPECT_EQ(limited.out, plain.out) << limit << " " << args[1];
      EXPECT_EQ(limited.err, plain.err) << limit << " " << args[1];
    }
  }
}

}  // namespace
