// A systemd service unit read as the script it amounts to (src/sources/shell/systemd_unit.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "sources/shell/shell.hpp"

namespace {

using kvdtype::io::detail::systemd_unit_as_script;

TEST(SystemdUnit, ScriptsAndOtherTextAreNoUnit) {
  EXPECT_FALSE(systemd_unit_as_script("#!/bin/sh\nollama serve\n").has_value());
  EXPECT_FALSE(systemd_unit_as_script("[Unit]\nDescription=x\n").has_value());  // no [Service]
  EXPECT_FALSE(systemd_unit_as_script("echo hi\n[Service]\nExecStart=x\n").has_value());
}

TEST(SystemdUnit, EnvironmentIsSetBeforeEveryExecStartWhereverItStands) {
  const auto s = systemd_unit_as_script(
      "# comment\n[Unit]\nDescription=Ollama\n\n[Service]\nExecStart=/usr/bin/ollama serve\n"
      "Environment=\"OLLAMA_KV_CACHE_TYPE=q8_0\" \"A=two words\"\nEnvironment=B=$HOME\n[Install]\nWantedBy=default.target\n");
  ASSERT_TRUE(s.has_value());
  // Line for line: the command stays on the unit's line 6; every other line is blank.
  const std::size_t line6 = [&] {
    std::size_t at = 0;
    for (int n = 1; n < 6; ++n) at = s->find('\n', at) + 1;
    return at;
  }();
  EXPECT_EQ(s->substr(line6, s->find('\n', line6) - line6),
            "export OLLAMA_KV_CACHE_TYPE='q8_0' A='two words'; export B='$HOME'; /usr/bin/ollama serve");
  EXPECT_EQ(std::count(s->begin(), s->end(), '\n'), 11);
  EXPECT_EQ(s->find("Description"), std::string::npos);
  EXPECT_EQ(s->find("WantedBy"), std::string::npos);
}

TEST(SystemdUnit, EnvironmentFileIsSourcedAndExecPrefixesDropped) {
  const auto s = systemd_unit_as_script("[Service]\nEnvironmentFile=-/etc/default/ollama\nExecStart=-@/usr/bin/ollama ollama-argv0 serve\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_NE(s->find(". '/etc/default/ollama'; '/usr/bin/ollama' 'serve'"), std::string::npos) << *s;
}

TEST(SystemdUnit, AContinuedLineIsOneCommand) {
  const auto s = systemd_unit_as_script("[Service]\nExecStart=/usr/bin/ollama \\\n  serve\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_NE(s->find("/usr/bin/ollama serve"), std::string::npos) << *s;
}

}  // namespace
