// The webhook's review, in process: serve::review() on the AdmissionReview bodies that
// bench/webhook/run.sh sends over HTTPS (read from bench/webhook/ at start), without the
// transport. The HTTPS figure (TLS, HTTP, the log line) is run.sh's; this one is what the
// review itself costs, and it is what callgrind can take apart.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "bindings/admission.hpp"

namespace kvdtype::bench {
namespace {

std::string body_of(const char* name) {
  std::ifstream in(std::string(KVDTYPE_BENCH_WEBHOOK_DIR) + "/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  if (!in || s.str().empty()) {
    std::fprintf(stderr, "bench_webhook: cannot read %s\n", name);
    std::exit(1);
  }
  return s.str();
}

// `expected`: the decision the body must get, so that a benchmark of a body that silently
// became a bad request measures nothing.
void time_review(benchmark::State& state, const char* file, const char* expected) {
  const std::string body = body_of(file);
  const serve::Policy policy;
  const serve::Outcome first = serve::review(body, policy);
  if (first.decision != expected) {
    std::fprintf(stderr, "bench_webhook: %s was %s, not %s\n", file, first.decision.c_str(), expected);
    std::exit(1);
  }
  for (auto _ : state) {
    serve::Outcome o = serve::review(body, policy);
    benchmark::DoNotOptimize(o);
    benchmark::ClobberMemory();
  }
  state.SetLabel(first.decision);
}

void BM_review_deployment(benchmark::State& state) { time_review(state, "review-deployment.json", "allowed"); }
BENCHMARK(BM_review_deployment);

void BM_review_bad_pod(benchmark::State& state) { time_review(state, "review-bad-pod.json", "denied"); }
BENCHMARK(BM_review_bad_pod);

}  // namespace
}  // namespace kvdtype::bench
