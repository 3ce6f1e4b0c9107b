// What the fourth sweep of real launch commands (tests/conformance/launch_2026s49.jsonl) found
// misread, read as the engine or the shell would: cmd.exe's `start "title"` and `cmd /k "…"`
// quoting, llama.cpp's one `llama <command>` binary and its pre-2024 `server` name, and
// TensorRT-LLM's trtllm-llmapi-launch wrapper.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/launch.hpp"
#include "kvdtype/request.hpp"
#include "report_helpers.hpp"
#include "sources/shell/shell.hpp"

namespace {

using kvdtype::Engine;
using kvdtype::io::LaunchCommand;
namespace detail = kvdtype::io::detail;

constexpr auto parse_ok = kvdtype::test::launch;

// A cmd.exe line, read as a .bat file's line is.
LaunchCommand cmd_line(std::string_view text) {
  const auto posix = detail::posix_from_windows(text, detail::WindowsShell::cmd);
  EXPECT_TRUE(posix.has_value()) << text;
  return parse_ok(posix.value_or(std::string(text)));
}

// ---------------------------------------------------------------------------------------------
// cmd.exe: start's first quoted argument is the window's title; cmd /k drops its string's outer quotes.

TEST(CmdStart, TheTitleIsNeverTheProgram) {
  // A title that is a program's name (vllm) must not be read as the program.
  const LaunchCommand c = cmd_line("start \"vllm\" llama-server.exe -m a.gguf -ctk q8_0");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "a.gguf");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
}

TEST(CmdStart, AnEmptyTitleAfterTheSwitchesAndAQuotedProgram) {
  const LaunchCommand c =
      cmd_line("start /affinity FFFF /b /wait \"\" \"C:\\path\\llama-server.exe\" -m \"D:\\model.gguf\" -ctk q4_0 -fa on");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "D:\\model.gguf");
  EXPECT_EQ(c.input.kv_cache_dtype, "q4_0");
}

TEST(CmdStart, CmdKDropsItsStringsOuterQuotes) {
  // cmd removes the first quote after /k and the line's last one: the program is itself quoted.
  const LaunchCommand c = cmd_line(
      "start \"Basket - STT\" cmd /k \"\"llama-server.exe\" -m \"%ASR_MODEL%\" --host %HOST% -ngl 0 -ctk q8_0 -c 4096\"");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "%ASR_MODEL%");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
}

TEST(CmdStart, SwitchesAfterTheTitleThenCmdK) {
  const LaunchCommand c = cmd_line("start \"srv\" /min /d \"C:\\llama\" cmd /k \"\"llama-server.exe\" -m \"q.gguf\" -ctk q4_0\"");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "q.gguf");
  EXPECT_EQ(c.input.kv_cache_dtype, "q4_0");
}

TEST(CmdStart, QuotesOfOtherCommandsStay) {
  const auto text = detail::posix_from_windows("llama-server.exe -m \"C:\\a b\\m.gguf\" -ctk q8_0", detail::WindowsShell::cmd);
  ASSERT_TRUE(text.has_value());
  const LaunchCommand c = parse_ok(*text);
  EXPECT_EQ(c.model, "C:\\a b\\m.gguf");
  // `restart "x"` is not start; `start` inside a quoted string is not a command.
  EXPECT_NE(detail::posix_from_windows("restart \"x\" y", detail::WindowsShell::cmd)->find("\"x\""), std::string::npos);
  EXPECT_NE(detail::posix_from_windows("echo \"start \"t\" p\"", detail::WindowsShell::cmd)->find("\"t\""), std::string::npos);
}

TEST(CmdStart, AWordsCommandLineKeepsItsTitleOneWord) {
  // `cmd /c start "My Server" PROG …` given as words: joined as Windows joins arguments (a word
  // with blanks quoted), so the title is one word again and dropped as cmd drops it.
  const std::vector<std::string> words = {"cmd", "/c", "start", "My Server", "llama-server.exe", "-m", "a.gguf", "-ctk", "q8_0"};
  auto r = kvdtype::io::parse_launch_command(words);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->engine, Engine::llamacpp);
  EXPECT_EQ(r->input.kv_cache_dtype, "q8_0");
}

// ---------------------------------------------------------------------------------------------
// llama.cpp: `llama <command>` (2026, ggml-org/llama.cpp#23459) and `server` before #7809.

TEST(LlamacppPrograms, TheOneBinarysSubcommandIsTheProgram) {
  LaunchCommand c = parse_ok("llama serve -hf meta-models/Muse-Glimmer-30B-GGUF -np 1 -ctk q8_0 -ctv q8_0");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  c = parse_ok("llama.exe serve -m model.gguf");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "model.gguf");
  // llama bench sweeps comma lists like llama-bench.
  c = parse_ok("llama bench -m a.gguf -ctk q8_0,f16");
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  EXPECT_TRUE(kvdtype::test::ignored_has(c, "llama-bench sweep"));
  // Not a serving subcommand, or a `llama` without one: not llama.cpp's server.
  EXPECT_FALSE(kvdtype::io::parse_launch_command(std::vector<std::string>{"llama", "quantize", "a.gguf"}).ok());
  EXPECT_FALSE(kvdtype::io::parse_launch_command(std::vector<std::string>{"llama", "-m", "a.gguf"}).ok());
}

TEST(LlamacppPrograms, ThePreRenameServerOnlyUnderALlamaCppFolder) {
  LaunchCommand c = parse_ok("./llama.cpp/server -m ./llms/a.Q4_K_M.gguf -ngl 1000 -ctk q8_0");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.input.kv_cache_dtype, "q8_0");
  c = parse_ok("../vendor/llama.cpp/build/bin/Release/server --model m.gguf");
  EXPECT_EQ(c.engine, Engine::llamacpp);
  EXPECT_EQ(c.model, "m.gguf");
  // whisper.cpp's server, or a `server` anywhere else, is not llama.cpp's.
  EXPECT_FALSE(kvdtype::io::parse_launch_command(std::vector<std::string>{"./whisper.cpp/server", "-m", "w.bin"}).ok());
  EXPECT_FALSE(kvdtype::io::parse_launch_command(std::vector<std::string>{"server", "-m", "a.gguf"}).ok());
  EXPECT_FALSE(kvdtype::io::parse_launch_command(std::vector<std::string>{"/opt/llama.cpp.server", "-m", "a.gguf"}).ok());
}

// ---------------------------------------------------------------------------------------------
// TensorRT-LLM's MPI wrapper runs the command after it.

TEST(TrtllmLlmapiLaunch, RunsTheServerAfterIt) {
  const LaunchCommand c = parse_ok("${REPO}/tensorrt_llm/llmapi/trtllm-llmapi-launch trtllm-serve nvidia/m --kv_cache_dtype fp8");
  EXPECT_EQ(c.engine, Engine::trtllm);
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
}

}  // namespace
