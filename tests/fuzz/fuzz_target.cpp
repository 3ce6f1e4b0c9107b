// The libFuzzer program of every entry point of entry_points.hpp: compiled once, started as
// fuzz_<name> (a link CMake makes for each line of targets.txt), or as kvdtype_fuzz with
// KVDTYPE_FUZZ_TARGET=<name>. libFuzzer's -jobs/-fork workers are started with the same argv[0]
// and environment, so they run the same target.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "entry_points.hpp"

namespace {

void (*g_entry)(const std::uint8_t*, std::size_t) = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  std::string_view name;
  if (const char* env = std::getenv("KVDTYPE_FUZZ_TARGET"); env != nullptr && *env != '\0') {
    name = env;
  } else if (*argc > 0) {
    name = (*argv)[0];
    if (const std::size_t slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
    if (name.substr(0, 5) == "fuzz_") name.remove_prefix(5);
  }
  for (const auto& t : kvdtype::fuzz::kTargets)
    if (name == t.name) g_entry = t.run;
  if (g_entry == nullptr) {
    std::fprintf(stderr, "kvdtype fuzz: no target '%.*s'; start the program as fuzz_<target> or set KVDTYPE_FUZZ_TARGET to one of:",
                 static_cast<int>(name.size()), name.data());
    for (const auto& t : kvdtype::fuzz::kTargets) std::fprintf(stderr, " %s", t.name);
    std::fprintf(stderr, "\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    g_entry(data, size);
  } catch (const kvdtype::fuzz::Violation& v) {
    // An invariant, not a crash: abort so that libFuzzer keeps the input as a crash artifact.
    std::fprintf(stderr, "kvdtype fuzz invariant violated: %s\n", v.what());
    std::abort();
  }
  // Any other exception escapes on purpose: the library promised not to throw.
  return 0;
}
