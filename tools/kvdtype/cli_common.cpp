#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "cli.hpp"
#include "common/text.hpp"
#include "kvdtype/request.hpp"

namespace kvdtype::cli {

void add_output_options(CLI::App& sub, Output& out) {
  sub.add_option("--format", out.format, "text, json or markdown")->capture_default_str();
  sub.add_option("--color", out.color, "auto, always or never (auto honours NO_COLOR)")->capture_default_str();
}

bool Output::validate() {
  auto f = io::parse_output_format(format);
  if (!f.ok()) {
    bad_input(f.error());
    return false;
  }
  parsed = *f;
  if (color == "always") {
    style.color = true;
  } else if (color == "never") {
    style.color = false;
  } else if (color == "auto") {
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    style.color = isatty(STDOUT_FILENO) && (no_color == nullptr || *no_color == '\0') &&
                  !(term != nullptr && std::string_view(term) == "dumb");
  } else {
    bad_input("--color '" + color + "': expected auto, always or never");
    return false;
  }
  return true;
}

int bad_input(const std::string& message) {
  // One line a terminal shows as written: newlines fold to spaces, every other control (an
  // escape sequence in a file name or a flag value, C1 bytes, bytes that are not UTF-8) is shown
  // escaped by the library's one rule (common/text.hpp escape_text), never interpreted.
  std::string folded = message;
  for (char& c : folded)
    if (c == '\n' || c == '\r') c = ' ';
  const std::string line = kvdtype::detail::escape_text(folded);
  std::fprintf(stderr, "kvdtype: %s\n", line.c_str());
  return kBadInput;
}

int bad_input(const Error& error) { return bad_input(error.message); }

int refuse_empty_values(const CLI::App& sub) {
  for (const CLI::Option* opt : sub.get_options()) {
    if (opt->count() == 0 || opt->get_type_size() == 0) continue;  // not given, or a switch
    for (const std::string& value : opt->results())
      if (value.empty()) return bad_input(empty_value(opt->get_name()));
  }
  return 0;
}

void emit(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace kvdtype::cli
