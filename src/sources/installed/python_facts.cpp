// Reading facts out of Python tokens (python_facts.hpp). Every reader accepts one literal shape
// and reports anything else as a problem with its line: a list built by a comprehension, a call
// or a concatenation is logic, and logic is what kvdtype's hand tables model.
#include "sources/installed/python_facts.hpp"

#include <cctype>

namespace kvdtype::detail::py {
namespace {

using Span = std::span<const Token>;

bool is_op(const Token& t, std::string_view op) { return t.kind == Tok::op && t.text == op; }
bool is_name(const Token& t, std::string_view n) { return t.kind == Tok::name && t.text == n; }
bool opens(const Token& t) { return t.kind == Tok::op && (t.text == "(" || t.text == "[" || t.text == "{"); }
bool closes(const Token& t) { return t.kind == Tok::op && (t.text == ")" || t.text == "]" || t.text == "}"); }

// The index of the bracket closing the one at `open` (the tokenizer has proved them balanced).
std::size_t close_of(Span t, std::size_t open) {
  int depth = 0;
  for (std::size_t k = open; k < t.size(); ++k) {
    if (opens(t[k])) ++depth;
    if (closes(t[k]) && --depth == 0) return k;
  }
  return t.size();
}

// The first token at bracket depth 0 from `from` on, up to the logical line's end, that is the
// operator `op`; t.size() when none.
std::size_t find_op_in_line(Span t, std::size_t from, std::string_view op) {
  for (std::size_t k = from; k < t.size() && t[k].kind != Tok::newline; ++k) {
    if (is_op(t[k], op)) return k;
    if (opens(t[k])) k = close_of(t, k);
  }
  return t.size();
}

Read problem(std::string what, std::uint32_t line) {
  Read r;
  r.problem = std::move(what);
  r.problem_line = line;
  return r;
}

std::string shown(const Token& t) {
  std::string s(t.text.substr(0, 40));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return s;
}

// The items of the bracket at `open`, split at its top-level commas (empty items dropped).
std::vector<Span> items(Span t, std::size_t open) {
  std::vector<Span> out;
  const std::size_t close = close_of(t, open);
  std::size_t start = open + 1;
  for (std::size_t k = open + 1; k <= close && k < t.size(); ++k) {
    if (k == close || is_op(t[k], ",")) {
      if (k > start) out.push_back(t.subspan(start, k - start));
      start = k + 1;
    } else if (opens(t[k])) {
      k = close_of(t, k);
    }
  }
  return out;
}

// One item that is string literals only (implicit concatenation allowed).
std::optional<std::string> string_item(Span item) {
  std::string v;
  for (const Token& x : item) {
    if (x.kind != Tok::string || x.formatted || x.bytes) return std::nullopt;
    v += x.value;
  }
  return v;
}

// The strings of the list, tuple or set at `open`; a dict gives its keys (`dict_keys`).
Read strings_at(Span t, std::size_t open, std::string_view what) {
  if (open >= t.size() || !opens(t[open])) return problem(std::string(what) + ": not a literal list", open < t.size() ? t[open].line : 0);
  Literal lit{.line = t[open].line};
  for (Span item : items(t, open)) {
    Span key = item;
    if (t[open].text == "{") {
      for (std::size_t k = 0; k < item.size(); ++k)
        if (is_op(item[k], ":")) {
          key = item.first(k);
          break;
        } else if (opens(item[k])) {
          k = close_of(item, k);
        }
    }
    auto s = string_item(key);
    if (!s) return problem(std::string(what) + ": '" + shown(key.front()) + "' is not a string literal", key.front().line);
    lit.values.push_back(std::move(*s));
  }
  Read r;
  r.list = std::move(lit);
  return r;
}

// The first token of the value of a module-level `NAME = …` or `NAME: T = …`; t.size() when none.
std::size_t module_value(Span t, std::string_view name) {
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    if (!t[k].line_start || t[k].indent != 0 || !is_name(t[k], name)) continue;
    if (is_op(t[k + 1], "=")) return k + 2;
    if (is_op(t[k + 1], ":")) {
      const std::size_t eq = find_op_in_line(t, k + 2, "=");
      if (eq < t.size()) return eq + 1;
    }
  }
  return t.size();
}

// The choices value at `at` (after `choices=`): a literal list, or a module-level name's list.
Read choices_value(Span t, std::size_t at, std::string_view what) {
  if (at < t.size() && t[at].kind == Tok::name && at + 1 < t.size() && !opens(t[at + 1])) {
    std::size_t k = at;
    while (k + 2 < t.size() && is_op(t[k + 1], ".") && t[k + 2].kind == Tok::name) k += 2;  // module.NAME
    if (k + 1 < t.size() && (is_op(t[k + 1], ",") || closes(t[k + 1]) || t[k + 1].kind == Tok::newline)) {
      const std::size_t v = module_value(t, t[k].text);
      if (v < t.size()) return strings_at(t, v, std::string(what) + " (" + std::string(t[k].text) + ")");
      return problem(std::string(what) + ": choices name " + std::string(t[k].text) + ", which is not a list in this file", t[at].line);
    }
  }
  return strings_at(t, at, what);
}

// Within [from, to): the value after a top-level `choices =`; to when none.
std::size_t choices_in(Span t, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k + 2 < to; ++k)
    if (is_name(t[k], "choices") && is_op(t[k + 1], "=")) return k + 2;
  return to;
}

// The logical lines of a block: the tokens after `colon` (a compound statement's header end),
// either on the same line or the indented lines below, as [begin, end).
std::pair<std::size_t, std::size_t> block_after(Span t, std::size_t colon, std::uint32_t header_indent) {
  std::size_t b = colon + 1;
  if (b < t.size() && t[b].kind != Tok::newline) {  // `def f(): return [1]`
    std::size_t e = b;
    while (e < t.size() && t[e].kind != Tok::newline) ++e;
    return {b, e};
  }
  ++b;  // the newline
  std::size_t e = b;
  while (e < t.size() && !(t[e].line_start && t[e].indent <= header_indent)) ++e;
  return {b, e};
}

// The value list of a method whose body is one `return [ … ]` (a leading docstring allowed):
// the index of the bracket; t.size() and a reason otherwise.
std::size_t single_return(Span t, std::pair<std::size_t, std::size_t> body) {
  std::size_t k = body.first;
  if (k < body.second && t[k].kind == Tok::string && k + 1 < body.second && t[k + 1].kind == Tok::newline) k += 2;  // docstring
  if (k + 1 >= body.second || !is_name(t[k], "return") || !opens(t[k + 1])) return t.size();
  const std::size_t close = close_of(t, k + 1);
  if (close + 1 < body.second && t[close + 1].kind != Tok::newline) return t.size();  // `return [..] + more`
  if (close + 2 < body.second) return t.size();  // more statements after the return
  return k + 1;
}

}  // namespace

Read literal_alias(Span t, std::string_view name) {
  const std::size_t v = module_value(t, name);
  if (v >= t.size()) return Read{.missing = true};
  std::size_t k = v;
  if (k + 2 < t.size() && is_name(t[k], "typing") && is_op(t[k + 1], ".")) k += 2;
  if (k + 1 < t.size() && is_name(t[k], "Literal") && is_op(t[k + 1], "[")) return strings_at(t, k + 1, std::string(name));
  return problem(std::string(name) + ": not a Literal[...] of strings", t[v].line);
}

Read module_strings(Span t, std::string_view name) {
  const std::size_t v = module_value(t, name);
  if (v >= t.size()) return Read{.missing = true};
  return strings_at(t, v, name);
}

Read string_map(Span t, std::string_view name) {
  const std::size_t v = module_value(t, name);
  if (v >= t.size()) return Read{.missing = true};
  if (!is_op(t[v], "{")) return problem(std::string(name) + ": not a dict literal", t[v].line);
  Literal lit{.line = t[v].line};
  for (Span item : items(t, v)) {
    // "key" : name(.name)*
    const bool shape = item.size() >= 3 && item.size() % 2 == 1 && is_op(item[1], ":");
    auto key = shape ? string_item(item.first(1)) : std::nullopt;
    bool dotted = shape && key;
    for (std::size_t i = 2; dotted && i < item.size(); ++i) dotted = i % 2 == 0 ? item[i].kind == Tok::name : is_op(item[i], ".");
    if (!dotted) return problem(std::string(name) + ": '" + shown(item.front()) + "' is not a \"string\": dtype entry", item.front().line);
    lit.values.push_back(*key + "=" + std::string(item.back().text));
  }
  Read r;
  r.list = std::move(lit);
  return r;
}

Read option_choices(Span t, std::string_view flag, std::string_view field) {
  const std::string what = std::string(flag) + " choices";
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    if (!is_name(t[k], "add_argument") || !is_op(t[k + 1], "(")) continue;
    const std::size_t close = close_of(t, k + 1);
    bool named = false;
    for (Span item : items(t, k + 1))
      if (auto s = string_item(item); s && *s == flag) named = true;
    if (!named) continue;
    const std::size_t c = choices_in(t, k + 2, close);
    if (c >= close) return problem(what + ": add_argument has no choices=", t[k].line);
    return choices_value(t, c, what);
  }
  if (!field.empty()) {
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
      if (!t[k].line_start || !is_name(t[k], field) || !is_op(t[k + 1], ":")) continue;
      std::size_t end = k;
      while (end < t.size() && t[end].kind != Tok::newline) ++end;
      const std::size_t c = choices_in(t, k + 2, end);
      if (c >= end) continue;  // the dataclass field without choices (a later one may carry them)
      return choices_value(t, c, what);
    }
  }
  return Read{.missing = true};
}

std::vector<BackendClass> backend_classes(Span t) {
  std::vector<BackendClass> out;
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    if (!t[k].line_start || !is_name(t[k], "class") || t[k + 1].kind != Tok::name) continue;
    const std::uint32_t cls_indent = t[k].indent;
    const std::size_t colon = find_op_in_line(t, k + 2, ":");
    if (colon >= t.size()) continue;
    const auto body = block_after(t, colon, cls_indent);
    if (body.first >= body.second) continue;
    const std::uint32_t member_indent = t[body.first].indent;
    BackendClass c{.class_name = std::string(t[k + 1].text), .line = t[k].line};
    c.kv_cache_dtypes.missing = c.model_dtypes.missing = c.head_sizes.missing = c.block_sizes.missing = true;
    bool has_name = false;
    for (std::size_t m = body.first; m < body.second; ++m) {
      if (!t[m].line_start || t[m].indent != member_indent) continue;
      // class attributes: `NAME: T = [ … ]` or `NAME = [ … ]`
      if (t[m].kind == Tok::name && m + 1 < body.second && (is_op(t[m + 1], ":") || is_op(t[m + 1], "="))) {
        const std::size_t eq = is_op(t[m + 1], "=") ? m + 1 : find_op_in_line(t, m + 2, "=");
        if (eq >= body.second) continue;
        if (t[m].text == "supported_kv_cache_dtypes") {
          c.kv_cache_dtypes = strings_at(t, eq + 1, "supported_kv_cache_dtypes");
        } else if (t[m].text == "supported_dtypes") {
          // [torch.float16, torch.bfloat16]: dotted names, the last part kept
          if (!opens(t[eq + 1])) {
            c.model_dtypes = problem("supported_dtypes: not a literal list", t[m].line);
            continue;
          }
          Literal lit{.line = t[eq + 1].line};
          Read r;
          for (Span item : items(t, eq + 1)) {
            bool dotted = item.size() % 2 == 1;
            for (std::size_t i = 0; dotted && i < item.size(); ++i)
              dotted = i % 2 == 0 ? item[i].kind == Tok::name : is_op(item[i], ".");
            if (!dotted) {
              r = problem("supported_dtypes: '" + shown(item.front()) + "' is not a dtype name", item.front().line);
              break;
            }
            lit.values.emplace_back(item.back().text);
          }
          if (r.problem.empty()) r.list = std::move(lit);
          c.model_dtypes = std::move(r);
        }
        continue;
      }
      // methods: decorators sit on their own lines, the `def` line is what is read
      if (!is_name(t[m], "def") || m + 1 >= body.second) continue;
      const std::string_view method = t[m + 1].text;
      const std::size_t mcolon = find_op_in_line(t, m + 2, ":");
      if (mcolon >= body.second) continue;
      const auto mbody = block_after(t, mcolon, member_indent);
      const std::string at = " (line " + std::to_string(t[m].line) + ")";
      if (method == "get_name") {
        const std::size_t r = mbody.first;
        if (r + 2 <= mbody.second && is_name(t[r], "return") && t[r + 1].kind == Tok::string && !t[r + 1].formatted) {
          c.name = t[r + 1].value;
          has_name = true;
        }
      } else if (method == "get_supported_head_sizes" || method == "get_supported_kernel_block_sizes") {
        const bool heads = method == "get_supported_head_sizes";
        Read& into = heads ? c.head_sizes : c.block_sizes;
        const std::size_t open = single_return(t, mbody);
        if (open >= t.size()) {
          into = problem(std::string(method) + "(): computed, not one literal return", t[m].line);
          continue;
        }
        Literal lit{.line = t[open].line};
        Read r;
        for (Span item : items(t, open)) {
          if (item.size() == 1 && item[0].kind == Tok::number) {
            lit.values.emplace_back(item[0].text);
          } else if (!heads && item.size() == 4 && is_name(item[0], "MultipleOf") && is_op(item[1], "(") && item[2].kind == Tok::number) {
            lit.values.push_back("MultipleOf(" + std::string(item[2].text) + ")");
          } else {
            r = problem(std::string(method) + "(): '" + shown(item.front()) + "' is not a number", item.front().line);
            break;
          }
        }
        if (r.problem.empty()) r.list = std::move(lit);
        into = std::move(r);
      } else if (method == "supports_kv_cache_dtype" || method == "supports_combination" || method == "supports_head_size") {
        c.gates.push_back(std::string(method) + at);
      }
    }
    if (has_name) out.push_back(std::move(c));
  }
  return out;
}

Read ggml_type_list(std::string_view src, std::string_view name) {
  // Strip comments first so that a commented-out entry is never read as one.
  std::string code;
  code.reserve(src.size());
  std::vector<std::uint32_t> lines;  // line of each byte of `code`
  std::uint32_t line = 1;
  for (std::size_t i = 0; i < src.size();) {
    if (src.substr(i, 2) == "//") {
      while (i < src.size() && src[i] != '\n') ++i;
      continue;
    }
    if (src.substr(i, 2) == "/*") {
      const std::size_t e = src.find("*/", i + 2);
      const std::size_t stop = e == std::string_view::npos ? src.size() : e + 2;
      for (; i < stop; ++i) {
        if (src[i] == '\n') {
          code += '\n';
          lines.push_back(line++);
        }
      }
      continue;
    }
    if (src[i] == '\n') ++line;
    code += src[i];
    lines.push_back(src[i] == '\n' ? line - 1 : line);
    ++i;
  }
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = code.find(name); at != std::string::npos; at = code.find(name, at + 1)) {
    if ((at > 0 && ident(code[at - 1])) || (at + name.size() < code.size() && ident(code[at + name.size()]))) continue;
    std::size_t k = at + name.size();
    while (k < code.size() && std::isspace(static_cast<unsigned char>(code[k]))) ++k;
    if (k >= code.size() || code[k] != '=') continue;  // a use, not the definition
    ++k;
    while (k < code.size() && std::isspace(static_cast<unsigned char>(code[k]))) ++k;
    if (k >= code.size() || code[k] != '{') return problem(std::string(name) + ": not a braced list", lines[at]);
    const std::size_t close = code.find('}', k);
    if (close == std::string::npos) return problem(std::string(name) + ": the list never closes", lines[at]);
    Literal lit{.line = lines[at]};
    std::string_view body(code.data() + k + 1, close - k - 1);
    while (!body.empty()) {
      const std::size_t comma = body.find(',');
      std::string_view item = body.substr(0, comma);
      while (!item.empty() && std::isspace(static_cast<unsigned char>(item.front()))) item.remove_prefix(1);
      while (!item.empty() && std::isspace(static_cast<unsigned char>(item.back()))) item.remove_suffix(1);
      if (!item.empty()) {
        if (!item.starts_with("GGML_TYPE_") || item.size() == 10) return problem(std::string(name) + ": '" + std::string(item.substr(0, 40)) + "' is not a GGML_TYPE_ name", lit.line);
        for (char ch : item.substr(10))
          if (!ident(ch)) return problem(std::string(name) + ": '" + std::string(item.substr(0, 40)) + "' is not a GGML_TYPE_ name", lit.line);
        std::string v(item.substr(10));
        for (char& ch : v) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        lit.values.push_back(std::move(v));
      }
      if (comma == std::string_view::npos) break;
      body.remove_prefix(comma + 1);
    }
    Read r;
    r.list = std::move(lit);
    return r;
  }
  return Read{.missing = true};
}

}  // namespace kvdtype::detail::py
