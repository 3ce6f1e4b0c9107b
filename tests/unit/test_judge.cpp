// A check reads everything first, each input once, then judges without reading
// (src/pipeline/layers.hpp): the reads are counted through read_file.hpp's observer.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "kvdtype/io/check_request.hpp"
#include "pipeline/layers.hpp"
#include "sources/files/read_file.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kvdtype::io;

const std::string kData = KVDTYPE_TEST_DATA_DIR;

std::map<std::string, int> g_reads;
void count_read(const fs::path& p) { ++g_reads[fs::path(p).lexically_normal().string()]; }

// Counts every read while it lives; restores "no observer" after.
struct CountReads {
  CountReads() {
    g_reads.clear();
    detail::set_read_observer(count_read);
  }
  ~CountReads() { detail::set_read_observer(nullptr); }
};

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("kvdtype-judge-" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).lexically_normal().string();
  }
};

// A command file naming a model directory and an engine config file: three inputs, one read each.
TEST(Judge, EveryInputIsReadOnce) {
  TempDir d;
  const std::string model = kData + "/models/llama3-8b";
  const std::string engine = d.write("engine.yaml", "kv-cache-dtype: fp8\n");
  const std::string script = d.write("serve.sh", "vllm serve " + model + " --config " + engine + "\n");
  CheckRequest r;
  r.fields.gpu = "H100";
  r.add(InputKind::command_file, script);
  CountReads reads;
  CheckOutcome out = run_check(r);
  ASSERT_FALSE(out.failure) << out.failure->error.message;
  ASSERT_TRUE(out.one);
  EXPECT_NE(out.one->report.request.kv_cache_dtype, nullptr);  // the engine config file was merged
  EXPECT_EQ(g_reads[script], 1);
  EXPECT_EQ(g_reads[engine], 1);
  EXPECT_EQ(g_reads[fs::path(model + "/config.json").lexically_normal().string()], 1);
  for (const auto& [path, n] : g_reads) EXPECT_EQ(n, 1) << path << " was read " << n << " times";
}

// Each kind through its row, each file opened once: a config.json named as a file (its kind is
// told by its first bytes on the same open), a GGUF header, a TRT-LLM options file.
TEST(Judge, EveryReaderRowOpensItsFileOnce) {
  TempDir d;
  const std::string config = fs::path(kData + "/models/llama3-8b/config.json").lexically_normal().string();
  const std::string gguf = fs::path(kData + "/gguf/llama3-8b-header.gguf").lexically_normal().string();
  const std::string options = d.write("options.yaml", "kv_cache_config:\n  dtype: fp8\n");
  struct Case {
    std::string name;
    std::vector<std::string> command;
    std::string model;
    std::vector<std::string> files;
  };
  const Case cases[] = {
      {"config.json given as --model", {"vllm", "serve", "m", "--kv-cache-dtype", "fp8"}, config, {config}},
      {"GGUF named by llama-server -m", {"llama-server", "-m", gguf, "-ctk", "q8_0"}, "", {gguf}},
      {"TRT-LLM options file", {"trtllm-serve", "m", "--extra_llm_api_options", options}, "", {options}},
  };
  for (const Case& c : cases) {
    CheckRequest r;
    r.fields.gpu = "H100";
    r.command = c.command;
    if (!c.model.empty()) r.add(InputKind::model, c.model);
    CountReads reads;
    CheckOutcome out = run_check(r);
    ASSERT_FALSE(out.failure) << c.name << ": " << out.failure->error.message;
    ASSERT_TRUE(out.one) << c.name;
    for (const std::string& f : c.files) EXPECT_EQ(g_reads[f], 1) << c.name << ": " << f;
    for (const auto& [path, n] : g_reads) EXPECT_EQ(n, 1) << c.name << ": " << path << " was read " << n << " times";
  }
}

// Several command files (one result each) and a script given beside a manifest: still one read each.
TEST(Judge, SeveralCommandFilesAreReadOnceEach) {
  TempDir d;
  const std::string a = d.write("a.sh", "vllm serve m --kv-cache-dtype fp8\n");
  const std::string b = d.write("b.sh", "vllm serve m --kv-cache-dtype auto\n");
  CheckRequest r;
  r.fields.gpu = "H100";
  r.add(InputKind::command_file, a);
  r.add(InputKind::command_file, b);
  CountReads reads;
  CheckOutcome out = run_check(r);
  ASSERT_TRUE(out.several);
  ASSERT_EQ(out.several->results.size(), 2u);
  EXPECT_TRUE(out.several->results[0].checked);
  EXPECT_EQ(g_reads[a], 1);
  EXPECT_EQ(g_reads[b], 1);
}

[[noreturn]] void poisoned(const fs::path& p) {
  ADD_FAILURE() << "the judge read " << p;
  std::abort();
}

// Judging what was read touches no file: every read is poisoned while judge() runs, and its
// answer is check_input()'s.
TEST(Judge, JudgingReadsNothing) {
  TempDir d;
  const std::string engine = d.write("engine.yaml", "kv-cache-dtype: fp8\n");
  CheckInput in;
  in.fields.gpu = "H100";
  in.model = kData + "/models/llama3-8b";
  in.command_text = "vllm serve m --config " + engine + " --speculative-config '{\"method\":\"ngram\",\"num_speculative_tokens\":3}'";
  auto layers = detail::read_layers(in);
  ASSERT_TRUE(layers.ok()) << layers.error().message;
  ASSERT_TRUE(layers->model_config);
  ASSERT_TRUE(layers->launch);
  detail::set_read_observer(poisoned);
  auto judged = detail::judge(in, *layers);
  detail::set_read_observer(nullptr);
  ASSERT_TRUE(judged.ok()) << judged.error().message;
  auto whole = check_input(in);
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(judged->verdict(), whole->verdict());
  EXPECT_EQ(judged->extras.notes, whole->extras.notes);
  EXPECT_EQ(judged->report.diagnostics.size(), whole->report.diagnostics.size());
}

}  // namespace
