// GitHub Actions workflow commands: `::error file=F,line=L,title=KVDnnn::message` (warnings as
// ::warning, info as ::notice), one line per finding, so that a CI step annotates the file the
// launch command or manifest came from. Escaping follows the runner's rules: in the message
// `%`, CR and LF become %25, %0D, %0A; in properties also `:` and `,` (%3A, %2C).
#include <iterator>

#include <fmt/format.h>

#include "common/text.hpp"
#include "kvdtype/io/findings.hpp"

namespace kvdtype::io {
namespace {

std::string escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  // What is left that a terminal would act on (ESC, other controls, bytes that are not UTF-8,
  // bidirectional overrides), as escape_text() writes it for every text output.
  return kvdtype::detail::escape_text(out);
}

}  // namespace

std::string render_github(const Checks& checks) {
  std::string out;
  for (const Finding& f : findings(checks)) {
    const Source* at = source_of(f, checks);
    out += f.severity == Severity::error ? "::error" : f.severity == Severity::warning ? "::warning" : "::notice";
    std::string props;
    auto prop = [&](std::string_view k, const std::string& v) {
      fmt::format_to(std::back_inserter(props), "{}{}={}", props.empty() ? " " : ",", k, escape(v, true));
    };
    if (at != nullptr && !at->file.empty()) {
      prop("file", at->file);
      if (at->line > 0) prop("line", std::to_string(at->line));
    }
    prop("title", f.rule != nullptr ? std::string(f.rule->code) : std::string("kvdtype input error"));
    const std::string title = f.rule != nullptr ? fmt::format("{}: ", f.rule->title) : std::string();
    const std::string text = f.fix.empty() ? fmt::format("{}{}", title, f.described()) : fmt::format("{}{} Fix: {}", title, f.described(), f.fix);
    fmt::format_to(std::back_inserter(out), "{}::{}\n", props, escape(text, false));
  }
  fmt::format_to(std::back_inserter(out), "kvdtype: {} ({} workload{})\n", name(checks.verdict()), checks.results.size(),
                 checks.results.size() == 1 ? "" : "s");
  return out;
}

}  // namespace kvdtype::io
