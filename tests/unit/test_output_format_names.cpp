// io::output_format_names(): the names the bash completion offers after --format are exactly the
// ones parse_output_format takes and lists when it refuses a name.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "kvdtype/io/render.hpp"

namespace {

TEST(OutputFormatNames, EachParsesToADistinctFormat) {
  std::set<kvdtype::io::OutputFormat> seen;
  for (const std::string_view n : kvdtype::io::output_format_names()) {
    const auto f = kvdtype::io::parse_output_format(n);
    ASSERT_TRUE(f.ok()) << n;
    EXPECT_TRUE(seen.insert(*f).second) << n << " names a format another name already named";
  }
  EXPECT_GE(seen.size(), 5u);
}

TEST(OutputFormatNames, AreTheListTheRefusalGives) {
  const auto f = kvdtype::io::parse_output_format("no-such-format");
  ASSERT_FALSE(f.ok());
  std::string listed;
  for (const std::string_view n : kvdtype::io::output_format_names()) listed += (listed.empty() ? "" : ", ") + std::string(n);
  EXPECT_NE(f.error().message.find("valid: " + listed), std::string::npos) << f.error().message << " vs " << listed;
}

}  // namespace
