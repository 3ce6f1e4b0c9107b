// What the C ABI and the Python module share: request fields by name, the model config beneath
// them, and the CLI's check/resolve pipeline (so their JSON is the CLI's, byte for byte).
#include "embed.hpp"

#include <algorithm>
#include <vector>

#include "common/text.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/model_config.hpp"
#include "request_fields.hpp"

namespace kvdtype::embed {

namespace {

// The field table's names (src/request_fields.cpp, the CLI's order) and "model": what faces
// document and suggest from; the unit tests check that RequestInput::set accepts each.
const std::vector<std::string_view>& field_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const fields::RequestField& f : fields::all()) v.push_back(f.name);
    v.push_back("model");
    return v;
  }();
  return names;
}

}  // namespace

std::span<const std::string_view> request_fields() noexcept { return field_names(); }

std::string normalize_field(std::string_view field) {
  std::string key;
  key.reserve(field.size());
  for (char c : field) key += c == '-' ? '_' : c;
  const std::size_t first = key.find_first_not_of('_');
  return first == std::string::npos ? std::string() : key.substr(first);
}

Error unknown_field(std::string_view field) {
  return Error{ErrorCode::unknown_name, "unknown request field '" + detail::printable(field) +
                                            "'; nearest: " + detail::nearest(normalize_field(field), field_names())};
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
