// kvdtype/io/model_config.hpp — a Hugging Face model directory or config.json, read for what
// the KV cache depends on.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/plan.hpp"

#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// A value of a config that is there but malformed: a negative count (KVD082), a fraction
/// (KVD083), a number beyond any model (KVD084), another JSON type where a number or a string
/// belongs (KVD085), null where a count is required (KVD086). The value is read as absent, and the
/// check reports each problem as an error diagnostic (add_config_problems): a bad value inside a
/// checked config rejects it (exit 1), an unreadable or unparseable file stays bad input (exit 2).
struct ConfigProblem {
  std::string_view code;    ///< "KVD082" … "KVD086" (static)
  std::string_view key;     ///< the config key, e.g. "num_hidden_layers" (static)
  std::uint64_t value = 0;  ///< the offending number when it has one (KVD084), else 0
};

struct ModelConfig {
  RequestInput input;        ///< model_dtype, attention, geometry, layers, checkpoint KV quantization, weight_gib
  std::string model_type;    ///< "deepseek_v3"
  std::string architecture;  ///< first of "architectures"
  std::string path;          ///< the config.json read
  std::uint64_t max_context = 0;  ///< max_position_embeddings (or its older names): the engine's default context; 0 unknown
  std::vector<ConfigProblem> problems;  ///< malformed values, each read as absent
};

/// Largest config file read (bytes), deepest JSON nesting and most JSON values accepted. Real
/// configs hold hundreds to a few thousand values; the bound keeps the parsed document (tens of
/// bytes per value) within a small multiple of the file.
inline constexpr std::size_t kMaxConfigBytes = 4u << 20;
inline constexpr int kMaxConfigDepth = 64;
inline constexpr std::size_t kMaxConfigValues = 1u << 17;

/// Read `path` (a config.json, or a directory holding one, plus hf_quant_config.json when
/// present). Missing, unreadable, oversized or malformed files are an Error (bad_file) naming
/// the file and the problem.
[[nodiscard]] Result<ModelConfig> read_model_config(const std::filesystem::path& path);

/// A GGUF model file (llama.cpp): its metadata header, for the geometry (layers, heads, head
/// sizes, MLA latent). read_model_config() hands .gguf files (by the GGUF magic) here.
[[nodiscard]] Result<ModelConfig> read_gguf_config(const std::filesystem::path& path);

/// The same from JSON text already in memory (`where` names it in errors).
[[nodiscard]] Result<ModelConfig> parse_model_config(std::string_view json_text, std::string_view where,
                                                     std::string_view hf_quant_config_text = {});

/// Add each problem to `report` as a diagnostic of its rule (errors, ordered first as check()
/// orders them), naming the key. Faces call this after check() on a request built from a config.
void add_config_problems(Report& report, std::span<const ConfigProblem> problems);

}  // namespace kvdtype::io
