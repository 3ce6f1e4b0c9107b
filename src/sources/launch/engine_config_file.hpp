// Internal: engines' YAML config files of flags (`vllm serve MODEL --config FILE`,
// `python -m sglang.launch_server --config FILE`), read into the words the engine inserts.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// The flags a config file holds, as words: `key: value` → `--key value`, `key: true` → `--key`,
/// `key: false` and `key: null` → nothing, a list → `--key item …`, a map → `--key <JSON>`.
/// An unreadable, oversized or malformed file, or one that is not a map of flags, is an Error
/// (bad_file) naming the file (and the line, for YAML syntax errors).
/// vLLM reads .yaml/.yml only; SGLang also .json (server_args_config_parser.py handles both).
/// A file the launching script wrote (`files`, kvdtype/io/script.hpp) is read from its text;
/// any other through the engine_config row (sources/readers.hpp), by `options.read_named` when set.
[[nodiscard]] Result<std::vector<std::string>> config_file_words(const std::string& path, Engine engine,
                                                                 std::span<const ScriptFile> files = {},
                                                                 const LaunchOptions& options = {});

/// `w` with every `--config FILE` (or `--config=FILE`) after `args_at` replaced the way the
/// engine merges it: the file's flags go right after the subcommand and positional model (vLLM's
/// FlexibleArgumentParser._pull_args_from_config) — ahead of the command line's own flags, so
/// those win. SGLang documents the same rule ("CLI arguments will override config file values").
/// Engines other than vLLM and SGLang are returned unchanged.
/// With `open_files` false, or a path still holding `$` (a variable nothing set), the file is not
/// opened — its flag is dropped and its path appended to `unread` — unless the launching script
/// wrote it (`files`).
[[nodiscard]] Result<std::vector<std::string>> splice_config_files(std::vector<std::string> w, std::size_t args_at,
                                                                   bool positional_model, Engine engine,
                                                                   std::string* file_read = nullptr,
                                                                   std::vector<std::string>* unread = nullptr,
                                                                   std::span<const ScriptFile> files = {},
                                                                   bool open_files = true,
                                                                   const LaunchOptions& options = {});

}  // namespace kvdtype::io::detail
