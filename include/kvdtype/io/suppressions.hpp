// kvdtype/io/suppressions.hpp — findings silenced on purpose, each naming its rule and why.
//
// Three places say "this finding is known here" (docs/suppressions.md):
//   - a comment in a script, compose file or YAML manifest: `# kvdtype: ignore[KVD070] reason`
//     on a line of the command (container, service) or on its own on the line before it;
//   - an annotation on a Kubernetes object: `kvdtype.io/ignore: "KVD008: reason; KVD070: reason"`,
//     read by the manifest reader, so `check --manifest` and the webhook honour it alike;
//   - the project configuration's per-path ignores (tools/kvdtype, .kvdtype.toml).
// A suppressed finding leaves the verdict (and admission) but is kept, listed as suppressed. A
// suppression that silences nothing, or names no rule, is itself a finding (KVD156).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kvdtype::io {

struct Checked;
struct Checks;
struct Workload;

/// One suppression: the codes it names, why, and where it was written.
struct Suppression {
  std::vector<std::string> codes;  ///< as written ("KVD070"); one that is no rule is reported (KVD156)
  std::string reason;              ///< may be empty: allowed, and shown as such
  std::string origin;              ///< "comment", "annotation" or "config"
  std::string file;                ///< where it was written; "" for an admission object
  int line = 0;                    ///< 1-based line of a comment; 0 for an annotation or the config
  bool report_unused = true;       ///< false for the config's per-path ignores (they name files, not findings)
  bool placed = true;              ///< false: a comment on no workload's lines, which silences nothing (KVD156)
  /// Shared by every workload of one object (an annotation: its file, line and document): it is
  /// used when any of them uses it, and reported once. "" for one workload's own.
  std::string scope;
};

/// The annotation key on Kubernetes objects.
inline constexpr std::string_view kIgnoreAnnotation = "kvdtype.io/ignore";

/// Every `# kvdtype: ignore[CODES] reason` comment of `text`, with its line.
[[nodiscard]] std::vector<Suppression> comment_suppressions(std::string_view text, const std::string& file);

/// The annotation's value: entries `CODES[: reason]` separated by `;` or new lines, CODES
/// separated by commas.
[[nodiscard]] std::vector<Suppression> annotation_suppressions(std::string_view value, const std::string& file);

/// How a command's lines are told apart from its neighbours': shell continuation lines, or YAML
/// indentation (a container's or a service's lines are indented under its first).
enum class CommentStyle { shell, yaml };

/// Give each workload of `text` the comments on its lines (from Source::line to its last line)
/// and the comment line just before it, into its input's suppressions. A comment on no
/// workload's lines goes to the first workload, unplaced, to be reported there (KVD156).
void attach_comment_suppressions(std::span<Workload> workloads, std::string_view text, const std::string& file,
                                 CommentStyle style);

/// Move the findings of `checked` that `suppressions` name into its extras.suppressed, then
/// report (KVD156) each code that names no rule or silenced nothing. Codes of deployment rules
/// (KVD300–KVD329) are left to apply_deployment_suppressions().
void apply_suppressions(Checked& checked, std::span<const Suppression> suppressions);

/// The deployment diagnostics of `checks` that a suppression of one of their workloads names move
/// into that workload's extras.suppressed; a workload's deployment-code suppression that silenced
/// nothing is reported (KVD156), and so is a shared (scoped) one that silenced nothing in any of
/// the workloads sharing it, once. `workloads` are those `checks` was made from, in order.
void apply_deployment_suppressions(Checks& checks, std::span<const Workload> workloads);

}  // namespace kvdtype::io
