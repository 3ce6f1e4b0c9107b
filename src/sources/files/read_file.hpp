// Internal (io): reading a file the user named, safely. Every file kvdtype reads (a model
// config, a command file, a manifest, a Hugging Face cache ref, a GGUF header) goes through
// read_regular_file() or its relatives here (read_input_file, read_file_head, and RegularFile,
// whose caller bounds its own walk), which never block and never read more than a bound:
//   - the file is opened non-blocking and judged by what was opened (fstat on the descriptor,
//     so a symlink swapped after a check changes nothing);
//   - only regular files are read: a FIFO, a character device (/dev/zero, /dev/tty), a socket or
//     a block device is refused by type — opening a FIFO non-blocking returns at once;
//   - files of kernel pseudo file systems (procfs, sysfs, debugfs, tracefs, …) are refused: they
//     report a size of 0 whatever they hold, and reading some of them blocks (/proc/kmsg);
//   - at most `limit` + 1 bytes are read, so a file growing under us is still bounded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// The whole file, or a bad_file Error "<shown path>: <problem>" naming why it cannot be read:
/// no such file, a symbolic link loop, permission denied, a directory, not a regular file (and
/// which kind), a kernel pseudo-file, larger than `limit` bytes (`what` names the expected
/// content in that message, e.g. "a model config").
[[nodiscard]] Result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t limit,
                                                    std::string_view what);

/// The same, for callers that name the file in their own words ("--config F: <problem>"): the
/// Error's message is only the problem ("no such file", "a FIFO, not a regular file", …).
[[nodiscard]] Result<std::string> read_regular_file_problem(const std::filesystem::path& path, std::size_t limit,
                                                            std::string_view what);

/// An input the user named, "-" being standard input: at most `limit` bytes of the stream
/// (larger: "stdin: larger than <limit>"), or the file by read_regular_file's rules. Manifests
/// and command files are read through this one function, so stdin and files share the bound.
[[nodiscard]] Result<std::string> read_input_file(const std::string& path_or_dash, std::size_t limit,
                                                  std::string_view what);

/// The first `limit` bytes at most (a longer file is not an error), by the same rules.
[[nodiscard]] Result<std::string> read_file_head(const std::filesystem::path& path, std::size_t limit);

/// A regular file opened by read_regular_file's rules (non-blocking, judged by its descriptor,
/// no FIFO, device or kernel pseudo-file), for a reader that walks a large binary file in pieces
/// (a GGUF header before gigabytes of tensors) instead of holding it whole. Reads are buffered:
/// a header of millions of small values costs a few hundred system calls, not one per value.
class RegularFile {
 public:
  /// The open file, or a bad_file Error "<shown path>: <problem>" as read_regular_file gives.
  [[nodiscard]] static Result<RegularFile> open(const std::filesystem::path& path, std::string_view what);
  RegularFile(RegularFile&& other) noexcept;
  RegularFile& operator=(RegularFile&&) = delete;
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;
  ~RegularFile();

  /// The file's size when it was opened.
  [[nodiscard]] std::uint64_t size() const noexcept { return size_; }
  /// Exactly `n` bytes into `out`; false when the file ends first or a read fails.
  [[nodiscard]] bool read(char* out, std::size_t n);
  /// Up to `n` bytes into `out`: how many there were before the file ended.
  [[nodiscard]] std::size_t read_some(char* out, std::size_t n);
  /// `head` (what the caller read first) and the rest of the file, whole, by read_regular_file's
  /// bound and messages: a file of more than `limit` bytes is "<shown path>: larger than …; not
  /// `what`". For a reader that tells a file's kind by its first bytes without opening it twice
  /// (a model config or a GGUF header).
  [[nodiscard]] Result<std::string> rest(std::string head, const std::filesystem::path& path, std::size_t limit,
                                         std::string_view what);
  /// Moves `n` bytes on without reading them (a seek past the buffer); false on failure.
  [[nodiscard]] bool skip(std::uint64_t n);

 private:
  RegularFile(int fd, std::uint64_t size) : fd_(fd), size_(size) {}
  bool fill();
  int fd_ = -1;
  std::uint64_t size_ = 0;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0;  // unread bytes of buffer_
};

/// At most `limit` bytes of a stream (standard input), never the whole stream: `yes |` or
/// /dev/zero piped in stops at the bound. Callers read limit + 1 to tell "too large" apart.
[[nodiscard]] std::string read_stream_at_most(std::istream& in, std::size_t limit);

/// Why opening `path` failed, from errno: "no such file", "a symbolic link loop (…)", …
[[nodiscard]] std::string open_problem(int error_number);

/// Called with each path before it is opened here ("-" for standard input), when set. The
/// pipeline promises to read every input once and to judge without reading
/// (pipeline/layers.hpp); tests/unit/test_judge.cpp counts the reads through this to hold it to
/// that. nullptr (the default) observes nothing.
using ReadObserver = void (*)(const std::filesystem::path& path);
void set_read_observer(ReadObserver observer) noexcept;

/// A path for a one-line message: escaped by the common rule (detail::escape_text), never cut.
[[nodiscard]] std::string shown_path(const std::filesystem::path& path);

}  // namespace kvdtype::io::detail
