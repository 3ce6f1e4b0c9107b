// Every input that once crashed, hung or broke an invariant under a fuzzer
// (tests/fuzz/regressions/<target>/), and every seed (tests/fuzz/corpus/<target>/), replayed
// through the same entry point in this build (g++, and ASan/UBSan in CI's sanitizer step), so a
// fixed bug stays fixed without clang or libFuzzer. docs/reliability.md lists what each file was.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>
#include <string>
#include <vector>

#include "../fuzz/entry_points.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kFuzzDir = fs::path(KVDTYPE_TEST_DATA_DIR).parent_path() / "fuzz";

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file() && it->path().filename().string().front() != '.' && it->path().extension() != ".md")
      out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Replays `sub`/<target>/* for every target; returns how many inputs ran.
std::size_t replay(const char* sub) {
  std::size_t n = 0;
  for (const auto& t : kvdtype::fuzz::kTargets) {
    for (const fs::path& f : files_in(kFuzzDir / sub / t.name)) {
      SCOPED_TRACE(std::string(sub) + "/" + t.name + "/" + f.filename().string());
      const std::string bytes = read(f);
      try {
        t.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
      } catch (const std::exception& e) {
        ADD_FAILURE() << "threw: " << e.what();
      }
      // A hang is CTest's timeout, never a timing assertion (a loaded machine is not a bug).
      ++n;
    }
  }
  return n;
}

TEST(FuzzRegressions, EveryCrashingInputStaysFixed) {
  const std::size_t n = replay("regressions");
  EXPECT_GT(n, 0u) << "no regression inputs under " << (kFuzzDir / "regressions");
}

TEST(FuzzRegressions, EverySeedHoldsTheInvariants) {
  EXPECT_GT(replay("corpus"), 100u) << "seed corpora under " << (kFuzzDir / "corpus") << " are missing";
}

// Found while writing the engine_config target (docs/reliability.md, third round): a FIFO named
// like a config file blocked in open(). It cannot be a fuzz input, so it is a test of its own.
TEST(FuzzRegressions, EngineConfigFileThatIsAFifoIsRefusedNotWaitedOn) {
  const fs::path dir = fs::temp_directory_path() / ("kvdtype-fifo-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path fifo = dir / "config.yaml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const kvdtype::Engine engine : {kvdtype::Engine::vllm, kvdtype::Engine::sglang}) {
    const auto words = kvdtype::io::detail::config_file_words(fifo.string(), engine);
    ASSERT_FALSE(words.ok());
    EXPECT_NE(words.error().message.find("FIFO"), std::string::npos) << words.error().message;
    EXPECT_EQ(words.error().message.rfind("--config ", 0), 0u) << words.error().message;
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
}

// tests/fuzz/targets.txt (what CMake links and the scripts run) names every entry point, and
// each target starts from seeds.
TEST(FuzzRegressions, TargetListMatchesTheEntryPoints) {
  std::vector<std::string> listed;
  std::istringstream lines(read(kFuzzDir / "targets.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.front() == '#') continue;
    std::istringstream fields(line);
    std::string name;
    long long max_len = 0;
    fields >> name >> max_len;
    EXPECT_GT(max_len, 0) << line;
    listed.push_back(name);
  }
  std::vector<std::string> entries;
  for (const auto& t : kvdtype::fuzz::kTargets) {
    entries.emplace_back(t.name);
    EXPECT_FALSE(files_in(kFuzzDir / "corpus" / t.name).empty()) << "no seeds for " << t.name;
  }
  EXPECT_EQ(listed, entries);
}

}  // namespace
