#include "heap.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace kvdtype::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kWorthIt = 256 * 1024;                 // below this, the few faults are not worth a syscall
constexpr std::uintmax_t kBytesPerTextByte = 64;                // measured: 43 MB of heap for 756 KB of YAML
constexpr std::uintmax_t kMostReserved = std::uintmax_t{1} << 30;  // address space only; pages are touched as used
constexpr std::size_t kWalkedEntries = 20000;                   // an estimate: a huge tree is not walked twice

// The bytes of text under `path`, counted up to `cap`: a file's size, or the regular files below
// a directory (symbolic links not followed, unreadable folders skipped). Errors count nothing.
std::uintmax_t text_bytes(const std::string& path, std::uintmax_t cap) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec) return 0;
  if (fs::is_regular_file(st)) {
    const std::uintmax_t n = fs::file_size(path, ec);
    return ec ? 0 : n;
  }
  if (!fs::is_directory(st)) return 0;
  std::uintmax_t sum = 0;
  std::size_t seen = 0;
  for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end && sum < cap && seen < kWalkedEntries;
       it.increment(ec), ++seen) {
    if (it->is_regular_file(ec)) {
      const std::uintmax_t n = it->file_size(ec);
      if (!ec) sum += n;
    }
  }
  return sum;
}

}  // namespace

void prepare_heap_for_manifests(const std::vector<std::string>& args) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
  std::uintmax_t text = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--") break;  // a launch command follows
    if (a == "--manifest" && i + 1 < args.size()) text += text_bytes(args[++i], kMostReserved);
    else if (a.starts_with("--manifest=")) text += text_bytes(std::string(a.substr(11)), kMostReserved);
  }
  if (text < kWorthIt) return;
  const std::uintmax_t want = std::min(text * kBytesPerTextByte, kMostReserved);
  const auto pad = static_cast<int>(std::min<std::uintmax_t>(want, 0x7fffffff));
  // Grow the heap (brk) by `pad` at its next extension and keep it: freed memory at the top is
  // not handed back below twice that, so the huge pages are not split by a trim.
  if (mallopt(M_TOP_PAD, pad) == 0 || mallopt(M_TRIM_THRESHOLD, pad) == 0) return;
  char* const before = static_cast<char*>(sbrk(0));
  // Blocks under the mmap threshold (128 KiB) come from the heap: take them until it grows.
  void* taken[64];
  std::size_t n = 0;
  while (n < 64 && static_cast<char*>(sbrk(0)) == before) {
    taken[n] = malloc(96 * 1024);
    if (taken[n] == nullptr) break;
    ++n;
  }
  char* const after = static_cast<char*>(sbrk(0));
  for (std::size_t i = 0; i < n; ++i) free(taken[i]);
  mallopt(M_TOP_PAD, 128 * 1024);  // later growth in glibc's default steps
  if (before == reinterpret_cast<char*>(-1) || after <= before) return;
  constexpr std::uintptr_t kHuge = 2 * 1024 * 1024;
  const std::uintptr_t from = (reinterpret_cast<std::uintptr_t>(before) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t to = reinterpret_cast<std::uintptr_t>(after) & ~(kHuge - 1);
  if (to > from) (void)madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#else
  (void)args;
#endif
}

}  // namespace kvdtype::cli
