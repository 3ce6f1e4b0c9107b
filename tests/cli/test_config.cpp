// The project configuration (docs/configuration.md): .kvdtype.toml or [tool.kvdtype] in
// pyproject.toml, found by walking up from the working directory (the nearest wins), --config,
// --isolated, flags over the file, one-line errors (exit 2) for a bad key or value.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::run_program;
using kvdtype::test::TempDir;
using Json = nlohmann::json;

constexpr const char* kServe = "vllm serve Qwen/Qwen2.5-3B-Instruct --dtype bfloat16\n";  // KVD081 on a T4

// The CLI run in `dir` (through sh -c 'cd DIR && exec kvdtype …': the runner has no cwd of its own).
kvdtype::test::CliResult in_dir(const std::filesystem::path& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", dir.string(), KVDTYPE_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv);
}

Json json_of(const kvdtype::test::CliResult& r) {
  Json j = Json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j;
}

TEST(Config, NearestFileGivesDefaultsAndIsNamed) {
  TempDir t("config");
  t.write(".kvdtype.toml", "gpu = \"T4\"\nformat = \"json\"\n");
  std::filesystem::create_directories(t.dir() / "sub" / "deeper");
  t.write("sub/deeper/serve.sh", kServe);
  const auto r = in_dir(t.dir() / "sub" / "deeper", {"check", "--command-file", "serve.sh"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // T4 from the file: KVD081
  const Json j = json_of(r);                       // format from the file
  EXPECT_EQ(j["plan"]["target"]["name"], "sm_75") << j.dump();
  EXPECT_NE(j["notes"].dump().find("config: "), std::string::npos) << j.dump();
  EXPECT_NE(j["notes"].dump().find(".kvdtype.toml"), std::string::npos) << j.dump();
}

TEST(Config, FlagsWinOverTheFile) {
  TempDir t("config");
  t.write(".kvdtype.toml", "gpu = \"T4\"\nformat = \"json\"\nfail-on = \"warning\"\n");
  t.write("serve.sh", kServe);
  const auto r = in_dir(t.dir(), {"check", "--gpu", "H100", "--format", "text", "--command-file", "serve.sh"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(r.out.starts_with("ACCEPTED")) << r.out;
}

TEST(Config, NearestWinsAndPyprojectWithoutTheTableIsPassedOver) {
  TempDir t("config");
  t.write(".kvdtype.toml", "gpu = \"H100\"\n");
  std::filesystem::create_directories(t.dir() / "proj");
  t.write("proj/pyproject.toml", "[project]\nname = \"x\"\n");  // no [tool.kvdtype]: not a kvdtype configuration
  t.write("proj/serve.sh", kServe);
  auto r = in_dir(t.dir() / "proj", {"check", "--format", "json", "--command-file", "serve.sh"});
  EXPECT_EQ(json_of(r)["plan"]["target"]["name"], "sm_90") << r.out;
  t.write("proj/pyproject.toml", "[project]\nname = \"x\"\n[tool.kvdtype]\ngpu = \"T4\"\n");
  r = in_dir(t.dir() / "proj", {"check", "--format", "json", "--command-file", "serve.sh"});
  EXPECT_EQ(json_of(r)["plan"]["target"]["name"], "sm_75") << r.out;
}

TEST(Config, IsolatedReadsNoFileAndConfigNamesOne) {
  TempDir t("config");
  t.write(".kvdtype.toml", "gpu = \"T4\"\n");
  t.write("other.toml", "gpu = \"H100\"\n");
  t.write("serve.sh", kServe);
  auto r = in_dir(t.dir(), {"check", "--isolated", "--format", "json", "--command-file", "serve.sh"});
  EXPECT_FALSE(json_of(r)["notes"].dump().find("config: ") != std::string::npos) << r.out;
  EXPECT_TRUE(json_of(r)["plan"]["target"].is_null()) << r.out;
  r = in_dir(t.dir(), {"check", "--config", "other.toml", "--format", "json", "--command-file", "serve.sh"});
  EXPECT_EQ(json_of(r)["plan"]["target"]["name"], "sm_90") << r.out;
}

TEST(Config, BadKeyOrValueIsOneLineExit2) {
  TempDir t("config");
  t.write("serve.sh", kServe);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"gpus = \"T4\"\n", "unknown key 'gpus'; valid: engine, engine-version, gpu"},
      {"fail-on = \"sometimes\"\n", "'fail-on'"},
      {"format = \"yaml\"\n", "unknown output format 'yaml'"},
      {"ignore = [\"KVD999\"]\n", "'ignore'"},
      {"ignore = \"KVD081\"\n", "'ignore' must be an array of strings"},
      {"[per-file-ignores]\n\"*.sh\" = [\"KVD99\"]\n", "per-file-ignores '*.sh'"},
      {"gpu = \n", "not TOML (line 1)"},
      {"max-files = 0\n", "'max-files' must be a whole number of 1 or more"},
  };
  for (const auto& [text, expected] : cases) {
    t.write(".kvdtype.toml", text);
    const auto r = in_dir(t.dir(), {"check", "--gpu", "T4", "--command-file", "serve.sh"});
    EXPECT_EQ(r.exit_code, 2) << text << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << text << r.err;
    EXPECT_NE(r.err.find(".kvdtype.toml"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  const auto missing = in_dir(t.dir(), {"check", "--config", "nope.toml", "--gpu", "T4"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("--config"), std::string::npos) << missing.err;
}

TEST(Config, IgnoreAndPerFileIgnores) {
  TempDir t("config");
  std::filesystem::create_directories(t.dir() / "legacy");
  t.write("legacy/serve.sh", kServe);
  t.write("serve.sh", kServe);
  t.write(".kvdtype.toml", "gpu = \"T4\"\n[per-file-ignores]\n\"legacy/*.sh\" = [\"KVD081\"]\n");
  auto r = in_dir(t.dir(), {"check", "--format", "json", "--command-file", "legacy/serve.sh"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  const Json j = json_of(r);
  ASSERT_TRUE(j.contains("suppressed")) << j.dump();
  EXPECT_EQ(j["suppressed"][0]["origin"], "config");
  // The glob names legacy/ only: the other script still fails, and an unmatched glob is no finding.
  r = in_dir(t.dir(), {"check", "--format", "json", "--command-file", "serve.sh"});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_EQ(r.out.find("KVD156"), std::string::npos) << r.out;
  // ignore = […] drops the code everywhere, as --ignore does.
  t.write(".kvdtype.toml", "gpu = \"T4\"\nignore = [\"KVD081\"]\n");
  r = in_dir(t.dir(), {"check", "--command-file", "serve.sh"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

}  // namespace
