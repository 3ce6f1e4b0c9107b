// Engines, versions and attention kinds: parsing what people type.
#include "kvdtype/engine.hpp"

#include <array>
#include <charconv>
#include <vector>

#include "common/text.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

std::span<const EngineInfo> engines() noexcept { return tables::engine_rows(); }

const EngineInfo& engine_info(Engine e) noexcept { return tables::engine_rows()[static_cast<std::size_t>(e)]; }

Result<Engine> parse_engine(std::string_view text) {
  std::vector<std::string_view> names;
  for (const EngineInfo& e : engines()) {
    if (detail::iequals(e.name, text) || detail::iequals(e.display, text)) return e.id;
    bool alias = false;
    std::size_t i = 0;
    while (i < e.aliases.size()) {  // the aliases are words
      std::size_t j = e.aliases.find(' ', i);
      if (j == std::string_view::npos) j = e.aliases.size();
      if (j > i && detail::iequals(e.aliases.substr(i, j - i), text)) alias = true;
      i = j + 1;
    }
    if (alias) return e.id;
    names.push_back(e.name);
  }
  std::string valid;
  for (std::string_view n : names) valid += (valid.empty() ? "" : ", ") + std::string(n);
  return Error{ErrorCode::unknown_name, "unknown engine '" + detail::printable(text) + "'; valid: " + valid +
                                            " (nearest: " + detail::nearest(text, names, 2) + ")"};
}

namespace {

// Reads one decimal component; false when absent or out of range.
bool read_number(std::string_view& s, std::uint16_t& out) {
  unsigned value = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || ptr == s.data() || value > 65535) return false;
  out = static_cast<std::uint16_t>(value);
  s.remove_prefix(static_cast<std::size_t>(ptr - s.data()));
  return true;
}

}  // namespace

Result<Version> parse_version(std::string_view text) {
  const std::string original(text);
  auto bad = [&] {
    return Error{ErrorCode::bad_value, "bad engine version '" + detail::printable(original) +
                                           "'; expected MAJOR.MINOR[.PATCH] such as 0.11.0 or v0.11.1rc2"};
  };
  if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) text.remove_prefix(1);
  Version v;
  if (!read_number(text, v.major)) return bad();
  if (text.empty() || text.front() != '.') return bad();
  text.remove_prefix(1);
  if (!read_number(text, v.minor)) return bad();
  if (!text.empty() && text.front() == '.' && text.size() > 1 && text[1] >= '0' && text[1] <= '9') {
    text.remove_prefix(1);
    if (!read_number(text, v.patch)) return bad();
  }
  // What follows a release number: pre-release (rc, a, b, dev) sorts below it; a local
  // version (+g1234) or post-release does not change the comparison.
  if (!text.empty()) {
    const std::string rest = detail::to_lower(text);
    const std::string_view r = rest;
    if (r.starts_with("rc") || r.starts_with(".rc") || r.starts_with("a") || r.starts_with("b") ||
        r.starts_with(".dev") || r.starts_with("dev") || r.starts_with("-rc")) {
      v.pre_release = true;
    } else if (!(r.starts_with("+") || r.starts_with(".post") || r.starts_with("post"))) {
      return bad();
    }
    for (char c : r)
      if (static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) > 0x7e) return bad();
  }
  v.known = true;
  return v;
}

std::string_view name(Attention a) noexcept {
  switch (a) {
    case Attention::mha: return "mha";
    case Attention::gqa: return "gqa";
    case Attention::mqa: return "mqa";
    case Attention::mla: return "mla";
    case Attention::sparse_mla: return "sparse-mla";
    case Attention::unknown: break;
  }
  return "unknown";
}

Result<Attention> parse_attention(std::string_view text) {
  struct Alias {
    std::string_view text;
    Attention kind;
  };
  static constexpr Alias kAliases[] = {
      {"mha", Attention::mha},         {"gqa", Attention::gqa},        {"mqa", Attention::mqa},
      {"mla", Attention::mla},         {"sparse-mla", Attention::sparse_mla},
      {"sparse_mla", Attention::sparse_mla}, {"dsa", Attention::sparse_mla}, {"nsa", Attention::sparse_mla},
  };
  for (const Alias& a : kAliases)
    if (detail::iequals(a.text, text)) return a.kind;
  std::array<std::string_view, std::size(kAliases)> names{};
  for (std::size_t i = 0; i < std::size(kAliases); ++i) names[i] = kAliases[i].text;
  return Error{ErrorCode::unknown_name, "unknown attention kind '" + detail::printable(text) +
                                            "'; valid: mha, gqa, mqa, mla, sparse-mla (nearest: " +
                                            detail::nearest(text, names, 2) + ")"};
}

std::string_view name(Platform p) noexcept {
  switch (p) {
    case Platform::cuda: return "cuda";
    case Platform::rocm: return "rocm";
    case Platform::cpu: return "cpu";
  }
  return "cpu";
}

}  // namespace kvdtype
