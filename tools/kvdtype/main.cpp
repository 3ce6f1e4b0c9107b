// kvdtype — resolve and check inference engines' KV-cache dtype flags before any kernel runs.
// Exit status: 0 accepted (warnings allowed), 1 rejected, 2 bad input. The command line itself
// lives in kvdtype_cli_lib (cli_main.cpp), shared with `python3 -m kvdtype`.
#include <string>
#include <vector>

#include "cli.hpp"
#include "heap.hpp"
#include "kvdtype/version.hpp"

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "serve") return kvdtype::cli::exec_serve(argc, argv);  // the webhook: its own program
  const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  kvdtype::cli::prepare_heap_for_manifests(args);
  return kvdtype::cli::main(args);
}
