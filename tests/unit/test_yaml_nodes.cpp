// The manifest reader's one-pass YAML loading and the webhook's JSON reading into kvdtype's
// document tree (sources/k8s/doc_tree.hpp, yaml_nodes.hpp, review_reader.hpp): the trees hold
// what yaml-cpp's own loader made of the same text (kind, tag, line and column, text, children
// in order), which the manifest reader walked until session 44, so it walks the same documents.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kvdtype/io/manifest.hpp"
#include "sources/k8s/review_reader.hpp"
#include "sources/k8s/yaml_nodes.hpp"

namespace {

using namespace kvdtype::io;

YAML::NodeType::value type_of(const doc::Node& n) {
  if (!n) return YAML::NodeType::Undefined;
  if (n.is_map()) return YAML::NodeType::Map;
  if (n.is_seq()) return YAML::NodeType::Sequence;
  if (n.is_scalar()) return YAML::NodeType::Scalar;
  return YAML::NodeType::Null;
}

// A tree of ours and yaml-cpp's alike: kind, tag, line and column, scalar text, children in order
// (a collection's flow or block style is not kept: the walk never read it).
void expect_same(const doc::Node& a, const YAML::Node& b, const std::string& at) {
  ASSERT_EQ(static_cast<bool>(a), b.IsDefined()) << at;
  if (!a) return;
  ASSERT_EQ(type_of(a), b.Type()) << at;
  EXPECT_EQ(a.tag(), b.Tag()) << at;
  EXPECT_EQ(a.mark().line, b.Mark().line) << at;
  EXPECT_EQ(a.mark().column, b.Mark().column) << at;
  if (a.is_scalar()) {
    EXPECT_EQ(a.text(), b.Scalar()) << at;
  }
  if (!a.is_map() && !a.is_seq()) return;
  ASSERT_EQ(a.size(), b.size()) << at;
  auto i = a.begin();
  auto j = b.begin();
  for (int k = 0; i != a.end(); ++i, ++j, ++k) {
    if (a.is_map()) {
      expect_same(i->first, j->first, at + "/key" + std::to_string(k));
      expect_same(i->second, j->second, at + "/" + (i->first.is_scalar() ? i->first.str() : std::to_string(k)));
    } else {
      expect_same(*i, *j, at + "/" + std::to_string(k));
    }
  }
}

TEST(YamlNodes, DocumentsAreTheOnesLoadAllMakes) {
  const std::vector<std::string> texts = {
      "a: 1\nb: [x, 'y', \"z\"]\nc: {d: ~, e: null}\n",
      "---\nkind: Pod\n---\n---\n- !tagged v\n- |\n  block\n",
      "base: &b {image: vllm/vllm-openai:v0.10.2, args: [--kv-cache-dtype, fp8]}\nuse: *b\nmerge:\n  <<: *b\n  extra: 1\n",
      "? [complex, key]\n: value\n",
      "key: 'single'\nblock: >\n  folded\n  text\nlit: |-\n  kept\n",
      "tagged: !!str 1\nanchored: &a\n  k: v\nref: *a\nempty:\nnext: 1\n",
      "",
      "# only a comment\n",
  };
  for (const std::string& t : texts) {
    const yaml::Documents mine = yaml::load_documents(t, 1000);
    const std::vector<YAML::Node> theirs = YAML::LoadAll(t);
    EXPECT_FALSE(mine.too_many_nodes) << t;
    EXPECT_EQ(mine.duplicate_line, 0) << t;
    ASSERT_EQ(mine.docs.size(), theirs.size()) << t;
    for (std::size_t d = 0; d < theirs.size(); ++d) expect_same(mine.docs[d], theirs[d], t + " #" + std::to_string(d));
  }
}

// Where libfyaml and yaml-cpp 0.7 part, kvdtype reads as YAML 1.2 and go-yaml (sigs.k8s.io/yaml,
// what kubectl reads with) do.
TEST(YamlNodes, EdgeCasesReadAsTheSpecAndGoYaml) {
  // The empty value of `? key` with no `:` is placed at what follows it (libyaml's and go-yaml's
  // empty scalar takes the next token's place); yaml-cpp put it on the key's line.
  const yaml::Documents r = yaml::load_documents("? [complex, key]\n: value\n? plain\nlast: 1\n", 100);
  EXPECT_EQ(r.docs.at(0).find_child("plain").mark().line, 3);
  // A block scalar at the end of a file with no final line break has none (YAML 1.2 8.1.1.2).
  EXPECT_EQ(yaml::load_documents("a: >\n  x\n  y", 100).docs.at(0).find_child("a").text(), "x y");
  EXPECT_EQ(yaml::load_documents("a: >\n  x\n  y\n", 100).docs.at(0).find_child("a").text(), "x y\n");
  // A plain scalar followed by a mapping is no YAML (yaml-cpp read two documents out of it).
  EXPECT_THROW((void)yaml::load_documents("a\n# c\nb: 1\n", 100), YAML::Exception);
  // A NUL byte ends libfyaml's input; it is refused, not read as the end of the file.
  EXPECT_THROW((void)yaml::load_documents(std::string("a: 1\n\0\nb: [", 12), 100), YAML::Exception);
}

// A flow sequence whose lines sit at its key's column (`args: [` ... `]`), as a public manifest
// writes a container's args (vllm-project/semantic-router deploy/kubernetes/istio/vLlama3.yaml
// @3d48f8c9): go-yaml (kubectl) and libyaml read it; libfyaml refused it ("wrongly indented
// sequence end in flow mode") until told to be as lenient.
TEST(YamlNodes, AFlowSequenceEndingAtItsKeysColumnIsReadAsKubectlReadsIt) {
  const std::string text = "c:\n  - name: x\n    args: [\n    \"vllm serve m --port 8000\",\n    \"-x\"\n    ]\n    image: i\n";
  const yaml::Documents r = yaml::load_documents(text, 100);
  const doc::Node item = r.docs.at(0).find_child("c").at(0);
  const doc::Node args = item.find_child("args");
  ASSERT_EQ(args.size(), 2U);
  EXPECT_EQ(args.at(0).text(), "vllm serve m --port 8000");
  EXPECT_EQ(args.at(1).text(), "-x");
  EXPECT_EQ(item.find_child("image").text(), "i");
  // An unclosed flow sequence is still no YAML.
  EXPECT_THROW((void)yaml::load_documents("a: [\n  x\nb: 1\n", 100), YAML::Exception);
}

TEST(YamlNodes, AnAliasIsTheAnchoredNodeItself) {
  // Shared, as LoadAll shares it: what the merge-key step writes into one is seen from the other.
  const yaml::Documents r = yaml::load_documents("a: &x {k: v}\nb: *x\n", 100);
  ASSERT_EQ(r.docs.size(), 1u);
  EXPECT_TRUE(r.docs[0].find_child("a").is(r.docs[0].find_child("b")));
}

TEST(YamlNodes, AKeyGivenTwiceIsFoundByItsLine) {
  const yaml::Documents r = yaml::load_documents("a: 1\nspec:\n  x: 1\n  y: 2\n  x: 3\n", 100);
  EXPECT_EQ(r.duplicate_line, 5);
  EXPECT_EQ(r.duplicate_key, "x");
  // A key of the same text in another mapping is no repeat.
  EXPECT_EQ(yaml::load_documents("a: {x: 1}\nb: {x: 2}\nx: 3\n", 100).duplicate_line, 0);
}

TEST(YamlNodes, TheNodeBoundStopsTheReading) {
  const yaml::Documents r = yaml::load_documents("- a\n- b\n- c\n- d\n", 4);  // 5 nodes: the list and 4 items
  EXPECT_TRUE(r.too_many_nodes);
  EXPECT_TRUE(r.docs.empty());
  EXPECT_FALSE(yaml::load_documents("- a\n- b\n- c\n- d\n", 5).too_many_nodes);
  // Aliases count: each is a node the reader visits.
  EXPECT_TRUE(yaml::load_documents("a: &x v\nb: [*x, *x, *x]\n", 7).too_many_nodes);  // 8 nodes, 3 of them aliases
}

TEST(YamlNodes, WhatTheMergeWalkWouldMeetIsCounted) {
  const yaml::Documents plain = yaml::load_documents("a: [b, {c: d}]\n---\ne: f\n", 100);
  EXPECT_EQ(plain.nodes, 10u);
  EXPECT_EQ(plain.deepest, 3u);  // c and d: in the map, in the list, in the root map
  EXPECT_FALSE(plain.aliases);
  EXPECT_FALSE(plain.merge_key);
  EXPECT_TRUE(yaml::load_documents("a: &x 1\nb: *x\n", 100).aliases);
  EXPECT_TRUE(yaml::load_documents("a: {<<: {b: 1}}\n", 100).merge_key);
}

// The merge-key walk is skipped for a file without merge keys or aliases; what it refused
// without them (a value nested deeper than it walks) is still refused, at the same depth.
TEST(YamlNodes, ADeepFileIsRefusedWithOrWithoutTheMergeWalk) {
  auto nested = [](int levels) {
    return "kind: Pod\nmetadata: {name: p}\nspec: " + std::string(levels, '[') + "x" + std::string(levels, ']') + "\n";
  };
  const auto deep = read_manifest(nested(64), "deep.yaml", CheckInput{});
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().message.find("expand past what this file could hold"), std::string::npos) << deep.error().message;
  EXPECT_TRUE(read_manifest(nested(63), "deep.yaml", CheckInput{}).ok());
  // A merge key still merges: without it the container has no image and is skipped.
  const auto merged = read_manifest(
      "kind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n    - name: s\n"
      "      <<: {image: vllm/vllm-openai:v0.10.2, args: [--model, m, --kv-cache-dtype, fp8]}\n",
      "m.yaml", CheckInput{});
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  ASSERT_EQ(merged->workloads.size(), 1u);
  const std::vector<std::string>& command = merged->workloads[0].input.command;
  EXPECT_NE(std::find(command.begin(), command.end(), "vllm/vllm-openai:v0.10.2"), command.end());
}

TEST(YamlNodes, TextYamlCppNeverFinishedIsAnError) {
  // yaml-cpp 0.7's LoadAll reported one empty document after another here, forever; libfyaml
  // stops at the `,` after the first document's scalar (line 1: 0 here, 0-based as yaml-cpp's
  // marks are).
  try {
    (void)yaml::load_documents("  \"x\",\n \"y\"]", 1000);
    FAIL() << "no error";
  } catch (const YAML::Exception& e) {
    EXPECT_EQ(e.mark.line, 0);
    EXPECT_FALSE(e.msg.empty());
  }
}

// libfyaml 0.7.12 took a line indented no further than the collection holding a block scalar
// into the scalar (YAML ends the scalar there): `k: |` over a sibling read as "j: x", and a
// `- |-` item over a line at the `-` column gave text longer than what it wrote (heap bytes; the
// manifest_parse fuzzer saw two readings of one file differ). Such text is refused by its line.
// Finding 36 (docs/reliability.md): libfyaml 0.7.12 formats a single-quoted scalar with a long run
// of '' escapes wrongly (escapes left doubled, the last folded line lost, at the right length).
// The reader folds the source between the quotes itself and never uses libfyaml's text for it.
TEST(YamlNodes, ASingleQuotedScalarIsReadAsYamlReadsIt) {
  // libfyaml gives 35 quotes and no "d e f" here (PyYAML: 30 quotes, then "d e f").
  const std::string text = "k: 'a ''b''\n  c " + std::string(60, '\'') + "d\n  e f'\n";
  EXPECT_EQ(yaml::load_documents(text, 1000).docs.at(0).find_child("k").text(), "a 'b' c " + std::string(30, '\'') + "d e f");
  // Escapes, folds, empty lines and edges, as YAML 1.2 (section 7.3.2) and libfyaml read them.
  const struct {
    const char* text;
    const char* value;
  } read[] = {
      {"k: 'it''s'\n", "it's"},
      {"k: ''''\n", "'"},
      {"k: ''\n", ""},
      {"k: 'a\n  b'\n", "a b"},
      {"k: 'a  \n\n   b'\n", "a\nb"},
      {"k: 'a\n\n\n  b'\n", "a\n\nb"},
      {"k: ' a '\n", " a "},
      {"k: 'x ''y''\n   z'\n", "x 'y' z"},
  };
  for (const auto& c : read)
    EXPECT_EQ(yaml::load_documents(c.text, 1000).docs.at(0).find_child("k").text(), c.value) << c.text;
}

TEST(YamlNodes, ABlockScalarOverALineNotIndentedPastItsParentIsRefused) {
  const struct {
    const char* text;
    int line;  // 0-based, as yaml-cpp's marks
  } refused[] = {
      {"c:\n  - |-\n  abc\n      def\n", 2},
      {"a:\n  k: |\n  j: x\n", 2},
      {"a:\n  k: >\n\n  # a comment\n  j: x\n", 3},
      {"- k: |\n  abc\n", 1},
  };
  for (const auto& c : refused) {
    try {
      (void)yaml::load_documents(c.text, 1000);
      ADD_FAILURE() << "no error for " << c.text;
    } catch (const YAML::Exception& e) {
      EXPECT_EQ(e.mark.line, c.line) << c.text;
      EXPECT_NE(e.msg.find("block scalar"), std::string::npos) << e.msg;
    }
  }
  // Block scalars indented past their parent, after blank lines, at a document's root, or ended by
  // a document marker read as yaml-cpp reads them.
  for (const char* text : {"a:\n  k: |\n\n     abc\n  j: x\n", "c:\n- |\n abc\n", "- - |\n   abc\n",
                           "k: |\n---\nx: 1\n", "a:\n  - >\n   x\n  - y\n", "k: |-\n  a\n b: 1\n"}) {
    SCOPED_TRACE(text);
    yaml::Documents ours;
    try {
      ours = yaml::load_documents(text, 1000);
    } catch (const YAML::Exception& e) {
      if (std::string(text) == "k: |-\n  a\n b: 1\n") continue;  // invalid YAML for both readers
      ADD_FAILURE() << e.what();
      continue;
    }
    const std::vector<YAML::Node> theirs = YAML::LoadAll(text);
    ASSERT_EQ(ours.docs.size(), theirs.size());
    for (std::size_t i = 0; i < theirs.size(); ++i) expect_same(ours.docs[i], theirs[i], "doc" + std::to_string(i));
  }
  // A document's root has no parent to be indented past (yaml-cpp 0.7 reads a second, empty
  // document after this one).
  EXPECT_EQ(yaml::load_documents("--- |\nabc\n", 1000).docs.at(0).text(), "abc\n");
}

TEST(YamlNodes, AnAliasOfNoAnchorIsAnError) {
  EXPECT_THROW((void)yaml::load_documents("a: *nowhere\n", 100), YAML::Exception);
  // A later anchor of the same name is the one a later alias names (YAML 1.2 section 7.1).
  const yaml::Documents r = yaml::load_documents("a: &x 1\nb: &x 2\nc: *x\n", 100);
  EXPECT_EQ(r.docs.at(0).find_child("c").text(), "2");
}

TEST(YamlNodes, NestingPastTheBoundIsAnError) {
  try {
    (void)yaml::load_documents(std::string(600, '[') + std::string(600, ']'), 100000);
    FAIL() << "no error";
  } catch (const YAML::Exception& e) {
    EXPECT_EQ(e.msg, yaml::kTooDeep);
  }
  EXPECT_NO_THROW((void)yaml::load_documents(std::string(400, '[') + std::string(400, ']'), 100000));
}

TEST(YamlNodes, AChildIsFoundAsByIteration) {
  const yaml::Documents read = yaml::load_documents("a: 1\nb: {c: [x]}\n7: seven\n? [k]\n: list\n", 100);
  const doc::Node doc = read.docs.at(0);
  EXPECT_EQ(doc.find_child("b").mark().line, 1);
  EXPECT_EQ(doc.find_child("b").find_child("c").at(0).text(), "x");
  EXPECT_EQ(doc.find_child("7").text(), "seven");
  EXPECT_FALSE(doc.find_child("k"));
  EXPECT_FALSE(doc.find_child("missing"));
  EXPECT_FALSE(doc.find_child("a").find_child("a"));  // not a map
}

TEST(YamlNodes, BadSyntaxThrowsAsLoadAllDoes) {
  EXPECT_THROW((void)yaml::load_documents("a: [1, 2\n", 100), YAML::Exception);
  EXPECT_THROW((void)YAML::LoadAll("a: [1, 2\n"), YAML::Exception);
}

// The webhook's object: the nodes made from JSON are the ones yaml-cpp makes from the same text
// (JSON is YAML), but for what a JSON reading has no notion of (line, style, the quoted-scalar tag).
void expect_same_content(const doc::Node& a, const YAML::Node& b, const std::string& at) {
  ASSERT_EQ(type_of(a), b.Type()) << at;
  if (a.is_scalar()) {
    EXPECT_EQ(a.text(), b.Scalar()) << at;
  }
  if (!a.is_map() && !a.is_seq()) return;
  ASSERT_EQ(a.size(), b.size()) << at;
  auto i = a.begin();
  auto j = b.begin();
  for (; i != a.end(); ++i, ++j) {
    if (a.is_map()) {
      expect_same_content(i->first, j->first, at + "/key");
      expect_same_content(i->second, j->second, at + "/" + i->first.str());
    } else {
      expect_same_content(*i, *j, at + "/item");
    }
  }
}

TEST(YamlNodes, TheReviewObjectIsTheJsonReadAsYaml) {
  const std::string object =
      R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":2,"paused":false,)"
      R"("template":{"spec":{"nodeSelector":{"nvidia.com/gpu.product":"NVIDIA-H100-80GB-HBM3"},"x":null,"f":1.5,)"
      R"("containers":[{"name":"vllm","image":"vllm/vllm-openai:v0.10.2","args":["--kv-cache-dtype","fp8",-3,true]}]}}}})";
  const std::string body = R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","object":)" +
                           object + "}}";
  const ReviewRead r = read_review(body, 100);
  ASSERT_EQ(r.problem, ReviewRead::Problem::none);
  ASSERT_TRUE(r.has_object);
  EXPECT_EQ(r.metadata_name, "d");
  expect_same_content(r.object, YAML::Load(object), "object");
}

TEST(YamlNodes, AKeyGivenTwiceInTheReviewObjectKeepsTheLastValue) {
  const std::string body = R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u",)"
                           R"("object":{"kind":"Pod","spec":{"a":"first","b":1,"a":["second"]}}}})";
  const ReviewRead r = read_review(body, 100);
  ASSERT_EQ(r.problem, ReviewRead::Problem::none);
  const doc::Node spec = r.object.find_child("spec");
  ASSERT_TRUE(spec.is_map());
  EXPECT_EQ(spec.size(), 2u);
  ASSERT_TRUE(spec.find_child("a").is_seq());
  EXPECT_EQ(spec.find_child("a").at(0).text(), "second");
}

// A key with an escape is unescaped into the scanner's buffer and copied into its frame; a key
// without one is kept as a view of the body. Forty objects deep, the frames' vector grows while
// such keys are held (review_reader.cpp re-points them): every key must still name its value.
TEST(YamlNodes, EscapedAndPlainKeysOfADeepReviewObjectNameTheirValues) {
  std::string object = R"({"kind":"Pod","spec":)";
  std::string close;
  for (int i = 0; i < 40; ++i) {
    object += i % 2 == 0 ? "{\"k\\/" + std::to_string(i) + "\":" : "{\"p" + std::to_string(i) + "\":";
    close += "}";
  }
  object += R"({"le\tf":"x","plain":"y"})" + close + "}";
  const std::string body = R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","object":)" +
                           object + "}}";
  const ReviewRead r = read_review(body, 100);
  ASSERT_EQ(r.problem, ReviewRead::Problem::none);
  doc::Node n = r.object.find_child("spec");
  for (int i = 0; i < 40; ++i) {
    const std::string key = i % 2 == 0 ? "k/" + std::to_string(i) : "p" + std::to_string(i);
    ASSERT_TRUE(n.is_map()) << key;
    ASSERT_EQ(n.size(), 1u) << key;
    n = n.find_child(key);
    ASSERT_TRUE(n) << key;
  }
  EXPECT_EQ(n.find_child("le\tf").text(), "x");
  EXPECT_EQ(n.find_child("plain").text(), "y");
}

}  // namespace
