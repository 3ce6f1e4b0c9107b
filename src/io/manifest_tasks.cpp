// Launcher task files read by --manifest: a SkyPilot task (`run:` is a shell script run with
// `envs:` on a node with `resources.accelerators`) and a Ray Serve config (`applications:` whose
// Ray Serve LLM configs hand `engine_kwargs` to vLLM). Each becomes launch commands read as any
// other; what the file does not say (an image, a GPU) is left unknown and said so.
//
// Sources: SkyPilot — skypilot-org/skypilot docs/source/reference/yaml-spec.rst (run, setup,
// envs, resources.accelerators `H100:8` / `{H100: 8}` / a list or set of alternatives,
// resources.any_of / ordered, resources.image_id `docker:IMAGE`). Ray Serve LLM —
// ray-project/ray python/ray/llm/_internal/serve/core/configs/llm_config.py @1190ecb4
// (LLMConfig: model_loading_config {model_id, model_source}, llm_engine "vLLM", engine_kwargs
// "all the configuration knobs [vLLM] provide", accelerator_type, runtime_env) and
// python/ray/serve/llm/__init__.py (build_openai_app args.llm_configs; build_pd_openai_app
// args.prefill_config / args.decode_config).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "io/manifest_parts.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::io::manifest {
namespace {

// ---- SkyPilot --------------------------------------------------------------------------------

bool is_skypilot(const YAML::Node& doc) {
  const YAML::Node run = child(doc, "run");
  return run && run.IsScalar() && (child(doc, "resources") || child(doc, "envs") || child(doc, "setup") ||
                                   child(doc, "num_nodes") || child(doc, "workdir") || child(doc, "file_mounts"));
}

// ` H100:8 ` → H100 (the count is GPUs per node, not a setting kvdtype reads).
std::string accelerator_name(const std::string& spec) {
  const std::string name = spec.substr(0, spec.find(':'));
  const std::size_t b = name.find_first_not_of(" \t"), e = name.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : name.substr(b, e - b + 1);
}

// resources.accelerators in its three spellings; several names are alternatives (any may run).
void accelerators_of(const YAML::Node& res, std::vector<std::string>& names) {
  const YAML::Node acc = child(res, "accelerators");
  auto add = [&](const std::string& s) {
    const std::string n = accelerator_name(s);
    if (!n.empty() && std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  };
  if (acc && acc.IsScalar()) {
    std::string s = acc.Scalar();
    if (!s.empty() && s.front() == '{' && s.back() == '}') s = s.substr(1, s.size() - 2);  // a set in one string
    for (std::size_t at = 0; at <= s.size();) {
      const std::size_t comma = s.find(',', at);
      add(s.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  } else if (acc && acc.IsMap()) {
    for (const auto& kv : acc) add(scalar(kv.first));
  } else if (acc && acc.IsSequence()) {
    for (const auto& e : acc) add(scalar(e));
  }
  for (const char* key : {"any_of", "ordered"}) {
    const YAML::Node alts = child(res, key);
    if (alts && alts.IsSequence())
      for (const auto& alt : alts) accelerators_of(alt, names);
  }
}

std::optional<Error> read_skypilot(Reader& r, const YAML::Node& doc, Pod pod) {
  pod.kind = "SkyPilot task";
  pod.name = scalar(child(doc, "name"));
  std::vector<std::string> env;
  if (const YAML::Node envs = child(doc, "envs"); envs && envs.IsMap())
    for (const auto& kv : envs) env.push_back(scalar(kv.first) + "=" + scalar(kv.second));
  const YAML::Node res = child(doc, "resources");
  std::vector<std::string> names;
  accelerators_of(res, names);
  for (const std::string& n : names) gpu_from_name(n, "resources.accelerators", pod);
  // image_id `docker:IMAGE` runs `run` inside that image: its tag gives the engine version.
  std::string image = scalar(child(res, "image_id"));
  image = image.rfind("docker:", 0) == 0 ? image.substr(7) : std::string();

  const YAML::Node run = child(doc, "run");
  auto commands = serving_commands(run.Scalar(), env);
  if (!commands.ok()) return bad_file(pod.file, line_of(run), "run: " + commands.error().message);
  // A literal block (`run: |`) starts on the line after its key.
  const int first = line_of(run) + (run.Scalar().find('\n') != std::string::npos ? 1 : 0);
  if (commands->empty()) {
    r.out.skipped.push_back(pod.file + " " + pod.kind + (pod.name.empty() ? "" : "/" + pod.name) +
                            ": run starts no serving command kvdtype knows");
    return std::nullopt;
  }
  for (const ScriptCommand& sc : *commands) {
    if (auto e = count_container(r, pod.file, run)) return e;
    Container c;
    c.name = "run";
    c.line = first + sc.line - 1;
    c.image = image;
    c.env = env;
    c.command = sc.words;
    if (!image.empty()) c.notes.push_back("image: resources.image_id docker:" + image);
    add_container(r, pod, std::move(c));
  }
  return std::nullopt;
}

// ---- Ray Serve LLM ---------------------------------------------------------------------------

// A YAML value as JSON, typed as YAML 1.2's core schema reads plain scalars; `budget` bounds
// the nodes visited (aliases may name one map many times).
nlohmann::json to_json(const YAML::Node& n, std::size_t& budget) {
  if (budget == 0) return nullptr;
  --budget;
  if (n.IsMap()) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& kv : n) j[scalar(kv.first)] = to_json(kv.second, budget);
    return j;
  }
  if (n.IsSequence()) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& e : n) j.push_back(to_json(e, budget));
    return j;
  }
  if (!n.IsScalar()) return nullptr;
  const std::string& s = n.Scalar();
  if (n.Tag() == "!") return s;  // quoted in the file: a string whatever it looks like
  if (s == "true" || s == "True") return true;
  if (s == "false" || s == "False") return false;
  if (s == "null" || s == "~") return nullptr;
  nlohmann::json number = nlohmann::json::parse(s, nullptr, false);
  return number.is_number() ? number : nlohmann::json(s);
}

// engine_kwargs → vLLM flags: a key is its flag with `-` for `_`; true → the flag, false →
// `--no-` (vLLM's boolean flags take both), a map → JSON text, a list → one word per element.
Words engine_flags(const YAML::Node& kwargs) {
  Words out;
  if (!kwargs || !kwargs.IsMap()) return out;
  std::size_t budget = 4096;
  for (const auto& kv : kwargs) {
    std::string flag = scalar(kv.first);
    for (char& ch : flag)
      if (ch == '_') ch = '-';
    const nlohmann::json v = to_json(kv.second, budget);
    if (v.is_boolean()) {
      out.push_back((v.get<bool>() ? "--" : "--no-") + flag);
    } else if (v.is_object()) {
      out.push_back("--" + flag);
      out.push_back(v.dump());
    } else if (v.is_array()) {
      out.push_back("--" + flag);
      for (const auto& e : v) out.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    } else if (!v.is_null()) {
      out.push_back("--" + flag);
      out.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    }
  }
  return out;
}

void runtime_env(const YAML::Node& holder, std::vector<std::string>& env) {
  const YAML::Node vars = path(holder, {"runtime_env", "env_vars"});
  if (vars && vars.IsMap())
    for (const auto& kv : vars) env.push_back(scalar(kv.first) + "=" + scalar(kv.second));
}

std::optional<Error> read_llm_config(Reader& r, const YAML::Node& cfg, const Pod& app, const std::vector<std::string>& app_env,
                                     const std::string& role, int line_offset) {
  if (auto e = count_container(r, app.file, cfg)) return e;
  Container c;
  c.where = role;
  c.line = line_of(cfg) + line_offset;
  if (cfg.IsScalar()) {
    c.name = cfg.Scalar();
    r.out.skipped.push_back(label(app, c) + ": an LLM config in another file, not read (pass that file with --manifest)");
    return std::nullopt;
  }
  const YAML::Node loading = child(cfg, "model_loading_config");
  c.name = scalar(child(loading, "model_id"));
  std::string model = scalar(child(loading, "model_source"));
  if (model.empty()) {
    model = c.name;
    if (child(loading, "model_source")) c.notes.push_back("model: model_source is a cloud mirror; its model_id is read as the model");
  }
  const std::string engine = scalar(child(cfg, "llm_engine"));
  if (!engine.empty() && engine != "vLLM") {
    r.out.skipped.push_back(label(app, c) + ": llm_engine " + engine + " is not vLLM");
    return std::nullopt;
  }
  c.env = app_env;
  runtime_env(cfg, c.env);
  c.command = {"vllm", "serve", model};
  const Words flags = engine_flags(child(cfg, "engine_kwargs"));
  c.command.insert(c.command.end(), flags.begin(), flags.end());
  c.notes.push_back("command: Ray Serve LLM runs vLLM with engine_kwargs as its engine arguments");
  Pod pod = app;
  if (const std::string acc = scalar(child(cfg, "accelerator_type")); !acc.empty()) {
    pod.gpu.clear();  // the config's own accelerator wins over the worker groups' node selectors
    pod.notes.clear();
    gpu_from_name(acc, "accelerator_type", pod);
  }
  add_container(r, pod, std::move(c));
  return std::nullopt;
}

}  // namespace

bool is_ray_serve(const YAML::Node& doc) {
  const YAML::Node apps = child(doc, "applications");
  return apps && apps.IsSequence();
}

std::optional<Error> read_ray_serve(Reader& r, const YAML::Node& doc, Pod pod, int line_offset) {
  // Inside a RayService the applications are its containers (`serveConfigV2/APP`); a config
  // file of its own names each application.
  const bool embedded = !pod.kind.empty();
  for (const auto& app : child(doc, "applications")) {
    Pod here = pod;
    const std::string name = scalar(child(app, "name"));
    std::string where = "serveConfigV2/" + name;
    if (!embedded) {
      here.kind = "Ray Serve app";
      here.name = name;
      where.clear();
    }
    const std::string import = scalar(child(app, "import_path"));
    if (import.rfind("ray.serve.llm:", 0) != 0) {
      r.out.skipped.push_back((pod.file.empty() ? "" : pod.file + " ") + here.kind + "/" + here.name +
                              (where.empty() ? "" : " " + where) + ": import_path " + import +
                              " is not a Ray Serve LLM application");
      continue;
    }
    std::vector<std::string> env;
    runtime_env(app, env);
    const YAML::Node args = child(app, "args");
    if (const YAML::Node list = child(args, "llm_configs"); list && list.IsSequence())
      for (const auto& cfg : list)
        if (auto e = read_llm_config(r, cfg, here, env, where, line_offset)) return e;
    for (const std::string role : {"prefill", "decode"})
      if (const YAML::Node cfg = child(args, (role + "_config").c_str()))
        if (auto e = read_llm_config(r, cfg, here, env, where.empty() ? role : where + "/" + role, line_offset)) return e;
  }
  return std::nullopt;
}

std::optional<std::optional<Error>> read_task_file(Reader& r, const YAML::Node& doc, const Pod& pod) {
  if (is_skypilot(doc)) return read_skypilot(r, doc, pod);
  if (is_ray_serve(doc)) return read_ray_serve(r, doc, pod, 0);
  return std::nullopt;
}

void gpu_from_name(const std::string& name, const char* via, Pod& pod) {
  // Launchers write product names with dashes (Ray `A100-80G`, `AMD-Instinct-MI300X-OAM`):
  // tried as written, then with spaces, as node labels are.
  std::string spaced = name;
  for (char& ch : spaced)
    if (ch == '-' || ch == '_') ch = ' ';
  std::string gpu;
  if (parse_target(name).ok()) gpu = name;
  else if (parse_target(spaced).ok()) gpu = spaced;
  if (gpu.empty()) {
    pod.notes.push_back(std::string("gpu: ") + via + " " + name + " names a GPU kvdtype does not know; pass --gpu");
    return;
  }
  pod.gpu += (pod.gpu.empty() ? "" : ",") + gpu;
  pod.notes.push_back(std::string("gpu: ") + via + " " + name);
}

}  // namespace kvdtype::io::manifest
