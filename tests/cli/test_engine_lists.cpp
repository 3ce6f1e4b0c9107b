// Every list of engines in help is read from the engine registry: each subcommand's --engine help
// names the same engines as `check --help` does, and each of them is an engine the CLI takes.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "run_cli.hpp"

namespace {

using kvdtype::test::CliResult;
using kvdtype::test::run_cli;

// The help line of --engine in `args`'s output.
std::string engine_help_line(const std::vector<std::string>& args) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.find("  --engine ") != std::string::npos) return line;
  ADD_FAILURE() << "no --engine line in the help of " << args.front();
  return {};
}

// `check --help`: "--engine ENGINE   vllm (default), sglang, …": the words after the placeholder.
std::vector<std::string> engines_of_check_help() {
  const std::string line = engine_help_line({"check", "--help"});
  std::vector<std::string> out;
  std::istringstream words(line.substr(line.find("ENGINE") + 6));
  for (std::string w; words >> w;) {
    while (!w.empty() && (w.back() == ',')) w.pop_back();
    if (!w.empty() && w != "(default)" && w != "or") out.push_back(w);
  }
  return out;
}

TEST(EngineLists, EverySubcommandNamesTheSameEnginesAsCheck) {
  const std::vector<std::string> engines = engines_of_check_help();
  ASSERT_GE(engines.size(), 5U);
  for (const char* sub : {"releases", "backends", "matrix"}) {
    const std::string line = engine_help_line({sub, "--help"});
    for (const std::string& e : engines) EXPECT_NE(line.find(e), std::string::npos) << sub << ": " << e;
  }
}

TEST(EngineLists, EveryListedEngineIsTaken) {
  for (const std::string& e : engines_of_check_help()) {
    const CliResult r = run_cli({"releases", "--engine", e});
    EXPECT_EQ(r.exit_code, 0) << e << ": " << r.err;
  }
}

}  // namespace
