// kvdtype — resolve and check inference engines' KV-cache dtype flags before any kernel runs.
// Exit status: 0 accepted (warnings allowed), 1 rejected, 2 bad input. The command line itself
// lives in kvdtype_cli_lib (cli_main.cpp), shared with `python3 -m kvdtype`.
#include <string>
#include <vector>

#include "cli.hpp"
#include "heap.hpp"
#include "kvdtype/version.hpp"

// Runs before every other constructor of the executable (101 is the first priority a program
// may use): CLI11's static validators are the heap's first blocks.
__attribute__((constructor(101))) static void kvdtype_prepare_memory() { kvdtype::cli::prepare_memory_for_start(); }

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "serve") return kvdtype::cli::exec_serve(argc, argv);  // the webhook: its own program
  const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  kvdtype::cli::prepare_heap_for_manifests(args);
  return kvdtype::cli::main(args);
}
