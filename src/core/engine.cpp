// Engines, versions and attention kinds: parsing what people type.
#include "kvdtype/engine.hpp"

#include <array>
#include <charconv>
#include <optional>
#include <vector>

#include "common/text.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

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

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Reads one decimal number (at most `limit`); false when absent or out of range. Digit by digit
// (std::from_chars cost ~45 instructions a number; every release row is parsed at start-up).
bool read_number(std::string_view& s, std::uint16_t& out, unsigned limit = 65535) {
  std::size_t n = 0;
  unsigned value = 0;
  for (; n < s.size() && is_digit(s[n]); ++n) {
    value = value * 10 + static_cast<unsigned>(s[n] - '0');
    if (value > limit) return false;  // the digits left would only make it larger
  }
  if (n == 0) return false;
  out = static_cast<std::uint16_t>(value);
  s.remove_prefix(n);
  return true;
}
bool is_sep(char c) noexcept { return c == '.' || c == '-' || c == '_'; }

// Consumes `word` (lower case) at the front of s, after an optional separator.
bool take_word(std::string_view& s, std::string_view word) {
  std::string_view t = s;
  if (!t.empty() && is_sep(t.front())) t.remove_prefix(1);
  if (!t.starts_with(word)) return false;
  s = t.substr(word.size());
  return true;
}

// An optional number after an optional separator (PEP 440: "rc", "rc1", "rc.1", "post-2").
bool take_optional_number(std::string_view& s, std::uint16_t& out) {
  std::string_view t = s;
  if (!t.empty() && is_sep(t.front()) && t.size() > 1 && is_digit(t[1])) t.remove_prefix(1);
  if (t.empty() || !is_digit(t.front())) {
    out = 0;
    return true;
  }
  if (!read_number(t, out, 65534)) return false;
  s = t;
  return true;
}

// A build number: digits only, 1 to 65535 (llama.cpp is near b11000 in 2026; Version holds 16 bits).
std::optional<Version> build_number(std::string_view digits) {
  if (digits.empty() || digits.size() > 5) return std::nullopt;
  for (char c : digits)
    if (!is_digit(c)) return std::nullopt;
  Version v;
  if (!read_number(digits, v.major) || v.major == 0) return std::nullopt;
  v.build = true;
  v.known = true;
  return v;
}

}  // namespace

Result<Version> parse_version(std::string_view text) {
  // No allocation on the way to a version: every release table row is parsed at start-up.
  auto bad = [text] {
    return Error{ErrorCode::bad_value, "bad engine version '" + detail::printable(text) +
                                           "'; expected a release such as 0.25.1, v0.25.1, 0.31.0rc1, "
                                           "0.4.8.post1 or 0.9.2+cu126, a llama.cpp build such as b6325 "
                                           "(or latest, auto)"};
  };
  if (text.size() > 64) return bad();
  std::array<char, 64> lowered;  // ASCII lower case, as detail::to_lower
  for (std::size_t i = 0; i < text.size(); ++i)
    lowered[i] = text[i] >= 'A' && text[i] <= 'Z' ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
  std::string_view s(lowered.data(), text.size());
  // A build number: "b6325" (no PEP 440 version starts with b, so the schemes never collide).
  if (s.size() > 1 && s.front() == 'b') {
    if (auto v = build_number(s.substr(1))) return *v;
    return bad();
  }
  if (!s.empty() && s.front() == 'v') s.remove_prefix(1);
  // An epoch other than 0 ("1!2.0") is never used by the engines; refuse rather than misorder.
  if (s.starts_with("0!")) s.remove_prefix(2);
  Version v;
  std::uint16_t* parts[] = {&v.major, &v.minor, &v.patch, &v.micro};
  int count = 0;
  while (true) {
    if (count == 4 || !read_number(s, *parts[count])) return bad();
    ++count;
    if (s.size() >= 2 && s.front() == '.' && is_digit(s[1])) {
      s.remove_prefix(1);
      continue;
    }
    break;
  }
  if (count < 2) return bad();
  if (s.empty()) {  // a final release ("0.25.1"): nothing of what follows can be there
    v.known = true;
    return v;
  }
  // Pre-release: a, alpha, b, beta, c, rc, pre, preview (longest spellings first).
  struct PreWord {
    std::string_view word;
    Version::Pre kind;
  };
  static constexpr PreWord kPre[] = {{"alpha", Version::Pre::a}, {"beta", Version::Pre::b},
                                     {"preview", Version::Pre::rc}, {"pre", Version::Pre::rc},
                                     {"rc", Version::Pre::rc},      {"a", Version::Pre::a},
                                     {"b", Version::Pre::b},        {"c", Version::Pre::rc}};
  for (const PreWord& p : kPre) {
    if (take_word(s, p.word)) {
      v.pre = p.kind;
      if (!take_optional_number(s, v.pre_number)) return bad();
      break;
    }
  }
  // Post-release: .postN, .revN, -N.
  if (take_word(s, "post") || take_word(s, "rev")) {
    if (!take_optional_number(s, v.post)) return bad();
  } else if (s.size() >= 2 && s.front() == '-' && is_digit(s[1])) {
    s.remove_prefix(1);
    if (!read_number(s, v.post, 65534)) return bad();
  }
  if (take_word(s, "dev")) {
    if (!take_optional_number(s, v.dev)) return bad();
  }
  // Local part: +[a-z0-9]+([-_.][a-z0-9]+)*, ignored for ordering.
  if (!s.empty()) {
    if (s.front() != '+' || s.size() < 2) return bad();
    s.remove_prefix(1);
    char prev = '.';
    for (char c : s) {
      const bool alnum = is_digit(c) || (c >= 'a' && c <= 'z');
      if (!alnum && !(is_sep(c) && !is_sep(prev))) return bad();
      prev = c;
    }
    if (is_sep(prev)) return bad();
  }
  v.pre_release = v.pre != Version::Pre::none || v.dev != Version::kNone;
  v.known = true;
  return v;
}

Result<Version> parse_version(Engine engine, std::string_view text) {
  const EngineInfo& info = engine_info(engine);
  if (info.build_numbers) {
    // "b6325", "B6325" or the number alone, as `llama-server --version` prints it ("version: 6325 (…)").
    std::string_view s = text;
    if (!s.empty() && (s.front() == 'b' || s.front() == 'B')) s.remove_prefix(1);
    if (auto v = build_number(s)) return *v;
    return Error{ErrorCode::bad_value, "bad " + std::string(info.display) + " version '" + detail::printable(text) +
                                           "': its releases are build numbers; expected bNNNN such as b6325 "
                                           "(or 6325, latest)"};
  }
  auto v = parse_version(text);
  if (v.ok() && v->build)
    return Error{ErrorCode::bad_value, "bad " + std::string(info.display) + " version '" + detail::printable(text) +
                                           "': a build number is a llama.cpp release; " + std::string(info.display) +
                                           " releases are versions such as 0.25.1, v0.25.1 or 0.31.0rc1"};
  return v;
}

std::string to_string(const Version& v) {
  if (!v.known) return "unknown";
  if (v.build) return "b" + std::to_string(v.major);
  std::string out = std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
  if (v.micro) out += "." + std::to_string(v.micro);
  if (v.pre != Version::Pre::none) {
    static constexpr std::string_view kNames[] = {"a", "b", "rc"};
    out += std::string(kNames[static_cast<int>(v.pre)]) + std::to_string(v.pre_number);
  }
  if (v.post != Version::kNone) out += ".post" + std::to_string(v.post);
  if (v.dev != Version::kNone) out += ".dev" + std::to_string(v.dev);
  return out;
}

std::string_view name(Attention a) noexcept { return tables::word_at(tables::kAttentionWords, static_cast<std::size_t>(a), "unknown"); }

Result<Attention> parse_attention(std::string_view text) {
  for (std::size_t i = 1; i < std::size(tables::kAttentionWords); ++i)
    if (detail::iequals(tables::kAttentionWords[i], text)) return static_cast<Attention>(i);
  // Other spellings of sparse MLA: the enum's own, DeepSeek's DSA and its NSA predecessor.
  static constexpr std::string_view kSparseAliases[] = {"sparse_mla", "dsa", "nsa"};
  for (std::string_view a : kSparseAliases)
    if (detail::iequals(a, text)) return Attention::sparse_mla;
  std::array<std::string_view, std::size(tables::kAttentionWords) - 1 + std::size(kSparseAliases)> names{};
  std::size_t n = 0;
  for (std::size_t i = 1; i < std::size(tables::kAttentionWords); ++i) names[n++] = tables::kAttentionWords[i];
  for (std::string_view a : kSparseAliases) names[n++] = a;
  return Error{ErrorCode::unknown_name, "unknown attention kind '" + detail::printable(text) +
                                            "'; valid: mha, gqa, mqa, mla, sparse-mla (nearest: " +
                                            detail::nearest(text, names, 2) + ")"};
}

std::string_view name(Platform p) noexcept { return tables::word_at(tables::kPlatformWords, static_cast<std::size_t>(p), "cpu"); }

}  // namespace kvdtype
