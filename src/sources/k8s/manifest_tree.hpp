// Internal (io): `--manifest DIR`, the manifest files of a directory tree (as kube-linter and
// kubeconform walk one).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// Which files of a tree are manifests.
struct TreeFilter {
  std::vector<std::string> include;  ///< globs; empty: *.yaml, *.yml, *.json
  std::vector<std::string> exclude;  ///< globs; a matching directory is not entered
  std::size_t max_files = 10000;     ///< more is an Error naming the limit, never a silent cut
};

/// Whether `glob` matches the path `relative` (to the walked directory): a glob without `/`
/// matches the file or directory name, one with `/` the whole relative path (`*` then crosses
/// directories). fnmatch(3) syntax.
[[nodiscard]] bool glob_matches(const std::string& glob, const std::string& relative);

/// The files under `dir` that the filter keeps, in byte order of their relative paths (the same
/// order on every machine). Names starting with `.` (.git) are skipped; symbolic links are
/// followed, each directory entered once (a link loop ends). An entry that cannot be listed or
/// examined (permission denied, a dangling link) is an Error naming it: the walk fails closed.
[[nodiscard]] Result<std::vector<std::string>> manifest_files(const std::string& dir, const TreeFilter& filter);

}  // namespace kvdtype::io::detail
