// kvdtype/io/installed_version.hpp — which engine release is installed, read from the Python
// distribution metadata on disk (never by running Python), and which release a script pins.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/engine.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// Where to look. The default (from_environment) reads $VIRTUAL_ENV, $CONDA_PREFIX and $HOME
/// and lists the system prefixes; tests pass their own.
struct InstallSearch {
  std::optional<std::string> virtual_env;   ///< a venv root: ROOT/lib/python3.*/site-packages
  std::optional<std::string> conda_prefix;  ///< a conda env root, same layout
  std::vector<std::string> system_prefixes = {"/usr/local", "/usr"};  ///< PREFIX/lib/python3*/{site,dist}-packages
  std::optional<std::string> user_home;     ///< HOME/.local/lib/python3.*/site-packages (after the system)

  [[nodiscard]] static InstallSearch from_environment();
};

/// An installed distribution of an engine.
struct InstalledEngine {
  Engine engine{};
  std::string distribution;  ///< "vllm", "sglang", "tensorrt_llm", "lmdeploy"
  std::string version;       ///< the Version: field, verbatim ("0.25.1+cu126")
  std::string metadata;      ///< path of the METADATA / PKG-INFO file read
};

/// The engine's installed release: the first `<dist>-*.dist-info/METADATA` (or `.egg-info`
/// PKG-INFO) whose Name: is the engine's distribution, searching the venv, then conda, then the
/// system directories, then the user's. Not found, unreadable or a Version: that is no version:
/// an Error naming where it looked.
[[nodiscard]] Result<InstalledEngine> installed_engine_version(Engine engine,
                                                               const InstallSearch& search = InstallSearch::from_environment());

/// The distribution names of an engine (pip spelling, normalized): vllm → {"vllm"},
/// trtllm → {"tensorrt_llm"}; empty for engines that are no Python distribution (llama.cpp).
[[nodiscard]] std::vector<std::string> engine_distributions(Engine engine);

/// The release a shell script pins for the engine (`pip install vllm==0.25.1`, `uv pip install
/// "sglang[all]==0.5.14"`); "" when none.
[[nodiscard]] std::string engine_version_pinned_in(std::string_view script, Engine engine);

/// The engine a version probe is about: input.engine, vllm when empty (the request's default).
[[nodiscard]] Result<Engine> probed_engine(const RequestInput& input);

/// --engine-version auto: when input.engine_version is "auto", replace it by the installed release
/// of input.engine (vllm when empty). Returns a note saying where it came from ("" when nothing
/// was resolved) or the Error of installed_engine_version.
[[nodiscard]] Result<std::string> resolve_auto_engine_version(RequestInput& input,
                                                              const InstallSearch& search = InstallSearch::from_environment());

/// Lines for a report's notes: the release assumed when none was given (the newest known), and,
/// with verbose, the known bugs that match the request but are fixed in its release.
[[nodiscard]] std::vector<std::string> engine_release_notes(const Report& report, bool verbose);

}  // namespace kvdtype::io
