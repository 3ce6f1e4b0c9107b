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
#include "tables/rows/image.hpp"
#include "tables/rows/kernel.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::tables {

// An engine's own launch code. The facts only point at it: the type is completed by the `sources`
// layer (sources/launch/launch_engines.hpp), which defines each engine's hooks in its folder
// (engines/<engine>/launch_<engine>.cpp).
struct EngineLaunchHooks;

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
  /// A container image not among its images (images_<engine>.cpp) whose repository contains the engine's name keeps the
  /// engine's server ENTRYPOINT (an image built FROM it), which the command line cannot show.
  bool unlisted_image_entrypoint = false;
  /// The engine's own launch code: `<engine>_launch_hooks`, defined in its folder's
  /// launch_<engine>.cpp (null: the shared launch code reads it all).
  const EngineLaunchHooks* hooks = nullptr;
  /// The rules those hooks may fire (codes, space-separated): a value the engine refuses that
  /// only its own launch code sees. The firing-site table makes them the row of the reader
  /// `launch_<engine>.cpp` (src/core/firing_sites.cpp), which `kvdtype explain` names and the
  /// lint holds the file to; empty: the hooks fire nothing.
  std::string_view hooks_fire;
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
  /// Its parser takes an unambiguous prefix of a long option for the option (argparse's
  /// allow_abbrev, on by default): `--mem-frac 0.8` is `--mem-fraction-static 0.8`, and a prefix
  /// of two options is refused ("ambiguous option"). Where this is argued: the engine's row.
  bool long_option_prefixes = false;
  /// Its switches (Arity::none rows not marked store_true) are argparse BooleanOptionalAction:
  /// `--no-<name>` is an option too, the switch turned off, and argparse abbreviates it like any
  /// other long option. Elsewhere `--no-<name>` is an option only where the table has a row for it.
  bool negatable_switches = false;
  /// Decode context parallelism stores each token's KV on one rank of the group sharing a KV
  /// head (a TP group of size tp holds tp / kv_heads copies of each head; -dcp d splits the
  /// tokens of each copy over d of them), so a rank's cache holds d times the tokens. Only where
  /// d divides tp and kv_heads × d <= tp (MLA: one latent head); the engine refuses the rest.
  bool dcp_splits_kv_tokens = false;
  /// Refuses to start unless the attention heads divide by the tensor-parallel size (KVD154).
  bool heads_divide_by_tp = false;
  /// Refuses to start unless one request of the served context fits the KV cache memory left
  /// after the weights (KVD155).
  bool one_request_must_fit = false;
  /// The environment variable that lays its KV cache out (HND or NHD): pools exchanging KV must
  /// agree on it unless the connector permutes (KVD304). Empty: the engine has no such switch.
  std::string_view kv_layout_variable;
  /// The connector (as its transfer config names it) whose handshake compares a hash of each
  /// peer's release, dtypes and backend (KVD301) and cannot split replicated KV heads over fewer
  /// ranks (KVD306). Empty: the engine has no such connector.
  std::string_view hashed_handshake_connector;
  /// The first release whose `--dtype auto` runs a bfloat16 checkpoint in another dtype on a GPU
  /// without bfloat16 arithmetic instead of refusing it (KVD087 instead of KVD081); empty: the
  /// engine refuses it, or kvdtype has not established that it does not.
  std::string_view auto_dtype_fallback_since;
  /// Model types (config.json model_type, space-separated) the fallback gives float32, not float16.
  std::string_view auto_dtype_no_float16;
  std::string_view auto_dtype_source;  ///< where both facts are read
  /// The first release whose JSON-typed options (Arity::json rows) take JSON only: releases
  /// before it also read a value that is not `{...}` as comma-separated key=integer pairs
  /// (`--limit-mm-per-prompt image=10`). Empty: every release takes JSON only.
  std::string_view json_only_since;
  std::string_view json_only_source;  ///< where it is read
};

/// One engine's registry row: its public description and where its tables are. The row is
/// written in the engine's folder (engines/<engine>/engine_<engine>.cpp) without `info.id`,
/// `info.name` and the six table accessors: the registry (engines.cpp) fills those from the
/// engine's line of kvdtype/engine_list.def and the accessors' conventional names declared below.
/// Nothing dispatches on the enum.
struct EngineTables {
  EngineInfo info;
  // Filled by the registry: <engine>_cache_dtypes, _backends, _selection, _constraints,
  // _releases and _launch_flags.
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
  // Set by the row where the folder has them: <engine>_images (images_<engine>.cpp) and
  // <engine>_kernel_routes (kernel_routes_<engine>.cpp). Null: none.
  std::span<const Image> (*images)() noexcept = nullptr;               ///< its container images
  std::span<const KernelRoute> (*kernel_routes)() noexcept = nullptr;  ///< the kernel family each backend runs
};

// What each engine's folder defines, by conventional name (engines/<engine>/<table>_<engine>.cpp),
// declared once for every line of the engine list so that adding an engine declares nothing by
// hand: its tables and its row (engine_<engine>.cpp, the facts above less what the registry fills).
// The images and kernel routes are optional: only the row refers to them.
#define KVDTYPE_ENGINE(e)                                     \
  std::span<const CacheDtype> e##_cache_dtypes() noexcept;    \
  std::span<const Backend> e##_backends() noexcept;           \
  std::span<const SelectionOrder> e##_selection() noexcept;   \
  std::span<const Constraint> e##_constraints() noexcept;     \
  std::span<const Release> e##_releases() noexcept;           \
  std::span<const LaunchFlag> e##_launch_flags() noexcept;    \
  std::span<const Image> e##_images() noexcept;               \
  std::span<const KernelRoute> e##_kernel_routes() noexcept;  \
  const EngineTables& e##_engine() noexcept;
#include "kvdtype/engine_list.def"
#undef KVDTYPE_ENGINE

/// Every registry row, in Engine order (row i describes Engine(i)).
std::span<const EngineTables> engine_registry() noexcept;  // engines.cpp
/// The registry row of `e`.
const EngineTables& engine_tables(Engine e) noexcept;     // engines.cpp

}  // namespace kvdtype::tables
