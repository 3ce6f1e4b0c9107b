// Internal: the launch-command code an engine brings of its own (llama.cpp's tools and images,
// TensorRT-LLM's options file, LMDeploy's subcommands, vLLM's environment variables). launch.cpp
// calls the hooks below; each engine's part lives in its folder
// (src/tables/engines/<engine>/launch_<engine>.cpp, layer `sources`: docs/layers.md) and is
// reached through its registry row (tables::LaunchRecognition::hooks), so that no code here names
// an engine.
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
#include "tables/tables.hpp"

namespace kvdtype::io::launch {
struct Collected;  // launch_parts.hpp
}  // namespace kvdtype::io::launch

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

/// The environment the command sets (NAME=value words): what the engine reads from it (vLLM's
/// attention backend and ROCm AITER switches). No-op for engines without such variables.
void apply_engine_environment(const std::vector<std::string>& env, LaunchCommand& out, launch::Collected& c);

/// Mark a value the engine refuses: the rule that reports it (a compile-time-checked code) and the
/// value, and nothing else set.
void refuse(RequestInput& in, tables::RuleId rule, std::string_view value);

}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

/// One engine's own launch code (tables/tables.hpp declares it; a registry row only points at
/// it), every hook optional (null: the engine has none). An engine's launch_<engine>.cpp defines
/// one `const EngineLaunchHooks <engine>_launch_hooks`; the functions above call the hooks of
/// every row (locate, locate_image) or of the command's engine (the others).
struct EngineLaunchHooks {
  using Found = std::optional<Result<io::detail::EngineProgram>>;
  /// w[i] is one of the engine's programs: as locate_engine_program.
  Found (*locate)(const std::vector<std::string>& w, std::size_t i) = nullptr;
  /// An image whose entrypoint is the engine's server: as locate_engine_image.
  Found (*locate_image)(const std::vector<std::string>& w, std::string_view image, std::size_t args) = nullptr;
  /// As finish_engine_launch.
  std::optional<Error> (*finish)(io::LaunchCommand& out, const io::LaunchOptions& options) = nullptr;
  /// As note_engine_program.
  void (*note_program)(io::LaunchCommand& out, std::string_view word) = nullptr;
  /// As apply_engine_environment.
  void (*environment)(const std::vector<std::string>& env, io::LaunchCommand& out, io::launch::Collected& c) = nullptr;
};

}  // namespace kvdtype::tables
