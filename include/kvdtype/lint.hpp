// kvdtype/lint.hpp — the tables checked against each other.
//
// Pure, like check(): it reads the tables and runs check() over them, nothing else. `kvdtype
// rules --lint` runs it and then proves every rule's trigger fires (kvdtype/io/lint.hpp: a
// trigger is kvdtype arguments, often a launch command, so that half lives with the parsers).
#pragma once

#include <string>
#include <vector>

namespace kvdtype {

struct LintResult {
  std::vector<std::string> problems;  ///< empty when the tables are consistent
  std::vector<std::string> summary;   ///< what was checked, with counts
};

/// Every word in every row names a row of the table it refers to; rule codes are unique and well
/// formed, each rule has a title, message, fix, source and trigger, and its templates name only
/// placeholders that exist; every product's target exists; the kernel table names existing
/// formats, backends and families; every kv-cache string on every target either resolves to a
/// backend or is refused by a rule; no backend claims an fp8 path its targets cannot run without
/// a rule firing.
[[nodiscard]] LintResult lint_tables();

}  // namespace kvdtype
