// An engine is one folder (src/tables/engines/<engine>/) and one registry row
// (src/tables/engines.cpp): every row carries every fact the code asks of an engine, every folder
// belongs to a row, and engine-keyed code outside them does not grow.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/index.hpp"
#include "tables/tables.hpp"

namespace {

using namespace kvdtype;
namespace fs = std::filesystem;

// The checkout's root: the tests' data folder is tests/data.
const fs::path kRoot = fs::path(KVDTYPE_TEST_DATA_DIR) / ".." / "..";

TEST(EngineFolders, EveryRegistryRowHasEveryFact) {
  for (const tables::EngineTables& row : tables::engine_registry()) {
    const EngineInfo& e = row.info;
    SCOPED_TRACE(std::string(e.name));
    for (std::string_view fact : {e.name, e.display, e.kv_flag, e.tables_snapshot, e.default_kv, e.programs})
      EXPECT_FALSE(fact.empty());
    EXPECT_TRUE(e.has_tables);
    ASSERT_NE(row.vocabulary, nullptr);
    ASSERT_NE(row.backends, nullptr);
    ASSERT_NE(row.selection, nullptr);
    ASSERT_NE(row.constraints, nullptr);
    ASSERT_NE(row.releases, nullptr);
    ASSERT_NE(row.launch_flags, nullptr);
    EXPECT_FALSE(row.vocabulary().empty());
    EXPECT_FALSE(row.backends().empty());
    EXPECT_FALSE(row.selection().empty());
    EXPECT_FALSE(row.releases().empty());
    // An engine told everything through its environment (Ollama: OLLAMA_KV_CACHE_TYPE) has no
    // serving flags; one whose cache setting is a flag has that flag's row at least.
    if (e.kv_flag.starts_with("-")) {
      EXPECT_FALSE(row.launch_flags().empty());
    }
    EXPECT_FALSE(row.memory.source.empty());
    EXPECT_NE(find_cache_dtype(e.id, e.default_kv), nullptr);
    // A program needs a subcommand, serves without one, or is read by the engine's own launch code.
    EXPECT_TRUE(!row.launch.subcommand.empty() || row.launch.own_reader);
    // A program's own module is run with the program's subcommand.
    EXPECT_TRUE(row.launch.python_cli.empty() || !row.launch.subcommand.empty());
  }
}

// The list line decides an engine's id, name and tables (engines.cpp fills them): a folder's own row
// that set them too would be a second place for the same fact. Each folder's images and kernel
// routes leave their engine to the registry as well.
TEST(EngineFolders, FolderRowsLeaveToTheListWhatItDecides) {
#define KVDTYPE_ENGINE(e)                                                                              \
  {                                                                                                    \
    SCOPED_TRACE(#e);                                                                                  \
    const tables::EngineTables& row = tables::e##_engine();                                            \
    EXPECT_EQ(row.info.id, Engine{});                                                                  \
    EXPECT_TRUE(row.info.name.empty());                                                                \
    EXPECT_TRUE(row.vocabulary == nullptr && row.backends == nullptr && row.selection == nullptr &&   \
                row.constraints == nullptr && row.releases == nullptr && row.launch_flags == nullptr); \
    if (row.images != nullptr) {                                                                       \
      for (const Image& image : row.images()) {                                                        \
        EXPECT_EQ(image.engine, Engine{}) << image.repository;                                         \
      }                                                                                                \
    }                                                                                                  \
    if (row.kernel_routes != nullptr) {                                                                \
      for (const KernelRoute& route : row.kernel_routes()) {                                           \
        EXPECT_EQ(route.engine, Engine{}) << route.backends;                                           \
      }                                                                                                \
    }                                                                                                  \
    const tables::EngineTables& listed = tables::engine_tables(Engine::e);                             \
    EXPECT_EQ(listed.info.id, Engine::e);                                                              \
    EXPECT_EQ(listed.info.name, #e);                                                                   \
    EXPECT_EQ(listed.vocabulary, &tables::e##_cache_dtypes);                                           \
    EXPECT_EQ(listed.launch_flags, &tables::e##_launch_flags);                                         \
  }
#include "kvdtype/engine_list.def"
#undef KVDTYPE_ENGINE
}

// Every image and kernel route the shared lists hold comes from a folder and carries its engine.
TEST(EngineFolders, SharedListsAreTheFoldersRows) {
  std::size_t image_rows = 0, route_rows = 0;
  for (const tables::EngineTables& row : tables::engine_registry()) {
    if (row.images != nullptr) image_rows += row.images().size();
    if (row.kernel_routes != nullptr) route_rows += row.kernel_routes().size();
  }
  EXPECT_EQ(images().size(), image_rows);
  EXPECT_EQ(kernel_routes().size(), route_rows);
  EXPECT_GT(image_rows, 0U);
  EXPECT_GT(route_rows, 0U);
  for (const Image& image : images()) {
    const tables::EngineTables& row = tables::engine_tables(image.engine);
    ASSERT_NE(row.images, nullptr) << image.repository;
    EXPECT_TRUE(std::any_of(row.images().begin(), row.images().end(),
                            [&](const Image& own) { return own.repository == image.repository; }))
        << image.repository << " is not " << row.info.name << "'s";
  }
}

// Launch recognition names each program and module once: two engines never claim the same word.
TEST(EngineFolders, LaunchWordsBelongToOneEngine) {
  // One engine may name a word in several lists (MLX-LM's console script `mlx_lm` is also its
  // `python -m mlx_lm` module); two engines may not share one.
  std::set<std::string> seen;
  for (const tables::EngineTables& row : tables::engine_registry()) {
    std::set<std::string> own;
    for (std::string_view list : {row.info.programs, row.launch.python_cli, row.launch.python_modules})
      tables::for_each_word(list, [&](std::string_view word) { own.insert(std::string(word)); });
    for (const std::string& word : own) EXPECT_TRUE(seen.insert(word).second) << word << " (" << row.info.name << ")";
  }
}

// Every engine has its folder with its vocabulary, backends and releases, and every folder is an
// engine of the registry.
TEST(EngineFolders, EveryEngineHasItsFolderAndEveryFolderItsRow) {
  const fs::path engines = kRoot / "src" / "tables" / "engines";
  ASSERT_TRUE(fs::is_directory(engines)) << engines;
  std::set<std::string> rows;
  for (const tables::EngineTables& row : tables::engine_registry()) {
    const std::string name(row.info.name);
    rows.insert(name);
    for (const char* table : {"engine_", "cache_dtypes_", "backends_", "releases_", "launch_flags_"})
      EXPECT_TRUE(fs::is_regular_file(engines / name / (table + name + ".cpp"))) << name << ": " << table;
  }
  std::size_t folders = 0;
  for (const fs::directory_entry& d : fs::directory_iterator(engines)) {
    if (!d.is_directory()) continue;
    ++folders;
    EXPECT_TRUE(rows.contains(d.path().filename().string())) << d.path() << " is no registry row";
  }
  EXPECT_EQ(folders, rows.size());
}

// No file outside the engine folders, the registry and the engine list keys behaviour on a
// particular engine (`Engine::<enumerator>`): what is particular to an engine is a field of its
// registry row (vLLM's KV layout variable and NIXL connector), and the default engine is the
// list's first line (kvdtype/engine.hpp kDefaultEngine).
bool names_an_engine(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  for (const tables::EngineTables& row : tables::engine_registry()) {
    const std::string word = "Engine::" + std::string(row.info.name);
    for (std::size_t at = s.find(word); at != std::string::npos; at = s.find(word, at + 1)) {
      const std::size_t end = at + word.size();
      const bool whole = end >= s.size() || !(std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_');
      if (whole) return true;
    }
  }
  return false;
}

TEST(EngineFolders, NoCodeOutsideTheFoldersKeyedOnAnEngine) {
  const fs::path engines = fs::weakly_canonical(kRoot / "src" / "tables" / "engines");
  const fs::path registry = fs::weakly_canonical(kRoot / "src" / "tables" / "engines.cpp");
  std::size_t files = 0;
  for (const char* top : {"src", "include", "tools"}) {
    ASSERT_TRUE(fs::is_directory(kRoot / top)) << top;
    for (const fs::directory_entry& d : fs::recursive_directory_iterator(kRoot / top)) {
      const fs::path p = fs::weakly_canonical(d.path());
      const std::string ext = p.extension().string();
      if (!d.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h")) continue;
      ++files;
      if (p == registry || std::mismatch(engines.begin(), engines.end(), p.begin(), p.end()).first == engines.end())
        continue;
      EXPECT_FALSE(names_an_engine(p)) << p << " keys behaviour on a particular engine: give the fact a registry field instead";
    }
  }
  EXPECT_GT(files, 100U);  // the tree was read
}

}  // namespace
