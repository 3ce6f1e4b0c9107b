// kvdtype/plan.hpp — Plan: the resolved answer; Diagnostic and Report: what the rules said.
//
// Everything here is plain data referring to static table rows: a Report is built without heap
// allocation and may be copied freely. Text is rendered on demand (render.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "kvdtype/backend.hpp"
#include "kvdtype/cache_dtype.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/inline_vector.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/rule.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype {

/// One cache tensor: its logical element format and the dtype of the tensor that holds it.
/// They differ when bytes are the contract (vLLM allocates fp8 caches as uint8).
struct TensorPlan {
  std::optional<FormatId> format;
  std::optional<FormatId> storage;
};

enum class ScaleKind : std::uint8_t {
  none,            ///< unquantized
  per_tensor,      ///< one fp32 scale per tensor (k_scale / v_scale), default 1.0 when uncalibrated
  per_token_head,  ///< one fp32 scale per (token, head), computed online
  block16_e4m3,    ///< NVFP4: one E4M3 scale per 16 elements (+ fp32 per tensor)
  block32_e8m0,    ///< MX: one E8M0 scale per 32 elements
  block16_e8m0,    ///< MX-style E8M0 scale per 16 elements (SGLang fp4_mx_block16)
  tile128_fp32,    ///< fp8_ds_mla: one fp32 scale per 128 NoPE values, inside the record
  per_vector_fp16, ///< TurboQuant: fp16 norm (K) and fp16 scale + zero (V) per head vector
  block32_fp16,    ///< GGML q8_0/q4_0/…: an fp16 scale (and min) inside every 32-element block
  group_affine,    ///< MLX: a scale and a bias in the model dtype per group of 32, 64 or 128 elements
  block64_e8m0,    ///< DeepSeek V4's fp8_ds_mla record: one UE8M0 scale per 64 NoPE values, inside the record
};
[[nodiscard]] std::string_view name(ScaleKind s) noexcept;

struct ScalesPlan {
  ScaleKind kind = ScaleKind::none;
  Tri calibrated = Tri::unknown;  ///< per-tensor scales come from the checkpoint or a file (yes) or default to 1.0 (no)
};

/// A candidate the selection skipped, and the first rule that excluded it.
struct SkippedBackend {
  const Backend* backend = nullptr;
  const Rule* rule = nullptr;
  std::string_view detail;  ///< the constraint's detail, when a Constraint row excluded it
};

/// One entry of a hybrid model's per-layer plan (issue 28): a group of Request::layer_groups
/// as the engine keeps it. Attention groups (full, sliding) hold the kv-cache string's cache at
/// their own head size; linear-attention and Mamba groups hold a recurrent state in the model
/// dtype whatever the kv-cache string says (the engines size it apart: vLLM mamba_cache_dtype,
/// SGLang mamba_ssm_dtype), per sequence, not per token.
struct LayerGroupPlan {
  LayerGroup group;                          ///< head size and KV heads filled from the request where the group left them
  const CacheDtype* cache_dtype = nullptr;   ///< attention groups: the plan's cache row; state groups: nullptr
  std::optional<FormatId> dtype;             ///< the element dtype the group is kept in (K's for attention groups)
  std::optional<std::uint32_t> bytes_per_token_per_layer;  ///< attention groups, when the geometry is known
  std::optional<std::uint64_t> bytes_per_token;            ///< layers × the above
};

/// The resolved answer. Fields that could not be resolved are empty (null in JSON).
struct Plan {
  const Target* target = nullptr;
  const Backend* backend = nullptr;
  const Backend* replaced = nullptr;        ///< the backend asked for (or chosen) that the engine silently swapped for `backend`
  bool backend_inferred = false;            ///< no GPU given: `backend` is the cache string's sole backend (CacheDtype::sole_backend)
  const CacheDtype* requested = nullptr;    ///< the kv-cache string as given
  const CacheDtype* cache_dtype = nullptr;  ///< after `auto` and backend canonicalization
  const CacheDtype* v_cache_dtype = nullptr; ///< the V side's own row where the engine sets V apart (llama.cpp -ctv)
  TensorPlan k, v;
  std::optional<FormatId> q;             ///< Q the kernel expects
  std::optional<FormatId> q_tolerated;   ///< another Q it also takes (the model dtype, where the backend quantizes Q itself)
  std::optional<FormatId> kv_data_type;  ///< the KV dtype the kernel must be told
  ScalesPlan scales;
  std::optional<std::uint32_t> bytes_per_token_per_layer;
  std::optional<std::uint64_t> bytes_per_token;  ///< all KV layers, when their count is known
  InlineVector<SkippedBackend, 32> skipped;      ///< automatic selection only
  /// One entry per Request::layer_groups group (empty when none was given). When given,
  /// bytes_per_token is the sum of the attention groups' (each at its own head size), and
  /// bytes_per_token_per_layer stays the request's head size.
  InlineVector<LayerGroupPlan, 8> layer_groups;
};

/// What a rule saw. Which fields are set depends on the rule.
struct Evidence {
  const Backend* backend = nullptr;  ///< the backend the finding is about
  std::optional<FormatId> got;       ///< the offending format
  std::optional<FormatId> want;      ///< the format the plan needs
  std::string_view detail;           ///< a table fact, e.g. a Constraint's detail
  std::string_view value;            ///< an offending string from a table row
  std::uint64_t number = 0;          ///< an offending number (head size, block size …)
  const Constraint* constraint = nullptr;  ///< the Constraint row that fired, when one did
};

/// A rule that fired.
struct Diagnostic {
  const Rule* rule = nullptr;
  Severity severity = Severity::error;  ///< usually the rule's; a known bug with an unknown engine version is a warning
  Evidence evidence;
};

/// The verdict of a report, a workload or a set of workloads, in increasing order of concern
/// (the worst finding decides): `ok`; `warn` (warnings only); `incomplete` (no error, but a fact
/// some checks need was unknown and those checks did not run: rule KVD080 says which and how to
/// supply it); `error` (the configuration must not run). An incomplete result is never reported
/// as accepted; by default it does not fail (exit 0, the webhook allows with a warning), and
/// `--fail-on incomplete` makes it fail.
enum class Verdict : std::uint8_t { ok, warn, incomplete, error };
[[nodiscard]] std::string_view name(Verdict v) noexcept;

/// What one finding of `rule` at `severity` makes of a verdict: error → error, the checks-skipped
/// rule (KVD080) as a warning → incomplete, another warning → warn, else ok (KVD080 as info
/// records an assumption the check made, not a skipped check). Every verdict is the max of these.
[[nodiscard]] Verdict verdict_of(const Rule* rule, Severity severity) noexcept;

/// Request, Plan and Diagnostics together: what `kvdtype check` prints.
struct Report {
  Request request;
  Plan plan;
  InlineVector<Diagnostic, 48> diagnostics;
  /// Known bugs that match the request but are fixed in its engine release (no diagnostic;
  /// `kvdtype check --verbose` lists them).
  InlineVector<const Constraint*, 8> fixed_bugs;

  [[nodiscard]] Verdict verdict() const noexcept;
  /// Whether a diagnostic with this code fired.
  [[nodiscard]] bool fired(std::string_view code) const noexcept;
};

}  // namespace kvdtype
