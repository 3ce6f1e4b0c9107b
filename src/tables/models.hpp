// Internal: the built-in model catalogue's row type (rows in models.cpp). The io layer turns a
// row into the same RequestInput a config.json would give (sources/model/model_id.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace kvdtype::tables {

/// One Hugging Face model id and the config.json facts the KV cache depends on. 0 / "" is
/// "not in the config" (for MLA rows num_kv_heads and head_dim are not the cache's and stay 0).
struct ModelRow {
  std::string_view id;               ///< "deepseek-ai/DeepSeek-V3", exactly as the Hub spells it
  std::string_view model_type;       ///< config.json model_type
  std::uint32_t num_layers = 0;      ///< num_hidden_layers (decoder layers, MTP layers excluded)
  std::uint32_t kv_layers = 0;       ///< layers that own a KV cache when fewer (hybrid models); 0: all
  std::uint32_t num_heads = 0;       ///< num_attention_heads
  std::uint32_t num_kv_heads = 0;    ///< num_key_value_heads (GQA/MHA/MQA)
  std::uint32_t head_dim = 0;        ///< head_dim, or hidden_size / num_attention_heads when the config has none
  std::uint32_t kv_lora_rank = 0;    ///< MLA
  std::uint32_t qk_rope_head_dim = 0;
  std::uint32_t qk_nope_head_dim = 0;
  std::uint32_t index_topk = 0;      ///< DeepSeek sparse attention (DSA) indexer
  std::uint32_t sliding_window = 0;  ///< sliding-window size of the local layers (0: none)
  std::string_view dtype;            ///< torch_dtype / dtype (the activation dtype)
  double params_b = 0;               ///< parameters, billions, as the model card states them
  std::uint8_t weight_bits = 0;      ///< bits per parameter of the published weights (16 bf16, 8 fp8); 0 unknown
  /// config.json max_position_embeddings: the context vLLM serves when --max-model-len is not
  /// given (its rope-scaling adjustments agree for these rows); 0 not recorded.
  std::uint32_t max_context = 0;
  std::string_view source;           ///< where the numbers were read
};

/// Every catalogue row, in the order of models.cpp.
[[nodiscard]] std::span<const ModelRow> model_rows() noexcept;

}  // namespace kvdtype::tables
