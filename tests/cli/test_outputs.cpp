// Issue 27: --output FILE, the CI formats (JUnit XML, GitLab Code Quality), which subcommands
// write which formats, and -q as one line per finding. The XML and JSON shapes are validated
// by tests/cli/junit_shape.py and gitlab_schema.py; here: behaviour, exit statuses and goldens.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace kvdtype::test {
namespace {

using json = nlohmann::json;

std::string data(const std::string& name) { return std::string(KVDTYPE_TEST_DATA_DIR) + "/inputs/" + name; }

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Output with the test data directory written as DATA, so that goldens hold no machine's path.
std::string portable(std::string text) {
  const std::string dir = std::string(KVDTYPE_TEST_DATA_DIR) + "/inputs";
  for (std::size_t at = text.find(dir); at != std::string::npos; at = text.find(dir, at)) text.replace(at, dir.size(), "DATA");
  return text;
}

void expect_golden(const std::string& actual, const std::string& name) {
  const std::string path = std::string(KVDTYPE_TEST_DATA_DIR) + "/golden/" + name;
  EXPECT_EQ(portable(actual), read(path)) << "golden " << path << " differs; the output was:\n" << portable(actual);
}

const std::vector<std::string> kRejectedScript = {"check", "--gpu", "H100", "--command-file", data("pd_two_nodes.sh")};

std::vector<std::string> with(std::vector<std::string> args, std::initializer_list<std::string> more) {
  args.insert(args.end(), more);
  return args;
}

TEST(OutputFile, WritesWhatStdoutWouldShowAndKeepsTheExitStatus) {
  TempDir dir("outputs");
  for (const std::string format : {"text", "json", "sarif", "junit", "gitlab", "github"}) {
    const auto shown = run_cli(with(kRejectedScript, {"--format", format}));
    const std::string file = dir.path("report." + format);
    const auto written = run_cli(with(kRejectedScript, {"--format", format, "--output", file}));
    EXPECT_EQ(shown.exit_code, 1) << format;
    EXPECT_EQ(written.exit_code, 1) << format << ": " << written.err;
    EXPECT_EQ(written.out, "") << format;
    EXPECT_EQ(read(file), shown.out) << format;
  }
}

TEST(OutputFile, ReplacesAnOldReportAndLeavesNoTemporaryFile) {
  TempDir dir("outputs");
  const std::string file = dir.write("report.txt", "an old report that is much longer than the new one ...\n");
  const auto r = run_cli({"rules", "--format", "json", "-o", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(read(file))["schema"], "kvdtype.rules/v1");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.dir())) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST(OutputFile, EveryReportingSubcommandTakesIt) {
  TempDir dir("outputs");
  const std::vector<std::vector<std::string>> commands = {
      {"formats"}, {"targets"}, {"backends"}, {"rules"}, {"explain", "KVD020"}, {"matrix", "--gpu", "H100", "--engine", "vllm"},
      {"releases"}, {"probe"}, {"resolve", "--gpu", "H100", "--kv-cache-dtype", "fp8"}};
  for (const auto& c : commands) {
    const std::string file = dir.path(c.front() + ".out");
    const auto r = run_cli(with(c, {"--output", file}));
    EXPECT_EQ(r.exit_code, 0) << c.front() << ": " << r.err;
    EXPECT_EQ(r.out, "") << c.front();
    EXPECT_FALSE(read(file).empty()) << c.front();
  }
}

TEST(OutputFile, AnUnwritablePathIsOneLineAndExitTwo) {
  TempDir dir("outputs");
  const std::string missing = dir.path("no/such/dir/report.sarif");
  auto r = run_cli(with(kRejectedScript, {"--format", "sarif", "--output", missing}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--output '" + missing + "'"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  // A directory is no file to replace; the JSON face still gets kvdtype.error/v1 on stdout.
  r = run_cli({"rules", "--format", "json", "--output", dir.dir().string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(json::parse(r.out)["schema"], "kvdtype.error/v1");
  EXPECT_TRUE(std::filesystem::is_directory(dir.dir()));
}

TEST(OutputFile, DashIsStdout) {
  const auto r = run_cli({"rules", "--format", "json", "--output", "-"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(json::parse(r.out)["schema"], "kvdtype.rules/v1");
}

TEST(OutputFormats, SubcommandsRefuseFormatsTheyCannotWrite) {
  for (const std::string format : {"sarif", "github", "junit", "gitlab"}) {
    for (const std::string sub : {"formats", "targets", "rules", "matrix", "releases"}) {
      const auto r = run_cli({sub, "--format", format});
      EXPECT_EQ(r.exit_code, 2) << sub << " " << format;
      EXPECT_EQ(r.out, "") << sub << " " << format;
      EXPECT_NE(r.err.find("kvdtype " + sub + " cannot write --format " + format + "; it writes text, json, markdown"),
                std::string::npos)
          << r.err;
    }
  }
  const auto r = run_cli({"probe", "--format", "markdown"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("it writes text, json"), std::string::npos) << r.err;
}

TEST(OutputFormats, AnUnknownFormatNamesEveryFormatTheSubcommandWrites) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "xml"});
  EXPECT_EQ(r.exit_code, 2);
  // The formats in table order; a format added to check's rows follows gitlab.
  EXPECT_NE(r.err.find("valid: text, json, markdown, sarif, github, junit, gitlab"), std::string::npos) << r.err;
  const auto p = run_cli({"probe", "--format", "xml"});
  EXPECT_EQ(p.exit_code, 2);
  EXPECT_NE(p.err.find("valid: text, json\n"), std::string::npos) << p.err;
}

TEST(OutputFormats, TheMatrixLayoutsAreTheMatrixsOwn) {
  for (const std::string format : {"grid", "html"}) {
    for (const std::string sub : {"check", "rules", "releases", "explain"}) {
      std::vector<std::string> args = {sub, "--format", format};
      if (sub == "check") args.insert(args.end(), {"--gpu", "H100"});
      if (sub == "explain") args.insert(args.begin() + 1, "KVD020");
      const auto r = run_cli(args);
      EXPECT_EQ(r.exit_code, 2) << sub << " " << format;
      EXPECT_EQ(r.out, "") << sub << " " << format;
      EXPECT_NE(r.err.find("kvdtype " + sub + " cannot write --format " + format + "; it writes text, json, markdown"),
                std::string::npos)
          << r.err;
    }
  }
}

TEST(Junit, ScriptGolden) {
  const auto r = run_cli(with(kRejectedScript, {"--format", "junit"}));
  EXPECT_EQ(r.exit_code, 1);
  expect_golden(r.out, "pd_two_nodes.junit.xml");
}

TEST(Junit, AnAcceptedRequestIsOnePassingTestcase) {
  const auto r = run_cli({"check", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "gqa", "--head-size", "128",
                          "--kv-cache-dtype", "auto", "--format", "junit"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("<testsuite name=\"flags\" tests=\"1\" failures=\"0\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("<failure"), std::string::npos) << r.out;
}

TEST(Junit, AnIncompleteCheckIsSkippedNotPassed) {
  const auto r = run_cli({"check", "--kv-cache-dtype", "fp8", "--format", "junit"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("<skipped message=\"not checked where"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skipped=\"1\""), std::string::npos) << r.out;
}

TEST(Gitlab, ScriptGolden) {
  const auto r = run_cli(with(kRejectedScript, {"--format", "gitlab"}));
  EXPECT_EQ(r.exit_code, 1);
  // Fingerprints hash the path, which is this checkout's: FingerprintsAreStableAndDistinct checks them.
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(r.out);
  for (auto& issue : j) {
    EXPECT_EQ(issue["fingerprint"].get<std::string>().size(), 32u);
    issue["fingerprint"] = "FINGERPRINT";
  }
  expect_golden(j.dump(2) + "\n", "pd_two_nodes.gitlab.json");
}

TEST(Gitlab, FingerprintsAreStableAndDistinct) {
  // The same script, then the same script two lines further down, at the same path: every finding
  // keeps its fingerprint (GitLab would report it as new and the old one as fixed otherwise).
  TempDir dir("outputs");
  const std::string script = read(data("pd_two_nodes.sh"));
  const std::string file = dir.write("serve.sh", script);
  const auto a = run_cli({"check", "--gpu", "H100", "--command-file", file, "--format", "gitlab"});
  const auto again = run_cli({"check", "--gpu", "H100", "--command-file", file, "--format", "gitlab"});
  dir.write("serve.sh", "\n\n" + script);
  const auto b = run_cli({"check", "--gpu", "H100", "--command-file", file, "--format", "gitlab"});
  EXPECT_EQ(a.out, again.out);
  const json ja = json::parse(a.out), jb = json::parse(b.out);
  ASSERT_EQ(ja.size(), jb.size());
  ASSERT_GE(ja.size(), 3u);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < ja.size(); ++i) {
    EXPECT_TRUE(seen.insert(ja[i]["fingerprint"].get<std::string>()).second) << ja[i].dump();
    EXPECT_EQ(ja[i]["fingerprint"], jb[i]["fingerprint"]) << ja[i].dump();
    EXPECT_EQ(ja[i]["location"]["lines"]["begin"].get<int>() + 2, jb[i]["location"]["lines"]["begin"].get<int>());
  }
}

TEST(Quiet, OneLinePerFindingAndNothingElse) {
  const auto r = run_cli(with(kRejectedScript, {"-q"}));
  EXPECT_EQ(r.exit_code, 1);
  expect_golden(r.out, "pd_two_nodes.quiet.txt");
  EXPECT_EQ(r.out.find("REJECTED"), std::string::npos);
  EXPECT_EQ(r.out.find("verdict"), std::string::npos);
}

TEST(Quiet, AFlagsOnlyRequestNamesFlagsAndAnAcceptedOneSaysNothing) {
  auto r = run_cli({"check", "--gpu", "H100", "--attention", "mla", "--head-size", "576", "--model-dtype", "bfloat16",
                    "--kv-cache-dtype", "fp8", "--backend", "FLASH_ATTN_MLA", "-q"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.rfind("flags: error KVD010 ", 0), 0u) << r.out;
  r = run_cli({"check", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "gqa", "--head-size", "128",
               "--kv-cache-dtype", "auto", "-q"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
}

TEST(Quiet, ManifestLinesCarryPathAndLine) {
  const std::string manifest = std::string(KVDTYPE_TEST_DATA_DIR) + "/manifests/tq-a100.yaml";
  const auto r = run_cli({"check", "--manifest", manifest, "-q"});
  ASSERT_FALSE(r.out.empty());
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_EQ(line.rfind(manifest + ":", 0), 0u) << line;
    EXPECT_TRUE(line.find(": error KVD") != std::string::npos || line.find(": warning KVD") != std::string::npos) << line;
  }
}

}  // namespace
}  // namespace kvdtype::test
