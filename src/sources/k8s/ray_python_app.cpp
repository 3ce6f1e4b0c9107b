// A Ray Serve Python application's vLLM arguments, read from its text (ray_python_app.hpp).
//
// Sources for the two shapes: vLLM's AsyncEngineArgs is a dataclass whose fields are the engine
// arguments, and each field's CLI flag is its name with `-` for `_` (vllm-project/vllm
// vllm/engine/arg_utils.py, EngineArgs.add_cli_args; boolean fields take `--no-NAME` too);
// `AsyncEngineArgs.from_cli_args` builds it from the namespace of vLLM's own argument parser
// (make_arg_parser, vllm/entrypoints/openai/cli_args.py). Ray Serve hands `.bind(...)`'s keyword
// arguments to the deployment's constructor (ray-project/ray doc/source/serve/key-concepts.md,
// "bind"), and runtime_env.env_vars become the replicas' environment
// (doc/source/ray-core/handling-dependencies.rst, "env_vars").
#include "sources/k8s/ray_python_app.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

namespace kvdtype::io::manifest {
namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return s;
}

// The source with comments blanked (`code`), and also with the insides of string literals
// blanked (`bare`), index for index: brackets, commas and names are found in `bare`, values
// taken from `code`.
struct Masked {
  std::string code, bare;
};

Masked mask(std::string_view s) {
  Masked m{std::string(s), std::string(s)};
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    const char c = s[i];
    if (c == '#') {
      for (; i < n && s[i] != '\n'; ++i) m.code[i] = m.bare[i] = ' ';
      continue;
    }
    if (c != '"' && c != '\'') {
      ++i;
      continue;
    }
    const bool triple = i + 2 < n && s[i + 1] == c && s[i + 2] == c;
    const std::size_t q = triple ? 3 : 1;
    std::size_t j = i + q;
    while (j < n) {
      if (s[j] == '\\') {
        j += 2;
        continue;
      }
      if (triple ? (j + 2 < n && s[j] == c && s[j + 1] == c && s[j + 2] == c) : (s[j] == c || s[j] == '\n')) break;
      ++j;
    }
    j = std::min(j, n);
    for (std::size_t k = i + q; k < j; ++k)
      if (m.bare[k] != '\n') m.bare[k] = ' ';
    i = std::min(n, j + (j < n && s[j] != '\n' ? q : 0));
  }
  return m;
}

// The top-level pieces between the bracket at `open` and its match, split at commas; `end` is
// the index of the closing bracket (npos when unbalanced).
struct Pieces {
  std::vector<std::string> code, bare;
  std::size_t end = std::string::npos;
};

Pieces pieces(const Masked& m, std::size_t open) {
  Pieces p;
  int depth = 0;
  std::size_t start = open + 1;
  for (std::size_t i = open; i < m.bare.size(); ++i) {
    const char c = m.bare[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    if ((c == ',' && depth == 1) || depth == 0) {
      if (const std::string_view b = trim(std::string_view(m.bare).substr(start, i - start)); !b.empty() || c == ',') {
        p.code.emplace_back(trim(std::string_view(m.code).substr(start, i - start)));
        p.bare.emplace_back(b);
      }
      start = i + 1;
    }
    if (depth == 0) {
      p.end = i;
      break;
    }
  }
  return p;
}

// `name = value` at the top level of an argument: the name, and where the value starts.
std::optional<std::pair<std::string, std::size_t>> keyword(std::string_view bare) {
  std::size_t i = 0;
  while (i < bare.size() && ident_char(bare[i])) ++i;
  if (i == 0 || std::isdigit(static_cast<unsigned char>(bare[0])) != 0) return std::nullopt;
  std::size_t eq = i;
  while (eq < bare.size() && bare[eq] == ' ') ++eq;
  if (eq >= bare.size() || bare[eq] != '=' || (eq + 1 < bare.size() && bare[eq + 1] == '=')) return std::nullopt;
  return std::make_pair(std::string(bare.substr(0, i)), eq + 1);
}

// Where `name(` is called in `bare` (not `x.name(`, not `other_name(`), from `from`.
std::vector<std::size_t> calls(const std::string& bare, const std::string& name) {
  std::vector<std::size_t> out;
  for (std::size_t at = bare.find(name); at != std::string::npos; at = bare.find(name, at + 1)) {
    if (at > 0 && (ident_char(bare[at - 1]) || bare[at - 1] == '.')) continue;
    std::size_t k = at + name.size();
    while (k < bare.size() && bare[k] == ' ') ++k;
    if (k < bare.size() && bare[k] == '(') out.push_back(k);
  }
  return out;
}

struct Value {
  enum Kind { text, boolean, unread } kind = unread;
  std::string s;  // the text, "true"/"false", or why it is not read
};

class Evaluator {
 public:
  Evaluator(const EnvLookup& env, std::vector<std::string>& notes) : env_(env), notes_(notes) {}
  std::map<std::string, std::string> bindings;  // `.bind(name=expr)`

  Value eval(std::string_view expr, int depth = 0) {
    const std::string e(trim(expr));
    const Masked m = mask(e);
    // int(...), float(...), str(...) around a value: the same word on the command line.
    for (const char* w : {"int", "float", "str"}) {
      const std::string open = std::string(w) + "(";
      if (e.rfind(open, 0) == 0 && pieces(m, open.size() - 1).end == e.size() - 1)
        return eval(std::string_view(e).substr(open.size(), e.size() - open.size() - 1), depth);
    }
    if (e == "True" || e == "False") return {Value::boolean, e == "True" ? "true" : "false"};
    if (!e.empty() && (e[0] == '"' || e[0] == '\'')) return literal(e);
    if (!e.empty() && (std::isdigit(static_cast<unsigned char>(e[0])) != 0 || e[0] == '-' || e[0] == '.') &&
        std::all_of(e.begin(), e.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0 || std::string_view("._eE+-").find(c) != std::string_view::npos; }))
      return {Value::text, e};
    for (const char* call : {"os.environ.get(", "os.getenv("})
      if (e.rfind(call, 0) == 0) return environment(e, m, std::string_view(call).size() - 1, true);
    if (e.rfind("os.environ[", 0) == 0) return environment(e, m, std::string_view("os.environ[").size() - 1, false);
    if (!e.empty() && std::all_of(e.begin(), e.end(), ident_char) && std::isdigit(static_cast<unsigned char>(e[0])) == 0) {
      const auto b = bindings.find(e);
      if (b == bindings.end() || depth > 2)
        return {Value::unread, "`" + e + "` is not bound by the application's .bind(...)"};
      return eval(b->second, depth + 1);
    }
    return {Value::unread, "`" + e + "` is computed in Python"};
  }

 private:
  const EnvLookup& env_;
  std::vector<std::string>& notes_;

  static Value literal(const std::string& e) {
    const char q = e[0];
    std::string out;
    std::size_t i = 1;
    for (; i < e.size() && e[i] != q; ++i) {
      if (e[i] == '\\' && i + 1 < e.size()) ++i;
      out += e[i];
    }
    if (i + 1 != e.size()) return {Value::unread, "`" + e + "` is computed in Python"};
    return {Value::text, out};
  }

  // os.environ.get(NAME[, DEFAULT]), os.getenv(NAME[, DEFAULT]), os.environ[NAME].
  Value environment(const std::string& e, const Masked& m, std::size_t open, bool call) {
    const Pieces p = pieces(m, open);
    if (p.end != e.size() - 1 || p.code.empty() || p.code.size() > (call ? 2u : 1u))
      return {Value::unread, "`" + e + "` is computed in Python"};
    const Value name = literal(p.code[0]);
    if (name.kind != Value::text || p.code[0].empty() || (p.code[0][0] != '"' && p.code[0][0] != '\''))
      return {Value::unread, "`" + e + "` names its variable in Python"};
    if (const EnvValue v = env_(name.s); v.set) {
      if (!v.value) return {Value::unread, name.s + " is set from a Secret or ConfigMap (valueFrom), not in the file"};
      notes_.push_back(name.s + "=" + *v.value + " from the manifest");
      return {Value::text, *v.value};
    }
    if (p.code.size() < 2) return {Value::unread, name.s + " is read from the environment and the manifest does not set it"};
    Value d = eval(p.code[1]);
    if (d.kind != Value::unread) notes_.push_back(name.s + " is not set in the manifest: the application's default " + d.s);
    return d;
  }
};

// `attr = CALLEE(` at the start of a line: the index of its `(` and the callee's text.
std::optional<std::pair<std::size_t, std::string>> assignment(const Masked& m, const std::string& attr) {
  for (std::size_t at = m.bare.find(attr); at != std::string::npos; at = m.bare.find(attr, at + 1)) {
    if (at > 0 && m.bare[at - 1] != '\n') continue;
    const auto kw = keyword(std::string_view(m.bare).substr(at));
    if (!kw || kw->first != attr) continue;
    std::size_t open = at + kw->second;
    while (open < m.bare.size() && (ident_char(m.bare[open]) || m.bare[open] == '.' || m.bare[open] == ' ')) ++open;
    if (open >= m.bare.size() || m.bare[open] != '(') return std::nullopt;
    return std::make_pair(open, std::string(trim(std::string_view(m.bare).substr(at + kw->second, open - at - kw->second))));
  }
  return std::nullopt;
}

void add_flag(PythonApp& app, std::string name, const Value& v) {
  std::replace(name.begin(), name.end(), '_', '-');
  if (v.kind == Value::boolean) {
    app.flags.push_back((v.s == "true" ? "--" : "--no-") + name);
    return;
  }
  app.flags.push_back("--" + name);
  app.flags.push_back(v.s);
}

}  // namespace

PythonApp read_python_app(std::string_view source, const std::string& attr, const EnvLookup& env) {
  PythonApp app;
  const Masked m = mask(source);
  Evaluator ev(env, app.notes);
  const auto bound = assignment(m, attr);
  if (!bound) {
    app.unread = "the module assigns no `" + attr + " = ...(...)` at its top level";
    return app;
  }
  const Pieces top = pieces(m, bound->first);
  const bool binds = bound->second.size() > 5 && bound->second.substr(bound->second.size() - 5) == ".bind";
  if (binds)
    for (std::size_t i = 0; i < top.bare.size(); ++i)
      if (const auto kw = keyword(top.bare[i])) ev.bindings[kw->first] = top.code[i].substr(kw->second);

  const std::vector<std::size_t> engine = calls(m.bare, "AsyncEngineArgs");
  if (engine.size() > 1) {
    app.unread = "the module calls AsyncEngineArgs(...) " + std::to_string(engine.size()) + " times";
    return app;
  }
  if (engine.size() == 1) {
    const Pieces args = pieces(m, engine[0]);
    for (std::size_t i = 0; i < args.bare.size(); ++i) {
      const auto kw = keyword(args.bare[i]);
      if (!kw) {
        app.unread = "AsyncEngineArgs(...) has the argument `" + args.code[i] + "`, not name=value";
        return app;
      }
      const Value v = ev.eval(std::string_view(args.code[i]).substr(kw->second));
      if (v.kind == Value::unread) {
        app.unread = "AsyncEngineArgs(" + kw->first + "=...): " + v.s;
        return app;
      }
      if (kw->first == "model") app.model = v.s;
      else add_flag(app, kw->first, v);
    }
    return app;
  }
  // A dict of CLI flags handed to the application builder, turned into `--key value` words for
  // vLLM's parser by the module itself.
  if (m.bare.find("AsyncEngineArgs.from_cli_args(") != std::string::npos && !binds && top.code.size() == 1 &&
      top.code[0].front() == '{') {
    const Masked d = mask(top.code[0]);
    const Pieces entries = pieces(d, 0);
    for (std::size_t i = 0; i < entries.code.size(); ++i) {
      const std::size_t colon = entries.bare[i].find(':');
      const Value key = colon == std::string::npos ? Value{} : ev.eval(entries.code[i].substr(0, colon));
      if (key.kind != Value::text) {
        app.unread = "the CLI dict entry `" + entries.code[i] + "` has no literal key";
        return app;
      }
      const Value v = ev.eval(entries.code[i].substr(colon + 1));
      if (v.kind == Value::unread) {
        app.unread = "the CLI dict entry \"" + key.s + "\": " + v.s;
        return app;
      }
      if (key.s == "model") app.model = v.s;
      else app.flags.insert(app.flags.end(), {"--" + key.s, v.kind == Value::boolean ? (v.s == "true" ? "True" : "False") : v.s});
    }
    return app;
  }
  app.unread = "the module builds vLLM's engine arguments neither with AsyncEngineArgs(name=value, ...) nor from a dict of CLI flags";
  return app;
}

}  // namespace kvdtype::io::manifest
