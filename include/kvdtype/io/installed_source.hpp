// kvdtype/io/installed_source.hpp — an installed engine read as a second source: the kv-cache
// strings and each backend's declared lists, read statically from the engine's own Python source
// (or llama.cpp's common/arg.cpp in a source tree). The engine is never imported or run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// A list read from a file, and where (`file` relative to the root read, 1-based `line`).
struct InstalledList {
  std::vector<std::string> values;
  std::string file;
  std::uint32_t line = 0;

  [[nodiscard]] std::string where() const { return file + ":" + std::to_string(line); }
};

/// One backend the installed source declares.
struct InstalledBackend {
  std::string name;   ///< the engine's spelling ("FLASHINFER", "fa3")
  std::string file;   ///< where it is declared
  std::uint32_t line = 0;
  std::optional<InstalledList> kv_cache_dtypes, model_dtypes, head_sizes, block_sizes;
  /// Methods that can accept more or fewer values than the lists say ("supports_kv_cache_dtype
  /// (line 447)"): the lists are then declared, not the whole truth.
  std::vector<std::string> gates;
};

/// What was read from one installed engine.
struct InstalledFacts {
  Engine engine{};
  std::string root;     ///< the site-packages directory or source tree read
  std::string version;  ///< the distribution's Version: ("" when read from a source tree)
  std::optional<InstalledList> vocabulary;  ///< the accepted kv-cache strings
  std::optional<InstalledList> storage;     ///< "string=torch dtype" of the cache tensor ("fp8=uint8")
  std::vector<InstalledBackend> backends;
  /// Where a fact could not be read: "could not read <what> in <file>:<line>" (never guessed).
  std::vector<std::string> notes;
};

/// Read `engine`'s facts under `root` by the installed-sources table (which files, which names):
/// for Python engines `root` is a site-packages directory holding the engine's package, for
/// llama.cpp a source tree holding common/arg.cpp. An Error when no file the table names exists
/// there (a wrong root), or for an engine the table has no rows for.
[[nodiscard]] Result<InstalledFacts> read_installed_source(Engine engine, const std::string& root);

/// The installed engine found where `--engine-version auto` looks (installed_engine_version),
/// read by read_installed_source from its site-packages directory, with its version.
[[nodiscard]] Result<InstalledFacts> read_installed_engine(Engine engine, const InstallSearch& search = InstallSearch::from_environment());

/// Values added (installed, not in the tables) and removed (in the tables, not installed).
struct ListDiff {
  std::vector<std::string> added, removed;
  [[nodiscard]] bool empty() const noexcept { return added.empty() && removed.empty(); }
};

/// The difference between kvdtype's tables and an installed engine.
struct InstalledDiff {
  Engine engine{};
  std::string root, version;
  std::string vocabulary_at;  ///< file:line of the installed strings ("" when not read)
  ListDiff strings;           ///< kv-cache strings
  ListDiff backends;          ///< backend names
  std::string storage_at;     ///< file:line of the installed storage map ("" when not read)
  /// Strings whose cache tensor the installed map and the tables' storage rule disagree on:
  /// "nvfp4: installed uint8, tables element".
  std::vector<std::string> storage;
  struct Backend {
    std::string name, at;     ///< at: file:line of its class
    ListDiff kv_cache_dtypes, model_dtypes, head_sizes;
    std::vector<std::string> gates;
  };
  std::vector<Backend> changed;  ///< backends in both whose declared lists differ (or are gated)
  std::vector<std::string> notes;
};

[[nodiscard]] InstalledDiff diff_installed(const InstalledFacts& facts);

/// The diff as text (one line per change) or as one JSON object (kind kvdtype.installed-diff/v1).
[[nodiscard]] std::string render_installed_diff(const InstalledDiff& diff, bool json);

/// --engine-version auto with a release newer than the tables know: the installed source judges
/// the vocabulary. Notes name the installed file:line a fact came from.
struct InstalledJudgement {
  std::vector<std::string> notes;
  /// The requested string is one the installed engine accepts and the tables have no row for:
  /// the checks that need its formats cannot run (an incomplete result, never a silent yes).
  bool unmodelled = false;
  /// The requested string is one the installed engine does not accept (it refuses it at
  /// start-up): the message of that finding, naming the file:line and the nearest strings.
  std::string rejected;
  std::string valid;  ///< the installed strings, for the finding's fix
};

/// Called where `--engine-version auto` is resolved (input.engine_version already replaced by the
/// installed release): nothing (no notes) unless that release is newer than the newest the
/// tables know; then the installed source is read once, before the request is built.
[[nodiscard]] InstalledJudgement judge_with_installed(const RequestInput& input,
                                                      const InstallSearch& search = InstallSearch::from_environment());

}  // namespace kvdtype::io
