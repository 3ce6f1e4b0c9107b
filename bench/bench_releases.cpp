// check() over every release of every engine with tables, one benchmark per (engine, release)
// plus the unversioned request: the per-release facts (release ranges, known-bug brackets,
// behaviour rows) must cost the same whichever release is asked about. scripts/bench_report.py
// reports the slowest of them beside BM_check_ok.
//
// Each request is the typical one (H100, bf16, GQA shaped like Llama-3-8B) with the first
// quantized kv-cache string the release has (else the engine's default), so that the quantized
// path, its constraints and its kernels are judged.
#include <string>
#include <vector>

#include "bench_common.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype::bench {
namespace {

RequestInput release_input(const EngineInfo& e, std::string_view version, std::string_view kv) {
  RequestInput in = typical_input();
  in.engine = std::string(e.name);
  in.engine_version = std::string(version);
  in.kv_cache_dtype = std::string(kv);
  return in;
}

// The first quantized string this release has and that the request accepts as input.
Request release_request(const EngineInfo& e, std::string_view version) {
  for (const CacheDtype& c : cache_dtypes(e.id)) {
    if (!is_quantized(c.quant)) continue;
    auto r = make_request(release_input(e, version, c.name));
    if (r.ok() && !check(*r).fired("KVD005")) return *r;
  }
  return must_request(release_input(e, version, e.default_kv));
}

void BM_check_release(benchmark::State& state, Request req) {
  time_check(state, req);
  const Report rep = check(req);
  state.SetLabel(std::string(req.kv_cache_dtype ? req.kv_cache_dtype->name : "-") + " -> " +
                 std::string(name(rep.verdict())) + ", " + std::to_string(rep.diagnostics.size()) + " diagnostics");
}

const bool registered = [] {
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    std::vector<std::string_view> versions{""};
    for (const Release& r : releases(e.id)) versions.push_back(r.version);
    for (std::string_view v : versions) {
      const std::string label = "BM_check_release/" + std::string(e.name) + "/" + (v.empty() ? std::string("unversioned") : std::string(v));
      benchmark::RegisterBenchmark(label.c_str(), BM_check_release, release_request(e, v));
    }
  }
  return true;
}();

}  // namespace
}  // namespace kvdtype::bench
