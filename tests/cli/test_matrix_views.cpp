// Issue 27 item 9: `kvdtype matrix --format grid` and `--releases`, checked against the JSON
// rows of the same query (the HTML page is opened in a browser by matrix_page.py).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"

namespace {

using kvdtype::test::run_cli;
using nlohmann::json;

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

json rows(std::vector<std::string> args) {
  args.insert(args.end(), {"--format", "json"});
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out).at("rows");
}

TEST(MatrixViews, GridHasOneMarkPerCellOfTheJson) {
  const std::vector<std::string> q = {"matrix", "--engine", "sglang", "--model-dtype", "bfloat16", "--attention", "mla"};
  const json cells = rows(q);
  auto args = q;
  args.insert(args.end(), {"--format", "grid"});
  const auto r = run_cli(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::size_t ok = 0, warn = 0, error = 0;
  for (const json& c : cells) {
    ok += c.at("verdict") == "ok";
    warn += c.at("verdict") == "warn";
    error += c.at("verdict") == "error";
  }
  // The legend line carries one of each mark.
  EXPECT_EQ(count(r.out, "✓"), ok + 1) << r.out;
  EXPECT_EQ(count(r.out, "⚠"), warn + 1) << r.out;
  EXPECT_EQ(count(r.out, "✗"), error + 1) << r.out;
  EXPECT_NE(r.out.find("sglang fp8_e5m2"), std::string::npos) << r.out;
}

TEST(MatrixViews, GridColoursOnlyWhenAsked) {
  const std::vector<std::string> q = {"matrix", "--engine", "lmdeploy", "--gpu", "A100", "--format", "grid"};
  // Not a terminal (the test's pipe): no escape sequences.
  EXPECT_EQ(run_cli(q).out.find('\033'), std::string::npos);
  auto always = q;
  always.insert(always.end(), {"--color", "always"});
  EXPECT_NE(run_cli(always).out.find("\033[32m✓"), std::string::npos);
  // NO_COLOR wins over auto; never is never.
  auto never = q;
  never.insert(never.end(), {"--color", "never"});
  EXPECT_EQ(run_cli(never).out.find('\033'), std::string::npos);
  EXPECT_EQ(run_cli(q, {}, {"NO_COLOR=1", "TERM=xterm"}).out.find('\033'), std::string::npos);
}

TEST(MatrixViews, ReleasesSpanEveryKnownRelease) {
  const json spans = rows({"matrix", "--engine", "lmdeploy", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention",
                           "gqa", "--releases"});
  ASSERT_FALSE(spans.empty());
  bool turbo_quant_starts_later = false;
  for (const json& c : spans) {
    ASSERT_TRUE(c.at("first_release").is_string()) << c.dump();
    ASSERT_TRUE(c.at("last_release").is_string()) << c.dump();
    // quant_policy 42 is new in v0.13.0 (releases_lmdeploy.cpp): its accepted span starts there
    // (v0.18.0, listed with its content not established, is a span of its own: incomplete).
    if (c.at("kv_cache_dtype") == "42" && c.at("verdict") != "error" && c.at("verdict") != "incomplete")
      turbo_quant_starts_later = c.at("first_release") == "0.13.0";
  }
  EXPECT_TRUE(turbo_quant_starts_later) << spans.dump(1);
  // Without --releases there is no release key (the JSON of earlier versions, unchanged).
  EXPECT_FALSE(rows({"matrix", "--engine", "lmdeploy", "--gpu", "H100"}).at(0).contains("first_release"));
}

TEST(MatrixViews, BadFormatNamesTheMatrixFormats) {
  const auto r = run_cli({"matrix", "--format", "htm"});
  EXPECT_EQ(r.exit_code, 2);
  // The valid list is the output-format table's rows that serve matrix.
  EXPECT_NE(r.err.find("unknown output format 'htm'; did you mean html? valid: text, json, markdown, grid, html"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line";
}

TEST(MatrixViews, HtmlIsOnePageWithNothingFetched) {
  const auto r = run_cli({"matrix", "--engine", "trtllm", "--format", "html"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("<!DOCTYPE html>", 0), 0u);
  for (const char* remote : {"http://", "https://", "<link", "src=\"", "@import"})
    EXPECT_EQ(r.out.find(remote), std::string::npos) << remote;
  EXPECT_NE(r.out.find("href=\"rules/KVD"), std::string::npos) << "cells link to their rule's page";
}

}  // namespace
