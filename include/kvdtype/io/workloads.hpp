// kvdtype/io/workloads.hpp — several workloads checked together: `kvdtype.checks/v1`.
//
// A manifest, a compose file, a script with several serving commands or several command files
// hold several workloads. Each is checked by the pipeline on its own (a result per workload,
// with where it came from); what concerns several of them together (prefill and decode pools
// that exchange KV bytes) is a deployment diagnostic beside the results.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype::io {

/// Where a workload came from. Empty strings and -1/0 are "not applicable".
struct Source {
  std::string file;       ///< the input file ("-" for standard input), empty for flags
  int document = -1;      ///< YAML document index in a multi-document file
  int line = 0;           ///< 1-based line of the command (or container), 0 unknown
  std::string kind;       ///< Kubernetes kind, "compose service", "script", "command file"
  std::string name;       ///< object or service name
  std::string container;  ///< container name
  std::string gpu;        ///< the target this result is for, when the run names several (`--gpu H100,MI300X`)
};

/// One serving command found in an input, ready for the pipeline.
struct Workload {
  Source source;
  CheckInput input;
  std::vector<std::string> notes;  ///< what the reader assumed or could not know (added to the result's notes)
};

/// One workload's outcome: its checked report, or the reason its input could not be checked
/// (a bad value inside a checked file is the file's problem, an error result, not bad input).
struct WorkloadResult {
  Source source;
  std::optional<Checked> checked;
  std::optional<Error> input_error;

  [[nodiscard]] Verdict verdict() const { return checked ? checked->verdict() : Verdict::error; }
};

/// A finding about several workloads together.
struct DeploymentDiagnostic {
  const Rule* rule = nullptr;
  Severity severity = Severity::error;
  std::string message;
  std::string fix;
  std::vector<std::size_t> results;  ///< indexes into Checks::results
  /// For a finding about a whole input and no workload in it (a file holding none): that input,
  /// its file and line 1, so that SARIF, annotations and reports can point at it. Empty otherwise.
  Source input;
};

/// Every result and the deployment diagnostics.
struct Checks {
  std::vector<WorkloadResult> results;
  std::vector<DeploymentDiagnostic> diagnostics;
  std::vector<std::string> notes;  ///< about the inputs as a whole (containers that are not servers, …)

  /// The worst verdict of every result and deployment diagnostic (ok when there is none).
  [[nodiscard]] Verdict verdict() const;
};

/// Check each workload as check_input() does, in order — every workload's files read before the
/// first is judged — then the workloads that exchange KV together (deployment.cpp: rules
/// KVD300–KVD329).
[[nodiscard]] Checks check_workloads(std::span<const Workload> workloads);

/// The deployment diagnostics of checked results: the servers that exchange KV (same connector,
/// producer and consumer roles) compared pair by pair. check_workloads() calls it.
[[nodiscard]] std::vector<DeploymentDiagnostic> check_deployment(std::span<const WorkloadResult> results);

/// The fleet view: a gpu field naming several targets ("H100,MI300X") gives one workload per
/// target, each with Source::gpu set; other workloads are kept as they are. An empty name
/// between commas is an Error (bad input).
[[nodiscard]] Result<std::vector<Workload>> expand_fleet(std::vector<Workload> workloads);

/// Whether a gpu value names several targets.
[[nodiscard]] bool is_fleet(std::string_view gpu) noexcept;

/// `kvdtype.checks/v1` (JSON), or the results one after another with their sources (text,
/// Markdown).
[[nodiscard]] std::string render_checks(const Checks& checks, OutputFormat format, TextStyle style = {});

// The findings formats' renderers (render_sarif, render_github, render_junit, render_gitlab …) are
// declared from their lines of kvdtype/io/output_format_list.def (kvdtype/io/render.hpp).

/// One line per finding of at least `shown` severity, `path:line: severity KVDxxx message`
/// (`kvdtype check -q`); unreadable input is always listed.
[[nodiscard]] std::string render_finding_lines(const Checks& checks, Severity shown);

/// The workloads of a script or command file: one per serving command it holds (with the line
/// it starts on), each checked with `base`'s other inputs. `base.command_text` or
/// `base.command_file` names the script; `file` is its name in the sources. A script with no
/// serving command gives one workload (its check reports why) — unless `found_instead` is given
/// and the script runs several other programs: then no workload, and their names there.
[[nodiscard]] Result<std::vector<Workload>> script_workloads(const CheckInput& base, const std::string& file,
                                                             std::vector<std::string>* found_instead = nullptr);

/// The finding of an input that holds no serving workload (KVD080, a warning: the verdict is
/// incomplete, and `--fail-on incomplete` rejects it): a file CI would otherwise pass unread.
/// `found` says what the file holds instead (programs, kinds skipped).
[[nodiscard]] DeploymentDiagnostic no_workload(const std::string& file, std::span<const std::string> found);

}  // namespace kvdtype::io
