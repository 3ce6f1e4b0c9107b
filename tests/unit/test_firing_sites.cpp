// The firing-site table (src/core/firing_sites.cpp, issue 24): every rule is fired from a place that
// declares it. check() holds its checks to their rows as it runs (the lint runs every trigger and
// reports an undeclared firing); here the sources are held to the rows: each check function of
// check.cpp and each reader file names exactly the codes its row declares.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "core/firing_sites.hpp"
#include "kvdtype/rule.hpp"
#include "tables/tables.hpp"

namespace kvdtype {
namespace {

const std::filesystem::path kSrc = std::filesystem::path(KVDTYPE_TEST_DATA_DIR) / ".." / ".." / "src";

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The file of that name anywhere under src/ (files move between layer folders; names stay).
std::filesystem::path find_source(std::string_view name) {
  for (const auto& e : std::filesystem::recursive_directory_iterator(kSrc))
    if (e.is_regular_file() && e.path().filename() == name) return e.path();
  return {};
}

std::set<std::string> words(std::string_view s) {
  std::set<std::string> out;
  std::istringstream in{std::string(s)};
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

std::set<std::string> codes_named(const std::string& text) {
  static const std::regex kCode("\"(KVD[0-9]{3})\"");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kCode); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
  return out;
}

TEST(FiringSites, EveryRuleHasOne) {
  for (const Rule& r : rules()) EXPECT_FALSE(detail::sites_of(r).empty()) << r.code << " is fired from no declared site";
}

TEST(FiringSites, DeclaresOnlyWhatTheRowSays) {
  const detail::FiringSite* query = detail::check_site("query");
  ASSERT_NE(query, nullptr);
  EXPECT_TRUE(detail::declares(*query, *find_rule("KVD030")));
  EXPECT_FALSE(detail::declares(*query, *find_rule("KVD020")));
  // A Constraint row fires KVD003; no row fires KVD080 (the checks and readers do).
  EXPECT_TRUE(detail::declares(detail::constraint_site(), *find_rule("KVD003")));
  EXPECT_FALSE(detail::declares(detail::constraint_site(), *find_rule("KVD080")));
  EXPECT_EQ(detail::check_site("no_such_check"), nullptr);
}

// Each reader's source file names exactly its row's codes: one it fires without declaring, or one
// it declares and no longer fires, fails here.
TEST(FiringSites, ReaderFilesNameTheirDeclaredCodes) {
  for (const detail::FiringSite& s : detail::firing_sites()) {
    if (s.kind != detail::SiteKind::reader) continue;
    const auto path = find_source(s.name);
    ASSERT_FALSE(path.empty()) << s.name << " is not under src/";
    std::set<std::string> declared = words(s.codes);
    for (const std::string& w : words(s.names_only)) declared.insert(w);
    EXPECT_EQ(codes_named(read(path)), declared) << s.name;
  }
}

// The same for each generic check of check.cpp, function by function; and every function of the
// `(const Context&, …, Emitter&)` shape has a row.
TEST(FiringSites, CheckFunctionsNameTheirDeclaredCodes) {
  const std::string text = read(find_source("check.cpp"));
  static const std::regex kCheck(R"(\nvoid (\w+)\(const Context& ctx[^)]*Emitter& out\) \{)");
  std::vector<std::pair<std::string, std::size_t>> starts;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kCheck); it != std::sregex_iterator(); ++it)
    starts.emplace_back((*it)[1], static_cast<std::size_t>(it->position()));
  ASSERT_GE(starts.size(), 10u);
  for (const auto& [name, at] : starts) {
    if (name == "constraints") continue;  // fires each Constraint row's own code: the row of the Constraint rows
    const std::size_t end = text.find("\n}\n", at);  // the function's closing brace
    ASSERT_NE(end, std::string::npos) << name;
    const detail::FiringSite* site = detail::check_site(name);
    ASSERT_NE(site, nullptr) << name << "() has no row in src/core/firing_sites.cpp";
    const std::set<std::string> named = codes_named(text.substr(at, end - at));
    const std::set<std::string> declared = words(site->codes);
    for (const std::string& c : named) EXPECT_TRUE(declared.count(c)) << name << "() fires " << c << " without declaring it";
  }
  for (const detail::FiringSite& s : detail::firing_sites()) {
    if (s.kind != detail::SiteKind::check) continue;
    bool found = false;
    for (const auto& start : starts) found = found || start.first == s.name;
    EXPECT_TRUE(found) << "row " << s.name << " names no check function of check.cpp";
  }
}

// What explain prints comes from here: a row per place, each described.
TEST(FiringSites, DescribeNamesThePlace) {
  EXPECT_EQ(detail::describe(*detail::check_site("query")), "check query() (src/core/check.cpp)");
  const auto sites = detail::sites_of(*find_rule("KVD020"));
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0]->name, "declared_kv");
  EXPECT_EQ(sites[1]->kind, detail::SiteKind::guard);
}

// An engine's launch hooks declare what they fire in its folder (the registry row's
// launch.hooks_fire): each becomes the reader row of its own launch_<engine>.cpp, in that folder,
// with no line in firing_sites.cpp; an engine whose hooks fire nothing has no row.
TEST(FiringSites, LaunchHookRowsComeFromTheEngineFolders) {
  std::size_t hook_rows = 0;
  for (const tables::EngineTables& e : tables::engine_registry()) {
    const std::string file = "launch_" + std::string(e.info.name) + ".cpp";
    const detail::FiringSite* row = nullptr;
    for (const detail::FiringSite& s : detail::firing_sites())
      if (s.name == file) row = &s;
    if (e.launch.hooks_fire.empty()) {
      EXPECT_EQ(row, nullptr) << file;
      continue;
    }
    ++hook_rows;
    ASSERT_NE(row, nullptr) << file;
    EXPECT_EQ(row->kind, detail::SiteKind::reader);
    EXPECT_EQ(row->codes, e.launch.hooks_fire);
    EXPECT_EQ(find_source(file).parent_path().filename(), std::string(e.info.name)) << file;
    EXPECT_EQ(read(kSrc / "core" / "firing_sites.cpp").find(file), std::string::npos) << file << " is written in firing_sites.cpp";
  }
  EXPECT_GE(hook_rows, 3u);  // llama.cpp, TensorRT-LLM and LMDeploy fire from their hooks
  const auto sites = detail::sites_of(*find_rule("KVD220"));
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0]->name, "refused_value");
  EXPECT_EQ(detail::describe(*sites[1]), "the input reader launch_trtllm.cpp");
}

}  // namespace
}  // namespace kvdtype
