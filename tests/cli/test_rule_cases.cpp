// Each rule has a firing case and a must-not-fire case (issue 24). The firing case is the rule's
// trigger, which `kvdtype rules --lint` runs (the table_lint test). A must-not-fire case is a
// near miss of it that must leave the rule out: a conformance case that lists the code under
// diag_none_contains, or a row of tests/rules/must_not_fire.jsonl (one table for every rule that
// has none in the corpus: one runner, and each rule's near miss found in one place).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "run_cli.hpp"

namespace kvdtype::test {
namespace {

using json = nlohmann::json;

const std::filesystem::path kMustNotFire = std::filesystem::path(KVDTYPE_TEST_DATA_DIR) / ".." / "rules" / "must_not_fire.jsonl";

std::vector<json> lines_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(json::parse(line));  // '#': a comment line, as in the corpus
  return out;
}

std::string with_data(std::string a) {
  for (std::size_t at = a.find("$DATA/"); at != std::string::npos; at = a.find("$DATA/", at))
    a.replace(at, 6, std::string(KVDTYPE_TEST_DATA_DIR) + "/");
  return a;
}

// Each row runs as a valid request (exit 0 or 1) whose JSON output never names the code.
TEST(RuleCases, MustNotFireCasesLeaveTheirRuleOut) {
  const auto rows = lines_of(kMustNotFire);
  ASSERT_FALSE(rows.empty()) << kMustNotFire;
  for (const json& row : rows) {
    const std::string code = row.at("code");
    std::vector<std::string> args;
    for (const json& a : row.at("args")) args.push_back(with_data(a.get<std::string>()));
    const auto dash = std::find(args.begin(), args.end(), "--");
    args.insert(dash, {"--format", "json"});
    const auto r = run_cli(args);
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << code << ": not a valid request: " << r.err;
    EXPECT_EQ(r.out.find(code), std::string::npos) << code << " fired in its must-not-fire case (" << row.value("why", "") << "):\n" << r.out;
  }
}

// Every rule has a trigger (its firing case) and at least one must-not-fire case.
TEST(RuleCases, EveryRuleHasFiringAndMustNotFireCases) {
  const auto listed = run_cli({"rules", "--format", "json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  std::set<std::string> quiet;
  for (const json& row : lines_of(kMustNotFire)) quiet.insert(row.at("code").get<std::string>());
  for (const auto& e : std::filesystem::directory_iterator(KVDTYPE_CONFORMANCE_DIR)) {
    if (e.path().extension() != ".jsonl") continue;
    for (const json& c : lines_of(e.path()))
      if (c.contains("expect") && c["expect"].contains("diag_none_contains"))
        for (const json& s : c["expect"]["diag_none_contains"]) quiet.insert(s.get<std::string>());
  }
  const json rules = json::parse(listed.out).at("rules");
  ASSERT_GE(rules.size(), 50u);
  for (const json& r : rules) {
    const std::string code = r.at("code");
    EXPECT_FALSE(r.at("trigger").get<std::string>().empty()) << code << " has no firing case (trigger)";
    EXPECT_TRUE(quiet.count(code)) << code << " has no must-not-fire case (tests/rules/must_not_fire.jsonl)";
  }
}

}  // namespace
}  // namespace kvdtype::test
