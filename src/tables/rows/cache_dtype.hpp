// Internal: the CacheDtype row (src/tables/cache_dtypes_<engine>.cpp). A row says how a
// kv-cache string becomes K and V element formats on a given Target, what tensor the engine
// allocates, how it is scaled, and how many bytes a token takes. The public header
// kvdtype/cache_dtype.hpp names CacheDtype only as an opaque row with accessors.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/cache_dtype.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"

namespace kvdtype {

/// How a cache string picks its element format on a Target. A closed set of strategies; the
/// parameters live in the row.
enum class FormatRule : std::uint8_t {
  fixed,              ///< always `format`
  model_dtype,        ///< the model's activation dtype ("auto", unquantized)
  platform_fp8_e4m3,  ///< the platform's e4m3: float8_e4m3fnuz on FNUZ targets, else float8_e4m3fn
  platform_fp8_on_rocm_else_fixed,  ///< ROCm: the platform's e4m3; elsewhere `format` (SGLang fp8_e5m2)
  e4m3_from_cc89_else_fixed,  ///< float8_e4m3fn when cc >= 8.9 (Triton fp8e4nv), else `format` (TurboQuant keys)
};

/// How bytes per token per layer are computed from the geometry.
enum class Layout : std::uint8_t {
  elementwise,     ///< heads × (head_size_k × k_bits + head_size_v × v_bits) / 8, plus per-token scales
  fp8_ds_mla,      ///< fixed 656-byte record per token (512 fp8 + 4 fp32 scales + 64 bf16)
  nvfp4_inline,    ///< per side head/2 data bytes + head/16 E4M3 scale bytes
  turboquant_slot, ///< one even-rounded slot per KV head holding packed K and V
  ggml_block,      ///< per side heads × ceil(head / block_size) × bytes_per_block of the side's block format
  /// MLX's QuantizedKVCache (mx.quantize, affine mode): per side heads × (head × bits / 32 uint32
  /// words of codes + a scale and a bias of the model dtype per `group_size` elements)
  mlx_affine,
  /// DeepSeek V4's fp8_ds_mla record: 584 bytes per token (448 fp8 NoPE values, 64 bf16 RoPE
  /// values, 7 UE8M0 scales of 64 NoPE values each and 1 pad byte), whatever the geometry
  fp8_ds_mla_v4,
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
  std::uint8_t group_size = 0;      ///< Layout::mlx_affine: elements that share one scale and one bias
  bool deprecated = false;          ///< accepted by the parser but refused (or to be refused)
  bool internal = false;            ///< not a user string: a layout a backend rewrites to (never parsed)
  std::string_view replacement;     ///< what to use instead when deprecated
  std::string_view platforms;       ///< where the engine documents it: "cuda rocm cpu" (empty = all)
  /// The one backend every platform of the engine that takes this string serves it through, the
  /// other platforms refusing it (established per platform in the row's comment and source). A
  /// check that names no GPU resolves to it; the answer stays incomplete (KVD080). Empty: none.
  std::string_view sole_backend;
  /// The one attention kind the string exists for (a sparse-MLA record): what selection assumes
  /// when the request does not say; unknown for every other string.
  Attention only_for = Attention::unknown;
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

}  // namespace kvdtype
