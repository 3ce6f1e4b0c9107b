#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "cli.hpp"

namespace kvdtype::cli {

void add_output_options(CLI::App& sub, Output& out) {
  sub.add_option("--format", out.format, "text, json, markdown; check/resolve also sarif, github")->capture_default_str();
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
  // One line a terminal shows as written: newlines fold to spaces, other control bytes (an
  // escape sequence in a file name or a flag value) are shown as \xNN, never interpreted.
  std::string line;
  line.reserve(message.size());
  for (const char c : message) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n' || c == '\r') {
      line += ' ';
    } else if (u < 0x20 || u == 0x7f) {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      line += buf;
    } else {
      line += c;
    }
  }
  std::fprintf(stderr, "kvdtype: %s\n", line.c_str());
  return kBadInput;
}

int bad_input(const Error& error) { return bad_input(error.message); }

void emit(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace kvdtype::cli
