// kvdtype_surface_gen: what is generated from the request-field table and the command line.
//
//   kvdtype_surface_gen completion [FILE]   the bash completion script (stdout or FILE)
//   kvdtype_surface_gen check FILE...       exit 1 when a FILE's generated block is stale
//   kvdtype_surface_gen write FILE...       rewrite each FILE's generated block
//
// A FILE holds blocks between BEGIN/END marker lines: a .pyi gets the request keywords of
// check() from the request-field table and its input keywords from the reader table
// (python/kvdtype/__init__.pyi), a .md the table of request flags (docs/contract.md).
//
// The stub's keywords are generated rather than only checked, so that a new reader row (an
// input format) or request field reaches the stub by running `write`, with its Python type
// following from the row; CTest's surface_generated_files_current runs `check`, so a stale
// stub fails the build's tests instead of drifting.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bindings/face.hpp"
#include "cli.hpp"

namespace {

using kvdtype::fields::RequestField;

namespace readers = kvdtype::io::detail;

constexpr std::string_view kBegin = "BEGIN request fields";
constexpr std::string_view kEnd = "END request fields";
constexpr std::string_view kInputsBegin = "BEGIN input keywords";
constexpr std::string_view kInputsEnd = "END input keywords";

std::string python_block() {
  std::string out;
  for (const RequestField& f : kvdtype::fields::all())
    out += "    " + std::string(f.name) + ": " + std::string(kvdtype::fields::python_type(f.kind)) + " = ...,  # " +
           std::string(f.help) + "\n";
  return out;
}

// check()'s input keywords: the reader rows a caller gives (sources/readers.cpp), in their order.
std::string python_inputs_block() {
  std::string out;
  for (const readers::Reader& r : readers::readers()) {
    if (!readers::given_by_caller(r)) continue;
    const std::string_view type = r.value == readers::InputValue::path    ? "PathValue"
                                  : r.value == readers::InputValue::paths ? "PathsValue"
                                                                          : "Union[Mapping[str, str], str, Sequence[str], None]";
    out += "    " + std::string(r.keyword) + ": " + std::string(type) + " = ...,  # " + std::string(r.help) + "\n";
  }
  return out;
}

std::string markdown_block() {
  std::string out =
      "| flag | engine spellings | value | group | meaning |\n"
      "| --- | --- | --- | --- | --- |\n";
  for (const RequestField& f : kvdtype::fields::all()) {
    std::string aliases;
    std::string_view a = f.aliases;
    while (!a.empty()) {
      const std::size_t sp = a.find(' ');
      aliases += (aliases.empty() ? "`" : ", `") + std::string(a.substr(0, sp)) + "`";
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
    std::string help(f.help);
    for (std::size_t i = 0; (i = help.find('|', i)) != std::string::npos; i += 2) help.replace(i, 1, "\\|");
    std::string placeholder(f.placeholder);
    for (std::size_t i = 0; (i = placeholder.find('|', i)) != std::string::npos; i += 2) placeholder.replace(i, 1, "\\|");
    out += "| `" + kvdtype::fields::flag(f.name) + "` | " + aliases + " | " + placeholder + " | " +
           std::string(kvdtype::fields::title(f.group)) + " | " + help + " |\n";
  }
  return out;
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// `text` with the block between the lines holding `begin` and `end` replaced by `block`; false
// (with a message) when it has no such block.
bool replace_block(const std::string& path, std::string& text, std::string_view begin, std::string_view end,
                   const std::string& block) {
  const std::size_t b = text.find(begin);
  const std::size_t e = text.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b) {
    std::cerr << "kvdtype_surface_gen: " << path << ": no '" << begin << "' … '" << end << "' block\n";
    return false;
  }
  const std::size_t body = text.find('\n', b) + 1;
  const std::size_t end_line = text.rfind('\n', e) + 1;
  text = text.substr(0, body) + block + text.substr(end_line);
  return true;
}

// The file with its blocks regenerated; false (with a message) when one is missing.
bool regenerate(const std::string& path, std::string& current, std::string& wanted) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "kvdtype_surface_gen: " << path << ": cannot be read\n";
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  current = ss.str();
  wanted = current;
  if (!ends_with(path, ".pyi")) return replace_block(path, wanted, kBegin, kEnd, markdown_block());
  return replace_block(path, wanted, kBegin, kEnd, python_block()) &&
         replace_block(path, wanted, kInputsBegin, kInputsEnd, python_inputs_block());
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if ((args.size() == 1 || args.size() == 2) && args[0] == "completion") {
    auto program = kvdtype::cli::make_program();
    const std::string script = kvdtype::cli::bash_completion(*program);
    if (args.size() == 1) {
      std::cout << script;
      return 0;
    }
    std::ofstream out(args[1], std::ios::binary);
    out << script;
    return out ? 0 : 2;
  }
  if (args.size() >= 2 && (args[0] == "check" || args[0] == "write")) {
    int status = 0;
    for (std::size_t i = 1; i < args.size(); ++i) {
      std::string current, wanted;
      if (!regenerate(args[i], current, wanted)) return 2;
      if (current == wanted) continue;
      if (args[0] == "write") {
        std::ofstream(args[i], std::ios::binary) << wanted;
        std::cerr << "kvdtype_surface_gen: rewrote " << args[i] << "\n";
      } else {
        std::cerr << "kvdtype_surface_gen: " << args[i]
                  << " differs from the request-field or reader table; run `kvdtype_surface_gen write " << args[i] << "`\n";
        status = 1;
      }
    }
    return status;
  }
  std::cerr << "usage: kvdtype_surface_gen completion [FILE] | check FILE... | write FILE...\n";
  return 2;
}
