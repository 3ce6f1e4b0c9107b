// One libFuzzer target per entry point of entry_points.hpp: CMake compiles this file once per
// target with KVDTYPE_FUZZ_ENTRY set to the entry point's name (fuzz_<name>).
#include <cstdio>
#include <cstdlib>

#include "entry_points.hpp"

#ifndef KVDTYPE_FUZZ_ENTRY
#error "KVDTYPE_FUZZ_ENTRY names the entry point (tests/fuzz/CMakeLists.txt sets it)"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    kvdtype::fuzz::KVDTYPE_FUZZ_ENTRY(data, size);
  } catch (const kvdtype::fuzz::Violation& v) {
    // An invariant, not a crash: abort so that libFuzzer keeps the input as a crash artifact.
    std::fprintf(stderr, "kvdtype fuzz invariant violated: %s\n", v.what());
    std::abort();
  }
  // Any other exception escapes on purpose: the library promised not to throw.
  return 0;
}
