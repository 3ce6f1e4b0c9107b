// The output-format table: one row per line of kvdtype/io/output_format_list.def (the names
// --format takes, the subcommands that write it, its renderer), and the lookups every face uses:
// parsing with the refusal of a format a subcommand cannot write, the formats of a subcommand.
#include <fmt/format.h>

#include <algorithm>

#include "common/text.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {
namespace {

// Each line's renderer by its `renders` word (kvdtype/io/render.hpp declares them).
#define KVDTYPE_FINDINGS_tables(id) nullptr
#define KVDTYPE_FINDINGS_findings(id) render_##id
#define KVDTYPE_FINDINGS_matrix(id) nullptr
#define KVDTYPE_FINDINGS_matrix_with_releases(id) nullptr
#define KVDTYPE_MATRIX_tables(id) nullptr
#define KVDTYPE_MATRIX_findings(id) nullptr
#define KVDTYPE_MATRIX_matrix(id) render_matrix_##id
#define KVDTYPE_MATRIX_matrix_with_releases(id) render_matrix_##id

constexpr OutputFormatInfo kFormats[] = {
#define KVDTYPE_OUTPUT_FORMAT(id_, alias_, renders, serves_, what_)                                         \
  {.id = OutputFormat::id_, .name = #id_, .alias = alias_, .render_findings = KVDTYPE_FINDINGS_##renders(id_), \
   .render_matrix = KVDTYPE_MATRIX_##renders(id_),                                                          \
   .matrix_releases = std::string_view(#renders) == "matrix_with_releases", .serves = serves_, .what = what_},
#include "kvdtype/io/output_format_list.def"
#undef KVDTYPE_OUTPUT_FORMAT
};

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
