// Internal: the When condition and the Constraint row (src/tables/constraints_<engine>.cpp,
// and the constraint arrays of backends_<engine>.cpp). Facts of the form "this combination
// breaks on these targets / in these engine versions" are rows here: adding one is a row, not
// code. The public header kvdtype/rule.hpp names Constraint only as an opaque row with accessors.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"
#include "kvdtype/rule.hpp"
#include "kvdtype/vocabulary.hpp"

namespace kvdtype {

/// Conditions on a Request and its resolved Plan. Every non-empty field must hold; lists are
/// space-separated words and match when any word does.
struct When {
  std::string_view backends;         ///< chosen backend names
  std::string_view kv_cache_dtypes;  ///< the kv-cache string as the user gave it
  std::string_view kv_quant;         ///< the cache's KvQuant family words (none fp8_per_tensor turboquant …)
  std::string_view model_dtypes;     ///< canonical format names
  std::string_view attention;        ///< mha gqa mqa mla sparse-mla
  std::string_view k_formats;        ///< the Plan's K element format
  /// The Q the kernel is handed: --q-dtype when given, else the Plan's Q (which vLLM's
  /// disable_flashinfer_q_quantization keeps in the model dtype). Canonical format names.
  std::string_view q_formats;
  std::string_view platforms;        ///< cuda rocm cpu
  std::uint16_t min_cc = 0, max_cc = 0;  ///< target capability range ×10 (0: unbounded)
  bool outside_cc = false;           ///< match targets *outside* [min_cc, max_cc] instead
  std::string_view head_sizes;       ///< exact head sizes (words)
  std::uint32_t flags_all = 0;       ///< RequestFlag bits that must be set
  std::uint32_t flags_none = 0;      ///< RequestFlag bits that must all be clear
  bool v_quantized = false;          ///< the V cache (K's type unless set apart) is a quantized type
  /// The V cache has its own type and it is not K's (llama.cpp: -ctv defaults to f16, so -ctk q8_0
  /// alone differs). A V that follows K, or an unresolved K or V, never matches.
  bool kv_types_differ = false;
  /// The chosen backend models its flash-attention kernels (Backend::fa_kv_pairs, llama.cpp) and
  /// they lack the request's K/V pair or head size: ggml's scheduler would hand the op to the CPU
  /// (KVD202-KVD204). An unknown backend never matches; an unknown head size counts as served.
  bool fa_no_kernel = false;
  // Query heads per tensor-parallel rank (shape-dependent kernels: AITER MLA tiles). Matches
  // when the heads per rank are known, in `heads_per_rank` (words; empty: any) and inside
  // [min_heads_per_rank, max_heads_per_rank] (0: unbounded) — or outside all that with heads_outside.
  std::string_view heads_per_rank;
  std::uint16_t min_heads_per_rank = 0, max_heads_per_rank = 0;
  bool heads_outside = false;
  // Issue 28's inputs (src/core/when_extra.cpp). Each matches only when the request gives the
  // input: an unknown architecture, method or block size never matches, inside or outside.
  std::string_view architectures;        ///< config.json architectures[0] or model_type (words, exact)
  std::string_view weight_quantizations; ///< weight quantization methods, lower case
  std::string_view kv_scale_layouts;     ///< k v both none: the checkpoint's KV scales
  std::string_view kv_scales_sources;    ///< checkpoint file computed: where the KV scales come from
  std::string_view speculative_methods;  ///< lower case; the word "*_mtp" matches every MTP model type
  std::uint16_t min_speculative_tokens = 0;  ///< at least this many draft tokens (0: any)
  std::string_view kv_connectors;        ///< connector names as the engine spells them
  std::string_view dsa_backends;         ///< SGLang DSA sub-backends: the prefill or the decode one
  std::string_view block_sizes;          ///< exact block (page) sizes (words)
  bool block_sizes_outside = false;      ///< match a known block size *not* in block_sizes
  Tri cuda_graph = Tri::unknown;         ///< yes/no: CUDA graphs captured or not (unknown: any)
  Tri hierarchical_cache = Tri::unknown; ///< yes/no: hierarchical cache on or off (unknown: any)
  Tri chunked_prefix_cache = Tri::unknown;  ///< yes/no: SGLang chunked prefix cache on or off (unknown: any)
  Tri kv_scales = Tri::unknown;          ///< yes/no: calibrated KV scales exist (given, or a checkpoint's KV quantization)
  // Issue 28's per-layer plans (src/core/when_extra.cpp; the request side: core/request_layers.cpp).
  Tri attention_sinks = Tri::unknown;    ///< yes/no: the attention layers carry learned sinks (gpt-oss)
  /// yes: the model has sliding-window layers (--sliding-window, or a sliding group); no: its
  /// layer groups are given and none slides. Unknown layers match neither.
  Tri sliding_window = Tri::unknown;
  /// yes: the model has linear-attention or Mamba state layers (a linear or mamba group); no: its
  /// layer groups are given and have none.
  Tri state_layers = Tri::unknown;
  std::string_view group_head_sizes;     ///< a layer group of one of these head sizes exists (words)
  std::string_view draft_kv_cache_dtypes;  ///< the drafter's own kv-cache string (--speculative-kv-cache-dtype), when given
  /// The GQA ratio, query heads per KV head (--num-heads / --num-kv-heads; config.json
  /// num_attention_heads / num_key_value_heads; GGUF *.attention.head_count / head_count_kv), exact
  /// words. Known only when both counts are given and the KV heads divide the query heads: kernels
  /// that tile query heads per KV head (llama.cpp's CUDA flash attention) dispatch on it.
  std::string_view gqa_ratios;
  /// A known GQA ratio (as gqa_ratios) that is not a multiple of this (0: no condition): kernels
  /// built for ratios in steps of N query heads (llama.cpp's CUDA MMA flash attention at head
  /// sizes 192 and 320) have no instance for the others.
  std::uint16_t gqa_ratio_not_multiple_of = 0;
  /// The requested context length (--max-model-len, llama.cpp -c / --ctx-size) is at least this
  /// many tokens (0: no condition). A context not given never matches: a kernel limit that only a
  /// long cache reaches (a CUDA grid dimension of 65535 rows) fires only on a context that can reach it.
  std::uint64_t min_max_model_len = 0;
  /// Decode context parallelism (vLLM -dcp / --decode-context-parallel-size, SGLang --dcp-size) of
  /// at least this many ranks (0: no condition). A size not given never matches: a launch without
  /// the flag runs at the engine's default of 1, which no condition of 2 or more names.
  std::uint16_t min_decode_context_parallel = 0;
  /// yes: part of the model and its KV cache runs on remote backends (llama.cpp --rpc, ggml-rpc),
  /// whose ops the local scheduler does not ask the remote device about; no: none (unknown: any).
  Tri remote_backend = Tri::unknown;
};

/// "This combination fires this rule", optionally only in some engine versions.
/// Known bugs (fix_pr, fixed_in or affected_in set): a version listed in affected_in, or in
/// [introduced_in, fixed_in) with both known → the rule's own severity; older than introduced_in
/// or at/after fixed_in → nothing (the report lists it under --verbose); otherwise (version
/// unknown, or where the release is not established) → a warning that names the fix and the
/// first fixed release. Behaviour rows (no fix): introduced_in / removed_in bound the releases
/// that behave so; with no version given the newest known release is assumed.
struct Constraint {
  Engine engine{};
  std::string_view rule;           ///< rule code, e.g. "KVD041"
  When when;
  std::string_view detail;         ///< one line filling {detail}: the specific fact
  std::string_view introduced_in;  ///< first affected engine version ("" = always)
  std::string_view affected_in;    ///< releases observed to have the bug (words), when the range is not known
  std::string_view fixed_in;       ///< first fixed engine version ("" = not fixed / not a bug)
  std::string_view fix_pr;         ///< "vllm-project/vllm#39988"
  bool selection = true;           ///< also excludes the backend during automatic selection
  std::string_view replace_backend;  ///< the engine silently swaps in this backend instead (rule KVD060)
  std::string_view source;
  std::string_view removed_in;     ///< behaviour rows: first release that no longer behaves so
};

[[nodiscard]] std::span<const Constraint> constraints(Engine engine) noexcept;

}  // namespace kvdtype
