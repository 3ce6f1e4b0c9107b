// `kvdtype.checks/v1`: several workloads' results with their sources, and the deployment
// diagnostics that concern several of them (CONTRACT.md, "Several workloads").
#include <iterator>

#include <fmt/format.h>

#include "common/text.hpp"
#include "common/json_text.hpp"
#include "render/report_json.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {
namespace {

Json source_json(const Source& s) {
  Json j = Json::object();
  if (!s.file.empty()) j["file"] = s.file;
  if (s.document >= 0) j["document"] = s.document;
  if (s.line > 0) j["line"] = s.line;
  if (!s.kind.empty()) j["kind"] = s.kind;
  if (!s.name.empty()) j["name"] = s.name;
  if (!s.container.empty()) j["container"] = s.container;
  if (!s.gpu.empty()) j["gpu"] = s.gpu;
  return j;
}

// Text from input files, on one line and terminal-safe: control characters, bytes that are not
// UTF-8, C1 controls and bidirectional overrides escaped as escape_text() does for every text
// output (no truncation: sources and notes name files and objects that must stay whole to be found).
std::string one_line(std::string_view v) { return detail::escape_text(v); }

// "deploy.yaml:12 Deployment/qwen-tq container vllm"
std::string source_text(const Source& s) {
  if (s.kind == "gpu") return fmt::format("gpu {}", s.gpu);  // the fleet view of one command
  std::string out = s.file.empty() ? std::string("flags") : s.file;
  auto to = std::back_inserter(out);
  if (s.line > 0) fmt::format_to(to, ":{}", s.line);
  if (s.document >= 0) fmt::format_to(to, " (document {})", s.document);
  if (!s.kind.empty()) fmt::format_to(to, " {}{}{}", s.kind, s.name.empty() ? "" : "/", s.name);
  if (!s.container.empty()) fmt::format_to(to, " container {}", s.container);
  if (!s.gpu.empty()) fmt::format_to(to, " on {}", s.gpu);
  return out;
}

}  // namespace

std::string render_checks(const Checks& checks, OutputFormat format, TextStyle style) {
  if (const auto render = output_format(format).render_findings) return render(checks);  // the format table's renderer
  if (format == OutputFormat::json) {
    Json j;
    j["schema"] = "kvdtype.checks/v1";
    j["verdict"] = name(checks.verdict());
    Json results = Json::array();
    for (const WorkloadResult& r : checks.results) {
      Json e;
      e["source"] = source_json(r.source);
      if (r.checked) {
        const ReportExtras extras = r.checked->view();
        e.update(report_json(r.checked->report, &extras));
        if (!extras.notes.empty()) e["notes"] = extras.notes;  // where the inputs came from (node labels, entrypoints)
      } else {
        e["verdict"] = name(Verdict::error);
        e["error"] = {{"message", r.input_error ? r.input_error->message : std::string()}};
      }
      results.push_back(std::move(e));
    }
    j["results"] = std::move(results);
    Json diags = Json::array();
    for (const DeploymentDiagnostic& d : checks.diagnostics)
      diags.push_back({{"code", d.rule->code}, {"severity", name(d.severity)}, {"title", d.rule->title},
                       {"message", d.message}, {"fix", d.fix}, {"results", d.results}, {"source", d.rule->source}});
    j["diagnostics"] = std::move(diags);
    if (!checks.notes.empty()) j["notes"] = checks.notes;
    return dump_json(j) + "\n";
  }
  const bool md = format == OutputFormat::markdown;
  std::string out;
  auto to = std::back_inserter(out);
  for (std::size_t i = 0; i < checks.results.size(); ++i) {
    const WorkloadResult& r = checks.results[i];
    if (md) fmt::format_to(to, "## [{}] {}\n\n", i, one_line(source_text(r.source)));
    else fmt::format_to(to, "== [{}] {} ==\n", i, one_line(source_text(r.source)));
    if (r.checked) {
      const ReportExtras extras = r.checked->view();
      out += render_report(r.checked->report, format, "check", style, &extras);
    } else {
      fmt::format_to(to, "{}{}\n", md ? "**input error**: " : "REJECTED\n  input error: ",
                     detail::printable(r.input_error ? r.input_error->message : ""));
    }
    out += "\n";
  }
  if (!checks.diagnostics.empty()) out += md ? "## deployment\n\n" : "== deployment ==\n";
  for (const DeploymentDiagnostic& d : checks.diagnostics) {
    std::string who;
    for (std::size_t k : d.results) fmt::format_to(std::back_inserter(who), "{}[{}]", who.empty() ? "" : ", ", k);
    fmt::format_to(to, "{}{} {}: {}{}{}{}\n  {}\n  fix: {}\n", md ? "- " : "", name(d.severity), d.rule->code, d.rule->title,
                   who.empty() ? "" : " (", who, who.empty() ? "" : ")", one_line(d.message), d.fix);
  }
  for (const std::string& n : checks.notes) fmt::format_to(to, "{}{}\n", md ? "- note: " : "note: ", one_line(n));
  const Verdict v = checks.verdict();
  fmt::format_to(to, "{}{} ({} workloads)\n", md ? "**verdict**: " : "verdict: ", name(v), checks.results.size());
  return out;
}

}  // namespace kvdtype::io
