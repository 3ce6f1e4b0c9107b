// The reader table of several-workload checks (sources/readers.hpp).
#include "sources/readers.hpp"

#include <cstddef>
#include <iterator>

#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/suppressions.hpp"

namespace kvdtype::io::detail {
namespace {

// A Kubernetes manifest, compose file or chart values: its serving containers, what it skips,
// and KVD080 when it holds none (io/manifest.hpp).
std::optional<Error> read_manifest_input(const InputRef& input, const CheckInput& base, Gathered& into) {
  const std::string& file = input.path;
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
    into.no_workload.push_back(no_workload(file, found));
  }
  for (Workload& w : m.workloads) into.workloads.push_back(std::move(w));
  for (std::string& s : m.skipped) into.notes.push_back("skipped " + std::move(s));
  return std::nullopt;
}

// A command file beside manifests: one workload whose check reads the file (the pipeline's
// read_command_file), so that an unreadable one is that workload's error result.
std::optional<Error> read_command_file_input(const InputRef& input, const CheckInput& base, Gathered& into) {
  Workload& w = into.workloads.emplace_back();
  w.source.file = input.path;
  w.source.kind = "command file";
  w.input = base;
  w.input.command_file = input.path;
  return std::nullopt;
}

constexpr Reader kReaders[] = {
    {InputKind::manifest, "manifest", read_manifest_input},
    {InputKind::command_file, "command file", read_command_file_input},
};

// Row i reads InputKind i, so that reader() is an index and no kind lacks its reader.
constexpr bool rows_in_kind_order() {
  for (std::size_t i = 0; i < std::size(kReaders); ++i)
    if (static_cast<std::size_t>(kReaders[i].kind) != i) return false;
  return std::size(kReaders) == static_cast<std::size_t>(InputKind::command_file) + 1;
}
static_assert(rows_in_kind_order(), "one reader per InputKind, in InputKind's order");

}  // namespace

std::span<const Reader> readers() noexcept { return kReaders; }

const Reader& reader(InputKind kind) noexcept { return kReaders[static_cast<std::size_t>(kind)]; }

}  // namespace kvdtype::io::detail
