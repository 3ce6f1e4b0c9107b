// The hot paths one call at a time: resolve, check (accepted and rejected), the guard, request
// parsing, GPU-name parsing, JSON rendering, and the C ABI beside the C++ calls it wraps.
//
// Every loop feeds its input through benchmark::DoNotOptimize (so the call cannot be hoisted out
// of the loop or constant-folded) and hands the result to DoNotOptimize (so it cannot be
// dropped). The library is a separate translation unit (no LTO), so resolve/check themselves are
// opaque calls; the guard is inline and is kept honest by varying its inputs every iteration.
#include <array>
#include <string>
#include <vector>

#include "bench_common.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/kvdtype.h"

namespace kvdtype::bench {
namespace {

// ---- resolve and check ------------------------------------------------------------------------

void BM_resolve(benchmark::State& state) {
  Request req = typical_request();
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Plan plan = resolve(req);
    benchmark::DoNotOptimize(plan);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_resolve);

void BM_check_ok(benchmark::State& state) {
  Request req = typical_request();
  time_check(state, req);
  state.SetLabel("vllm H100 gqa fp8 -> " + std::string(name(check(req).verdict())));
}
BENCHMARK(BM_check_ok);

// The founding uint8 case: resolve, every rule, the diagnostics list built and sorted.
void BM_check_error(benchmark::State& state) {
  Request req = uint8_request();
  time_check(state, req);
  const Report rep = check(req);
  state.SetLabel(std::string(name(rep.verdict())) + ", " + std::to_string(rep.diagnostics.size()) + " diagnostics");
}
BENCHMARK(BM_check_error);

// The same through check(const Request&): the Request copied into a Report returned by value.
void BM_check_error_copy(benchmark::State& state) { time_check_copy(state, uint8_request()); }
BENCHMARK(BM_check_error_copy);
void BM_check_ok_copy(benchmark::State& state) { time_check_copy(state, typical_request()); }
BENCHMARK(BM_check_ok_copy);

// The version dimension: the founding TurboQuant case with a release given (v0.25.1 carries
// vllm#39988 and #50533: both known-bug rows judged against the release, the kv string's and
// the backend's release ranges looked up). Same work as an unversioned check plus the release
// lookups; no allocation either way.
void BM_check_versioned(benchmark::State& state) {
  RequestInput in;
  in.engine = std::string("vllm");
  in.engine_version = std::string("0.25.1");
  in.gpu = std::string("A100");
  in.model_dtype = std::string("bfloat16");
  in.kv_cache_dtype = std::string("turboquant_k8v4");
  const Request req = *make_request(in);
  time_check(state, req);
  state.SetLabel("vllm 0.25.1 A100 turboquant_k8v4 -> " + std::string(name(check(req).verdict())));
}
BENCHMARK(BM_check_versioned);

// The same, plus every diagnostic's message and fix expanded to text (what a face prints).
void BM_check_error_messages(benchmark::State& state) {
  Request req = uint8_request();
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    Report rep = check(req);
    std::size_t chars = 0;
    for (const Diagnostic& d : rep.diagnostics) chars += message(d, rep).size() + fix(d, rep).size();
    benchmark::DoNotOptimize(chars);
  }
}
BENCHMARK(BM_check_error_messages);

// ---- the guard ---------------------------------------------------------------------------------

struct GuardCase {
  Role role;
  FormatId dtype;
};

// What a server asks before each launch, on the typical plan (FLASH_ATTN: Q float8_e4m3fn, an fp8
// cache stored as uint8, kv_data_type float8_e4m3fn): accepted and refused dtypes mixed, cycled
// so every call sees a different input and no answer can be precomputed.
constexpr std::array<GuardCase, 8> kGuardCases{{
    {Role::q, FormatId::bfloat16},
    {Role::k_cache, FormatId::uint8},
    {Role::v_cache, FormatId::uint8},
    {Role::kv_data_type, FormatId::float8_e4m3fn},
    {Role::kv_data_type, FormatId::uint8},  // refused: the founding bug
    {Role::k_cache, FormatId::float8_e4m3fn},
    {Role::q, FormatId::float8_e4m3fn},     // refused
    {Role::v_cache, FormatId::bfloat16},    // refused
}};

// One role check via Guard::ok: the inline bit test a server runs right before a kernel launch.
void BM_guard(benchmark::State& state) {
  Guard guard(resolve(typical_request()));
  std::size_t i = 0, accepted = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(guard);  // the guard is reloaded from memory every time
    const GuardCase c = kGuardCases[i++ & 7];
    const bool ok = guard.ok(c.role, c.dtype);
    benchmark::DoNotOptimize(ok);
    accepted += ok;
  }
  benchmark::DoNotOptimize(accepted);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_guard);

// Guard::check on a refused dtype: the failure with its rule (off the hot path).
void BM_guard_refused(benchmark::State& state) {
  Guard guard(resolve(uint8_request()));
  for (auto _ : state) {
    benchmark::DoNotOptimize(guard);
    auto failure = guard.check(Role::kv_data_type, FormatId::uint8);
    benchmark::DoNotOptimize(failure);
  }
}
BENCHMARK(BM_guard_refused);

// Building the guard from a plan (once per model load).
void BM_guard_build(benchmark::State& state) {
  const Plan plan = resolve(typical_request());
  for (auto _ : state) {
    benchmark::DoNotOptimize(plan);
    Guard g(plan);
    benchmark::DoNotOptimize(g);
  }
}
BENCHMARK(BM_guard_build);

// ---- parsing -------------------------------------------------------------------------------------

// Strings → typed Request (every field the typical request sets, GPU name included).
void BM_make_request(benchmark::State& state) {
  RequestInput in = typical_input();
  for (auto _ : state) {
    benchmark::DoNotOptimize(in);
    auto r = make_request(in);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_make_request);

constexpr std::array<const char*, 7> kGpuNames = {
    "H100", "NVIDIA H100 80GB HBM3", "sm_90", "9.0", "gfx942:sramecc+:xnack-", "AMD Instinct MI300X", "NVIDIA GeForce RTX 4090",
};

void BM_parse_target(benchmark::State& state) {
  std::string text = kGpuNames[static_cast<std::size_t>(state.range(0))];
  if (!parse_target(text).ok()) die("parse_target('" + text + "') failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(text);
    auto r = parse_target(text);
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel(text);
}
BENCHMARK(BM_parse_target)->DenseRange(0, static_cast<int>(kGpuNames.size()) - 1);

// ---- rendering -------------------------------------------------------------------------------------

// The report as `kvdtype check --format json` prints it (with the capacity block the CLI adds).
void BM_render_json(benchmark::State& state) {
  const Report rep = check(typical_request());
  io::ReportExtras extras;
  extras.capacity = capacity(rep);
  std::size_t bytes = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rep);
    std::string json = io::render_report(rep, io::OutputFormat::json, "check", io::TextStyle{}, &extras);
    bytes = json.size();
    benchmark::DoNotOptimize(json);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.SetLabel(std::to_string(bytes) + " bytes");
}
BENCHMARK(BM_render_json);

// ---- the C ABI beside the C++ calls it wraps ------------------------------------------------------

// The core from strings: make_request → check → capacity, what a C++ caller holding strings can
// make without the pipeline's input findings.
void BM_cpp_check_input(benchmark::State& state) {
  RequestInput in = typical_input();
  for (auto _ : state) {
    benchmark::DoNotOptimize(in);
    auto req = make_request(in);
    Report rep = check(*req);
    auto cap = capacity(rep);
    benchmark::DoNotOptimize(rep);
    benchmark::DoNotOptimize(cap);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_cpp_check_input);

// What kvd_check does since it runs the CLI's pipeline (one verdict on every face): io::run_check
// on the same fields, with release notes, start-up capacity and the other input findings.
// BM_c_abi_check must stay within 10% of it.
void BM_cpp_run_check(benchmark::State& state) {
  io::CheckRequest req;
  req.fields = typical_input();
  req.allow_empty = true;
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    io::CheckOutcome out = io::run_check(req);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_cpp_run_check);

kvd_request* c_request(const RequestInput& in) {
  kvd_request* req = nullptr;
  if (kvd_request_new(&req) != KVD_OK) die("kvd_request_new failed");
  const std::pair<const char*, const std::string*> fields[] = {
      {"engine", &in.engine},       {"gpu", &in.gpu},           {"model-dtype", &in.model_dtype},
      {"attention", &in.attention}, {"kv-cache-dtype", &in.kv_cache_dtype}, {"num-heads", &in.num_heads},
      {"num-kv-heads", &in.num_kv_heads}, {"head-size", &in.head_size}, {"num-layers", &in.num_layers},
      {"backend", &in.backend},     {"kv-dtype", &in.kv_dtype},
  };
  for (const auto& [field, value] : fields)
    if (!value->empty() && kvd_request_set(req, field, value->c_str()) != KVD_OK) die(kvd_last_error());
  return req;
}

// kvd_check + kvd_report_free on the typical request (fields set once, outside the loop).
void BM_c_abi_check(benchmark::State& state) {
  kvd_request* req = c_request(typical_input());
  for (auto _ : state) {
    benchmark::DoNotOptimize(req);
    kvd_report* rep = nullptr;
    const kvd_status s = kvd_check(req, &rep);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(rep);
    kvd_report_free(rep);
  }
  kvd_request_free(req);
}
BENCHMARK(BM_c_abi_check);

// The whole C round trip a server makes once: request from strings, check, verdict, free.
void BM_c_abi_check_roundtrip(benchmark::State& state) {
  const RequestInput in = typical_input();
  for (auto _ : state) {
    kvd_request* req = c_request(in);
    kvd_report* rep = nullptr;
    kvd_check(req, &rep);
    kvd_verdict v = KVD_VERDICT_ERROR;
    kvd_report_verdict(rep, &v);
    benchmark::DoNotOptimize(v);
    kvd_report_free(rep);
    kvd_request_free(req);
  }
}
BENCHMARK(BM_c_abi_check_roundtrip);

// kvd_guard_check: an accepted DLPack dtype (the C guard's hot path) beside BM_guard.
void BM_c_abi_guard(benchmark::State& state) {
  kvd_request* req = c_request(typical_input());
  kvd_report* rep = nullptr;
  kvd_guard* guard = nullptr;
  if (kvd_check(req, &rep) != KVD_OK || kvd_guard_new(rep, &guard) != KVD_OK) die(kvd_last_error());
  kvd_dtype e4m3{KVD_DL_FLOAT8_E4M3FN, 8, 1};
  for (auto _ : state) {
    benchmark::DoNotOptimize(e4m3);
    const char* code = nullptr;
    const kvd_status s = kvd_guard_check(guard, KVD_ROLE_KV_DATA_TYPE, e4m3, &code);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(code);
  }
  kvd_guard_free(guard);
  kvd_report_free(rep);
  kvd_request_free(req);
}
BENCHMARK(BM_c_abi_guard);

// kvd_check_command on a typical vLLM launch command (the words split once, outside the loop):
// the launch-command parse, the pipeline's path choice (io::run_check) and the check, beside
// BM_c_abi_check for the same request given as fields.
void BM_c_abi_check_command(benchmark::State& state) {
  kvd_request* req = c_request(RequestInput{});
  if (kvd_request_set(req, "gpu", "H100") != KVD_OK) die(kvd_last_error());
  static const char* const argv[] = {"vllm", "serve", "deepseek-ai/DeepSeek-V3", "--kv-cache-dtype", "fp8",
                                     "--tensor-parallel-size", "8", "--dtype", "bfloat16"};
  for (auto _ : state) {
    kvd_report* rep = nullptr;
    const kvd_status s = kvd_check_command(req, argv, std::size(argv), &rep);
    if (s != KVD_OK) die(kvd_last_error());
    benchmark::DoNotOptimize(rep);
    kvd_report_free(rep);
  }
  kvd_request_free(req);
}
BENCHMARK(BM_c_abi_check_command);

}  // namespace
}  // namespace kvdtype::bench
