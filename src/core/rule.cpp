// Looking up rules and constraints.
#include "kvdtype/rule.hpp"

#include <array>
#include <charconv>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "tables/rule_id.hpp"
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

namespace {

// "KVD" and three digits → the number; -1 for any other text.
int canonical_number(std::string_view code) noexcept {
  if (code.size() != 6 || code.substr(0, 3) != "KVD") return -1;
  int n = 0;
  for (char c : code.substr(3)) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

// Every rule by its number, built once: find_rule is called per diagnostic by check() and per
// format by Guard's constructor, and a scan of the rule table with string compares was most of
// the Guard's cost (docs/performance.md).
struct RulesByNumber {
  std::array<const Rule*, 1000> rule{};
  bool all_canonical = true;  // every code is KVDnnn (the lint makes it so); else find_rule scans
  RulesByNumber() noexcept {
    for (const Rule& r : rules()) {
      const int n = canonical_number(r.code);
      if (n < 0) all_canonical = false;
      else if (rule[static_cast<std::size_t>(n)] == nullptr) rule[static_cast<std::size_t>(n)] = &r;  // first wins
    }
  }
};

const RulesByNumber& by_number() noexcept {
  static const RulesByNumber instance;
  return instance;
}

}  // namespace

std::atomic<const Rule* const*> tables::g_rules_by_number{nullptr};

const Rule* tables::rule_by_number(int number) noexcept {
  const RulesByNumber& table = by_number();
  // Published once for rule()'s inline read (a store at every call would write a line every
  // thread reads).
  if (g_rules_by_number.load(std::memory_order_relaxed) == nullptr)
    g_rules_by_number.store(table.rule.data(), std::memory_order_release);
  return number >= 0 && number < 1000 ? table.rule[static_cast<std::size_t>(number)] : nullptr;
}

const Rule* find_rule(std::string_view code) noexcept {
  const RulesByNumber& table = by_number();
  const int n = canonical_number(code);
  if (n >= 0) return table.rule[static_cast<std::size_t>(n)];  // exact: a KVDnnn code is its number
  if (table.all_canonical) return nullptr;                     // no other spelling is any rule's code
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
    for (const tables::RetiredRule& old : tables::retired_rule_rows())
      if (old.retired == code) return find_rule(old.now);
  }
  std::vector<std::string_view> codes;
  for (const Rule& r : rules()) codes.push_back(r.code);
  return Error{ErrorCode::unknown_name,
               "unknown rule code '" + detail::printable(text) + "'; nearest: " + detail::nearest(text, codes, 3)};
}

std::span<const Constraint> constraints(Engine engine) noexcept {
  return tables::engine_tables(engine).constraints();
}

// Constraint rows name their rule by code; the tables' static_asserts (rule_codes_known) make
// every code a real rule, so the lookup cannot miss.
const Rule& rule_of(const Constraint& c) noexcept { return *find_rule(c.rule); }
std::string_view summary(const Constraint& c) noexcept { return c.detail; }
std::string_view fix_pr(const Constraint& c) noexcept { return c.fix_pr; }
std::string_view fixed_in(const Constraint& c) noexcept { return c.fixed_in; }
std::string_view source(const Constraint& c) noexcept { return c.source; }

}  // namespace kvdtype
