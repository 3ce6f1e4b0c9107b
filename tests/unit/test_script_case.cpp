// `case WORD in … esac` read by the script reader (sources/shell/script_case.cpp): patterns are
// never commands; an unknown WORD makes each item an alternative read from the variables as
// they were before `case`; a known WORD reads the one item it matches.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kvdtype/io/script.hpp"
#include "sources/shell/script_state.hpp"
#include "sources/shell/shell.hpp"
#include "report_helpers.hpp"

using kvdtype::test::after;

using namespace kvdtype;
using namespace kvdtype::io;

namespace {


ScriptReading reading(const std::string& text, const ScriptOptions& o = {}) {
  auto r = read_script(text, {}, o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? std::move(r).value() : ScriptReading{};
}

bool mentions(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST(ScriptCase, SplitterMarksPatternListsAndItemEnds) {
  auto steps = detail::split_script("case $1 in\n  a|b) x ;;\n  c)\n    y\n    ;;\nesac\n");
  ASSERT_TRUE(steps.ok());
  // case $1 in / a / b / x / c / y / esac
  ASSERT_EQ(steps->size(), 7u);
  EXPECT_EQ((*steps)[1].ended_by, '|');
  EXPECT_EQ((*steps)[2].ended_by, ')');
  EXPECT_TRUE((*steps)[3].ends_case_item);
  EXPECT_EQ((*steps)[4].ended_by, ')');
  EXPECT_TRUE((*steps)[5].ends_case_item);  // `;;` alone on its line closes the command before it
  EXPECT_FALSE((*steps)[4].ends_case_item);
}

TEST(ScriptCase, EachItemOfAnUnknownWordIsAnAlternativeAndLabelsAreNoPrograms) {
  const auto r = reading(
      "MODEL=org/m\n"
      "case \"$1\" in\n"
      "  prefill)\n"
      "    vllm serve $MODEL --port 7100 --kv-cache-dtype fp8\n"
      "    ;;\n"
      "  decode|dec) vllm serve $MODEL --port 7200 ;;\n"
      "  *) echo usage; exit 1 ;;\n"
      "esac\n");
  ASSERT_EQ(r.commands.size(), 2u);
  EXPECT_EQ(after(r.commands[0].words, "--port"), "7100");
  EXPECT_EQ(after(r.commands[1].words, "--port"), "7200");
  EXPECT_EQ(r.commands[1].line, 6);
  ASSERT_FALSE(r.commands[0].notes.empty());
  EXPECT_NE(r.commands[0].notes.front().find("prefill)"), std::string::npos) << r.commands[0].notes.front();
  for (const char* label : {"prefill", "decode", "dec", "*"}) EXPECT_FALSE(mentions(r.other_programs, label)) << label;
}

TEST(ScriptCase, AKnownWordReadsTheItemItMatchesOnly) {
  ScriptOptions o;
  o.arguments = {"decoder"};
  const auto r = reading(
      "case $1 in\n"
      "  prefill*) vllm serve a ;;\n"
      "  dec[aeo]der) vllm serve b ;;\n"
      "  *) vllm serve c ;;\n"
      "esac\n",
      o);
  ASSERT_EQ(r.commands.size(), 1u);
  EXPECT_EQ(after(r.commands[0].words, "serve"), "b");
}

TEST(ScriptCase, ItemsStartFromTheVariablesBeforeTheCase) {
  // getopts / option loops: an option's item must not replace the default the command uses.
  const auto r = reading(
      "MODEL=org/default\n"
      "while getopts \"m:t:\" opt; do\n"
      "  case $opt in\n"
      "    m) MODEL=\"$OPTARG\" ;;\n"
      "    t) TP=$OPTARG ;;\n"
      "  esac\n"
      "done\n"
      "case $ROLE in\n"
      "  a) DTYPE=fp8; vllm serve $MODEL --kv-cache-dtype $DTYPE ;;\n"
      "  b) vllm serve $MODEL --kv-cache-dtype ${DTYPE:-auto} ;;\n"
      "esac\n"
      "vllm serve $MODEL --port 1 --kv-cache-dtype $DTYPE\n");
  ASSERT_EQ(r.commands.size(), 3u);
  EXPECT_EQ(after(r.commands[0].words, "serve"), "org/default");
  EXPECT_EQ(after(r.commands[0].words, "--kv-cache-dtype"), "fp8");
  EXPECT_EQ(after(r.commands[1].words, "--kv-cache-dtype"), "auto");  // item a's DTYPE is not item b's
  // After esac: a variable unset before the case takes the first value an item gave it.
  EXPECT_EQ(after(r.commands[2].words, "--kv-cache-dtype"), "fp8");
  EXPECT_EQ(after(r.commands[2].words, "serve"), "org/default");
}

TEST(ScriptCase, NestedCaseAndPatternsOnTheHeadLine) {
  const auto r = reading(
      "case $A in x) case $B in y) vllm serve inner ;; esac ;; z) vllm serve outer ;; esac\n"
      "echo done\n");
  ASSERT_EQ(r.commands.size(), 2u);
  EXPECT_EQ(after(r.commands[0].words, "serve"), "inner");
  EXPECT_EQ(after(r.commands[1].words, "serve"), "outer");
  EXPECT_FALSE(mentions(r.other_programs, "x"));
  EXPECT_FALSE(mentions(r.other_programs, "z"));
}

TEST(ScriptCase, AKnownValueAnItemBuildsIsKeptAndAnArgumentsValueIsNot) {
  const auto r = reading(
      "ARGS=\"--port 8000\"\n"
      "MODEL=org/m\n"
      "EXTRA=()\n"
      "while [[ $# -gt 0 ]]; do\n"
      "  case $1 in\n"
      "    --fp8) ARGS=\"$ARGS --kv-cache-dtype fp8\"; shift ;;\n"
      "    --model) MODEL=\"$2\"; shift 2 ;;\n"
      "    *) EXTRA+=(\"$1\"); shift ;;\n"
      "  esac\n"
      "done\n"
      "vllm serve $MODEL $ARGS \"${EXTRA[@]}\"\n");
  ASSERT_EQ(r.commands.size(), 1u);
  EXPECT_EQ(after(r.commands[0].words, "serve"), "org/m");
  EXPECT_EQ(after(r.commands[0].words, "--kv-cache-dtype"), "fp8");
  EXPECT_EQ(std::count(r.commands[0].words.begin(), r.commands[0].words.end(), "$1"), 0);
}

TEST(ScriptCase, PatternsMatchAsTheShellMatchesThem) {
  // The shell's pattern matching (fnmatch(3) without flags): `*` crosses `/`, sets and their
  // negation, a backslash quotes the next character, `?` is one character.
  using kvdtype::io::detail::case_pattern_matches;
  EXPECT_TRUE(case_pattern_matches({"prefill*"}, "prefill-0"));
  EXPECT_TRUE(case_pattern_matches({"*/decode"}, "node/a/decode"));
  EXPECT_TRUE(case_pattern_matches({"[Hh]100"}, "h100"));
  EXPECT_FALSE(case_pattern_matches({"[!Hh]100"}, "h100"));
  EXPECT_TRUE(case_pattern_matches({"a", "b?"}, "bx"));
  EXPECT_FALSE(case_pattern_matches({"b?"}, "b"));
  EXPECT_TRUE(case_pattern_matches({"\\*"}, "*"));
  EXPECT_FALSE(case_pattern_matches({"\\*"}, "x"));
}
