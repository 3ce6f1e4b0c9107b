#include "sources/files/read_file.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>
#include <iostream>

#include "common/text.hpp"

namespace kvdtype::io::detail {

namespace {

// Closes the descriptor on every path out.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string size_text(std::size_t limit) {
  if (limit >= (1u << 20) && limit % (1u << 20) == 0) return std::to_string(limit >> 20) + " MiB";
  return std::to_string(limit) + " bytes";
}

const char* type_problem(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory, not a file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file; use - to read standard input";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "not a regular file";
}

// Kernel pseudo file systems: generated content, st_size 0, reads that may block or never end.
bool pseudo_file_system(int fd) {
  struct statfs fs {};
  if (::fstatfs(fd, &fs) != 0) return false;
  switch (static_cast<unsigned long>(fs.f_type)) {
    case PROC_SUPER_MAGIC:
    case SYSFS_MAGIC:
    case DEBUGFS_MAGIC:
    case TRACEFS_MAGIC:
    case SECURITYFS_MAGIC:
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC:
    case BPF_FS_MAGIC:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string shown_path(const std::filesystem::path& path) { return kvdtype::detail::escape_text(path.native()); }

std::string open_problem(int error_number) {
  switch (error_number) {
    case ENOENT: return "no such file";
    case ELOOP: return "a symbolic link loop (too many levels of symbolic links)";
    case EACCES:
    case EPERM: return "permission denied";
    case ENOTDIR: return "a component of the path is not a directory";
    case ENAMETOOLONG: return "the path is too long";
    case EISDIR: return "is a directory, not a file";
    case ENXIO: return "a device or socket that cannot be opened for reading";
    case EMFILE:
    case ENFILE: return "too many open files";
    default: return std::string("cannot be opened (") + std::strerror(error_number) + ")";
  }
}

namespace {

std::atomic<ReadObserver> g_observer{nullptr};

void observe(const std::filesystem::path& path) {
  if (const ReadObserver o = g_observer.load(std::memory_order_relaxed)) o(path);
}

Error bad_path(const std::filesystem::path& path, const std::string& problem) {
  return Error{ErrorCode::bad_file, shown_path(path) + ": " + problem};
}

// Opens `path` into `f` and judges what was opened: a regular file of a real file system, or the
// Error naming why not. `st` receives its status.
std::optional<Error> open_regular(const std::filesystem::path& path, std::string_view what, Fd& f, struct stat& st) {
  observe(path);
  f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (f.fd < 0) return bad_path(path, open_problem(errno));
  if (::fstat(f.fd, &st) != 0) return bad_path(path, open_problem(errno));
  if (!S_ISREG(st.st_mode)) return bad_path(path, type_problem(st.st_mode));
  if (pseudo_file_system(f.fd)) return bad_path(path, "a kernel pseudo-file (procfs/sysfs), not " + std::string(what));
  return std::nullopt;
}

Result<std::string> read_bounded(const std::filesystem::path& path, std::size_t limit, std::string_view what,
                                 bool head_only) {
  auto bad = [&](const std::string& problem) { return bad_path(path, problem); };
  Fd f;
  struct stat st {};
  if (auto e = open_regular(path, what, f, st)) return *e;
  const std::string too_large = "larger than " + size_text(limit) + "; not " + std::string(what);
  if (!head_only && static_cast<std::uintmax_t>(st.st_size) > limit) return bad(too_large);
  std::string text(std::min<std::size_t>(static_cast<std::size_t>(st.st_size), limit) + 1, '\0');
  std::size_t got = 0;
  while (got <= limit) {
    if (got == text.size()) text.resize(std::min(limit + 1, text.size() * 2 + 4096));
    const ssize_t n = ::read(f.fd, text.data() + got, text.size() - got);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) return bad("reading it would block; not " + std::string(what));
      return bad(std::string("cannot be read (") + std::strerror(errno) + ")");
    }
    got += static_cast<std::size_t>(n);
  }
  if (got > limit) {
    if (!head_only) return bad(too_large);
    got = limit;
  }
  text.resize(got);
  return text;
}

}  // namespace

void set_read_observer(ReadObserver observer) noexcept { g_observer.store(observer, std::memory_order_relaxed); }

Result<RegularFile> RegularFile::open(const std::filesystem::path& path, std::string_view what) {
  Fd f;
  struct stat st {};
  if (auto e = open_regular(path, what, f, st)) return *e;
  RegularFile file(f.fd, static_cast<std::uint64_t>(st.st_size));
  f.fd = -1;  // owned by `file` now
  return file;
}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      size_(other.size_),
      buffer_(std::move(other.buffer_)),
      begin_(other.begin_),
      end_(other.end_) {}

RegularFile::~RegularFile() {
  if (fd_ >= 0) ::close(fd_);
}

bool RegularFile::fill() {
  constexpr std::size_t kBuffer = 1u << 16;
  if (buffer_.size() != kBuffer) buffer_.resize(kBuffer);
  begin_ = end_ = 0;
  for (;;) {
    const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // end of file, or an error (EAGAIN included: never wait)
    end_ = static_cast<std::size_t>(n);
    return true;
  }
}

bool RegularFile::read(char* out, std::size_t n) {
  while (n > 0) {
    if (begin_ == end_ && !fill()) return false;
    const std::size_t take = std::min(n, end_ - begin_);
    std::memcpy(out, buffer_.data() + begin_, take);
    begin_ += take;
    out += take;
    n -= take;
  }
  return true;
}

std::size_t RegularFile::read_some(char* out, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    if (begin_ == end_ && !fill()) break;
    const std::size_t take = std::min(n - got, end_ - begin_);
    std::memcpy(out + got, buffer_.data() + begin_, take);
    begin_ += take;
    got += take;
  }
  return got;
}

Result<std::string> RegularFile::rest(std::string head, const std::filesystem::path& path, std::size_t limit,
                                      std::string_view what) {
  // The messages are read_bounded's: the file reads the same whether it was opened here or there.
  const std::string too_large = "larger than " + size_text(limit) + "; not " + std::string(what);
  if (size_ > limit) return bad_path(path, too_large);
  std::string text = std::move(head);
  text.append(buffer_.data() + begin_, end_ - begin_);
  begin_ = end_ = 0;
  std::size_t got = text.size();
  text.resize(std::max<std::size_t>(got, std::min<std::size_t>(static_cast<std::size_t>(size_), limit)) + 1);
  while (got <= limit) {
    if (got == text.size()) text.resize(std::min(limit + 1, text.size() * 2 + 4096));
    const ssize_t n = ::read(fd_, text.data() + got, text.size() - got);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) return bad_path(path, "reading it would block; not " + std::string(what));
      return bad_path(path, std::string("cannot be read (") + std::strerror(errno) + ")");
    }
    got += static_cast<std::size_t>(n);
  }
  if (got > limit) return bad_path(path, too_large);
  text.resize(got);
  return text;
}

bool RegularFile::skip(std::uint64_t n) {
  const std::size_t buffered = end_ - begin_;
  if (n <= buffered) {
    begin_ += static_cast<std::size_t>(n);
    return true;
  }
  n -= buffered;
  begin_ = end_ = 0;
  if (n > static_cast<std::uint64_t>(std::numeric_limits<off_t>::max())) return false;
  return ::lseek(fd_, static_cast<off_t>(n), SEEK_CUR) >= 0;
}

Result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t limit, std::string_view what) {
  return read_bounded(path, limit, what, false);
}

Result<std::string> read_regular_file_problem(const std::filesystem::path& path, std::size_t limit, std::string_view what) {
  auto read = read_regular_file(path, limit, what);
  if (read.ok()) return read;
  Error e = read.error();
  if (const std::string shown = shown_path(path) + ": "; e.message.rfind(shown, 0) == 0) e.message.erase(0, shown.size());
  return e;
}

Result<std::string> read_file_head(const std::filesystem::path& path, std::size_t limit) {
  return read_bounded(path, limit, "a file", true);
}

Result<std::string> read_input_file(const std::string& path_or_dash, std::size_t limit, std::string_view what) {
  if (path_or_dash != "-") return read_regular_file(path_or_dash, limit, what);
  observe(path_or_dash);
  std::string text = read_stream_at_most(std::cin, limit + 1);
  if (text.size() > limit) return Error{ErrorCode::bad_file, "stdin: larger than " + size_text(limit)};
  return text;
}

std::string read_stream_at_most(std::istream& in, std::size_t limit) {
  std::string text;
  char buf[65536];
  while (text.size() < limit && in) {
    in.read(buf, static_cast<std::streamsize>(std::min(sizeof buf, limit - text.size())));
    text.append(buf, static_cast<std::size_t>(in.gcount()));
  }
  return text;
}

}  // namespace kvdtype::io::detail
