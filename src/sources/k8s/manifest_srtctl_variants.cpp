// srtctl recipe files that hold several jobs: a `base:` job and `override_NAME:` /
// `zip_override_NAME:` sections, each a variant `srtctl apply -f FILE` submits (the recipes of
// NVIDIA/srt-slurm, `recipes/b200-fp4/1k1k.yaml`). The variants are built here as srtctl builds
// them, so that each is read as the job it is.
//
// Source: NVIDIA/srt-slurm @c88ef731 src/srtctl/core/config.py: generate_override_configs (no
// selector: every override_* in key order, then every zip_override_* in key order; base left
// out), deep_merge (a map merged key by key, anything else replaced, a null value removes the
// key), expand_zip_override (every list leaf of the section is a dimension of length N, a list of
// one broadcast; variant i takes each list's i-th item; its name is the section's `name` list
// item, else BASE_NAME_GROUP_i), and an override_* without `name` is named BASE_NAME_SUFFIX.
#include <algorithm>
#include <string>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

doc::Node deep_merge(doc::Tree& t, const doc::Node& base, const doc::Node& over) {
  doc::Node out = t.clone(base);
  for (const auto& kv : over) {
    const std::string key = scalar(kv.first);
    if (kv.second.is_null()) {
      t.remove(out, key);
    } else if (const doc::Node mine = child(out, key); kv.second.is_map() && mine.is_map()) {
      t.set(out, key, deep_merge(t, mine, kv.second));
    } else {
      t.set(out, key, t.clone(kv.second));
    }
  }
  return out;
}

void list_lengths(const doc::Node& n, std::vector<std::size_t>& out) {
  for (const auto& kv : n) {
    if (kv.second.is_seq()) out.push_back(kv.second.size());
    else if (kv.second.is_map()) list_lengths(kv.second, out);
  }
}

// The nodes under `n`, an alias counted each time it is named; the count stops soon past `cap`.
std::size_t nodes_in(const doc::Node& n, std::size_t cap) {
  std::size_t count = 1;
  if (n.is_map()) {
    for (const auto& kv : n)
      if ((count += 1 + nodes_in(kv.second, cap)) > cap) return count;
  } else if (n.is_seq()) {
    for (const auto& item : n)
      if ((count += nodes_in(item, cap)) > cap) return count;
  }
  return count;
}

// What the variants of one file may build in all: YAML aliases let a few bytes name a big map
// many times, and every variant is a copy of the base, so a file's variants are bounded by nodes
// built rather than by its size (a real recipe's base is a few hundred nodes).
constexpr std::size_t kNodeBudget = std::size_t{1} << 18;

doc::Node zip_slice(doc::Tree& t, const doc::Node& n, std::size_t i) {
  doc::Node out = t.map();
  for (const auto& kv : n) {
    const std::string key = scalar(kv.first);
    if (kv.second.is_seq()) t.set(out, key, t.clone(kv.second.at(kv.second.size() == 1 ? 0 : i)));
    else if (kv.second.is_map()) t.set(out, key, zip_slice(t, kv.second, i));
    else t.set(out, key, t.clone(kv.second));
  }
  return out;
}

}  // namespace

bool is_srtctl_variants(const doc::Node& doc) {
  const doc::Node base = child(doc, "base");
  return base.is_map() && child(child(base, "resources"), "gpu_type") && child(base, "backend");
}

std::vector<doc::Node> srtctl_variants(doc::Tree& t, const doc::Node& doc, std::vector<std::string>& refused) {
  const doc::Node base = child(doc, "base");
  const std::string base_name = child(base, "name") ? scalar(child(base, "name")) : "unnamed";
  std::vector<std::string> overrides, zips;
  for (const auto& kv : doc) {
    const std::string key = scalar(kv.first);
    if (key.starts_with("override_")) overrides.push_back(key);
    else if (key.starts_with("zip_override_")) zips.push_back(key);
  }
  std::sort(overrides.begin(), overrides.end());
  std::sort(zips.begin(), zips.end());
  std::vector<doc::Node> out;
  std::size_t built = 0;
  // Whether `count` more variants of `per` nodes each fit the budget; else the section is named.
  auto fits = [&](const std::string& key, std::size_t per, std::size_t count) {
    if (per <= kNodeBudget && count <= kNodeBudget / per && built + per * count <= kNodeBudget) {
      built += per * count;
      return true;
    }
    refused.push_back(key + ": its jobs would copy the base into more than " + std::to_string(kNodeBudget) +
                      " YAML nodes; not read");
    return false;
  };
  const std::size_t base_nodes = nodes_in(base, kNodeBudget);
  // A file of a base alone is that one job (srtctl's "base" selector).
  if (overrides.empty() && zips.empty() && fits("base", base_nodes, 1)) out.push_back(t.clone(base));
  for (const std::string& key : overrides) {
    const doc::Node over = child(doc, key);
    if (!fits(key, base_nodes + nodes_in(over, kNodeBudget), 1)) continue;
    doc::Node merged = deep_merge(t, base, over);
    if (!child(over, "name")) t.set(merged, "name", t.scalar(base_name + "_" + key.substr(9)));
    out.push_back(merged);
  }
  for (const std::string& key : zips) {
    const doc::Node zip = child(doc, key);
    std::vector<std::size_t> lengths;
    list_lengths(zip, lengths);
    std::size_t n = 0;
    bool bad = lengths.empty();
    for (const std::size_t len : lengths) {
      if (len == 0) bad = true;
      if (len == 1) continue;
      if (n != 0 && len != n) bad = true;
      n = len;
    }
    if (bad) {  // srtctl refuses the section (ValueError): no list, an empty one, or unequal lengths
      refused.push_back(key + ": no list to zip, an empty list, or lists of unequal lengths (srtctl refuses it)");
      continue;
    }
    if (n == 0) n = 1;
    if (!fits(key, base_nodes + nodes_in(zip, kNodeBudget), n)) continue;
    const bool named = child(zip, "name").is_seq();
    for (std::size_t i = 0; i < n; ++i) {
      doc::Node merged = deep_merge(t, base, zip_slice(t, zip, i));
      if (!named) t.set(merged, "name", t.scalar(base_name + "_" + key.substr(13) + "_" + std::to_string(i)));
      out.push_back(merged);
    }
  }
  return out;
}

}  // namespace kvdtype::io::manifest
