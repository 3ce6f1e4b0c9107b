// The reader table of several-workload checks (src/sources/readers.hpp): one row per input kind, one
// signature, and what each reader gathers before anything is checked.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "kvdtype/kvdtype.h"
#include "sources/readers.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kvdtype::io::detail;
using kvdtype::io::InputKind;
using kvdtype::io::InputRef;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("kvdtype-readers-" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST(Readers, OneRowPerKindInItsOrder) {
  const auto rows = readers();
  ASSERT_EQ(rows.size(), 12u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(rows[i].kind), i) << rows[i].name;
    EXPECT_EQ(&reader(rows[i].kind), &rows[i]) << rows[i].name;
    EXPECT_NE(rows[i].read, nullptr) << rows[i].name;
    EXPECT_FALSE(rows[i].name.empty());
  }
  EXPECT_EQ(reader(InputKind::manifest).name, "manifest");
  EXPECT_EQ(reader(InputKind::command_file).name, "command file");
  EXPECT_EQ(reader(InputKind::admission_review).name, "AdmissionReview");
  EXPECT_EQ(rows.back().kind, InputKind::set_file);
}

// Every kind the issue lists is a row: the five a caller gives (--set-file since session 39),
// and the seven read where something else names them, which no face offers as an option of its own.
TEST(Readers, KindsNamedByAnotherInputHaveRowsWithoutFlagKeywordOrCNumber) {
  int given = 0, named = 0;
  for (const Reader& r : readers()) {
    if (given_by_caller(r)) {
      ++given;
      continue;
    }
    ++named;
    EXPECT_TRUE(r.flag.empty()) << r.name;
    EXPECT_TRUE(r.keyword.empty()) << r.name;
    EXPECT_EQ(r.c_number, -1) << r.name;
    EXPECT_FALSE(r.help.empty()) << r.name;
    EXPECT_FALSE(r.layer) << r.name;
    EXPECT_FALSE(r.checkable) << r.name;
  }
  EXPECT_EQ(given, 5);
  EXPECT_EQ(named, 7);
  EXPECT_NE(reader(InputKind::engine_config).named_by.find("--config"), std::string_view::npos);
  EXPECT_NE(reader(InputKind::trtllm_options).named_by.find("--extra_llm_api_options"), std::string_view::npos);
}

// Fail closed: a kind read where another input names it, given as an input of its own, is bad
// input naming the value and what names such a file, never read out of place or dropped.
TEST(Readers, AKindNamedByAnotherInputGivenAloneIsBadInput) {
  const InputRef inputs[] = {{InputKind::engine_config, "engine.yaml"}};
  Gathered g;
  auto e = gather(inputs, g);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->code, kvdtype::ErrorCode::bad_value);
  EXPECT_NE(e->message.find("'engine.yaml'"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("--config FILE"), std::string::npos) << e->message;
  EXPECT_TRUE(g.read.named.empty());
}

// The files a command's flags name: read through their rows into the workload's reading, and a
// second mention is the text already read.
TEST(Readers, NamedFilesAreReadThroughTheirRowsAndKeptByPath) {
  TempDir d;
  const fs::path cfg = d.path / "engine.yaml";
  std::ofstream(cfg) << "kv-cache-dtype: fp8\n";
  Gathered g;
  auto first = read_named_file(InputKind::engine_config, cfg.string(), g);
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(*first, "kv-cache-dtype: fp8\n");
  fs::remove(cfg);  // a second mention does not open it again
  auto again = read_named_file(InputKind::engine_config, cfg.string(), g);
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_EQ(*again, *first);
  ASSERT_EQ(g.read.named.size(), 1u);
  EXPECT_EQ(g.read.named[0].kind, InputKind::engine_config);
  // An unreadable one is its row's Error: the path's problem alone, for the parser to place.
  auto missing = read_named_file(InputKind::trtllm_options, (d.path / "none.yaml").string(), g);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "no such file");
}

// The webhook's body through its row: the envelope, and request.object's serving workloads,
// each starting from the base (the webhook's defaults); a body that is not a review is bad input.
TEST(Readers, AdmissionReviewRowReadsTheEnvelopeAndTheObjectsWorkloads) {
  const std::string body =
      R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u1","operation":"CREATE",)"
      R"("kind":{"kind":"Pod"},"namespace":"ns","object":{"kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[)"
      R"({"name":"vllm","image":"vllm/vllm-openai:v0.11.0","command":["vllm","serve","m","--kv-cache-dtype","fp8"]}]}}}})";
  Gathered g;
  g.base.fields.gpu = "H100";
  auto e = reader(InputKind::admission_review).read({InputKind::admission_review, body}, g);
  ASSERT_FALSE(e.has_value()) << e->message;
  ASSERT_TRUE(g.review);
  EXPECT_EQ(g.review->uid, "u1");
  EXPECT_EQ(g.review->operation, "CREATE");
  EXPECT_EQ(g.review->request_kind, "Pod");
  EXPECT_EQ(g.review->namespace_, "ns");
  EXPECT_TRUE(g.review->has_object);
  EXPECT_FALSE(g.review->object_unreadable);
  ASSERT_EQ(g.workloads.size(), 1u);
  EXPECT_EQ(g.workloads[0].source.container, "vllm");
  EXPECT_EQ(g.workloads[0].input.fields.gpu, "H100");

  Gathered bad;
  auto not_review = reader(InputKind::admission_review).read({InputKind::admission_review, R"({"kind":"Pod"})"}, bad);
  ASSERT_TRUE(not_review.has_value());
  EXPECT_EQ(not_review->message, "not an AdmissionReview (kind: Pod)");
  EXPECT_FALSE(bad.review);
  EXPECT_TRUE(bad.workloads.empty());
}

// Each face names a kind by its row: the CLI flag, the Python keyword, the C number. The C enum
// in kvdtype.h is written out (ABI); the rows must say the same numbers.
TEST(Readers, TheRowsNameEachKindForEveryFaceAndAgreeWithKvdtypeH) {
  for (const Reader& r : readers()) {
    if (!given_by_caller(r)) continue;  // KindsNamedByAnotherInput… below
    EXPECT_TRUE(r.flag.starts_with("--")) << r.name;
    EXPECT_FALSE(r.keyword.empty()) << r.name;
    EXPECT_FALSE(r.help.empty()) << r.name;
    EXPECT_FALSE(r.value_name.empty()) << r.name;
    if (r.c_number >= 0) {
      EXPECT_EQ(reader_of_c_number(r.c_number), &r) << r.name;
      EXPECT_TRUE(r.c_name.starts_with("KVD_INPUT_")) << r.name;
    }
  }
  EXPECT_EQ(reader_of_c_number(KVD_INPUT_MANIFEST)->kind, InputKind::manifest);
  EXPECT_EQ(reader_of_c_number(KVD_INPUT_COMMAND_FILE)->kind, InputKind::command_file);
  EXPECT_EQ(reader_of_c_number(KVD_INPUT_ENV)->kind, InputKind::env);
  EXPECT_EQ(reader_of_c_number(KVD_INPUT_SET_FILE)->kind, InputKind::set_file);
  EXPECT_EQ(reader_of_c_number(4), nullptr);
  EXPECT_EQ(reader_of_c_number(-1), nullptr);  // the model is the C ABI's "model" field
  EXPECT_EQ(reader(InputKind::manifest).flag, "--manifest");
  EXPECT_EQ(reader(InputKind::command_file).keyword, "command_file");
}

TEST(Readers, LayersAreReadFirstThenManifestsBeforeCommandFiles) {
  TempDir d;
  const fs::path pod = d.path / "pod.yaml";
  std::ofstream(pod) << "kind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                        "  - name: vllm\n    image: vllm/vllm-openai:v0.11.0\n"
                        "    command: [vllm, serve, m, --kv-cache-dtype, fp8]\n";
  const InputRef inputs[] = {{InputKind::command_file, "serve.sh"},
                             {InputKind::manifest, pod.string()},
                             {InputKind::env, "PORT=8000"}};
  Gathered g;
  ASSERT_FALSE(gather(inputs, g).has_value());
  ASSERT_EQ(g.workloads.size(), 2u);
  EXPECT_EQ(g.workloads[0].source.file, pod.string());
  EXPECT_EQ(g.workloads[1].source.file, "serve.sh");
  // The environment is a layer: every workload starts from it, whatever the order given.
  ASSERT_EQ(g.workloads[1].input.env.size(), 1u);
  EXPECT_EQ(g.workloads[1].input.env[0], "PORT=8000");

  const InputRef bad[] = {{InputKind::env, "=x"}};
  Gathered h;
  auto e = gather(bad, h);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("--env '=x'"), std::string::npos) << e->message;
}

TEST(Readers, ManifestReaderGathersWorkloadsAndWhatItSkips) {
  TempDir d;
  const fs::path pod = d.path / "pod.yaml";
  std::ofstream(pod) << "kind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                        "  - name: vllm\n    image: vllm/vllm-openai:v0.11.0\n"
                        "    command: [vllm, serve, m, --kv-cache-dtype, fp8]\n"
                        "  - name: side\n    image: busybox\n    command: [sleep, '1']\n";
  Gathered g;
  auto e = reader(InputKind::manifest).read({InputKind::manifest, pod.string()}, g);
  ASSERT_FALSE(e.has_value()) << e->message;
  ASSERT_EQ(g.workloads.size(), 1u);
  EXPECT_EQ(g.workloads[0].source.file, pod.string());
  EXPECT_EQ(g.workloads[0].source.container, "vllm");
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_EQ(g.notes[0].rfind("skipped ", 0), 0u) << g.notes[0];
  EXPECT_TRUE(g.no_workload.empty());

  const fs::path none = d.path / "none.yaml";
  std::ofstream(none) << "kind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n";
  Gathered empty;
  ASSERT_FALSE(reader(InputKind::manifest).read({InputKind::manifest, none.string()}, empty).has_value());
  EXPECT_TRUE(empty.workloads.empty());
  ASSERT_EQ(empty.no_workload.size(), 1u);  // KVD080: a file CI would otherwise pass unread
  EXPECT_EQ(empty.no_workload[0].input.file, none.string());
}

TEST(Readers, AnUnreadableInputIsAnErrorNamingItNeverADroppedFile) {
  TempDir d;
  const fs::path fifo = d.path / "f.yaml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  Gathered g;
  auto e = reader(InputKind::manifest).read({InputKind::manifest, fifo.string()}, g);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("f.yaml"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("FIFO"), std::string::npos) << e->message;
  EXPECT_TRUE(g.workloads.empty());
}

TEST(Readers, CommandFileReaderNamesOneWorkload) {
  Gathered g;
  g.base.fields.gpu = "H100";
  ASSERT_FALSE(reader(InputKind::command_file).read({InputKind::command_file, "serve.sh"}, g).has_value());
  ASSERT_EQ(g.workloads.size(), 1u);
  EXPECT_EQ(g.workloads[0].source.file, "serve.sh");
  EXPECT_EQ(g.workloads[0].source.kind, "command file");
  EXPECT_EQ(g.workloads[0].input.command_file, "serve.sh");
  EXPECT_EQ(g.workloads[0].input.fields.gpu, "H100");
}

}  // namespace
