// `kvdtype.checks/v1`: several workloads' results with their sources, and the deployment
// diagnostics that concern several of them (CONTRACT.md, "Several workloads").
#include "common/text.hpp"
#include "io/json_text.hpp"
#include "io/report_json.hpp"
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
  if (s.kind == "gpu") return "gpu " + s.gpu;  // the fleet view of one command
  std::string out = s.file.empty() ? std::string("flags") : s.file;
  if (s.line > 0) out += ":" + std::to_string(s.line);
  if (s.document >= 0) out += " (document " + std::to_string(s.document) + ")";
  if (!s.kind.empty()) out += " " + s.kind + (s.name.empty() ? "" : "/" + s.name);
  if (!s.container.empty()) out += " container " + s.container;
  if (!s.gpu.empty()) out += " on " + s.gpu;
  return out;
}

}  // namespace

std::string render_checks(const Checks& checks, OutputFormat format, TextStyle style) {
  if (format == OutputFormat::sarif) return render_sarif(checks);
  if (format == OutputFormat::github) return render_github(checks);
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
  for (std::size_t i = 0; i < checks.results.size(); ++i) {
    const WorkloadResult& r = checks.results[i];
    out += md ? "## " : "== ";
    out += "[" + std::to_string(i) + "] " + one_line(source_text(r.source));
    out += md ? "\n\n" : " ==\n";
    if (r.checked) {
      const ReportExtras extras = r.checked->view();
      out += render_report(r.checked->report, format, "check", style, &extras);
    } else {
      out += (md ? "**input error**: " : "REJECTED\n  input error: ") + detail::printable(r.input_error ? r.input_error->message : "") + "\n";
    }
    out += "\n";
  }
  if (!checks.diagnostics.empty()) out += md ? "## deployment\n\n" : "== deployment ==\n";
  for (const DeploymentDiagnostic& d : checks.diagnostics) {
    std::string who;
    for (std::size_t k : d.results) who += (who.empty() ? "" : ", ") + ("[" + std::to_string(k) + "]");
    out += std::string(md ? "- " : "") + std::string(name(d.severity)) + " " + std::string(d.rule->code) + ": " +
           std::string(d.rule->title) + " (" + who + ")\n";
    out += "  " + one_line(d.message) + "\n  fix: " + d.fix + "\n";
  }
  for (const std::string& n : checks.notes) out += std::string(md ? "- note: " : "note: ") + one_line(n) + "\n";
  const Verdict v = checks.verdict();
  out += std::string(md ? "**verdict**: " : "verdict: ") + std::string(name(v)) + " (" + std::to_string(checks.results.size()) +
         " workloads)\n";
  return out;
}

}  // namespace kvdtype::io
