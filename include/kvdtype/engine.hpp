// kvdtype/engine.hpp — engines, their versions, attention kinds and platforms.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/result.hpp"

namespace kvdtype {

/// Whose vocabulary and backends a Request speaks.
enum class Engine : std::uint8_t { vllm, sglang, trtllm, llamacpp, lmdeploy };

/// One engine. `tables_version` is the release the tables describe (current behaviour).
struct EngineInfo {
  Engine id{};
  std::string_view name;            ///< "vllm"
  std::string_view display;         ///< "vLLM"
  std::string_view kv_flag;         ///< the engine's own flag: "--kv-cache-dtype"
  std::string_view tables_snapshot; ///< what the tables were read from (commit/date)
  bool has_tables = false;          ///< vocabulary and backends are modelled
  std::string_view aliases;         ///< other names `--engine` accepts (words): "tensorrt-llm tensorrt_llm"
  std::string_view default_kv;      ///< the vocabulary row used when no kv-cache string is given ("auto", llama.cpp "f16")
  std::string_view programs;        ///< serving programs of its launch commands (words): "llama-server llama-cli"
  std::string_view images;          ///< official container image repositories (words)
  bool separate_v = false;          ///< K and V are set apart (llama.cpp -ctk/-ctv): an unset V is default_kv, not K's
};

[[nodiscard]] std::span<const EngineInfo> engines() noexcept;
[[nodiscard]] const EngineInfo& engine_info(Engine e) noexcept;
/// An engine's name, display name or alias ("vllm", "SGLang", "tensorrt-llm", "llama.cpp", "lmdeploy").
[[nodiscard]] Result<Engine> parse_engine(std::string_view text);

/// An engine release: "0.11.0", "v0.11.0", "0.11.0rc1", "0.11.1.dev123+gabc" (pre-releases
/// compare below their release). known == false means "not given".
struct Version {
  std::uint16_t major = 0, minor = 0, patch = 0;
  bool pre_release = false;
  bool known = false;

  friend constexpr bool operator<(const Version& a, const Version& b) noexcept {
    if (a.major != b.major) return a.major < b.major;
    if (a.minor != b.minor) return a.minor < b.minor;
    if (a.patch != b.patch) return a.patch < b.patch;
    return a.pre_release && !b.pre_release;
  }
};
[[nodiscard]] Result<Version> parse_version(std::string_view text);

/// Attention kind of the model's KV-carrying layers.
enum class Attention : std::uint8_t { unknown, mha, gqa, mqa, mla, sparse_mla };
[[nodiscard]] std::string_view name(Attention a) noexcept;
/// "mha", "gqa", "mqa", "mla", "sparse-mla" (also "sparse_mla", "dsa", "nsa").
[[nodiscard]] Result<Attention> parse_attention(std::string_view text);

/// Where kernels run; derived from the Target's vendor.
enum class Platform : std::uint8_t { cuda, rocm, cpu };
[[nodiscard]] std::string_view name(Platform p) noexcept;

}  // namespace kvdtype
