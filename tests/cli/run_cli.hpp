// Runs the kvdtype binary as a user would and captures what it printed and how it exited.
#pragma once

#include <string>
#include <vector>

namespace kvdtype::test {

struct CliResult {
  int exit_code = -1;  // -1: did not exit normally (a crash)
  std::string out, err;
};

/// Run KVDTYPE_CLI with `args` (no shell involved); `input` is written to its stdin.
CliResult run_cli(const std::vector<std::string>& args, const std::string& input = {},
                  const std::vector<std::string>& env = {});

}  // namespace kvdtype::test
