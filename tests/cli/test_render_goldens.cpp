// Every output format has golden files: tests/data/render/<format>/<case>.<ext>, each the
// byte-for-byte output of one command line, so a renderer change shows up as a reviewed diff
// of the golden rather than slipping by. KVDTYPE_UPDATE_GOLDENS=1 rewrites the files from the
// binary (tests/data/render/README.md); CI never sets it, so there a difference fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_cli.hpp"

namespace kvdtype::test {
namespace {

const std::string kData = KVDTYPE_TEST_DATA_DIR;

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The kvdtype version, which SARIF and JUnit carry: written as VERSION in the goldens, so a
// release bump is not a renderer change.
std::string version() {
  std::string v = read(std::filesystem::path(kData) / ".." / ".." / "VERSION");
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
  return v;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
}

// The test data directory written as DATA, so that goldens hold no machine's path.
std::string portable(std::string text) {
  replace_all(text, kData + "/inputs", "DATA");
  const std::string v = version();
  if (!v.empty()) replace_all(text, "\"" + v + "\"", "\"VERSION\"");
  return text;
}

struct Case {
  std::string golden;  ///< <format>/<case>.<ext> under tests/data/render
  std::vector<std::string> args;
  int exit_code;
};

// The command lines a golden can hold, by its file's stem; the file's folder is the format, so a
// new format's goldens are files in its folder (tests/data/render/README.md), with no case here.
// One rejected launch script through every format check writes (the SARIF golden lists every rule
// with its page, so a rule or page change rewrites it), the tables and a small matrix (one engine,
// dtype and attention kind on one GPU, so that a table fact of another engine does not rewrite
// these goldens). Paths are relative to the test data directory (the test runs there): the GitLab
// fingerprint hashes the path as given, so an absolute path would tie a golden to one checkout.
struct Command {
  std::string_view stem;
  std::vector<std::string> args;  ///< then `--format <the golden's folder>`
  int exit_code;
};
const std::vector<Command>& commands() {
  static const std::vector<Command> kCommands = {
      {"check_pd_two_nodes", {"check", "--gpu", "H100", "--command-file", "inputs/pd_two_nodes.sh"}, 1},
      {"backends_lmdeploy", {"backends", "--engine", "lmdeploy"}, 0},
      {"explain_KVD020", {"explain", "KVD020"}, 0},
      {"formats", {"formats"}, 0},
      {"matrix_lmdeploy",
       {"matrix", "--gpu", "H100", "--engine", "lmdeploy", "--model-dtype", "bfloat16", "--attention", "gqa", "--color", "never"},
       0},
  };
  return kCommands;
}

// Every golden file with its command; a file whose stem names no command is reported by
// EveryFileHasACommand.
std::vector<Case> cases() {
  std::vector<Case> out;
  const std::filesystem::path root = std::filesystem::path(kData) / "render";
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().filename() == "README.md") continue;
    const std::string format = e.path().parent_path().filename().string();
    for (const Command& c : commands()) {
      if (e.path().stem() != c.stem) continue;
      std::vector<std::string> args = c.args;
      args.insert(args.end(), {"--format", format});
      out.push_back({std::filesystem::relative(e.path(), root).generic_string(), std::move(args), c.exit_code});
    }
  }
  std::sort(out.begin(), out.end(), [](const Case& x, const Case& y) { return x.golden < y.golden; });
  return out;
}

TEST(RenderGoldens, EachCaseMatchesItsFileByteForByte) {
  const bool update = std::getenv("KVDTYPE_UPDATE_GOLDENS") != nullptr;
  const std::filesystem::path was = std::filesystem::current_path();
  std::filesystem::current_path(kData);
  struct Back {
    std::filesystem::path to;
    ~Back() { std::filesystem::current_path(to); }
  } back{was};
  for (const Case& c : cases()) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.golden << ": " << r.err;
    const std::filesystem::path path = std::filesystem::path(kData) / "render" / c.golden;
    const std::string out = portable(r.out);
    if (update) {
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary) << out;
      continue;
    }
    ASSERT_TRUE(std::filesystem::is_regular_file(path)) << path << " is missing (KVDTYPE_UPDATE_GOLDENS=1 writes it)";
    EXPECT_EQ(out, read(path)) << "golden " << path << " differs; KVDTYPE_UPDATE_GOLDENS=1 rewrites it after review";
  }
}

// No golden file is left behind by a command that was removed or renamed, and the goldens are read.
TEST(RenderGoldens, EveryFileHasACommand) {
  std::vector<std::string> named;
  for (const Case& c : cases()) named.push_back(c.golden);
  EXPECT_GE(named.size(), 13u);
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::filesystem::path(kData) / "render")) {
    if (!e.is_regular_file() || e.path().filename() == "README.md") continue;
    const std::string rel = std::filesystem::relative(e.path(), std::filesystem::path(kData) / "render").generic_string();
    EXPECT_NE(std::find(named.begin(), named.end(), rel), named.end()) << rel << ": its stem names no command in test_render_goldens.cpp";
  }
}

}  // namespace
}  // namespace kvdtype::test
