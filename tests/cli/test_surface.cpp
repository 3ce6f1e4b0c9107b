// The command line as a user meets it (issue 16): the engines' own spellings of kvdtype's flags,
// one-line errors in the order things were typed with the nearest valid names, help in groups
// with typed placeholders and the exit statuses, --quiet / --min-severity, the matrix header.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_cli.hpp"

namespace {

using kvdtype::test::CliResult;
using kvdtype::test::run_cli;
using Args = std::vector<std::string>;

Args with(Args base, const Args& more) {
  base.insert(base.end(), more.begin(), more.end());
  return base;
}

// ---- engine spellings ------------------------------------------------------------------------

struct Alias {
  Args engine;     // as vLLM / SGLang spell it
  Args canonical;  // kvdtype's own flag
};

// Each spelling is one vLLM or SGLang registers for the same setting (src/tables/engines/<engine>/launch_flags_<engine>.cpp).
const Alias kAliases[] = {
    {{"--dtype", "float16"}, {"--model-dtype", "float16"}},
    {{"--attention-backend", "FLASHMLA"}, {"--backend", "FLASHMLA"}},
    {{"-tp", "8"}, {"--tensor-parallel-size", "8"}},
    {{"-tp=8"}, {"--tensor-parallel-size", "8"}},
    {{"--tp", "8"}, {"--tensor-parallel-size", "8"}},
    {{"--tp-size", "8"}, {"--tensor-parallel-size", "8"}},
    {{"--tp-size=8"}, {"--tensor-parallel-size", "8"}},
    {{"-dp", "2"}, {"--data-parallel-size", "2"}},
    {{"--dp", "2"}, {"--data-parallel-size", "2"}},
    {{"--dp-size", "2"}, {"--data-parallel-size", "2"}},
    {{"--page-size", "64"}, {"--block-size", "64"}},
    {{"--context-length", "32768"}, {"--max-model-len", "32768"}},
    {{"--mem-fraction-static", "0.8"}, {"--gpu-memory-utilization", "0.8"}},
};

TEST(Surface, EveryEngineSpellingIsTheSameRequestAsKvdtypesFlag) {
  const Args base = {"check", "--gpu", "H100", "--attention", "mla", "--kv-cache-dtype", "fp8", "--format", "json",
                     "--num-heads", "128", "--num-layers", "61", "--head-size", "576"};
  for (const Alias& a : kAliases) {
    SCOPED_TRACE(a.engine.front());
    const CliResult engine = run_cli(with(base, a.engine));
    const CliResult canonical = run_cli(with(base, a.canonical));
    EXPECT_TRUE(engine.exit_code == 0 || engine.exit_code == 1) << engine.err;
    EXPECT_EQ(engine.exit_code, canonical.exit_code);
    EXPECT_EQ(engine.out, canonical.out);
    EXPECT_EQ(engine.err, canonical.err);
  }
}

TEST(Surface, EngineSpellingsTogether) {
  // The acceptance example: a vLLM user's spellings, kvdtype's JSON.
  const CliResult r = run_cli({"check", "--gpu", "H100", "--attention-backend", "FLASHMLA", "--dtype", "bfloat16", "-tp",
                               "8", "--attention", "mla", "--kv-cache-dtype", "fp8", "--format", "json"});
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  EXPECT_NE(r.out.find("\"backend\": \"FLASHMLA\""), std::string::npos);
  EXPECT_NE(r.out.find("\"tensor_parallel_size\": 8"), std::string::npos);
  EXPECT_NE(r.out.find("\"model_dtype\": \"bfloat16\""), std::string::npos);
}

// ---- errors: one line, in typed order, with the nearest valid names ---------------------------

void expect_one_line(const CliResult& r, const std::string& needle) {
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err.rfind("kvdtype: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
}

TEST(Surface, UnknownSubcommandSuggestsTheNearest) {
  expect_one_line(run_cli({"chek"}), "unknown subcommand 'chek'; did you mean check?");
  expect_one_line(run_cli({"resolv", "--gpu", "H100"}), "did you mean resolve?");
  expect_one_line(run_cli({"matrx"}), "did you mean matrix?");
}

TEST(Surface, UnknownFlagSuggestsTheNearest) {
  expect_one_line(run_cli({"check", "--attention-backnd", "FLASHMLA"}), "unknown flag '--attention-backnd' for kvdtype check; did you mean --attention-backend");
  expect_one_line(run_cli({"check", "--kv-cache-dtyp", "fp8"}), "did you mean --kv-cache-dtype");
  expect_one_line(run_cli({"matrix", "--gpuu", "H100"}), "unknown flag '--gpuu' for kvdtype matrix; did you mean --gpu");
  // An engine flag kvdtype does not read points at the launch command.
  expect_one_line(run_cli({"check", "--trust-remote-code"}), "after --");
  // A flag before any subcommand.
  expect_one_line(run_cli({"--gpu", "H100"}), "kvdtype check --gpu");
}

TEST(Surface, ErrorsKeepTheOrderTheyWereTyped) {
  // The first unknown word is named, not the last (CLI11's own message lists them reversed).
  const CliResult r = run_cli({"check", "--first-bad", "--second-bad"});
  expect_one_line(r, "'--first-bad'");
  EXPECT_EQ(r.err.find("second-bad"), std::string::npos) << r.err;
}

TEST(Surface, StrayWordsSuggestTheDoubleDash) {
  const CliResult r = run_cli({"check", "--gpu", "H100", "vllm", "serve", "x/y", "--kv-cache-dtype", "fp8"});
  expect_one_line(r, "did you mean `kvdtype check --gpu H100 -- vllm serve x/y --kv-cache-dtype fp8`?");
  expect_one_line(run_cli({"resolve", "sglang"}), "did you mean `kvdtype resolve -- sglang`?");
}

TEST(Surface, MissingValueNamesTheFlagAndItsPlaceholder) {
  expect_one_line(run_cli({"check", "--gpu"}), "--gpu needs a value (GPU)");
  expect_one_line(run_cli({"check", "-tp"}), "needs a value (INT)");
}

TEST(Surface, BadSeverityIsBadInput) {
  expect_one_line(run_cli({"check", "--gpu", "H100", "--min-severity", "loud"}), "expected info, warning or error");
}

// ---- help ----------------------------------------------------------------------------------------

TEST(Surface, CheckHelpIsGroupedWithTypedPlaceholdersAndExitStatuses) {
  const CliResult r = run_cli({"check", "--help"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* group : {"Engine:", "Hardware:", "Model geometry:", "Kernel dtypes:", "Capacity:", "Inputs:", "Output:"})
    EXPECT_NE(r.out.find(group), std::string::npos) << group;
  for (const char* line : {"--tensor-parallel-size,--tp,--tp-size INT", "--gpu GPU", "--model-dtype,--dtype DTYPE",
                           "--gpu-memory-utilization,--mem-fraction-static FLOAT", "--model PATH", "(also -tp)",
                           "--max-model-len,--context-length INT", "-q,--quiet", "--min-severity SEVERITY"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line;
  // Engine spellings sit in their groups: --dtype under "Model geometry", -tp under "Engine".
  EXPECT_LT(r.out.find("Engine:"), r.out.find("--tp-size"));
  EXPECT_LT(r.out.find("--tp-size"), r.out.find("Hardware:"));
  EXPECT_NE(r.out.find("Exit status: 0 accepted"), std::string::npos);
  EXPECT_EQ(r.out.find(" TEXT"), std::string::npos) << "every flag has a typed placeholder";
}

// Only the request flags the words name are registered (cli.hpp, flag_named): help after other
// flags still lists every one, and a flag given as --name=VALUE or beside a longer name that
// starts with it (--tp, --tp-size) is parsed as when everything was registered.
TEST(Surface, RequestFlagsRegisteredByTheWordsStillListAndParseEveryOne) {
  const CliResult full = run_cli({"check", "--help"});
  const CliResult after = run_cli({"check", "--gpu", "H100", "-h"});
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.out, full.out);
  EXPECT_NE(after.out.find("--kv-cache-dtype"), std::string::npos);
  const Args base{"check", "--gpu", "H100", "--engine", "vllm", "--num-heads", "32", "--num-kv-heads", "8",
                  "--head-size", "128", "--num-layers", "32", "--format", "json"};
  const CliResult eq = run_cli(with(base, {"--kv-cache-dtype=fp8", "--tp=2"}));
  const CliResult spaced = run_cli(with(base, {"--kv-cache-dtype", "fp8", "--tp-size", "2"}));
  EXPECT_EQ(eq.exit_code, spaced.exit_code) << eq.err;
  EXPECT_EQ(eq.out, spaced.out);
  EXPECT_NE(eq.out.find("\"tensor_parallel_size\": 2"), std::string::npos) << eq.out;
  // A misspelt flag beside named ones still gets the nearest of every flag.
  expect_one_line(run_cli({"check", "--gpu", "H100", "--engine", "vllm", "--kv-cache-dtyp", "fp8"}),
                  "did you mean --kv-cache-dtype");
}

TEST(Surface, TopHelpListsSubcommandsAndExitStatuses) {
  const CliResult r = run_cli({"--help"});
  ASSERT_EQ(r.exit_code, 0);
  for (const char* sub : {"check", "resolve", "explain", "rules", "backends", "formats", "targets", "matrix", "probe", "serve"})
    EXPECT_NE(r.out.find(std::string("  ") + sub + " "), std::string::npos) << sub;
  EXPECT_NE(r.out.find("Exit status:"), std::string::npos);
  const CliResult all = run_cli({"--help-all"});
  ASSERT_EQ(all.exit_code, 0);
  EXPECT_NE(all.out.find("--kv-cache-dtype"), std::string::npos);
  EXPECT_NE(all.out.find("--lint"), std::string::npos);
}

// ---- --quiet / --min-severity ----------------------------------------------------------------------

TEST(Surface, QuietHidesInfoButNotTheVerdict) {
  const Args base = {"check", "--gpu", "H100", "--kv-cache-dtype", "fp8"};
  const CliResult loud = run_cli(base);
  const CliResult quiet = run_cli(with(base, {"--quiet"}));
  const CliResult q = run_cli(with(base, {"-q"}));
  const CliResult warn = run_cli(with(base, {"--min-severity", "warning"}));
  ASSERT_EQ(loud.exit_code, 0) << loud.err;
  EXPECT_NE(loud.out.find("\ninfo KVD"), std::string::npos) << loud.out;
  EXPECT_EQ(quiet.out.find("\ninfo KVD"), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.exit_code, loud.exit_code);
  EXPECT_EQ(quiet.out, q.out);
  // Issue 27: -q is one line per error or warning and nothing else; --min-severity keeps the report.
  EXPECT_EQ(quiet.out.find("ACCEPTED"), std::string::npos) << quiet.out;
  EXPECT_NE(warn.out.find("ACCEPTED"), std::string::npos) << warn.out;
  EXPECT_EQ(warn.out.find("\ninfo KVD"), std::string::npos) << warn.out;
}

TEST(Surface, MinSeverityErrorKeepsTheVerdictAndExitStatus) {
  const Args warn = {"check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"};
  const CliResult all = run_cli(with(warn, {"--format", "json"}));
  const CliResult errors = run_cli(with(warn, {"--format", "json", "--min-severity", "error"}));
  ASSERT_TRUE(all.exit_code == 0 || all.exit_code == 1) << all.err;
  EXPECT_EQ(errors.exit_code, all.exit_code);
  EXPECT_NE(all.out.find("\"severity\": \"warning\""), std::string::npos);
  EXPECT_EQ(errors.out.find("\"severity\": \"warning\""), std::string::npos);
  // The verdict counts every diagnostic, shown or not.
  const auto verdict = [](const std::string& out) { return out.substr(out.find("\"verdict\""), 24); };
  EXPECT_EQ(verdict(errors.out), verdict(all.out));
  const CliResult text = run_cli(with(warn, {"--min-severity", "error"}));
  EXPECT_EQ(text.out.rfind("ACCEPTED with warnings", 0), 0u) << text.out;
}

// ---- matrix ----------------------------------------------------------------------------------------

TEST(Surface, MatrixTextHasAHeaderRow) {
  const CliResult r = run_cli({"matrix", "--gpu", "H100", "--engine", "vllm"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string first = r.out.substr(0, r.out.find('\n'));
  for (const char* col : {"engine", "target", "kv-cache dtype", "model", "attention", "verdict", "backend", "why"})
    EXPECT_NE(first.find(col), std::string::npos) << col;
  EXPECT_EQ(r.out.find("vllm"), r.out.find('\n') + 1) << "data rows follow the header";
}

}  // namespace
