// Launchers in front of the engine (src/tables/launchers.cpp): each row's grammar leads to the
// serving command behind it, with its flags read as the engine's; a launcher that runs nothing
// kvdtype knows is named in the error.
#include <gtest/gtest.h>

#include <string>

#include "kvdtype/io/launch.hpp"
#include "tables/rows/launcher.hpp"

namespace kvdtype {
namespace {

struct Case {
  const char* command;
  Engine engine;
  const char* kv_cache_dtype;
  const char* model;
};

const Case kCases[] = {
    {"timeout 3600 vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"timeout -k 10 -s TERM 1h vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"env -i -u HOME PATH=/usr/bin vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"setsid nice -n 10 ionice -c 2 -n 0 vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"taskset -c 0-7 numactl -N 0 -m 0 vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"chrt -f 50 stdbuf -oL vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"flock -w 10 /tmp/gpu.lock vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"sudo -u svc -E VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"tini -g -- vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"dumb-init -- gosu vllm vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"uv run --with vllm==0.27.0 vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"conda run -n serve --no-capture-output python -m sglang.launch_server --model-path m/a --kv-cache-dtype fp8_e4m3",
     Engine::sglang, "fp8_e4m3", "m/a"},
    {"mpirun -np 8 --allow-run-as-root --mca btl ^openib -x NCCL_DEBUG=INFO trtllm-serve m/a --kv_cache_dtype fp8",
     Engine::trtllm, "fp8", "m/a"},
    {"mpiexec -n 2 -genv A 1 python3 -m vllm.entrypoints.openai.api_server --model m/a --kv-cache-dtype fp8", Engine::vllm,
     "fp8", "m/a"},
    {"srun --ntasks=1 --gres=gpu:8 -l numactl --interleave=all vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8",
     "m/a"},
    {"nsys profile -o prof --trace cuda,nvtx vllm serve m/a --kv-cache-dtype fp8", Engine::vllm, "fp8", "m/a"},
    {"ray job submit --working-dir src --no-wait --job-id vllm-server -- vllm serve m/a --kv-cache-dtype fp8",
     Engine::vllm, "fp8", "m/a"},
    {"torchrun --nproc-per-node 8 --master-port 29500 -m sglang.launch_server --model-path m/a --kv-cache-dtype fp8_e5m2",
     Engine::sglang, "fp8_e5m2", "m/a"},
    {"torchrun --standalone --nproc_per_node=2 --module vllm.entrypoints.openai.api_server --model m/a --kv-cache-dtype fp8",
     Engine::vllm, "fp8", "m/a"},
    // cmd.exe: `start` with its slash switches, and `cmd /c` running a command line of its own
    // (backslashes in it are literal, as cmd.exe reads them).
    {"start /B /wait /affinity FFF0 C:/llama/llama-server.exe -m m/a.gguf -ctk q8_0", Engine::llamacpp, "q8_0", "m/a.gguf"},
    {"cmd /c \"vllm serve C:\\models\\a --kv-cache-dtype fp8\"", Engine::vllm, "fp8", "C:\\models\\a"},
    {"cmd.exe /q /K \"conda activate env1 && vllm serve m/a --kv-cache-dtype fp8\"", Engine::vllm, "fp8", "m/a"},
    // TensorRT-LLM's MPI wrapper for the LLM API (its deployment guides)
    {"trtllm-llmapi-launch trtllm-serve nvidia/m --kv_cache_dtype fp8", Engine::trtllm, "fp8", "nvidia/m"},
};

TEST(Launchers, EachGrammarLeadsToTheServingCommand) {
  for (const Case& c : kCases) {
    auto words = io::split_command(c.command);
    ASSERT_TRUE(words.ok()) << c.command;
    auto launch = io::parse_launch_command(*words);
    ASSERT_TRUE(launch.ok()) << c.command << ": " << launch.error().message;
    EXPECT_EQ(launch->engine, c.engine) << c.command;
    EXPECT_EQ(launch->input.kv_cache_dtype, c.kv_cache_dtype) << c.command;
    EXPECT_EQ(launch->model, c.model) << c.command;
    EXPECT_TRUE(io::is_serving_command(*words)) << c.command;
  }
}

TEST(Launchers, SudoAssignmentsAreTheCommandsEnvironment) {
  auto words = io::split_command("sudo -u svc VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve m/a");
  ASSERT_TRUE(words.ok());
  auto launch = io::parse_launch_command(*words);
  ASSERT_TRUE(launch.ok());
  EXPECT_EQ(launch->input.backend, "FLASHINFER");
}

TEST(Launchers, ALauncherOfNothingKnownIsNamed) {
  for (const char* text : {"mpirun -np 2 python3 train.py", "srun hostname", "timeout 10 sleep 5",
                           "ray job logs --job-id vllm-server"}) {
    auto words = io::split_command(text);
    ASSERT_TRUE(words.ok());
    EXPECT_FALSE(io::is_serving_command(*words)) << text;
    auto launch = io::parse_launch_command(*words);
    EXPECT_FALSE(launch.ok()) << text;
  }
  auto words = io::split_command("mpirun -np 2 python3 train.py");
  EXPECT_NE(io::parse_launch_command(*words).error().message.find("mpirun runs no serving command"), std::string::npos);
}

// A project's own program that execs a fixed server command (lws's llamacpp-leader): the command
// it runs, then the words after its `--`.
TEST(Launchers, AFixedCommandLauncherRunsItsCommandWithTheWordsAfterItsDashes) {
  auto words = io::split_command("/llamacpp-leader -- --n-gpu-layers 99 --cache-type-k q8_0 --verbose");
  ASSERT_TRUE(words.ok());
  EXPECT_TRUE(io::is_serving_command(*words));
  auto launch = io::parse_launch_command(*words);
  ASSERT_TRUE(launch.ok()) << launch.error().message;
  EXPECT_EQ(launch->engine, Engine::llamacpp);
  EXPECT_EQ(launch->model, "$LLM_MODEL");  // what the leader passes from its environment
  EXPECT_NE(launch->input.kv_cache_dtype.find("q8_0"), std::string::npos) << launch->input.kv_cache_dtype;
  // Behind a shell, too: the expansion applies to the script's own words.
  auto shelled = io::split_command("sh -c '/llamacpp-leader -- --n-gpu-layers 99'");
  ASSERT_TRUE(shelled.ok());
  EXPECT_TRUE(io::is_serving_command(*shelled));
}

TEST(Launchers, RowsAreWellFormed) {
  for (const Launcher& l : launchers()) {
    EXPECT_EQ(l.args == LauncherArgs::runs_fixed, !l.runs.empty()) << l.program << ": runs goes with runs_fixed";
    EXPECT_FALSE(l.program.empty());
    EXPECT_FALSE(l.source.empty()) << l.program;
    EXPECT_EQ(find_launcher(l.program, l.subcommand), &l) << l.program << " is shadowed by an earlier row";
    EXPECT_EQ(l.valued.find("  "), std::string_view::npos) << l.program;
  }
  const Launcher* t = find_launcher("timeout", "");
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(takes_value(*t, "-k"));
  EXPECT_FALSE(takes_value(*t, "-k=10"));
  EXPECT_FALSE(takes_value(*t, "--preserve-status"));
  EXPECT_EQ(find_launcher("uv", "pip"), nullptr);  // only `uv run` runs a command
}

}  // namespace
}  // namespace kvdtype
