// kvdtype/io/model_id.hpp — a Hugging Face model id ("deepseek-ai/DeepSeek-V3") resolved to the
// facts its config.json holds: from the local Hugging Face cache when the model was downloaded,
// else from kvdtype's built-in catalogue of popular models (src/tables/models.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// Where a model id was found.
enum class ModelSource : std::uint8_t { hf_cache, catalogue };

struct ResolvedModel {
  RequestInput input;         ///< model dtype, attention kind, geometry, layers, weights (when known)
  ModelSource source = ModelSource::catalogue;
  std::string id;             ///< the id as the source spells it
  std::string path;           ///< the config.json read (hf_cache)
  std::uint32_t sliding_window = 0;  ///< the catalogue's sliding window (0: none or unknown)
  bool hybrid = false;        ///< fewer KV layers than decoder layers
  std::uint64_t max_context = 0;  ///< the model's own context (max_position_embeddings), 0 unknown
  /// "model: deepseek-ai/DeepSeek-V3 from the built-in catalogue (source …)" / "… from the HF cache at …"
  [[nodiscard]] std::string note() const;
};

/// Whether `text` is written like a Hub id (`NAME` or `ORG/NAME`, letters, digits, `-_.`),
/// rather than a path (`/…`, `./…`, `~/…`, more than one `/`).
[[nodiscard]] bool looks_like_model_id(std::string_view text) noexcept;

/// The Hugging Face hub cache directories searched, in order: $HF_HUB_CACHE, $HF_HOME/hub,
/// $XDG_CACHE_HOME/huggingface/hub, ~/.cache/huggingface/hub (those that are set).
[[nodiscard]] std::vector<std::string> hf_cache_dirs();

/// Resolve `id`: the HF cache (models--ORG--NAME/snapshots/<refs/main>/config.json, read as
/// read_model_config() reads a directory) first, then the catalogue (id compared
/// case-insensitively). nullopt when neither knows it. An Error only when a cached config.json
/// exists but cannot be read (bad_file). `search_hf_cache` false: the catalogue only, and
/// nothing on this machine's file system is touched (a model named by a workload that runs
/// elsewhere: its node's cache is not this machine's).
[[nodiscard]] Result<std::optional<ResolvedModel>> resolve_model_id(std::string_view id, bool search_hf_cache = true);

/// The catalogue's ids, in table order (for docs and tests).
[[nodiscard]] std::vector<std::string_view> catalogue_model_ids();

}  // namespace kvdtype::io
