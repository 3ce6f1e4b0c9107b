// kvdtype/io/model_config.hpp — a Hugging Face model directory or config.json, read for what
// the KV cache depends on.
#pragma once

#include <filesystem>
#include <string>

#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

struct ModelConfig {
  RequestInput input;        ///< model_dtype, attention, geometry, layers, checkpoint KV quantization, weight_gib
  std::string model_type;    ///< "deepseek_v3"
  std::string architecture;  ///< first of "architectures"
  std::string path;          ///< the config.json read
};

/// Largest config file read (bytes) and deepest JSON nesting accepted.
inline constexpr std::size_t kMaxConfigBytes = 4u << 20;
inline constexpr int kMaxConfigDepth = 64;

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

}  // namespace kvdtype::io
