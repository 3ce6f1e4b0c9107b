// Looking up rules and constraints.
#include "kvdtype/rule.hpp"

#include <charconv>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

std::string_view name(Severity s) noexcept {
  switch (s) {
    case Severity::info: return "info";
    case Severity::warning: return "warning";
    case Severity::error: return "error";
  }
  return "error";
}

std::span<const Rule> rules() noexcept { return tables::rule_rows(); }

const Rule* find_rule(std::string_view code) noexcept {
  for (const Rule& r : rules())
    if (r.code == code) return &r;
  return nullptr;
}

Result<const Rule*> parse_rule_code(std::string_view text) {
  // Accept "KVD020", "kvd020", "kvd20" and "20": normalise to the three-digit form.
  std::string_view digits = text;
  if (digits.size() >= 3 && detail::iequals(digits.substr(0, 3), "kvd")) digits.remove_prefix(3);
  unsigned n = 0;
  const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec == std::errc() && p == digits.data() + digits.size() && !digits.empty() && n < 1000) {
    std::string code = "KVD";
    code += static_cast<char>('0' + n / 100);
    code += static_cast<char>('0' + n / 10 % 10);
    code += static_cast<char>('0' + n % 10);
    if (const Rule* r = find_rule(code)) return r;
  }
  std::vector<std::string_view> codes;
  for (const Rule& r : rules()) codes.push_back(r.code);
  return Error{ErrorCode::unknown_name,
               "unknown rule code '" + detail::printable(text) + "'; nearest: " + detail::nearest(text, codes, 3)};
}

std::span<const Constraint> constraints(Engine engine) noexcept {
  switch (engine) {
    case Engine::vllm: return tables::vllm_constraints();
    case Engine::sglang: return tables::sglang_constraints();
    default: return {};
  }
}

}  // namespace kvdtype
