// kvdtype/io/render.hpp — a Report (and the tables) as text, JSON, Markdown or a CI format.
//
// JSON follows CONTRACT.md: one object with "schema": "kvdtype.<kind>/v1", stable keys, and
// byte-identical output for the same input.
#pragma once

#include <string>
#include <span>
#include <string_view>

#include <optional>
#include <span>
#include <vector>

#include "kvdtype/capacity.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// One enumerator per line of kvdtype/io/output_format_list.def, in its order.
enum class OutputFormat : std::uint8_t {
#define KVDTYPE_OUTPUT_FORMAT(id, alias, renders, serves, what) id,
#include "kvdtype/io/output_format_list.def"
#undef KVDTYPE_OUTPUT_FORMAT
};

struct Checks;      // kvdtype/io/workloads.hpp: the one result model of check and resolve
struct MatrixPage;  // src/pipeline/matrix_cells.hpp: the support matrix's cells and how to show them

/// The renderer each line of the list names by convention (its `renders` word): a findings format
/// is `render_<id>`, written in src/render/render_<id>.cpp; a matrix layout `render_matrix_<id>`.
#define KVDTYPE_RENDERER_tables(id)
#define KVDTYPE_RENDERER_findings(id) [[nodiscard]] std::string render_##id(const Checks& checks);
#define KVDTYPE_RENDERER_matrix(id) [[nodiscard]] std::string render_matrix_##id(const MatrixPage& page);
#define KVDTYPE_RENDERER_matrix_with_releases(id) KVDTYPE_RENDERER_matrix(id)
#define KVDTYPE_OUTPUT_FORMAT(id, alias, renders, serves, what) KVDTYPE_RENDERER_##renders(id)
#include "kvdtype/io/output_format_list.def"
#undef KVDTYPE_OUTPUT_FORMAT
#undef KVDTYPE_RENDERER_tables
#undef KVDTYPE_RENDERER_findings
#undef KVDTYPE_RENDERER_matrix
#undef KVDTYPE_RENDERER_matrix_with_releases

/// One row of the output-format table (src/render/output_formats.cpp), expanded from its line of
/// kvdtype/io/output_format_list.def.
struct OutputFormatInfo {
  OutputFormat id{};
  std::string_view name;   ///< what --format takes
  std::string_view alias;  ///< another spelling ("md"), empty when none
  /// A format that carries findings only (SARIF, JUnit …) is written from the one result model
  /// by this renderer, for one report as for many; null for the formats that print tables too.
  std::string (*render_findings)(const Checks&) = nullptr;
  /// A layout of the support matrix (grid, the HTML page) is written from its cells by this
  /// renderer; null for the others.
  std::string (*render_matrix)(const MatrixPage&) = nullptr;
  bool matrix_releases = false;  ///< the layout shows the releases each cell holds for
  /// The subcommands that write it, space-separated ("check resolve"): their --format help,
  /// the formats they accept and the list their refusal names all come from here.
  std::string_view serves;
  std::string_view what;   ///< one line for the help and docs/formats.md
};
[[nodiscard]] std::span<const OutputFormatInfo> output_formats() noexcept;
[[nodiscard]] const OutputFormatInfo& output_format(OutputFormat id) noexcept;
/// The formats `subcommand` ("matrix") writes, in table order; empty for a name no row serves.
[[nodiscard]] std::vector<OutputFormat> formats_for(std::string_view subcommand);
/// Every subcommand some row serves, each once, in order of first appearance.
[[nodiscard]] std::vector<std::string_view> format_subcommands();

/// Any format by name or alias, case-insensitive; an unknown name lists the valid ones.
[[nodiscard]] Result<OutputFormat> parse_output_format(std::string_view text);
/// Every name parse_output_format takes for an OutputFormat, one per format, in enum order
/// (the bash completion offers them; a test checks each parses and the error lists them all).
[[nodiscard]] std::span<const std::string_view> output_format_names() noexcept;
/// The same, refusing a format that `who` ("kvdtype formats") cannot write, with the ones it can;
/// a name no row has lists the accepted ones as "valid" (with the nearest of them).
[[nodiscard]] Result<OutputFormat> parse_output_format(std::string_view text, std::span<const OutputFormat> accepted,
                                                       std::string_view who);

struct TextStyle {
  bool color = false;  ///< ANSI colours (a terminal without NO_COLOR)
};

/// A finding about the inputs themselves rather than the request (a bad value inside a launch
/// command, a variable nothing sets, a model id nothing knows, a context that cannot fit): a rule
/// row with its text already written, reported with the Report's own diagnostics.
struct InputDiagnostic {
  const Rule* rule = nullptr;
  Severity severity = Severity::error;
  std::string message;
  std::string fix;
};

/// A finding a suppression silenced (kvdtype/io/suppressions.hpp): out of the verdict, still listed.
struct SuppressedFinding {
  const Rule* rule = nullptr;
  Severity severity = Severity::error;
  std::string part;     ///< "", "speculative drafter", "prefill backend", "deployment"
  std::string message;
  std::string reason;   ///< the suppression's, may be empty
  std::string origin;   ///< "comment", "annotation" or "config"
  std::string file;     ///< where the suppression was written
  int line = 0;         ///< its line, 0 when it has none
};

/// What a face adds beside a Report: capacity, the speculative drafter's own report, and the
/// launch-command flags that were ignored (shown with --verbose).
struct ReportExtras {
  std::optional<Capacity> capacity;
  const Report* draft = nullptr;    ///< the speculative drafter's attention, checked on its own
  const Report* prefill = nullptr;  ///< SGLang's prefill backend when it differs from decode
  std::vector<std::string> ignored_flags;
  std::vector<std::string> notes;  ///< where inputs came from ("model config: …/config.json")
  /// Diagnostics below this severity are left out (--quiet, --min-severity); the verdict still
  /// counts them.
  Severity min_severity = Severity::info;
  std::vector<InputDiagnostic> input_diagnostics;  ///< findings about the inputs (count in the verdict)
  std::vector<SuppressedFinding> suppressed;        ///< findings a suppression silenced (not in the verdict)
};

/// `kvdtype check` / `kvdtype resolve`: `kind` is "check" or "resolve" (the JSON schema name).
[[nodiscard]] std::string render_report(const Report& report, OutputFormat format, std::string_view kind = "check",
                                        TextStyle style = {}, const ReportExtras* extras = nullptr);

/// Bad input as JSON: `{"schema": "kvdtype.error/v1", "error": {"message": …, "input": …}}`.
[[nodiscard]] std::string render_error(std::string_view message, std::string_view input);

/// What an incomplete result did not check, one phrase for headlines: "not checked where the GPU
/// is unknown (KVD080)", from the KVD080 findings of the report, its input findings, its drafter
/// and its prefill backend.
[[nodiscard]] std::string not_checked(const Report& report, const ReportExtras* extras);

/// The worst verdict of a report, its drafter's and its prefill backend's.
[[nodiscard]] Verdict combined_verdict(const Report& report, const ReportExtras* extras) noexcept;

/// `kvdtype formats`, `targets`, `backends`, `rules`.
[[nodiscard]] std::string render_formats(OutputFormat format);
[[nodiscard]] std::string render_targets(OutputFormat format);
/// `kvdtype targets --products`: every product row (name, target, memory).
[[nodiscard]] std::string render_products(OutputFormat format);
[[nodiscard]] std::string render_backends(Engine engine, OutputFormat format);
[[nodiscard]] std::string render_rules(OutputFormat format);

/// `kvdtype matrix`: every kv-cache string × model dtype × attention kind on one target (or all
/// targets when `target` is null), for one engine or every engine with tables: the backend the
/// engine would pick, the K/V/Q formats and the verdict.
[[nodiscard]] std::string render_matrix(const Target* target, std::optional<Engine> engine, OutputFormat format);

/// `kvdtype explain CODE`: the rule's row and its page (docs/rules/CODE.md, compiled in).
[[nodiscard]] std::string render_explain(const Rule& rule, OutputFormat format);

/// The compiled-in page of a rule (empty when the page is missing — the lint reports it).
[[nodiscard]] std::string_view rule_page(std::string_view code) noexcept;
/// The code of every compiled-in page, in file order (the lint finds pages without a rule).
[[nodiscard]] std::vector<std::string_view> rule_page_codes();

}  // namespace kvdtype::io
