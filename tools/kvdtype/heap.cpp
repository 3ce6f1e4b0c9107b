#include "heap.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__) || defined(__GLIBC__)
#include <sys/mman.h>
#include <sys/resource.h>
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

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KVDTYPE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define KVDTYPE_SANITIZED 1
#endif
#endif

#if defined(__linux__) && !defined(KVDTYPE_SANITIZED)
#define KVDTYPE_START_MEMORY 1  // the sanitizers keep their own heap and stack layout
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
#define KVDTYPE_GLIBC_HEAP 1
#endif
#endif

#if defined(KVDTYPE_GLIBC_HEAP)
constexpr std::uintptr_t kHugePage = 2 * 1024 * 1024;

// Bytes free at the top of the main arena (the block new allocations are cut from, at the
// break's end).
std::uintptr_t top_free() {
#if __GLIBC_PREREQ(2, 33)
  return mallinfo2().keepcost;
#else
  return static_cast<unsigned>(mallinfo().keepcost);
#endif
}

void* g_small_page_reserve = nullptr;  // kept: freeing it would put its pages back under new blocks

void prepare_heap() noexcept {
  // Grow the heap by 6 MiB at its first extension, so that at least one whole aligned 2 MiB
  // stretch lies inside it whatever the break's start, and never trim it back (a trim would
  // split the huge page). Later growth goes back to glibc's default steps.
  constexpr int kFirstPad = 6 * 1024 * 1024;
  if (mallopt(M_TOP_PAD, kFirstPad) == 0 || mallopt(M_TRIM_THRESHOLD, 2 * kFirstPad) == 0) return;
  void* volatile first = malloc(1);  // volatile: the pair must not be optimised away
  free(first);
  const auto brk_end = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uintptr_t free_at_top = top_free();
  mallopt(M_TOP_PAD, 128 * 1024);
  if (brk_end == static_cast<std::uintptr_t>(-1) || free_at_top == 0 || free_at_top > brk_end) return;
  const std::uintptr_t top = brk_end - free_at_top;
  // The next blocks start at the first aligned address past one spare page: the reserve's
  // successor's header is written there, below the huge stretch, before the kernel is told.
  const std::uintptr_t aligned = (top + 4096 + 64 + kHugePage - 1) & ~(kHugePage - 1);
  const std::size_t reserve = aligned - top - 4096 - 64;
  void* const block = malloc(reserve);
  const auto at = reinterpret_cast<std::uintptr_t>(block);
  const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0));
  // Only when the reserve came from the top as expected and a whole stretch lies above it.
  if (block == nullptr || at < top || at + reserve > aligned || end < aligned + kHugePage) {
    free(block);
    return;
  }
  g_small_page_reserve = block;
  (void)madvise(reinterpret_cast<void*>(aligned), (end - aligned) & ~(kHugePage - 1), MADV_HUGEPAGE);
}
#endif

#if defined(KVDTYPE_START_MEMORY)
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older kernels refuse it (EINVAL) and nothing changes
#endif

constexpr std::size_t kStackFilled = 128 * 1024;

// The stack grows on a fault below its mapping. This frame takes the space (alloca, so that no
// access is far below the stack pointer), touches its lowest byte (one fault grows the mapping
// to there) and has the kernel fill every page between in one call.
__attribute__((noinline)) void populate_stack() noexcept {
  struct rlimit limit {};
  if (getrlimit(RLIMIT_STACK, &limit) != 0 || (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < 4 * kStackFilled)) return;
  auto* const low = static_cast<volatile char*>(__builtin_alloca(kStackFilled));
  low[0] = 0;
  constexpr std::uintptr_t kPage = 4096;
  const std::uintptr_t from = (reinterpret_cast<std::uintptr_t>(low) + kPage - 1) & ~(kPage - 1);
  const std::uintptr_t to = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)) & ~(kPage - 1);
  if (to > from) (void)madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
}

// The executable's zero-initialised data (45 KB: the tables' lazily built indexes, CLI11's and
// libstdc++'s statics), every page of which a start writes: filled in one call, as the stack.
// The linkers (ld.bfd, lld) define both symbols; weak, so that a link without them has none.
extern "C" char __bss_start[] __attribute__((weak));
extern "C" char _end[] __attribute__((weak));

void populate_bss() noexcept {
  if (__bss_start == nullptr || _end == nullptr) return;
  constexpr std::uintptr_t kPage = 4096;
  const std::uintptr_t from = reinterpret_cast<std::uintptr_t>(__bss_start) & ~(kPage - 1);
  const std::uintptr_t to = (reinterpret_cast<std::uintptr_t>(_end) + kPage - 1) & ~(kPage - 1);
  if (to > from) (void)madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
}
#endif

}  // namespace

void prepare_memory_for_start() noexcept {
#if defined(KVDTYPE_GLIBC_HEAP)
  prepare_heap();
#endif
#if defined(KVDTYPE_START_MEMORY)
  populate_bss();
  populate_stack();
#endif
}

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
