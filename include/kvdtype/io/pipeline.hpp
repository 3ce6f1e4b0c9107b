// kvdtype/io/pipeline.hpp — the whole check of one workload, as every face runs it.
//
// Inputs come in layers: a model config, then a launch command (its flags and environment),
// then the caller's explicit fields, each later one winning field by field. The pipeline reads
// the files, probes the GPU for `gpu = auto`, checks the request, and re-checks the parts a
// launch command runs separately (a speculative drafter, SGLang's prefill backend). The CLI,
// the C ABI and the Python module call this; none of them re-implements a step.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kvdtype/heap_optional.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/io/suppressions.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// Everything a face can hand the pipeline. Every part is optional.
struct CheckInput {
  RequestInput fields;                ///< explicit fields: win over the launch command and the model config
  RequestInput defaults;              ///< used where nothing else says (kvdtype serve's --engine-version, --gpu)
  std::string model;                  ///< a Hugging Face model directory or its config.json
  std::vector<std::string> command;   ///< a launch command, already split into words
  std::string command_text;           ///< or a launch command (or script) as shell text
  std::string command_file;           ///< or a file holding one; "-" reads standard input (with command_text: its name, the text already read)
  bool verbose = false;               ///< keep the launch-command flags that were ignored
  std::vector<std::string> env;       ///< NAME=value: expands $NAME in the command and is its environment
  std::vector<std::string> ignore;    ///< rule codes whose diagnostics are dropped ("KVD062")
  /// Findings silenced on purpose (comments, annotations, per-path ignores): kept as suppressed,
  /// out of the verdict; one that silences nothing is reported (KVD156).
  std::vector<Suppression> suppressions;
  /// The launch command runs on another machine (a container of a manifest or an admission
  /// review): the model path, drafter and config files it names are that machine's and are not
  /// read here (a Hub id is still looked up). `model` above, the caller's own, is always read.
  bool runs_elsewhere = false;
  /// Files the script wrote before this command (here-documents, kvdtype/io/script.hpp): a
  /// `--config` or options file named here is read from its text, never from the disk.
  std::vector<ScriptFile> script_files;
  std::vector<std::string> script_notes;  ///< how the script reached the command (added to the notes)
  /// `--set-file KEY=FILE`, as helm is given them: the chart values a manifest is (not a
  /// Kubernetes object) read with KEY (dotted: `a.b.c`) set to FILE's text. `path` is KEY.
  std::vector<ScriptFile> set_files;
};

/// One checked workload: the report, the drafter's and the prefill backend's reports when the
/// launch command runs them, and what is rendered beside them.
struct Checked {
  Report report;
  // On the heap: present for a drafter or a prefill backend only, and 13 KB inline on every
  // frame and copy of a Checked otherwise (kvdtype/heap_optional.hpp).
  HeapOptional<Report> draft;
  HeapOptional<Report> prefill;
  ReportExtras extras;  ///< capacity, ignored flags and notes; draft/prefill are set by view()
  std::optional<LaunchCommand> launch;  ///< the parsed launch command, when there was one (deployment checks read it)

  /// The extras with `draft` and `prefill` pointing into this object (valid while it lives).
  [[nodiscard]] ReportExtras view() const;
  /// The worst verdict of the report, its drafter's and its prefill backend's.
  [[nodiscard]] Verdict verdict() const;
};

/// Read, merge, check. An Error is bad input (the CLI's exit 2): an unreadable file, a launch
/// command that cannot be split, a value no table knows. A rejected configuration is not an
/// Error: it is a Report whose verdict is `error`.
[[nodiscard]] Result<Checked> check_input(const CheckInput& input);

/// A launch command or script from a file ("-": standard input), at most 1 MiB, text only.
[[nodiscard]] Result<std::string> read_command_file(const std::string& path);

}  // namespace kvdtype::io
