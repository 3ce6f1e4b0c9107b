// Words the engines' parsers read that the launch reader used to misread (session 48,
// docs/inputs.md "Flags"): vLLM's --kv-cache-dtype-skip-layers and the prefixes it shares,
// BooleanOptionalAction negations, llama.cpp's -kvo and --rpc, argparse abbreviations in LMDeploy
// and MLX-LM, and cmd.exe / PowerShell line continuations.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/launch.hpp"
#include "kvdtype/request.hpp"
#include "report_helpers.hpp"
#include "sources/launch/launch_flags.hpp"
#include "sources/shell/shell.hpp"
#include "tables/tables.hpp"

namespace {

using kvdtype::Engine;
using kvdtype::io::LaunchCommand;
namespace detail = kvdtype::io::detail;

using kvdtype::test::ignored_has;
// A command that does not parse fails the test (report_helpers.hpp).
constexpr auto parse_ok = kvdtype::test::launch;

// ---------------------------------------------------------------------------------------------
// vLLM --kv-cache-dtype-skip-layers.

TEST(LaunchSkipLayers, TheLayersAreReadAsAnUnmodelledPlan) {
  const LaunchCommand c =
      parse_ok("vllm serve openai/gpt-oss-20b --kv-cache-dtype fp8 --kv-cache-dtype-skip-layers 0 1 sliding_window --port 8000");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
  ASSERT_EQ(c.unmodelled.size(), 1u);
  EXPECT_EQ(c.unmodelled[0].fact, "the per-layer cache of --kv-cache-dtype-skip-layers 0 1 sliding_window");
  EXPECT_NE(c.unmodelled[0].why.find("model dtype"), std::string::npos);
  EXPECT_FALSE(ignored_has(c, "skip"));
  EXPECT_FALSE(ignored_has(c, "8000"));  // the list stops at the next option
}

TEST(LaunchSkipLayers, UnderscoreSpellingAndEqualsAreTheSameOption) {
  const LaunchCommand a = parse_ok("vllm serve gpt-oss-20b --kv-cache-dtype fp8 --kv_cache_dtype_skip_layers sliding_window");
  ASSERT_EQ(a.unmodelled.size(), 1u);
  EXPECT_NE(a.unmodelled[0].fact.find("sliding_window"), std::string::npos);
  const LaunchCommand b = parse_ok("vllm serve gpt-oss-20b --kv-cache-dtype=fp8 --kv-cache-dtype-skip-layers=0");
  ASSERT_EQ(b.unmodelled.size(), 1u);
}

TEST(LaunchSkipLayers, NoValueIsBadInput) {
  auto words = kvdtype::io::split_command("vllm serve m/x --kv-cache-dtype-skip-layers --kv-cache-dtype fp8");
  ASSERT_TRUE(words.ok());
  auto r = kvdtype::io::parse_launch_command(*words);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("--kv-cache-dtype-skip-layers needs at least one value"), std::string::npos);
}

TEST(LaunchSkipLayers, TheCacheDtypePrefixIsNowAmbiguousAsInVllm) {
  // vLLM registers --kv-cache-dtype and --kv-cache-dtype-skip-layers: "--kv-cache-dt" matches both
  // and argparse refuses it; the exact name stays exact.
  const LaunchCommand c = parse_ok("vllm serve Qwen/Qwen3-8B --kv-cache-dt fp8");
  ASSERT_EQ(c.refused_values.size(), 1u);
  EXPECT_NE(c.refused_values[0].why.find("--kv-cache-dtype-skip-layers"), std::string::npos);
  EXPECT_TRUE(c.input.kv_cache_dtype.empty());
  EXPECT_EQ(parse_ok("vllm serve Qwen/Qwen3-8B --kv-cache-dtype fp8").input.kv_cache_dtype, "fp8");
  // So is --kv-offloading (-size and -backend).
  const LaunchCommand o = parse_ok("vllm serve Qwen/Qwen3-8B --kv-offloading 8");
  ASSERT_EQ(o.refused_values.size(), 1u);
  EXPECT_NE(o.refused_values[0].why.find("--kv-offloading-backend"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Negations.

TEST(LaunchNegations, VllmSwitchesTakeNo) {
  EXPECT_TRUE(kvdtype::tables::engine_tables(Engine::vllm).behaviour.negatable_switches);
  EXPECT_FALSE(kvdtype::tables::engine_tables(Engine::sglang).behaviour.negatable_switches);
  EXPECT_FALSE(kvdtype::tables::engine_tables(Engine::llamacpp).behaviour.negatable_switches);
  const LaunchCommand c = parse_ok(
      "vllm serve MiniMax/M3 --no-async-scheduling --kv-cache-dtype fp8 --no-enable-prefix-caching "
      "--no-trust-remote-code --enforce-eager --no-enforce-eager");
  EXPECT_EQ(c.model, "MiniMax/M3");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
  EXPECT_EQ(c.input.cuda_graph, "yes");  // --no-enforce-eager, the later word, wins
  EXPECT_TRUE(c.ignored.empty()) << c.ignored.front();
}

TEST(LaunchNegations, ANegationAbbreviatesLikeAnyOption) {
  const detail::FlagPrefix p = detail::find_launch_flag_prefix(Engine::vllm, "--no-enable-prefix");
  ASSERT_NE(p.row, nullptr);
  EXPECT_TRUE(p.negated);
  EXPECT_EQ(p.name, "--enable-prefix-caching");
  const LaunchCommand c = parse_ok("vllm serve m/x --no-enforce --calculate-kv");
  EXPECT_EQ(c.input.cuda_graph, "yes");
  EXPECT_EQ(c.input.kv_scales, "yes");
  // A positive prefix never matches a negation (they start --no-).
  EXPECT_FALSE(detail::find_launch_flag_prefix(Engine::vllm, "--enforce").negated);
}

TEST(LaunchNegations, AStoreTrueSwitchHasNoNegation) {
  // vLLM's --disable-log-stats is store_true: --no-disable-log-stats is no option of it.
  const LaunchCommand c = parse_ok("vllm serve m/x --no-disable-log-stats");
  EXPECT_TRUE(ignored_has(c, "--no-disable-log-stats"));
}

TEST(LaunchNegations, SglangSwitchesAreNotNegated) {
  // SGLang registers --enable-dp-attention with store_true: --no-enable-dp-attention is not the
  // switch turned off (nor on); it is a word kvdtype lists as unknown.
  const LaunchCommand c = parse_ok("python -m sglang.launch_server --model-path m/x --tp 8 --no-enable-dp-attention");
  EXPECT_FALSE(c.input.flags & kvdtype::flag_dp_attention);
  EXPECT_TRUE(ignored_has(c, "--no-enable-dp-attention"));
}

// ---------------------------------------------------------------------------------------------
// llama.cpp.

TEST(LaunchLlamacpp, KvOffloadIsTheLastOfItsTwoForms) {
  EXPECT_EQ(parse_ok("llama-server -m /m/q.gguf -ngl 99 -nkvo").input.backend, "CPU");
  EXPECT_TRUE(parse_ok("llama-server -m /m/q.gguf -ngl 99 -nkvo -kvo").input.backend.empty());
  EXPECT_TRUE(parse_ok("llama-server -m /m/q.gguf --kv-offload -ctk q8_0").input.backend.empty());
}

TEST(LaunchLlamacpp, RpcDevicesAreNotChecked) {
  const LaunchCommand c = parse_ok("llama-server -m /m/q.gguf --rpc 192.168.1.10:50052,192.168.1.11:50052 -ngl 99 -ctk q8_0");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  ASSERT_EQ(c.unmodelled.size(), 1u);
  EXPECT_EQ(c.unmodelled[0].fact, "the devices of --rpc 192.168.1.10:50052,192.168.1.11:50052");
}

TEST(LaunchLlamacpp, CacheOptionsHaveRows) {
  const LaunchCommand c =
      parse_ok("llama-server -m /m/q.gguf --cache-reuse 256 --no-kv-unified --swa-full -fa on -ctk q8_0 -ctv q8_0");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  EXPECT_EQ(c.input.flash_attention, "on");
  EXPECT_TRUE(c.ignored.empty()) << c.ignored.front();
}

// ---------------------------------------------------------------------------------------------
// argparse abbreviations in LMDeploy and MLX-LM.

TEST(LaunchAbbreviationsMore, LmdeployAndMlxLmParsersAbbreviate) {
  EXPECT_TRUE(kvdtype::tables::engine_tables(Engine::lmdeploy).behaviour.long_option_prefixes);
  EXPECT_TRUE(kvdtype::tables::engine_tables(Engine::mlx_lm).behaviour.long_option_prefixes);
  const LaunchCommand l = parse_ok("lmdeploy serve api_server internlm/internlm2_5-7b-chat --quant-pol 8 --session 8192");
  EXPECT_EQ(l.input.kv_cache_dtype, "8");  // --quant-policy
  EXPECT_EQ(l.input.max_model_len, "8192");  // --session-len
  EXPECT_TRUE(l.refused_values.empty());
  const LaunchCommand m = parse_ok("mlx_lm.generate --model mlx-community/Qwen3-8B-4bit --kv-b 4 --prompt hi");
  EXPECT_EQ(m.input.kv_cache_dtype, "4");  // --kv-bits 4, the default group of 64
  EXPECT_TRUE(m.refused_values.empty());
}

TEST(LaunchAbbreviationsMore, AmbiguousInMlxLm) {
  // --kv-bits, --kv-group-size: "--kv-" matches both.
  const LaunchCommand m = parse_ok("mlx_lm.generate --model mlx-community/Qwen3-8B-4bit --kv- 4");
  ASSERT_EQ(m.refused_values.size(), 1u);
  EXPECT_NE(m.refused_values[0].why.find("--kv-group-size"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// cmd.exe and PowerShell line continuations.

TEST(WindowsLines, CmdCaretContinuesTheLine) {
  const LaunchCommand c = parse_ok(
      "llama-server.exe ^\r\n  -m c:\\models\\Qwen3-Q5_K_M.gguf ^\r\n  -c 65536 ^\r\n  -fa on ^\r\n  -ctk q8_0 ^\r\n  -ctv q8_0\r\n");
  EXPECT_EQ(c.model, "c:\\models\\Qwen3-Q5_K_M.gguf");  // backslashes are literal in cmd.exe
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  EXPECT_EQ(c.input.v_cache_dtype, "q8_0");
  EXPECT_EQ(c.input.max_model_len, "65536");
}

TEST(WindowsLines, PowerShellBacktickContinuesTheLine) {
  const LaunchCommand c = parse_ok(
      ".\\llama-server.exe `\n  --model \"C:\\AI\\models\\gemma.gguf\" `\n  --cache-type-k q4_0 `\n  --cache-type-v q4_0 `\n  -fa on");
  EXPECT_EQ(c.model, "C:\\AI\\models\\gemma.gguf");
  EXPECT_EQ(c.input.kv_cache_dtype, "q4_0");
  EXPECT_EQ(c.input.v_cache_dtype, "q4_0");
}

TEST(WindowsLines, PosixTextIsLeftAlone) {
  // A caret word with no option after it, a backquoted substitution over lines, a regex: POSIX.
  EXPECT_FALSE(detail::posix_from_windows("echo ^\nls\n", detail::WindowsShell::unknown).has_value());
  EXPECT_FALSE(detail::posix_from_windows("X=`\nhostname`\nvllm serve m --port 1", detail::WindowsShell::unknown).has_value());
  EXPECT_FALSE(detail::posix_from_windows("grep '^x' f && vllm serve m \\\n  --kv-cache-dtype fp8", detail::WindowsShell::unknown)
                   .has_value());
  const LaunchCommand c = parse_ok("vllm serve m/x \\\n  --kv-cache-dtype fp8 \\\n  -tp 2");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
  EXPECT_EQ(c.input.tensor_parallel_size, "2");
}

TEST(WindowsLines, AnUnclearCaretIsSaidNotGuessed) {
  // The caret ends a line, but the next one starts no option: not clearly cmd.exe, so the text is
  // split as POSIX, and the lone ^ left among the words makes the reading incomplete.
  const LaunchCommand c = parse_ok("llama-server -m /m/q.gguf -ctk q8_0 ^\n  /m/other.gguf\n");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  ASSERT_EQ(c.unmodelled.size(), 1u);
  EXPECT_EQ(c.unmodelled[0].fact, "the words after a line-end ^");
}

TEST(WindowsLines, TheFileNameSaysTheShell) {
  EXPECT_EQ(detail::windows_shell_of_file("start.BAT"), detail::WindowsShell::cmd);
  EXPECT_EQ(detail::windows_shell_of_file("C:/x/run.cmd"), detail::WindowsShell::cmd);
  EXPECT_EQ(detail::windows_shell_of_file("serve.ps1"), detail::WindowsShell::powershell);
  EXPECT_EQ(detail::windows_shell_of_file("serve.sh"), detail::WindowsShell::unknown);
  // In a .bat file a caret continues the line even before a positional word.
  auto text = detail::posix_from_windows("vllm serve ^\n  Qwen/Qwen3-8B ^\n  --kv-cache-dtype fp8", detail::WindowsShell::cmd);
  ASSERT_TRUE(text.has_value());
  const LaunchCommand c = parse_ok(*text);
  EXPECT_EQ(c.model, "Qwen/Qwen3-8B");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
}

TEST(WindowsLines, LineNumbersStay) {
  std::vector<std::size_t> lines;
  auto cmds = detail::split_commands("llama-server.exe ^\n  -m a.gguf ^\n  -ctk q8_0\nllama-cli.exe ^\n  -m b.gguf\n", lines);
  ASSERT_TRUE(cmds.ok());
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], 1u);
  EXPECT_EQ(lines[1], 4u);
}

}  // namespace
