// check() when an engine's tables are ten times today's in every dimension at once: ten times
// the releases, ten times the backends and ten times the constraint rows of vLLM (the largest
// table). Backends past 64 need the wide row sets (detail::RowSet, detail::kMaxRows); the
// releases grow every constraint row's per-release verdicts (CompiledConstraint::by_release) and
// the release look-up (Context::release, by halves).
//
//  * BM_check_scaled_tables/N: the typical request (unversioned) against the N× tables.
//  * BM_check_scaled_tables_slowest_release/N: the same request asked about every release of
//    the N× table in turn — the releases vLLM's release table lists, which both tables hold —
//    and the slowest one (timed when the benchmark is set up, named in the label) is then
//    measured. What a table N times larger costs at its worst release.
//
// The copies cannot apply to the request (each names a copied backend, which selection never
// visits), so the report is the real one: the per-backend indexes should keep check() flat.
#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench_common.hpp"
#include "core/index.hpp"
#include "core/resolve_internal.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype::bench {
namespace {

struct Tables {
  std::deque<std::string> names;  // the copies' names (the rows hold string_views)
  std::vector<Backend> backends;
  std::vector<Constraint> rows;
  std::vector<Version> releases;
  std::vector<std::string> release_names;  // parallel to releases, for labels
  detail::EngineIndex index;
};

// The real release table with N-1 releases made up after each real one (a fourth number,
// 0.25.1 → 0.25.1.101 …, which sorts between it and the next real release).
void scale_releases(Tables& t, int scale) {
  for (const Release& r : releases(Engine::vllm)) {
    const auto v = parse_version(r.version);
    if (!v.ok()) die("vLLM release table: bad version " + std::string(r.version));
    t.releases.push_back(*v);
    t.release_names.emplace_back(r.version);
  }
  const std::vector<Version> real = t.releases;
  const std::vector<std::string> real_names = t.release_names;
  t.releases.clear();
  t.release_names.clear();
  for (std::size_t i = 0; i < real.size(); ++i) {
    t.releases.push_back(real[i]);
    t.release_names.push_back(real_names[i]);
    for (int k = 1; k < scale; ++k) {
      Version made = real[i];
      made.micro = static_cast<std::uint16_t>(100 + k);
      made.pre = Version::Pre::none;
      made.pre_number = 0;
      made.post = made.dev = Version::kNone;
      made.pre_release = false;
      if (!(real[i] < made) || (i + 1 < real.size() && !(made < real[i + 1]))) continue;  // no room
      t.releases.push_back(made);
      t.release_names.push_back(real_names[i] + "." + std::to_string(100 + k));
    }
  }
}

const Tables& scaled_tables(int scale) {
  static std::map<int, std::unique_ptr<Tables>> cache;
  auto& slot = cache[scale];
  if (slot) return *slot;
  slot = std::make_unique<Tables>();
  Tables& t = *slot;
  const auto real_backends = backends(Engine::vllm);
  t.backends.assign(real_backends.begin(), real_backends.end());
  std::vector<std::string_view> copies;  // the made-up backends' names
  for (int k = 1; k < scale; ++k)
    for (const Backend& b : real_backends) {
      Backend c = b;
      c.name = t.names.emplace_back(std::string(b.name) + "_COPY" + std::to_string(k));
      copies.push_back(c.name);
      t.backends.push_back(c);
    }
  if (t.backends.size() > detail::kMaxRows) die("more backends than detail::kMaxRows");
  const auto real = constraints(Engine::vllm);
  t.rows.assign(real.begin(), real.end());
  std::size_t n = 0;
  for (int k = 1; k < scale; ++k)
    for (const Constraint& row : real) {
      Constraint c = row;
      c.when.backends = copies[n++ % copies.size()];
      c.replace_backend = {};
      t.rows.push_back(c);
    }
  scale_releases(t, scale);
  std::vector<std::string> problems;
  t.index = detail::build_engine_index(Engine::vllm, cache_dtypes(Engine::vllm), t.backends, selection_orders(Engine::vllm),
                                       t.rows, problems, t.releases);
  if (!problems.empty()) die("scaled tables: " + problems.front());
  // The made-up rows really cannot apply: the same report as the real tables.
  const Request& req = typical_request();
  const Report a = detail::check_with(req, t.index), b = check(req);
  // (The backend rows are the copies in t.backends: compared by name.)
  if (a.diagnostics.size() != b.diagnostics.size() || a.plan.backend == nullptr || b.plan.backend == nullptr ||
      a.plan.backend->name != b.plan.backend->name)
    die("the scaled tables changed the typical request's report");
  return t;
}

void BM_check_scaled_tables(benchmark::State& state) {
  const Tables& t = scaled_tables(static_cast<int>(state.range(0)));
  Request req = typical_request();
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Report rep = detail::check_with(req, t.index);
    benchmark::DoNotOptimize(rep);
    benchmark::ClobberMemory();
  }
  state.counters["backends"] = static_cast<double>(t.index.backends.size());
  state.counters["constraint_rows"] = static_cast<double>(t.index.constraints.size());
  state.counters["releases"] = static_cast<double>(t.index.releases.size());
}
BENCHMARK(BM_check_scaled_tables)->Arg(1)->Arg(10);

// Nanoseconds per check of `req` (the least of three rounds: the machine is shared).
double ns_per_check(const Request& req, const detail::EngineIndex& index) {
  constexpr int kChecks = 300;
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kChecks; ++i) {
      Report rep = detail::check_with(req, index);
      benchmark::DoNotOptimize(rep);
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / kChecks;
    best = round == 0 ? ns : std::min(best, ns);
  }
  return best;
}

void BM_check_scaled_tables_slowest_release(benchmark::State& state) {
  const Tables& t = scaled_tables(static_cast<int>(state.range(0)));
  Request slowest = typical_request();
  std::string slowest_name = "unversioned";
  double slowest_ns = ns_per_check(slowest, t.index);
  for (std::size_t i = 0; i < t.releases.size(); ++i) {
    // Only the releases the engine's own release table lists: a made-up one (0.8.4.101) is a
    // version kvdtype does not know, whose check answers differently (KVD007, naming the
    // nearest listed releases), so its cost is another request's, not the table's growth.
    if (find_release(Engine::vllm, t.releases[i]) == nullptr) continue;
    Request req = typical_request();
    req.engine_version = t.releases[i];
    if (const double ns = ns_per_check(req, t.index); ns > slowest_ns) {
      slowest_ns = ns;
      slowest = req;
      slowest_name = t.release_names[i];
    }
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(slowest);
    Report rep = detail::check_with(slowest, t.index);
    benchmark::DoNotOptimize(rep);
    benchmark::ClobberMemory();
  }
  state.counters["releases"] = static_cast<double>(t.index.releases.size());
  state.SetLabel("slowest of the listed releases and none: " + slowest_name);
}
BENCHMARK(BM_check_scaled_tables_slowest_release)->Arg(1)->Arg(10);

}  // namespace
}  // namespace kvdtype::bench
