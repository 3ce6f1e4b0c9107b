// Internal (io): the engine arguments a Ray Serve Python application hands vLLM, read from its
// source text without running it (ray_python_app.cpp). Two shapes are read, both seen in public
// RayService blueprints:
//   - keyword arguments of one `AsyncEngineArgs(...)` call, whose values are literals,
//     `os.environ.get` / `os.getenv` / `os.environ[...]` lookups (optionally wrapped in
//     int/float/str), or names bound by the application's `X.bind(name=...)`;
//   - a dict of CLI flags handed to the function the import path names
//     (`app = build_app({"model": ..., "tensor-parallel-size": ...})`) in a module that turns
//     that dict into `--key value` words for vLLM's own parser (`AsyncEngineArgs.from_cli_args`).
// Anything else — a value computed in Python, a positional argument, several engine calls — is
// not guessed: `unread` names the expression, and the application stays unread (KVD080).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvdtype::io::manifest {

struct PythonApp {
  std::string model;                // `model=` (the served model), empty when not given
  std::vector<std::string> flags;   // vLLM flags after the model, in the source's order
  std::vector<std::string> notes;   // how each environment value was found
  std::string unread;               // non-empty: why the arguments cannot be read
};

/// An environment variable as the application's process sees it: unset, set to a value the
/// manifest holds, or set to a value it does not hold (a Secret's).
struct EnvValue {
  bool set = false;
  std::optional<std::string> value;
};
using EnvLookup = std::function<EnvValue(const std::string& name)>;

/// The engine arguments of the application `attr` (the part of Ray's import_path after `:`)
/// defined in `source`.
[[nodiscard]] PythonApp read_python_app(std::string_view source, const std::string& attr, const EnvLookup& env);

}  // namespace kvdtype::io::manifest
