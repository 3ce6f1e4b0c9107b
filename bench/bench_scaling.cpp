// How check() and parse_target() grow when the tables grow.
//
// Synthetic tables with 1x (the real rows, through the same code path), 10x, 100x and 1000x the
// real rows: constraint rows and product rows. Backends and releases scaled with them (ten times
// each, the most detail::kMaxRows allows for vLLM's backends) are bench_scaled_tables.cpp's.
//
//  * BM_check_scaled / BM_resolve_scaled: (N-1) copies of every real vLLM constraint row, each
//    retargeted so it cannot apply to the typical request: half name a backend the request's
//    selection never visits, half name no backend but a kv-cache string other than the one
//    requested. The per-backend and per-kv-string indexes should keep check() flat.
//  * BM_check_scaled_same_backend: the contrast. (N-1) copies naming the very backend the request
//    runs on (with a platform that never matches), so they sit in the list check() must walk:
//    the cost an index cannot remove, linear in the rows of that backend.
//  * BM_parse_target_scaled: (N-1) synthetic product rows per real row (bench/scaled/).
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bench_common.hpp"
#include "core/index.hpp"
#include "core/resolve_internal.hpp"

// The scaled copies of the GPU-name parser (bench/scaled/synthetic_products.cpp).
bool kvdtype_bench_parse_target_x1(std::string_view text);
bool kvdtype_bench_parse_target_x10(std::string_view text);
bool kvdtype_bench_parse_target_x100(std::string_view text);
bool kvdtype_bench_parse_target_x1000(std::string_view text);
std::size_t kvdtype_bench_product_rows_x1();
std::size_t kvdtype_bench_product_rows_x10();
std::size_t kvdtype_bench_product_rows_x100();
std::size_t kvdtype_bench_product_rows_x1000();

namespace kvdtype::bench {
namespace {

enum class Kind { cannot_apply, same_backend };

struct Scaled {
  std::vector<Constraint> rows;
  detail::EngineIndex index;
};

// The synthetic vLLM index for a scale, built once.
const Scaled& scaled(Kind kind, int scale) {
  static std::map<std::pair<Kind, int>, std::unique_ptr<Scaled>> cache;
  auto& slot = cache[{kind, scale}];
  if (slot) return *slot;
  slot = std::make_unique<Scaled>();
  const Request& req = typical_request();
  const Plan plan = resolve(req);
  if (plan.backend == nullptr) die("the typical request resolves to no backend");

  // Backends the typical request touches: those selection tried, the chosen one, a swapped one.
  std::set<const Backend*> visited{plan.backend, plan.replaced};
  for (const SkippedBackend& s : plan.skipped) visited.insert(s.backend);
  std::vector<std::string_view> other_backends, other_kv;
  for (const Backend& b : backends(Engine::vllm))
    if (!visited.count(&b)) other_backends.push_back(b.name);
  for (const CacheDtype& c : cache_dtypes(Engine::vllm))
    if (&c != req.kv_cache_dtype && &c != plan.cache_dtype && c.name != "auto") other_kv.push_back(c.name);
  if (other_backends.empty() || other_kv.empty()) die("no backend or kv string outside the typical request's path");

  const auto real = constraints(Engine::vllm);
  slot->rows.assign(real.begin(), real.end());
  std::size_t n = 0;
  for (int copy = 1; copy < scale; ++copy) {
    for (const Constraint& k : real) {
      Constraint s = k;
      if (kind == Kind::same_backend) {
        s.when.backends = plan.backend->name;
        s.when.kv_cache_dtypes = {};
        s.when.platforms = "rocm";  // the request is CUDA: visited, never matching
        s.replace_backend = {};
      } else if (n % 2 == 0) {
        s.when.backends = other_backends[n % other_backends.size()];
      } else {
        s.when.backends = {};
        s.when.kv_cache_dtypes = other_kv[n % other_kv.size()];
      }
      ++n;
      slot->rows.push_back(s);
    }
  }
  std::vector<std::string> problems;
  slot->index = detail::build_engine_index(Engine::vllm, cache_dtypes(Engine::vllm), backends(Engine::vllm),
                                           selection_orders(Engine::vllm), slot->rows, problems);
  if (!problems.empty()) die("synthetic table problem: " + problems.front());
  // Same answer as the real tables: the synthetic rows really cannot apply.
  const Report a = detail::check_with(req, slot->index), b = check(req);
  if (kind == Kind::cannot_apply && (a.diagnostics.size() != b.diagnostics.size() || a.plan.backend != b.plan.backend))
    die("synthetic rows changed the typical request's report");
  return *slot;
}

void scale_args(benchmark::internal::Benchmark* b) {
  for (int s : {1, 10, 100, 1000}) b->Arg(s);
}

void BM_check_scaled(benchmark::State& state) {
  const Scaled& s = scaled(Kind::cannot_apply, static_cast<int>(state.range(0)));
  Request req = typical_request();
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Report rep = detail::check_with(req, s.index);
    benchmark::DoNotOptimize(rep);
    benchmark::ClobberMemory();
  }
  state.counters["constraint_rows"] = static_cast<double>(s.index.constraints.size());
}
BENCHMARK(BM_check_scaled)->Apply(scale_args);

void BM_resolve_scaled(benchmark::State& state) {
  const Scaled& s = scaled(Kind::cannot_apply, static_cast<int>(state.range(0)));
  Request req = typical_request();
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Plan plan = detail::resolve_with(req, s.index);
    benchmark::DoNotOptimize(plan);
    benchmark::ClobberMemory();
  }
  state.counters["constraint_rows"] = static_cast<double>(s.index.constraints.size());
}
BENCHMARK(BM_resolve_scaled)->Apply(scale_args);

void BM_check_scaled_same_backend(benchmark::State& state) {
  const Scaled& s = scaled(Kind::same_backend, static_cast<int>(state.range(0)));
  Request req = typical_request();
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Report rep = detail::check_with(req, s.index);
    benchmark::DoNotOptimize(rep);
    benchmark::ClobberMemory();
  }
  state.counters["constraint_rows"] = static_cast<double>(s.index.constraints.size());
}
BENCHMARK(BM_check_scaled_same_backend)->Apply(scale_args);

// ---- products ---------------------------------------------------------------------------------------

using ParseFn = bool (*)(std::string_view);
using RowsFn = std::size_t (*)();

struct ProductScale {
  int scale;
  ParseFn parse;
  RowsFn rows;
};
constexpr ProductScale kProductScales[] = {
    {1, kvdtype_bench_parse_target_x1, kvdtype_bench_product_rows_x1},
    {10, kvdtype_bench_parse_target_x10, kvdtype_bench_product_rows_x10},
    {100, kvdtype_bench_parse_target_x100, kvdtype_bench_product_rows_x100},
    {1000, kvdtype_bench_parse_target_x1000, kvdtype_bench_product_rows_x1000},
};
constexpr const char* kProductInputs[] = {"H100", "NVIDIA H100 80GB HBM3", "sm_90"};

// Args: {scale index 0..3, input index 0..2}.
void BM_parse_target_scaled(benchmark::State& state) {
  const ProductScale& ps = kProductScales[state.range(0)];
  std::string text = kProductInputs[state.range(1)];
  if (!ps.parse(text)) die("scaled parse_target('" + text + "') failed");  // also builds its index
  for (auto _ : state) {
    benchmark::DoNotOptimize(text);
    bool ok = ps.parse(text);
    benchmark::DoNotOptimize(ok);
  }
  state.counters["product_rows"] = static_cast<double>(ps.rows());
  std::string label("x");
  label.append(std::to_string(ps.scale)).append(" ").append(text);
  state.SetLabel(label);
}
BENCHMARK(BM_parse_target_scaled)->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}});

}  // namespace
}  // namespace kvdtype::bench
