// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format, the format GitHub code scanning
// and other CI tools ingest): one run whose tool.driver.rules lists every kvdtype rule and whose
// results carry ruleId, level, message and, when the workload came from a file, a
// physicalLocation (artifactLocation.uri, region.startLine where the input has lines). Spec
// sections: 3.13 sarifLog, 3.14 run, 3.19 toolComponent, 3.49 reportingDescriptor (3.49.9
// shortDescription, 3.49.10 fullDescription, 3.49.12 helpUri, 3.49.13 help), 3.27 result (level:
// error, warning, note), 3.28 location, 3.29 physicalLocation, 3.30 region, 3.8 propertyBag (tags).
//
// A rule's descriptions are written for people, without the {placeholders} of its message
// template: shortDescription is its title, fullDescription the "What it means" section of its
// page docs/rules/<code>.md and help its "How to fix" section (both compiled in; the lint holds
// every rule to having a page), helpUri that page on the web (KVDTYPE_RULE_DOCS_URL, set when
// configuring). GitHub shows these on every alert of the rule.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kvdtype/version.hpp"
#include "render/one_result.hpp"
#include "kvdtype/io/findings.hpp"
#include "common/json_text.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/render.hpp"

#ifndef KVDTYPE_RULE_DOCS_URL
#error "KVDTYPE_RULE_DOCS_URL: the base URL of the rule pages, set by src/CMakeLists.txt"
#endif

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

// Tags per group of codes, as docs/rules/README.md's index groups them: what the finding is
// about, so that code scanning can filter the alerts. [first, last] are inclusive code numbers.
struct RuleGroup {
  int first, last;
  std::string_view tags[2];
};
constexpr RuleGroup kGroups[] = {
    {1, 4, {"kv-cache-dtype", ""}},
    {5, 9, {"kv-cache-dtype", "engine-release"}},
    {10, 19, {"attention-backend", ""}},
    {20, 29, {"kernel-dtype", ""}},
    {30, 39, {"query-dtype", ""}},
    {40, 49, {"gpu-target", ""}},
    {50, 59, {"fp8-portability", ""}},
    {60, 69, {"silent-substitution", ""}},
    {70, 79, {"known-bug", ""}},
    {80, 81, {"input", ""}},
    {82, 99, {"input", "model-config"}},
    {100, 149, {"failure-class", ""}},
    {150, 199, {"input", "launch-command"}},
    {200, 219, {"llama.cpp", ""}},
    {220, 239, {"tensorrt-llm", ""}},
    {240, 259, {"lmdeploy", ""}},
    {260, 279, {"ollama", ""}},
    {290, 299, {"mlx-lm", ""}},
    {300, 329, {"deployment", "kv-transfer"}},
};

OJson tags(std::string_view code) {
  OJson out = OJson::array({"kvdtype"});
  int number = 0;
  for (const char c : code.substr(3)) number = number * 10 + (c - '0');
  for (const RuleGroup& g : kGroups)
    if (number >= g.first && number <= g.last)
      for (const std::string_view t : g.tags)
        if (!t.empty()) out.push_back(t);
  return out;
}

// The body of the page section under `## heading`, up to the next `## `, trimmed.
std::string_view section(std::string_view page, std::string_view heading) {
  const std::string marker = "\n## " + std::string(heading) + "\n";
  std::size_t at = page.find(marker);
  if (at == std::string_view::npos) return {};
  std::string_view rest = page.substr(at + marker.size());
  const std::size_t end = rest.find("\n## ");
  if (end != std::string_view::npos) rest = rest.substr(0, end);
  while (!rest.empty() && (rest.front() == '\n' || rest.front() == ' ')) rest.remove_prefix(1);
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == ' ')) rest.remove_suffix(1);
  return rest;
}

// Markdown as plain text: the lines of a paragraph joined, list items and code blocks on lines of
// their own, paragraphs apart, backticks and bold marks dropped.
std::string plain(std::string_view md) {
  std::string out;
  bool code = false, fresh = true;
  while (!md.empty()) {
    const std::size_t nl = md.find('\n');
    std::string_view line = md.substr(0, nl);
    md = nl == std::string_view::npos ? std::string_view() : md.substr(nl + 1);
    if (line.starts_with("```")) {
      code = !code;
      continue;
    }
    const std::size_t lead = line.find_first_not_of(' ');
    const std::string_view body = lead == std::string_view::npos ? std::string_view() : line.substr(lead);
    const bool numbered = body.size() > 2 && body[0] >= '0' && body[0] <= '9' && body.substr(1).starts_with(". ");
    const bool item = body.starts_with("- ") || numbered;
    if (line.empty() || lead == std::string_view::npos) {
      if (!out.empty() && !fresh) out += "\n\n";
      fresh = true;
      continue;
    }
    if (!fresh) out += code || item ? "\n" : " ";  // a paragraph's lines join; items and code keep theirs
    out += code ? line : line.substr(lead);
    fresh = false;
  }
  std::string text;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '`') continue;
    if (out[i] == '*' && i + 1 < out.size() && out[i + 1] == '*') {
      ++i;
      continue;
    }
    text += out[i];
  }
  return text;
}

// reportingDescriptor.name (3.49.7): a friendly name, distinct from the opaque id, as a
// Pascal-case identifier (what the SARIF SDK's validator asks of it: SARIF1001, SARIF2012):
// "unknown kv-cache dtype" -> "UnknownKvCacheDtype".
std::string friendly_name(std::string_view title) {
  std::string out;
  bool start = true;
  for (const char c : title) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum) {
      start = true;
      continue;
    }
    out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : start || !(c >= 'A' && c <= 'Z') ? c : static_cast<char>(c - 'A' + 'a');
    start = false;
  }
  if (!out.empty() && out.front() >= '0' && out.front() <= '9') out.insert(0, "Rule");
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
    rule["name"] = friendly_name(r.title);
    const std::string_view page = rule_page(r.code);
    const std::string_view meaning = section(page, "What it means");
    const std::string_view how = section(page, "How to fix");
    const std::string url = fmt::format("{}{}.md", KVDTYPE_RULE_DOCS_URL, r.code);
    rule["shortDescription"] = {{"text", r.title}};
    // Pages are held to both sections by the lint; a missing one still gives no raw template.
    rule["fullDescription"] = meaning.empty() ? OJson{{"text", r.title}} : OJson{{"text", plain(meaning)}, {"markdown", meaning}};
    const std::string more = fmt::format("kvdtype explain {} prints the whole page; on the web: {}", r.code, url);
    rule["help"] = {{"text", fmt::format("{}\n\n{}", how.empty() ? std::string(r.title) : plain(how), more)},
                    {"markdown", fmt::format("{}\n\n`kvdtype explain {}` prints the whole page; on the web: [{}]({})",
                                             how.empty() ? std::string(r.title) : std::string(how), r.code, r.code, url)}};
    rule["helpUri"] = url;
    rule["defaultConfiguration"] = {{"level", level(r.severity)}};
    rule["properties"] = {{"tags", tags(r.code)}, {"source", r.source}};
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
      // An absolute path is an absolute file: URI (a relative reference must not begin with '/',
      // SARIF 3.10.2 and the SDK's SARIF1004); a relative one stays relative to where kvdtype ran.
      const std::string uri = at->file == "-"               ? std::string("stdin")
                              : at->file.starts_with('/') ? "file://" + uri_reference(at->file)
                                                          : uri_reference(at->file);
      physical["artifactLocation"] = {{"uri", uri}};
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
