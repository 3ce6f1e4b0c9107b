// Internal: the parts of launch-command reading (kvdtype/io/launch.hpp), one concern per file —
// the wrappers and containers in front of the program (launch_wrappers.cpp), its flags
// (launch_read_flags.cpp, with the flag table of launch_flags_<engine>.cpp), the environment it runs with
// (launch_environment.cpp) and its speculative drafter (launch_drafter.cpp). launch.cpp puts them
// together in parse_launch_command().
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io::launch {

using json = nlohmann::json;

inline bool starts_with(std::string_view s, std::string_view p) noexcept { return s.substr(0, p.size()) == p; }

// A Windows path (F:\llama\llama-server.exe, from a .bat file or cmd.exe line) names its program
// after the last backslash as a POSIX path does after the last slash.
// A loop rather than find_last_of("/\\"), which asks memchr of the set for every character
// (~365 instructions a word; every word of every launch command passes here).
inline std::string_view basename(std::string_view path) noexcept {
  for (std::size_t i = path.size(); i > 0; --i)
    if (path[i - 1] == '/' || path[i - 1] == '\\') return path.substr(i);
  return path;
}

inline bool is_number(std::string_view s) noexcept {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty()) return false;
  bool digit = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') digit = true;
    else if (c != '.') return false;
  }
  return digit;
}

// A word that is not a flag: argparse treats "-1" as a value, and "-" alone as a value too.
inline bool is_flag(std::string_view w) noexcept { return w.size() > 1 && w[0] == '-' && !is_number(w); }

// A launch command kvdtype cannot read: bad input naming what is wrong.
inline Error bad(std::string message) { return Error{ErrorCode::bad_command, std::move(message)}; }

// Where the serving program's arguments start, behind the wrappers (launch_wrappers.cpp).
struct Located {
  Engine engine{};               // always set by the code that found the program
  std::size_t args = 0;          // index of the first argument after the program (and subcommand)
  bool positional_model = false; // `vllm serve MODEL`, `trtllm-serve MODEL`
  std::string engine_version;    // from a docker image tag
};

// What the flags say beyond RequestInput's fields, settled once every flag is read.
struct Collected {
  std::string backend, attention_config_backend, prefill_backend, decode_backend;
  std::string spec_algorithm, spec_model, spec_draft_tp, spec_draft_backend;
  json spec = json::object();
  bool speculative = false;
  std::vector<std::string> unknown_values;  // values taken by unknown flags (for the model fix-up)
  std::string disaggregation_backend;        // SGLang, applied once the mode is known
};

/// The serving program behind the wrappers (env, nohup, sudo, numactl, docker run IMAGE, …)
/// starting at w[i]; the environment they set is appended to `env`.
Result<Located> locate(const std::vector<std::string>& w, std::size_t i, std::vector<std::string>& env);

/// Where `sh -c 'script'` (bash, zsh, dash; -lc, -ec …; `sh -c -- 'script'`) sits in w, if anywhere.
struct ShellScript {
  std::size_t shell = 0, script = 0;  ///< indices of the shell and of its script
};
std::optional<ShellScript> shell_script_at(const std::vector<std::string>& w);

/// Where `cmd /c COMMAND LINE` or `cmd /k …` (cmd.exe, any case, its other switches before it)
/// sits in w: the words after the switch are one cmd.exe command line (read by
/// expand_shell_scripts as cmd.exe reads it: sources/shell/windows_lines.cpp). `script` is the
/// first of them.
std::optional<ShellScript> cmd_script_at(const std::vector<std::string>& w);

/// The words with each `sh -c 'script'` replaced by the script's words (four levels at most).
Result<std::vector<std::string>> expand_shell_scripts(std::vector<std::string> w);

/// Whether the words run a serving program kvdtype knows.
bool is_launch(const std::vector<std::string>& words);
/// Whether `words` is a serving command and why it could not be read to the end (io::read_command).
/// The words are taken (moved in by a caller that has no more use for them, copied otherwise).
CommandReading read_command(std::vector<std::string> words);
/// io::read_command() of words the caller hands over: the same answer, the same exceptions caught.
CommandReading read_command_of(std::vector<std::string> words);

/// Read the flags after `at` into `out` (RequestInput fields) and `c` (the rest).
std::optional<Error> read_flags(const std::vector<std::string>& w, const Located& at, LaunchCommand& out, Collected& c);

/// The environment the command sets (NAME=value words, docker -e) for the engine of `out`: an
/// LMCache endpoint, and what the engine's own launch hook reads (vLLM's backend and ROCm AITER
/// switches).
void apply_environment(const std::vector<std::string>& env, LaunchCommand& out, Collected& c);

/// The speculative drafter the command runs, as a request of its own (LaunchCommand::draft).
void read_drafter(LaunchCommand& out, Collected& c);

/// parse_launch_command() into `out` (default-made by the caller), which the webhook's launch
/// reader makes in place: the Result's two moves of a LaunchCommand and the caller's third are
/// not made. On an Error, `out` holds what was read before it and is to be discarded.
/// `given_release`: an explicit --engine-version, which the options and value forms are read as
/// (over an image tag); `default_release`: the one read as where neither it nor the command names
/// one (a task's pinned install). Neither changes the request's engine_version.
std::optional<Error> parse_launch_command_into(std::span<const std::string> argv, const LaunchOptions& options,
                                               LaunchCommand& out, std::string_view given_release = {},
                                               std::string_view default_release = {});

}  // namespace kvdtype::io::launch
