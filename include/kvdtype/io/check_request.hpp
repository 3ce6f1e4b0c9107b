// kvdtype/io/check_request.hpp — one call for everything `kvdtype check` can be asked.
//
// A face (the CLI, the C ABI, the Python module) fills a CheckRequest with what its caller
// gave — explicit fields, a launch command, one list of inputs (a model, command files,
// manifests, --env), --ignore, --fail-on — and run_check() decides which path the check takes,
// as the CLI always has:
//   - manifests (any input that holds workloads of its own), or a gpu naming several targets ("H100,MI300X")  → several results (Checks);
//   - one command text or command file holding several serving commands → one result each;
//   - several command files → one result each;
//   - otherwise → one checked workload (Checked).
// The face only renders the answer and maps CheckOutcome::rejected() to its exit status.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kvdtype/io/input.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// Everything a check can be given. Every part is optional, but not all at once.
struct CheckRequest {
  RequestInput fields;                     ///< explicit fields: win over the launch command and the model config
  RequestInput defaults;                   ///< used where nothing else says (kvdtype serve's defaults)
  /// The model, command files, manifests (or directories to walk) and NAME=VALUE environment,
  /// in the order given (kvdtype/io/input.hpp); add() and set() fill it.
  std::vector<InputRef> inputs;
  std::vector<std::string> command;        ///< a launch command as words; one word holding blanks is shell text
  std::vector<std::string> include;        ///< a walked directory's files to read (globs; default *.yaml, *.yml, *.json)
  std::vector<std::string> exclude;        ///< a walked directory's files and directories to leave out (globs)
  std::size_t max_files = 10000;           ///< a walked directory holding more manifest files is bad input
  std::vector<std::string> ignore;         ///< rule codes to drop, each "KVDnnn" or a list "KVDnnn,KVDnnn"
  std::string fail_on = "error";           ///< "error", "incomplete" or "warning": the lowest verdict that rejects
  bool verbose = false;                    ///< keep the launch-command flags that were ignored
  /// Check a request with no input at all (every field unknown) instead of refusing it as
  /// "nothing to check": Python's kvdtype.check() answers a Plan of unknowns, the CLI refuses.
  bool allow_empty = false;

  /// Append an input: add(InputKind::manifest, "k8s.yaml").
  void add(InputKind kind, std::string value) { inputs.push_back({kind, std::move(value)}); }
  /// The one input of `kind` (the model): replaced, or removed when `value` is empty.
  void set(InputKind kind, std::string value);
  /// The values of the inputs of `kind`, in the order given.
  [[nodiscard]] std::vector<std::string> values(InputKind kind) const;
};

/// Bad input (the CLI's exit status 2): the error and what it is about (kvdtype.error/v1's
/// "input": a file, the command, a flag such as "--env", or "flags").
struct CheckFailure {
  Error error;
  std::string input;
};

/// What run_check() answers: exactly one of `one`, `several` or `failure` is set.
struct CheckOutcome {
  std::optional<Checked> one;        ///< one workload: its report (kvdtype.check/v1)
  std::optional<Source> source;      ///< where `one` came from when it was read from a script or command file
  std::optional<Checks> several;     ///< several workloads: kvdtype.checks/v1
  std::optional<CheckFailure> failure;
  Verdict fail_on = Verdict::error;  ///< the request's --fail-on, parsed: the lowest verdict that rejects

  /// The worst verdict of the answer (error for a failure).
  [[nodiscard]] Verdict verdict() const;
  /// Whether the verdict reaches fail_on: the CLI's exit status 1.
  [[nodiscard]] bool rejected() const;
  /// `one` as a Checks of one result with its source (SARIF and GitHub annotations name the
  /// file and line); `several` as it is. Empty for a failure.
  [[nodiscard]] Checks as_checks() const&;
  /// The same, moved out of this outcome: a manifest's results are ~24 KB per workload, and the
  /// copy doubled the peak memory (and its page faults) of a check of a thousand workloads.
  [[nodiscard]] Checks as_checks() &&;
};

/// Validate the request's own values (env, ignore, fail_on, which inputs go together), then
/// check it along the path its inputs call for (see the top of this header). Bad input is a
/// failure in the outcome, never an exception.
[[nodiscard]] CheckOutcome run_check(const CheckRequest& request);

/// --fail-on's value → the lowest verdict that rejects: error, incomplete (incomplete or error),
/// warning (warn, incomplete or error). Anything else is bad input naming the three.
[[nodiscard]] Result<Verdict> parse_fail_on(std::string_view text);

/// The request's input as kvdtype.error/v1 names it: the first command file, the command's
/// words, the model, or "flags".
[[nodiscard]] std::string input_name(const CheckRequest& request);

/// kvdtype request arguments ("check --gpu H100 --kv-cache-dtype fp8 …", the leading
/// subcommand optional, an engine launch command after "--" as on the CLI, the flags winning over
/// it) → RequestInput. Unknown flags, missing values and a bad launch command are an Error.
/// Rule triggers and deployment triggers are written so.
[[nodiscard]] Result<RequestInput> request_from_args(std::span<const std::string> args);

}  // namespace kvdtype::io
