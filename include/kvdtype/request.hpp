// kvdtype/request.hpp — Request: everything the caller knows before any kernel runs.
//
// RequestInput holds what was typed (CLI flags, Python keywords, C ABI setters, a launch
// command); make_request() turns it into a typed Request or an Error naming the bad value.
// A field left empty is unknown, not wrong: rules that need it are skipped.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "kvdtype/backend.hpp"
#include "kvdtype/cache_dtype.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/inline_vector.hpp"
#include "kvdtype/result.hpp"
#include "kvdtype/target.hpp"
#include "kvdtype/vocabulary.hpp"

namespace kvdtype {

struct Rule;

/// What the caller typed, verbatim. Field names are the CLI flags with underscores.
struct RequestInput {
  std::string engine;             ///< "vllm" when empty
  std::string engine_version;
  std::string gpu;
  std::string kv_cache_dtype;     ///< "auto" when empty (the engine's default row)
  std::string v_cache_dtype;      ///< the V cache's own string where the engine sets V apart (llama.cpp -ctv); empty: its default
  std::string flash_attention;    ///< on | off | auto (llama.cpp -fa); empty: the engine default
  std::string model_dtype;
  std::string attention;
  std::string backend;            ///< "auto" when empty
  std::string q_dtype;
  std::string kv_dtype;
  std::string kv_storage_dtype;
  std::string checkpoint_kv_cache_dtype;  ///< the checkpoint's own KV quantization ("fp8", "nvfp4"), from a model config
  std::string kv_scales;          ///< "yes"/"no": calibrated KV scales exist (checkpoint or --quantization-param-path)
  std::string tensor_parallel_size, data_parallel_size, block_size;
  std::string decode_context_parallel_size;  ///< vLLM -dcp, SGLang --dcp-size: KV tokens split over ranks
  std::string remote_backend;     ///< yes/no: llama.cpp --rpc, layers and their KV cache also on rpc-server machines
  std::string num_heads, num_kv_heads, head_size, head_size_v, num_layers, num_kv_layers;
  std::string kv_lora_rank, qk_rope_head_dim, qk_nope_head_dim, index_topk;
  std::string gpu_memory_gib, gpu_memory_utilization, max_model_len, weight_gib;
  // What the engines also decide on (issue 28). Open-ended names (architecture, connector, draft
  // model) are kept verbatim; methods and sub-backends outside kvdtype's lists are a KVD080
  // finding (the conditions on them cannot be judged), never an error.
  std::string model_architecture;   ///< config.json architectures[0] ("DeepseekV32ForCausalLM")
  std::string model_type;           ///< config.json model_type ("deepseek_v32")
  std::string weight_quantization;  ///< quantization_config.quant_method or --quantization ("awq", "fp8")
  std::string kv_scale_layout;      ///< which KV scales the checkpoint carries: k, v, both or none
  std::string kv_scales_source;     ///< where the KV scales come from: checkpoint, file (--quantization-param-path) or computed
  std::string speculative_method;   ///< --speculative-config method / SGLang --speculative-algorithm
  std::string num_speculative_tokens;
  std::string speculative_model;    ///< the drafter's model path or Hub id
  std::string kv_connector;         ///< --kv-transfer-config kv_connector / SGLang transfer backend
  std::string dsa_prefill_backend, dsa_decode_backend;  ///< SGLang --dsa-*-backend (formerly --nsa-*)
  std::string hierarchical_cache;   ///< yes/no: SGLang --enable-hierarchical-cache
  std::string chunked_prefix_cache; ///< yes/no: no with SGLang --disable-chunked-prefix-cache (MLA models)
  std::string cuda_graph;           ///< yes/no: no with vLLM --enforce-eager or SGLang --disable-cuda-graph
  std::string q_quantization;       ///< yes/no: no with vLLM attention_config disable_flashinfer_q_quantization (Q stays in the model dtype)
  // The model's layers as the engines plan their caches (issue 28, per-layer plans): learned
  // attention sinks, the sliding window, the groups of a hybrid model, and the drafter's own cache.
  std::string attention_sinks;      ///< yes/no: attention layers carry learned sinks (gpt-oss)
  std::string sliding_window;       ///< tokens a sliding-window layer attends to (config.json sliding_window)
  std::string layer_groups;         ///< KIND:LAYERS[:hHEAD][:kvHEADS][:wWINDOW], comma-separated (request_layers.cpp)
  std::string speculative_kv_cache_dtype;  ///< the drafter's own kv-cache string (vLLM speculative_config.kv_cache_dtype); empty: the target's
  std::uint32_t flags = 0;        ///< RequestFlag bits (from a launch command's environment)
  /// A value inside a launch command or config file that the engine itself refuses at start-up
  /// (llama.cpp `-ctk fp8`, LMDeploy `--quant-policy 3`): the rule code that reports it and the
  /// value verbatim. Not a flag of kvdtype: a launch parser sets it, check() reports an error.
  std::string refused_rule, refused_value;
  /// How the input itself names the kv-cache setting, where that is not kvdtype's
  /// --kv-cache-dtype: the launch flag as typed ("--quant-policy", "-ctk") or the key path of an
  /// options file ("kv_cache_config.dtype"). Set by the launch readers; messages use it in place
  /// of --kv-cache-dtype. A later source that sets kv_cache_dtype replaces it (overlay).
  std::string kv_term;

  /// Set a field by its flag name ("gpu", "kv-cache-dtype", "kv_cache_dtype", …). Returns false
  /// for an unknown field name.
  bool set(std::string_view field, std::string_view value);

  /// The value of a field by name (either spelling); nullptr for an unknown name.
  [[nodiscard]] const std::string* get(std::string_view field) const noexcept;

  /// Every field name, underscore spelling, in a stable order.
  [[nodiscard]] static std::span<const std::string_view> fields() noexcept;

  /// Copy every non-empty field of `from` over this one and add its flags: how a later source
  /// (launch command over model config, explicit flags over both) wins field by field.
  void overlay(const RequestInput& from);
};

/// Which calibrated KV scales a checkpoint carries (its k_scale / v_scale tensors).
enum class KvScaleLayout : std::uint8_t { unknown, none, k_only, v_only, both };

/// Where the engine takes its KV scales from: the checkpoint's k_scale / v_scale tensors, a
/// separate file (--quantization-param-path, a JSON of per-layer factors), or computed from the
/// first batches (vLLM --calculate-kv-scales). Engines load each by its own code path, and a bug
/// of one path leaves the others sound (sgl-project/sglang#20705).
enum class KvScalesSource : std::uint8_t { unknown, checkpoint, file, computed };

/// What a decoder layer keeps per sequence (issue 28): a KV cache over every token (full), a KV
/// cache over the last `window` tokens (sliding), or a fixed-size recurrent state that no
/// kv-cache string quantizes (linear attention / Gated DeltaNet, Mamba / SSM).
enum class LayerKind : std::uint8_t { full, sliding, linear, mamba };
[[nodiscard]] std::string_view name(LayerKind k) noexcept;

/// A run of layers that share a kind and a shape: one entry of a hybrid model's per-layer plan.
struct LayerGroup {
  LayerKind kind = LayerKind::full;
  std::uint32_t layers = 0;
  std::uint32_t head_size = 0;     ///< 0: the request's head_size
  std::uint32_t num_kv_heads = 0;  ///< 0: the request's num_kv_heads
  std::uint32_t window = 0;        ///< sliding: tokens (0: the request's sliding_window)
  /// Whether the group keeps a per-token KV cache (the kv-cache string applies to it).
  [[nodiscard]] constexpr bool attention() const noexcept { return kind == LayerKind::full || kind == LayerKind::sliding; }
};

/// The typed request. Pointers refer to static table rows (never owned, never dangling).
struct Request {
  Engine engine = kDefaultEngine;
  Version engine_version{};
  const Target* target = nullptr;              ///< nullptr: unknown
  const Product* product = nullptr;            ///< when a product name was given
  const CacheDtype* kv_cache_dtype = nullptr;  ///< nullptr only for engines without tables
  const CacheDtype* v_cache_dtype = nullptr;   ///< the V side's own row (llama.cpp -ctv); nullptr: kv_cache_dtype's
  std::optional<FormatId> model_dtype;
  /// The checkpoint's dtype when the engine's `--dtype auto` runs the model in another one on this
  /// GPU (model_dtype then holds the one it runs in; rule KVD087); empty otherwise.
  std::optional<FormatId> checkpoint_dtype;
  Attention attention = Attention::unknown;
  const Backend* backend = nullptr;            ///< nullptr: automatic selection
  std::optional<FormatId> q_dtype;             ///< Q the caller will hand the kernel
  std::optional<FormatId> kv_dtype;            ///< KV element dtype declared to the kernel
  std::optional<FormatId> kv_storage_dtype;    ///< dtype of the allocated cache tensor
  const CacheDtype* checkpoint_kv = nullptr;   ///< the checkpoint's KV quantization, when declared
  Tri kv_scales = Tri::unknown;
  std::uint32_t tensor_parallel_size = 0, data_parallel_size = 0, block_size = 0;
  /// Decode context parallelism: each token's KV is stored on one of this many ranks of the
  /// tensor-parallel group (0 or 1: every rank holds every token). capacity() counts it where the
  /// engine splits the cache that way (EngineBehaviour::dcp_splits_kv_tokens).
  std::uint32_t decode_context_parallel_size = 0;
  /// yes: some layers, and their KV cache, run on remote backends (llama.cpp --rpc, ggml-rpc),
  /// whose client answers every supports_op with true: the scheduler hands such a device ops its
  /// real backend lacks instead of moving them to the CPU. Unknown: not said.
  Tri remote_backend = Tri::unknown;
  Geometry geometry;
  double gpu_memory_gib = 0;          ///< 0: from the product table when known
  double gpu_memory_utilization = 0;  ///< 0: the engine default
  std::uint64_t max_model_len = 0;
  double weight_gib = 0;              ///< model weights in GiB (whole model), 0 unknown
  std::uint32_t flags = 0;            ///< RequestFlag bits
  const Rule* refused = nullptr;      ///< a launch-command value the engine refuses (RequestInput::refused_rule)
  std::array<char, 48> refused_value{};  ///< that value, truncated, NUL-terminated
  std::array<char, 32> kv_term{};        ///< RequestInput::kv_term, NUL-terminated; empty: --kv-cache-dtype
  /// The --gpu value when it names hardware kvdtype does not know (classify_unparsed_gpu():
  /// unknown): target stays nullptr and KVD080 names it. Printable, truncated, NUL-terminated.
  std::array<char, 64> unknown_gpu{};

  /// The refused value as text.
  [[nodiscard]] std::string_view refused_text() const noexcept { return refused_value.data(); }
  // Issue 28's inputs, NUL-terminated text (empty: not given); request_extra.cpp fills them.
  std::array<char, 64> model_architecture{};
  std::array<char, 32> model_type{};
  std::array<char, 32> weight_quantization{};  ///< lower case
  KvScaleLayout kv_scale_layout = KvScaleLayout::unknown;
  KvScalesSource kv_scales_source = KvScalesSource::unknown;
  std::array<char, 24> speculative_method{};   ///< lower case
  std::uint32_t num_speculative_tokens = 0;    ///< 0: not given
  std::array<char, 96> speculative_model{};
  std::array<char, 48> kv_connector{};
  std::array<char, 24> dsa_prefill_backend{}, dsa_decode_backend{};  ///< lower case
  Tri hierarchical_cache = Tri::unknown;
  Tri chunked_prefix_cache = Tri::unknown;
  Tri cuda_graph = Tri::unknown;
  /// no: the engine keeps Q in the model dtype where the backend would quantize it to the fp8
  /// cache format (Backend::q_quantization_switch); unknown and yes: the backend's own policy.
  Tri q_quantization = Tri::unknown;
  // Per-layer plans (request_layers.cpp). An empty layer_groups is the single-group model of
  // before: every KV layer full attention of the request's head size.
  Tri attention_sinks = Tri::unknown;
  std::uint32_t sliding_window = 0;               ///< 0: not given
  InlineVector<LayerGroup, 8> layer_groups;       ///< in the order given; at most 8 groups
  const CacheDtype* draft_kv_cache_dtype = nullptr;  ///< speculative_kv_cache_dtype's row; nullptr: the target's

  /// Whether a group of this kind is known to exist (layer_groups, or a sliding window given).
  [[nodiscard]] bool has_layers(LayerKind k) const noexcept {
    for (const LayerGroup& g : layer_groups)
      if (g.kind == k && g.layers) return true;
    return k == LayerKind::sliding && sliding_window != 0;
  }
  /// Values of these fields outside kvdtype's lists (weight quantization, speculative method,
  /// DSA sub-backends), "--field 'value'" separated by "; ": KVD080 names them.
  std::array<char, 128> unlisted{};

  /// One of the text fields above as a string_view.
  template <std::size_t N>
  [[nodiscard]] static std::string_view text(const std::array<char, N>& a) noexcept {
    return std::string_view(a.data());
  }

  /// The unknown GPU's name as given; empty when the GPU is known or was not given.
  [[nodiscard]] std::string_view unknown_gpu_text() const noexcept { return unknown_gpu.data(); }
  /// How the input names the kv-cache setting: RequestInput::kv_term, or "--kv-cache-dtype".
  [[nodiscard]] std::string_view kv_term_text() const noexcept {
    return kv_term[0] != '\0' ? std::string_view(kv_term.data()) : std::string_view("--kv-cache-dtype");
  }

  /// Heads per tensor-parallel rank (query heads), 0 when unknown.
  [[nodiscard]] std::uint32_t heads_per_rank() const noexcept {
    if (geometry.num_heads == 0) return 0;
    const std::uint32_t tp = tensor_parallel_size ? tensor_parallel_size : 1;
    return geometry.num_heads / tp ? geometry.num_heads / tp : 1;
  }
};

/// The error for a value given as the empty string (`--gpu ""`, `--gpu "$GPU"` with GPU unset):
/// bad input naming the flag. An input left out is unknown; an input given empty is a mistake
/// that would otherwise check less than was asked, so faces that take explicit values (the CLI)
/// refuse it with this error.
[[nodiscard]] Error empty_value(std::string_view flag);

/// Parse and validate every field. Bad input (unknown dtype string, unknown GPU, a negative or
/// absurd number) is an Error whose message names the field, the bad value and the nearest
/// valid values.
[[nodiscard]] Result<Request> make_request(const RequestInput& input);

}  // namespace kvdtype
