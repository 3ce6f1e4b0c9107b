// kvdtype_surface_gen: what is generated from the request-field table and the command line.
//
//   kvdtype_surface_gen completion [FILE]   the bash completion script (stdout or FILE)
//   kvdtype_surface_gen check FILE...       exit 1 when a FILE's generated block is stale
//   kvdtype_surface_gen write FILE...       rewrite each FILE's generated block
//
// A FILE holds one block between BEGIN/END marker lines: a .pyi gets the request keywords of
// check() (python/kvdtype/__init__.pyi), a .md the table of request flags (docs/contract.md).
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

constexpr std::string_view kBegin = "BEGIN request fields";
constexpr std::string_view kEnd = "END request fields";

std::string python_block() {
  std::string out;
  for (const RequestField& f : kvdtype::fields::all())
    out += "    " + std::string(f.name) + ": " + std::string(kvdtype::fields::python_type(f.kind)) + " = ...,  # " +
           std::string(f.help) + "\n";
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

// The file with its block regenerated; false (with a message) when it has no block.
bool regenerate(const std::string& path, std::string& current, std::string& wanted) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "kvdtype_surface_gen: " << path << ": cannot be read\n";
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  current = ss.str();
  const std::size_t b = current.find(kBegin);
  const std::size_t e = current.find(kEnd);
  if (b == std::string::npos || e == std::string::npos || e < b) {
    std::cerr << "kvdtype_surface_gen: " << path << ": no '" << kBegin << "' … '" << kEnd << "' block\n";
    return false;
  }
  const std::size_t body = current.find('\n', b) + 1;
  const std::size_t end_line = current.rfind('\n', e) + 1;
  const std::string block = ends_with(path, ".pyi") ? python_block() : markdown_block();
  wanted = current.substr(0, body) + block + current.substr(end_line);
  return true;
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
                  << " differs from the request-field table; run `kvdtype_surface_gen write " << args[i] << "`\n";
        status = 1;
      }
    }
    return status;
  }
  std::cerr << "usage: kvdtype_surface_gen completion [FILE] | check FILE... | write FILE...\n";
  return 2;
}
