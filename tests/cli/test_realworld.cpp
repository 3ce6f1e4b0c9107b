// The real-world corpus (tests/data/realworld/): public deployment files nobody here wrote, each
// checked as its kind is checked, on the GPU its own evidence names. What each row expects:
//   serves     a working configuration (a maintained recipe, a published benchmark): it is read
//              (never exit 2), holds at least one serving workload, and nothing rejects it
//              (no error finding: a false alarm);
//   no_server  a file that starts no server kvdtype models: never exit 2, no workload, and the
//              KVD080 finding that says so (a file CI would otherwise pass unread);
//   rejected   a file with a defect its repository records: kvdtype finds an error (exit 1);
//   read       a file with a defect outside what kvdtype judges (a batch system refusing the
//              script): its serving workloads are read, no verdict is asserted;
//   unreadable a file that is not valid as stored (YAML that no parser reads): exit 2 with a
//              one-line error that names the line.
// `args` adds what the file's evidence says beyond the file (args_evidence argues it); `support`
// names the files a row's file reads beside it (a RayService's Python module), with their source.
// A row with `known_gap` is what kvdtype cannot read yet, with the reason: it is skipped, and it
// fails as soon as it passes, so that the gap is struck from the index when it closes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "run_cli.hpp"

using kvdtype::test::run_cli;
using nlohmann::json;

namespace {

const std::string kDir = std::string(KVDTYPE_TEST_DATA_DIR) + "/realworld";

std::vector<json> rows() {
  std::vector<json> out;
  std::ifstream in(kDir + "/index.jsonl");
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

// The arguments that check a row's file as its kind is checked.
std::vector<std::string> arguments(const json& row) {
  const std::string file = kDir + "/" + row["file"].get<std::string>();
  const std::string kind = row["kind"], engine = row["engine"];
  std::vector<std::string> a = {"check", "--format", "json"};
  if (const std::string gpu = row.value("gpu", ""); !gpu.empty()) a.insert(a.end(), {"--gpu", gpu});
  // What the file's evidence says beyond the file (the engine release an example was written
  // for, a file helm is given with --set-file), argued in the row's args_evidence.
  // `{corpus}` in an argument is this folder (a --set-file's file is a row's support).
  for (const json& arg : row.value("args", json::array())) {
    std::string v = arg.get<std::string>();
    if (const std::size_t at = v.find("{corpus}"); at != std::string::npos) v.replace(at, 8, kDir);
    a.push_back(std::move(v));
  }
  if (kind == "script") {
    a.insert(a.end(), {"--command-file", file});
  } else if (kind == "engine_config") {
    if (engine == "sglang") a.insert(a.end(), {"--", "python3", "-m", "sglang.launch_server", "--config", file});
    else if (engine == "trtllm") a.insert(a.end(), {"--", "trtllm-serve", "MODEL", "--extra_llm_api_options", file});
    else a.insert(a.end(), {"--", "vllm", "serve", "--config", file});
  } else {
    a.insert(a.end(), {"--manifest", file});
  }
  return a;
}

struct Outcome {
  int exit_code = -1;
  std::size_t workloads = 0;
  std::vector<std::string> errors;  // rule codes of error findings
  bool no_workload_finding = false;
  std::string stderr_line;
};

Outcome run(const json& row) {
  Outcome o;
  const auto r = run_cli(arguments(row));
  o.exit_code = r.exit_code;
  o.stderr_line = r.err.substr(0, r.err.find('\n'));
  if (r.exit_code != 0 && r.exit_code != 1) return o;
  const json d = json::parse(r.out);
  auto diagnostics_of = [&](const json& report) {
    for (const json& x : report.value("diagnostics", json::array()))
      if (x.value("severity", "") == "error") o.errors.push_back(x.value("code", "?"));
  };
  if (d.contains("results")) {
    o.workloads = d["results"].size();
    for (const json& res : d["results"]) {
      // A workload kvdtype could not check (an input error: a GPU it does not know) is not a
      // configuration that serves.
      if (res.contains("error")) o.errors.push_back("input error: " + res["error"].value("message", "?"));
      if (res.contains("report")) diagnostics_of(res["report"]);
      else diagnostics_of(res);
    }
    for (const json& x : d.value("diagnostics", json::array())) {
      if (x.value("severity", "") == "error") o.errors.push_back(x.value("code", "?"));
      if (x.value("code", "") == "KVD080") o.no_workload_finding = true;
    }
  } else {
    o.workloads = 1;
    diagnostics_of(d);
  }
  return o;
}

// Empty when the row's expectation holds, else why not.
std::string judged(const json& row, const Outcome& o) {
  const std::string expect = row.value("expect", "serves");
  if (expect == "unreadable") {
    if (o.exit_code != 2) return "read (exit " + std::to_string(o.exit_code) + ") though the file is not valid as stored";
    // The position as FILE:LINE: (or the word "line") in the one-line error.
    const std::string file = row["file"];
    const std::size_t at = o.stderr_line.find(file + ":");
    const bool line = o.stderr_line.find("line") != std::string::npos ||
                      (at != std::string::npos && std::isdigit(static_cast<unsigned char>(
                                                      o.stderr_line[std::min(at + file.size() + 1, o.stderr_line.size() - 1)])));
    if (!line) return "the error names no line: " + o.stderr_line;
    return {};
  }
  if (o.exit_code != 0 && o.exit_code != 1) return "not read (exit " + std::to_string(o.exit_code) + "): " + o.stderr_line;
  if (expect == "serves") {
    if (o.workloads == 0) return "no workload read";
    if (!o.errors.empty()) return "false alarm: " + o.errors.front();
    return {};
  }
  if (expect == "no_server") {
    if (o.workloads != 0) return std::to_string(o.workloads) + " workloads read from a file that starts no server";
    if (!o.no_workload_finding) return "no KVD080 finding for a file with no workload";
    return {};
  }
  if (expect == "rejected") return o.errors.empty() ? "the defect is not found" : std::string();
  if (expect == "read") return o.workloads == 0 ? "no workload read" : std::string();
  return "unknown expectation " + expect;
}

class RealWorld : public testing::TestWithParam<json> {};

std::string name_of(const testing::TestParamInfo<json>& info) {
  std::string n = info.param["file"];
  for (char& c : n)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return n + "_" + std::to_string(info.index);
}

}  // namespace

TEST(RealWorldCorpus, AtLeastAHundredFilesFromFifteenRepositories) {
  const auto all = rows();
  std::set<std::string> repos;
  for (const json& r : all) {
    repos.insert(r["repo"].get<std::string>());
    EXPECT_EQ(r["commit"].get<std::string>().size(), 40u) << r["file"];
    EXPECT_FALSE(r.value("evidence", "").empty()) << r["file"];
    if (r.contains("args")) {
      EXPECT_FALSE(r.value("args_evidence", "").empty()) << r["file"];
    }
    EXPECT_TRUE(std::ifstream(kDir + "/" + r["file"].get<std::string>()).good()) << r["file"];
  }
  EXPECT_GE(all.size(), 100u);
  EXPECT_GE(repos.size(), 15u);
}

// A file a row needs beside it (the Python module a RayService imports) is named by that row's
// `support`, with its source; no file sits in the corpus unaccounted for.
TEST(RealWorldCorpus, EveryFileIsARowOrARowsSupport) {
  std::set<std::string> named = {"README.md", "index.jsonl"};
  for (const json& r : rows()) {
    named.insert(r["file"].get<std::string>());
    for (const json& s : r.value("support", json::array())) {
      EXPECT_EQ(s.value("commit", "").size(), 40u) << s;
      EXPECT_FALSE(s.value("path", "").empty()) << s;
      EXPECT_FALSE(s.value("why", "").empty()) << s;
      EXPECT_TRUE(std::ifstream(kDir + "/" + s["file"].get<std::string>()).good()) << s;
      named.insert(s["file"].get<std::string>());
    }
  }
  std::size_t files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(kDir)) {
    if (!e.is_regular_file()) continue;
    ++files;
    const std::string rel = std::filesystem::relative(e.path(), kDir).generic_string();
    EXPECT_TRUE(named.count(rel) == 1) << rel << " is neither a row of index.jsonl nor a row's support";
  }
  EXPECT_EQ(files, named.size());
}

// A manifest checked without --gpu finds its GPU in its own node labels (NVIDIA's, a cloud's, an
// instance type): where it finds one, it is the one the row's evidence names — and at least half
// of the manifest rows with a GPU name it in the file.
TEST(RealWorldCorpus, TheGpuAManifestNamesIsTheOneItsEvidenceNames) {
  auto target_of = [](const std::vector<std::string>& args) {
    std::set<std::string> out;
    const auto r = run_cli(args);
    const json d = json::parse(r.out, nullptr, false);
    if (d.is_discarded()) return out;
    for (const json& res : d.value("results", json::array())) {
      const json* t = res.contains("plan") && res["plan"].is_object() && res["plan"].contains("target") ? &res["plan"]["target"] : nullptr;
      if (t != nullptr && t->is_object() && t->contains("name") && (*t)["name"].is_string()) out.insert((*t)["name"].get<std::string>());
    }
    return out;
  };
  int rows_with_gpu = 0, named_in_file = 0;
  for (const json& row : rows()) {
    const std::string kind = row["kind"], gpu = row.value("gpu", "");
    if (gpu.empty() || row.contains("known_gap") || (kind != "manifest" && kind != "compose")) continue;
    ++rows_with_gpu;
    const auto found = target_of({"check", "--format", "json", "--manifest", kDir + "/" + row["file"].get<std::string>()});
    if (found.empty()) continue;
    ++named_in_file;
    const auto want = target_of({"check", "--format", "json", "--manifest", kDir + "/" + row["file"].get<std::string>(), "--gpu", gpu});
    EXPECT_EQ(found, want) << row["file"] << " names another GPU than its evidence (" << gpu << ")";
  }
  EXPECT_GE(2 * named_in_file, rows_with_gpu) << named_in_file << " of " << rows_with_gpu;
}

TEST_P(RealWorld, ReadAsItsEvidenceSays) {
  const json& row = GetParam();
  const Outcome o = run(row);
  ASSERT_TRUE(o.exit_code >= 0) << "crashed or hung";
  const std::string why = judged(row, o);
  if (const std::string gap = row.value("known_gap", ""); !gap.empty()) {
    ASSERT_FALSE(why.empty()) << "the known gap is closed: strike known_gap from " << row["file"];
    GTEST_SKIP() << "known gap: " << gap << " (" << why << ")";
  }
  EXPECT_TRUE(why.empty()) << row["file"] << ": " << why;
}

INSTANTIATE_TEST_SUITE_P(Corpus, RealWorld, testing::ValuesIn(rows()), name_of);
