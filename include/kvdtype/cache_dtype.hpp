// kvdtype/cache_dtype.hpp — CacheDtype: one engine's user-facing KV-cache string, parsed.
//
// Each is a row of src/tables/cache_dtypes_<engine>.cpp saying how the string becomes K and V
// element formats on a Target, what tensor the engine allocates, how it is scaled and how many
// bytes a token takes. The row is opaque here (its fields are the tables' schema,
// src/tables/rows/cache_dtype.hpp); what it resolves to on a target is the Plan's TensorPlans.
#pragma once

#include <cstdint>
#include <string_view>

#include "kvdtype/engine.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype {

/// The quantization family; what engines test with "is the cache quantized".
enum class KvQuant : std::uint8_t {
  none,                 ///< 16/32-bit cache
  fp8_per_tensor,       ///< fp8 elements, one scale per tensor (or per head) — vLLM fp8*, SGLang fp8_*
  fp8_ds_mla,           ///< DeepSeek V3.2 sparse-MLA packed record (fp8 NoPE + fp32 tile scales + bf16 RoPE)
  fp8_per_token_head,   ///< fp8 with one fp32 scale per (token, head)
  int8_per_token_head,  ///< int8 with one fp32 scale per (token, head)
  int4_per_token_head,  ///< packed int4 with per-(token, head) fp32 scale and zero point
  nvfp4,                ///< E2M1 in blocks of 16 with E4M3 scales (+ fp32 per tensor)
  mxfp8,                ///< E4M3 in blocks of 32 with E8M0 scales
  fp4_block16,          ///< E2M1 in blocks of 16 (SGLang fp4_mx_block16)
  turboquant,           ///< rotation + scalar quantization, K and V packed into one slot
  ggml_block,           ///< GGML block formats (q8_0, q4_0 …): fp16 scale (and min) inside each 32-element block
  int8_per_tensor,      ///< int8 elements, one scale per tensor (TensorRT-LLM's legacy INT8 KV cache)
  affine_group,         ///< MLX affine: N-bit codes packed in uint32 words, a scale and a bias per group, in the model dtype
};

[[nodiscard]] constexpr bool is_quantized(KvQuant q) noexcept { return q != KvQuant::none; }
[[nodiscard]] std::string_view name(KvQuant q) noexcept;

struct CacheDtype;

/// The string exactly as the engine spells it: "fp8_e4m3", "q8_0", "int8".
[[nodiscard]] std::string_view name(const CacheDtype& c) noexcept;
[[nodiscard]] Engine engine_of(const CacheDtype& c) noexcept;
/// The quantization family (KvQuant::none for a 16/32-bit cache).
[[nodiscard]] KvQuant quant(const CacheDtype& c) noexcept;
/// Accepted by the engine's parser but refused (or about to be): use the row's replacement.
[[nodiscard]] bool deprecated(const CacheDtype& c) noexcept;
/// One line, as `kvdtype matrix` and `check` print it.
[[nodiscard]] std::string_view description(const CacheDtype& c) noexcept;
/// The repository path or PR the row comes from.
[[nodiscard]] std::string_view source(const CacheDtype& c) noexcept;

/// The row of `text` in `engine`'s vocabulary (exact, then case-insensitive). Unknown strings
/// are an Error naming the engine and the nearest valid strings.
[[nodiscard]] Result<const CacheDtype*> parse_cache_dtype(Engine engine, std::string_view text);

/// The row named `text` or nullptr (exact match only; for tables and tests).
[[nodiscard]] const CacheDtype* find_cache_dtype(Engine engine, std::string_view text) noexcept;

}  // namespace kvdtype
