// What the C ABI and the Python module share: request fields by name (src/bindings/embed.hpp).
#include "bindings/embed.hpp"

#include <vector>

#include "common/text.hpp"
#include "core/request_fields.hpp"

namespace kvdtype::embed {

namespace {

// The field table's names (src/core/request_fields.cpp, the CLI's order) and "model": what faces
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

bool set_field(io::CheckRequest& request, std::string_view field, std::string_view value) {
  const std::string key = normalize_field(field);
  if (key == "model") {
    request.set(io::InputKind::model, std::string(value));
    return true;
  }
  // Ask RequestInput itself whether the name is a field, so a field it gains is accepted here
  // without an edit.
  return request.fields.set(key, value);
}

}  // namespace kvdtype::embed
