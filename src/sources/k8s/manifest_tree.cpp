// `--manifest DIR`: the manifest files of a tree, in a fixed order, bounded, fail closed
// (sources/k8s/manifest_tree.hpp).
#include "sources/k8s/manifest_tree.hpp"

#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <set>
#include <utility>

#include "sources/files/read_file.hpp"

namespace kvdtype::io::detail {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDefaultInclude[] = {"*.yaml", "*.yml", "*.json"};

struct Walk {
  const TreeFilter& filter;
  fs::path top;
  std::set<std::pair<dev_t, ino_t>> entered;  // directories already walked: a link loop ends here
  std::vector<std::string> files;
  std::optional<Error> error;
};

bool any_match(std::span<const std::string> globs, const std::string& relative) {
  return std::any_of(globs.begin(), globs.end(), [&](const std::string& g) { return glob_matches(g, relative); });
}

bool included(const TreeFilter& f, const std::string& relative) {
  if (!f.include.empty()) return any_match(f.include, relative);
  return std::any_of(std::begin(kDefaultInclude), std::end(kDefaultInclude),
                     [&](const char* g) { return glob_matches(g, relative); });
}

Error problem(const fs::path& p, const std::string& why) {
  return Error{ErrorCode::bad_file, "--manifest: " + shown_path(p) + ": " + why};
}

// stat(2) follows links: what a link names is what is walked. errno names the problem.
bool examine(const fs::path& p, struct stat& st, Walk& w) {
  if (::stat(p.c_str(), &st) == 0) return true;
  w.error = problem(p, open_problem(errno));
  return false;
}

void walk(const fs::path& dir, const std::string& relative, Walk& w) {
  struct stat st {};
  if (!examine(dir, st, w)) return;
  if (!w.entered.insert({st.st_dev, st.st_ino}).second) return;  // entered already (a link loop or a second link)
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    w.error = problem(dir, "cannot list it: " + ec.message());
    return;
  }
  std::vector<std::string> names;
  for (; it != fs::directory_iterator(); it.increment(ec)) names.push_back(it->path().filename().string());
  if (ec) {
    w.error = problem(dir, "cannot list it: " + ec.message());
    return;
  }
  std::sort(names.begin(), names.end());  // byte order: the same on every machine and file system
  for (const std::string& name : names) {
    if (name.starts_with('.')) continue;
    const fs::path path = dir / name;
    const std::string rel = relative.empty() ? name : relative + "/" + name;
    if (any_match(w.filter.exclude, rel)) continue;
    struct stat entry {};
    if (!examine(path, entry, w)) return;
    if (S_ISDIR(entry.st_mode)) {
      walk(path, rel, w);
      if (w.error) return;
      continue;
    }
    if (!included(w.filter, rel)) continue;
    if (w.files.size() >= w.filter.max_files) {
      w.error = problem(w.top, "more than " + std::to_string(w.filter.max_files) +
                                 " manifest files under the walked directory (the limit, --max-files); narrow it with --exclude "
                                 "or --include, or raise --max-files");
      return;
    }
    w.files.push_back(path.string());
  }
}

}  // namespace

bool glob_matches(const std::string& glob, const std::string& relative) {
  if (glob.find('/') != std::string::npos) return ::fnmatch(glob.c_str(), relative.c_str(), 0) == 0;
  const std::size_t slash = relative.rfind('/');
  const std::string name = slash == std::string::npos ? relative : relative.substr(slash + 1);
  return ::fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

Result<std::vector<std::string>> manifest_files(const std::string& dir, const TreeFilter& filter) {
  Walk w{filter, dir, {}, {}, {}};
  walk(dir, "", w);
  if (w.error) return *w.error;
  if (w.files.empty())
    return problem(dir, "no manifest file in it (YAML or JSON" + std::string(filter.include.empty() ? "" : " matching --include") +
                            "): nothing would be checked");
  return std::move(w.files);
}

}  // namespace kvdtype::io::detail
