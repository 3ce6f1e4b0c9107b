#include "common/json_text.hpp"

#include "common/text.hpp"

namespace kvdtype::io {

namespace {

// Only invalid UTF-8 is rewritten: control characters are JSON's to escape (\u001b), and a
// consumer of JSON sees exactly the text that was given.
std::string valid_utf8(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const std::string_view rest(s.data() + i, s.size() - i);
    const std::size_t n = kvdtype::detail::utf8_sequence_length(rest);
    if (n > 0) {
      out.append(rest.substr(0, n));
      i += n;
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      const auto c = static_cast<unsigned char>(s[i]);
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      ++i;
    }
  }
  return out;
}

template <class Json>
Json sanitized(const Json& j, int depth) {
  // Renderers build their JSON themselves (a few levels); the bound only keeps a caller's
  // hostile nesting from recursing without end.
  if (depth > 256) return Json(nullptr);
  if (j.is_string()) return Json(valid_utf8(j.template get_ref<const std::string&>()));
  if (j.is_array()) {
    Json out = Json::array();
    for (const auto& e : j) out.push_back(sanitized(e, depth + 1));
    return out;
  }
  if (j.is_object()) {
    Json out = Json::object();
    for (auto it = j.begin(); it != j.end(); ++it) out[valid_utf8(it.key())] = sanitized(it.value(), depth + 1);
    return out;
  }
  return j;
}

template <class Json>
std::string dump(const Json& j, int indent) {
  try {
    return j.dump(indent);
  } catch (const nlohmann::json::type_error&) {
    // 316: invalid UTF-8 somewhere. Rare, so the whole value is copied only then.
    return sanitized(j, 0).dump(indent, ' ', false, Json::error_handler_t::replace);
  }
}

}  // namespace

std::string dump_json(const nlohmann::ordered_json& j, int indent) { return dump(j, indent); }
std::string dump_json(const nlohmann::json& j, int indent) { return dump(j, indent); }

}  // namespace kvdtype::io
