// Internal (io): the reader table, one row per input kind (kvdtype/io/input.hpp), in
// src/sources/readers.cpp. A row says how the kind is read and how every face names it: the CLI
// flag and its help, the Python keyword, the C number (kvdtype.h's KVD_INPUT_*). The pipeline
// reads every input through its row before anything is checked (check_request.cpp,
// manifest_inputs.cpp, read_layers.cpp); the faces build their input options from the rows. An
// input kind is one reader and one row.
//
// Two moments of reading, one signature: the kinds a caller names (model, command file,
// environment, manifest) are gathered for the whole request (gather()); the kinds a workload
// names (its launch command, the model it names, the files its flags name) are read for that
// workload by pipeline/read_layers.cpp into Gathered::read, each file once
// (sources/readers_workload.cpp). The webhook reads its request body through the
// AdmissionReview row.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/input.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/model_id.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// A file a launch command's flag names (an engine config file, a TRT-LLM options file), as its
/// row read it: kept by path so that a second mention is not a second read.
struct NamedFile {
  InputKind kind;
  std::string path;
  std::string text;
};

/// What the readers of one workload's own inputs read (pipeline/read_layers.cpp), before any
/// judging: its launch command and the model it names.
struct WorkloadRead {
  // The launch command: its words (a script's first serving command, variables expanded), the
  // files the script wrote before it, how it was reached, and the script's text (its
  // `pip install ENGINE==X` lines name the release).
  std::vector<std::string> words;
  std::vector<ScriptFile> files;
  std::vector<std::string> script_notes;
  std::string script;
  std::optional<LaunchCommand> launch;  ///< parsed, the files its flags name read
  std::vector<NamedFile> named;         ///< those files, each read once

  // The model: the note that says where its facts came from (or why they are unknown), and
  // those facts. `unknown_model` is a model nothing knows (KVD153).
  std::string model_note;
  std::optional<ModelConfig> model_config;
  std::optional<ResolvedModel> resolved;
  std::string unknown_model;
};

/// An AdmissionReview body as its row read it: the envelope the webhook answers with, and
/// whether request.object could be read (its serving workloads go to Gathered::workloads).
struct ReviewHeader {
  std::string api_version;
  std::string uid, operation, namespace_, name;
  std::string request_kind;  ///< request.kind.kind
  bool has_object = false;   ///< request.object is an object
  std::string metadata_name, metadata_generate_name;
  /// request.object held something kvdtype could not read: a server it did not judge may be in
  /// it (the webhook denies, or warns under --on-unreadable warn).
  std::optional<Error> object_unreadable;
};

/// What the readers gathered, before any check: the layers every workload starts from (`base`:
/// the model, the environment), the workloads, and what the inputs say about themselves
/// (containers that are no server, files that hold no workload). For one workload's own inputs,
/// `base` is that workload's input and `read` receives what its readers read.
struct Gathered {
  CheckInput base;
  /// Where the readers take the base from when not `base` itself: the caller's own, held for
  /// the reading (read_layers_into(), the webhook's review). A CheckInput is two RequestInputs
  /// of 60 strings and more; copying it into `base` was ~4 K instructions a time
  /// (docs/performance.md, twelfth round). Read through input().
  const CheckInput* base_from = nullptr;
  /// Where one workload's readers write when not `read` itself: the caller's Layers
  /// (read_layers_into()), which `read` was moved into whole. Written through workload().
  WorkloadRead* read_to = nullptr;
  std::vector<Workload> workloads;
  std::vector<std::string> notes;                ///< "skipped Deployment/x container …"
  std::vector<DeploymentDiagnostic> no_workload; ///< one per file holding no serving workload
  WorkloadRead read;
  /// The AdmissionReview row's reading of a webhook body (its request's identity, the object's
  /// serving workloads in `workloads`), for the webhook to answer from.
  std::optional<ReviewHeader> review;
  std::size_t chart_values = 0;  ///< documents the manifests held that were read as Helm chart values

  [[nodiscard]] const CheckInput& input() const { return base_from != nullptr ? *base_from : base; }
  [[nodiscard]] WorkloadRead& workload() { return read_to != nullptr ? *read_to : read; }
};

/// Every reader's signature: add what `input` holds to `into` (a layer of `into.base`, or
/// workloads each starting from `into.base`); an unreadable or unparseable input, or a bad
/// value, is an Error (bad input), never a dropped file.
using ReadInput = std::optional<Error> (*)(const InputRef& input, Gathered& into);

/// How a face takes the kind's value: one path, a list of paths, or NAME=VALUE words.
enum class InputValue : unsigned char { path, paths, assignments };

struct Reader {
  InputKind kind;
  std::string_view name;        ///< how messages and docs name the kind ("manifest")
  std::string_view flag;        ///< the CLI flag ("--manifest"); messages name it, Python renames it
  std::string_view keyword;     ///< the Python keyword of kvdtype.check() ("manifest")
  int c_number;                 ///< kvd_request_add_input's KVD_INPUT_* value; -1: none (the C ABI's "model" field)
  std::string_view c_name;      ///< that constant's name ("KVD_INPUT_MANIFEST")
  InputValue value;             ///< one path, several, or NAME=VALUE words
  std::string_view value_name;  ///< the CLI's type name ("PATH", "NAME=VALUE")
  std::string_view help;        ///< the CLI flag's help
  /// A layer of every workload's request (the model, the environment), read before any input
  /// that holds workloads; it alone is nothing to check.
  bool layer;
  /// Whether given alone it is something to check ("nothing to check" otherwise).
  bool checkable;
  /// Without other workload inputs it is checked as a script: one result, or one per serving
  /// command it holds (a command file). Any other input holding workloads makes the check
  /// kvdtype.checks/v1 and cannot go with a launch command after --.
  bool script;
  /// For a kind no caller names (its flag, keyword and C number empty): what names it ("the
  /// launch command's --config"), for messages and docs/inputs.md. Empty for a face's own kind.
  std::string_view named_by;
  /// Inputs holding workloads are gathered by this rank, then in the order given: manifests (1)
  /// before command files (2), the order kvdtype.checks/v1 has always listed their results.
  unsigned char gather_rank;
  ReadInput read;
};

/// The table, one row per InputKind in its order (the CLI lists the flags in this order).
[[nodiscard]] std::span<const Reader> readers() noexcept;

/// The row of `kind`.
[[nodiscard]] const Reader& reader(InputKind kind) noexcept;

/// Whether a caller may give the kind (a face names it: --model, --command-file, --env,
/// --manifest), as against one read where another input names it.
[[nodiscard]] constexpr bool given_by_caller(const Reader& row) noexcept { return row.named_by.empty(); }

/// A file a launch command's flag names, read through its row (`kind`: engine_config or
/// trtllm_options) into `into.read.named`, or found there when it was read before: its text, or
/// the row's Error (the path's problem alone: "no such file", "larger than 1 MiB; …"). The
/// launch parsers reach the rows through LaunchOptions::read_named, or this with a Gathered of
/// their own.
[[nodiscard]] Result<std::string> read_named_file(InputKind kind, const std::string& path, Gathered& into);

/// Fail closed: an input of a kind no caller gives (its row's named_by set) is bad input naming
/// what does name it, never read out of place nor dropped; nullopt for a face's own kind.
[[nodiscard]] std::optional<Error> not_given(const InputRef& input);

/// The same for a launch parser: through `options.read_named` when the pipeline set it, else
/// through the rows with a Gathered of its own.
[[nodiscard]] Result<std::string> read_named_file(const LaunchOptions& options, InputKind kind, const std::string& path);

// The rows' readers of one workload's own inputs (readers_workload.cpp) and of a webhook body
// (readers_review.cpp); the rows in readers.cpp name them.
std::optional<Error> read_launch_command_input(const InputRef& input, Gathered& into);
std::optional<Error> read_model_config_input(const InputRef& input, Gathered& into);
std::optional<Error> read_gguf_input(const InputRef& input, Gathered& into);
std::optional<Error> read_hub_id_input(const InputRef& input, Gathered& into);
std::optional<Error> read_engine_config_input(const InputRef& input, Gathered& into);
std::optional<Error> read_trtllm_options_input(const InputRef& input, Gathered& into);
std::optional<Error> read_admission_review_input(const InputRef& input, Gathered& into);

/// The row whose C number is `c_number`; nullptr when none is.
[[nodiscard]] const Reader* reader_of_c_number(int c_number) noexcept;

/// Read the inputs through their rows into `into`: first the layers, in the order given, then
/// (unless `layers_only`) the inputs holding workloads by their rows' gather_rank, each kind in
/// the order given. The first Error stops the reading.
[[nodiscard]] std::optional<Error> gather(std::span<const InputRef> inputs, Gathered& into, bool layers_only = false);

}  // namespace kvdtype::io::detail
