#include "common/text.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace kvdtype::detail {

namespace {
char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> out;
  while (!s.empty()) {
    const std::size_t sp = s.find(' ');
    if (sp != 0) out.push_back(s.substr(0, sp));
    if (sp == std::string_view::npos) break;
    s.remove_prefix(sp + 1);
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  a = a.substr(0, 64);
  b = b.substr(0, 64);
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string nearest(std::string_view bad, std::span<const std::string_view> candidates, std::size_t max) {
  struct Scored {
    std::size_t score;
    std::string_view name;
  };
  const std::string lbad = to_lower(bad);
  std::vector<Scored> scored;
  scored.reserve(candidates.size());
  for (std::string_view c : candidates) {
    if (c.empty()) continue;
    const std::string lc = to_lower(c);
    std::size_t d = edit_distance(lbad, lc) * 2;
    // A candidate that contains what was typed (or is contained in it) is a likelier intent.
    if (!lbad.empty() && (lc.find(lbad) != std::string::npos || lbad.find(lc) != std::string::npos)) d = d > 1 ? d - 1 : 0;
    scored.push_back({d, c});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& x, const Scored& y) { return x.score < y.score; });
  std::string out;
  std::vector<std::string> seen;
  for (const Scored& s : scored) {
    std::string key = to_lower(s.name);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(std::move(key));
    if (!out.empty()) out += ", ";
    out += s.name;
    if (seen.size() >= max) break;
  }
  return out;
}

std::string printable(std::string_view s) {
  std::string out;
  std::size_t shown = 0;
  for (unsigned char c : s) {
    if (shown >= 80) {
      out += "…";
      break;
    }
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
    ++shown;
  }
  return out;
}

}  // namespace kvdtype::detail

namespace kvdtype::detail {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (1–4), 0 when the bytes there are not one
// (overlong forms, surrogates and code points above U+10FFFF included, RFC 3629).
std::size_t utf8_length(std::string_view s, std::size_t i, char32_t& cp) noexcept {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  std::size_t n = 0;
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1Fu;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0Fu;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07u;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3Fu);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

bool shown_as_code_point(char32_t cp) noexcept {
  return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

// ESC [ digits/';' m starting at s[i]: the length of the sequence, else 0.
std::size_t sgr_length(std::string_view s, std::size_t i) noexcept {
  if (i + 2 >= s.size() || s[i] != '\x1b' || s[i + 1] != '[') return 0;
  for (std::size_t k = i + 2; k < s.size() && k < i + 16; ++k) {
    if (s[k] == 'm') return k - i + 1;
    if (!((s[k] >= '0' && s[k] <= '9') || s[k] == ';')) return 0;
  }
  return 0;
}

// Walks `s`, calling keep(from, to) for runs passed through and escape(text) for replacements.
template <class Keep, class Escape>
void scan(std::string_view s, EscapeOptions opt, Keep&& keep, Escape&& escape) {
  std::size_t i = 0, run = 0;
  char buf[12];
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      ++i;
      continue;
    }
    if (opt.newlines && (c == '\n' || c == '\t')) {
      ++i;
      continue;
    }
    if (opt.sgr && c == 0x1b) {
      if (const std::size_t n = sgr_length(s, i)) {
        i += n;
        continue;
      }
    }
    char32_t cp = 0;
    const std::size_t n = c >= 0x80 ? utf8_length(s, i, cp) : 0;
    if (n > 0 && !shown_as_code_point(cp)) {
      i += n;
      continue;
    }
    keep(run, i);
    if (n > 0) {
      std::snprintf(buf, sizeof buf, "\\u{%04X}", static_cast<unsigned>(cp));
      i += n;
    } else {
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      ++i;
    }
    escape(std::string_view(buf));
    run = i;
  }
  keep(run, s.size());
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view s) noexcept {
  char32_t cp = 0;
  return s.empty() ? 0 : utf8_length(s, 0, cp);
}

bool is_clean_text(std::string_view s, EscapeOptions keep) noexcept {
  bool clean = true;
  scan(s, keep, [](std::size_t, std::size_t) {}, [&](std::string_view) { clean = false; });
  return clean;
}

std::string escape_text(std::string_view s, EscapeOptions keep) {
  std::string out;
  out.reserve(s.size());
  scan(
      s, keep, [&](std::size_t from, std::size_t to) { out.append(s.substr(from, to - from)); },
      [&](std::string_view e) { out += e; });
  return out;
}

std::string shorten_middle(std::string_view s, std::size_t max) {
  static constexpr std::string_view kEllipsis = "…";
  if (s.size() <= max) return std::string(s);
  auto continuation = [&](std::size_t i) { return i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80; };
  if (max <= kEllipsis.size() + 2) {  // no room for both ends: the start, on a boundary
    std::size_t n = max;
    while (n > 0 && continuation(n)) --n;
    return std::string(s.substr(0, n));
  }
  const std::size_t keep = max - kEllipsis.size();
  std::size_t head = keep / 2, tail = s.size() - (keep - head);
  while (head > 0 && continuation(head)) --head;  // never split a UTF-8 sequence
  while (continuation(tail)) ++tail;
  std::string out(s.substr(0, head));
  out += kEllipsis;
  out += s.substr(tail);
  return out;
}

std::string gib(double value, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

}  // namespace kvdtype::detail
