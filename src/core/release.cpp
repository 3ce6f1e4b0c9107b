// Release lookup: the release tables, parsed once into Versions.
#include <algorithm>
#include <atomic>
#include <array>
#include <mutex>
#include <vector>

#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype {
namespace {

// The engine's release table, through its registry row (src/tables/engines.cpp).
std::span<const Release> rows_of(Engine e) noexcept {
  const auto releases = tables::engine_tables(e).releases;
  return releases ? releases() : std::span<const Release>{};
}

// Parsed versions per engine. A row that does not parse is kept as an unknown Version (the
// table tests and `rules --lint` report it) so that indexes stay parallel to the rows.
constexpr std::size_t kMaxEngines = 16;  // Engine values are small; room for engines to come

struct Parsed {
  std::vector<Version> versions;
  // Every row parses and each is newer than the one before (the table tests and the lint
  // require it): find_release may then search by halves. Otherwise it scans.
  bool ordered = false;
};

// One engine's versions, parsed on the first use of that engine: a process that checks one vLLM
// request parses vLLM's 66 rows, not every engine's (docs/performance.md, fifth round).
const Parsed& parsed(std::size_t i) noexcept {
  static std::array<std::once_flag, kMaxEngines> once;
  static std::array<Parsed, kMaxEngines>& by_engine = *new std::array<Parsed, kMaxEngines>;  // never destroyed
  std::call_once(once[i], [i] {
    Parsed& p = by_engine[i];
    if (std::none_of(engines().begin(), engines().end(), [i](const EngineInfo& e) { return static_cast<std::size_t>(e.id) == i; }))
      return;  // no such engine: no releases
    for (const Release& r : rows_of(static_cast<Engine>(i))) {
      auto v = parse_version(r.version);
      p.versions.push_back(v.ok() ? *v : Version{});
    }
    const auto& out = p.versions;
    p.ordered = std::all_of(out.begin(), out.end(), [](const Version& v) { return v.known; }) &&
                std::is_sorted(out.begin(), out.end()) && std::adjacent_find(out.begin(), out.end()) == out.end();
  });
  return by_engine[i];
}

// Each engine's parsed versions once parsed: one acquire load where parsed() passes
// std::call_once (~50 instructions; check() asks for them at every check of a release).
std::array<std::atomic<const Parsed*>, kMaxEngines> g_parsed_ready{};

}  // namespace

std::span<const Release> releases(Engine engine) noexcept { return rows_of(engine); }

std::span<const Version> release_versions(Engine engine) noexcept {
  const auto i = static_cast<std::size_t>(engine);
  if (i >= kMaxEngines) return {};
  if (const Parsed* ready = g_parsed_ready[i].load(std::memory_order_acquire)) return ready->versions;
  const Parsed& p = parsed(i);
  g_parsed_ready[i].store(&p, std::memory_order_release);
  return p.versions;
}

const Release* find_release(Engine engine, const Version& v) noexcept {
  if (!v.known) return nullptr;
  const auto rows = releases(engine);
  const auto versions = release_versions(engine);
  if (const auto i = static_cast<std::size_t>(engine); i < kMaxEngines && parsed(i).ordered) {
    // check() asks this for every versioned request: by halves, not a scan of every release.
    const auto it = std::lower_bound(versions.begin(), versions.end(), v);
    return it != versions.end() && *it == v ? &rows[static_cast<std::size_t>(it - versions.begin())] : nullptr;
  }
  for (std::size_t i = 0; i < versions.size(); ++i)
    if (versions[i].known && versions[i] == v) return &rows[i];
  return nullptr;
}

namespace {

const Release* newest_of(Engine engine, bool established_only) noexcept {
  const auto rows = releases(engine);
  const auto versions = release_versions(engine);
  const Release* best = nullptr;
  Version best_v;
  for (std::size_t i = 0; i < versions.size(); ++i) {
    if (!versions[i].known || (established_only && !rows[i].content_unknown.empty())) continue;
    if (best == nullptr || best_v < versions[i]) {
      best = &rows[i];
      best_v = versions[i];
    }
  }
  return best;
}

}  // namespace

const Release* newest_release(Engine engine) noexcept { return newest_of(engine, true); }

const Release* newest_listed_release(Engine engine) noexcept { return newest_of(engine, false); }

Version newest_version(Engine engine) noexcept {
  const Release* r = newest_release(engine);
  if (r == nullptr) return {};
  const auto rows = releases(engine);
  return release_versions(engine)[static_cast<std::size_t>(r - rows.data())];
}

bool is_known_release(Engine engine, const Version& v) noexcept { return find_release(engine, v) != nullptr; }

}  // namespace kvdtype
