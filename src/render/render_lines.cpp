// `kvdtype check -q`: one line per finding at or above the shown severity,
// `path:line: severity KVDxxx message`, and nothing else (no verdict, no plan): the form
// compilers, ShellCheck's gcc format and ruff's concise output use, which editors and CI logs
// link to the file. Terminal-safe like every text output.
#include "common/text.hpp"
#include "render/finding_line.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::io {

std::string render_finding_lines(const Checks& checks, Severity shown) {
  std::string out;
  for (const Finding& f : findings(checks)) {
    if (f.rule != nullptr && f.severity < shown) continue;  // unreadable input is always shown
    std::string line = internal::finding_line(f, source_of(f, checks), false);
    for (char& c : line)
      if (c == '\n' || c == '\r') c = ' ';
    out += kvdtype::detail::escape_text(line) + "\n";
  }
  return out;
}

}  // namespace kvdtype::io
