// kvdtype/engine.hpp — engines, their versions, attention kinds and platforms.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <span>
#include <string_view>

#include "kvdtype/result.hpp"

namespace kvdtype {

/// Whose vocabulary and backends a Request speaks: one enumerator per line of
/// kvdtype/engine_list.def, in its order (the first, vllm, is 0).
enum class Engine : std::uint8_t {
#define KVDTYPE_ENGINE(name) name,
#include "kvdtype/engine_list.def"
#undef KVDTYPE_ENGINE
};

/// The engine a request speaks for when nothing names one (no --engine, no launch command): the
/// default of Request::engine and LaunchCommand::engine, part of the public API. It is the first
/// line of kvdtype/engine_list.def (enumerator 0), so the list is the one place that decides it.
inline constexpr Engine kDefaultEngine = Engine{};

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
  std::string_view distribution;    ///< its Python distribution on PyPI (installed metadata, pip pins); empty: none
  bool separate_v = false;          ///< K and V are set apart (llama.cpp -ctk/-ctv): an unset V is default_kv, not K's
  bool build_numbers = false;       ///< releases are build numbers (llama.cpp b6325), not PEP 440 versions
};

[[nodiscard]] std::span<const EngineInfo> engines() noexcept;
[[nodiscard]] const EngineInfo& engine_info(Engine e) noexcept;
/// An engine's name, display name or alias ("vllm", "SGLang", "tensorrt-llm", "llama.cpp", "lmdeploy").
[[nodiscard]] Result<Engine> parse_engine(std::string_view text);

/// An engine release as pip orders it (PEP 440): "0.25.1", "v0.25.1", "0.31.0rc1",
/// "0.4.8.post1", "0.9.0.1", "0.30.1rc1.dev48+gabc", "0.9.2+cu126". Ordering: release numbers,
/// then .devN < aN < bN < rcN < the release < .postN; a local part (+cu126) is kept out of the
/// ordering. Trivially copyable and allocation-free to compare (check() compares them).
/// known == false means "not given".
///
/// A llama.cpp release is a build number instead ("b6325"; build == true, `major` holds the number,
/// every other field is 0): builds order by number, print back as "b6325", and sort after every
/// PEP 440 version (the two schemes never meet in one engine).
struct Version {
  /// Pre-release kinds in PEP 440 order.
  enum class Pre : std::uint8_t { a = 0, b = 1, rc = 2, none = 3 };
  static constexpr std::uint16_t kNone = 0xFFFF;  ///< post/dev number absent

  std::uint16_t major = 0, minor = 0, patch = 0, micro = 0;  ///< micro: the 4th number (0.9.0.1)
  Pre pre = Pre::none;
  std::uint16_t pre_number = 0;
  std::uint16_t post = kNone;  ///< .postN
  std::uint16_t dev = kNone;   ///< .devN
  bool pre_release = false;    ///< a, b, rc or dev: what pip calls a pre-release
  bool build = false;          ///< a build number (llama.cpp b6325) held in `major`
  bool known = false;

  /// The same release numbers, pre, post and dev (the local part is not kept).
  friend constexpr bool operator==(const Version& a, const Version& b) noexcept { return compare(a, b) == 0; }
  friend constexpr bool operator<(const Version& a, const Version& b) noexcept { return compare(a, b) < 0; }
  friend constexpr bool operator<=(const Version& a, const Version& b) noexcept { return compare(a, b) <= 0; }
  friend constexpr bool operator>(const Version& a, const Version& b) noexcept { return compare(a, b) > 0; }
  friend constexpr bool operator>=(const Version& a, const Version& b) noexcept { return compare(a, b) >= 0; }

  /// -1, 0, 1 in pip's order (packaging.version's comparison key).
  static constexpr int compare(const Version& a, const Version& b) noexcept {
    if (a.build != b.build) return a.build ? 1 : -1;
    const std::uint16_t ra[] = {a.major, a.minor, a.patch, a.micro}, rb[] = {b.major, b.minor, b.patch, b.micro};
    for (int i = 0; i < 4; ++i)
      if (ra[i] != rb[i]) return ra[i] < rb[i] ? -1 : 1;
    const auto ka = a.key(), kb = b.key();
    for (int i = 0; i < 3; ++i)
      if (ka[i] != kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
  }

 private:
  // (pre, post, dev) as ordered numbers: a dev release of the final (1.0.dev1) sorts before
  // every pre-release; no pre sorts after all of them; no post before any post; no dev after.
  constexpr std::array<std::int32_t, 3> key() const noexcept {
    std::int32_t p = 0;
    if (pre == Pre::none && post == kNone && dev != kNone) p = -1;
    else if (pre == Pre::none) p = 4 << 16;
    else p = (static_cast<std::int32_t>(pre) << 16) | pre_number;
    const std::int32_t po = post == kNone ? -1 : post;
    const std::int32_t d = dev == kNone ? 1 << 17 : dev;
    return {p, po, d};
  }
};
/// Parse a version of either scheme: a PEP 440 release or a build number "b6325" (the spelling
/// the release tables use); "latest" and "auto" are not versions (callers resolve them first).
[[nodiscard]] Result<Version> parse_version(std::string_view text);
/// Parse a version as `engine` numbers its releases: llama.cpp (EngineInfo::build_numbers) takes
/// "b6325" or "6325" and refuses a PEP 440 version; the other engines refuse a build number.
[[nodiscard]] Result<Version> parse_version(Engine engine, std::string_view text);
/// Canonical spelling without the local part: "0.25.1", "0.31.0rc1", "0.4.8.post1", "0.30.1rc1.dev48",
/// "b6325".
[[nodiscard]] std::string to_string(const Version& v);

/// Attention kind of the model's KV-carrying layers.
enum class Attention : std::uint8_t { unknown, mha, gqa, mqa, mla, sparse_mla };
[[nodiscard]] std::string_view name(Attention a) noexcept;
/// "mha", "gqa", "mqa", "mla", "sparse-mla" (also "sparse_mla", "dsa", "nsa").
[[nodiscard]] Result<Attention> parse_attention(std::string_view text);

/// Where kernels run; derived from the Target's vendor (docs/targets.md, "Vendors and platforms").
/// metal: Apple GPUs; sycl: Intel GPUs (vLLM's and SGLang's XPU path, llama.cpp's SYCL backend);
/// cann: Huawei Ascend NPUs; vulkan: GPUs whose engines reach them only through Vulkan (Adreno, Mali);
/// tpu: Google TPUs through XLA/JAX (tpu-inference behind vLLM, sglang-jax). Appended last.
enum class Platform : std::uint8_t { cuda, rocm, cpu, metal, sycl, cann, vulkan, tpu };
[[nodiscard]] std::string_view name(Platform p) noexcept;

}  // namespace kvdtype
