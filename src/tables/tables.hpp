// Internal: the accessor of every table. Each table file defines its rows and one function
// here; lookup code in src/ finds an engine's tables through its registry row (engines.cpp),
// never through a switch on the engine. Nothing outside src/ includes this.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "tables/rows/release.hpp"
#include "kvdtype/rule.hpp"
#include "tables/rows/constraint.hpp"
#include "tables/rows/launch_flag.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::tables {

std::span<const Format> format_rows() noexcept;        // formats.cpp
std::span<const Target> target_rows() noexcept;        // targets.cpp
std::span<const Product> product_rows() noexcept;      // products.cpp
std::span<const EngineInfo> engine_rows() noexcept;    // engines.cpp
std::span<const Rule> rule_rows() noexcept;            // rules.cpp

/// A code that is no longer reported: its finding is now another rule's (codes are never reused).
/// `parse_rule_code` still takes it (`--ignore`, `explain`) and gives the rule that replaced it.
struct RetiredRule {
  std::string_view retired;  ///< "KVD150"
  std::string_view now;      ///< the rule reporting the finding today (checked by rules.cpp)
  std::string_view why;
};
std::span<const RetiredRule> retired_rule_rows() noexcept;  // rules.cpp

std::span<const CacheDtype> vllm_cache_dtypes() noexcept;        // cache_dtypes_vllm.cpp
std::span<const Backend> vllm_backends() noexcept;               // backends_vllm.cpp
std::span<const SelectionOrder> vllm_selection() noexcept;       // selection_vllm.cpp
std::span<const Constraint> vllm_constraints() noexcept;         // constraints_vllm.cpp

std::span<const CacheDtype> sglang_cache_dtypes() noexcept;      // cache_dtypes_sglang.cpp
std::span<const Backend> sglang_backends() noexcept;             // backends_sglang.cpp
std::span<const SelectionOrder> sglang_selection() noexcept;     // selection_sglang.cpp
std::span<const Constraint> sglang_constraints() noexcept;       // constraints_sglang.cpp

std::span<const Release> vllm_releases() noexcept;               // releases_vllm.cpp
std::span<const Release> sglang_releases() noexcept;             // releases_sglang.cpp
std::span<const Release> trtllm_releases() noexcept;             // releases_trtllm.cpp
std::span<const Release> lmdeploy_releases() noexcept;           // releases_lmdeploy.cpp
std::span<const Release> llamacpp_releases() noexcept;           // releases_llamacpp.cpp

std::span<const CacheDtype> llamacpp_cache_dtypes() noexcept;    // cache_dtypes_llamacpp.cpp
std::span<const Backend> llamacpp_backends() noexcept;           // backends_llamacpp.cpp
std::span<const SelectionOrder> llamacpp_selection() noexcept;   // backends_llamacpp.cpp
std::span<const Constraint> llamacpp_constraints() noexcept;     // backends_llamacpp.cpp (none yet)

std::span<const CacheDtype> trtllm_cache_dtypes() noexcept;      // cache_dtypes_trtllm.cpp
std::span<const Backend> trtllm_backends() noexcept;             // backends_trtllm.cpp
std::span<const SelectionOrder> trtllm_selection() noexcept;     // backends_trtllm.cpp
std::span<const Constraint> trtllm_constraints() noexcept;       // backends_trtllm.cpp

std::span<const CacheDtype> lmdeploy_cache_dtypes() noexcept;    // cache_dtypes_lmdeploy.cpp
std::span<const Backend> lmdeploy_backends() noexcept;           // backends_lmdeploy.cpp
std::span<const SelectionOrder> lmdeploy_selection() noexcept;   // backends_lmdeploy.cpp
std::span<const Constraint> lmdeploy_constraints() noexcept;     // backends_lmdeploy.cpp

// Each engine's serving flags (engines/<engine>/launch_flags_<engine>.cpp).
std::span<const LaunchFlag> vllm_launch_flags() noexcept;
std::span<const LaunchFlag> sglang_launch_flags() noexcept;
std::span<const LaunchFlag> trtllm_launch_flags() noexcept;
std::span<const LaunchFlag> llamacpp_launch_flags() noexcept;
std::span<const LaunchFlag> lmdeploy_launch_flags() noexcept;

/// How an engine sizes the memory its KV cache may take when the user does not say (capacity.cpp):
/// a closed set of strategies, the parameters in the row.
enum class MemoryRule : std::uint8_t {
  fixed_fraction,  ///< `fraction` of the device
  sglang_static,   ///< SGLang's --mem-fraction-static heuristic from the device size, TP, DP attention and a drafter
};
struct CacheMemory {
  MemoryRule rule = MemoryRule::fixed_fraction;
  double fraction = 0.9;
  std::string_view source;
};

/// How a launch command names the engine, read by one loop over the registry
/// (src/sources/launch/launch_wrappers.cpp) for every engine: its programs are EngineInfo::programs.
struct LaunchRecognition {
  /// The serving subcommand after a program (words): "serve"; empty: the program serves itself.
  std::string_view subcommand;
  bool subcommand_optional = false;  ///< `trtllm-serve [serve]`: a program that also serves without it
  bool positional_model = false;     ///< after the program (and subcommand) the first positional word is the model
  /// Programs read by the engine's own launch code (launch_<engine>.cpp), which knows more
  /// subcommands than `subcommand` (lmdeploy chat, llama.cpp's three tools); `subcommand` is then
  /// only the form named in messages.
  bool own_reader = false;
  /// A module run as `python -m MODULE SUBCOMMAND`, the program's own command line (empty: none).
  std::string_view python_cli;
  /// Modules that serve, run as `python -m MODULE [flags]` (words, the engine's own first; the model
  /// is a flag there, never positional).
  std::string_view python_modules;
  /// A container image not in images.cpp whose repository contains the engine's name keeps the
  /// engine's server ENTRYPOINT (an image built FROM it), which the command line cannot show.
  bool unlisted_image_entrypoint = false;
};

/// Which files of flags an engine's `--config FILE` takes (spliced into its command where it stands).
enum class ConfigFiles : std::uint8_t {
  none,          ///< no --config file of flags is read
  yaml,          ///< .yaml / .yml (vLLM)
  yaml_or_json,  ///< .yaml, .yml or .json (SGLang); YAML is a superset of JSON: one parser reads both
};

/// What an engine does that its tables cannot say, named so that code outside the registry asks
/// the row instead of testing for the engine.
struct EngineBehaviour {
  /// Every data-parallel rank runs the whole attention, heads split by the TP size only, whatever
  /// the model (vLLM); other engines need a flag for it (SGLang --enable-dp-attention).
  bool data_parallel_attention = false;
  ConfigFiles config_files = ConfigFiles::none;
  bool attached_optimization_level = false;  ///< `-O3` is `-O 3` (vLLM's compilation level)
  /// Refuses to start unless the attention heads divide by the tensor-parallel size (KVD154).
  bool heads_divide_by_tp = false;
  /// Refuses to start unless one request of the served context fits the KV cache memory left
  /// after the weights (KVD155).
  bool one_request_must_fit = false;
};

/// One engine's registry row: its public description and where its tables are. Adding an
/// engine is one row in engines.cpp (and its table files); nothing dispatches on the enum.
struct EngineTables {
  EngineInfo info;
  std::span<const CacheDtype> (*vocabulary)() noexcept = nullptr;
  std::span<const Backend> (*backends)() noexcept = nullptr;
  std::span<const SelectionOrder> (*selection)() noexcept = nullptr;
  std::span<const Constraint> (*constraints)() noexcept = nullptr;
  std::span<const Release> (*releases)() noexcept = nullptr;  ///< null: no release history modelled
  std::span<const LaunchFlag> (*launch_flags)() noexcept = nullptr;  ///< its serving command's flags
  CacheMemory memory;             ///< the default share of device memory for weights and KV cache
  /// The launcher compares the kv-cache string exactly (argparse `choices`): "FP8" is refused at
  /// start-up though kvdtype's own flag takes it (launch commands set flag_kv_spelling, KVD103).
  bool kv_choices_exact = false;
  LaunchRecognition launch;       ///< how launch commands name it (src/sources/launch/launch_wrappers.cpp)
  EngineBehaviour behaviour;
};

/// Every registry row, in Engine order (row i describes Engine(i)).
std::span<const EngineTables> engine_registry() noexcept;  // engines.cpp
/// The registry row of `e`.
const EngineTables& engine_tables(Engine e) noexcept;     // engines.cpp

}  // namespace kvdtype::tables
