// HeapOptional (kvdtype/heap_optional.hpp): io::Checked's drafter and prefill reports, held on
// the heap so that a Checked without them is one Report, not three, on every frame and copy.
#include <gtest/gtest.h>

#include <utility>

#include "kvdtype/heap_optional.hpp"
#include "kvdtype/io/pipeline.hpp"

namespace {

using kvdtype::HeapOptional;
using kvdtype::Report;

static_assert(sizeof(HeapOptional<Report>) == sizeof(void*), "an empty one costs a pointer, not a Report");
static_assert(sizeof(kvdtype::io::Checked) < 2 * sizeof(Report), "a Checked holds one Report inline");

TEST(HeapOptional, ReadsAsAnOptional) {
  HeapOptional<int> a;
  EXPECT_FALSE(a);
  EXPECT_FALSE(a.has_value());
  a = 7;
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, 7);
  a = 8;  // assigning over a value keeps one value
  EXPECT_EQ(*a, 8);
  a = std::nullopt;
  EXPECT_FALSE(a);
  a = 3;
  a.reset();
  EXPECT_FALSE(a.has_value());
}

TEST(HeapOptional, CopiesAreDeepAndMovesTakeTheValue) {
  HeapOptional<int> a = 5;
  HeapOptional<int> b = a;
  *b = 6;
  EXPECT_EQ(*a, 5);  // not shared
  EXPECT_EQ(*b, 6);
  a = b;
  EXPECT_EQ(*a, 6);
  *a = 9;
  EXPECT_EQ(*b, 6);
  HeapOptional<int> c = std::move(a);
  EXPECT_EQ(*c, 9);
  HeapOptional<int> empty;
  c = empty;
  EXPECT_FALSE(c);
}

TEST(HeapOptional, CheckedCopiesKeepTheirOwnDrafterReport) {
  kvdtype::io::Checked one;
  one.draft = Report{};
  one.draft->fixed_bugs.push_back(nullptr);
  kvdtype::io::Checked two = one;
  ASSERT_TRUE(two.draft);
  EXPECT_EQ(two.draft->fixed_bugs.size(), 1u);
  two.draft->fixed_bugs.clear();
  EXPECT_EQ(one.draft->fixed_bugs.size(), 1u);
  EXPECT_FALSE(two.prefill);
  // view() points into the object it is called on.
  EXPECT_EQ(two.view().draft, &*two.draft);
  EXPECT_EQ(two.view().prefill, nullptr);
}

}  // namespace
