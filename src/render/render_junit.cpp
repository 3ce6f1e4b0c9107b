// JUnit XML, the test-report format Jenkins, GitLab, Azure Pipelines and most CI servers read:
// <testsuites> holding one <testsuite> per input (a file, or "flags"), one <testcase> per
// workload checked from it. A workload with an error finding has one <failure> (type: the first
// error's rule, message: its one line, text: every error as `file:line: error KVDxxx message`);
// an incomplete one (checks skipped, KVD080) is <skipped>, never passed; warnings and notes are
// its <system-out>. Findings about several workloads (KV exchange, KVD3xx) form a testsuite
// "deployment". Element and attribute names follow the JUnit schema Jenkins publishes
// (jenkinsci/junit-plugin, src/test/resources/hudson/tasks/junit/junit-10.xsd) and GitLab's
// unit-test report docs (testsuite/testcase name, classname, file, failure, skipped, system-out).
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "common/text.hpp"
#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/workloads.hpp"
#include "render/finding_line.hpp"

namespace kvdtype::io {
namespace {

using internal::finding_line;
using internal::input_name;
using internal::where;

// Text for XML 1.0 character data and attribute values: what escape_text() leaves is valid UTF-8
// without C0 controls (XML forbids them, even as references), then the five markup characters.
std::string xml(std::string_view s, bool attribute = true) {
  std::string out;
  for (const char c : kvdtype::detail::escape_text(s, {.newlines = true})) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;  // an attribute would fold a raw newline to a space
      default: out += c;
    }
  }
  return out;
}

// "Deployment/qwen container vllm on H100 (line 12)": what the workload is inside its input.
std::string workload_name(const Source& s, std::size_t index) {
  std::string out;
  auto to = std::back_inserter(out);
  if (!s.kind.empty()) fmt::format_to(to, "{}{}{}", s.kind, s.name.empty() ? "" : "/", s.name);
  if (!s.container.empty()) fmt::format_to(to, "{}container {}", out.empty() ? "" : " ", s.container);
  if (!s.gpu.empty()) fmt::format_to(to, "{}on {}", out.empty() ? "" : " ", s.gpu);
  if (out.empty()) fmt::format_to(to, "workload {}", index);
  if (s.document >= 0) fmt::format_to(to, " (document {})", s.document);
  if (s.line > 0) fmt::format_to(to, " (line {})", s.line);
  return out;
}

struct Case {
  std::string classname, name, file;
  int line = 0;
  std::vector<const Finding*> errors, others;
  bool incomplete = false;
  std::string skipped;  // why, when incomplete
  const Source* source = nullptr;
};

std::string case_xml(const Case& c) {
  std::string out = fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml(c.classname), xml(c.name));
  if (!c.file.empty()) fmt::format_to(std::back_inserter(out), " file=\"{}\"", xml(c.file));
  if (c.line > 0) fmt::format_to(std::back_inserter(out), " line=\"{}\"", c.line);
  if (c.errors.empty() && !c.incomplete && c.others.empty()) return out + "/>\n";
  out += ">\n";
  if (!c.errors.empty()) {
    const Finding& first = *c.errors.front();
    std::string body;
    for (const Finding* f : c.errors) body += (body.empty() ? "" : "\n") + finding_line(*f, c.source, true);
    fmt::format_to(std::back_inserter(out), "      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                   xml(first.rule != nullptr ? first.rule->code : std::string_view("input error")),
                   xml(fmt::format("{}{}", first.rule != nullptr ? fmt::format("{} {}: ", first.rule->code, first.rule->title) : "",
                                   first.described())),
                   xml(body, false));
  } else if (c.incomplete) {
    fmt::format_to(std::back_inserter(out), "      <skipped message=\"{}\"/>\n", xml(c.skipped));
  }
  if (!c.others.empty()) {
    std::string body;
    for (const Finding* f : c.others) body += (body.empty() ? "" : "\n") + finding_line(*f, c.source, true);
    fmt::format_to(std::back_inserter(out), "      <system-out>{}</system-out>\n", xml(body, false));
  }
  return out + "    </testcase>\n";
}

}  // namespace

std::string render_junit(const Checks& checks) {
  const std::vector<Finding> found = findings(checks);
  // One case per workload, in input order; the suites in the order their inputs first appear.
  std::vector<Case> cases(checks.results.size());
  for (std::size_t i = 0; i < checks.results.size(); ++i) {
    const WorkloadResult& r = checks.results[i];
    Case& c = cases[i];
    c.source = &r.source;
    c.classname = input_name(r.source);
    c.name = workload_name(r.source, i);
    c.file = r.source.file.empty() || r.source.file == "-" ? std::string() : r.source.file;
    c.line = r.source.line;
    if (r.checked && r.verdict() == Verdict::incomplete) {
      const ReportExtras extras = r.checked->view();
      c.incomplete = true;
      c.skipped = not_checked(r.checked->report, &extras);
    }
  }
  std::vector<Case> deployment;
  for (const Finding& f : found) {
    if (f.part == "deployment") {
      Case& c = deployment.emplace_back();
      c.classname = "deployment";
      c.source = source_of(f, checks);  // its first workload, or the input it is about
      std::string who;
      for (const std::size_t k : f.workloads)
        fmt::format_to(std::back_inserter(who), "{}{}", who.empty() ? "" : ", ", where(&checks.results[k].source));
      c.name = fmt::format("{} {}{}{}{}", f.code(), f.rule != nullptr ? f.rule->title : std::string_view(), who.empty() ? "" : " (",
                           who, who.empty() ? "" : ")");
      (f.verdict() == Verdict::error ? c.errors : c.others).push_back(&f);
      continue;
    }
    if (f.workloads.empty() || f.workloads.front() >= cases.size()) continue;
    Case& c = cases[f.workloads.front()];
    (f.verdict() == Verdict::error ? c.errors : c.others).push_back(&f);
  }

  std::vector<std::string> suite_order;
  std::map<std::string, std::vector<const Case*>> suites;
  for (const Case& c : cases) {
    if (!suites.contains(c.classname)) suite_order.push_back(c.classname);
    suites[c.classname].push_back(&c);
  }
  if (!deployment.empty()) {
    suite_order.push_back("deployment");
    for (const Case& c : deployment) suites["deployment"].push_back(&c);
  }

  struct Counts {
    std::size_t tests = 0, failures = 0, skipped = 0;
  };
  const auto count = [](const std::vector<const Case*>& list) {
    Counts n;
    for (const Case* c : list) {
      ++n.tests;
      if (!c->errors.empty()) ++n.failures;
      else if (c->incomplete) ++n.skipped;
    }
    return n;
  };
  Counts total;
  std::string body;
  for (const std::string& s : suite_order) {
    const Counts n = count(suites[s]);
    total.tests += n.tests;
    total.failures += n.failures;
    total.skipped += n.skipped;
    fmt::format_to(std::back_inserter(body), "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                   xml(s), n.tests, n.failures, n.skipped);
    for (const Case* c : suites[s]) body += case_xml(*c);
    body += "  </testsuite>\n";
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"kvdtype\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n{}</testsuites>\n",
      total.tests, total.failures, total.skipped, body);
}

}  // namespace kvdtype::io
