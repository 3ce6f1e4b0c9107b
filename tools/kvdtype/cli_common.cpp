#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bindings/face.hpp"
#include "cli.hpp"
#include "kvdtype/request.hpp"

namespace kvdtype::cli {

void add_output_options(CLI::App& sub, Output& out) {
  std::vector<io::OutputFormat> accepted = io::formats_for(sub.get_name());
  std::string names;
  for (const io::OutputFormat f : accepted) names += (names.empty() ? "" : ", ") + std::string(io::output_format(f).name);
  out.accepted = std::move(accepted);
  out.who = "kvdtype " + sub.get_name();
  // --format, --color and --min-severity register only where a word names them (option_named in
  // cli.hpp): their defaults are Output's own.
  if (option_named("--format")) sub.add_option("--format", out.format, names)->capture_default_str()->type_name("FORMAT")->group("Output");
  sub.add_option("-o,--output", out.file, "write the output to FILE instead of stdout (replaced whole; the exit status is unchanged)")
      ->type_name("FILE")
      ->group("Output");
  if (option_named("--color")) sub.add_option("--color", out.color, "auto, always or never (auto honours NO_COLOR)")
      ->capture_default_str()
      ->type_name("WHEN")
      ->group("Output");
}

void add_severity_options(CLI::App& sub, Output& out) {
  if (option_named("--min-severity")) sub.add_option("--min-severity", out.min_severity, "show diagnostics of at least this severity: info, warning or error")
      ->capture_default_str()
      ->type_name("SEVERITY")
      ->group("Output");
  sub.add_flag("-q,--quiet", out.quiet,
               "text: one line per error or warning, path:line: severity KVDnnn message, nothing else; other formats: --min-severity warning. The exit status is unchanged")
      ->group("Output");
}

void add_request_flags(CLI::App& sub, std::function<void(std::string_view field, const std::string& value)> set) {
  for (const fields::RequestField& f : fields::all()) {
    // CLI11 names: the field's flag and the engines' double-dash spellings; the single-dash ones
    // (-tp) are rewritten to the flag before parsing (cli_main.cpp) and named in the help.
    std::string names = fields::flag(f.name);
    bool named = flag_named(names);
    std::string single;
    std::string_view a = f.aliases;
    while (!a.empty()) {
      const std::size_t sp = a.find(' ');
      const std::string_view w = a.substr(0, sp);
      if (w.rfind("--", 0) == 0) {
        names += "," + std::string(w);
        named = named || flag_named(w);
      } else {
        single += (single.empty() ? "" : ", ") + std::string(w);
      }
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
    // A flag no word names can never be parsed: registering it would only cost CLI11's
    // comparison of its names with every earlier option's (see flag_named in cli.hpp).
    if (!named) continue;
    std::string help(f.help);
    if (!single.empty()) help += " (also " + single + ")";
    sub.add_option_function<std::string>(
           names, [set, name = f.name](const std::string& v) { set(name, v); }, help)
        ->type_name(std::string(f.placeholder))
        ->group(std::string(fields::title(f.group)));
  }
}

bool Output::validate() {
  auto f = io::parse_output_format(format, accepted, who);
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
  if (min_severity == "info") {
    shown = Severity::info;
  } else if (min_severity == "warning") {
    shown = Severity::warning;
  } else if (min_severity == "error") {
    shown = Severity::error;
  } else {
    bad_input("--min-severity '" + min_severity + "': expected info, warning or error");
    return false;
  }
  if (quiet && shown < Severity::warning) shown = Severity::warning;
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

namespace {

// `text` into a new file beside `path`, then renamed over it: readers see the old report or the
// new one, never half of one, and a failed run leaves no partial file. The temporary name is
// unique per process and call (O_EXCL), its mode 0666 less the umask, as a plain redirect gives.
bool write_atomically(const std::string& path, const std::string& text, std::string& why) {
  static std::atomic<unsigned> counter{0};
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::string temp = dir + "." + base + ".kvdtype-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + ".tmp";
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    why = std::strerror(errno);
    return false;
  }
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  const int write_errno = errno;
  const bool written = done == text.size();
  if (::close(fd) != 0 || !written) {
    why = std::strerror(written ? errno : write_errno);
    ::unlink(temp.c_str());
    return false;
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    why = std::strerror(errno);
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

}  // namespace

int Output::write(const std::string& text, int status) const {
  if (file.empty() || file == "-") {
    emit(text);
    return status;
  }
  std::string why;
  if (write_atomically(file, text, why)) return status;
  const std::string message = "--output '" + file + "': cannot write it: " + why;
  if (parsed == io::OutputFormat::json) emit(io::render_error(message, file));
  return bad_input(message);
}

void emit(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace kvdtype::cli
