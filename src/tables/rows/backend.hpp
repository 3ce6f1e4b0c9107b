// Internal: the Backend and SelectionOrder rows (src/tables/backends_<engine>.cpp,
// selection_<engine>.cpp). The public header kvdtype/backend.hpp names Backend only as an opaque
// row with accessors: these fields are the tables' schema and change whenever a new kind of fact
// is modelled, which must not break code built against the installed headers.
//
// Lists inside a row are space-separated words so that the rows read like the engines' own
// declarations; closed word sets are checked when each table file compiles (tables/words.hpp),
// the rest by `kvdtype rules --lint` and the unit tests.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/backend.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/vocabulary.hpp"

namespace kvdtype {

/// What the kernel does with Q when the cache is quantized.
enum class QPolicy : std::uint8_t {
  model_dtype,  ///< Q stays in the model's 16-bit dtype; the kernel dequantizes KV
  kv_format,    ///< the engine quantizes Q to the cache's element format; the kernel expects it
};

/// What the kernel must be told is the KV element type (its `kv_data_type`).
enum class KvDeclared : std::uint8_t {
  element,           ///< the element format; a byte container (uint8) is refused or misread
  element_or_bytes,  ///< the element format or a raw byte view (packed records such as fp8_ds_mla)
};

/// How the backend's kernels convert an fp8 cache.
enum class Fp8Path : std::uint8_t {
  software,  ///< dequantizes with integer/bit operations; any target (FlashInfer FA2, CUDA paged attention)
  hardware,  ///< needs the target's fp8 conversion/matrix instructions (FA3, AITER asm, FlashMLA)
  triton,    ///< Triton kernels: the fp8 type must be one the target's Triton offers
};

/// One attention backend of one engine.
struct Backend {
  Engine engine{};
  std::string_view name;             ///< engine spelling, upper-case for vLLM: "FLASHMLA"
  std::string_view aliases;          ///< other spellings the engine accepts (words)
  std::string_view platforms = "cuda";          ///< words from: cuda rocm cpu
  std::string_view attention = "mha gqa mqa";   ///< words from: mha gqa mqa mla sparse-mla
  std::string_view kv_cache_dtypes;             ///< accepted kv-cache strings (words)
  std::string_view model_dtypes = "float16 bfloat16";  ///< accepted activation dtypes (words)
  std::uint16_t min_cc = 0;  ///< lowest compute capability ×10 (0: none); ROCm uses PyTorch's (9,4)=94 scale
  std::uint16_t max_cc = 0;  ///< highest compute capability ×10 (0: none)
  std::string_view head_sizes;       ///< exact head sizes (words); empty: any within the range below
  std::uint16_t head_size_min = 0, head_size_max = 0, head_size_multiple = 0;
  std::string_view block_sizes;      ///< exact kernel block sizes (words); empty: any multiple below
  std::uint16_t block_size_multiple = 0;
  QPolicy q_policy = QPolicy::model_dtype;  ///< Q with a quantized cache
  std::uint16_t q_kv_format_min_cc = 0;     ///< kv_format Q only from this capability (0: everywhere)
  std::uint16_t q_kv_format_max_cc = 0;     ///< … and only up to this capability (0: no limit; TensorRT-LLM: SM100/SM103)
  std::string_view q_kv_format_platforms;   ///< kv_format Q only on these platforms (words; empty: all)
  std::uint16_t q_kv_format_max_head_size = 0;  ///< kv_format Q only up to this head size (0: any; MLA latents are ≥ 512)
  bool q_strict = true;              ///< a Q other than the planned one breaks the kernel (else: tolerated)
  /// The engine's switch that keeps Q in the model dtype (Request::q_quantization no) applies
  /// here: vLLM FLASHINFER's attention_config disable_flashinfer_q_quantization.
  bool q_quantization_switch = false;
  KvDeclared kv_declared = KvDeclared::element;
  Fp8Path fp8_path = Fp8Path::software;
  std::string_view fp8_as;           ///< non-empty: every fp8 string is read as this FormatRule word
                                     ///< ("platform_fp8_e4m3": e5m2 silently becomes e4m3)
  std::string_view canonicalizes;    ///< kv strings this backend rewrites after selection (words) …
  std::string_view canonical_kv;     ///< … into this kv string ("fp8_ds_mla")
  /// SGLang DSA sub-backends (words) under which the rewrite does not happen: a request naming
  /// one of them as its --dsa-prefill-backend or --dsa-decode-backend keeps the requested
  /// string's own layout (the trtllm DSA kernels read the plain fp8 latent, 576 B, not the
  /// 656 B FlashMLA record). Nothing named: the rewrite applies.
  std::string_view canonical_unless_dsa;
  /// The cache packs each token's K and V heads into 32-bit words (tpu-inference's ragged paged
  /// attention v3, kernels/ragged_paged_attention/v3 get_kv_cache_shape): per rank the 2 x KV
  /// heads (the KV heads alone at head size 64, whose K and V share one 128-lane row) are padded
  /// up to a multiple of 32 / element bits and the head size up to 128, so a narrow element saves
  /// less than its width, or nothing, when a rank holds few KV heads (bytes: resolve.cpp
  /// packed_kv_bytes; KVD106).
  bool packs_kv_heads = false;
  std::string_view notes;            ///< one line for `kvdtype backends`
  std::string_view source;           ///< repo path and line / PR
  // Release range (versions name rows of src/tables/releases_<engine>.cpp; empty = unbounded).
  // A release older than introduced_in does not have it; when absent_in is set, releases after
  // absent_in and before introduced_in may or may not (not established) and get a warning.
  std::string_view introduced_in;  ///< first release known to have it
  std::string_view absent_in;      ///< last release known not to have it (when introduced_in is only an upper bound)
  std::string_view removed_in;     ///< first release without it again
  std::uint16_t min_cc_before = 0;         ///< the capability floor before min_cc_changed_in (min_cc from then on)
  std::string_view min_cc_changed_in;     ///< release that changed the floor to min_cc
  std::string_view kv_cache_dtypes_since;  ///< words "STRING:FIRST" or "STRING:LAST_WITHOUT..FIRST": a listed
                                           ///< string accepted only from release FIRST (between: not established)
  // Coverage not established: kv strings for which whether the backend reads them is not known
  // (words; "*": the whole list), and the fact named when a check needs one. Such a string is
  // neither refused (KVD010) nor silently accepted: the result is incomplete (KVD080, coverage_unknown).
  std::string_view kv_cache_dtypes_unknown;
  std::string_view coverage_unknown;       ///< the fact, as a noun phrase: "whether MINIMAX_M3_SPARSE takes auto"
  // Engines whose attention is a flash-attention op that may run elsewhere (llama.cpp's ggml
  // backends): which K/V pairs and head sizes its kernels have. Empty: not modelled.
  std::string_view fa_kv_pairs;      ///< "K/V" words (kv-cache strings; `*` any, `=` the same as K): "f16/f16 q8_0/q4_0 */="
  std::string_view fa_head_sizes;    ///< K head sizes the kernels have (words); empty: any
  /// Or: every K head size that this divides (Vulkan: multiples of 8); 0: fa_head_sizes decides
  std::uint16_t fa_head_size_multiple = 0;
  std::string_view fa_missing;       ///< what happens without a kernel (one line, for the diagnostic)
  /// Head sizes a backend serves only from some release on, as kv_cache_dtypes_since does for
  /// strings: words "SIZE:FIRST" or "SIZE:LAST_WITHOUT..FIRST" (between: not established). The
  /// size is also in head_sizes; an earlier release → KVD104 (error; a warning in the window).
  std::string_view head_sizes_since;
};

/// The engine's automatic backend order for one situation. The first row that matches the
/// Request gives the order; candidates that break a hard rule are skipped, as the engine does.
struct SelectionOrder {
  Engine engine{};
  std::string_view platform;         ///< words from: cuda rocm cpu (at least one)
  std::string_view attention;        ///< words; empty: any
  std::uint16_t min_cc = 0, max_cc = 0;  ///< capability range ×10 (0: unbounded)
  std::int8_t kv_quantized = -1;     ///< 1: only for quantized caches, 0: only unquantized, -1: any
  std::uint16_t min_num_heads = 0;   ///< only when heads per rank >= this (0: any; heads must be known)
  std::uint16_t max_num_heads = 0;   ///< only when heads per rank <= this (0: any; heads must be known)
  std::string_view head_sizes;       ///< only for these head sizes (words; MLA: latent width); empty: any
  std::uint32_t flags_all = 0;       ///< RequestFlag bits that must be set
  std::uint32_t flags_none = 0;      ///< RequestFlag bits that must be clear
  /// Only for these models (config.json architectures[0] or model_type, words): a model that forces
  /// its own backend before selection (vLLM's per-model config hooks). Empty: any model; a row with
  /// architectures never matches a request that does not name the model.
  std::string_view architectures;
  std::string_view order;            ///< backend names, highest priority first
  std::string_view source;
  std::string_view introduced_in;    ///< first release with this order ("" = before the release table)
  std::string_view removed_in;       ///< first release without it ("" = current)
};

[[nodiscard]] std::span<const Backend> backends(Engine engine) noexcept;
[[nodiscard]] std::span<const SelectionOrder> selection_orders(Engine engine) noexcept;

}  // namespace kvdtype
