// The heap of a `kvdtype` process about to read large manifests (the executable only: the Python
// module shares the command line's code but not its process, and its malloc is Python's).
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

}  // namespace kvdtype::cli
