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
