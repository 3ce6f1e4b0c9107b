// Internal: the launch-command code of the engines added after vLLM and SGLang (llama.cpp,
// TensorRT-LLM, LMDeploy). launch.cpp calls these three hooks; each engine's part lives in its
// own file (launch_llamacpp.cpp, launch_trtllm.cpp, launch_lmdeploy.cpp), found through the
// table in launch_engines.cpp, so that launch.cpp never switches on these engines.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/result.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::io::detail {

/// Where an engine's arguments start in a command.
struct EngineProgram {
  Engine engine{};
  std::size_t args = 0;           ///< index of the first argument after the program (and subcommand)
  bool positional_model = false;  ///< the first positional word is the model
};

/// w[i] is a program of one of these engines (by basename: ./build/bin/llama-server too):
/// where its arguments start, an Error for a known program without a serving subcommand
/// (`lmdeploy lite …`), or nullopt when it is none of theirs.
std::optional<Result<EngineProgram>> locate_engine_program(const std::vector<std::string>& w, std::size_t i);

/// `docker run IMAGE [args]` where IMAGE's own entrypoint is the server (llama.cpp :server-*,
/// :full-* with --server, :light-*); `args` is the index after the image. nullopt otherwise.
std::optional<Result<EngineProgram>> locate_engine_image(const std::vector<std::string>& w, std::string_view image,
                                                         std::size_t args);

/// After the flags are read: the engine's own reading of them (values the engine refuses become
/// RequestInput::refused_rule, config files are read). An Error is bad input (exit 2): an
/// unreadable file. No-op for engines without engine-specific launch code.
std::optional<Error> finish_engine_launch(LaunchCommand& out, const LaunchOptions& options);

/// `word` is the word before the command's arguments (the program, or an image's tool): what the
/// engine reads from it (llama.cpp: which of its tools runs). No-op for other engines.
void note_engine_program(LaunchCommand& out, std::string_view word);

// Per engine (launch_<engine>.cpp).
std::optional<Result<EngineProgram>> locate_llamacpp(const std::vector<std::string>& w, std::size_t i);
std::optional<Result<EngineProgram>> locate_llamacpp_image(const std::vector<std::string>& w, std::string_view image,
                                                           std::size_t args);
std::optional<Error> finish_llamacpp(LaunchCommand& out, const LaunchOptions& options);
/// `word` is the word before a llama.cpp command's arguments (the program, or a full image's tool):
/// llama-bench sets flag_llama_bench.
void note_llamacpp_tool(LaunchCommand& out, std::string_view word);
std::optional<Result<EngineProgram>> locate_lmdeploy(const std::vector<std::string>& w, std::size_t i);
std::optional<Error> finish_lmdeploy(LaunchCommand& out, const LaunchOptions& options);
std::optional<Error> finish_trtllm(LaunchCommand& out, const LaunchOptions& options);

/// Mark a value the engine refuses: the rule that reports it (a compile-time-checked code) and the
/// value, and nothing else set.
void refuse(RequestInput& in, tables::RuleId rule, std::string_view value);

}  // namespace kvdtype::io::detail
