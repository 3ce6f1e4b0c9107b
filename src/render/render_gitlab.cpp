// GitLab Code Quality: the JSON array GitLab reads from a `codequality` report artifact, one
// object per finding (GitLab docs, ci/testing/code_quality.md, "Code Quality report format"):
// description, check_name (the rule code), fingerprint, severity (info, minor, major, critical,
// blocker) and location.path with location.lines.begin. GitLab needs a path and a line for every
// entry, so a finding about flags (no file) has the path "flags", and one whose input has no
// line (or a finding about several workloads) has line 1 of the file it came from.
//
// The fingerprint identifies a finding across pipelines (GitLab compares them to show what is
// new and what was fixed): rule code, path, the workload inside the file (kind/name/container,
// the GPU of a fleet view) and the message, not the line, so that editing lines above a
// workload does not make its finding new; a second identical finding in the same place gets an
// occurrence count, so no two entries share a fingerprint. 128 bits of FNV-1a (two 64-bit lanes)
// as hex: stable across runs, machines and kvdtype builds that word the message the same.
#include <cstdint>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "render/finding_line.hpp"
#include "common/json_text.hpp"
#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {
namespace {

std::uint64_t fnv1a(std::string_view s, std::uint64_t h) {
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string fingerprint(const std::string& key) {
  // Two lanes from different offset bases (the standard one and its bit complement).
  return fmt::format("{:016x}{:016x}", fnv1a(key, 0xcbf29ce484222325ULL), fnv1a(key, ~0xcbf29ce484222325ULL));
}

std::string_view severity(const Finding& f) {
  if (f.rule == nullptr) return "critical";  // input that could not be read: nothing was checked
  switch (f.severity) {
    case Severity::error: return "critical";
    case Severity::warning: return "minor";
    case Severity::info: return "info";
  }
  return "info";
}

}  // namespace

std::string render_gitlab(const Checks& checks) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  std::map<std::string, int> seen;
  for (const Finding& f : findings(checks)) {
    const Source* at = source_of(f, checks);
    const std::string path = at != nullptr ? internal::input_name(*at) : std::string("flags");
    const std::string code = f.rule != nullptr ? std::string(f.rule->code) : std::string("input-error");
    std::string place;
    if (at != nullptr) place = fmt::format("{}/{}/{}/{}/{}", at->document, at->kind, at->name, at->container, at->gpu);
    std::string key = fmt::format("{}\n{}\n{}\n{}\n{}", code, path, place, f.part, f.message);
    const int n = seen[key]++;
    if (n > 0) key += fmt::format("\n#{}", n);
    nlohmann::ordered_json issue;
    issue["type"] = "issue";
    issue["check_name"] = code;
    issue["description"] = f.rule != nullptr ? fmt::format("{} {}: {}", f.rule->code, f.rule->title, f.described()) : f.described();
    if (!f.fix.empty()) issue["content"] = {{"body", fmt::format("Fix: {}", f.fix)}};
    issue["categories"] = nlohmann::ordered_json::array({"Bug Risk"});
    issue["fingerprint"] = fingerprint(key);
    issue["severity"] = severity(f);
    issue["location"] = {{"path", path}, {"lines", {{"begin", at != nullptr && at->line > 0 ? at->line : 1}}}};
    out.push_back(std::move(issue));
  }
  return dump_json(out) + "\n";
}

}  // namespace kvdtype::io
