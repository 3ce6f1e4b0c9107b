// Internal: compiled-kernel availability: which (Q format, KV format, head size,
// architecture) combinations an attention library ships as cubins, can JIT-compile, or lacks.
//
// Backends name what they *accept*; a backend can accept a kv string and still reach a library
// kernel that was never built for the target (FlashInfer's trtllm-gen FMHA has no SM12x cubins)
// or for the shape. Two tables say it (src/tables/kernels.cpp and each engine's
// engines/<engine>/kernel_routes_<engine>.cpp):
//   KernelRow   — a library fact: a kernel family on a capability range, for some Q/KV formats and
//                 head sizes, is shipped (cubin), JIT-compiled (jit), absent (missing) or known to
//                 return wrong values (broken);
//   KernelRoute — an engine fact: which kernel family a backend runs on a capability range.
// check() joins them: a route of the chosen backend whose family has a matching `missing` row fires
// KVD101 (an error, or a warning when the route is not certain); a `broken` row fires KVD071; a
// `fallback` row (the engine quietly runs a slower kernel) fires KVD222, a warning.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"

namespace kvdtype {

enum class KernelStatus : std::uint8_t {
  cubin,    ///< shipped precompiled for this range
  jit,      ///< compiled on first use for this range
  missing,  ///< no kernel exists: the call fails (runner refuses, JIT error, "no kernel found")
  broken,   ///< a kernel runs but is reported to return wrong values
  fallback, ///< no fused kernel: the engine silently runs a slower generic one instead (rule KVD222)
};
[[nodiscard]] std::string_view name(KernelStatus s) noexcept;

/// One library fact about a kernel family.
struct KernelRow {
  std::string_view library;     ///< "flashinfer", "flash-attention", "aiter", "flashmla"
  std::string_view family;      ///< "trtllm-gen-fmha", "fa3-prefill", "fa4" … (routes name it)
  std::string_view q_formats;   ///< Q element formats (canonical format names); empty: any
  std::string_view kv_formats;  ///< KV element formats; empty: any
  std::string_view head_sizes;  ///< head sizes (MLA: latent width); empty: any
  /// The row is about every known head size *not* in `head_sizes` (a kernel built for a fixed
  /// list: TensorRT-LLM's MMHA refuses any other size). An unknown head size never matches.
  bool head_sizes_outside = false;
  std::uint16_t min_cc = 0, max_cc = 0;  ///< capability range ×10 (0: unbounded)
  KernelStatus status = KernelStatus::cubin;
  std::string_view detail;      ///< one line: what happens / what exists
  std::string_view source;
};

/// One engine fact: the kernel family a backend runs.
struct KernelRoute {
  Engine engine{};
  std::string_view backends;    ///< engine backend names (words)
  std::string_view attention;   ///< words; empty: any
  std::uint16_t min_cc = 0, max_cc = 0;
  std::int8_t kv_quantized = -1;  ///< 1: only with a quantized cache, 0: only unquantized, -1: any
  std::string_view family;
  bool certain = true;          ///< false: the engine takes another kernel in cases kvdtype cannot see (see note)
  /// SGLang DSA sub-backends whose kernels this route is (words; empty: any): a request that names
  /// DSA sub-backends (--dsa-prefill-backend / --dsa-decode-backend), none of them listed, runs
  /// other kernels and does not take the route. Nothing named: the automatic choice may take it.
  std::string_view dsa_backends;
  /// Architectures (config.json architectures[0] or model_type, words) the engine's automatic
  /// choice sends to other kernels: with no DSA sub-backend named, a request naming one of them does
  /// not take the route (an unknown architecture may).
  std::string_view unless_architectures;
  std::string_view note;        ///< when the route is taken; what else may run
  std::string_view source;
};

[[nodiscard]] std::span<const KernelRow> kernel_rows() noexcept;
/// Every engine's routes (kernel_routes_<engine>.cpp in its folder), in registry order.
[[nodiscard]] std::span<const KernelRoute> kernel_routes() noexcept;

}  // namespace kvdtype
