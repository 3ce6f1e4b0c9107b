// Several inputs in one run: manifests, command files, a fleet of targets
// (include/kvdtype/io/manifest.hpp check_several).
#include <algorithm>
#include <filesystem>

#include "kvdtype/io/manifest.hpp"
#include "io/read_file.hpp"

namespace kvdtype::io {
namespace {

constexpr std::size_t kMaxManifestBytes = 16u << 20;

}  // namespace

Result<std::string> read_manifest_file(const std::string& path) {
  // "-" or a regular file, non-blocking and bounded (io/read_file.hpp): a FIFO or /proc/kmsg is
  // refused at once, /dev/null or /proc/self/mem by type, instead of blocking or reading empty.
  auto read = detail::read_input_file(path, kMaxManifestBytes, "a manifest");
  if (!read.ok()) return read.error();
  std::string text = std::move(read).value();
  const std::string name = path == "-" ? "stdin" : detail::shown_path(path);
  // UTF-16 (as Windows tools save text) is named by its byte-order mark rather than called binary.
  if (text.size() >= 2 && ((text[0] == '\xff' && text[1] == '\xfe') || (text[0] == '\xfe' && text[1] == '\xff')))
    return Error{ErrorCode::bad_file, name + ": UTF-16 text (byte-order mark " + (text[0] == '\xff' ? "FF FE" : "FE FF") +
                                          "); save it as UTF-8"};
  if (text.find('\0') != std::string::npos) return Error{ErrorCode::bad_file, name + ": binary data, not a manifest"};
  return text;
}

Result<Checks> check_several(std::span<const std::string> manifests, std::span<const std::string> command_files,
                             const CheckInput& base) {
  std::vector<Workload> workloads;
  std::vector<std::string> skipped;
  std::vector<DeploymentDiagnostic> empty;  // files that hold no serving workload
  for (const std::string& file : manifests) {
    auto text = read_manifest_file(file);
    if (!text.ok()) return text.error();
    auto read = read_manifest(*text, file, base);
    if (!read.ok()) return read.error();
    ManifestWorkloads m = std::move(read).value();
    attach_comment_suppressions(m.workloads, *text, file, CommentStyle::yaml);  // docs/suppressions.md
    if (m.workloads.empty()) {
      std::vector<std::string> found;
      // "FILE:LINE kind/name container c (image): why" → "kind/name container c (image): why".
      for (const std::string& s : m.skipped) {
        std::string_view v = s;
        if (v.starts_with(file)) {
          v.remove_prefix(file.size());
          const std::size_t blank = v.find(' ');
          v.remove_prefix(blank == std::string_view::npos ? v.size() : blank + 1);
        }
        found.emplace_back(v);
      }
      empty.push_back(no_workload(file, found));
    }
    for (Workload& w : m.workloads) workloads.push_back(std::move(w));
    for (std::string& s : m.skipped) skipped.push_back("skipped " + std::move(s));
  }
  for (const std::string& file : command_files) {
    Workload& w = workloads.emplace_back();
    w.source.file = file;
    w.source.kind = "command file";
    w.input = base;
    w.input.command_file = file;
  }
  if (manifests.empty() && command_files.empty()) {
    Workload& w = workloads.emplace_back();
    w.source.kind = "gpu";
    w.input = base;
  }
  auto expanded = expand_fleet(std::move(workloads));
  if (!expanded.ok()) return expanded.error();
  std::vector<Workload> all = std::move(expanded).value();
  for (Workload& w : all)
    if (w.source.kind == "gpu") w.source.name = w.source.gpu;
  Checks checks = check_workloads(all);
  checks.diagnostics.insert(checks.diagnostics.end(), empty.begin(), empty.end());
  checks.notes.insert(checks.notes.end(), skipped.begin(), skipped.end());
  return checks;
}

}  // namespace kvdtype::io
