// --engine-version auto: the installed engine's release, read from its distribution metadata.
// Python is never run (a broken or slow interpreter must not hang a pre-flight check, and the
// metadata pip wrote is the same answer `importlib.metadata.version` gives).
#include "kvdtype/io/installed_version.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "common/text.hpp"
#include "sources/launch/launch_images.hpp"
#include "sources/files/read_file.hpp"
#include "tables/rows/release.hpp"
#include "tables/rows/constraint.hpp"

namespace kvdtype::io {
namespace {

namespace fs = std::filesystem;

// PEP 503 normalization, with '_' as wheels spell dist-info directories.
std::string normalize(std::string_view name) {
  std::string out;
  for (char c : name) {
    const char l = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (l == '-' || l == '.' || l == '_') {
      if (out.empty() || out.back() != '_') out += '_';
    } else {
      out += l;
    }
  }
  return out;
}

// The site-packages / dist-packages directories under a prefix (every python3.* found).
std::vector<fs::path> site_dirs(const fs::path& prefix) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const char* lib : {"lib", "lib64"}) {
    const fs::path libdir = prefix / lib;
    if (!fs::is_directory(libdir, ec)) continue;
    std::vector<fs::path> pythons;
    for (fs::directory_iterator it(libdir, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (name.rfind("python3", 0) == 0 && it->is_directory(ec)) pythons.push_back(it->path());
    }
    std::sort(pythons.begin(), pythons.end());  // deterministic order
    for (const fs::path& py : pythons)
      for (const char* sub : {"site-packages", "dist-packages"})
        if (fs::is_directory(py / sub, ec)) out.push_back(py / sub);
  }
  return out;
}

struct Header {
  std::string name, version;
};

// Name: and Version: from the RFC 822 header block of METADATA / PKG-INFO (first 64 KiB).
// Read through the one safe reader (sources/files/read_file.hpp): a METADATA that is a FIFO or a link to
// /dev/zero is no header, never a wait or an unbounded line.
std::optional<Header> read_header(const fs::path& file) {
  auto head = detail::read_file_head(file, 64u << 10);
  if (!head.ok()) return std::nullopt;
  Header h;
  std::string_view rest = *head;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    std::string line(rest.substr(0, nl));
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;  // end of the header block
    auto value = [&](std::string_view key) -> std::optional<std::string> {
      if (line.size() <= key.size() || !kvdtype::detail::iequals(std::string_view(line).substr(0, key.size()), key)) return std::nullopt;
      std::string v = line.substr(key.size());
      while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.erase(v.begin());
      while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.pop_back();
      return v;
    };
    if (auto v = value("Name:"); v && h.name.empty()) h.name = *v;
    else if (auto w = value("Version:"); w && h.version.empty()) h.version = *w;
  }
  if (h.name.empty() && h.version.empty()) return std::nullopt;
  return h;
}

// The metadata file of `dist` in one site directory, if installed there.
std::optional<std::pair<fs::path, Header>> find_in(const fs::path& site, const std::string& dist) {
  std::error_code ec;
  std::vector<fs::path> candidates;
  for (fs::directory_iterator it(site, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const bool dist_info = name.ends_with(".dist-info"), egg_info = name.ends_with(".egg-info");
    if (!dist_info && !egg_info) continue;
    // "<name>-<version>.dist-info": compare the normalized name part.
    const std::size_t dash = name.find('-');
    const std::string stem = name.substr(0, dash == std::string::npos ? name.rfind('.') : dash);
    if (normalize(stem) == dist) candidates.push_back(it->path());
  }
  std::sort(candidates.begin(), candidates.end());
  for (const fs::path& c : candidates) {
    fs::path file = c;
    if (fs::is_directory(c, ec)) file = c / (c.extension() == ".dist-info" ? "METADATA" : "PKG-INFO");
    auto h = read_header(file);
    if (h && normalize(h->name) == dist) return std::make_pair(file, *h);
  }
  return std::nullopt;
}

}  // namespace

InstallSearch InstallSearch::from_environment() {
  InstallSearch s;
  if (const char* v = std::getenv("VIRTUAL_ENV"); v && *v) s.virtual_env = v;
  if (const char* c = std::getenv("CONDA_PREFIX"); c && *c) s.conda_prefix = c;
  if (const char* h = std::getenv("HOME"); h && *h) s.user_home = h;
  return s;
}

std::vector<std::string> engine_distributions(Engine engine) {
  const std::string_view dist = engine_info(engine).distribution;  // the registry row (engines.cpp)
  if (dist.empty()) return {};
  return {std::string(dist)};
}

Result<InstalledEngine> installed_engine_version(Engine engine, const InstallSearch& search) {
  try {
    const auto dists = engine_distributions(engine);
    const std::string ename(engine_info(engine).name);
    if (dists.empty())
      return Error{ErrorCode::unsupported, "--engine-version auto: " + ename + " is not installed as a Python distribution; give --engine-version"};
    std::vector<fs::path> sites;
    std::vector<std::string> looked;
    auto add_prefix = [&](const fs::path& prefix, const char* what) {
      looked.push_back(std::string(what) + " " + prefix.string());
      for (fs::path& p : site_dirs(prefix)) sites.push_back(std::move(p));
    };
    if (search.virtual_env) add_prefix(*search.virtual_env, "$VIRTUAL_ENV");
    if (search.conda_prefix) add_prefix(*search.conda_prefix, "$CONDA_PREFIX");
    for (const std::string& p : search.system_prefixes) add_prefix(p, "system");
    if (search.user_home) add_prefix(fs::path(*search.user_home) / ".local", "user");
    for (const fs::path& site : sites) {
      for (const std::string& dist : dists) {
        auto found = find_in(site, dist);
        if (!found) continue;
        const std::string version = found->second.version;
        if (auto v = parse_version(version); !v.ok())
          return Error{ErrorCode::bad_file, "--engine-version auto: " + found->first.string() + ": Version '" +
                                                kvdtype::detail::printable(version) + "' is not a release (" + v.error().message + ")"};
        return InstalledEngine{engine, dist, version, found->first.string()};
      }
    }
    std::string where;
    for (const std::string& l : looked) where += (where.empty() ? "" : ", ") + l;
    return Error{ErrorCode::bad_file, "--engine-version auto: no installed " + dists.front() +
                                          " distribution found (looked in " + where + "); give --engine-version X.Y.Z"};
  } catch (const std::exception& e) {
    return Error{ErrorCode::bad_file, std::string("--engine-version auto: ") + e.what()};
  }
}

std::string engine_version_pinned_in(std::string_view script, Engine engine) {
  try {
    return detail::engine_version_from_install(script, engine);
  } catch (const std::exception&) {
    return {};
  }
}

Result<Engine> probed_engine(const RequestInput& input) {
  if (input.engine.empty()) return kDefaultEngine;
  auto e = parse_engine(input.engine);
  if (!e.ok()) return Error{e.error().code, "--engine: " + e.error().message};
  return *e;
}

Result<std::string> resolve_auto_engine_version(RequestInput& input, const InstallSearch& search) {
  if (!kvdtype::detail::iequals(input.engine_version, "auto")) return std::string();
  auto probed = probed_engine(input);
  if (!probed.ok()) return probed.error();
  const Engine engine = *probed;
  auto found = installed_engine_version(engine, search);
  if (!found.ok()) return found.error();
  input.engine_version = found->version;
  return "engine version: " + std::string(engine_info(engine).display) + " " + found->version + " installed (" +
         found->metadata + ")";
}

std::vector<std::string> engine_release_notes(const Report& report, bool verbose) {
  std::vector<std::string> notes;
  const Request& r = report.request;
  const std::string engine(engine_info(r.engine).display);
  if (!r.engine_version.known) {
    if (const Release* newest = newest_release(r.engine)) {
      // Newer releases may be listed whose kv-cache facts are not established: the assumption is
      // the newest established one, and the note says which releases it leaves out.
      const Release* listed = newest_listed_release(r.engine);
      const std::string which = listed != newest
                                    ? " (the newest release whose kv-cache facts kvdtype knows; releases up to " +
                                          std::string(listed->version) + " are listed with their content not established)"
                                    : std::string(" (the newest release kvdtype knows)");
      notes.push_back("engine version: not given; " + engine + " " + std::string(newest->version) + which +
                      " is assumed for what changed between releases, and known "
                      "bugs are reported with the release that fixes them (" +
                      (engine_info(r.engine).build_numbers ? "--engine-version bNNNN, the build" : "--engine-version X.Y.Z or auto") + ")");
    }
  } else if (const Release* rel = find_release(r.engine, r.engine_version)) {
    if (verbose)
      notes.push_back("engine version: " + engine + " " + std::string(rel->version) +
                      (rel->date.empty() ? std::string() : " (released " + std::string(rel->date) + ")"));
  }
  if (verbose) {
    for (const Constraint* c : report.fixed_bugs)
      notes.push_back("known bug this release has the fix for: " + std::string(c->fix_pr.empty() ? c->rule : c->fix_pr) +
                      (c->fixed_in.empty() ? std::string() : " (first released in " + std::string(c->fixed_in) + ")") +
                      ": " + std::string(c->detail));
  }
  return notes;
}

}  // namespace kvdtype::io
