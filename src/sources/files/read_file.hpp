// Internal (io): reading a file the user named, safely. Every file kvdtype reads (a model
// config, a command file, a manifest, a Hugging Face cache ref) goes through read_regular_file(), which never blocks and never reads
// more than a bound:
//   - the file is opened non-blocking and judged by what was opened (fstat on the descriptor,
//     so a symlink swapped after a check changes nothing);
//   - only regular files are read: a FIFO, a character device (/dev/zero, /dev/tty), a socket or
//     a block device is refused by type — opening a FIFO non-blocking returns at once;
//   - files of kernel pseudo file systems (procfs, sysfs, debugfs, tracefs, …) are refused: they
//     report a size of 0 whatever they hold, and reading some of them blocks (/proc/kmsg);
//   - at most `limit` + 1 bytes are read, so a file growing under us is still bounded.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>

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

/// The first `limit` bytes at most (a longer file is not an error), by the same rules.
[[nodiscard]] Result<std::string> read_file_head(const std::filesystem::path& path, std::size_t limit);

/// At most `limit` bytes of a stream (standard input), never the whole stream: `yes |` or
/// /dev/zero piped in stops at the bound. Callers read limit + 1 to tell "too large" apart.
[[nodiscard]] std::string read_stream_at_most(std::istream& in, std::size_t limit);

/// Why opening `path` failed, from errno: "no such file", "a symbolic link loop (…)", …
[[nodiscard]] std::string open_problem(int error_number);

/// A path for a one-line message: escaped by the common rule (detail::escape_text), never cut.
[[nodiscard]] std::string shown_path(const std::filesystem::path& path);

}  // namespace kvdtype::io::detail
