// The installed engine as a second source (kvdtype/io/installed_source.hpp): found where
// `--engine-version auto` looks, read statically by sources/installed, and — when its release
// is newer than the tables know — the judge of the kv-cache vocabulary. Read once per check,
// before the request is built, so check() itself never touches the disk.
#include "kvdtype/io/installed_source.hpp"

#include <algorithm>
#include <filesystem>

#include "common/text.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype::io {

Result<InstalledFacts> read_installed_engine(Engine engine, const InstallSearch& search) {
  auto found = installed_engine_version(engine, search);
  if (!found.ok()) return found.error();
  // METADATA sits in <site>/<dist>-<version>.dist-info/: the site directory is two levels up.
  const std::filesystem::path site = std::filesystem::path(found->metadata).parent_path().parent_path();
  auto read = read_installed_source(engine, site.string());
  if (!read.ok()) return read.error();
  InstalledFacts facts = std::move(read).value();
  facts.version = found->version;
  return facts;
}

InstalledJudgement judge_with_installed(const RequestInput& input, const InstallSearch& search) {
  InstalledJudgement out;
  auto probed = probed_engine(input);
  if (!probed.ok()) return out;  // make_request reports the bad engine
  const Engine engine = *probed;
  const Release* newest = newest_release(engine);
  auto version = parse_version(input.engine_version);
  if (newest == nullptr || !version.ok()) return out;
  auto known = parse_version(newest->version);
  if (!known.ok() || !(*known < *version)) return out;  // the tables know this release: they judge

  const std::string display(engine_info(engine).display);
  auto facts = read_installed_engine(engine, search);
  if (!facts.ok()) {
    out.notes.push_back("installed source: " + display + " " + input.engine_version + " is newer than the tables (" +
                        std::string(newest->version) + ") but its source could not be read (" + facts.error().message +
                        "); the tables judge alone");
    return out;
  }
  const std::string who = "the installed " + display + " " + facts->version;
  for (const std::string& n : facts->notes) out.notes.push_back("installed source: " + n);
  if (!facts->vocabulary) return out;
  const InstalledList& vocab = *facts->vocabulary;
  const std::string at = facts->root + "/" + vocab.where();
  out.notes.push_back("installed source: " + display + " " + facts->version + " is newer than the newest release the tables know (" +
                      std::string(newest->version) + "): its kv-cache strings (" + at + ") judge the request's");

  const std::string& kv = input.kv_cache_dtype;
  if (kv.empty()) return out;
  if (std::find(vocab.values.begin(), vocab.values.end(), kv) == vocab.values.end()) {
    std::vector<std::string_view> names(vocab.values.begin(), vocab.values.end());
    out.rejected = "'" + kvdtype::detail::printable(kv) + "' is not a kv-cache dtype of " + who + " (its strings: " + at +
                   "; nearest: " + kvdtype::detail::nearest(kv, names) + ")";
    for (const std::string& v : vocab.values) out.valid += (out.valid.empty() ? "" : ", ") + v;
    return out;
  }
  bool in_tables = false;
  for (const CacheDtype& c : cache_dtypes(engine)) {
    std::string_view aliases = c.aliases;  // words
    bool alias = false;
    while (!aliases.empty() && !alias) {
      const std::size_t sp = aliases.find(' ');
      alias = aliases.substr(0, sp) == kv;
      aliases.remove_prefix(sp == std::string_view::npos ? aliases.size() : sp + 1);
    }
    if (!c.internal && (c.name == kv || alias)) in_tables = true;
  }
  if (in_tables) {
    out.notes.push_back("installed source: kv-cache dtype '" + kv + "' is one of " + who + "'s strings (" + at + ")");
  } else {
    out.unmodelled = true;
    out.notes.push_back("installed source: kv-cache dtype '" + kv + "' is accepted by " + who + " (" + at +
                        ") and kvdtype's tables have no row for it: the checks that need its formats were skipped");
  }
  // The declared list of the requested backend, as the installed source has it.
  for (const InstalledBackend& b : facts->backends) {
    if (input.backend.empty() || !kvdtype::detail::iequals(b.name, input.backend) || !b.kv_cache_dtypes) continue;
    const bool listed = std::find(b.kv_cache_dtypes->values.begin(), b.kv_cache_dtypes->values.end(), kv) != b.kv_cache_dtypes->values.end();
    std::string gates;
    for (const std::string& g : b.gates) gates += (gates.empty() ? "" : ", ") + g;
    out.notes.push_back("installed source: backend " + b.name + " (" + facts->root + "/" + b.kv_cache_dtypes->where() + ") " +
                        (listed ? "lists" : "does not list") + " '" + kv + "' in its supported_kv_cache_dtypes" +
                        (gates.empty() ? std::string() : " (declared, not the whole truth: " + gates + " can decide otherwise)"));
  }
  return out;
}

}  // namespace kvdtype::io
