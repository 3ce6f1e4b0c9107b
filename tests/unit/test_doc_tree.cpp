// kvdtype's document tree (sources/k8s/doc_tree.hpp): handles, lookup, iteration and the writes
// the manifest walk makes (merge keys, controllers' pod specs, llm-d's merged stacks), each as
// yaml-cpp's nodes behaved where the walk used them before session 44.
#include <gtest/gtest.h>
#include <yaml-cpp/exceptions.h>

#include <string>
#include <vector>

#include "sources/k8s/doc_tree.hpp"
#include "sources/k8s/yaml_nodes.hpp"

namespace {

using namespace kvdtype::io;

std::vector<std::string> keys_of(const doc::Node& map) {
  std::vector<std::string> out;
  for (const auto& kv : map) out.push_back(kv.first.str());
  return out;
}

TEST(DocTree, AnUndefinedHandleReadsAsNothing) {
  const doc::Node n;
  EXPECT_FALSE(n);
  EXPECT_FALSE(n.is_map() || n.is_seq() || n.is_scalar() || n.is_null());
  EXPECT_EQ(n.text(), "");
  EXPECT_EQ(n.size(), 0u);
  EXPECT_EQ(n.mark().line, -1);
  EXPECT_FALSE(n.find_child("a"));
  EXPECT_FALSE(n.at(0));
  EXPECT_TRUE(n.begin() == n.end());
}

TEST(DocTree, AMapKeepsItsKeysInOrderAndFindsTheFirstOfTwo) {
  doc::Tree t;
  const doc::Node m = t.map();
  t.append(m, t.scalar("b"), t.scalar("1"));
  t.append(m, t.scalar("a"), t.scalar("2"));
  t.append(m, t.scalar("b"), t.scalar("3"));  // a key given twice stays twice (YAML::Load kept both)
  EXPECT_EQ(keys_of(m), (std::vector<std::string>{"b", "a", "b"}));
  EXPECT_EQ(m.size(), 3u);
  EXPECT_EQ(m.find_child("b").text(), "1");
  // set replaces the first entry's value, or appends.
  t.set(m, "b", t.scalar("4"));
  t.set(m, "c", t.scalar("5"));
  EXPECT_EQ(keys_of(m), (std::vector<std::string>{"b", "a", "b", "c"}));
  EXPECT_EQ(m.find_child("b").text(), "4");
  // remove takes the first entry of the key only, as yaml-cpp's remove did.
  EXPECT_TRUE(t.remove(m, "b"));
  EXPECT_EQ(keys_of(m), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(m.find_child("b").text(), "3");
  EXPECT_TRUE(t.remove(m, "c"));  // the last entry: appending goes on after the new last one
  t.set(m, "d", t.scalar("6"));
  EXPECT_EQ(keys_of(m), (std::vector<std::string>{"a", "b", "d"}));
  EXPECT_FALSE(t.remove(m, "missing"));
  EXPECT_EQ(m.size(), 3u);
  // Writing an undefined value writes nothing (an undefined yaml-cpp value was never iterated).
  t.set(m, "e", doc::Node());
  EXPECT_FALSE(m.find_child("e"));
}

TEST(DocTree, ASequenceIsIteratedAndIndexed) {
  doc::Tree t;
  const doc::Node s = t.seq();
  for (const char* w : {"x", "y", "z"}) t.push(s, t.scalar(w));
  std::string all;
  for (const doc::Node w : s) all += w.str();
  EXPECT_EQ(all, "xyz");
  EXPECT_EQ(s.at(1).text(), "y");
  EXPECT_FALSE(s.at(3));
  // A sequence's items have no key; a map's entries are no item.
  for (const auto& item : s) EXPECT_FALSE(item.first);
  const doc::Node m = t.map();
  t.set(m, "k", s);
  for (const auto& kv : m) {
    EXPECT_FALSE(static_cast<const doc::Node&>(kv));
    EXPECT_TRUE(kv.second.is(s));
  }
}

TEST(DocTree, MapAtMakesTheMappingsOfAPath) {
  doc::Tree t;
  const doc::Node spec = t.map();
  const doc::Node terms = t.seq();
  t.set(t.map_at(t.map_at(spec, "affinity"), "nodeAffinity"), "terms", terms);
  EXPECT_TRUE(spec.find_child("affinity").find_child("nodeAffinity").find_child("terms").is(terms));
  // An existing mapping is reused, not replaced.
  t.set(t.map_at(spec, "affinity"), "other", t.scalar("v"));
  EXPECT_EQ(keys_of(spec.find_child("affinity")), (std::vector<std::string>{"nodeAffinity", "other"}));
}

TEST(DocTree, SetScalarIsSeenByEveryHolder) {
  const yaml::Documents read = yaml::load_documents("a: &x '{{ .T }}'\nb: *x\n", 100);
  doc::Tree t;
  const doc::Node a = read.docs.at(0).find_child("a");
  EXPECT_EQ(a.tag(), "!");
  EXPECT_EQ(a.mark().line, 0);
  t.set_scalar(a, "rendered");
  EXPECT_EQ(read.docs.at(0).find_child("b").text(), "rendered");
  // As a string assigned to a yaml-cpp node: no place, no tag.
  EXPECT_EQ(a.tag(), "");
  EXPECT_EQ(a.mark().line, -1);
}

TEST(DocTree, ACloneIsDeepAndKeepsMarksAndTags) {
  const yaml::Documents read = yaml::load_documents("top:\n  k: 'v'\n  l: [1, {m: n}]\n", 100);
  doc::Tree t;
  const doc::Node from = read.docs.at(0).find_child("top");
  const doc::Node copy = t.clone(from);
  EXPECT_FALSE(copy.is(from));
  EXPECT_EQ(copy.find_child("k").text(), "v");
  EXPECT_EQ(copy.find_child("k").tag(), "!");
  EXPECT_EQ(copy.find_child("k").mark().line, 1);
  EXPECT_EQ(copy.find_child("l").at(1).find_child("m").text(), "n");
  t.set(copy, "k", t.scalar("changed"));
  EXPECT_EQ(from.find_child("k").text(), "v");
}

TEST(DocTree, LoadFirstReadsOneDocumentAsYamlLoadDid) {
  doc::Tree t;
  // The first document only: what follows it is not read (YAML::Load stopped there too).
  const doc::Node first = yaml::load_first("a: 1\n---\nb: [unclosed\n", t);
  EXPECT_EQ(first.find_child("a").text(), "1");
  // No document: a null node, defined.
  const doc::Node empty = yaml::load_first("# nothing\n", t);
  EXPECT_TRUE(empty);
  EXPECT_TRUE(empty.is_null());
  // A key given twice is kept twice; the first is found.
  const doc::Node twice = yaml::load_first("k: 1\nk: 2\n", t);
  EXPECT_EQ(twice.size(), 2u);
  EXPECT_EQ(twice.find_child("k").text(), "1");
  EXPECT_THROW((void)yaml::load_first("a: [1, 2\n", t), YAML::Exception);
}

}  // namespace
