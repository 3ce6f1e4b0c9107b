// The output formats: one row each, with the names --format takes and what the format can carry.
// A format that only carries findings (SARIF, GitHub annotations, JUnit, GitLab Code Quality) is
// written by the subcommands that check something (check, resolve); the others print tables too.
#include <fmt/format.h>

#include "common/text.hpp"
#include "kvdtype/io/render.hpp"

namespace kvdtype::io {
namespace {

using enum OutputFormat;

constexpr OutputFormatInfo kFormats[] = {
    {.id = text, .name = "text", .alias = "", .findings_only = false,
     .what = "for a terminal: verdict, plan, findings with their fixes"},
    {.id = json, .name = "json", .alias = "", .findings_only = false,
     .what = "kvdtype.<kind>/v1 objects (docs/contract.md)"},
    {.id = markdown, .name = "markdown", .alias = "md", .findings_only = false,
     .what = "for pasting into an issue or a pull request"},
    {.id = sarif, .name = "sarif", .alias = "", .findings_only = true,
     .what = "SARIF 2.1.0 for code scanning"},
    {.id = github, .name = "github", .alias = "", .findings_only = true,
     .what = "GitHub Actions workflow commands (annotations)"},
    {.id = junit, .name = "junit", .alias = "", .findings_only = true,
     .what = "JUnit XML: a testsuite per input, a testcase per workload"},
    {.id = gitlab, .name = "gitlab", .alias = "", .findings_only = true,
     .what = "GitLab Code Quality (a JSON array of issues)"},
};

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
  if (!f.ok()) return f;
  for (const OutputFormat a : accepted)
    if (a == *f) return f;
  return Error{ErrorCode::unknown_name, fmt::format("{} cannot write --format {}; it writes {}", who, output_format(*f).name,
                                                    names_of(accepted))};
}

std::vector<OutputFormat> table_formats() {
  std::vector<OutputFormat> out;
  for (const OutputFormatInfo& f : kFormats)
    if (!f.findings_only) out.push_back(f.id);
  return out;
}

std::vector<OutputFormat> report_formats() {
  std::vector<OutputFormat> out;
  for (const OutputFormatInfo& f : kFormats) out.push_back(f.id);
  return out;
}

}  // namespace kvdtype::io
