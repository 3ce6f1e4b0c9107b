// kvdtype/rule.hpp — Rule: one named check with a stable code; Constraint: a fact that fires one.
//
// Rules live in src/tables/rules.cpp (one row each, with the page docs/rules/KVDnnn.md). A Rule's
// fields are its public record (the rule index, `kvdtype explain`). Most rules are fired by the
// generic checks (a backend's row, the Q policy, the declared KV dtype …); facts of the form
// "this combination breaks on these targets / in these engine versions" are Constraint rows.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype {

enum class Severity : std::uint8_t { info, warning, error };
[[nodiscard]] std::string_view name(Severity s) noexcept;

/// A list of the backend's row that {value} stands for when a finding recorded no value of its
/// own: a rule about a backend's list names that list ("FLASH_ATTN takes auto, bfloat16, fp8").
enum class BackendList : std::uint8_t { none, kv_cache_dtypes, model_dtypes, attention };

/// One rule. `message` and `fix` are templates; {placeholders} are filled from the Request, the
/// Plan and the Diagnostic's evidence (see docs/rules/README.md for the list).
struct Rule {
  std::string_view code;      ///< "KVD020"; never reused
  Severity severity = Severity::error;
  std::string_view title;     ///< short: "fp8 KV declared to the kernel as uint8"
  std::string_view message;   ///< template naming the offending values
  std::string_view fix;       ///< template: what to change
  std::string_view source;    ///< issue / PR / repo path the rule comes from
  std::string_view trigger;   ///< kvdtype arguments that fire it (docs, lint and tests run it)
  BackendList value_list = BackendList::none;  ///< {value}'s default (message.cpp fills it)
};

[[nodiscard]] std::span<const Rule> rules() noexcept;
/// "KVD020", "kvd20", "20" → the rule; unknown codes are an Error with the nearest codes.
[[nodiscard]] Result<const Rule*> parse_rule_code(std::string_view text);
[[nodiscard]] const Rule* find_rule(std::string_view code) noexcept;

/// A table fact that fires a rule: "this combination breaks on these targets / in these engine
/// versions" (src/tables/constraints_<engine>.cpp). Opaque here, like the other rows
/// (src/tables/rows/constraint.hpp); Evidence::constraint and Report::fixed_bugs point at one.
struct Constraint;

/// The rule the row fires.
[[nodiscard]] const Rule& rule_of(const Constraint& c) noexcept;
/// One line: the specific fact (what fills the rule's {detail}).
[[nodiscard]] std::string_view summary(const Constraint& c) noexcept;
/// Known bugs: the fixing pull request ("vllm-project/vllm#39988") and the first fixed release
/// (empty when not fixed, not established, or not a bug).
[[nodiscard]] std::string_view fix_pr(const Constraint& c) noexcept;
[[nodiscard]] std::string_view fixed_in(const Constraint& c) noexcept;
/// The report, PR or repository path the row comes from.
[[nodiscard]] std::string_view source(const Constraint& c) noexcept;

}  // namespace kvdtype
