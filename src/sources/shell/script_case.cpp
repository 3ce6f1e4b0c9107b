// `case WORD in PATTERN) COMMANDS ;; … esac` as a script reader sees it (script_state.hpp): the
// splitter gives steps without grammar, so a pattern list (`prefill)`, `a|b)`) would read as
// commands named `prefill`, `a` and `b`. Here the steps between `case` and `esac` become items:
// their patterns, kept apart from the commands they guard.
#include <fnmatch.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sources/shell/script_state.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {
namespace {

// The first word of a step past `then`, `do`, `{` … (as the reader finds its command).
std::string_view head_word(const ScriptStep& s) {
  for (const std::string& w : s.words)
    if (w != "then" && w != "do" && w != "else" && w != "elif" && w != "if" && w != "while" && w != "until" &&
        w != "{" && w != "!")
      return w;
  return {};
}

}  // namespace

CaseBlock case_block(const std::vector<ScriptStep>& steps, std::size_t head, std::size_t end) {
  CaseBlock out;
  const ScriptStep& h = steps[head];
  std::size_t f = 0;
  while (f < h.words.size() && h.words[f] != "case") ++f;
  if (f + 1 < h.raw.size()) out.word = h.raw[f + 1];
  // Patterns may start on the head's own line: `case $1 in start) …`.
  std::vector<std::string> patterns;
  bool in_patterns = true;
  std::size_t k = head;
  CaseItem item;
  if (f + 3 < h.words.size()) {
    patterns.assign(h.words.begin() + static_cast<std::ptrdiff_t>(f) + 3, h.words.end());
    if (h.ended_by == ')') {
      in_patterns = false;
      item = CaseItem{std::move(patterns), h.line, head + 1, head + 1};
      patterns.clear();
      if (h.ends_case_item) {
        out.items.push_back(std::move(item));
        item = {};
        in_patterns = true;
      }
    }
  }
  int depth = 0;  // nested `case … esac` inside an item's commands
  for (++k; k < end; ++k) {
    const ScriptStep& s = steps[k];
    const std::string_view w = head_word(s);
    if (in_patterns) {
      if (depth == 0 && s.words.size() == 1 && s.words[0] == "esac") break;
      for (const std::string& p : s.words)
        if (p != "(") patterns.push_back(p);
      if (s.ended_by == ')') {
        in_patterns = false;
        item = CaseItem{std::move(patterns), s.line, k + 1, k + 1};
        patterns.clear();
        if (s.ends_case_item) {  // `a) ;;`: nothing guarded
          out.items.push_back(std::move(item));
          item = {};
          in_patterns = true;
        }
      }
      continue;
    }
    if (w == "case") ++depth;
    if (w == "esac" && depth-- == 0) {
      item.end = k;
      out.items.push_back(std::move(item));
      out.close = k;
      return out;
    }
    item.end = k + 1;
    if (depth == 0 && s.ends_case_item) {
      out.items.push_back(std::move(item));
      item = {};
      in_patterns = true;
    }
  }
  if (!in_patterns && item.begin != 0) out.items.push_back(std::move(item));
  out.close = k;
  return out;
}

bool case_pattern_matches(const std::vector<std::string>& patterns, std::string_view word) {
  // A case pattern is the shell's pattern matching, which fnmatch(3) implements without flags:
  // `*` crosses `/`, a leading `.` is not special, `\` escapes, `[!…]` negates.
  const std::string subject(word);
  for (const std::string& p : patterns)
    if (::fnmatch(p.c_str(), subject.c_str(), 0) == 0) return true;
  return false;
}

}  // namespace kvdtype::io::detail
