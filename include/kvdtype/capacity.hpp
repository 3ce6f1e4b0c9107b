// kvdtype/capacity.hpp — how many tokens of KV cache fit, for the plan and for `auto` beside it.
#pragma once

#include <cstdint>
#include <optional>

#include "kvdtype/plan.hpp"

namespace kvdtype {

struct Capacity {
  double gpu_memory_gib = 0;        ///< per GPU (from --gpu-memory-gib or the product table)
  double utilization = 0;           ///< fraction the engine may use (--gpu-memory-utilization or engine default)
  double weight_gib_per_gpu = 0;    ///< model weights divided by tensor parallelism (0 when unknown)
  double kv_budget_gib = 0;         ///< memory left for the KV cache per GPU
  std::uint64_t bytes_per_token = 0;       ///< per GPU, all KV layers, this plan
  std::uint64_t tokens = 0;                ///< tokens that fit with this plan
  std::uint64_t auto_bytes_per_token = 0;  ///< the same with an unquantized cache (`auto`)
  std::uint64_t auto_tokens = 0;
  double gain = 0;                          ///< tokens / auto_tokens
  std::uint64_t max_model_len = 0;          ///< requested context (0 unknown)
  bool weights_known = false;               ///< false: the budget ignores weights (an upper bound)
  std::uint32_t dcp_share = 1;              ///< decode context parallelism: tokens = budget / bytes × this
};

/// Capacity for a resolved report; nullopt when the GPU memory or the per-token bytes are unknown.
/// Activation memory and CUDA graphs are not modelled: the figure is an upper bound, as the
/// engines' own "maximum concurrency" log line is.
[[nodiscard]] std::optional<Capacity> capacity(const Report& report) noexcept;

}  // namespace kvdtype
