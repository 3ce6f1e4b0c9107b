// Test helpers for the manifest readers' fixtures (tests/data/manifests/): read one, look for a
// skip reason, and list which workloads of a checked fixture fired a rule.
#pragma once

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kvdtype/io/manifest.hpp"

namespace kvdtype::test {

inline std::string fixture(const std::string& name) { return std::string(KVDTYPE_TEST_DATA_DIR) + "/manifests/" + name; }

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

/// The fixture read by `--manifest` (an EXPECT failure when it cannot be).
inline io::ManifestWorkloads read_fixture(const std::string& name) {
  auto r = io::read_manifest(slurp(fixture(name)), name, io::CheckInput{});
  EXPECT_TRUE(r.ok()) << name << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : io::ManifestWorkloads{};
}

inline bool skipped(const io::ManifestWorkloads& m, const std::string& text) {
  return std::any_of(m.skipped.begin(), m.skipped.end(), [&](const std::string& s) { return s.find(text) != std::string::npos; });
}

/// The checked fixture: the label (`label(source)`) of every result that fired `code`.
inline std::vector<std::string> fired_in(const std::string& name, const std::string& code,
                                         const std::function<std::string(const io::Source&)>& label) {
  const std::vector<std::string> files = {fixture(name)};
  auto checks = io::check_several(files, {}, io::CheckInput{});
  EXPECT_TRUE(checks.ok()) << (checks.ok() ? "" : checks.error().message);
  std::vector<std::string> out;
  if (!checks.ok()) return out;
  for (const io::WorkloadResult& r : checks->results)
    if (r.checked && r.checked->report.fired(code)) out.push_back(label(r.source));
  return out;
}

}  // namespace kvdtype::test
