// The requests every benchmark measures, built once and checked for the verdict they are meant
// to have (a benchmark of a request that silently became something else measures nothing).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "kvdtype/kvdtype.hpp"

namespace kvdtype::bench {

// Fields are assigned from std::string temporaries (a move): g++ 12 at -O3 warns falsely
// (-Wrestrict, GCC PR 105329) on assigning a string literal to a std::string.

/// The measured loop of every check benchmark: the check a caller that keeps its Report makes
/// (the pipeline's judge), check(Report&) on a report built once around `req`. The report is
/// kept opaque to the optimizer so that the call is neither hoisted out of the loop nor elided;
/// every call resolves the plan and runs every rule again (the diagnostics are cleared first).
/// time_check_copy times check(req) instead, which also copies the 1 KB Request into a new
/// Report each call.
inline void time_check(benchmark::State& state, const Request& req) {
  Report rep{.request = req};
  for (auto _ : state) {
    benchmark::DoNotOptimize(rep);
    check(rep);
    benchmark::DoNotOptimize(rep);
    benchmark::ClobberMemory();
  }
}
inline void time_check_copy(benchmark::State& state, Request req) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Report rep = check(req);
    benchmark::DoNotOptimize(rep);
    benchmark::ClobberMemory();
  }
}

/// A typical accepted pre-flight check: vLLM on an H100, a bf16 GQA model shaped like
/// Llama-3-8B (32 query heads, 8 KV heads, head size 128, 32 layers), `--kv-cache-dtype fp8`,
/// backend chosen automatically.
inline RequestInput typical_input() {
  RequestInput in;
  in.engine = std::string("vllm");
  in.gpu = std::string("H100");
  in.model_dtype = std::string("bfloat16");
  in.attention = std::string("gqa");
  in.kv_cache_dtype = std::string("fp8");
  in.num_heads = std::string("32");
  in.num_kv_heads = std::string("8");
  in.head_size = std::string("128");
  in.num_layers = std::string("32");
  return in;
}

/// The founding case (README): vLLM on H100, a sparse-MLA model, fp8 cache, the FlashInfer
/// sparse MLA backend, and the cache's uint8 storage dtype declared to the kernel as its KV
/// element type. Rejected with KVD020.
inline RequestInput uint8_input() {
  RequestInput in;
  in.engine = std::string("vllm");
  in.gpu = std::string("H100");
  in.model_dtype = std::string("bfloat16");
  in.attention = std::string("sparse-mla");
  in.head_size = std::string("512");
  in.kv_cache_dtype = std::string("fp8");
  in.backend = std::string("FLASHINFER_MLA_SPARSE_SM90");
  in.kv_dtype = std::string("uint8");
  return in;
}

[[noreturn]] inline void die(const std::string& what) {
  std::fprintf(stderr, "kvdtype_bench: %s\n", what.c_str());
  std::exit(2);
}

/// make_request() that must succeed (the inputs above are fixed).
inline Request must_request(const RequestInput& in) {
  auto r = make_request(in);
  if (!r.ok()) die("bad benchmark request: " + r.error().message);
  return *r;
}

inline const Request& typical_request() {
  static const Request r = [] {
    Request req = must_request(typical_input());
    if (check(req).verdict() == Verdict::error) die("the typical request is rejected; the benchmark needs an accepted one");
    return req;
  }();
  return r;
}

inline const Request& uint8_request() {
  static const Request r = [] {
    Request req = must_request(uint8_input());
    if (!check(req).fired("KVD020")) die("the uint8 founding case no longer fires KVD020");
    return req;
  }();
  return r;
}

}  // namespace kvdtype::bench
