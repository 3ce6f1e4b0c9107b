// The firing-site table (firing_sites.hpp): one row per place that can fire a rule, with the
// codes it declares. A new rule is declared by the row of the check, the reader or the
// Constraint row that fires it; the lint fails for a rule no row declares. An engine's own launch
// code (src/tables/engines/<engine>/launch_<engine>.cpp) declares what it fires in its folder, by
// the registry row's `launch.hooks_fire`: its row is added here from the registry, not written.
#include "core/firing_sites.hpp"

#include <algorithm>
#include <bitset>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"

namespace kvdtype::detail {
namespace {

using enum SiteKind;

constexpr FiringSite kFixedSites[] = {
    // ---- the generic checks of check.cpp, in the order check() runs them ------------------
    {.name = "unknown_inputs", .kind = check, .codes = "KVD080"},
    // A value the launch readers found the engine refuses (RequestInput::refused_rule).
    {.name = "refused_value", .kind = check, .codes = "KVD200 KVD205 KVD220 KVD240 KVD260 KVD293"},
    {.name = "flash_attention", .kind = check, .codes = "KVD201 KVD202 KVD203 KVD204"},
    {.name = "cache_string", .kind = check, .codes = "KVD002 KVD004 KVD063 KVD081 KVD087 KVD103"},
    {.name = "release_scope", .kind = check, .codes = "KVD005 KVD006 KVD007 KVD008 KVD080 KVD104"},
    // The requested backend's own row (resolve.cpp row_failures), and no backend at all.
    {.name = "backend_rows", .kind = check, .codes = "KVD006 KVD008 KVD010 KVD011 KVD012 KVD013 KVD014 KVD015 KVD016 KVD023 KVD080 KVD090 KVD104"},
    {.name = "canonicalization", .kind = check, .codes = "KVD018"},
    {.name = "format_substitution", .kind = check, .codes = "KVD061"},
    // The declared KV element and storage dtypes (compat.cpp decides which).
    {.name = "declared_kv", .kind = check, .codes = "KVD020 KVD021 KVD022"},
    {.name = "query", .kind = check, .codes = "KVD030 KVD031 KVD032"},
    {.name = "target_path", .kind = check, .codes = "KVD040 KVD041"},
    {.name = "kernel_availability", .kind = check, .codes = "KVD071 KVD101 KVD222"},
    {.name = "portability_and_scales", .kind = check, .codes = "KVD050 KVD051 KVD062"},
    // Issue 28's per-layer plans (layer_rules.cpp): state layers a quantized cache leaves alone,
    // a packed layout that leaves a quantized cache no saving, a drafter's own cache string.
    {.name = "layer_plan", .kind = check, .codes = "KVD091 KVD092 KVD106"},
    // ---- the run-time Guard: the Q and KV dtypes a kernel is handed (compat.cpp decides) ---
    {.name = "Guard::check", .kind = guard, .codes = "KVD020 KVD021 KVD022 KVD030 KVD031 KVD032"},
    // ---- the tables ----------------------------------------------------------------------
    {.name = "constraint rows", .kind = constraints},
    // ---- the readers and pipeline steps that fire findings (src/sources, src/pipeline), by file --
    {.name = "inputs_check.cpp", .kind = reader, .codes = "KVD001 KVD080 KVD151 KVD152 KVD153 KVD154 KVD155"},
    {.name = "model_config.cpp", .kind = reader, .codes = "KVD082 KVD083 KVD084 KVD085 KVD086"},
    {.name = "workloads.cpp", .kind = reader, .codes = "KVD080"},
    {.name = "suppressions.cpp", .kind = reader, .codes = "KVD156", .names_only = "KVD300 KVD329"},
    {.name = "deployment.cpp", .kind = reader, .codes = "KVD300 KVD301 KVD302 KVD303 KVD304 KVD305 KVD306"},
    // ---- then one reader row per engine whose launch hooks fire something (sites() below) ----
};

// The one row of the Constraint rows, found by the compiler (the build fails without it).
constexpr std::size_t kConstraintRow = [] {
  std::size_t at = std::size(kFixedSites);
  for (std::size_t i = 0; i < std::size(kFixedSites); ++i)
    if (kFixedSites[i].kind == constraints) at = at == std::size(kFixedSites) ? i : std::size(kFixedSites) + 1;
  return at;
}();
static_assert(kConstraintRow < std::size(kFixedSites), "the firing-site table has exactly one row of the Constraint rows");

using tables::code_number;


// The codes some Constraint row of some engine fires, built once.
const std::bitset<1000>& constraint_codes() noexcept {
  static const std::bitset<1000> kCodes = [] {
    std::bitset<1000> b;
    for (const EngineInfo& e : engines())
      for (const CompiledConstraint& c : engine_index(e.id).constraints)
        if (const int n = code_number(c.rule->code); n >= 0) b.set(static_cast<std::size_t>(n));
    return b;
  }();
  return kCodes;
}

std::mutex g_undeclared_mutex;
std::vector<std::string>& undeclared() {
  static std::vector<std::string> kSeen;
  return kSeen;
}

// The whole table, built once: the written rows, then a reader row per engine whose launch hooks
// fire something (named after its launch_<engine>.cpp), and each row's declared codes as a bitset
// (check() asks for every finding it emits: one bit test rather than a scan of the code list).
struct Sites {
  std::vector<std::string> hook_files;  // the engine rows' names, owned here
  std::vector<FiringSite> rows;
  std::vector<std::bitset<1000>> codes;
};

Sites build_sites() {
  Sites s;
  for (const tables::EngineTables& e : tables::engine_registry())
    if (!e.launch.hooks_fire.empty()) s.hook_files.push_back("launch_" + std::string(e.info.name) + ".cpp");
  s.rows.assign(std::begin(kFixedSites), std::end(kFixedSites));
  std::size_t file = 0;
  for (const tables::EngineTables& e : tables::engine_registry())
    if (!e.launch.hooks_fire.empty())
      s.rows.push_back({.name = s.hook_files[file++], .kind = reader, .codes = e.launch.hooks_fire});
  // Each row's codes from its own words (one pass over the table's text), not by asking every
  // rule of every row: that took a fifth of a whole `kvdtype check` process
  // (docs/performance.md). declares() is only asked about rules, so a word that names no rule
  // sets a bit nobody reads. The Constraint row's codes are constraint_codes(), asked only for
  // that row (declared_codes below): they need every engine's index built, which a check of one
  // engine (check() never asks about the Constraint row) should not pay for.
  s.codes.resize(s.rows.size());
  for (std::size_t i = 0; i < s.rows.size(); ++i)
    for_each_word(s.rows[i].codes, [&](std::string_view w) {
      if (const int n = code_number(w); n >= 0) s.codes[i].set(static_cast<std::size_t>(n));
    });
  return s;
}

const Sites& sites() noexcept {
  static const Sites kSites = build_sites();
  return kSites;
}

}  // namespace

std::span<const FiringSite> firing_sites() noexcept { return sites().rows; }

const FiringSite* check_site(std::string_view name) noexcept {
  for (const FiringSite& s : sites().rows)
    if (s.kind == check && s.name == name) return &s;
  return nullptr;
}

const FiringSite& constraint_site() noexcept { return sites().rows[kConstraintRow]; }

const std::bitset<1000>& declared_codes(const FiringSite& site) noexcept {
  if (site.kind == constraints) return constraint_codes();
  const Sites& all = sites();
  return all.codes[static_cast<std::size_t>(&site - all.rows.data())];
}

bool declares(const FiringSite& site, const Rule& rule) noexcept {
  const int n = code_number(rule.code);
  return n >= 0 && declared_codes(site).test(static_cast<std::size_t>(n));
}

std::vector<const FiringSite*> sites_of(const Rule& rule) {
  std::vector<const FiringSite*> out;
  for (const FiringSite& s : sites().rows)
    if (declares(s, rule)) out.push_back(&s);
  return out;
}

std::string describe(const FiringSite& site) {
  switch (site.kind) {
    case check: return "check " + std::string(site.name) + "() (src/core/check.cpp)";
    case constraints: return "a Constraint row of the engine tables (src/tables/)";
    case reader: return "the input reader " + std::string(site.name);
    case guard: return "the run-time Guard (src/core/guard.cpp)";
  }
  return std::string(site.name);
}

void record_undeclared(const FiringSite& site, const Rule& rule) noexcept {
  try {
    std::string line = std::string(rule.code) + " fired from " + describe(site) + ", which does not declare it";
    const std::lock_guard lock(g_undeclared_mutex);
    auto& seen = undeclared();
    if (std::find(seen.begin(), seen.end(), line) == seen.end()) seen.push_back(std::move(line));
  } catch (...) {
    // Out of memory while recording: check() still reported the finding; nothing else to do.
  }
}

std::vector<std::string> undeclared_firings() {
  const std::lock_guard lock(g_undeclared_mutex);
  return undeclared();
}

}  // namespace kvdtype::detail
