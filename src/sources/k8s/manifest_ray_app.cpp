// A RayService (or Ray Serve config) application that is its own Python code: where its source
// is, and the vLLM launch command it amounts to. Ray imports `module:attr` from the
// runtime_env.working_dir or the image (ray-project/ray doc/source/serve/production-guide/
// config.md, "import_path"); a manifest often carries the module itself in a ConfigMap mounted
// into the pods, or sits in the repository whose archive is the working_dir. Nothing is run.
#include <filesystem>
#include <system_error>

#include "sources/files/read_file.hpp"
#include "sources/k8s/manifest_parts.hpp"
#include "sources/k8s/ray_python_app.hpp"

namespace kvdtype::io::manifest {
namespace {

// A Python module larger than this is not an application file.
constexpr std::size_t kMaxModuleBytes = 1 << 20;
// How far above the manifest's folder the repository root (a folder with .git) may be.
constexpr int kMaxLevelsUp = 8;

struct Source {
  std::string text, from, problem;
};

Source from_configmap(const Reader& r, const std::string& file_name) {
  if (r.documents == nullptr) return {};
  for (const doc::Node& doc : *r.documents) {
    if (!doc.is_map() || scalar(child(doc, "kind")) != "ConfigMap") continue;
    const doc::Node v = child(child(doc, "data"), file_name.c_str());
    if (v && v.is_scalar())
      return {v.str(), "ConfigMap/" + scalar(path(doc, {"metadata", "name"})) + " key " + file_name, {}};
  }
  return {};
}

Source from_files(const std::string& manifest, const std::string& relative) {
  if (manifest.empty() || manifest == "-") return {};
  std::filesystem::path dir = std::filesystem::path(manifest).parent_path();
  for (int level = 0; level <= kMaxLevelsUp; ++level) {
    const std::filesystem::path candidate = dir / relative;
    std::error_code ec;
    if (std::filesystem::exists(candidate, ec)) {
      auto text = detail::read_regular_file(candidate, kMaxModuleBytes, "a Python module");
      if (!text.ok()) return {{}, {}, text.error().message};
      return {std::move(text).value(), candidate.string(), {}};
    }
    // The repository's root is as far as a working_dir archive of it reaches.
    if (dir.empty() || dir == dir.parent_path() || std::filesystem::exists(dir / ".git", ec)) break;
    dir = dir.parent_path();
  }
  return {};
}

}  // namespace

std::optional<Error> read_ray_python_app(Reader& r, const doc::Node& app, const Pod& pod, const std::string& where,
                                         const std::vector<std::string>& env, const std::vector<std::string>& worker_env,
                                         int line_offset) {
  if (auto e = count_container(r, pod.file, app)) return e;
  Container c;
  c.where = where;
  c.line = line_of(app) + line_offset;
  const std::string import = scalar(child(app, "import_path"));
  c.name = import;
  auto skip = [&](const std::string& why) {
    r.out.skipped.push_back(label(pod, c) + ": import_path " + import + ": " + why);
    return std::nullopt;
  };
  // `module:attr`, or Ray's older `module.attr`.
  std::size_t cut = import.find(':');
  if (cut == std::string::npos) cut = import.rfind('.');
  if (cut == std::string::npos || cut == 0 || cut + 1 == import.size()) return skip("not module:attribute");
  const std::string module = import.substr(0, cut), attr = import.substr(cut + 1);
  std::string relative = module;
  for (char& ch : relative)
    if (ch == '.') ch = '/';
  relative += ".py";
  const std::string base_name = module.substr(module.rfind('.') + 1) + ".py";

  Source src = from_configmap(r, base_name);
  if (src.text.empty() && src.problem.empty()) src = from_files(pod.file, relative);
  if (!src.problem.empty()) return skip("the application's module " + relative + ": " + src.problem);
  if (src.text.empty()) {
    std::string where_it_is;
    if (const std::string wd = scalar(path(app, {"runtime_env", "working_dir"})); !wd.empty())
      where_it_is = " (it is in runtime_env.working_dir " + wd + ")";
    // A server whose arguments are out of reach (the image, a working_dir archive; and always
    // for the webhook, which opens no files) is an unchecked fact, KVD080, never "no server":
    // the webhook would otherwise allow the RayService with nothing said.
    r.out.unknown.push_back(label(pod, c) + ": import_path " + import + ": the Ray Serve application's module " + relative +
                            where_it_is + " is neither a ConfigMap key of this file nor a file beside it: its engine "
                            "arguments are unknown");
    return skip("a Python application whose vLLM arguments are in its module " + relative + where_it_is +
                ", which is neither a ConfigMap key of this file nor a file beside it; not read");
  }
  const PythonApp a = read_python_app(src.text, attr, [&](const std::string& name) {
    EnvValue v;
    // runtime_env.env_vars win over the worker containers' env (Ray sets them in the replica).
    for (const std::string& kv : env)
      if (kv.rfind(name + "=", 0) == 0) return EnvValue{true, kv.substr(name.size() + 1)};
    for (const std::string& kv : worker_env) {
      if (kv == name) v = EnvValue{true, std::nullopt};
      else if (kv.rfind(name + "=", 0) == 0) v = EnvValue{true, kv.substr(name.size() + 1)};
    }
    return v;
  });
  if (!a.unread.empty()) return skip(src.from + ": " + a.unread);
  if (a.model.empty()) return skip(src.from + ": the engine arguments name no model");
  c.command = {"vllm", "serve", a.model};
  c.command.insert(c.command.end(), a.flags.begin(), a.flags.end());
  for (const std::string& kv : worker_env)
    if (kv.find('=') != std::string::npos) c.env.push_back(kv);
  c.env.insert(c.env.end(), env.begin(), env.end());
  c.notes.push_back("command: the Ray Serve application " + import + " (" + src.from +
                    ") builds vLLM's engine arguments; read from its source, not run");
  for (const std::string& n : a.notes) c.notes.push_back("env: " + n);
  add_container(r, pod, std::move(c));
  return std::nullopt;
}

}  // namespace kvdtype::io::manifest
