// The project configuration: `.kvdtype.toml`, or `[tool.kvdtype]` in `pyproject.toml`, found by
// walking up from the working directory as ruff finds its own (the nearest wins). It gives
// `kvdtype check` and `resolve` defaults; flags on the command line win. docs/configuration.md.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kvdtype/io/check_request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::cli {

struct Config {
  std::filesystem::path path;                  ///< the file read; empty when there was none
  std::map<std::string, std::string> fields;   ///< request fields (engine, engine_version, gpu)
  std::optional<std::string> fail_on, format;
  std::vector<std::string> ignore;             ///< as --ignore
  /// per-file-ignores: a glob (relative to the file's directory) → the codes silenced there.
  std::vector<std::pair<std::string, std::vector<std::string>>> per_path_ignores;
  std::vector<std::string> include, exclude;   ///< for --manifest DIR, as --include / --exclude
  std::optional<std::size_t> max_files;
};

/// The configuration to use: `explicit_file` when given (--config), none when `isolated`,
/// else the nearest `.kvdtype.toml` or `pyproject.toml` holding `[tool.kvdtype]` from `start`
/// up to the file system's root. A file that cannot be read, is not TOML, or holds a key or
/// value kvdtype does not take is an Error naming it and the valid ones (exit 2).
[[nodiscard]] Result<Config> load_config(const std::filesystem::path& start, const std::string& explicit_file, bool isolated);

/// Silence, in every result whose file matches a per-file-ignores glob, the codes named for it:
/// the findings are listed as suppressed (origin "config"), out of the verdict.
void apply_per_path_ignores(io::CheckOutcome& outcome, const Config& config, const io::CheckRequest& request);

}  // namespace kvdtype::cli
