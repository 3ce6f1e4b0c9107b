// Internal (io): the reader table, one row per input kind (kvdtype/io/input.hpp), in
// src/sources/readers.cpp. A row says how the kind is read and how every face names it: the CLI
// flag and its help, the Python keyword, the C number (kvdtype.h's KVD_INPUT_*). The pipeline
// reads every input through its row before anything is checked (check_request.cpp,
// manifest_inputs.cpp); the faces build their input options from the rows. An input kind is one
// reader and one row.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/input.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// What the readers gathered, before any check: the layers every workload starts from (`base`:
/// the model, the environment), the workloads, and what the inputs say about themselves
/// (containers that are no server, files that hold no workload).
struct Gathered {
  CheckInput base;
  std::vector<Workload> workloads;
  std::vector<std::string> notes;                ///< "skipped Deployment/x container …"
  std::vector<DeploymentDiagnostic> no_workload; ///< one per file holding no serving workload
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
  /// Inputs holding workloads are gathered by this rank, then in the order given: manifests (1)
  /// before command files (2), the order kvdtype.checks/v1 has always listed their results.
  unsigned char gather_rank;
  ReadInput read;
};

/// The table, one row per InputKind in its order (the CLI lists the flags in this order).
[[nodiscard]] std::span<const Reader> readers() noexcept;

/// The row of `kind`.
[[nodiscard]] const Reader& reader(InputKind kind) noexcept;

/// The row whose C number is `c_number`; nullptr when none is.
[[nodiscard]] const Reader* reader_of_c_number(int c_number) noexcept;

/// Read the inputs through their rows into `into`: first the layers, in the order given, then
/// (unless `layers_only`) the inputs holding workloads by their rows' gather_rank, each kind in
/// the order given. The first Error stops the reading.
[[nodiscard]] std::optional<Error> gather(std::span<const InputRef> inputs, Gathered& into, bool layers_only = false);

}  // namespace kvdtype::io::detail
