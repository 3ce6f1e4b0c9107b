// kvdtype/cache_dtype.hpp — CacheDtype: one engine's user-facing KV-cache string, parsed.
//
// Rows live in src/tables/cache_dtypes_<engine>.cpp. A row says how the string becomes K and V
// element formats on a given Target, what tensor the engine allocates, how it is scaled, and
// how many bytes a token takes. Adding a string is one row there, a doc line and a test case.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype {

struct Target;

/// How a cache string picks its element format on a Target. A closed set of strategies; the
/// parameters live in the row.
enum class FormatRule : std::uint8_t {
  fixed,              ///< always `format`
  model_dtype,        ///< the model's activation dtype ("auto", unquantized)
  platform_fp8_e4m3,  ///< the platform's e4m3: float8_e4m3fnuz on FNUZ targets, else float8_e4m3fn
  platform_fp8_on_rocm_else_fixed,  ///< ROCm: the platform's e4m3; elsewhere `format` (SGLang fp8_e5m2)
  e4m3_from_cc89_else_fixed,  ///< float8_e4m3fn when cc >= 8.9 (Triton fp8e4nv), else `format` (TurboQuant keys)
};

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
};

/// How bytes per token per layer are computed from the geometry.
enum class Layout : std::uint8_t {
  elementwise,     ///< heads × (head_size_k × k_bits + head_size_v × v_bits) / 8, plus per-token scales
  fp8_ds_mla,      ///< fixed 656-byte record per token (512 fp8 + 4 fp32 scales + 64 bf16)
  nvfp4_inline,    ///< per side head/2 data bytes + head/16 E4M3 scale bytes
  turboquant_slot, ///< one even-rounded slot per KV head holding packed K and V
  ggml_block,      ///< per side heads × ceil(head / block_size) × bytes_per_block of the side's block format
};

/// What the engine allocates the cache tensor as.
enum class StorageRule : std::uint8_t {
  element,     ///< the element format itself
  uint8_bytes, ///< a uint8 byte container (vLLM's STR_DTYPE_TO_TORCH_DTYPE for fp8, TurboQuant, nvfp4)
  int8_bytes,  ///< an int8 tensor (vLLM int8_per_token_head)
};

/// One kv-cache string of one engine.
struct CacheDtype {
  Engine engine{};
  std::string_view name;  ///< the string exactly as the engine spells it: "fp8_e4m3"
  std::string_view aliases;  ///< other spellings the engine accepts for the same row (words): LMDeploy "int8"
  KvQuant quant = KvQuant::none;
  FormatRule k_rule = FormatRule::model_dtype;
  FormatId k_format = FormatId::count_;  ///< parameter of k_rule (count_ when unused)
  FormatRule v_rule = FormatRule::model_dtype;
  FormatId v_format = FormatId::count_;
  StorageRule storage = StorageRule::element;
  Layout layout = Layout::elementwise;
  std::uint8_t k_bits = 0;  ///< element bits when they differ from the format's (TurboQuant, int4)
  std::uint8_t v_bits = 0;
  std::uint8_t scale_bytes_per_token_head = 0;  ///< per-(token, head) scale bytes added per side
  bool deprecated = false;          ///< accepted by the parser but refused (or to be refused)
  bool internal = false;            ///< not a user string: a layout a backend rewrites to (never parsed)
  std::string_view replacement;     ///< what to use instead when deprecated
  std::string_view platforms;       ///< where the engine documents it: "cuda rocm cpu" (empty = all)
  std::string_view description;     ///< one line
  std::string_view source;          ///< repo path / PR
  // Release range (versions name rows of src/tables/releases_<engine>.cpp; empty = unbounded).
  // A release older than introduced_in does not have it; when absent_in is set, releases after
  // absent_in and before introduced_in may or may not (not established) and get a warning.
  std::string_view introduced_in;  ///< first release known to have it
  std::string_view absent_in;      ///< last release known not to have it (when introduced_in is only an upper bound)
  std::string_view removed_in;     ///< first release without it again
};

/// All rows of one engine (empty span for engines without tables).
[[nodiscard]] std::span<const CacheDtype> cache_dtypes(Engine engine) noexcept;

/// The row of `text` in `engine`'s vocabulary (exact, then case-insensitive). Unknown strings
/// are an Error naming the engine and the nearest valid strings.
[[nodiscard]] Result<const CacheDtype*> parse_cache_dtype(Engine engine, std::string_view text);

/// The row named `text` or nullptr (exact match only; for tables and tests).
[[nodiscard]] const CacheDtype* find_cache_dtype(Engine engine, std::string_view text) noexcept;

[[nodiscard]] constexpr bool is_quantized(KvQuant q) noexcept { return q != KvQuant::none; }
[[nodiscard]] std::string_view name(KvQuant q) noexcept;

}  // namespace kvdtype
