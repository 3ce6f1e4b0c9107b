// diff_installed and render_installed_diff (kvdtype/io/installed_source.hpp): kvdtype's tables
// against what an installed engine declares, so that a new release's table update starts from a
// precise list. Only facts read on both sides are compared; a fact the reader could not read is
// a note, never a "removed".
#include <algorithm>
#include <nlohmann/json.hpp>

#include "common/json_text.hpp"
#include "kvdtype/io/installed_source.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype::io {
namespace {

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  while (!s.empty()) {
    const std::size_t sp = s.find(' ');
    if (sp != 0) out.emplace_back(s.substr(0, sp));
    if (sp == std::string_view::npos) break;
    s.remove_prefix(sp + 1);
  }
  return out;
}

// A table row's names: its own and its aliases (words).
struct Named {
  std::string name;
  std::vector<std::string> aliases;
  [[nodiscard]] bool is(const std::string& v) const {
    return v == name || std::find(aliases.begin(), aliases.end(), v) != aliases.end();
  }
};

// installed − tables (a value no row names, by name or alias) and tables − installed (a row
// whose names the installed list has none of), each in its own list's order.
ListDiff compare(const std::vector<Named>& tables, const std::vector<std::string>& installed) {
  ListDiff d;
  for (const std::string& v : installed)
    if (std::none_of(tables.begin(), tables.end(), [&](const Named& n) { return n.is(v); }) &&
        std::find(d.added.begin(), d.added.end(), v) == d.added.end())
      d.added.push_back(v);
  for (const Named& n : tables)
    if (std::none_of(installed.begin(), installed.end(), [&](const std::string& v) { return n.is(v); }) &&
        std::find(d.removed.begin(), d.removed.end(), n.name) == d.removed.end())
      d.removed.push_back(n.name);
  return d;
}

ListDiff compare(const std::vector<std::string>& tables, const std::vector<std::string>& installed) {
  std::vector<Named> named;
  for (const std::string& t : tables) named.push_back({t, {}});
  return compare(named, installed);
}

std::string joined(const std::vector<std::string>& v, std::string_view prefix) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : " ") + std::string(prefix) + s;
  return out;
}

std::string changes(const ListDiff& d) {
  std::string out = joined(d.added, "+");
  if (!d.removed.empty()) out += (out.empty() ? "" : " ") + joined(d.removed, "-");
  return out;
}

nlohmann::ordered_json list_json(const ListDiff& d) { return {{"added", d.added}, {"removed", d.removed}}; }

}  // namespace

InstalledDiff diff_installed(const InstalledFacts& facts) {
  InstalledDiff out{.engine = facts.engine, .root = facts.root, .version = facts.version, .notes = facts.notes};
  if (facts.vocabulary) {
    std::vector<Named> table;
    for (const CacheDtype& c : cache_dtypes(facts.engine))
      if (!c.internal) table.push_back({std::string(c.name), split_words(c.aliases)});
    out.vocabulary_at = facts.vocabulary->where();
    out.strings = compare(table, facts.vocabulary->values);
  }
  if (facts.storage) {
    // The tables' storage rule against the installed map, for strings both name.
    out.storage_at = facts.storage->where();
    for (const std::string& entry : facts.storage->values) {
      const std::size_t eq = entry.find('=');
      const std::string key = entry.substr(0, eq), dtype = entry.substr(eq + 1);
      for (const CacheDtype& c : cache_dtypes(facts.engine)) {
        if (c.internal || c.name != key) continue;
        const std::string_view tables = c.storage == StorageRule::uint8_bytes ? "uint8" : c.storage == StorageRule::int8_bytes ? "int8" : "element";
        const std::string_view installed = dtype == "uint8" || dtype == "int8" ? std::string_view(dtype) : std::string_view("element");
        if (tables != installed) out.storage.push_back(key + ": installed " + dtype + ", tables " + std::string(tables));
      }
    }
  }
  if (!facts.backends.empty()) {
    std::vector<Named> table;
    std::vector<std::string> installed;
    for (const Backend& b : backends(facts.engine)) table.push_back({std::string(b.name), split_words(b.aliases)});
    for (const InstalledBackend& b : facts.backends) installed.push_back(b.name);
    out.backends = compare(table, installed);
    for (const InstalledBackend& ib : facts.backends) {
      const Backend* row = nullptr;
      for (const Backend& b : backends(facts.engine))
        if (b.name == ib.name) row = &b;
      if (row == nullptr) continue;  // a new backend: listed in `backends.added`
      InstalledDiff::Backend d{.name = ib.name, .at = ib.file + ":" + std::to_string(ib.line), .gates = ib.gates};
      if (ib.kv_cache_dtypes) d.kv_cache_dtypes = compare(split_words(row->kv_cache_dtypes), ib.kv_cache_dtypes->values);
      if (ib.model_dtypes) d.model_dtypes = compare(split_words(row->model_dtypes), ib.model_dtypes->values);
      // Exact head sizes are compared only where the table lists exact sizes too (else a range).
      if (ib.head_sizes && !row->head_sizes.empty()) d.head_sizes = compare(split_words(row->head_sizes), ib.head_sizes->values);
      if (!d.kv_cache_dtypes.empty() || !d.model_dtypes.empty() || !d.head_sizes.empty() || !d.gates.empty())
        out.changed.push_back(std::move(d));
    }
  }
  return out;
}

std::string render_installed_diff(const InstalledDiff& d, bool json) {
  const EngineInfo& e = engine_info(d.engine);
  const Release* newest = newest_release(d.engine);
  if (json) {
    nlohmann::ordered_json j;
    j["kind"] = "kvdtype.installed-diff/v1";
    j["engine"] = e.name;
    j["root"] = d.root;
    j["installed_version"] = d.version;
    j["tables_newest_release"] = newest ? std::string(newest->version) : std::string();
    j["kv_cache_dtypes"] = list_json(d.strings);
    j["kv_cache_dtypes"]["at"] = d.vocabulary_at;
    j["backends"] = list_json(d.backends);
    j["storage"] = {{"at", d.storage_at}, {"differs", d.storage}};
    j["changed_backends"] = nlohmann::ordered_json::array();
    for (const InstalledDiff::Backend& b : d.changed)
      j["changed_backends"].push_back({{"name", b.name}, {"at", b.at}, {"kv_cache_dtypes", list_json(b.kv_cache_dtypes)},
                                       {"model_dtypes", list_json(b.model_dtypes)}, {"head_sizes", list_json(b.head_sizes)},
                                       {"gated_by", b.gates}});
    j["notes"] = d.notes;
    return dump_json(j) + "\n";
  }
  std::string out = std::string(e.display) + (d.version.empty() ? std::string(" source") : " " + d.version) + " at " + d.root +
                    " against kvdtype's tables (newest release known: " + (newest ? std::string(newest->version) : std::string("none")) + ")\n";
  if (d.vocabulary_at.empty())
    out += "kv-cache strings: not read\n";
  else
    out += "kv-cache strings (" + d.vocabulary_at + "): " + (d.strings.empty() ? std::string("no difference") : changes(d.strings)) + "\n";
  out += "backends: " + (d.backends.empty() ? std::string("no difference") : changes(d.backends)) + "\n";
  if (!d.storage_at.empty()) {
    std::string s;
    for (const std::string& x : d.storage) s += (s.empty() ? "" : "; ") + x;
    out += "cache tensor dtypes (" + d.storage_at + "): " + (s.empty() ? std::string("no difference") : s) + "\n";
  }
  for (const InstalledDiff::Backend& b : d.changed) {
    std::string parts;
    auto part = [&](std::string_view what, const ListDiff& l) {
      if (!l.empty()) parts += (parts.empty() ? "" : "; ") + std::string(what) + " " + changes(l);
    };
    part("kv-cache dtypes", b.kv_cache_dtypes);
    part("model dtypes", b.model_dtypes);
    part("head sizes", b.head_sizes);
    if (!b.gates.empty()) {
      std::string g;
      for (const std::string& s : b.gates) g += (g.empty() ? "" : ", ") + s;
      parts += (parts.empty() ? "" : "; ") + std::string("declared lists gated by ") + g;
    }
    out += "  " + b.name + " (" + b.at + "): " + parts + "\n";
  }
  for (const std::string& n : d.notes) out += "note: " + n + "\n";
  return out;
}

}  // namespace kvdtype::io
