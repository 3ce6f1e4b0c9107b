// The heap of a `kvdtype` process: at its start, and when it is about to read large manifests
// (the executable only: the Python module shares the command line's code but not its process,
// and its malloc is Python's).
#pragma once

#include <string>
#include <vector>

namespace kvdtype::cli {

// When the manifests named in `args` (`--manifest PATH`, `--manifest=PATH`; a directory counts
// the files below it) hold enough text, grow the heap once, ahead of the reading, and ask the
// kernel to back it with transparent huge pages. Reading YAML builds ~60 bytes of nodes per byte
// of text: 1,000 Deployments (756 KB) touched 11,600 fresh 4 KiB pages, a third of the CPU time,
// and with huge pages 1,800 (docs/performance.md, eighth round). Only a hint: where THP is off,
// brk is refused or malloc is not glibc's, nothing changes; no answer depends on it.
void prepare_heap_for_manifests(const std::vector<std::string>& args);

// Before anything is allocated (main.cpp calls it from a constructor that runs before every
// other one), the memory a command's start touches, in fewer page faults (each ~10 µs of CPU on
// the machine measured; docs/performance.md, ninth round):
// - the heap: its blocks, from the first, go on a 2 MiB-aligned stretch of the heap that the
//   kernel may back with one transparent huge page (a launch check allocates ~280 KB: ~50 fresh
//   4 KiB pages, each a fault). Below that stretch the few bytes malloc lays out first stay in
//   small pages, and a block spanning the rest of them is reserved, never touched;
// - the stack: the 128 KiB below the caller's frame are filled in one call
//   (MADV_POPULATE_WRITE) instead of one fault per page as the pipeline's frames reach them
//   (a launch check: 28), where the stack's limit leaves room for it.
// Only hints: where THP is off, the kernel predates MADV_POPULATE_WRITE (5.14), the heap is not
// brk's or malloc is not glibc's (the sanitizer builds, valgrind), nothing changes.
void prepare_memory_for_start() noexcept;

}  // namespace kvdtype::cli
