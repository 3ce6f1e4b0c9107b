// io::output_format_names(): the names the bash completion offers after --format are exactly the
// ones parse_output_format takes and lists when it refuses a name.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <set>
#include <vector>
#include <string>

#include "kvdtype/io/render.hpp"

namespace {

TEST(OutputFormatNames, EachParsesToADistinctFormat) {
  std::set<kvdtype::io::OutputFormat> seen;
  for (const std::string_view n : kvdtype::io::output_format_names()) {
    const auto f = kvdtype::io::parse_output_format(n);
    ASSERT_TRUE(f.ok()) << n;
    EXPECT_TRUE(seen.insert(*f).second) << n << " names a format another name already named";
  }
  EXPECT_GE(seen.size(), 5u);
}

TEST(OutputFormatNames, AreTheListTheRefusalGives) {
  const auto f = kvdtype::io::parse_output_format("no-such-format");
  ASSERT_FALSE(f.ok());
  std::string listed;
  for (const std::string_view n : kvdtype::io::output_format_names()) listed += (listed.empty() ? "" : ", ") + std::string(n);
  EXPECT_NE(f.error().message.find("valid: " + listed), std::string::npos) << f.error().message << " vs " << listed;
}

}  // namespace

// The output-format table says which subcommands write each format (issue 24): every format is
// written by some subcommand, and the table's answer is what the CLI accepts.
namespace {

std::vector<std::string> names(const std::vector<kvdtype::io::OutputFormat>& ids) {
  std::vector<std::string> out;
  for (const auto id : ids) out.emplace_back(kvdtype::io::output_format(id).name);
  return out;
}

TEST(OutputFormatTable, EveryFormatIsWrittenBySomeSubcommand) {
  for (const auto& f : kvdtype::io::output_formats()) {
    bool served = false;
    for (const std::string_view sub : kvdtype::io::format_subcommands()) {
      const auto ids = kvdtype::io::formats_for(sub);
      served = served || std::find(ids.begin(), ids.end(), f.id) != ids.end();
    }
    EXPECT_TRUE(served) << f.name << " is served by no subcommand";
  }
}

// The formats a subcommand writes begin with the table formats, in table order; a new row adds to
// check's or the matrix's list without a change here, and never to the table subcommands'.
TEST(OutputFormatTable, SubcommandsGetTheirRows) {
  using V = std::vector<std::string>;
  auto first = [](V all, std::size_t n) { return V(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(n, all.size()))); };
  EXPECT_EQ(first(names(kvdtype::io::formats_for("check")), 7), (V{"text", "json", "markdown", "sarif", "github", "junit", "gitlab"}));
  EXPECT_EQ(names(kvdtype::io::formats_for("resolve")), names(kvdtype::io::formats_for("check")));
  EXPECT_EQ(first(names(kvdtype::io::formats_for("matrix")), 5), (V{"text", "json", "markdown", "grid", "html"}));
  EXPECT_EQ(names(kvdtype::io::formats_for("rules")), (V{"text", "json", "markdown"}));
  EXPECT_EQ(names(kvdtype::io::formats_for("probe")), (V{"text", "json"}));
  EXPECT_TRUE(kvdtype::io::formats_for("no-such-subcommand").empty());
}

TEST(OutputFormatTable, AnUnknownNameListsWhatTheSubcommandWrites) {
  const auto ids = kvdtype::io::formats_for("matrix");
  const auto f = kvdtype::io::parse_output_format("htm", ids, "kvdtype matrix");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error().message, "unknown output format 'htm'; did you mean html? valid: text, json, markdown, grid, html");
  const auto g = kvdtype::io::parse_output_format("grid", kvdtype::io::formats_for("rules"), "kvdtype rules");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().message, "kvdtype rules cannot write --format grid; it writes text, json, markdown");
}

// Each format has golden files (tests/cli/test_render_goldens.cpp compares them byte for byte).
TEST(OutputFormatTable, EveryFormatHasGoldenFiles) {
  for (const auto& f : kvdtype::io::output_formats()) {
    const std::filesystem::path dir = std::filesystem::path(KVDTYPE_TEST_DATA_DIR) / "render" / std::string(f.name);
    ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
    EXPECT_NE(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()) << dir << " is empty";
  }
}

// The table at the top of docs/output-formats.md has a row per format, naming it first.
TEST(OutputFormatTable, TheDocsListEveryFormat) {
  std::ifstream in(std::filesystem::path(KVDTYPE_TEST_DATA_DIR) / ".." / ".." / "docs" / "output-formats.md");
  std::stringstream page;
  page << in.rdbuf();
  ASSERT_FALSE(page.str().empty());
  for (const auto& f : kvdtype::io::output_formats())
    EXPECT_NE(page.str().find("\n| `" + std::string(f.name) + "`"), std::string::npos) << f.name << " has no row in docs/output-formats.md";
}

}  // namespace

namespace {

// The findings formats are rendered from the one result model by their row's renderer; the
// formats that print tables have none (check's text, JSON and Markdown keep the plan).
// A findings format serves check and resolve alone; a matrix layout serves matrix alone (the
// others would print text for it); a format with neither renderer is every subcommand's own.
TEST(OutputFormatTable, FindingsFormatsNameTheirRenderer) {
  std::vector<std::string> findings, layouts, with_releases;
  for (const auto& f : kvdtype::io::output_formats()) {
    EXPECT_FALSE(f.render_findings != nullptr && f.render_matrix != nullptr) << f.name;
    if (f.render_findings != nullptr) {
      findings.emplace_back(f.name);
      EXPECT_EQ(f.serves, "check resolve") << f.name;
    }
    if (f.render_matrix != nullptr) {
      layouts.emplace_back(f.name);
      EXPECT_EQ(f.serves, "matrix") << f.name;
    }
    if (f.render_findings == nullptr && f.render_matrix == nullptr) {
      const auto rules = kvdtype::io::formats_for("rules");
      EXPECT_NE(std::find(rules.begin(), rules.end(), f.id), rules.end()) << f.name << " has no renderer of its own";
    }
    if (f.matrix_releases) with_releases.emplace_back(f.name);
  }
  auto has = [](const std::vector<std::string>& v, const char* n) { return std::find(v.begin(), v.end(), n) != v.end(); };
  for (const char* n : {"sarif", "github", "junit", "gitlab"}) EXPECT_TRUE(has(findings, n)) << n;
  for (const char* n : {"grid", "html"}) EXPECT_TRUE(has(layouts, n)) << n;
  EXPECT_EQ(with_releases, (std::vector<std::string>{"html"}));  // the page filters by release
}

}  // namespace
