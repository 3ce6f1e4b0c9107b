// Internal: rule codes the compiler checks. A code written outside the rule table — in a
// Constraint row or in a check — is a RuleId, whose constructor runs at compile time and fails
// the build for a code that is not a row of src/tables/rules.cpp (the list is generated from
// that file by cmake/rule_codes.cmake). A typo is a compile error, never a silently dropped rule.
#pragma once

#include <atomic>
#include <cstddef>
#include <string_view>

#include "kvdtype/rule.hpp"
#include "kvdtype_rule_codes.hpp"

namespace kvdtype::tables {

consteval bool known_rule_code(std::string_view code) {
  for (std::string_view c : kRuleCodes)
    if (c == code) return true;
  return false;
}

/// "KVD020" → 20; -1 for any other text. The one place a code's number is read.
constexpr int code_number(std::string_view code) noexcept {
  if (code.size() != 6 || code.substr(0, 3) != "KVD") return -1;
  int n = 0;
  for (const char c : code.substr(3)) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

/// A rule code known to exist: `rule("KVD020")` compiles only when KVD020 is a rule.
struct RuleId {
  std::string_view code;
  int number = -1;  // KVDnnn → nnn, worked out by the compiler (rule() is then an array read)
  consteval RuleId(const char* text) : code(text), number(code_number(text)) {  // NOLINT(implicit): written as a literal
    if (!known_rule_code(code)) throw "unknown rule code: not a row of src/tables/rules.cpp";
  }
};

/// The rule whose code is KVDnnn for this number (src/core/rule.cpp), or null.
[[nodiscard]] const Rule* rule_by_number(int number) noexcept;

/// rule_by_number()'s table once it is built (null before): rule() reads it inline, without
/// the call and the initialisation guard (a check asks for a rule by code a few times).
extern std::atomic<const Rule* const*> g_rules_by_number;

/// Every row's `.rule` names a rule (for `static_assert` in the table files).
template <class Row, std::size_t N>
consteval bool rule_codes_known(const Row (&rows)[N]) {
  for (const Row& r : rows)
    if (!known_rule_code(r.rule)) return false;
  return true;
}

}  // namespace kvdtype::tables

namespace kvdtype {

/// The rule of a compile-time-checked code (never null).
[[nodiscard]] inline const Rule* rule(tables::RuleId id) noexcept {
  if (id.number >= 0) {
    if (const Rule* const* table = tables::g_rules_by_number.load(std::memory_order_acquire)) return table[id.number];
    return tables::rule_by_number(id.number);
  }
  return find_rule(id.code);
}

}  // namespace kvdtype
