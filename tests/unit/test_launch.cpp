// Launch commands: shell splitting, the corpus of real-style commands (tests/data/launch/corpus.jsonl)
// and the malformed ones.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sources/launch/launch_flags.hpp"
#include "sources/shell/shell.hpp"
#include "tables/tables.hpp"
#include "tables/rows/backend.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/request.hpp"

namespace {

using kvdtype::ErrorCode;
using kvdtype::RequestInput;
using kvdtype::io::LaunchCommand;
using kvdtype::io::parse_launch_command;
using kvdtype::io::split_command;
using Words = std::vector<std::string>;

Words split_ok(std::string_view text) {
  auto r = split_command(text);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Words{};
}

kvdtype::Result<LaunchCommand> parse(std::string_view text) {
  auto words = split_command(text);
  if (!words.ok()) return words.error();
  return parse_launch_command(*words);
}

LaunchCommand parse_ok(std::string_view text) {
  auto r = parse(text);
  EXPECT_TRUE(r.ok()) << text << "\n  -> " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : LaunchCommand{};
}

void expect_bad_command(std::string_view text, std::string_view mentions) {
  auto r = parse(text);
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(r.error().code, ErrorCode::bad_command) << text;
  EXPECT_NE(r.error().message.find(mentions), std::string::npos)
      << "message '" << r.error().message << "' should mention '" << mentions << "'";
  EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << "one line: " << r.error().message;
}

// ----------------------------------------------------------------------------------------------
// Shell splitting.

TEST(LaunchSplit, QuotesBackslashesAndContinuations) {
  EXPECT_EQ(split_ok("vllm serve  'a b'  \"c d\" e\\ f"), (Words{"vllm", "serve", "a b", "c d", "e f"}));
  EXPECT_EQ(split_ok("a \\\n  b \\\r\n c"), (Words{"a", "b", "c"}));
  EXPECT_EQ(split_ok(R"(x "q\"uo\$te\\" 'no\escape')"), (Words{"x", R"(q"uo$te\)", R"(no\escape)"}));
  EXPECT_EQ(split_ok(R"(x "keep\n" "")"), (Words{"x", R"(keep\n)", ""}));
  EXPECT_EQ(split_ok("x '--speculative-config' '{\"method\": \"mtp\"}'"),
            (Words{"x", "--speculative-config", R"({"method": "mtp"})"}));
}

TEST(LaunchSplit, UnknownExpansionsStayLiteral) {
  // What nothing sets stays as written; a default is what the shell would use (PORT unset).
  EXPECT_EQ(split_ok("vllm serve $MODEL --port ${PORT:-8000} -tp $(nproc --all) --x `echo a b` *.json"),
            (Words{"vllm", "serve", "$MODEL", "--port", "8000", "-tp", "$(nproc --all)", "--x", "`echo a b`",
                   "*.json"}));
  EXPECT_EQ(split_ok("a \"$(echo \"x y\")\" $((1 + 2))"), (Words{"a", "$(echo \"x y\")", "$((1 + 2))"}));
}

TEST(LaunchSplit, CommentsRedirectionsAndSeparators) {
  EXPECT_EQ(split_ok("vllm serve m # a comment\n"), (Words{"vllm", "serve", "m"}));
  EXPECT_EQ(split_ok("vllm serve m#not-a-comment"), (Words{"vllm", "serve", "m#not-a-comment"}));
  EXPECT_EQ(split_ok("vllm serve m > log.txt 2>&1 &"), (Words{"vllm", "serve", "m"}));
  EXPECT_EQ(split_ok("vllm serve m 2>err.log </dev/null"), (Words{"vllm", "serve", "m"}));
  EXPECT_EQ(split_ok("vllm serve m | tee out.log"), (Words{"vllm", "serve", "m"}));
  // The serving command is picked among several, with the environment set before it.
  EXPECT_EQ(split_ok("set -e; cd /srv && export A=1 B=2\nC=3\nvllm serve m; echo done"),
            (Words{"A=1", "B=2", "C=3", "vllm", "serve", "m"}));
  EXPECT_EQ(split_ok("(cd x && python3 -m sglang.launch_server --model-path m)"),
            (Words{"python3", "-m", "sglang.launch_server", "--model-path", "m"}));
  // No serving command: the last command, for the parser to name.
  EXPECT_EQ(split_ok("cd /srv\n./run.sh --fast\n"), (Words{"./run.sh", "--fast"}));
  EXPECT_TRUE(split_ok("").empty());
  EXPECT_TRUE(split_ok("# only a comment\n\n").empty());
}

TEST(LaunchSplit, UnbalancedQuotesNameThePosition) {
  auto r = split_command("vllm serve m \\\n  --speculative-config '{\"method\": \"mtp\"}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::bad_command);
  EXPECT_EQ(r.error().message, "unbalanced single quote opened at line 2, column 24");
  r = split_command("vllm serve \"m");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "unbalanced double quote opened at line 1, column 12");
  r = split_command("vllm serve $(echo m");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("$("), std::string::npos);
  r = split_command("vllm serve `echo");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("backquote"), std::string::npos);
}

TEST(LaunchSplit, Assignments) {
  using kvdtype::io::detail::is_assignment;
  EXPECT_TRUE(is_assignment("A=1"));
  EXPECT_TRUE(is_assignment("_x9="));
  EXPECT_FALSE(is_assignment("=1"));
  EXPECT_FALSE(is_assignment("9A=1"));
  EXPECT_FALSE(is_assignment("--kv-cache-dtype=fp8"));
  EXPECT_FALSE(is_assignment("vllm"));
}

// ----------------------------------------------------------------------------------------------
// The corpus: every case asserts every field of the parsed request.

std::uint32_t flag_bits(const nlohmann::json& names) {
  static const std::map<std::string, std::uint32_t> bits = {
      {"rocm_aiter", kvdtype::flag_rocm_aiter},     {"rocm_aiter_mha", kvdtype::flag_rocm_aiter_mha},
      {"rocm_aiter_mla", kvdtype::flag_rocm_aiter_mla}, {"kv_connector", kvdtype::flag_kv_connector},
      {"dp_attention", kvdtype::flag_dp_attention}, {"speculative", kvdtype::flag_speculative},
      {"vllm_use_v1", kvdtype::flag_vllm_use_v1}};
  std::uint32_t out = 0;
  for (const auto& n : names) {
    auto it = bits.find(n.get<std::string>());
    EXPECT_NE(it, bits.end()) << "unknown flag name in corpus: " << n;
    if (it != bits.end()) out |= it->second;
  }
  return out;
}

struct Case {
  std::string id, command;
  nlohmann::json expect;
};

std::vector<Case> corpus() {
  std::ifstream in(std::string(KVDTYPE_TEST_DATA_DIR) + "/launch/corpus.jsonl");
  std::vector<Case> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line);
    // "$DATA/" names a file under tests/data (options files a command reads).
    std::string command = j.at("command");
    for (std::size_t at = command.find("$DATA/"); at != std::string::npos; at = command.find("$DATA/", at))
      command.replace(at, 6, std::string(KVDTYPE_TEST_DATA_DIR) + "/");
    out.push_back({j.at("id"), command, j.at("expect")});
  }
  return out;
}

std::vector<std::string> strings(const nlohmann::json& j) { return j.get<std::vector<std::string>>(); }

TEST(LaunchCorpus, HasTheFoundingReportsAndEnoughCases) {
  const auto cases = corpus();
  EXPECT_GE(cases.size(), 30u);
  int founding = 0, vllm = 0, sglang = 0;
  for (const Case& c : cases) {
    founding += c.id.rfind("founding-", 0) == 0;
    const std::string engine = c.expect.value("engine", std::string("vllm"));
    vllm += engine == "vllm";
    sglang += engine == "sglang";
  }
  EXPECT_GE(founding, 3);
  EXPECT_GE(vllm, 15);
  EXPECT_GE(sglang, 8);
}

TEST(LaunchCorpus, EveryCaseParsesToItsExpectedRequest) {
  for (const Case& c : corpus()) {
    SCOPED_TRACE(c.id);
    const LaunchCommand cmd = parse_ok(c.command);
    const nlohmann::json& e = c.expect;
    for (std::string_view name : RequestInput::fields()) {
      const std::string want = name == "engine" ? e.value("engine", std::string("vllm")) : e.value(std::string(name), std::string());
      EXPECT_EQ(*cmd.input.get(name), want) << "field " << name;
    }
    EXPECT_EQ(cmd.input.flags, flag_bits(e.value("flags", nlohmann::json::array())));
    EXPECT_EQ(cmd.model, e.value("model", std::string()));
    EXPECT_EQ(cmd.quantization, e.value("quantization", std::string()));
    EXPECT_EQ(cmd.quantization_param_path, e.value("quantization_param_path", std::string()));
    EXPECT_EQ(cmd.prefill_backend, e.value("prefill_backend", std::string()));
    EXPECT_EQ(cmd.draft_model, e.value("draft_model", std::string()));
    EXPECT_EQ(cmd.env, strings(e.value("env", nlohmann::json::array())));
    if (e.contains("ignored")) {
      EXPECT_EQ(cmd.ignored, strings(e["ignored"]));
    }
    ASSERT_EQ(cmd.draft.has_value(), e.contains("draft"));
    if (cmd.draft) {
      const nlohmann::json& d = e["draft"];
      for (std::string_view name : RequestInput::fields()) {
        const std::string want = name == "engine" ? e.value("engine", std::string("vllm")) : d.value(std::string(name), std::string());
        EXPECT_EQ(*cmd.draft->get(name), want) << "draft field " << name;
      }
      EXPECT_EQ(cmd.draft->flags, kvdtype::flag_speculative);
    }
  }
}

// What a command says must be acceptable to make_request as typed (the CLI's next step).
TEST(LaunchCorpus, ParsedRequestsAreValidInput) {
  for (const Case& c : corpus()) {
    SCOPED_TRACE(c.id);
    const LaunchCommand cmd = parse_ok(c.command);
    RequestInput in = cmd.input;
    // A literal "$MODEL" is no GPU, dtype or number: nothing to strip here.
    auto r = kvdtype::make_request(in);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  }
}

// ----------------------------------------------------------------------------------------------
// Malformed commands.

TEST(LaunchMalformed, AreBadCommandsNamingTheProblem) {
  expect_bad_command("vllm serve m --speculative-config '{\"method\": \"eagle3\"", "unbalanced single quote");
  expect_bad_command("vllm serve m --kv-cache-dtype", "--kv-cache-dtype needs a value");
  expect_bad_command("vllm serve m --kv-cache-dtype --dtype bfloat16", "--kv-cache-dtype needs a value");
  expect_bad_command("python3 -m sglang.launch_server --model-path m --tp", "--tp needs a value");
  expect_bad_command("vllm serve m --served-model-name", "needs at least one value");
  expect_bad_command("vllm bench serve --model m", "vllm bench is not a serving command");
  expect_bad_command("python3 train.py --model m", "python without -m");
  expect_bad_command("python3 -m my.server --model m", "python -m my.server is not a serving module");
  expect_bad_command("koboldcpp --model m", "unknown program 'koboldcpp'");  // ollama is an engine now
  expect_bad_command("lmdeploy lite auto_awq m", "lmdeploy lite is not a serving command");
  expect_bad_command("docker run ghcr.io/ggml-org/llama.cpp:full --convert m", "is not a serving tool");
  expect_bad_command("trtllm-serve m --extra_llm_api_options /nonexistent/kvdtype-options.yml",
                     "--extra_llm_api_options /nonexistent/kvdtype-options.yml: no such file");
  expect_bad_command("CUDA_VISIBLE_DEVICES=0", "no program");
  expect_bad_command("", "empty command");
  expect_bad_command("docker run --rm -e A=1", "docker run without an image");
  expect_bad_command("docker run --rm ubuntu:22.04 bash", "unknown program 'bash'");
}

TEST(LaunchMalformed, UnknownFlagAtTheEndIsKept) {
  const LaunchCommand c = parse_ok("vllm serve m --future-flag");
  EXPECT_EQ(c.ignored, (Words{"--future-flag"}));
}

// ----------------------------------------------------------------------------------------------
// Details.

TEST(LaunchDetails, PositionalModelAfterFlagsAndModelFlag) {
  EXPECT_EQ(parse_ok("vllm serve --tensor-parallel-size 8 deepseek-ai/DeepSeek-V3").model, "deepseek-ai/DeepSeek-V3");
  EXPECT_EQ(parse_ok("vllm serve --trust-remote-code deepseek-ai/DeepSeek-V3").model, "deepseek-ai/DeepSeek-V3");
  EXPECT_EQ(parse_ok("vllm serve --model deepseek-ai/DeepSeek-V3").model, "deepseek-ai/DeepSeek-V3");
  // An unknown switch would swallow the model; a value that looks like a path is given back.
  const LaunchCommand c = parse_ok("vllm serve --future-switch deepseek-ai/DeepSeek-V3 --kv-cache-dtype fp8");
  EXPECT_EQ(c.model, "deepseek-ai/DeepSeek-V3");
  EXPECT_EQ(c.input.kv_cache_dtype, "fp8");
}

TEST(LaunchDetails, NegativeNumbersAreValues) {
  const LaunchCommand c = parse_ok("vllm serve m --max-model-len -1 --seed -3");
  EXPECT_EQ(c.input.max_model_len, "");  // -1: derived from the model, unknown here
  EXPECT_TRUE(c.ignored.empty());
}

TEST(LaunchDetails, MaxModelLenUnits) {
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len 32k").input.max_model_len, "32000");
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len 32K").input.max_model_len, "32768");
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len 25.6k").input.max_model_len, "25600");
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len 2m").input.max_model_len, "2000000");
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len 40960").input.max_model_len, "40960");
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len lots").input.max_model_len, "lots");  // make_request refuses it
  EXPECT_EQ(parse_ok("vllm serve m --max-model-len 1.5K").input.max_model_len, "1.5K");  // so does vLLM
}

TEST(LaunchDetails, AiterSwitchesFollowVllmEnvSemantics) {
  using kvdtype::flag_rocm_aiter;
  using kvdtype::flag_rocm_aiter_mha;
  using kvdtype::flag_rocm_aiter_mla;
  EXPECT_EQ(parse_ok("VLLM_ROCM_USE_AITER=true vllm serve m").input.flags,
            flag_rocm_aiter | flag_rocm_aiter_mha | flag_rocm_aiter_mla);
  EXPECT_EQ(parse_ok("VLLM_ROCM_USE_AITER=0 vllm serve m").input.flags, 0u);
  EXPECT_EQ(parse_ok("VLLM_ROCM_USE_AITER=1 VLLM_ROCM_USE_AITER_MLA=False vllm serve m").input.flags,
            flag_rocm_aiter | flag_rocm_aiter_mha);
  // A later assignment wins, as in the shell.
  EXPECT_EQ(parse_ok("VLLM_ROCM_USE_AITER=1 env VLLM_ROCM_USE_AITER=0 vllm serve m").input.flags, 0u);
  // SGLang does not read vLLM's variables.
  EXPECT_EQ(parse_ok("VLLM_ROCM_USE_AITER=1 python3 -m sglang.launch_server --model-path m").input.flags, 0u);
}

TEST(LaunchDetails, EnvWrapperOptions) {
  const LaunchCommand c = parse_ok("env -u HIP_VISIBLE_DEVICES -i A=1 vllm serve m");
  EXPECT_EQ(c.env, (Words{"A=1"}));
  EXPECT_EQ(c.model, "m");
}

TEST(LaunchDetails, SglangBackendsAndDisaggregationOff) {
  const LaunchCommand same = parse_ok(
      "python3 -m sglang.launch_server --model-path m --attention-backend fa3 --prefill-attention-backend FA3 "
      "--disaggregation-mode null");
  EXPECT_EQ(same.input.backend, "fa3");
  EXPECT_EQ(same.prefill_backend, "");
  EXPECT_EQ(same.input.flags, 0u);
  const LaunchCommand split = parse_ok("sglang serve --model-path m --attention-backend triton --decode-attention-backend fa3");
  EXPECT_EQ(split.input.backend, "fa3");
  EXPECT_EQ(split.prefill_backend, "triton");
}

TEST(LaunchDetails, DockerImageVersions) {
  EXPECT_EQ(parse_ok("docker run --gpus all vllm/vllm-openai:v0.11.0 --model m").input.engine_version, "0.11.0");
  EXPECT_EQ(parse_ok("docker run --gpus all vllm/vllm-openai:latest m").model, "m");
  EXPECT_EQ(parse_ok("docker run --gpus all vllm/vllm-openai:latest m").input.engine_version, "latest");
  const LaunchCommand s = parse_ok(
      "docker run --gpus all --shm-size 32g -p 30000:30000 lmsysorg/sglang:v0.5.4.post1-cu129 "
      "python3 -m sglang.launch_server --model-path m --tp 8");
  EXPECT_EQ(s.engine, kvdtype::Engine::sglang);
  EXPECT_EQ(s.input.engine_version, "0.5.4.post1");  // the post release is a release of its own
  EXPECT_EQ(s.input.tensor_parallel_size, "8");
}

// `--entrypoint` replaces the image's ENTRYPOINT: vLLM's image opened as a shell (NVIDIA's
// dgx-spark txt2kg run_container.sh: `--entrypoint "/bin/bash" … -it vllm/vllm-openai:deploy`)
// runs no server, while a serving command after the image is still read.
TEST(LaunchDetails, DockerEntrypointReplacesTheImagesServer) {
  const auto serving = [](const char* text) { return kvdtype::io::is_serving_command(split_command(text).value()); };
  EXPECT_FALSE(serving("docker run --gpus all --entrypoint /bin/bash --rm -it vllm/vllm-openai:deploy"));
  EXPECT_FALSE(serving("docker run --entrypoint=/bin/bash vllm/vllm-openai:v0.11.0 --model m"));
  EXPECT_TRUE(serving("docker run --gpus all --rm -it vllm/vllm-openai:deploy"));  // the image's own server
}

// `--entrypoint PROG IMAGE ARGS…` runs `PROG ARGS…` (Docker's run reference): a shell entrypoint's
// script is read as a script, a program entrypoint with the words after the image as its own
// (vllm-project/vllm#40756 launched `--entrypoint bash vllm/vllm-openai:v0.20.0 -lc "vllm serve …"`).
TEST(LaunchDetails, DockerEntrypointProgramRunsTheWordsAfterTheImage) {
  const LaunchCommand a = parse_ok(
      "docker run --rm --gpus all -e X=1 --entrypoint bash vllm/vllm-openai:v0.20.0 -lc "
      "\"vllm serve Qwen/Qwen3-8B --kv-cache-dtype fp8 --max-model-len 4096\"");
  EXPECT_EQ(a.engine, kvdtype::Engine::vllm);
  EXPECT_EQ(a.model, "Qwen/Qwen3-8B");
  EXPECT_EQ(a.input.kv_cache_dtype, "fp8");
  EXPECT_EQ(a.input.engine_version, "0.20.0");  // the image's tag still names the release
  const LaunchCommand b = parse_ok("docker run --entrypoint=vllm vllm/vllm-openai:v0.11.0 serve m --kv-cache-dtype fp8_e5m2");
  EXPECT_EQ(b.engine, kvdtype::Engine::vllm);
  EXPECT_EQ(b.model, "m");
  EXPECT_EQ(b.input.kv_cache_dtype, "fp8_e5m2");
  // `--entrypoint ""` clears the entrypoint: the words after the image are the command.
  const LaunchCommand c = parse_ok("docker run --entrypoint '' lmsysorg/sglang:v0.5.4 python3 -m sglang.launch_server --model-path m");
  EXPECT_EQ(c.engine, kvdtype::Engine::sglang);
  // A shell entrypoint with no script runs no server.
  const auto serving = [](const char* text) { return kvdtype::io::is_serving_command(split_command(text).value()); };
  EXPECT_FALSE(serving("docker run --entrypoint bash vllm/vllm-openai:v0.20.0 -c 'echo hi'"));
}

TEST(LaunchDetails, SpeculativeDraftDtypeWhenGiven) {
  const LaunchCommand c =
      parse_ok("vllm serve m --kv-cache-dtype fp8 --speculative-config '{\"model\": \"d\", \"dtype\": \"bfloat16\"}'");
  ASSERT_TRUE(c.draft.has_value());
  EXPECT_EQ(c.draft->model_dtype, "bfloat16");
  EXPECT_EQ(c.draft_model, "d");
  EXPECT_EQ(c.input.flags, kvdtype::flag_speculative);
}

// find_launch_flag matches a whole word of a row's names and nothing else: the row a split of
// every row's names gives, for each word, its parts, and names joined with a space. (Session 45
// tried string_view::find for it and measured it slower: every name starts with a dash.)
TEST(LaunchFlagsTable, AFlagIsFoundByAWholeWordOnly) {
  using kvdtype::io::detail::find_launch_flag;
  using kvdtype::io::detail::launch_flags;
  for (auto engine : {kvdtype::Engine::vllm, kvdtype::Engine::sglang, kvdtype::Engine::trtllm, kvdtype::Engine::llamacpp,
                      kvdtype::Engine::lmdeploy}) {
    const auto rows = launch_flags(engine);
    ASSERT_FALSE(rows.empty());
    auto split = [](std::string_view names) {
      std::vector<std::string> words;
      std::string w;
      for (std::size_t i = 0; i <= names.size(); ++i) {
        if (i == names.size() || names[i] == ' ') {
          if (!w.empty()) words.push_back(w);
          w.clear();
        } else {
          w += names[i];
        }
      }
      return words;
    };
    auto by_split = [&](const std::string& probe) -> const kvdtype::tables::LaunchFlag* {
      for (const auto& f : rows)
        for (const std::string& w : split(f.names))
          if (w == probe) return &f;
      return nullptr;
    };
    std::vector<std::string> probes = {"", " ", "-", "--", "--kv-cache-dtype --port"};
    for (const auto& f : rows) {
      for (const std::string& w : split(f.names)) {
        probes.push_back(w);
        probes.push_back(w.substr(1));
        probes.push_back(w.substr(0, w.size() - 1));
        probes.push_back(w + " ");
        probes.push_back(" " + w);
      }
      probes.emplace_back(f.names);
    }
    int found = 0;
    for (const std::string& p : probes) {
      const kvdtype::tables::LaunchFlag* expected = by_split(p);
      found += expected != nullptr;
      EXPECT_EQ(find_launch_flag(engine, p), expected) << p;
    }
    EXPECT_GE(found, static_cast<int>(rows.size())) << "every row is found by its own names";
  }
  EXPECT_EQ(find_launch_flag(kvdtype::Engine::vllm, "--kv-cache"), nullptr);
  EXPECT_NE(find_launch_flag(kvdtype::Engine::vllm, "-tp"), nullptr);
}

// find_launch_flag answers through an index made once (launch_flags.cpp): for every engine of
// the registry, with or without a table, each name of each row finds the first row holding it.
TEST(LaunchFlagsTable, TheIndexFindsTheFirstRowOfEveryNameOfEveryEngine) {
  using kvdtype::io::detail::find_launch_flag;
  using kvdtype::io::detail::launch_flags;
  int engines_with_flags = 0;
  for (const kvdtype::tables::EngineTables& row : kvdtype::tables::engine_registry()) {
    const auto rows = launch_flags(row.info.id);
    engines_with_flags += !rows.empty();
    for (const auto& f : rows) {
      std::string_view names = f.names;
      while (!names.empty()) {
        const std::size_t space = names.find(' ');
        const std::string_view w = names.substr(0, space);
        names = space == std::string_view::npos ? std::string_view() : names.substr(space + 1);
        if (w.empty()) continue;
        const kvdtype::tables::LaunchFlag* first = nullptr;
        for (const auto& g : rows) {
          std::string_view gn = g.names;
          bool has = false;
          while (!gn.empty() && !has) {
            const std::size_t sp = gn.find(' ');
            has = gn.substr(0, sp) == w;
            gn = sp == std::string_view::npos ? std::string_view() : gn.substr(sp + 1);
          }
          if (has) {
            first = &g;
            break;
          }
        }
        ASSERT_NE(first, nullptr) << w;
        EXPECT_EQ(find_launch_flag(row.info.id, w), first) << row.info.name << " " << w;
      }
    }
    if (rows.empty()) {
      EXPECT_EQ(find_launch_flag(row.info.id, "--kv-cache-dtype"), nullptr) << row.info.name;
    }
  }
  EXPECT_GE(engines_with_flags, 5);
}

TEST(LaunchFlagsTable, EveryRowIsWellFormed) {
  using kvdtype::io::detail::launch_flags;
  for (auto engine : {kvdtype::Engine::vllm, kvdtype::Engine::sglang, kvdtype::Engine::trtllm, kvdtype::Engine::llamacpp,
                      kvdtype::Engine::lmdeploy}) {
    std::map<std::string, int> seen;
    for (const auto& f : launch_flags(engine)) {
      EXPECT_FALSE(f.source.empty()) << f.names;
      std::string w;
      for (std::size_t i = 0; i <= f.names.size(); ++i) {
        if (i == f.names.size() || f.names[i] == ' ') {
          if (!w.empty()) {
            EXPECT_EQ(w[0], '-') << w;
            EXPECT_EQ(w.find('_'), std::string::npos) << "dash spellings only: " << w;
            EXPECT_EQ(++seen[w], 1) << "spelled twice: " << w;
          }
          w.clear();
        } else {
          w += f.names[i];
        }
      }
      if (f.action == kvdtype::io::detail::Action::field) {
        RequestInput probe;
        EXPECT_TRUE(probe.set(f.field, "x")) << "no RequestInput field " << f.field;
      }
    }
  }
}

}  // namespace

// A JSON flag value that is not JSON (or not the object the flag takes) is a bad value inside the
// command (KVD151 in the pipeline), not unreadable input: the rest of the command is read.
TEST(LaunchMalformed, RefusedValuesAreKeptForTheirFinding) {
  const std::pair<const char*, const char*> cases[] = {
      {"vllm serve m --speculative-config '{\"method\": eagle3}' --kv-cache-dtype fp8", "--speculative-config: not valid JSON"},
      {"vllm serve m --speculative-config '[1, 2]' --kv-cache-dtype fp8", "--speculative-config: expected a JSON object"},
      {"vllm serve m --kv-transfer-config '{\"kv_connector\":' --kv-cache-dtype fp8", "--kv-transfer-config: not valid JSON"},
      {"vllm serve m -O '{\"level\": 3' --kv-cache-dtype fp8", "-O: not valid JSON"},
      {"vllm serve m --hf-overrides='{broken' --kv-cache-dtype fp8", "--hf-overrides: not valid JSON"},
  };
  for (const auto& [text, why] : cases) {
    const LaunchCommand cmd = parse_ok(text);
    ASSERT_EQ(cmd.refused_values.size(), 1u) << text;
    EXPECT_NE(cmd.refused_values[0].why.find(why), std::string::npos) << cmd.refused_values[0].why;
    EXPECT_FALSE(cmd.refused_values[0].unset);
    EXPECT_EQ(cmd.input.kv_cache_dtype, "fp8") << "the rest of the command is read";
  }
  const LaunchCommand unset = parse_ok("vllm serve m --speculative-config '{\"num_speculative_tokens\": $N}'");
  ASSERT_EQ(unset.refused_values.size(), 1u);
  EXPECT_TRUE(unset.refused_values[0].unset);
}
