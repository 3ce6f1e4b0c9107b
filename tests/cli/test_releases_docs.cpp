// The engine pages' release sections are generated: `kvdtype releases --engine E --format
// markdown` must equal what docs/engines/E.md holds between its markers. Regenerate with
//   scripts/update_release_docs.sh
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_cli.hpp"

namespace {

constexpr std::string_view kBegin = "<!-- BEGIN kvdtype releases -->\n";
constexpr std::string_view kEnd = "<!-- END kvdtype releases -->";

std::string section_of(const std::string& engine) {
  const auto page = std::filesystem::path(KVDTYPE_CONFORMANCE_DIR).parent_path().parent_path() / "docs" / "engines" /
                    (engine + ".md");
  std::ifstream in(page);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const std::size_t b = text.find(kBegin), e = text.find(kEnd);
  if (b == std::string::npos || e == std::string::npos || e < b) return "<no section in " + page.string() + ">";
  return text.substr(b + kBegin.size(), e - b - kBegin.size());
}

class ReleaseDocs : public ::testing::TestWithParam<std::string> {};

TEST_P(ReleaseDocs, CommittedSectionIsTheGeneratedOne) {
  const auto r = kvdtype::test::run_cli({"releases", "--engine", GetParam(), "--format", "markdown"}, {}, {}, 30);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(section_of(GetParam()), r.out) << "docs/engines/" << GetParam()
                                           << ".md is stale: run scripts/update_release_docs.sh";
}

INSTANTIATE_TEST_SUITE_P(Engines, ReleaseDocs, ::testing::Values("vllm", "sglang"));

TEST(Releases, JsonSchema) {
  const auto r = kvdtype::test::run_cli({"releases", "--engine", "sglang", "--format", "json"}, {}, {}, 30);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"schema\": \"kvdtype.releases/v1\""), std::string::npos);
  EXPECT_NE(r.out.find("\"0.5.14\""), std::string::npos);
  const auto bad = kvdtype::test::run_cli({"releases", "--engine", "vlm"}, {}, {}, 30);
  EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
