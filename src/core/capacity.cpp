// How many tokens of KV cache fit (kvdtype/capacity.hpp), for the plan and for `auto` beside it.
//
//   tokens = (gpu_memory × utilization − weights / tensor_parallel) / bytes_per_token
//
// bytes_per_token is the plan's, already per GPU (KV heads divided by tensor parallelism).
// Activations, CUDA graphs and the engines' own reserves are not modelled, so the figure is an
// upper bound, as the engines' "maximum concurrency" log line is.
#include "kvdtype/capacity.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

#include "kvdtype/check.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

namespace {

// SGLang's default --mem-fraction-static (python/sglang/srt/server_args.py,
// ServerArgs._handle_gpu_memory_settings): (memory − reserved) / memory, where `reserved` (MiB)
// covers activations and CUDA graphs:
//   512 + 1.5 × chunked_prefill_size + 2 × cuda_graph_max_bs + tp × pp / 8 × 1024
//   (+ 3 × cuda_graph_max_bs × dp, and 1.5 × that again when cuda_graph_max_bs > 300, with DP
//   attention), at least 10 GiB on GPUs above 60 GiB, + 2 GiB for an EAGLE-style drafter;
// chunked_prefill_size and cuda_graph_max_bs follow the memory size. Pipeline parallelism is
// taken as 1 (a Request does not carry it). Without a memory size SGLang uses 0.88.
double sglang_mem_fraction_static(const Request& r, double gpu_mib) {
  if (gpu_mib <= 0) return 0.88;
  const std::uint32_t tp = r.tensor_parallel_size ? r.tensor_parallel_size : 1;
  const std::uint32_t dp = r.data_parallel_size ? r.data_parallel_size : 1;
  double chunked = 0, graph_bs = 0;
  if (gpu_mib < 20 * 1024) chunked = 2048, graph_bs = 8;
  else if (gpu_mib < 35 * 1024) chunked = 2048, graph_bs = tp < 4 ? 24 : 80;
  else if (gpu_mib < 60 * 1024) chunked = 4096, graph_bs = tp < 4 ? 32 : 160;
  else if (gpu_mib < 160 * 1024) chunked = 8192, graph_bs = tp < 4 ? 256 : 512;
  else chunked = 16384, graph_bs = 512;
  double reserved = 512 + std::max(chunked, 2048.0) * 1.5 + graph_bs * 2 + tp / 8.0 * 1024;
  if (r.flags & flag_dp_attention) {
    reserved += graph_bs * dp * 3;
    if (graph_bs > 300) reserved += graph_bs * dp * 1.5;
  }
  if (gpu_mib > 60 * 1024) reserved = std::max(reserved, 10.0 * 1024);
  if (r.flags & flag_speculative) reserved += 2 * 1024;
  return std::round((gpu_mib - reserved) / gpu_mib * 1000) / 1000;
}

double default_utilization(const Request& r, double gpu_gib) {
  const tables::CacheMemory& m = tables::engine_tables(r.engine).memory;
  switch (m.rule) {
    case tables::MemoryRule::sglang_static: return sglang_mem_fraction_static(r, gpu_gib * 1024);
    case tables::MemoryRule::fixed_fraction: break;
  }
  return m.fraction;
}

// How many ranks share each token's KV under decode context parallelism: the tokens of each copy
// of a KV head are split over the d ranks holding it (EngineBehaviour::dcp_splits_kv_tokens), so
// a rank holds d times the tokens its budget would give. 1 where the engine would refuse the
// split (d not dividing tp, or fewer than d copies of each KV head) or the heads are unknown.
std::uint32_t dcp_token_share(const Request& r) {
  const std::uint32_t d = r.decode_context_parallel_size;
  if (d <= 1 || !tables::engine_tables(r.engine).behaviour.dcp_splits_kv_tokens) return 1;
  const std::uint32_t tp = r.tensor_parallel_size ? r.tensor_parallel_size : 1;
  if (tp % d != 0) return 1;
  if (r.attention == Attention::mla || r.attention == Attention::sparse_mla) return d;  // one latent head
  std::uint32_t kvh = r.geometry.num_kv_heads;
  if (kvh == 0 && r.attention == Attention::mha) kvh = r.geometry.num_heads;
  if (kvh == 0 && r.attention == Attention::mqa) kvh = 1;
  return kvh != 0 && std::uint64_t{kvh} * d <= tp ? d : 1;
}

std::uint64_t tokens_for(double budget_gib, std::uint64_t bytes_per_token) {
  if (budget_gib <= 0 || bytes_per_token == 0) return 0;
  const double bytes = budget_gib * 1024.0 * 1024.0 * 1024.0;
  return static_cast<std::uint64_t>(std::floor(bytes / static_cast<double>(bytes_per_token)));
}

}  // namespace

std::optional<Capacity> capacity(const Report& report) noexcept {
  const Request& r = report.request;
  Capacity c;
  if (r.gpu_memory_gib > 0) c.gpu_memory_gib = r.gpu_memory_gib;
  else if (r.product != nullptr && r.product->memory_mib > 0) c.gpu_memory_gib = r.product->memory_mib / 1024.0;
  if (c.gpu_memory_gib <= 0 || !report.plan.bytes_per_token || *report.plan.bytes_per_token == 0) return std::nullopt;

  c.utilization = r.gpu_memory_utilization > 0 ? r.gpu_memory_utilization : default_utilization(r, c.gpu_memory_gib);
  const std::uint32_t tp = r.tensor_parallel_size ? r.tensor_parallel_size : 1;
  c.weights_known = r.weight_gib > 0;
  c.weight_gib_per_gpu = c.weights_known ? r.weight_gib / tp : 0;
  c.kv_budget_gib = std::max(0.0, c.gpu_memory_gib * c.utilization - c.weight_gib_per_gpu);
  c.bytes_per_token = *report.plan.bytes_per_token;
  c.dcp_share = dcp_token_share(r);
  c.tokens = tokens_for(c.kv_budget_gib, c.bytes_per_token) * c.dcp_share;
  c.max_model_len = r.max_model_len;

  // The same request with an unquantized cache: `auto` with no checkpoint KV quantization (which
  // would turn `auto` into fp8) and automatic backend selection (the chosen backend may refuse
  // `auto`, as TURBOQUANT does).
  if (const CacheDtype* plain = find_cache_dtype(r.engine, "auto"); plain != nullptr) {
    Request a = r;
    a.kv_cache_dtype = plain;
    a.checkpoint_kv = nullptr;
    a.backend = nullptr;
    const Plan p = resolve(a);
    if (p.bytes_per_token && *p.bytes_per_token > 0) {
      c.auto_bytes_per_token = *p.bytes_per_token;
      c.auto_tokens = tokens_for(c.kv_budget_gib, c.auto_bytes_per_token) * c.dcp_share;
      if (c.auto_tokens > 0) c.gain = static_cast<double>(c.tokens) / static_cast<double>(c.auto_tokens);
    }
  }
  return c;
}

}  // namespace kvdtype
