// The check pipeline shared by every face (include/kvdtype/io/pipeline.hpp): read every layer,
// then judge them (pipeline/layers.hpp).
#include "kvdtype/io/pipeline.hpp"

#include "pipeline/layers.hpp"
#include "sources/files/read_file.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io {
namespace {

// At most kMaxCommandBytes + 1 bytes are read, never the whole stream: /dev/zero, `yes |` or a
// huge file is refused after 1 MiB instead of hanging or exhausting memory.
constexpr std::size_t kMaxCommandBytes = 1u << 20;

}  // namespace

Result<std::string> read_command_file(const std::string& path) {
  // "-" or a regular file, opened non-blocking, at most 1 MiB (sources/files/read_file.hpp): a FIFO,
  // /dev/zero or /proc/kmsg is refused at once instead of blocking or running forever.
  auto read = detail::read_input_file(path, kMaxCommandBytes, "a command file");
  if (!read.ok()) return read.error();
  std::string text = std::move(read).value();
  const std::string name = path == "-" ? "stdin" : detail::shown_path(path);
  if (text.find('\0') != std::string::npos) return Error{ErrorCode::bad_file, name + ": binary data, not a command"};
  // A systemd unit (ollama.service) is read as the script it amounts to (shell/systemd_unit.cpp).
  if (auto script = detail::systemd_unit_as_script(text)) return std::move(*script);
  // A .bat, .cmd or .ps1 file is a cmd.exe or PowerShell command: its line continuations and
  // backslashes are read as that shell reads them (shell/windows_lines.cpp).
  if (const detail::WindowsShell shell = detail::windows_shell_of_file(path); shell != detail::WindowsShell::unknown)
    if (auto posix = detail::posix_from_windows(text, shell)) return std::move(*posix);
  return text;
}

ReportExtras Checked::view() const {
  ReportExtras e = extras;
  e.draft = draft ? &*draft : nullptr;
  e.prefill = prefill ? &*prefill : nullptr;
  return e;
}

Verdict Checked::verdict() const {
  const ReportExtras e = view();
  return combined_verdict(report, &e);
}

Result<Checked> check_input(const CheckInput& in) {
  auto layers = detail::read_layers(in);
  if (!layers.ok()) return layers.error();
  return detail::judge(in, *layers);
}

}  // namespace kvdtype::io
