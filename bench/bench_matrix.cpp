// The full support matrix: every engine with tables × every target × every kv-cache string a
// user can type × backend (auto, then each of the engine's backends forced) × model dtype ×
// attention kind, each one a complete check(). Reported as combinations per second.
#include <array>
#include <cstdint>

#include "bench_common.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::bench {
namespace {

constexpr std::array<FormatId, 3> kModelDtypes = {FormatId::bfloat16, FormatId::float16, FormatId::float32};
constexpr std::array<Attention, 5> kAttention = {Attention::mha, Attention::gqa, Attention::mqa, Attention::mla,
                                                 Attention::sparse_mla};

struct Tally {
  std::uint64_t cells = 0;
  std::array<std::uint64_t, 3> verdicts{};  // ok, warn, error
};

// One pass over the matrix. Requests are built in place (a few stores each); the work is check().
Tally run_matrix() {
  Tally t;
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    const auto all_backends = backends(e.id);
    for (const Target& target : targets()) {
      for (const CacheDtype& kv : cache_dtypes(e.id)) {
        if (kv.internal) continue;  // a layout a backend rewrites to, never typed by a user
        for (std::size_t b = 0; b <= all_backends.size(); ++b) {  // 0: auto
          for (FormatId m : kModelDtypes) {
            for (Attention a : kAttention) {
              Request r;
              r.engine = e.id;
              r.target = &target;
              r.kv_cache_dtype = &kv;
              r.backend = b == 0 ? nullptr : &all_backends[b - 1];
              r.model_dtype = m;
              r.attention = a;
              benchmark::DoNotOptimize(r);
              const Report rep = check(r);
              ++t.verdicts[static_cast<std::size_t>(rep.verdict())];
              ++t.cells;
            }
          }
        }
      }
    }
  }
  return t;
}

void BM_matrix(benchmark::State& state) {
  Tally last;
  for (auto _ : state) {
    last = run_matrix();
    benchmark::DoNotOptimize(last);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * last.cells));
  state.counters["combinations"] = static_cast<double>(last.cells);
  state.counters["ok"] = static_cast<double>(last.verdicts[0]);
  state.counters["warn"] = static_cast<double>(last.verdicts[1]);
  state.counters["error"] = static_cast<double>(last.verdicts[2]);
}
BENCHMARK(BM_matrix)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kvdtype::bench
