// A finding as one line (render/finding_line.hpp).
#include "render/finding_line.hpp"

#include <iterator>

#include <fmt/format.h>

namespace kvdtype::io::internal {

std::string input_name(const Source& s) {
  if (s.file.empty()) return "flags";
  return s.file == "-" ? std::string("stdin") : s.file;
}

std::string where(const Source* s) {
  if (s == nullptr) return "deployment";
  std::string out = input_name(*s);
  if (s->line > 0) fmt::format_to(std::back_inserter(out), ":{}", s->line);
  return out;
}

std::string finding_line(const Finding& f, const Source* s, bool with_fix) {
  std::string out = fmt::format("{}: {}", where(s), f.rule != nullptr ? name(f.severity) : std::string_view("error"));
  if (f.rule != nullptr) fmt::format_to(std::back_inserter(out), " {}", f.rule->code);
  fmt::format_to(std::back_inserter(out), " {}", f.described());
  if (with_fix && !f.fix.empty()) fmt::format_to(std::back_inserter(out), " (fix: {})", f.fix);
  return out;
}

}  // namespace kvdtype::io::internal
