// io/suppressions.hpp: the comment and annotation syntax, which lines a comment covers, and
// what applying suppressions does to a checked workload (moved out of the verdict, KVD156 for
// one that silences nothing).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/suppressions.hpp"
#include "kvdtype/io/workloads.hpp"

namespace {

using namespace kvdtype;
using namespace kvdtype::io;

TEST(SuppressionSyntax, CommentsWithTheirLinesCodesAndReasons) {
  const auto found = comment_suppressions(
      "a\n# kvdtype: ignore[KVD070, KVD071] known bug -- fixed in our image\nb  #kvdtype:ignore [KVD081]\n"
      "# kvdtype: ignore KVD081\n# kvdtype: ignore[]\n# other: ignore[KVD001]\n",
      "f.sh");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].codes, (std::vector<std::string>{"KVD070", "KVD071"}));
  EXPECT_EQ(found[0].reason, "known bug -- fixed in our image");
  EXPECT_EQ(found[0].line, 2);
  EXPECT_EQ(found[0].origin, "comment");
  EXPECT_EQ(found[0].file, "f.sh");
  EXPECT_EQ(found[1].codes, (std::vector<std::string>{"KVD081"}));
  EXPECT_EQ(found[1].reason, "");
  EXPECT_EQ(found[1].line, 3);
  EXPECT_EQ(found[2].codes, (std::vector<std::string>{""}));  // ignore[]: names no rule, reported
  EXPECT_TRUE(comment_suppressions("no marker here\n", "f").empty());
}

TEST(SuppressionSyntax, AnnotationEntries) {
  const auto found = annotation_suppressions("KVD081: patched image; KVD070,KVD071: fixed\nKVD001\n;", "d.yaml");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].codes, (std::vector<std::string>{"KVD081"}));
  EXPECT_EQ(found[0].reason, "patched image");
  EXPECT_EQ(found[1].codes, (std::vector<std::string>{"KVD070", "KVD071"}));
  EXPECT_EQ(found[2].codes, (std::vector<std::string>{"KVD001"}));
  EXPECT_EQ(found[2].reason, "");
  EXPECT_EQ(found[0].origin, "annotation");
}

std::vector<Workload> at_lines(std::initializer_list<int> lines) {
  std::vector<Workload> w;
  for (int l : lines) w.emplace_back().source.line = l;
  return w;
}

bool holds(const Workload& w, int comment_line) {
  return std::any_of(w.input.suppressions.begin(), w.input.suppressions.end(),
                     [&](const Suppression& s) { return s.line == comment_line && s.placed; });
}

TEST(SuppressionPlacement, ShellContinuationLinesAndTheLineBefore) {
  const std::string text =
      "# kvdtype: ignore[KVD001] before the first\n"  // 1
      "vllm serve a \\\n"                             // 2 (workload 0)
      "  --x y  # kvdtype: ignore[KVD002]\n"          // 3
      "vllm serve b  # kvdtype: ignore[KVD003]\n"     // 4 (workload 1): a trailing comment is not "the line before" 5
      "vllm serve c\n";                               // 5 (workload 2)
  auto w = at_lines({2, 4, 5});
  attach_comment_suppressions(w, text, "s.sh", CommentStyle::shell);
  EXPECT_TRUE(holds(w[0], 1));
  EXPECT_TRUE(holds(w[0], 3));
  EXPECT_TRUE(holds(w[1], 4));
  EXPECT_FALSE(holds(w[2], 4));
  EXPECT_TRUE(w[2].input.suppressions.empty());
}

TEST(SuppressionPlacement, YamlIndentationAndOrphans) {
  const std::string text =
      "containers:\n"                                   // 1
      "# kvdtype: ignore[KVD001] the first\n"           // 2
      "- name: a\n"                                     // 3 (workload 0)
      "  args: [x]  # kvdtype: ignore[KVD002]\n"        // 4
      "  # kvdtype: ignore[KVD003] still a's\n"         // 5
      "- name: b\n"                                     // 6 (workload 1)
      "  image: i\n"                                    // 7
      "other: 1  # kvdtype: ignore[KVD004] nobody's\n";  // 8
  auto w = at_lines({3, 6});
  attach_comment_suppressions(w, text, "d.yaml", CommentStyle::yaml);
  EXPECT_TRUE(holds(w[0], 2));
  EXPECT_TRUE(holds(w[0], 4));
  EXPECT_FALSE(holds(w[1], 4));
  EXPECT_FALSE(holds(w[1], 8));
  // Line 8 is on no workload's lines: it goes to the first one, unplaced (reported there).
  const auto& first = w[0].input.suppressions;
  EXPECT_TRUE(std::any_of(first.begin(), first.end(), [](const Suppression& s) { return s.line == 8 && !s.placed; }));
}

// A T4 with a bfloat16 model: KVD081 (an error).
CheckInput t4_bf16() {
  CheckInput in;
  in.fields.gpu = "T4";
  in.fields.model_dtype = "bfloat16";
  in.fields.attention = "gqa";
  in.fields.kv_cache_dtype = "auto";
  return in;
}

bool reports(const Checked& c, std::string_view code) {
  return c.report.fired(code) || std::any_of(c.extras.input_diagnostics.begin(), c.extras.input_diagnostics.end(),
                                             [&](const InputDiagnostic& d) { return d.rule->code == code; });
}

TEST(SuppressionApply, MovesTheFindingOutOfTheVerdict) {
  auto plain = check_input(t4_bf16());
  ASSERT_TRUE(plain.ok());
  ASSERT_TRUE(reports(*plain, "KVD081"));
  ASSERT_EQ(plain->verdict(), Verdict::error);

  CheckInput in = t4_bf16();
  in.suppressions = annotation_suppressions("KVD081: emulated", "");
  auto c = check_input(in);
  ASSERT_TRUE(c.ok());
  EXPECT_FALSE(reports(*c, "KVD081"));
  EXPECT_FALSE(reports(*c, "KVD156"));
  EXPECT_NE(c->verdict(), Verdict::error);
  ASSERT_EQ(c->extras.suppressed.size(), 1u);
  EXPECT_EQ(c->extras.suppressed[0].rule->code, "KVD081");
  EXPECT_EQ(c->extras.suppressed[0].reason, "emulated");
}

TEST(SuppressionApply, UnusedUnknownAndRetiredCodesAreKvd156) {
  for (const char* text : {"KVD070: not here", "KVD999: no such rule", "KVD150: retired"}) {
    CheckInput in = t4_bf16();
    in.suppressions = annotation_suppressions(text, "");
    auto c = check_input(in);
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(reports(*c, "KVD081")) << text;
    EXPECT_TRUE(reports(*c, "KVD156")) << text;
    EXPECT_TRUE(c->extras.suppressed.empty()) << text;
  }
}

TEST(SuppressionApply, ObjectAnnotationIsUsedOnceForAllItsContainers) {
  // Two containers of one object share the annotation; only one reports KVD081.
  std::vector<Workload> w(2);
  w[0].input = t4_bf16();
  w[1].input = t4_bf16();
  w[1].input.fields.model_dtype = "float16";
  for (Workload& x : w) {
    x.input.suppressions = annotation_suppressions("KVD081: emulated", "d.yaml");
    for (Suppression& s : x.input.suppressions) s.scope = "d.yaml:1#0";
  }
  const Checks checks = check_workloads(w);
  ASSERT_EQ(checks.results.size(), 2u);
  for (const WorkloadResult& r : checks.results) {
    ASSERT_TRUE(r.checked);
    EXPECT_FALSE(reports(*r.checked, "KVD156"));
  }
  EXPECT_EQ(checks.results[0].checked->extras.suppressed.size(), 1u);
}

}  // namespace
