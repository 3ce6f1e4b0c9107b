// Runs the kvdtype binary as a user would and captures what it printed and how it exited.
#pragma once

#include <string>
#include <vector>

namespace kvdtype::test {

struct CliResult {
  int exit_code = -1;  // -1: did not exit normally (a crash, or killed after the timeout)
  bool timed_out = false;
  std::string out, err;
};

/// Run KVDTYPE_CLI with `args` (no shell involved); `input` is written to its stdin. A run that
/// takes longer than `timeout_s` seconds is a hang: it is killed and reported as timed_out.
CliResult run_cli(const std::vector<std::string>& args, const std::string& input = {},
                  const std::vector<std::string>& env = {}, int timeout_s = 60);

/// Run any program (argv[0] found on PATH unless it holds a '/'), the same way: stdin fed from a
/// thread, stdout and stderr captured, killed after `timeout_s` (exit_code -1, timed_out).
CliResult run_program(const std::vector<std::string>& argv, const std::string& input = {},
                      const std::vector<std::string>& env = {}, int timeout_s = 60);

}  // namespace kvdtype::test
