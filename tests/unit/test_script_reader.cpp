// Scripts read as a shell would read them, without running anything (kvdtype/io/script.hpp):
// arrays, functions, loops, here-documents, sourced files and wrapper scripts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../cli/temp_dir.hpp"
#include "sources/shell/shell.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/script.hpp"
#include "report_helpers.hpp"

using kvdtype::test::after;

using namespace kvdtype;
using namespace kvdtype::io;

namespace {

bool has(const std::vector<std::string>& w, const std::string& word) { return std::find(w.begin(), w.end(), word) != w.end(); }

// The word after `flag` in `w`, or "" when none.

std::vector<ScriptCommand> read(const std::string& text, const ScriptOptions& o = {}) {
  auto r = serving_commands(text, {}, o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? std::move(r).value() : std::vector<ScriptCommand>{};
}

}  // namespace

TEST(ScriptReader, ArrayOverSeveralLinesWithCommentsAndAppend) {
  const auto cmds = read(
      "MODEL=org/m\n"
      "CMD=(\n"
      "  vllm serve \"$MODEL\"   # the model\n"
      "  # a whole comment line ( with a parenthesis\n"
      "  --kv-cache-dtype fp8\n"
      ")\n"
      "CMD+=(--max-model-len 4096)\n"
      "echo \"${#CMD[@]} words\"\n"
      "\"${CMD[@]}\"\n");
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(cmds[0].line, 9);
  EXPECT_EQ(after(cmds[0].words, "serve"), "org/m");
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8");
  EXPECT_EQ(after(cmds[0].words, "--max-model-len"), "4096");
  EXPECT_FALSE(has(cmds[0].words, "#"));
}

TEST(ScriptReader, ArrayElementsKeepTheirQuotingAndIndexing) {
  const auto cmds = read(
      "ARGS=(--served-model-name \"my model\")\n"
      "ARGS[2]=--kv-cache-dtype\n"
      "ARGS[3]=fp8_e4m3\n"
      "vllm serve m \"${ARGS[@]}\" --dtype ${ARGS[3]:+bfloat16}\n");
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(after(cmds[0].words, "--served-model-name"), "my model");
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8_e4m3");
  EXPECT_EQ(after(cmds[0].words, "--dtype"), "bfloat16");
}

TEST(ScriptReader, UnquotedVariablesSplitAndEmptyOnesVanish) {
  const auto cmds = read(
      "EXTRA=\"\"\n"
      "CMD=\"python3 -m sglang.launch_server --model-path org/m\"\n"
      "CMD=\"$CMD --kv-cache-dtype fp8_e5m2\"\n"
      "$CMD $EXTRA --tp 2\n");
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8_e5m2");
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8_e5m2");
  EXPECT_FALSE(has(cmds[0].words, ""));  // $EXTRA, empty and unquoted, is no word at all
  // Quoted, the same empty variable is one empty word, as the shell passes it.
  const auto quoted = read("E=\nvllm serve m \"$E\"\n");
  ASSERT_EQ(quoted.size(), 1u);
  EXPECT_TRUE(has(quoted[0].words, ""));
}

TEST(ScriptReader, FunctionsGetTheirCallsArguments) {
  const auto cmds = read(
      "serve() {\n"
      "  local dtype=$1\n"
      "  shift\n"
      "  vllm serve org/m --kv-cache-dtype \"$dtype\" \"$@\"\n"
      "}\n"
      "function other {\n"
      "  echo not a server\n"
      "}\n"
      "serve fp8 --max-model-len 8192\n"
      "serve auto\n");
  ASSERT_EQ(cmds.size(), 2u);
  EXPECT_EQ(cmds[0].line, 9);  // where the function is called
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8");
  EXPECT_EQ(after(cmds[0].words, "--max-model-len"), "8192");
  EXPECT_EQ(after(cmds[1].words, "--kv-cache-dtype"), "auto");
  EXPECT_FALSE(has(cmds[1].words, "--max-model-len"));
  ASSERT_FALSE(cmds[0].notes.empty());
  EXPECT_NE(cmds[0].notes.front().find("serve()"), std::string::npos);
}

TEST(ScriptReader, AFunctionThatIsNeverCalledRunsNothing) {
  EXPECT_TRUE(read("start() {\n  vllm serve m --kv-cache-dtype fp8\n}\necho ready\n").empty());
}

TEST(ScriptReader, ForLoopGivesOneCommandPerValue) {
  const auto cmds = read(
      "for dt in auto fp8_e4m3 fp8_e5m2; do\n"
      "  for tp in 1 2; do\n"
      "    vllm serve m --kv-cache-dtype $dt -tp $tp\n"
      "  done\n"
      "done\n");
  ASSERT_EQ(cmds.size(), 6u);
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "auto");
  EXPECT_EQ(after(cmds[1].words, "-tp"), "2");
  EXPECT_EQ(after(cmds[5].words, "--kv-cache-dtype"), "fp8_e5m2");
  ASSERT_EQ(cmds[5].notes.size(), 2u);
  EXPECT_NE(cmds[5].notes[0].find("dt=fp8_e5m2"), std::string::npos);
}

TEST(ScriptReader, ForLoopValuesAreBounded) {
  std::string values;
  for (int i = 0; i < 100; ++i) values += " v" + std::to_string(i);
  const auto cmds = read("for x in" + values + "; do vllm serve m --served-model-name $x; done\n");
  EXPECT_EQ(cmds.size(), kMaxLoopValues);
}

TEST(ScriptReader, HereDocumentWritesAFileTheCommandReads) {
  const auto cmds = read(
      "DT=fp8\n"
      "cat > config.yaml <<EOF\n"
      "kv-cache-dtype: $DT\n"
      "vllm serve not-a-command\n"
      "EOF\n"
      "cat <<'RAW' > ./raw.yaml\n"
      "x: $DT\n"
      "RAW\n"
      "\tcat <<-EOF >> config.yaml\n"
      "\tmax-model-len: 4096\n"
      "\tEOF\n"
      "vllm serve m --config config.yaml\n");
  ASSERT_EQ(cmds.size(), 1u) << "a here-document's body is not a command";
  const ScriptFile* cfg = find_script_file(cmds[0].files, "./config.yaml");
  ASSERT_NE(cfg, nullptr);
  EXPECT_EQ(cfg->text, "kv-cache-dtype: fp8\nvllm serve not-a-command\nmax-model-len: 4096\n");
  const ScriptFile* raw = find_script_file(cmds[0].files, "raw.yaml");
  ASSERT_NE(raw, nullptr);
  EXPECT_EQ(raw->text, "x: $DT\n");  // a quoted delimiter: nothing expanded
}

TEST(ScriptReader, TeeEchoAndCatSubstitution) {
  const auto cmds = read(
      "tee opts.yml <<EOF >/dev/null\n"
      "kv_cache_config:\n"
      "  dtype: fp8\n"
      "EOF\n"
      "echo auto > dtype.txt\n"
      "vllm serve m --kv-cache-dtype $(cat dtype.txt)\n"
      "trtllm-serve m --extra_llm_api_options opts.yml\n");
  ASSERT_EQ(cmds.size(), 2u);
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "auto");
  ASSERT_NE(find_script_file(cmds[1].files, "opts.yml"), nullptr);
  EXPECT_EQ(find_script_file(cmds[1].files, "/dev/null"), nullptr);
}

TEST(ScriptReader, EvalSetAndUnknownSubstitutionsStayAsWritten) {
  const auto cmds = read(
      "set -- org/m fp8\n"
      "eval \"vllm serve $1 --kv-cache-dtype $2 --port $(get_port)\"\n");
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(after(cmds[0].words, "serve"), "org/m");
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8");
  EXPECT_EQ(after(cmds[0].words, "--port"), "$(get_port)");
}

TEST(ScriptReader, SourcedFileAndWrapperBesideTheScript) {
  test::TempDir dir("script-reader");
  dir.write("env.sh", "export KV=fp8_e5m2\nMODEL=org/m\n");
  dir.write("launch_wrapper.sh", "#!/bin/bash\nset -x\nexec \"$@\"\n");
  const std::string script = dir.write("run.sh",
                                       ". ./env.sh\n"
                                       "./launch_wrapper.sh python3 -m sglang.launch_server --model-path $MODEL "
                                       "--kv-cache-dtype $KV\n");
  auto r = serving_commands("source env.sh\n./launch_wrapper.sh vllm serve $MODEL --kv-cache-dtype $KV\n", {},
                            script_options(script));
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  const auto& w = (*r)[0].words;
  EXPECT_EQ(w.front(), "KV=fp8_e5m2");  // exported by the sourced file: the server's environment
  EXPECT_EQ(after(w, "serve"), "org/m");
  EXPECT_EQ(after(w, "--kv-cache-dtype"), "fp8_e5m2");
  EXPECT_EQ((*r)[0].line, 2);
  // Without the directory nothing beside is read, and the reading says so.
  auto blind = serving_commands("source env.sh\nvllm serve $MODEL\n", {}, {});
  ASSERT_TRUE(blind.ok());
  ASSERT_EQ(blind->size(), 1u);
  EXPECT_EQ(after((*blind)[0].words, "serve"), "$MODEL");
  ASSERT_FALSE((*blind)[0].notes.empty());
  EXPECT_NE((*blind)[0].notes.back().find("source env.sh"), std::string::npos);
}

TEST(ScriptReader, NothingAboveTheScriptsDirectoryIsRead) {
  test::TempDir dir("script-reader-up");
  dir.write("secret.sh", "MODEL=leaked\n");
  std::filesystem::create_directories(dir.dir() / "sub");
  const std::string script = dir.write("sub/run.sh", "");
  auto r = serving_commands(". ../secret.sh\nvllm serve $MODEL\n", {}, script_options(script));
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(after((*r)[0].words, "serve"), "$MODEL");
}

TEST(ScriptReader, RecursionAndLoopsOverLoopsAreRefusedByName) {
  auto rec = serving_commands("f() { f; }\nf\n", {});
  ASSERT_FALSE(rec.ok());
  EXPECT_NE(rec.error().message.find("nested more than"), std::string::npos);
  std::string values;
  for (int i = 0; i < 30; ++i) values += " x";
  const std::string loops = "for a in" + values + "; do for b in" + values + "; do for c in" + values +
                            "; do for d in" + values + "; do echo; done; done; done; done\n";
  auto many = serving_commands(loops, {});
  ASSERT_FALSE(many.ok());
  EXPECT_NE(many.error().message.find("commands read"), std::string::npos);
}

TEST(ScriptReader, SelfDoublingArrayIsBounded) {
  std::string s = "A=(xxxxxxxxxxxxxxxx)\n";
  for (int i = 0; i < 40; ++i) s += "A=(\"${A[@]}\" \"${A[@]}\")\n";
  s += "vllm serve m \"${A[@]}\"\n";
  auto r = serving_commands(s, {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("grows past"), std::string::npos);
}

TEST(ScriptReader, SplitScriptKeepsRawWordsRedirectsAndFunctionHeads) {
  auto steps = detail::split_script("f () {\n  echo \"$X\" 'y' > out.txt 2>&1\n}\n");
  ASSERT_TRUE(steps.ok());
  ASSERT_EQ(steps->size(), 4u);
  EXPECT_TRUE((*steps)[0].defines_function);
  EXPECT_EQ((*steps)[1].words, (std::vector<std::string>{"{"}));
  EXPECT_EQ((*steps)[2].raw, (std::vector<std::string>{"echo", "\"$X\"", "'y'"}));
  EXPECT_EQ((*steps)[2].words, (std::vector<std::string>{"echo", "$X", "y"}));
  ASSERT_EQ((*steps)[2].redirects.size(), 2u);
  EXPECT_EQ((*steps)[2].redirects[0].op, ">");
  EXPECT_EQ((*steps)[2].redirects[0].target, "out.txt");
}

TEST(ScriptReader, HereDocumentKeepsItsSyntaxWhereValuesAreUnknown) {
  const auto cmds = read(
      "N=$(( CONC < 4 ? CONC : CONC / 4 ))\n"
      "cat > opts.yml <<EOF\n"
      "max_batch_size: $N\n"
      "list: [${L%, }]\n"
      "dtype: $DTYPE\n"
      "EOF\n"
      "trtllm-serve m --extra_llm_api_options opts.yml\n");
  ASSERT_EQ(cmds.size(), 1u);
  const ScriptFile* f = find_script_file(cmds[0].files, "opts.yml");
  ASSERT_NE(f, nullptr);
  // Unknown, still marked by `$`, and no `: ` or braces that YAML would refuse.
  EXPECT_EQ(f->text, "max_batch_size: $(…)\nlist: [$(…)]\ndtype: $DTYPE\n");
}

TEST(ScriptReader, DockerOptionsHeldInAnUnsetVariable) {
  const auto cmds = read(
      "docker run -d $docker_args -e HF_TOKEN=x vllm/vllm-openai:v0.10.0 --model org/m --kv-cache-dtype fp8\n");
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(after(cmds[0].words, "--kv-cache-dtype"), "fp8");
}

TEST(ScriptReader, AScriptOfOtherProgramsSaysWhatItRuns) {
  auto r = read_script("ray start --head\necho started\nsleep 10\npython3 bench.py\n", {});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->commands.empty());
  EXPECT_EQ(r->other_commands, 4u);
  EXPECT_EQ(r->other_programs, (std::vector<std::string>{"ray", "python3"}));  // echo, sleep: noise
}

TEST(ScriptReader, AConfigFileNamedByAnUnsetVariableIsUnknownNotMissing) {
  for (const char* cmd : {"vllm serve org/m --config $CFG\n", "trtllm-serve org/m --extra_llm_api_options ${11}\n"}) {
    CheckInput in;
    in.command_text = cmd;
    in.fields.gpu = "H100";
    auto checked = check_input(in);
    ASSERT_TRUE(checked.ok()) << cmd << checked.error().message;
    // Not opened, and what it may set (the kv-cache dtype) is unknown: KVD080, never a note alone.
    const auto& found = checked->extras.input_diagnostics;
    EXPECT_TRUE(std::any_of(found.begin(), found.end(), [](const auto& d) {
      return d.rule->code == std::string_view("KVD080") && d.message.find("names a variable nothing set") != std::string::npos;
    })) << cmd;
  }
}

TEST(ScriptReader, AnEmptyDefaultOfAnUnsetVariableIsUnknown) {
  const auto cmds = read("MODEL_NAME=\"${MODEL_NAME:-}\"\nE=\nvllm serve m --served-model-name $MODEL_NAME --tokenizer ${E:-}x\n");
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(after(cmds[0].words, "--served-model-name"), "${MODEL_NAME:-}");  // from the environment: unknown
  EXPECT_EQ(after(cmds[0].words, "--tokenizer"), "x");                         // set, and empty
}
