// Internal (io): the readers of the inputs `check --manifest … --command-file …` gathers, one
// signature and one table (src/sources/readers.cpp). check_several reads every input through this
// table before anything is checked, then checks the workloads gathered. An input kind added to
// a several-workload check is one reader and one row. (A command file's text is still read by
// the pipeline when its workload is checked, as a single --command-file is: its reader here
// only names the workload.)
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/workloads.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// The kinds of input a several-workload check reads, in the order they are read.
enum class InputKind : unsigned char { manifest, command_file };

/// One input as the caller named it: a kind and a path ("-": standard input).
struct InputRef {
  InputKind kind;
  std::string path;
};

/// What the readers gathered, before any check: the workloads, and what the inputs say about
/// themselves (containers that are no server, files that hold no workload).
struct Gathered {
  std::vector<Workload> workloads;
  std::vector<std::string> notes;                ///< "skipped Deployment/x container …"
  std::vector<DeploymentDiagnostic> no_workload; ///< one per file holding no serving workload
};

/// Every reader's signature: append what `input` holds to `into`, each workload starting from
/// `base`; an unreadable or unparseable input is an Error (bad input), never a dropped file.
using ReadInput = std::optional<Error> (*)(const InputRef& input, const CheckInput& base, Gathered& into);

struct Reader {
  InputKind kind;
  std::string_view name;  ///< how messages and docs name the kind ("manifest")
  ReadInput read;
};

/// The table, one row per InputKind in its order.
[[nodiscard]] std::span<const Reader> readers() noexcept;

/// The row of `kind`.
[[nodiscard]] const Reader& reader(InputKind kind) noexcept;

}  // namespace kvdtype::io::detail
