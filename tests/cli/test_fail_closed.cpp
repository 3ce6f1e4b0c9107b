// Fail closed (issue 31's reproducers): what a reader could not read to its end is a finding,
// never a silent skip; readers are bounded in memory; YAML is read as kubectl and docker compose read it (merge keys applied, duplicate keys
// refused); every manifest goes through the bounded regular-file reader. Each test is one of the
// outside probe's reproducers, run through the real binary.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kvdtype::test::run_cli;
using nlohmann::json;

// A fresh directory per test (temp_dir.hpp).
class Dir : public kvdtype::test::TempDir {
 public:
  Dir() : TempDir("fail-closed") {}
};

// A single-quoted shell word.
std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\"'\"'") : std::string(1, c);
  return q + "'";
}

// A container command of `levels` nested `sh -c` around a vLLM launch, as JSON array text.
std::string nested_sh(int levels) {
  std::string cmd = "vllm serve Qwen/Qwen2.5-3B-Instruct --dtype bfloat16";
  for (int i = 1; i < levels; ++i) cmd = "sh -c " + quote(cmd);
  return json::array({"sh", "-c", cmd}).dump();
}

std::string t4_pod(const std::string& command_json) {
  return R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"nodeSelector": {"nvidia.com/gpu.product": "Tesla-T4"},
    "containers": [{"name": "c", "image": "python:3", "command": )" + command_json + "}]}}";
}

TEST(FailClosed, ShellScriptsNestedPastTheLimitAreAnErrorNotSkipped) {
  Dir d;
  // Four levels are read: the bf16 model on a T4 is KVD081.
  auto r = run_cli({"check", "--format", "json", "--manifest", d.write("four.json", t4_pod(nested_sh(4)))});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("KVD081"), std::string::npos) << r.out;
  // Five are not: an error on the container, exit 1 (it used to be skipped, exit 0).
  r = run_cli({"check", "--format", "json", "--manifest", d.write("five.json", t4_pod(nested_sh(5)))});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["verdict"], "error");
  ASSERT_EQ(j["results"].size(), 1u);
  EXPECT_NE(j["results"][0].dump().find("nested more than 4"), std::string::npos) << r.out;
}

TEST(FailClosed, AnUnbalancedQuoteInAContainerScriptIsAnError) {
  Dir d;
  const auto r = run_cli({"check", "--manifest", d.write("q.json", t4_pod(R"(["sh", "-c", "vllm serve 'Qwen/Qwen2.5-3B-Instruct --dtype bfloat16"])"))});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("unbalanced"), std::string::npos) << r.out;
}

TEST(FailClosed, ComposeMergeKeysAreApplied) {
  Dir d;
  const std::string file = d.write("compose.yaml", R"(x-v: &v
  image: vllm/vllm-openai:v0.10.0
  command: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, bfloat16]
services:
  a:
    <<: *v
  b:
    <<: *v
    command: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, float16]
)");
  const auto r = run_cli({"check", "--gpu", "T4", "--format", "json", "--manifest", file});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 2u) << r.out;
  EXPECT_NE(j["results"][0].dump().find("KVD081"), std::string::npos);  // merged: bf16 on a T4
  EXPECT_EQ(j["results"][1].dump().find("KVD081"), std::string::npos);  // its own command wins: fp16
}

TEST(FailClosed, MergeKeysInKubernetesYaml) {
  Dir d;
  const std::string file = d.write("pod.yaml", R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeSelector: {nvidia.com/gpu.product: Tesla-T4}
  containers:
  - &base
    name: a
    image: vllm/vllm-openai:v0.10.0
    args: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, float16]
  - <<: *base
    name: b
    args: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, bfloat16]
)");
  const auto r = run_cli({"check", "--format", "json", "--manifest", file});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 2u) << r.out;
  EXPECT_EQ(j["results"][1]["source"]["container"], "b");
  EXPECT_NE(j["results"][1].dump().find("KVD081"), std::string::npos);
}

TEST(FailClosed, ADuplicateKeyIsRefusedWithItsLine) {
  Dir d;
  const std::string file = d.write("dup.yaml", R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    image: vllm/vllm-openai:v0.10.0
    args: [--model, Qwen/Qwen2.5-3B-Instruct]
    args: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, bfloat16]
)");
  const auto r = run_cli({"check", "--gpu", "T4", "--manifest", file});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("dup.yaml:9: key 'args' given twice"), std::string::npos) << r.err;
  // The same key in two different mappings is no duplicate.
  const auto ok = run_cli({"check", "--gpu", "T4", "--manifest",
                           d.write("two.yaml", "services:\n  a: {image: nginx, command: x}\n  b: {image: nginx, command: x}\n")});
  EXPECT_NE(ok.exit_code, 2) << ok.err;
}

TEST(FailClosed, NativeSidecarsAreRead) {
  Dir d;
  const std::string file = d.write("side.json", R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
    "spec": {"nodeSelector": {"nvidia.com/gpu.product": "Tesla-T4"},
      "initContainers": [{"name": "srv", "image": "vllm/vllm-openai:v0.10.0", "restartPolicy": "Always",
                          "args": ["--model", "Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"]},
                         {"name": "download", "image": "vllm/vllm-openai:v0.10.0",
                          "args": ["--model", "Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"]}],
      "containers": [{"name": "app", "image": "nginx"}]}})");
  const auto r = run_cli({"check", "--format", "json", "--manifest", file});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 1u) << r.out;  // the sidecar; an ordinary init container runs to completion
  EXPECT_EQ(j["results"][0]["source"]["container"], "initContainers/srv");
}

TEST(FailClosed, ManyRealContainersAreReadWholeAndAliasBombsAreNot) {
  Dir d;
  std::string yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n";
  for (int i = 0; i < 300; ++i) yaml += "  - {name: c" + std::to_string(i) + ", image: nginx}\n";
  yaml += "  - {name: srv, image: vllm/vllm-openai:v0.10.0, args: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, bfloat16]}\n";
  auto r = run_cli({"check", "--gpu", "T4", "--format", "json", "--manifest", d.write("many.yaml", yaml)});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // read to the end: the 301st container is a server, KVD081
  EXPECT_NE(r.out.find("KVD081"), std::string::npos);
  // Ten aliases of ten aliases … of one container: a few hundred bytes naming 10^6 containers.
  std::string bomb = "a0: &a0 {name: c, image: nginx}\n";
  for (int i = 1; i <= 6; ++i) {
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) bomb += std::string(k ? ", " : "") + "*a" + std::to_string(i - 1);
    bomb += "]\n";
  }
  bomb += "kind: Pod\nspec:\n  containers: *a6\n";
  r = run_cli({"check", "--gpu", "T4", "--manifest", d.write("bomb.yaml", bomb)}, {}, {}, 60);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
}

// Issue 29: a rendered chart of a large fleet (1,200 Deployments in one file, every one a real
// server) is read to its last document, and so is the same fleet as 1,200 files; what bounds a
// reading is what aliases expand to (the node visits of read_documents), not a count of
// containers. An alias bomb is still refused, with an error that says so.
TEST(FailClosed, ARenderedFleetOfThousandsReadsWholeAndAnAliasBombIsNamed) {
  Dir d;
  constexpr int kFleet = 1200;
  std::string one;
  fs::create_directories(d.path("fleet"));
  for (int i = 0; i < kFleet; ++i) {
    const std::string doc = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: llama-" + std::to_string(i) +
                            "}\nspec:\n  template:\n    spec:\n      nodeSelector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}\n"
                            "      containers:\n        - name: vllm\n          image: vllm/vllm-openai:v0.10.0\n"
                            "          args: [--model, Qwen/Qwen2.5-3B-Instruct, --dtype, bfloat16, --kv-cache-dtype, fp8]\n";
    one += (i ? "---\n" : "") + doc;
    d.write("fleet/d" + std::to_string(i) + ".yaml", doc);
  }
  for (const std::string& input : {d.write("fleet.yaml", one), d.path("fleet")}) {
    const auto r = run_cli({"check", "--format", "json", "--manifest", input}, {}, {}, 120);
    ASSERT_FALSE(r.timed_out) << input;
    ASSERT_NE(r.exit_code, 2) << input << ": " << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["results"].size(), static_cast<std::size_t>(kFleet)) << input;
    std::size_t named = 0;  // every Deployment once: none dropped, none repeated
    for (const json& res : j["results"]) named += res["source"]["container"] == "vllm" ? 1 : 0;
    EXPECT_EQ(named, static_cast<std::size_t>(kFleet)) << input;
  }
  std::string bomb = "a0: &a0 {name: c, image: nginx}\n";
  for (int i = 1; i <= 6; ++i) {
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) bomb += std::string(k ? ", " : "") + "*a" + std::to_string(i - 1);
    bomb += "]\n";
  }
  bomb += "kind: Pod\nspec:\n  containers: *a6\n";
  const auto r = run_cli({"check", "--gpu", "T4", "--manifest", d.write("bomb.yaml", bomb)}, {}, {}, 60);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("bomb.yaml"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("aliases"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not checked"), std::string::npos) << r.err;
}

TEST(FailClosed, ManifestsGoThroughTheBoundedReader) {
  Dir d;
  const std::string fifo = d.path("f.yaml");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto r = run_cli({"check", "--manifest", fifo}, {}, {}, 20);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("FIFO"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("f.yaml"), std::string::npos) << r.err;  // the error names the input
  r = run_cli({"check", "--manifest", "/dev/null"});
  EXPECT_EQ(r.exit_code, 2) << r.out;  // a device, not an empty manifest that passes
}

TEST(FailClosed, AHuggingFaceRefThatIsNotAFileDoesNotHang) {
  Dir d;
  fs::create_directories(d.path("h/models--o--z/refs"));
  fs::create_directories(d.path("h/models--o--z/snapshots"));
  fs::create_symlink("/dev/zero", d.path("h/models--o--z/refs/main"));
  const auto r = run_cli({"check", "--gpu", "H100", "--", "vllm", "serve", "o/z"}, {}, {"HF_HUB_CACHE=" + d.path("h")}, 30);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 0) << r.err;  // the ref is refused and the model is unknown: incomplete
}

// Issue 31 #1: `A=$A$A` forty times asked for 2^40 bytes; the expansion of a whole script is
// bounded by its size, and a script past the bound is refused by line.
TEST(FailClosed, ScriptExpansionIsBounded) {
  Dir d;
  std::string script = "A=xxxxxxxxxxxxxxxx\n";
  for (int i = 0; i < 40; ++i) script += "A=$A$A\n";
  script += "vllm serve m --foo \"$A\"\n";
  const auto r = run_cli({"check", "--gpu", "T4", "--command-file", d.write("s.sh", script)}, {}, {}, 60);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("variable expansion grows past"), std::string::npos) << r.err;
  // Ten doublings (16 KiB) are an ordinary script: read.
  script = "A=xxxxxxxxxxxxxxxx\n";
  for (int i = 0; i < 10; ++i) script += "A=$A$A\n";
  script += "vllm serve Qwen/Qwen2.5-3B-Instruct --dtype bfloat16 --served-model-name \"$A\"\n";
  const auto ok = run_cli({"check", "--gpu", "T4", "--command-file", d.write("ok.sh", script)});
  EXPECT_EQ(ok.exit_code, 1) << ok.err;  // read: KVD081
  EXPECT_NE(ok.out.find("KVD081"), std::string::npos);
}

// Issue 31 #9: 16 MiB of `- a` lines took 2.1 GB; the nodes are counted before any is built.
TEST(FailClosed, AManifestOfMillionsOfNodesIsRefusedBeforeItIsBuilt) {
  Dir d;
  std::string yaml;
  for (int i = 0; i < 1 << 19; ++i) yaml += "- a\n";
  const auto r = run_cli({"check", "--manifest", d.write("b.yaml", yaml)});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("YAML nodes"), std::string::npos) << r.err;
}

// Issue 31 #15: the SARIF artifact URI is a URI: spaces, '#' and '%' of the path are escaped.
TEST(FailClosed, SarifUrisArePercentEncoded) {
  Dir d;
  fs::create_directories(d.path("sp ace#x%20y"));
  const std::string file = d.write("sp ace#x%20y/a b.sh", "vllm serve Qwen/Qwen2.5-3B-Instruct --dtype bfloat16\n");
  const auto r = run_cli({"check", "--gpu", "T4", "--format", "sarif", "--command-file", file});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const json j = json::parse(r.out);
  const std::string uri = j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
  EXPECT_NE(uri.find("sp%20ace%23x%2520y/a%20b.sh"), std::string::npos) << uri;
  EXPECT_EQ(uri.find(' '), std::string::npos) << uri;
}

// Issue 31 #8: a GGUF declaring 2^26 empty strings (512 MiB sparse, a few bytes on disk) took
// 17–36 s, one seek per element; now the count is judged first and the walk is buffered.
TEST(FailClosed, AHugeGgufStringArrayIsRefusedAtOnce) {
  Dir d;
  std::string head = "GGUF";
  const auto put = [&](std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) head += static_cast<char>((v >> (8 * i)) & 0xff);
  };
  const auto key = [&](const std::string& k) {
    put(k.size(), 8);
    head += k;
  };
  put(3, 4);  // version
  put(0, 8);  // tensors
  put(2, 8);  // keys
  key("general.architecture");
  put(8, 4);
  put(5, 8);
  head += "llama";
  key("tokenizer.ggml.tokens");
  put(9, 4);        // array
  put(8, 4);        // of strings
  put(1u << 26, 8);  // this many
  const std::string file = d.write("sparse.gguf", head);
  fs::resize_file(file, head.size() + (8ull << 26));  // sparse: every length reads as 0
  const auto r = run_cli({"check", "--gpu", "H100", "--engine", "llamacpp", "--model", file}, {}, {}, 60);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("implausible GGUF string array"), std::string::npos) << r.err;
}

// Issue 31 #16: the error names the problem: nesting, a truncated header, UTF-16.
TEST(FailClosed, ReadersNameWhatIsWrong) {
  Dir d;
  auto r = run_cli({"check", "--manifest", d.write("deep.yaml", "a: " + std::string(5000, '[') + std::string(5000, ']') + "\n")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("nested too deep"), std::string::npos) << r.err;
  r = run_cli({"check", "--engine", "llamacpp", "--model", d.write("t.gguf", std::string("GGUF\x03\x00\x00\x00\x00\x00", 10))});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("truncated GGUF header"), std::string::npos) << r.err;
  r = run_cli({"check", "--manifest", d.write("u16.yaml", std::string("\xff\xfek\0i\0n\0d\0", 10))});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("UTF-16 text"), std::string::npos) << r.err;
}

// docs/reliability.md finding 34: a directive line holding a byte that is not UTF-8 sent
// libfyaml's scanner round forever (a 158-byte manifest hung CI's fuzz step). Such text is
// refused by line and byte before libfyaml reads it; a comment holding one is refused too.
TEST(FailClosed, YamlThatIsNotUtf8IsRefusedByLineNotScanned) {
  Dir d;
  auto r = run_cli({"check", "--manifest", d.write("dir.yaml", "kind: Pod\n%\xbf\n")}, {}, {}, 60);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("dir.yaml:2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("0xBF that is not UTF-8"), std::string::npos) << r.err;
  r = run_cli({"check", "--manifest", d.write("comment.yaml", "# caf\xe9\nkind: Pod\n")}, {}, {}, 60);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("0xE9 that is not UTF-8"), std::string::npos) << r.err;
  // Valid UTF-8 beyond ASCII is text like any other.
  r = run_cli({"check", "--manifest", d.write("ok.yaml", "# caf\xc3\xa9 \xe2\x9c\x93\nkind: ConfigMap\nmetadata: {name: x}\n")}, {}, {}, 60);
  EXPECT_NE(r.exit_code, 2) << r.err;
}

// docs/reliability.md finding 35: libfyaml 0.7.12 took a line that ends a block scalar (indented
// no further than the collection holding it) into the scalar, and gave a container's `- |-`
// script text it never wrote (heap bytes: two readings of one manifest differed). kubectl's
// reader refuses the file; kvdtype refuses it by line.
TEST(FailClosed, ABlockScalarLibfyamlWouldMisreadIsRefusedByLine) {
  Dir d;
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: vllm/vllm-openai\n"
      "    command: [/bin/sh, -c]\n    args:\n    - |-\n    vllm serve m --kv-cache-dtype fp8 \\\n        --port 8000\n";
  auto r = run_cli({"check", "--manifest", d.write("pod.yaml", pod)});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("pod.yaml:12"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("block scalar"), std::string::npos) << r.err;
  // The same script indented past its `-` is read and checked.
  std::string ok = pod;
  ok.replace(ok.find("    vllm serve"), 4, "      ");
  r = run_cli({"check", "--manifest", d.write("ok.yaml", ok), "--gpu", "H100"});
  EXPECT_NE(r.exit_code, 2) << r.err;
  EXPECT_NE(r.out.find("fp8"), std::string::npos) << r.out;
}

}  // namespace

// Issue "real deployment files", item 5: an input with no serving workload is never a silent
// pass. A script that runs other programs, and a manifest of other containers, are a KVD080
// finding naming what they hold (verdict incomplete, exit 0; --fail-on incomplete exits 1), and
// nothing in them is run.
TEST(FailClosed, AnInputWithNoServingWorkloadIsAFinding) {
  const std::string script = std::string(KVDTYPE_TEST_DATA_DIR) + "/bad_input/script_no_server.sh";
  Dir dir;
  fs::remove("/tmp/kvdtype-should-not-exist");
  for (const std::vector<std::string>& input : {std::vector<std::string>{"--command-file", script},
                                                 std::vector<std::string>{"--manifest", dir.path("web.yaml")}}) {
    if (input[0] == "--manifest") {
      std::ofstream(input[1]) << "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n"
                                 "  - {name: web, image: 'nginx:1.27'}\n";
    }
    std::vector<std::string> args = {"check", "--format", "json", "--gpu", "H100"};
    args.insert(args.end(), input.begin(), input.end());
    const auto r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json d = json::parse(r.out);
    EXPECT_EQ(d["verdict"], "incomplete");
    EXPECT_TRUE(d["results"].empty());
    ASSERT_EQ(d["diagnostics"].size(), 1u);
    EXPECT_EQ(d["diagnostics"][0]["code"], "KVD080");
    const std::string message = d["diagnostics"][0]["message"];
    EXPECT_NE(message.find(input[0] == "--manifest" ? "nginx" : "curl"), std::string::npos) << message;
    args.insert(args.begin() + 1, {"--fail-on", "incomplete"});
    EXPECT_EQ(run_cli(args).exit_code, 1);
  }
  EXPECT_FALSE(fs::exists("/tmp/kvdtype-should-not-exist"));  // read, never run
}

// A malformed JSON value inside a launch command (--speculative-config, --kv-transfer-config,
// --attention-config, --hf-overrides, -O) is a bad value in what kvdtype checks: a KVD151 error
// finding, exit 1 (CONTRACT.md, "Exit status"), with the rest of the command still read — not an
// exit 2 as if kvdtype's own input were unreadable. Held in a variable nothing set, it is unknown
// (KVD152), exit 0.
TEST(FailClosed, MalformedJsonFlagValuesAreFindings) {
  std::ifstream in(std::string(KVDTYPE_TEST_DATA_DIR) + "/bad_json_values.jsonl");
  int cases = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const json c = json::parse(line);
    std::vector<std::string> args = c["args"];
    for (std::string& a : args)
      if (a.rfind("$DATA/", 0) == 0) a = std::string(KVDTYPE_TEST_DATA_DIR) + a.substr(5);
    args.insert(args.begin() + 1, {"--format", "json", "--gpu", "H100"});
    const auto r = run_cli(args);
    SCOPED_TRACE(c["id"].get<std::string>());
    ASSERT_EQ(r.exit_code, 1) << r.err;
    const json d = json::parse(r.out);
    bool kvd151 = false;
    for (const json& x : d["diagnostics"]) kvd151 = kvd151 || (x["code"] == "KVD151" && x["severity"] == "error");
    EXPECT_TRUE(kvd151) << r.out.substr(0, 400);
    ++cases;
  }
  EXPECT_EQ(cases, 11);
  const auto unset = run_cli({"check", "--format", "json", "--gpu", "H100", "--", "vllm", "serve", "m", "--speculative-config",
                              "{\"method\": \"ngram\", \"num_speculative_tokens\": $N}"});
  ASSERT_EQ(unset.exit_code, 0) << unset.err;
  EXPECT_NE(unset.out.find("KVD152"), std::string::npos);
}

// `python3 -m sglang.launch_server "$ARGS"`: the quotes hand every option over as one word, which
// no engine's parser splits: KVD151, exit 1. A value with spaces (a served name, a chat template
// text) is not one.
TEST(FailClosed, OptionsInOneWordAreAFinding) {
  const auto quoted = run_cli({"check", "--format", "json", "--gpu", "H100", "--", "python3", "-m", "sglang.launch_server",
                               " --model-path m/a --kv-cache-dtype fp8_e4m3 --tp 2 "});
  ASSERT_EQ(quoted.exit_code, 1) << quoted.err;
  EXPECT_NE(quoted.out.find("several options in one word"), std::string::npos) << quoted.out.substr(0, 600);
  for (const std::vector<std::string>& fine :
       {std::vector<std::string>{"vllm", "serve", "m/a", "--served-model-name", "my model --v2"},
        std::vector<std::string>{"vllm", "serve", "m/a", "--kv-cache-dtype", "fp8"}}) {
    std::vector<std::string> args = {"check", "--format", "json", "--gpu", "H100", "--"};
    args.insert(args.end(), fine.begin(), fine.end());
    const auto r = run_cli(args);
    EXPECT_EQ(r.out.find("several options in one word"), std::string::npos) << fine[4];
  }
}
