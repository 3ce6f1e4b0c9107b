// Several workloads in one run (kvdtype.checks/v1): one result per command file, each with its
// source, the exit status of the worst, and an unreadable file as that file's error result.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"

namespace {

using kvdtype::test::run_cli;

std::string example(const std::string& rel) {
  return (std::filesystem::path(KVDTYPE_TEST_DATA_DIR).parent_path().parent_path() / "examples" / "launch" / rel).string();
}

TEST(Workloads, SeveralCommandFilesGiveOneResultEach) {
  const auto r = run_cli({"check", "--gpu", "MI300X", "--format", "json", "--command-file", example("seed1_glm_flash_fp8_h100.sh"),
                          "--command-file", example("seed3_aiter_mla_fp8_mi300x.sh")});
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "kvdtype.checks/v1");
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][0]["source"]["file"], example("seed1_glm_flash_fp8_h100.sh"));
  EXPECT_EQ(j["results"][1]["source"]["kind"], "command file");
  EXPECT_EQ(j["results"][1]["plan"]["target"]["name"], "gfx942");
  EXPECT_TRUE(j["diagnostics"].is_array());
  // The exit status is the worst result's.
  const bool any_error = j["results"][0]["verdict"] == "error" || j["results"][1]["verdict"] == "error";
  EXPECT_EQ(r.exit_code, any_error ? 1 : 0);
  EXPECT_EQ(j["verdict"] == "error", any_error);
}

TEST(Workloads, AnUnreadableFileIsThatResultsError) {
  const auto r = run_cli({"check", "--gpu", "H100", "--format", "json", "--command-file", example("seed1_glm_flash_fp8_h100.sh"),
                          "--command-file", "/nonexistent/kvdtype-cmd.sh"});
  EXPECT_EQ(r.exit_code, 1);
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][1]["verdict"], "error");
  EXPECT_NE(j["results"][1]["error"]["message"].get<std::string>().find("kvdtype-cmd.sh"), std::string::npos);
  EXPECT_EQ(j["verdict"], "error");
}

TEST(Workloads, TextNamesEachSource) {
  const auto r = run_cli({"check", "--gpu", "A100", "--command-file", example("seed2_turboquant_a100_bf16.sh"), "--command-file",
                          example("seed2_turboquant_a100_bf16.sh")});
  EXPECT_NE(r.out.find("== [0] "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("== [1] "), std::string::npos);
  EXPECT_NE(r.out.find("(2 workloads)"), std::string::npos);
}

}  // namespace
