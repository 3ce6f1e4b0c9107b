// kvdtype/vocabulary.hpp — the small words a Request and the tables share: the RequestFlag bits
// a backend or constraint row tests, Tri, and the model Geometry. Kept apart from request.hpp so
// that the data rows (src/tables/rows/) name these words without including the request model.
#pragma once

#include <cstdint>

namespace kvdtype {

/// Request switches that steer an engine's selection (environment or config), as a bit set.
enum RequestFlag : std::uint32_t {
  flag_rocm_aiter = 1u << 0,      ///< VLLM_ROCM_USE_AITER=1
  flag_rocm_aiter_mha = 1u << 1,  ///< AITER MHA enabled (VLLM_ROCM_USE_AITER_MHA, default on with AITER)
  flag_rocm_aiter_mla = 1u << 2,  ///< AITER MLA enabled (VLLM_ROCM_USE_AITER_MLA, default on with AITER)
  flag_kv_connector = 1u << 3,    ///< a KV connector / disaggregated prefill is configured
  flag_dp_attention = 1u << 4,    ///< data-parallel attention (SGLang --enable-dp-attention)
  flag_speculative = 1u << 5,     ///< speculative decoding configured
  flag_flash_attn_on = 1u << 6,   ///< flash attention forced on (llama.cpp -fa on, or the older bare -fa)
  flag_flash_attn_off = 1u << 7,  ///< flash attention forced off (llama.cpp -fa off); neither bit: auto
  /// A launch command spelled --kv-cache-dtype other than the engine's exact choice ("FP8" for
  /// "fp8"). vLLM and SGLang compare it with argparse `choices`, so the server refuses it; kvdtype's
  /// own flag stays case-insensitive. Set by the launch parser, kept by make_request only while the
  /// kv string still differs from the row's spelling (rule KVD103).
  flag_kv_spelling = 1u << 8,
  /// How a llama-server / llama-cli command spelled -fa (set by the launch parser; llama.cpp
  /// changed the flag's syntax in b6325, rules KVD207/KVD208): a bare -fa, or -fa with a word
  /// value (on, off, auto, enabled, disabled). Numeric values (llama-bench's 0/1) set neither.
  flag_fa_bare = 1u << 9,
  flag_fa_word = 1u << 10,
  /// The launch command runs llama-bench, whose -fa kept its own syntax (0/1 lists) and default
  /// (off) until b9437 (rule KVD206). Set by the launch parser.
  flag_llama_bench = 1u << 11,
  /// A llama.cpp command asked for tensor parallelism, `-sm tensor` / `--split-mode tensor` (PR
  /// ggml-org/llama.cpp#19378, first tag b8738): the meta backend splits every tensor, KV cache
  /// included, across the GPUs (rules KVD209, KVD210). Set by the launch parser.
  flag_split_tensor = 1u << 12,
  /// A llama.cpp command kept the KV cache in host memory, -nkvo / --no-kv-offload, while layers
  /// still run on a GPU (no -ngl 0): the scheduler hands the flash-attention op to the GPU with a
  /// copy of the K/V views it reads (ggml-backend.cpp input copies), so a view the copy makes
  /// non-contiguous (MLA's V, a view of K) takes the GPU's non-contiguous conversion path. Set by
  /// the launch parser (launch_llamacpp.cpp; KVD070, ggml-org/llama.cpp#19724).
  flag_no_kv_offload = 1u << 13,
  // (bits 14-19 left to other engines' launch words; MLX-LM's are set apart to keep merges apart)
  /// An mlx_lm.server command gave a KV-cache flag (--kv-bits, --kv-group-size,
  /// --quantized-kv-start, --max-kv-size) that only mlx_lm.generate defines: argparse stops the
  /// server (rule KVD290). Set by MLX-LM's launch reader.
  flag_mlx_server_kv_flags = 1u << 20,
  /// MLX-LM builds a rotating (sliding-window) cache for every layer: --max-kv-size was given
  /// (mlx_lm/models/cache.py make_prompt_cache; rules KVD291, KVD292).
  flag_mlx_rotating_cache = 1u << 21,
  /// vLLM on ROCm stores the KV cache in AITER's shuffled layout for ROCM_AITER_FA
  /// (VLLM_ROCM_SHUFFLE_KV_CACHE_LAYOUT, vllm/envs.py; read by rocm_aiter_fa.py only).
  flag_rocm_shuffle_kv = 1u << 22,
  /// vLLM's engine switch VLLM_USE_V1 set to a non-zero integer (vllm/envs.py reads it as
  /// bool(int(value)), 0.7 to 0.10): the V1 engine, opt-in before v0.8.0; from v0.8.0, the default,
  /// the explicit switch makes V1's oracle raise where it would otherwise fall back to V0. Unset or
  /// 0: the bit is clear. V0 was removed in v0.11.0; from then on the switch selects nothing.
  flag_vllm_use_v1 = 1u << 23,
  /// The model dtype is the checkpoint's own (config.json's torch_dtype, or the built-in catalogue):
  /// neither a launch command's --dtype nor an explicit model_dtype named one, so the engine's dtype
  /// is `auto`, which an engine may resolve per GPU (vLLM runs a bfloat16 checkpoint in float16 on a
  /// GPU without bfloat16 arithmetic: EngineBehaviour::auto_dtype_fallback_since, rule KVD087). Set
  /// by the check pipeline when it merges the model config under the other inputs.
  flag_model_dtype_auto = 1u << 24,
  /// vLLM launched with --enable-sleep-mode (vllm/engine/arg_utils.py; Python
  /// LLM(enable_sleep_mode=True)): the CuMem allocator that lets LLM.sleep(level) / POST /sleep drop
  /// the weights (level 2) and the KV cache. The sleep itself is a runtime call; the launch flag is
  /// what makes it possible. Set by vLLM's launch reader (launch_vllm.cpp; --no-enable-sleep-mode
  /// clears it, the last one wins); read by constraints_vllm.cpp (KVD071, #25800).
  flag_vllm_sleep_mode = 1u << 25,
};

/// Model geometry of the KV-carrying layers; 0 means unknown.
struct Geometry {
  std::uint32_t num_heads = 0;         ///< query heads (whole model, before tensor parallelism)
  std::uint32_t num_kv_heads = 0;      ///< KV heads (whole model); MLA caches one latent "head"
  std::uint32_t head_size = 0;         ///< K head size; for MLA the cached latent width (kv_lora_rank + qk_rope_head_dim)
  std::uint32_t head_size_v = 0;       ///< V head size when it differs from K (0: same)
  std::uint32_t num_layers = 0;        ///< all decoder layers
  std::uint32_t num_kv_layers = 0;     ///< layers that own a KV cache (hybrid models have fewer); 0: num_layers
  std::uint32_t kv_lora_rank = 0;      ///< MLA
  std::uint32_t qk_rope_head_dim = 0;  ///< MLA
  std::uint32_t qk_nope_head_dim = 0;  ///< MLA
  std::uint32_t index_topk = 0;        ///< sparse MLA (DSA) indexer top-k
};

/// Whether something is known to hold.
enum class Tri : std::uint8_t { unknown, no, yes };

}  // namespace kvdtype
