// The pure half of `kvdtype rules --lint` (kvdtype/lint.hpp) runs from the library alone, and the
// whole lint (kvdtype/io/lint.hpp) adds the rule pages and the triggers to it.
#include <gtest/gtest.h>

#include <algorithm>

#include "kvdtype/io/lint.hpp"
#include "kvdtype/lint.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype {
namespace {

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

TEST(Lint, TheTablesAreConsistent) {
  const LintResult r = lint_tables();
  EXPECT_TRUE(r.problems.empty()) << joined(r.problems);
  // What it says it checked: the word references, rules, products, kernels, coverage, fp8 paths,
  // sole backends.
  ASSERT_EQ(r.summary.size(), 7u) << joined(r.summary);
  EXPECT_NE(r.summary[1].find(std::to_string(rules().size()) + " rules"), std::string::npos) << r.summary[1];
}

TEST(Lint, TheWholeLintProvesEveryRuleAndPage) {
  const LintResult tables = lint_tables();
  const LintResult all = io::lint();
  EXPECT_TRUE(all.problems.empty()) << joined(all.problems);
  ASSERT_EQ(all.summary.size(), tables.summary.size() + 2) << joined(all.summary);
  EXPECT_TRUE(std::equal(tables.summary.begin(), tables.summary.end(), all.summary.begin()));
  const std::string n = std::to_string(rules().size());
  EXPECT_EQ(all.summary[tables.summary.size()], n + " rules, " + n + " proven by their trigger");
  // One page per rule: the retired code (KVD150) kept none.
  EXPECT_EQ(io::rule_page_codes().size(), rules().size());
}

}  // namespace
}  // namespace kvdtype
