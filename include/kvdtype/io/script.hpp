// kvdtype/io/script.hpp — the serving commands of a shell script, with its variables expanded.
//
// A launch script sets variables and then starts one server, or several (a multi-node or
// prefill/decode script). Every serving command is found, with the line it starts on; `$VAR`,
// `${VAR}`, `${VAR:-default}`, `${VAR-default}` and `${VAR:=default}` are expanded from the
// script's own assignments (in order) and from the caller's `NAME=value` list (`--env`). Nothing
// is executed: `$(…)`, backquotes and variables set nowhere stay as written, and the pipeline
// treats a value still holding `$` as unknown (KVD152), never as bad input.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::io {

struct ScriptCommand {
  std::vector<std::string> words;  ///< NAME=value environment words, then the command, expanded
  int line = 0;                    ///< 1-based line where the command starts
};

/// Every serving command of `text` (a pasted `$ ` prompt is dropped). Empty when none is found.
/// Unbalanced quotes are an Error (bad_command), and so is a script whose variable expansion
/// (with the environment every serving command carries) grows past 8 × its size + 1 MiB.
[[nodiscard]] Result<std::vector<ScriptCommand>> serving_commands(std::string_view text, std::span<const std::string> env);

/// `$VAR` / `${VAR…}` in `word` expanded from `vars` (NAME=value entries, the last one of a name
/// wins); anything that cannot be expanded stays as written, and so does a word whose expansion
/// would exceed kMaxExpandedBytes.
inline constexpr std::size_t kMaxExpandedBytes = 16u << 20;
[[nodiscard]] std::string expand_variables(std::string_view word, std::span<const std::string> vars);

}  // namespace kvdtype::io
