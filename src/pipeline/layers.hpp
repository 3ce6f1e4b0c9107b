// Internal: one workload's check in two steps. read_layers() does every file and environment
// access the check needs (the command file, the engine config files a command names, the model
// config or the Hugging Face cache, the GPU probe for `gpu = auto`, the installed engine's
// metadata for `engine_version = auto`, the drafter's config) and returns plain data; judge()
// turns that data into the checked result without touching a file, the environment or this
// machine (judge.cpp includes no I/O header: scripts/check_layers.py; tests/unit/test_judge.cpp
// runs it with every file read poisoned). check_input() is the two in a row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kvdtype/io/installed_source.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/model_id.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "sources/readers.hpp"

namespace kvdtype::io::detail {

/// What reading one workload's inputs gave, before any judging: what its inputs' readers read
/// (the launch command, the model: sources/readers.hpp's WorkloadRead), then what this machine
/// says (the GPU probe, the installed engine).
struct Layers : WorkloadRead {
  // User-provided, not defaulted: check_workloads() makes them in place (std::vector<Layers>(n)),
  // and value-initialising a class whose default constructor is implicit zero-fills all ~11 KB
  // before constructing the members. Every member has a constructor or an initialiser.
  Layers() {}  // NOLINT(modernize-use-equals-default)

  // gpu = auto: the probed target, or that this machine has no GPU.
  std::optional<std::string> probed_gpu;
  bool no_gpu_found = false;

  // engine_version = auto: the installed release and where it was read.
  std::string installed_version;
  std::string installed_note;
  /// A release newer than the tables know, judged by its own installed source (read here once).
  InstalledJudgement installed_judged;

  /// The drafter's own local config, read or failing (its error is the drafter's, reported
  /// after the main request is judged, as a check always has).
  std::optional<Result<ModelConfig>> draft_config;
};

/// Read everything one workload's check needs. An Error is bad input (an unreadable file, a
/// command that cannot be split, a probe that found several GPU kinds).
[[nodiscard]] Result<Layers> read_layers(const CheckInput& input);

/// The same, into `layers` (default-made by the caller): what read_layers() returns, made in
/// place instead of moved three times (into the Result, through its constructor's parameter, and
/// into the caller's vector; a Layers is ~11 KB of strings and optionals). nullopt when read;
/// on an Error `layers` holds whatever was read before it and is not to be judged.
[[nodiscard]] std::optional<Error> read_layers_into(const CheckInput& input, Layers& layers);

/// The layers merged (model config, then the launch command, then the explicit fields) with
/// the notes and input findings that merging makes: what read_layers() needs to know what to
/// probe, and where judge() starts. Pure.
struct Merged {
  Checked out;                          ///< notes and input diagnostics so far (see `into`)
  RequestInput input;                   ///< the merged request fields
  /// Where the Checked is made when not `out`: the caller's own (check_workloads() judges into
  /// its WorkloadResult, where moving `out` moved the launch command, ~3 K instructions;
  /// docs/performance.md, twelfth round). Default-made, as `out` is. Read through checked().
  Checked* into = nullptr;
  [[nodiscard]] Checked& checked() { return into != nullptr ? *into : out; }
  [[nodiscard]] const Checked& checked() const { return into != nullptr ? *into : out; }
  /// The launch command with unset variables cleared: kept in the Checked it ends in (judge()'s
  /// result carries it), not moved there at the end (~3 K instructions; docs/performance.md,
  /// twelfth round); nothing that judges reads the Checked's own launch.
  [[nodiscard]] std::optional<LaunchCommand>& launch() { return checked().launch; }
  [[nodiscard]] const std::optional<LaunchCommand>& launch() const { return checked().launch; }
};
[[nodiscard]] Merged merge_layers(const CheckInput& input, const Layers& layers);
/// The same into `merged` (default-made by the caller).
void merge_layers_into(const CheckInput& input, const Layers& layers, Merged& merged);

/// Judge the layers: merge, check, re-check the drafter and the prefill backend, drop ignored
/// codes and apply suppressions. Reads no file and no environment.
[[nodiscard]] Result<Checked> judge(const CheckInput& input, const Layers& layers);
/// The same into `merged` (default-made by the caller): nullopt when judged, the result then in
/// merged.checked(). check_workloads() moves it from there into its WorkloadResult once, where a
/// Result<Checked> moved a Checked three times (docs/performance.md, eleventh round).
[[nodiscard]] std::optional<Error> judge_into(const CheckInput& input, const Layers& layers, Merged& merged);

}  // namespace kvdtype::io::detail
