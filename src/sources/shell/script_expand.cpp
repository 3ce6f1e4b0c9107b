// Word expansion of a script reader (sources/shell/script_state.hpp): parameter expansion, bash arrays,
// quote removal and field splitting as POSIX XCU 2.6 describes them, over what the script set —
// never command execution. `$(cat FILE)` and `$(< FILE)` read a file the script wrote (or one
// beside it), `$(cd "$(dirname "$0")" && pwd)` and its kin name the script's folder
// (sources/shell/script_dir.cpp); every other command substitution, arithmetic and unknown variable stays as written.
#include <algorithm>
#include <filesystem>

#include "sources/files/read_file.hpp"
#include "sources/shell/script_state.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {
namespace {

constexpr std::size_t kMaxFileBytes = 1u << 20;

bool name_start(char c) noexcept { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool name_char(char c) noexcept { return name_start(c) || (c >= '0' && c <= '9'); }
bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// `./a/b` and `a/b` name one file.
std::string normal_path(std::string_view p) {
  while (p.starts_with("./")) p.remove_prefix(2);
  return std::string(p);
}

// Where `p` may name a file in the script's folder or below it (never above it), in the order
// tried: a relative path taken from that folder; then a path through the folder as the
// script-folder idioms name it (`$DIR/common.sh`, `$DIR/../scripts/common.sh` with DIR the
// script's folder as given: sources/shell/script_dir.cpp), taken as written. A path through
// `..` counts only where it comes back inside the folder.
std::vector<std::filesystem::path> beside_script(const std::string& p, const std::string& base_dir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> out;
  if (base_dir.empty() || p.empty() || p.front() == '~') return out;
  const auto inside = [&](const fs::path& candidate) {
    bool climbs = false;
    for (const auto& part : candidate) climbs = climbs || part == "..";
    if (!climbs) return true;
    // Both sides resolved (links too): a path that leaves the folder and comes back is read,
    // one that stays out is not.
    std::error_code e1, e2;
    const std::string folder = fs::weakly_canonical(base_dir, e1).string();
    const std::string target = fs::weakly_canonical(candidate, e2).string();
    return !e1 && !e2 && !folder.empty() && target.starts_with(folder) && target.size() > folder.size() &&
           (folder.back() == '/' || target[folder.size()] == '/');
  };
  if (p.front() != '/') {
    const fs::path rel(p);
    bool climbs = false;
    for (const auto& part : rel) climbs = climbs || part == "..";
    if (!climbs || inside(fs::path(base_dir) / rel)) out.push_back(fs::path(base_dir) / rel);
  }
  if (p.size() > base_dir.size() && p.starts_with(base_dir) && p[base_dir.size()] == '/' && inside(fs::path(p)))
    out.emplace_back(p);
  return out;
}

// Where the construct opened at raw[open] closes (its index), quotes and nesting respected;
// npos when it does not.
std::size_t closing(std::string_view raw, std::size_t open, char open_c, char close_c) {
  int depth = 0;
  for (std::size_t k = open; k < raw.size(); ++k) {
    const char c = raw[k];
    if (c == '\\') {
      ++k;
    } else if (c == '\'' && k > open) {
      const std::size_t q = raw.find('\'', k + 1);
      if (q == std::string_view::npos) return q;
      k = q;
    } else if (c == '"' && k > open) {
      for (++k; k < raw.size() && raw[k] != '"'; ++k)
        if (raw[k] == '\\') ++k;
    } else if (c == open_c) {
      ++depth;
    } else if (c == close_c && --depth == 0) {
      return k;
    }
  }
  return std::string_view::npos;
}

// The value of one expansion: unknown (kept as written), one string, or several ("$@").
struct Value {
  enum class Kind { unknown, scalar, list } kind = Kind::unknown;
  std::string text;
  std::vector<std::string> items;
  static Value of(std::string s) { return {Kind::scalar, std::move(s), {}}; }
};

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t k = 0; k < items.size(); ++k) s += (k == 0 ? "" : " ") + items[k];
  return s;
}

class Expander {
 public:
  Expander(ShellState& st, Expansion how) : st_(st), how_(how) {}

  std::vector<std::string> run(std::string_view raw) {
    // "$@" / "${A[@]}" alone with nothing in it: no word at all, not an empty one.
    if (how_ == Expansion::fields && raw.size() >= 4 && raw.front() == '"' && raw.back() == '"' && raw[1] == '$') {
      std::size_t i = 1;
      const Value v = parameter(raw.substr(0, raw.size() - 1), i);
      if (i == raw.size() - 1 && v.kind == Value::Kind::list && v.items.empty()) return {};
    }
    bool dq = false;
    const bool quotes_act = how_ == Expansion::fields || how_ == Expansion::single;
    const bool escapes_act = how_ != Expansion::cooked;
    for (std::size_t i = 0; i < raw.size() && !st_.over_budget;) {
      const char c = raw[i];
      if (quotes_act && !dq && c == '\'') {
        const std::size_t q = raw.find('\'', i + 1);
        const std::size_t end = q == std::string_view::npos ? raw.size() : q;
        put(raw.substr(i + 1, end - i - 1));
        have_ = true;
        i = end + 1;
      } else if (quotes_act && c == '"') {
        dq = !dq;
        have_ = true;
        ++i;
      } else if (escapes_act && c == '\\' && i + 1 < raw.size()) {
        const char n = raw[i + 1];
        if (n == '\n') {
          i += 2;
        } else if (how_ == Expansion::body || dq) {
          // Inside double quotes (and a here-document) a backslash escapes only these.
          const bool escapes = n == '$' || n == '`' || n == '\\' || (dq && n == '"');
          put(escapes ? std::string_view(&raw[i + 1], 1) : std::string_view(&raw[i], 1));
          i += escapes ? 2 : 1;
        } else {
          put(raw.substr(i + 1, 1));
          i += 2;
        }
      } else if (c == '$') {
        const std::size_t start = i;
        const Value v = parameter(raw, i);
        put_value(v, dq || how_ != Expansion::fields, raw.substr(start, i - start));
      } else if (c == '`' && how_ != Expansion::cooked) {
        std::size_t k = i + 1;
        while (k < raw.size() && raw[k] != '`') k += raw[k] == '\\' ? 2 : 1;
        const std::size_t end = std::min(k, raw.size());
        const Value v = command_substitution(raw.substr(i + 1, end - i - 1));
        put_value(v, dq || how_ != Expansion::fields, raw.substr(i, std::min(end + 1, raw.size()) - i));
        i = end + 1;
      } else {
        put(raw.substr(i, 1));
        ++i;
      }
    }
    if (st_.over_budget) return {};
    if (how_ != Expansion::fields) return {std::move(cur_)};
    end_field();
    return std::move(out_);
  }

 private:
  void put(std::string_view s) {
    if (!st_.spend(s.size())) return;
    cur_ += s;
    have_ = true;
  }
  void end_field() {
    if (!have_) return;
    out_.push_back(std::move(cur_));
    cur_.clear();
    have_ = false;
  }
  // An unquoted expansion in a command's words: split at blanks (IFS unset: space, tab, newline).
  void put_split(std::string_view v) {
    for (char c : v) {
      if (blank(c)) end_field();
      else put(std::string_view(&c, 1));
    }
  }

  void put_value(const Value& v, bool quoted, std::string_view written) {
    switch (v.kind) {
      case Value::Kind::unknown:
        // In a file the script writes (a here-document), an expansion kvdtype cannot evaluate
        // (`$(( A ? B : C ))`, `${L%, }`, `$(cmd)`) would break the file's own syntax (YAML reads
        // `: ` and `{ }`): it becomes `$(…)`, still unknown (it holds `$`), and the file parses.
        // `$NAME` and `${NAME}` stay as written, naming what was not set.
        if (how_ == Expansion::body && !is_variable_reference(written)) {
          put("$(…)");
          return;
        }
        put(written);
        return;
      case Value::Kind::scalar:
        // A variable whose value kept an expansion kvdtype could not evaluate, written into a
        // file: the same `$(…)` as above when its text would break the file's syntax.
        if (how_ == Expansion::body && v.text.find('$') != std::string::npos &&
            v.text.find_first_of(":{}[],#\n") != std::string::npos) {
          put("$(…)");
          return;
        }
        if (quoted) {
          put(v.text);
          have_ = true;
        } else {
          put_split(v.text);
        }
        return;
      case Value::Kind::list:
        if (how_ != Expansion::fields) {
          put(joined(v.items));
          return;
        }
        for (std::size_t k = 0; k < v.items.size(); ++k) {
          if (k > 0) {
            if (quoted) have_ = true;
            end_field();
          }
          if (quoted) {
            put(v.items[k]);
            have_ = true;
          } else {
            put_split(v.items[k]);
          }
        }
        return;
    }
  }

  std::optional<std::string> lookup(std::string_view name) const {
    if (auto it = st_.scalars.find(name); it != st_.scalars.end()) return it->second;
    if (auto it = st_.arrays.find(name); it != st_.arrays.end())  // $A of an array: its first element
      return it->second.empty() ? std::string() : it->second.front();
    return std::nullopt;
  }

  // $1 …: nullopt when unset; `known` false when the script's arguments are not known at all.
  std::optional<std::string> positional(std::size_t n, bool& known) const {
    known = st_.positional_known;
    if (n == 0 || n > st_.positional.size()) return std::nullopt;
    return st_.positional[n - 1];
  }

  // `$…` at raw[i]; i moves past it.
  Value parameter(std::string_view raw, std::size_t& i) {
    const std::size_t at = i;
    if (i + 1 >= raw.size()) {
      ++i;
      return {};
    }
    const char n = raw[i + 1];
    if (n == '{') {
      const std::size_t close = closing(raw, i + 1, '{', '}');
      if (close == std::string_view::npos) {
        i = raw.size();
        return {};
      }
      i = close + 1;
      return braced(raw.substr(at + 2, close - at - 2));
    }
    if (n == '(') {
      if (i + 2 < raw.size() && raw[i + 2] == '(') {  // $(( arithmetic )): not evaluated
        const std::size_t close = closing(raw, i + 1, '(', ')');
        i = close == std::string_view::npos ? raw.size() : close + 1;
        return {};
      }
      const std::size_t close = closing(raw, i + 1, '(', ')');
      if (close == std::string_view::npos) {
        i = raw.size();
        return {};
      }
      i = close + 1;
      return command_substitution(raw.substr(at + 2, close - at - 2));
    }
    if (n >= '1' && n <= '9') {
      i += 2;
      bool known = false;
      auto v = positional(static_cast<std::size_t>(n - '0'), known);
      if (!known) return {};
      return Value::of(v.value_or(""));
    }
    if (n == '@' || n == '*' || n == '#') {
      i += 2;
      if (!st_.positional_known) return {};
      if (n == '#') return Value::of(std::to_string(st_.positional.size()));
      if (n == '*') return Value::of(joined(st_.positional));
      return {Value::Kind::list, {}, st_.positional};
    }
    if (!name_start(n)) {  // $$, $?, $!, $0, $-, or a lone $
      i += name_char(n) || n == '$' || n == '?' || n == '!' || n == '-' ? 2 : 1;
      return {};
    }
    std::size_t k = i + 1;
    while (k < raw.size() && name_char(raw[k])) ++k;
    const std::string_view name = raw.substr(i + 1, k - i - 1);
    i = k;
    if (auto v = lookup(name)) return Value::of(*v);
    return {};
  }

  // The inside of ${…}.
  Value braced(std::string_view body) {
    if (body.size() > 1 && body.front() == '#') {  // ${#A[@]}, ${#VAR}
      std::string_view name = body.substr(1);
      const bool all = name.ends_with("[@]") || name.ends_with("[*]");
      if (all) name.remove_suffix(3);
      if (all) {
        if (auto it = st_.arrays.find(name); it != st_.arrays.end()) return Value::of(std::to_string(it->second.size()));
        return {};
      }
      if (auto v = lookup(name)) return Value::of(std::to_string(v->size()));
      return {};
    }
    std::size_t n = 0;
    std::optional<std::string> value;
    bool known = true;  // false: the value cannot be known (positional parameters of an unknown call)
    Value list;
    bool is_list = false;
    if (!body.empty() && (body[0] == '@' || body[0] == '*')) {
      n = 1;
      if (!st_.positional_known) known = false;
      else if (body[0] == '*') value = joined(st_.positional);
      else {
        is_list = true;
        list = {Value::Kind::list, {}, st_.positional};
      }
    } else if (!body.empty() && body[0] >= '0' && body[0] <= '9') {
      while (n < body.size() && body[n] >= '0' && body[n] <= '9') ++n;
      if (n == 1 && body[0] == '0') return {};
      value = positional(static_cast<std::size_t>(std::stoul(std::string(body.substr(0, std::min<std::size_t>(n, 6))))), known);
    } else {
      while (n < body.size() && name_char(body[n]) && (n > 0 || name_start(body[n]))) ++n;
      if (n == 0) return {};
      const std::string_view name = body.substr(0, n);
      if (n < body.size() && body[n] == '[') {  // an array element, or all of them
        const std::size_t close = body.find(']', n);
        if (close == std::string_view::npos) return {};
        const std::string_view index = body.substr(n + 1, close - n - 1);
        n = close + 1;
        const auto it = st_.arrays.find(name);
        if (index == "@" || index == "*") {
          if (it == st_.arrays.end()) {
            if (auto v = lookup(name)) value = *v;  // ${S[@]} of a scalar: the scalar
          } else if (index == "*") {
            value = joined(it->second);
          } else {
            is_list = true;
            list = {Value::Kind::list, {}, it->second};
          }
        } else {
          std::size_t k = 0;
          const std::string idx = index.empty() || !(index[0] >= '0' && index[0] <= '9') ? std::string() : std::string(index);
          if (idx.empty() || idx.size() > 6 || idx.find_first_not_of("0123456789") != std::string::npos) return {};
          k = std::stoul(idx);
          if (it != st_.arrays.end() && k < it->second.size()) value = it->second[k];
          else if (it == st_.arrays.end() && k == 0) value = lookup(name);
        }
      } else {
        value = lookup(name);
      }
    }
    const std::string_view rest = body.substr(n);
    const bool set = value.has_value() || (is_list && !list.items.empty());
    const bool non_empty = (value && !value->empty()) || (is_list && !list.items.empty());
    if (rest.empty()) {
      if (!known) return {};
      if (is_list) return list;
      return value ? Value::of(*value) : Value{};
    }
    // An argument of a call kvdtype cannot see is unset for ${1:-default}: the default is what runs
    // when the script is started without it.
    const auto word = [&](std::size_t skip) { return Value::of(expand_one(rest.substr(skip), st_, Expansion::single)); };
    const auto current = [&]() { return is_list ? list : Value::of(value.value_or("")); };
    // `${X:-}` of a variable nothing in the script sets: an empty default means "from the
    // environment the script is started with", which is not known here — unknown, not empty
    // (`--served-model-name ${MODEL_NAME:-}` must not lose its value).
    const auto fallback = [&](std::size_t skip) {
      Value v = word(skip);
      return !set && v.text.empty() ? Value{} : v;
    };
    if (rest.starts_with(":-")) return non_empty ? current() : fallback(2);
    if (rest.starts_with(":=")) {
      if (non_empty) return current();
      Value v = word(2);
      if (name_start(body[0])) st_.scalars[std::string(body.substr(0, body.find_first_of(":[")))] = v.text;
      return v;
    }
    if (rest.starts_with(":+")) return non_empty ? word(2) : Value::of("");
    if (rest.starts_with("-")) return set ? current() : fallback(1);
    if (rest.starts_with("=")) return set ? current() : word(1);
    if (rest.starts_with("+")) return set ? word(1) : Value::of("");
    return {};  // ${VAR%…}, ${VAR/…}, ${VAR:offset} …: not evaluated
  }

  // $(cat FILE) / $(< FILE) of a file the script wrote or one beside it; $(mktemp …) a new
  // file name of its own (what is written to it is read back by that name); nothing else is run.
  Value command_substitution(std::string_view inner) {
    inner = trim(inner);
    if (inner == "mktemp" || inner.starts_with("mktemp ")) return Value::of("/tmp/tmp.kvdtype-mktemp-" + std::to_string(++st_.temp_files));
    if (auto folder = script_folder_substitution(inner, st_)) return Value::of(std::move(*folder));
    std::string path;
    if (inner.starts_with("<") && !inner.starts_with("<<")) {
      path = expand_one(trim(inner.substr(1)), st_, Expansion::single);
    } else if (inner.starts_with("cat ")) {
      auto steps = split_script(inner);
      if (!steps.ok() || steps->size() != 1 || (*steps)[0].raw.size() != 2 || !(*steps)[0].redirects.empty()) return {};
      path = expand_one((*steps)[0].raw[1], st_, Expansion::single);
    } else {
      return {};
    }
    if (path.find('$') != std::string::npos) return {};
    auto text = st_.file_text(path);
    if (!text) return {};
    while (!text->empty() && text->back() == '\n') text->pop_back();
    return Value::of(std::move(*text));
  }

  ShellState& st_;
  Expansion how_;
  std::string cur_;
  bool have_ = false;  // a word has begun (quotes make an empty one)
  std::vector<std::string> out_;
};

}  // namespace

bool ShellState::spend(std::size_t n) {
  if (over_budget || n > budget) {
    over_budget = true;
    return false;
  }
  budget -= n;
  return true;
}

std::optional<std::string> ShellState::file_text(std::string_view path) {
  const std::string p = normal_path(path);
  for (auto it = files.rbegin(); it != files.rend(); ++it)
    if (it->path == p) return it->text;
  Result<std::string> read = Error{ErrorCode::bad_command, "not beside the script"};
  for (const auto& where : beside_script(p, base_dir)) {
    read = read_regular_file(where, kMaxFileBytes, "a script");
    if (read.ok()) break;
  }
  if (!read.ok() || read->find('\0') != std::string::npos) return std::nullopt;
  // What is read is bounded by the same budget as what is expanded, with room to expand it.
  if (!spend(read->size())) return std::nullopt;
  budget += 8 * read->size();
  return std::move(read).value();
}

void ShellState::write_file(const std::string& path, std::string text, bool append) {
  const std::string p = normal_path(path);
  if (!spend(text.size() + p.size())) return;
  for (ScriptFile& f : files)
    if (f.path == p) {
      if (append) f.text += text;
      else f.text = std::move(text);
      return;
    }
  files.push_back({p, std::move(text)});
}

std::vector<std::string> expand_word(std::string_view raw, ShellState& state, Expansion how) {
  return Expander(state, how).run(raw);
}

std::string expand_one(std::string_view raw, ShellState& state, Expansion how) {
  auto v = Expander(state, how == Expansion::fields ? Expansion::single : how).run(raw);
  return v.empty() ? std::string() : std::move(v.front());
}

std::vector<std::string> array_elements(std::string_view inside, ShellState& state) {
  std::vector<std::string> out;
  auto steps = split_script(inside);
  if (!steps.ok()) return out;
  for (const ScriptStep& s : *steps)
    for (const std::string& w : s.raw) {
      auto fields = expand_word(w, state, Expansion::fields);
      out.insert(out.end(), std::make_move_iterator(fields.begin()), std::make_move_iterator(fields.end()));
    }
  return out;
}

}  // namespace kvdtype::io::detail
