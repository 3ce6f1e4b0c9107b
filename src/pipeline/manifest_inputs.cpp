// Several inputs in one run: manifests, command files, a fleet of targets
// (include/kvdtype/io/manifest.hpp check_several).
#include <algorithm>
#include <filesystem>

#include "kvdtype/io/manifest.hpp"
#include "sources/files/read_file.hpp"
#include "sources/readers.hpp"

namespace kvdtype::io {
namespace {

constexpr std::size_t kMaxManifestBytes = 16u << 20;

}  // namespace

Result<std::string> read_manifest_file(const std::string& path) {
  // "-" or a regular file, non-blocking and bounded (sources/files/read_file.hpp): a FIFO or /proc/kmsg is
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

Result<Checks> check_several(std::span<const InputRef> inputs, const CheckInput& base) {
  // Gather: every input read once, through its reader (sources/readers.hpp), before any check.
  detail::Gathered gathered;  // then given its base: not zero-filled first (read_layers.cpp says why)
  gathered.base = base;
  if (auto e = detail::gather(inputs, gathered)) return *e;
  std::vector<Workload> workloads = std::move(gathered.workloads);
  // No input holding workloads (a fleet of targets alone): `base` itself is the one workload.
  if (std::none_of(inputs.begin(), inputs.end(), [](const InputRef& i) { return !detail::reader(i.kind).layer; })) {
    Workload& w = workloads.emplace_back();
    w.source.kind = "gpu";
    w.input = gathered.base;
  }
  auto expanded = expand_fleet(std::move(workloads));
  if (!expanded.ok()) return expanded.error();
  std::vector<Workload> all = std::move(expanded).value();
  for (Workload& w : all)
    if (w.source.kind == "gpu") w.source.name = w.source.gpu;
  Checks checks = check_workloads(all);
  checks.diagnostics.insert(checks.diagnostics.end(), gathered.no_workload.begin(), gathered.no_workload.end());
  checks.notes.insert(checks.notes.end(), gathered.notes.begin(), gathered.notes.end());
  return checks;
}

Result<Checks> check_several(std::span<const std::string> manifests, std::span<const std::string> command_files,
                             const CheckInput& base) {
  std::vector<InputRef> inputs;
  for (const std::string& file : manifests) inputs.push_back({InputKind::manifest, file});
  for (const std::string& file : command_files) inputs.push_back({InputKind::command_file, file});
  return check_several(inputs, base);
}

}  // namespace kvdtype::io
