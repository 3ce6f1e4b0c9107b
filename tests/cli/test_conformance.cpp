// Every acceptance case in tests/conformance/*.jsonl, run through the CLI binary with
// --format json appended to `check` cases, as the cases' README describes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <unistd.h>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_cli.hpp"

namespace {

using nlohmann::json;

struct Case {
  std::string file, id;
  json spec;
};

std::vector<Case> load_cases() {
  std::vector<Case> cases;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(KVDTYPE_CONFORMANCE_DIR))
    if (e.path().extension() == ".jsonl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      json j = json::parse(line);
      cases.push_back({f.stem().string(), j.at("id").get<std::string>(), j});
    }
  }
  return cases;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string diag_text(const json& d) {
  std::string s;
  for (const char* k : {"code", "title", "message", "fix"})
    if (d.contains(k) && d[k].is_string()) s += d[k].get<std::string>() + " ";
  return lower(s);
}

// Test names already say which case failed; print the case as its id, not as raw bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.file << ":" << c.id; }

class Conformance : public ::testing::TestWithParam<Case> {};

TEST_P(Conformance, Case) {
  const Case& c = GetParam();
  // A case whose honest expectation needs resolver logic kvdtype does not have yet stays in its
  // file, with the reason, and is skipped (listed as skipped in the test output).
  if (c.spec.contains("known_gap"))
    GTEST_SKIP() << "known gap: " << (c.spec["known_gap"].is_string() ? c.spec["known_gap"].get<std::string>() : c.spec["known_gap"].dump());
  SCOPED_TRACE(c.file + ":" + c.id + (c.spec.contains("note") ? " - " + c.spec["note"].get<std::string>() : std::string()));
  std::vector<std::string> args = c.spec.at("args").get<std::vector<std::string>>();
  // "/tmp/kvdtype-tests/" in a case is this process's own folder: concurrent runs (two build
  // trees, or CTest running cases side by side) must never write each other's fixtures.
  const std::string shared_tmp = "/tmp/kvdtype-tests/";
  const std::string own_tmp = "/tmp/kvdtype-tests-" + std::to_string(::getpid()) + "/";
  const auto own = [&](std::string s) {
    for (std::size_t at = s.find(shared_tmp); at != std::string::npos; at = s.find(shared_tmp, at + own_tmp.size()))
      s.replace(at, shared_tmp.size(), own_tmp);
    return s;
  };
  for (std::string& a : args) a = own(a);
  // "$DATA/" names a file under tests/data (the runner runs from the build directory).
  for (std::string& a : args)
    for (std::size_t at = a.find("$DATA/"); at != std::string::npos; at = a.find("$DATA/", at))
      a.replace(at, 6, std::string(KVDTYPE_TEST_DATA_DIR) + "/");
  const bool is_check = !args.empty() && (args[0] == "check" || args[0] == "resolve");
  if (is_check) {
    // Before a launch command's "--": what follows it belongs to the engine's command line.
    const auto at = std::find(args.begin(), args.end(), std::string("--"));
    if (std::find(args.begin(), at, std::string("--format")) == at)  // a case may ask for JSON itself
      args.insert(args.insert(at, "json"), "--format");
  }
  // "files": {path: text} written before the run (fake install trees, scripts); "env":
  // {NAME: value} set for the run only.
  if (c.spec.contains("files")) {
    for (const auto& [shared_path, text] : c.spec["files"].items()) {
      const std::string path = own(shared_path);
      std::filesystem::create_directories(std::filesystem::path(path).parent_path());
      std::ofstream(path, std::ios::binary) << own(text.get<std::string>());
    }
  }
  std::vector<std::string> env;
  if (c.spec.contains("env"))
    for (const auto& [name, value] : c.spec["env"].items()) env.push_back(name + "=" + own(value.get<std::string>()));
  const auto r = kvdtype::test::run_cli(args, {}, env, 30);
  std::error_code ignored;
  std::filesystem::remove_all(own_tmp, ignored);  // the fixtures were this case's alone
  const json& expect = c.spec.at("expect");
  ASSERT_FALSE(r.timed_out) << "hung; stderr: " << r.err;
  ASSERT_GE(r.exit_code, 0) << "crashed; stderr: " << r.err;
  if (expect.contains("exit")) {
    EXPECT_EQ(r.exit_code, expect["exit"].get<int>()) << r.out << r.err;
  }
  if (expect.contains("stderr_nonempty")) {
    EXPECT_EQ(!r.err.empty(), expect["stderr_nonempty"].get<bool>());
  }
  if (r.exit_code == 2) {
    // With --format json (added above for check/resolve) bad input is a kvdtype.error/v1 object
    // on stdout (CONTRACT.md, "Exit status, strictness and errors"); otherwise stdout stays empty.
    if (is_check && !r.out.empty()) {
      json e;
      ASSERT_NO_THROW(e = json::parse(r.out)) << r.out;
      EXPECT_EQ(e.value("schema", ""), "kvdtype.error/v1");
      EXPECT_FALSE(e["error"].value("message", "").empty());
    } else {
      EXPECT_TRUE(r.out.empty()) << "bad input must not write stdout";
    }
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "bad input is one line: " << r.err;
    return;
  }
  if (!is_check) return;
  json out;
  ASSERT_NO_THROW(out = json::parse(r.out)) << r.out << r.err;
  // A manifest holding one serving workload (kvdtype.checks/v1): that workload's result is the case.
  if (out.value("schema", "") == "kvdtype.checks/v1") {
    ASSERT_EQ(out.at("results").size(), 1u) << "a case reads one workload\n" << out.dump(2);
    out = json(out["results"][0]);
  }
  const json& plan = out.at("plan");
  auto field = [&](const json& obj, const char* key) -> std::string {
    return obj.contains(key) && obj[key].is_string() ? obj[key].get<std::string>() : std::string("<null>");
  };
  if (expect.contains("verdict")) {
    EXPECT_EQ(out.at("verdict"), expect["verdict"]);
  }
  if (expect.contains("verdict_in")) {
    const auto allowed = expect["verdict_in"].get<std::vector<std::string>>();
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), out.at("verdict").get<std::string>()), allowed.end()) << out.dump(2);
  }
  if (expect.contains("request")) {  // fields of the echoed request, compared as JSON values
    for (const auto& [key, value] : expect["request"].items()) {
      ASSERT_TRUE(out.at("request").contains(key)) << key << "\n" << out.dump(2);
      EXPECT_EQ(out["request"][key], value) << "request." << key;
    }
  }
  if (expect.contains("backend")) {
    EXPECT_EQ(field(plan, "backend"), expect["backend"].get<std::string>());
  }
  if (expect.contains("k_format")) {
    EXPECT_EQ(field(plan.at("k"), "format"), expect["k_format"].get<std::string>());
  }
  if (expect.contains("v_format")) {
    EXPECT_EQ(field(plan.at("v"), "format"), expect["v_format"].get<std::string>());
  }
  if (expect.contains("q_format")) {
    EXPECT_EQ(field(plan.at("q"), "format"), expect["q_format"].get<std::string>());
  }
  if (expect.contains("k_storage")) {
    EXPECT_EQ(field(plan.at("k"), "storage"), expect["k_storage"].get<std::string>());
  }
  if (expect.contains("target")) {
    ASSERT_TRUE(plan.at("target").is_object()) << out.dump(2);
    EXPECT_EQ(field(plan["target"], "name"), expect["target"].get<std::string>());
  }
  if (expect.contains("k_format_contains")) {
    EXPECT_NE(field(plan.at("k"), "format").find(expect["k_format_contains"].get<std::string>()), std::string::npos);
  }
  if (expect.contains("bytes_per_token_per_layer")) {
    EXPECT_EQ(plan.at("bytes_per_token_per_layer"), expect["bytes_per_token_per_layer"]);
  }
  if (expect.contains("bytes_per_token")) {
    EXPECT_EQ(plan.at("bytes_per_token"), expect["bytes_per_token"]);
  }
  if (expect.contains("v_cache_dtype")) {
    EXPECT_EQ(field(plan, "v_cache_dtype"), expect["v_cache_dtype"].get<std::string>());
  }
  std::string all;
  for (const json& d : out.at("diagnostics")) all += diag_text(d) + "\n";
  if (expect.contains("diag_any_contains")) {
    bool any = false;
    for (const auto& s : expect["diag_any_contains"]) any = any || all.find(lower(s.get<std::string>())) != std::string::npos;
    EXPECT_TRUE(any) << "no diagnostic mentions any of " << expect["diag_any_contains"].dump() << "\n" << all;
  }
  if (expect.contains("diag_none_contains")) {
    for (const auto& s : expect["diag_none_contains"]) {
      EXPECT_EQ(all.find(lower(s.get<std::string>())), std::string::npos) << s << " found in\n" << all;
    }
  }
  if (expect.contains("diag_codes")) {
    for (const auto& code : expect["diag_codes"]) {
      EXPECT_NE(all.find(lower(code.get<std::string>())), std::string::npos) << code;
    }
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string n = info.param.file + "_" + info.param.id;
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(Cases, Conformance, ::testing::ValuesIn(load_cases()), case_name);

}  // namespace
