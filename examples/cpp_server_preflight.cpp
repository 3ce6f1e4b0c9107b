// A minimal inference-server start-up with kvdtype's pre-flight, in C++.
//
// 1. At configuration time (before loading weights): turn the server's config into a Request,
//    check it, print the diagnostics, and refuse to start on an error.
// 2. At allocation time: size the cache from the Plan (storage dtype, innermost dimension).
// 3. Right before every (simulated) attention-kernel launch: guard the dtypes actually handed to
//    the kernel — Q, the cache tensor, and the KV dtype declared to the kernel.
//
//   cpp_server_preflight                         starts (exit 0)
//   cpp_server_preflight kv_dtype=uint8          refused at pre-flight, KVD020 (exit 1)
//   cpp_server_preflight declare_storage_dtype=1 the founding bug at launch time: the guard
//                                                 refuses uint8 as kv_data_type (exit 3)
//   cpp_server_preflight gpu=H100 kv_cache_dtype=fp9   bad input (exit 2)
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "kvdtype/kvdtype.hpp"

namespace {

// What a server knows from its own configuration; here, DeepSeek-V3.2-like sparse MLA on H100.
struct ServerConfig {
  std::map<std::string, std::string> engine_args = {
      {"engine", "vllm"},          {"gpu", "H100"},           {"model_dtype", "bfloat16"},
      {"attention", "sparse-mla"}, {"kv_cache_dtype", "fp8"}, {"backend", "FLASHINFER_MLA_SPARSE_SM90"},
      {"head_size", "576"},        {"num_layers", "61"},      {"num_kv_heads", "1"},
  };
  // The simulated engine's behaviour: the founding bug passed the cache tensor's dtype as the
  // kernel's kv_data_type.
  bool declare_storage_dtype = false;
};

// A tensor as the (simulated) engine holds it: a dtype and a shape.
struct Tensor {
  kvdtype::FormatId dtype;
  std::vector<std::uint32_t> shape;
};

void print_diagnostics(const kvdtype::Report& report) {
  for (const kvdtype::Diagnostic& d : report.diagnostics) {
    std::printf("  %s %s: %s\n", std::string(kvdtype::name(d.severity)).c_str(), std::string(d.rule->code).c_str(),
                kvdtype::message(d, report).c_str());
    std::printf("    fix: %s\n", kvdtype::fix(d, report).c_str());
  }
}

// Returns false (and says why) when a dtype about to reach the kernel is not the Plan's.
bool guard(const kvdtype::Guard& g, kvdtype::Role role, const Tensor& t) {
  const auto failure = g.check(role, t.dtype);  // the hot path is g.ok(); check() explains
  if (!failure) return true;
  std::fprintf(stderr, "kernel launch refused: %s is %s, %s: %s (the plan wants %s)\n",
               std::string(kvdtype::name(role)).c_str(), std::string(kvdtype::name(t.dtype)).c_str(),
               std::string(failure->rule->code).c_str(), std::string(failure->rule->title).c_str(),
               failure->want ? std::string(kvdtype::name(*failure->want)).c_str() : "?");
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  ServerConfig config;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      std::fprintf(stderr, "usage: %s [field=value ...] [declare_storage_dtype=1]\n", argv[0]);
      return 2;
    }
    if (arg.substr(0, eq) == "declare_storage_dtype") config.declare_storage_dtype = arg.substr(eq + 1) == "1";
    else config.engine_args[arg.substr(0, eq)] = arg.substr(eq + 1);
  }

  // ---- 1. pre-flight, before any weight is loaded ----
  kvdtype::RequestInput input;
  for (const auto& [field, value] : config.engine_args) {
    if (!input.set(field, value)) {
      std::fprintf(stderr, "config: unknown setting '%s'\n", field.c_str());
      return 2;
    }
  }
  const auto request = kvdtype::make_request(input);
  if (!request.ok()) {
    std::fprintf(stderr, "config: %s\n", request.error().message.c_str());
    return 2;
  }
  const kvdtype::Report report = kvdtype::check(*request);
  const kvdtype::Plan& plan = report.plan;
  std::printf("kvdtype %s pre-flight: %s\n", std::string(kvdtype::version()).c_str(),
              std::string(kvdtype::name(report.verdict())).c_str());
  print_diagnostics(report);
  if (report.verdict() == kvdtype::Verdict::error) {
    std::fprintf(stderr, "refusing to start: the KV-cache configuration is rejected (see above)\n");
    return 1;
  }
  if (!plan.backend || !plan.k.format || !plan.k.storage || !plan.kv_data_type || !plan.q) {
    std::fprintf(stderr, "refusing to start: the plan leaves a dtype unresolved\n");
    return 1;
  }
  std::printf("plan: backend %s, K %s stored as %s, declare %s, Q %s, %s bytes/token/layer\n",
              std::string(kvdtype::name(*plan.backend)).c_str(), std::string(kvdtype::name(*plan.k.format)).c_str(),
              std::string(kvdtype::name(*plan.k.storage)).c_str(),
              std::string(kvdtype::name(*plan.kv_data_type)).c_str(), std::string(kvdtype::name(*plan.q)).c_str(),
              plan.bytes_per_token_per_layer ? std::to_string(*plan.bytes_per_token_per_layer).c_str() : "unknown");

  // Built once at start-up; trivially copyable, no allocation, shared by every worker thread.
  const kvdtype::Guard g(plan);

  // ---- 2. allocate the cache as the plan says ----
  const std::uint32_t head_size = request->geometry.head_size;
  const std::uint32_t last_dim = g.expected_last_dim(kvdtype::Role::k_cache, *plan.k.storage, head_size).value_or(head_size);
  const Tensor kv_cache{*plan.k.storage, {/*blocks*/ 64, /*block size*/ 64, last_dim}};
  const Tensor query{*plan.q, {/*tokens*/ 8, /*heads*/ 16, head_size}};
  std::printf("allocated kv cache [%u, %u, %u] as %s\n", kv_cache.shape[0], kv_cache.shape[1], kv_cache.shape[2],
              std::string(kvdtype::name(kv_cache.dtype)).c_str());

  // ---- 3. every decode step, before the attention kernel ----
  for (int step = 0; step < 3; ++step) {
    const kvdtype::FormatId declared = config.declare_storage_dtype ? kv_cache.dtype : *plan.kv_data_type;
    const bool ok = guard(g, kvdtype::Role::q, query) && guard(g, kvdtype::Role::k_cache, kv_cache) &&
                    guard(g, kvdtype::Role::kv_data_type, Tensor{declared, {}});
    if (!ok) return 3;
    // attention_kernel(query, kv_cache, /*kv_data_type=*/declared);  — simulated
  }
  std::printf("3 decode steps launched; every dtype matched the plan\n");
  return 0;
}
