// The output formats: one row each, with the names --format takes, the subcommands that write
// it and what the format can carry. A format that only carries findings (SARIF, GitHub
// annotations, JUnit, GitLab Code Quality) is written by the subcommands that check something
// (check, resolve); grid and html lay the support matrix out as kv strings × GPUs, which only
// `matrix` has; a device list has no Markdown form, so `probe` writes text and JSON.
#include <fmt/format.h>

#include <algorithm>

#include "common/text.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {
namespace {

using enum OutputFormat;

// Every subcommand that prints something: the three formats every one of them but probe writes.
#define KVDTYPE_EVERY_SUBCOMMAND "check resolve formats targets backends rules explain matrix releases"

constexpr OutputFormatInfo kFormats[] = {
    {.id = text, .name = "text", .alias = "", .serves = KVDTYPE_EVERY_SUBCOMMAND " probe",
     .what = "for a terminal: verdict, plan, findings with their fixes"},
    {.id = json, .name = "json", .alias = "", .serves = KVDTYPE_EVERY_SUBCOMMAND " probe",
     .what = "kvdtype.<kind>/v1 objects (docs/contract.md)"},
    {.id = markdown, .name = "markdown", .alias = "md", .serves = KVDTYPE_EVERY_SUBCOMMAND,
     .what = "for pasting into an issue or a pull request"},
    {.id = sarif, .name = "sarif", .alias = "", .render_findings = render_sarif, .serves = "check resolve",
     .what = "SARIF 2.1.0 for code scanning"},
    {.id = github, .name = "github", .alias = "", .render_findings = render_github, .serves = "check resolve",
     .what = "GitHub Actions workflow commands (annotations)"},
    {.id = junit, .name = "junit", .alias = "", .render_findings = render_junit, .serves = "check resolve",
     .what = "JUnit XML: a testsuite per input, a testcase per workload"},
    {.id = gitlab, .name = "gitlab", .alias = "", .render_findings = render_gitlab, .serves = "check resolve",
     .what = "GitLab Code Quality (a JSON array of issues)"},
    {.id = grid, .name = "grid", .alias = "", .serves = "matrix",
     .what = "the support matrix as kv strings × GPUs, for a terminal"},
    {.id = html, .name = "html", .alias = "", .serves = "matrix",
     .what = "the support matrix as one self-contained page (docs/matrix.html)"},
};

#undef KVDTYPE_EVERY_SUBCOMMAND

// `serves` split on spaces.
std::vector<std::string_view> words(std::string_view s) { return kvdtype::detail::split_words(s); }

std::string names_of(std::span<const OutputFormat> ids) {
  std::string out;
  for (const OutputFormat id : ids) fmt::format_to(std::back_inserter(out), "{}{}", out.empty() ? "" : ", ", output_format(id).name);
  return out;
}

}  // namespace

std::span<const OutputFormatInfo> output_formats() noexcept { return kFormats; }

const OutputFormatInfo& output_format(OutputFormat id) noexcept {
  for (const OutputFormatInfo& f : kFormats)
    if (f.id == id) return f;
  return kFormats[0];
}

Result<OutputFormat> parse_output_format(std::string_view text) {
  for (const OutputFormatInfo& f : kFormats)
    if (kvdtype::detail::iequals(text, f.name) || (!f.alias.empty() && kvdtype::detail::iequals(text, f.alias))) return f.id;
  std::vector<OutputFormat> all;
  for (const OutputFormatInfo& f : kFormats) all.push_back(f.id);
  return Error{ErrorCode::unknown_name,
               fmt::format("unknown output format '{}'; valid: {}", kvdtype::detail::printable(text), names_of(all))};
}

Result<OutputFormat> parse_output_format(std::string_view text, std::span<const OutputFormat> accepted,
                                         std::string_view who) {
  auto f = parse_output_format(text);
  if (!f.ok()) {
    // A name no row has: what this subcommand writes is the useful list, not every format.
    std::vector<std::string_view> names;
    for (const OutputFormat a : accepted) names.push_back(output_format(a).name);
    return Error{ErrorCode::unknown_name,
                 fmt::format("unknown output format '{}'; did you mean {}? valid: {}", kvdtype::detail::printable(text),
                             kvdtype::detail::nearest(text, names, 1), names_of(accepted))};
  }
  for (const OutputFormat a : accepted)
    if (a == *f) return f;
  return Error{ErrorCode::unknown_name, fmt::format("{} cannot write --format {}; it writes {}", who, output_format(*f).name,
                                                    names_of(accepted))};
}

std::vector<OutputFormat> formats_for(std::string_view subcommand) {
  std::vector<OutputFormat> out;
  for (const OutputFormatInfo& f : kFormats) {
    const auto served = words(f.serves);
    if (std::find(served.begin(), served.end(), subcommand) != served.end()) out.push_back(f.id);
  }
  return out;
}

std::vector<std::string_view> format_subcommands() {
  std::vector<std::string_view> out;
  for (const OutputFormatInfo& f : kFormats)
    for (const std::string_view w : words(f.serves))
      if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
  return out;
}

}  // namespace kvdtype::io
