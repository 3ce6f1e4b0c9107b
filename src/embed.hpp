// Internal: what the embedding faces (C ABI, Python module) share — collecting a request's
// fields by name, reading a model config beneath them, and checking it the way `kvdtype check`
// does, so that every face renders byte-identical JSON for the same input.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kvdtype/capacity.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::embed {

/// Every field name a face accepts, underscore spelling: the RequestInput fields (the CLI's
/// request flags) and "model" (a model directory or config.json).
[[nodiscard]] std::span<const std::string_view> request_fields() noexcept;

/// "--kv-cache-dtype" / "kv-cache-dtype" → "kv_cache_dtype" (RequestInput::set's spelling rule).
[[nodiscard]] std::string normalize_field(std::string_view field);

/// The error for a field name no face accepts, with the nearest valid names.
[[nodiscard]] Error unknown_field(std::string_view field);

/// A request as a face collects it: fields set by name (the last value of a field wins, an empty
/// value makes it unknown again), plus a model config read underneath them when built.
class InputBuilder {
 public:
  /// false for a field name that is not a request field (see unknown_field()).
  bool set(std::string_view field, std::string_view value);
  void set_flags(std::uint32_t flags) noexcept {
    flags_ = flags;
    explicit_.flags = flags;
  }

  /// The RequestInput: the model config's fields (when "model" was set), overlaid by the fields
  /// set explicitly, as `kvdtype check --model M --flag …` does. A bad config is a bad_file Error.
  /// Malformed values of that config (KVD082–KVD086) go to `problems` when given: add them to
  /// the report after the check (io::add_config_problems), as the CLI's pipeline does.
  [[nodiscard]] Result<RequestInput> build(std::vector<io::ConfigProblem>* problems = nullptr) const;

  /// The input build() would return, without the copy, when no model config is to be read
  /// beneath it; nullptr when one is (then call build()).
  [[nodiscard]] const RequestInput* direct() const noexcept { return model_.empty() ? &explicit_ : nullptr; }

  /// The fields set explicitly and the flags, without the model config (kvd_check_command hands
  /// them to the pipeline, which reads the model beneath the launch command).
  [[nodiscard]] const RequestInput& explicit_fields() const noexcept { return explicit_; }
  /// The "model" field: a model directory or config.json; empty when not set.
  [[nodiscard]] const std::string& model() const noexcept { return model_; }

 private:
  std::vector<std::pair<std::string, std::string>> fields_;  // normalized name → value
  // The same fields applied in order (empty ones included) and the flags, so that without a
  // model config the input needs no name lookup per field, nor a copy (direct(); kvd_check's
  // per-call cost, docs/performance.md).
  RequestInput explicit_;
  std::string model_;
  std::uint32_t flags_ = 0;
};

/// A checked request with what `kvdtype check` prints beside it.
struct Checked {
  Report report;
  std::optional<Capacity> capacity;
  bool resolve_only = false;  ///< render as "kvdtype.resolve/v1"
};

/// make_request + check + capacity: the CLI's `check`/`resolve` without a launch command.
[[nodiscard]] Result<Checked> run(const RequestInput& input, bool resolve_only);

/// run()'s second half, check + capacity, for a request already parsed. Returned by value so
/// that a caller can build it in place (the C ABI, inside its heap handle: no Report copies).
[[nodiscard]] Checked check_request(const Request& request, bool resolve_only) noexcept;

/// The report exactly as the CLI renders it (text without colours).
[[nodiscard]] std::string render(const Checked& checked, io::OutputFormat format);

}  // namespace kvdtype::embed
