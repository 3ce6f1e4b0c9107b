// kvdtype check --manifest DIR (docs/inputs.md): the YAML and JSON files of a tree in byte order
// of their paths, --include / --exclude globs, hidden entries skipped, symbolic-link loops
// entered once, and what cannot be read, or a tree over --max-files, refused by name (exit 2).
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

using kvdtype::test::run_cli;
using kvdtype::test::TempDir;
using Json = nlohmann::json;

std::string pod(const std::string& name, const std::string& dtype) {
  return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name +
         "\nspec:\n  nodeSelector:\n    nvidia.com/gpu.product: Tesla-T4\n  containers:\n  - name: vllm\n    image: vllm/vllm-openai:v0.27.0\n"
         "    args: [\"Qwen/Qwen2.5-3B-Instruct\", \"--dtype\", \"" + dtype + "\"]\n";
}

// A tree: b.yaml, a/z.yml, a/y.json (a Pod as JSON), notes.txt, .hidden/h.yaml, kustom/kustomization.yaml.
void tree(const TempDir& t) {
  std::filesystem::create_directories(t.dir() / "a");
  std::filesystem::create_directories(t.dir() / ".hidden");
  t.write("b.yaml", pod("b", "float16"));
  t.write("a/z.yml", pod("z", "bfloat16"));
  t.write("a/y.json", R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"y"},"spec":{"containers":[{"name":"vllm",)"
                      R"("image":"vllm/vllm-openai:v0.27.0","args":["Qwen/Qwen2.5-3B-Instruct"]}]}})");
  t.write("notes.txt", "not a manifest\n");
  t.write(".hidden/h.yaml", "not: [valid\n");
}

std::vector<std::string> names(const Json& j) {
  std::vector<std::string> out;
  for (const Json& r : j["results"]) out.push_back(r["source"]["name"]);
  return out;
}

Json run_json(const std::vector<std::string>& args, int* rc) {
  std::vector<std::string> a = {"check", "--isolated", "--format", "json"};
  a.insert(a.end(), args.begin(), args.end());
  const auto r = run_cli(a);
  *rc = r.exit_code;
  Json j = Json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j;
}

TEST(ManifestTree, WalksYamlAndJsonInPathOrder) {
  TempDir t("tree");
  tree(t);
  int rc = -1;
  const Json j = run_json({"--manifest", t.dir().string()}, &rc);
  EXPECT_EQ(names(j), (std::vector<std::string>{"y", "z", "b"})) << j.dump();  // a/y.json, a/z.yml, b.yaml
  EXPECT_EQ(rc, 1);  // z: bfloat16 on a T4 (KVD081)
  EXPECT_EQ(j["results"][0]["source"]["file"], (t.dir() / "a" / "y.json").string());
}

TEST(ManifestTree, IncludeAndExcludeGlobs) {
  TempDir t("tree");
  tree(t);
  int rc = -1;
  Json j = run_json({"--manifest", t.dir().string(), "--exclude", "a"}, &rc);  // a directory: not entered
  EXPECT_EQ(names(j), (std::vector<std::string>{"b"})) << j.dump();
  EXPECT_EQ(rc, 0);
  j = run_json({"--manifest", t.dir().string(), "--include", "*.json"}, &rc);
  EXPECT_EQ(names(j), (std::vector<std::string>{"y"})) << j.dump();
  j = run_json({"--manifest", t.dir().string(), "--exclude", "a/*.yml"}, &rc);  // a path glob
  EXPECT_EQ(names(j), (std::vector<std::string>{"y", "b"})) << j.dump();
}

TEST(ManifestTree, SymlinkLoopIsEnteredOnce) {
  TempDir t("tree");
  tree(t);
  std::filesystem::create_directory_symlink(t.dir(), t.dir() / "a" / "loop");
  int rc = -1;
  const Json j = run_json({"--manifest", t.dir().string()}, &rc);
  EXPECT_EQ(names(j), (std::vector<std::string>{"y", "z", "b"})) << j.dump();
}

TEST(ManifestTree, UnreadableEntriesAndTheLimitAreBadInput) {
  TempDir t("tree");
  tree(t);
  std::filesystem::create_symlink(t.dir() / "gone.yaml", t.dir() / "dangling.yaml");
  auto r = run_cli({"check", "--isolated", "--manifest", t.dir().string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("dangling.yaml"), std::string::npos) << r.err;
  std::filesystem::remove(t.dir() / "dangling.yaml");

  r = run_cli({"check", "--isolated", "--manifest", t.dir().string(), "--max-files", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("more than 2 manifest files"), std::string::npos) << r.err;

  TempDir empty("tree");
  r = run_cli({"check", "--isolated", "--manifest", empty.dir().string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("no manifest file"), std::string::npos) << r.err;

  if (::geteuid() != 0) {  // root reads every file whatever its mode
    std::filesystem::permissions(t.dir() / "a", std::filesystem::perms::none);
    r = run_cli({"check", "--isolated", "--manifest", t.dir().string()});
    std::filesystem::permissions(t.dir() / "a", std::filesystem::perms::owner_all);
    EXPECT_EQ(r.exit_code, 2) << r.err;
  }
}

TEST(ManifestTree, FileThatIsNotAManifestFailsClosed) {
  TempDir t("tree");
  tree(t);
  t.write("broken.yaml", "kind: [unbalanced\n");
  const auto r = run_cli({"check", "--isolated", "--manifest", t.dir().string()});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("broken.yaml"), std::string::npos) << r.err;
}

}  // namespace
