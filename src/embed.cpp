// What the C ABI and the Python module share: request fields by name, the model config beneath
// them, and the CLI's check/resolve pipeline (so their JSON is the CLI's, byte for byte).
#include "embed.hpp"

#include <algorithm>

#include "common/text.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/model_config.hpp"

namespace kvdtype::embed {

namespace {

// The RequestInput fields in the CLI's order, and "model". Kept beside RequestInput::set's own
// list on purpose: this one is what faces document and suggest from; the unit tests check that
// RequestInput::set accepts every name here.
constexpr std::string_view kFields[] = {
    "engine", "engine_version", "gpu", "kv_cache_dtype", "model_dtype", "attention", "backend", "q_dtype",
    "kv_dtype", "kv_storage_dtype", "checkpoint_kv_cache_dtype", "kv_scales", "tensor_parallel_size",
    "data_parallel_size", "block_size", "num_heads", "num_kv_heads", "head_size", "head_size_v", "num_layers",
    "num_kv_layers", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "index_topk", "gpu_memory_gib",
    "gpu_memory_utilization", "max_model_len", "weight_gib", "model",
};

}  // namespace

std::span<const std::string_view> request_fields() noexcept { return kFields; }

std::string normalize_field(std::string_view field) {
  std::string key;
  key.reserve(field.size());
  for (char c : field) key += c == '-' ? '_' : c;
  const std::size_t first = key.find_first_not_of('_');
  return first == std::string::npos ? std::string() : key.substr(first);
}

Error unknown_field(std::string_view field) {
  return Error{ErrorCode::unknown_name, "unknown request field '" + detail::printable(field) +
                                            "'; nearest: " + detail::nearest(normalize_field(field), kFields)};
}

bool InputBuilder::set(std::string_view field, std::string_view value) {
  std::string key = normalize_field(field);
  if (key == "model") {
    model_ = std::string(value);
    return true;
  }
  // Ask RequestInput itself whether the name is a field, so a field it gains is accepted here
  // without an edit. explicit_ holds every field set so far (the last value wins).
  if (!explicit_.set(key, value)) return false;
  const auto it = std::find_if(fields_.begin(), fields_.end(), [&](const auto& kv) { return kv.first == key; });
  if (it != fields_.end()) it->second = std::string(value);
  else fields_.emplace_back(std::move(key), std::string(value));
  return true;
}

Result<RequestInput> InputBuilder::build(std::vector<io::ConfigProblem>* problems) const {
  // No config beneath: the explicit fields (and flags) are the input — the same as applying
  // fields_ in order to an empty RequestInput, without a name lookup per field.
  if (const RequestInput* in = direct()) return *in;
  auto cfg = io::read_model_config(model_);
  if (!cfg.ok()) return cfg.error();
  RequestInput input = cfg->input;
  if (problems != nullptr) *problems = cfg->problems;
  // Explicit fields win over the config; an empty one leaves the config's value (unknown is
  // not a value), as the CLI's overlay does.
  for (const auto& [key, value] : fields_)
    if (!value.empty()) input.set(key, value);
  input.flags |= flags_;
  return input;
}

Checked check_request(const Request& request, bool resolve_only) noexcept {
  Checked out{check(request), std::nullopt, resolve_only};
  out.capacity = capacity(out.report);
  return out;
}

Result<Checked> run(const RequestInput& input, bool resolve_only) {
  auto request = make_request(input);
  if (!request.ok()) return request.error();
  return check_request(*request, resolve_only);
}

std::string render(const Checked& c, io::OutputFormat format) {
  io::ReportExtras extras;
  extras.capacity = c.capacity;
  return io::render_report(c.report, format, c.resolve_only ? "resolve" : "check", io::TextStyle{}, &extras);
}

}  // namespace kvdtype::embed
