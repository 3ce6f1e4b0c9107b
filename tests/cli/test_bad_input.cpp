// tests/conformance/bad_input.jsonl beyond what the acceptance runner checks (exit 2, one stderr
// line, empty stdout): the line starts with "kvdtype: ", holds no terminal control bytes (a flag
// value or file name with an escape sequence is shown as \xNN, never interpreted), answers
// within seconds, and says the same thing when asked twice. docs/reliability.md lists the classes.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"

namespace {

using nlohmann::json;

struct BadCase {
  std::string id, cls;
  std::vector<std::string> args;
};

std::vector<BadCase> load() {
  std::vector<BadCase> out;
  std::ifstream in(std::string(KVDTYPE_CONFORMANCE_DIR) + "/bad_input.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const json j = json::parse(line);
    BadCase c{j.at("id"), j.value("class", ""), j.at("args").get<std::vector<std::string>>()};
    for (std::string& a : c.args)
      for (std::size_t at = a.find("$DATA/"); at != std::string::npos; at = a.find("$DATA/", at))
        a.replace(at, 6, std::string(KVDTYPE_TEST_DATA_DIR) + "/");
    out.push_back(std::move(c));
  }
  return out;
}

bool printable_line(const std::string& err) {
  if (err.empty() || err.back() != '\n') return false;
  for (std::size_t i = 0; i + 1 < err.size(); ++i) {
    const auto c = static_cast<unsigned char>(err[i]);
    if (c < 0x20 || c == 0x7f) return false;
  }
  return true;
}

TEST(BadInput, CorpusCoversEveryClass) {
  std::map<std::string, int> per_class;
  for (const BadCase& c : load()) ++per_class[c.cls];
  int total = 0;
  for (const auto& [cls, n] : per_class) total += n;
  EXPECT_GE(total, 200);
  for (const char* cls : {"empty", "huge", "unicode", "number", "enum", "model-file", "launch", "command-file", "directory",
                          "missing-value", "gpu", "format", "subcommand"})
    EXPECT_GT(per_class[cls], 0) << "no bad-input case of class " << cls;
}

TEST(BadInput, OnePrintableLineQuicklyAndTheSameTwice) {
  const auto cases = load();
  ASSERT_FALSE(cases.empty());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const BadCase& c = cases[i];
    SCOPED_TRACE(c.id);
    const auto start = std::chrono::steady_clock::now();
    const auto r = kvdtype::test::run_cli(c.args, {}, {}, 20);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_FALSE(r.timed_out) << "hung";
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_TRUE(printable_line(r.err)) << "not one printable line: " << testing::PrintToString(r.err);
    EXPECT_EQ(r.err.rfind("kvdtype: ", 0), 0u) << r.err;
    EXPECT_LT(s, 10.0) << "bad input took " << s << " s";
    if (i % 7 == 0) {  // a sample, to keep the suite fast under the sanitizers
      const auto again = kvdtype::test::run_cli(c.args, {}, {}, 20);
      EXPECT_EQ(again.err, r.err) << "the same bad input, a different message";
    }
  }
}

}  // namespace
