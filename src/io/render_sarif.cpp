// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format, the format GitHub code scanning
// and other CI tools ingest): one run whose tool.driver.rules lists every kvdtype rule (id, title,
// help) and whose results carry ruleId, level, message and, when the workload came from a file,
// a physicalLocation (artifactLocation.uri, region.startLine). Spec sections: 3.13 sarifLog,
// 3.14 run, 3.19 toolComponent, 3.49 reportingDescriptor, 3.27 result (level: error, warning,
// note), 3.28 location, 3.29 physicalLocation, 3.30 region.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kvdtype/version.hpp"
#include "io/one_result.hpp"
#include "kvdtype/io/findings.hpp"
#include "io/json_text.hpp"
#include "kvdtype/check.hpp"

namespace kvdtype::io {
namespace internal {

Checks as_checks(const Report& report, const ReportExtras* extras, Source source) {
  Checks c;
  WorkloadResult r;
  r.source = std::move(source);
  Checked k;
  k.report = report;
  if (extras != nullptr) {
    k.extras = *extras;
    if (extras->draft) k.draft = *extras->draft;
    if (extras->prefill) k.prefill = *extras->prefill;
    k.extras.draft = nullptr;
    k.extras.prefill = nullptr;
  }
  r.checked = std::move(k);
  c.results.push_back(std::move(r));
  return c;
}

}  // namespace internal

namespace {

using OJson = nlohmann::ordered_json;

// A path as a relative URI reference (SARIF 3.10: artifactLocation.uri is a URI; RFC 3986 2.1):
// every byte outside the unreserved set and '/' percent-encoded, so `sp ace#x%20y/a b.sh` stays a
// path and not a fragment or an escape.
std::string uri_reference(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                      c == '_' || c == '~' || c == '/';
    if (keep) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string_view level(Severity s) {
  switch (s) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::info: return "note";
  }
  return "note";
}

}  // namespace

std::string render_sarif(const Checks& checks) {
  OJson rules = OJson::array();
  std::size_t index = 0;
  std::vector<std::pair<std::string_view, std::size_t>> rule_index;
  for (const Rule& r : kvdtype::rules()) {
    OJson rule;
    rule["id"] = r.code;
    rule["name"] = r.code;
    rule["shortDescription"] = {{"text", r.title}};
    rule["fullDescription"] = {{"text", r.message}};
    rule["help"] = {{"text", fmt::format("{} (kvdtype explain {})", r.fix, r.code)}};
    rule["defaultConfiguration"] = {{"level", level(r.severity)}};
    rule["properties"] = {{"source", r.source}};
    rules.push_back(std::move(rule));
    rule_index.emplace_back(r.code, index++);
  }
  OJson results = OJson::array();
  for (const Finding& f : findings(checks)) {
    const Source* at = source_of(f, checks);
    OJson res;
    if (f.rule != nullptr) {
      res["ruleId"] = f.rule->code;
      for (const auto& [code, i] : rule_index)
        if (code == f.rule->code) res["ruleIndex"] = i;
    }
    res["level"] = level(f.severity);
    res["message"] = {{"text", f.fix.empty() ? f.described() : fmt::format("{} Fix: {}", f.described(), f.fix)}};
    if (at != nullptr && !at->file.empty()) {
      OJson physical;
      physical["artifactLocation"] = {{"uri", at->file == "-" ? std::string("stdin") : uri_reference(at->file)}};
      if (at->line > 0) physical["region"] = {{"startLine", at->line}};
      res["locations"] = OJson::array({{{"physicalLocation", physical}}});
    }
    results.push_back(std::move(res));
  }
  OJson driver;
  driver["name"] = "kvdtype";
  driver["version"] = KVDTYPE_VERSION_STRING;
  driver["informationUri"] = "https://github.com/kvdtype/kvdtype";
  driver["rules"] = std::move(rules);
  OJson run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["results"] = std::move(results);
  OJson log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = OJson::array({std::move(run)});
  // dump_json: a file name (the artifact uri) may hold bytes that are not UTF-8.
  return dump_json(log, 2) + "\n";
}

}  // namespace kvdtype::io
