// kvdtype/io/script.hpp — the serving commands of a shell script, read as a shell would read it.
//
// A launch script sets variables and then starts one server, or several (a multi-node or
// prefill/decode script). Every serving command is found, with the line it starts on, the way a
// shell would reach it — but nothing is ever executed:
//   - variables: `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:=default}`,
//     `${VAR:+alt}`, from the script's own assignments (in order, `+=` too) and the caller's
//     `NAME=value` list (`--env`); an unquoted expansion is split into words as the shell splits it;
//   - bash arrays: `CMD=( vllm serve … )`, `CMD+=( … )`, then `"${CMD[@]}"`, `${CMD[*]}`, `${#CMD[@]}`;
//   - functions defined in the script and called later (`"$@"`, `$1` … are the call's arguments),
//     `set -- …`, `shift`, `eval`;
//   - `for NAME in a b c; do … done`: one command per value (at most kMaxLoopValues);
//   - here-documents and `echo`/`printf` redirected into a file (`cat > config.yaml <<EOF`):
//     the script's own files, which the serving command's `--config` / `--extra_llm_api_options`
//     then reads from the script instead of the disk; `$(cat FILE)` of such a file;
//   - `source FILE` / `. FILE` and wrapper scripts (`./serve.sh ARGS`, `bash run.sh ARGS`) beside
//     the script, when ScriptOptions::base_dir names its directory.
// `$(…)`, backquotes and variables set nowhere stay as written, and the pipeline treats a value
// still holding `$` as unknown (KVD152), never as bad input. Conditions are not evaluated: both
// branches of an `if` are read in order.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// A file a script wrote (a here-document or `echo … > FILE`) before a command, as the path the
/// script named it by.
struct ScriptFile {
  std::string path;
  std::string text;
};

struct ScriptCommand {
  std::vector<std::string> words;  ///< NAME=value environment words, then the command, expanded
  int line = 0;                    ///< 1-based line of the script where the command starts (or is called from)
  std::vector<ScriptFile> files;   ///< the files the script wrote before the command
  std::vector<std::string> notes;  ///< how it was reached: a function, a loop value, a sourced file, a wrapper
};

/// Where the script is, and what it is run with.
struct ScriptOptions {
  /// The script's directory: `source F` and wrapper scripts named by a relative path inside it
  /// are read (bounded, regular files only). Empty: no file is read (a container's script).
  std::string base_dir;
  std::vector<std::string> arguments;  ///< $1 … (`sh -c SCRIPT $0 $1 …`)
};

/// The file `path` names among `files` (`./a` and `a` are one file), or nullptr.
[[nodiscard]] const ScriptFile* find_script_file(std::span<const ScriptFile> files, std::string_view path) noexcept;

/// How a script read from `file` is read: what sits beside it may be ("-" and "" name no place).
[[nodiscard]] ScriptOptions script_options(const std::string& file);

/// Values of one `for` loop read at most (the rest are named in a note).
inline constexpr std::size_t kMaxLoopValues = 32;

/// A script as read: its serving commands, and the programs of its other commands (at most 8,
/// each once, in order) — what it runs instead when it starts no server kvdtype knows.
struct ScriptReading {
  std::vector<ScriptCommand> commands;
  std::vector<std::string> other_programs;
  std::size_t other_commands = 0;  ///< how many commands were not servers (builtins included)
};

/// read_script(), for the serving commands alone.
[[nodiscard]] Result<ScriptReading> read_script(std::string_view text, std::span<const std::string> env,
                                                const ScriptOptions& options = {});

/// Every serving command of `text` (a pasted `$ ` prompt is dropped). Empty when none is found.
/// Unbalanced quotes are an Error (bad_command), and so is a script whose reading (expanded
/// words, the environment every serving command carries, the files it writes) grows past
/// 8 × its size + 1 MiB, or runs more than 65,536 commands (loops over loops).
[[nodiscard]] Result<std::vector<ScriptCommand>> serving_commands(std::string_view text, std::span<const std::string> env,
                                                                  const ScriptOptions& options = {});

/// `$VAR` / `${VAR…}` in `word` expanded from `vars` (NAME=value entries, the last one of a name
/// wins); anything that cannot be expanded stays as written, and so does a word whose expansion
/// would exceed kMaxExpandedBytes.
inline constexpr std::size_t kMaxExpandedBytes = 16u << 20;
[[nodiscard]] std::string expand_variables(std::string_view word, std::span<const std::string> vars);

}  // namespace kvdtype::io
