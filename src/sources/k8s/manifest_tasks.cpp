// Launcher task files read by --manifest: a SkyPilot task (`run:` is a shell script run with
// `envs:` on a node with `resources.accelerators`) and a Ray Serve config (`applications:` whose
// Ray Serve LLM configs hand `engine_kwargs` to vLLM). Each becomes launch commands read as any
// other; what the file does not say (an image, a GPU) is left unknown and said so.
//
// Sources: SkyPilot — skypilot-org/skypilot docs/source/reference/yaml-spec.rst (run, setup,
// envs, resources.accelerators `H100:8` / `{H100: 8}` / a list or set of alternatives,
// resources.any_of / ordered, resources.image_id `docker:IMAGE`) and
// docs/source/running-jobs/distributed-jobs.rst (SKYPILOT_NUM_GPUS_PER_NODE: the GPUs of each
// node, "each node having 8 A100s" for `accelerators: A100:8`). Ray Serve LLM —
// ray-project/ray python/ray/llm/_internal/serve/core/configs/llm_config.py @1190ecb4
// (LLMConfig: model_loading_config {model_id, model_source}, llm_engine "vLLM", engine_kwargs
// "all the configuration knobs [vLLM] provide", accelerator_type, runtime_env) and
// python/ray/serve/llm/__init__.py (build_openai_app args.llm_configs; build_pd_openai_app
// args.prefill_config / args.decode_config).
//
// llama-swap — mostlygeek/llama-swap @fa607fe0: internal/config/macros.go (resolveConfigMacros:
// `macros:` then a model's own `macros:` over them, MODEL_ID first; substituted as `${NAME}` from
// the last declared to the first, so a macro may name an earlier one; `${PORT}` is startPort
// (default 5800) plus the model's rank among the models, sorted by ID, whose cmd asks for it),
// internal/config/commands.go (SanitizeCommand: comment lines dropped, a trailing backslash joins
// lines, then a POSIX shlex split in which a newline is a space). srtctl — NVIDIA/srt-slurm
// @c88ef731: src/srtctl/backends/sglang.py (SGLangProtocol.build_worker_command: `python3 -m
// dynamo.sglang` — `sglang.launch_server` under frontend.type sglang — `--model-path /model`
// (an `hf:` model path is passed as its ID) `--served-model-name --host --port --nccl-port`,
// `--disaggregation-mode` for prefill / decode, then sglang_config.<mode> as flags in sorted key
// order: true → the flag, false → left out, a list → the flag and its items, else `--key
// str(value)`; *_environment exported) and src/srtctl/core/schema.py (resources.gpu_type,
// prefill / decode / agg workers and nodes; frontend.type defaults to dynamo). Dynamo's
// dynamo.sglang reads SGLang's own server arguments (ai-dynamo/dynamo
// components/src/dynamo/sglang/args.py @d3aac630), so the worker is read as sglang.launch_server.
//
// dstack — dstackai/dstack @511c318c: mkdocs/docs/concepts/services.md and
// mkdocs/docs/reference/dstack.yml/service.md (a `type: service` or `task` runs its `commands`, a
// list of shell lines, in order in one shell, inside `image`, with `env` — `NAME=value`, or a bare
// `NAME` taken from the caller's environment — on `resources.gpu`: `H100:8`, `MI300X:8`,
// `A100,H100:8`, `24GB..`, or a map with `name`; `replicas` groups carry their own `commands`
// and `resources`); src/dstack/_internal/core/models/resources.py (GPUSpec: name, count, memory).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "sources/k8s/manifest_parts.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::io::manifest {
namespace {

// ---- SkyPilot --------------------------------------------------------------------------------

bool is_skypilot(const doc::Node& doc) {
  const doc::Node run = child(doc, "run");
  return run && run.is_scalar() && (child(doc, "resources") || child(doc, "envs") || child(doc, "setup") ||
                                   child(doc, "num_nodes") || child(doc, "workdir") || child(doc, "file_mounts"));
}

// ` H100:8 ` → H100 (the count is GPUs per node, not a setting kvdtype reads).
std::string accelerator_name(const std::string& spec) {
  const std::string name = spec.substr(0, spec.find(':'));
  const std::size_t b = name.find_first_not_of(" \t"), e = name.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : name.substr(b, e - b + 1);
}

// resources.accelerators in its three spellings; several names are alternatives (any may run).
void accelerators_of(const doc::Node& res, std::vector<std::string>& names) {
  const doc::Node acc = child(res, "accelerators");
  auto add = [&](const std::string& s) {
    const std::string n = accelerator_name(s);
    if (!n.empty() && std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  };
  if (acc && acc.is_scalar()) {
    std::string s = acc.str();
    if (!s.empty() && s.front() == '{' && s.back() == '}') s = s.substr(1, s.size() - 2);  // a set in one string
    for (std::size_t at = 0; at <= s.size();) {
      const std::size_t comma = s.find(',', at);
      add(s.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  } else if (acc && acc.is_map()) {
    for (const auto& kv : acc) add(scalar(kv.first));
  } else if (acc && acc.is_seq()) {
    for (const auto& e : acc) add(scalar(e));
  }
  for (const char* key : {"any_of", "ordered"}) {
    const doc::Node alts = child(res, key);
    if (alts && alts.is_seq())
      for (const auto& alt : alts) accelerators_of(alt, names);
  }
}

// The GPU count per node resources.accelerators asks for, where every alternative asks the
// same (`{H100:8, H200:8}`; a name without a count is 1): SkyPilot sets it in `run`'s
// environment as SKYPILOT_NUM_GPUS_PER_NODE, the usual --tensor-parallel-size. nullopt when the
// alternatives differ (the count depends on which one runs) or none is named.
std::optional<std::string> accelerator_count(const doc::Node& res) {
  std::vector<std::string> counts;
  auto add = [&](std::string spec, std::string count) {
    if (count.empty()) {
      const std::size_t colon = spec.find(':');
      count = colon == std::string::npos ? "1" : spec.substr(colon + 1);
    }
    const std::size_t b = count.find_first_not_of(" \t"), e = count.find_last_not_of(" \t");
    count = b == std::string::npos ? std::string() : count.substr(b, e - b + 1);
    if (accelerator_name(spec).empty()) return;
    if (std::find(counts.begin(), counts.end(), count) == counts.end()) counts.push_back(count);
  };
  const doc::Node acc = child(res, "accelerators");
  if (acc && acc.is_scalar()) {
    std::string s = acc.str();
    if (!s.empty() && s.front() == '{' && s.back() == '}') s = s.substr(1, s.size() - 2);
    for (std::size_t at = 0; at <= s.size();) {
      const std::size_t comma = s.find(',', at);
      add(s.substr(at, comma == std::string::npos ? std::string::npos : comma - at), "");
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  } else if (acc && acc.is_map()) {
    // `{H100: 8}` gives the count as the value; `{H100:8, H200:8}` (no blank after the colon) is
    // a flow map whose keys are whole specs and whose values are empty.
    for (const auto& kv : acc) {
      const std::string value = kv.second && kv.second.is_scalar() ? scalar(kv.second) : std::string();
      add(scalar(kv.first), value.empty() && scalar(kv.first).find(':') == std::string::npos ? "1" : value);
    }
  } else if (acc && acc.is_seq()) {
    for (const auto& e : acc) add(scalar(e), "");
  }
  if (child(res, "any_of") || child(res, "ordered")) return std::nullopt;  // alternatives of their own: not followed here
  if (counts.size() != 1 || counts[0].empty() || counts[0].find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return counts[0];
}

// A task file's shell script (SkyPilot's `run`, dstack's `commands`): each serving command in it
// is a container named `field` in `pod`, at the file line `file_line` gives for its script line;
// a script that starts none is listed as skipped ("`starts` no serving command kvdtype knows").
template <class FileLine>
std::optional<Error> add_script_containers(Reader& r, const Pod& pod, const doc::Node& node, std::string_view field,
                                           std::string_view starts, const std::string& script,
                                           const std::vector<std::string>& env, const std::string& image,
                                           const std::string& image_note, FileLine file_line) {
  auto found = serving_commands(script, env);
  if (!found.ok()) return bad_file(pod.file, line_of(node), std::string(field) + ": " + found.error().message);
  if (found->empty()) {
    r.out.skipped.push_back(pod.file + " " + pod.kind + (pod.name.empty() ? "" : "/" + pod.name) + ": " +
                            std::string(starts) + " no serving command kvdtype knows");
    return std::nullopt;
  }
  for (const ScriptCommand& sc : *found) {
    if (auto e = count_container(r, pod.file, node)) return e;
    Container c;
    c.name = std::string(field);
    c.line = file_line(sc.line);
    c.image = image;
    c.env = env;
    c.command = sc.words;
    if (!image_note.empty()) c.notes.push_back(image_note);
    add_container(r, pod, std::move(c));
  }
  return std::nullopt;
}

// The engine release a task's `setup` (or `run`) pins with pip / uv pip (`pip install
// vllm==0.10.1`, `uv pip install "sglang[all]==0.4.2.post4"`), for the workloads from `first` on:
// the release that runs where no image tag says one: the workload's default, over a default the
// caller gave (the pin says more) and under an explicit --engine-version (a field, which wins over
// every default); a range (`vllm>=0.10.0`) pins nothing.
void pinned_releases(Reader& r, std::size_t first, const std::string& setup, const std::string& run) {
  const std::string script = setup + "\n" + run;
  for (std::size_t i = first; i < r.out.workloads.size(); ++i) {
    Workload& w = r.out.workloads[i];
    auto launch = parse_launch_command(w.input.command);
    if (!launch.ok()) continue;
    const std::string version = engine_version_pinned_in(script, launch->engine);
    if (version.empty()) continue;
    w.input.defaults.engine_version = version;
    w.notes.push_back("engine version: " + version + ", the release the task's " +
                      (engine_version_pinned_in(setup, launch->engine).empty() ? "run" : "setup") +
                      " installs (used where no image tag says one)");
  }
}

std::optional<Error> read_skypilot(Reader& r, const doc::Node& doc, Pod pod) {
  pod.kind = "SkyPilot task";
  pod.name = scalar(child(doc, "name"));
  std::vector<std::string> env;
  if (const doc::Node envs = child(doc, "envs"); envs && envs.is_map())
    for (const auto& kv : envs) env.push_back(scalar(kv.first) + "=" + scalar(kv.second));
  const doc::Node res = child(doc, "resources");
  if (const auto count = accelerator_count(res)) env.push_back("SKYPILOT_NUM_GPUS_PER_NODE=" + *count);
  std::vector<std::string> names;
  accelerators_of(res, names);
  for (const std::string& n : names) gpu_from_name(n, "resources.accelerators", pod);
  // image_id `docker:IMAGE` runs `run` inside that image: its tag gives the engine version.
  std::string image = scalar(child(res, "image_id"));
  image = image.rfind("docker:", 0) == 0 ? image.substr(7) : std::string();

  const doc::Node run = child(doc, "run");
  // A literal block (`run: |`) starts on the line after its key.
  const int first = line_of(run) + (run.str().find('\n') != std::string::npos ? 1 : 0);
  const std::size_t before = r.out.workloads.size();
  auto e = add_script_containers(r, pod, run, "run", "run starts", run.str(), env, image,
                                 image.empty() ? std::string() : "image: resources.image_id docker:" + image,
                                 [&](int script_line) { return first + script_line - 1; });
  if (!e) pinned_releases(r, before, scalar(child(doc, "setup")), run.str());
  return e;
}

// ---- dstack ------------------------------------------------------------------------------------

bool is_dstack(const doc::Node& doc) {
  const std::string type = scalar(child(doc, "type"));
  if (type != "service" && type != "task") return false;
  if (const doc::Node c = child(doc, "commands"); c && c.is_seq()) return true;
  const doc::Node groups = child(doc, "replicas");
  return groups && groups.is_seq();
}

// resources.gpu's names: `H100:8` → H100, `A100,H100:8` → both (alternatives), `{name: [A100]}`;
// a memory (`24GB`), a count or a range names no GPU.
void dstack_gpus(const doc::Node& res, std::vector<std::string>& names) {
  const doc::Node gpu = child(res, "gpu");
  auto add = [&](std::string s) {
    const std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    if (b == std::string::npos) return;
    s = s.substr(b, e - b + 1);
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s.front())) || s.front() == '.') return;
    if (std::find(names.begin(), names.end(), s) == names.end()) names.push_back(s);
  };
  if (gpu && gpu.is_scalar()) {
    const std::string spec = gpu.str();
    for (std::size_t at = 0; at <= spec.size();) {  // `:`-separated parts; the name part may list alternatives
      const std::size_t colon = spec.find(':', at);
      const std::string part = spec.substr(at, colon == std::string::npos ? std::string::npos : colon - at);
      for (std::size_t p = 0; p <= part.size();) {
        const std::size_t comma = part.find(',', p);
        add(part.substr(p, comma == std::string::npos ? std::string::npos : comma - p));
        if (comma == std::string::npos) break;
        p = comma + 1;
      }
      if (colon == std::string::npos) break;
      at = colon + 1;
    }
  } else if (gpu && gpu.is_map()) {
    const doc::Node name = child(gpu, "name");
    if (name && name.is_seq())
      for (const auto& n : name) add(scalar(n));
    else if (name) add(scalar(name));
  }
}

std::optional<Error> read_dstack_commands(Reader& r, const doc::Node& commands, const doc::Node& res, Pod pod,
                                          const std::vector<std::string>& env, const std::string& image) {
  if (!commands || !commands.is_seq()) return std::nullopt;
  std::vector<std::string> names;
  dstack_gpus(res, names);
  for (const std::string& n : names) gpu_from_name(n, "resources.gpu", pod);
  // The lines run in order in one shell: one script, each line where the file has it.
  std::string script;
  std::vector<int> lines;  // the file line of each script line
  for (const auto& c : commands) {
    const std::string text = scalar(c);
    const bool block = text.find('\n') != std::string::npos;
    int line = line_of(c) + (block ? 1 : 0);
    for (std::size_t at = 0; at < text.size() || at == 0;) {
      const std::size_t nl = text.find('\n', at);
      script += text.substr(at, nl == std::string::npos ? std::string::npos : nl - at) + "\n";
      lines.push_back(line++);
      if (nl == std::string::npos) break;
      at = nl + 1;
    }
  }
  return add_script_containers(r, pod, commands, "commands", "commands start", script, env, image,
                               image.empty() ? std::string() : "image: " + image, [&](int script_line) {
                                 return script_line >= 1 && static_cast<std::size_t>(script_line) <= lines.size()
                                            ? lines[static_cast<std::size_t>(script_line) - 1]
                                            : line_of(commands);
                               });
}

std::optional<Error> read_dstack(Reader& r, const doc::Node& doc, Pod pod) {
  pod.kind = "dstack " + scalar(child(doc, "type"));
  pod.name = scalar(child(doc, "name"));
  std::vector<std::string> env;
  if (const doc::Node e = child(doc, "env"); e && e.is_seq()) {
    for (const auto& item : e) {
      const std::string v = scalar(item);
      if (v.find('=') != std::string::npos) env.push_back(v);  // a bare NAME comes from the caller: unknown
    }
  } else if (e && e.is_map()) {
    for (const auto& kv : e) env.push_back(scalar(kv.first) + "=" + scalar(kv.second));
  }
  const std::string image = scalar(child(doc, "image"));
  if (auto e = read_dstack_commands(r, child(doc, "commands"), child(doc, "resources"), pod, env, image)) return e;
  if (const doc::Node groups = child(doc, "replicas"); groups && groups.is_seq()) {
    std::size_t i = 0;
    for (const auto& g : groups) {
      Pod group = pod;
      group.name = pod.name + (pod.name.empty() ? "" : "/") + "replicas[" + std::to_string(i++) + "]";
      const doc::Node res = child(g, "resources") ? child(g, "resources") : child(doc, "resources");
      if (auto e = read_dstack_commands(r, child(g, "commands"), res, group, env, image)) return e;
    }
  }
  return std::nullopt;
}

// ---- Ray Serve LLM ---------------------------------------------------------------------------

// A YAML value as JSON, typed as YAML 1.2's core schema reads plain scalars; `budget` bounds
// the nodes visited (aliases may name one map many times).
nlohmann::json to_json(const doc::Node& n, std::size_t& budget) {
  if (budget == 0) return nullptr;
  --budget;
  if (n.is_map()) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& kv : n) j[scalar(kv.first)] = to_json(kv.second, budget);
    return j;
  }
  if (n.is_seq()) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& e : n) j.push_back(to_json(e, budget));
    return j;
  }
  if (!n.is_scalar()) return nullptr;
  const std::string& s = n.str();
  if (n.tag() == "!") return s;  // quoted in the file: a string whatever it looks like
  if (s == "true" || s == "True") return true;
  if (s == "false" || s == "False") return false;
  if (s == "null" || s == "~") return nullptr;
  nlohmann::json number = nlohmann::json::parse(s, nullptr, false);
  return number.is_number() ? number : nlohmann::json(s);
}

// engine_kwargs → vLLM flags: a key is its flag with `-` for `_`; true → the flag, false →
// `--no-` (vLLM's boolean flags take both), a map → JSON text, a list → one word per element.
Words engine_flags(const doc::Node& kwargs) {
  Words out;
  if (!kwargs || !kwargs.is_map()) return out;
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

void runtime_env(const doc::Node& holder, std::vector<std::string>& env) {
  const doc::Node vars = path(holder, {"runtime_env", "env_vars"});
  if (vars && vars.is_map())
    for (const auto& kv : vars) env.push_back(scalar(kv.first) + "=" + scalar(kv.second));
}

std::optional<Error> read_llm_config(Reader& r, const doc::Node& cfg, const Pod& app, const std::vector<std::string>& app_env,
                                     const std::string& role, int line_offset) {
  if (auto e = count_container(r, app.file, cfg)) return e;
  Container c;
  c.where = role;
  c.line = line_of(cfg) + line_offset;
  if (cfg.is_scalar()) {
    c.name = cfg.str();
    r.out.skipped.push_back(label(app, c) + ": an LLM config in another file, not read (pass that file with --manifest)");
    return std::nullopt;
  }
  const doc::Node loading = child(cfg, "model_loading_config");
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

// ---- llama-swap ------------------------------------------------------------------------------

bool is_llama_swap(const doc::Node& doc) {
  const doc::Node models = child(doc, "models");
  if (!models || !models.is_map()) return false;
  for (const auto& kv : models)
    if (const doc::Node cmd = child(kv.second, "cmd"); cmd && cmd.is_scalar()) return true;
  return false;
}

using Macros = std::vector<std::pair<std::string, std::string>>;

Macros macros_of(const doc::Node& n) {
  Macros out;
  if (n && n.is_map())
    for (const auto& kv : n) out.emplace_back(scalar(kv.first), scalar(kv.second));
  return out;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
    if (s.size() > kMaxExpandedBytes) return;  // macros naming themselves grow without end
  }
}

// A cmd as llama-swap runs it, on one line: comment lines dropped, a trailing `\` joins the next
// line, and the newlines its shlex split reads as spaces become spaces.
std::string one_line(const std::string& cmd) {
  std::string out;
  std::size_t at = 0;
  while (at <= cmd.size()) {
    const std::size_t nl = cmd.find('\n', at);
    std::string line = cmd.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    const std::size_t b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
    const std::string trimmed = b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
    if (trimmed.empty() || trimmed.front() != '#') {
      if (!trimmed.empty() && trimmed.back() == '\\') line = trimmed.substr(0, trimmed.size() - 1);
      out += line;
      out += ' ';
    }
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return out;
}

std::optional<Error> read_llama_swap(Reader& r, const doc::Node& doc, Pod pod) {
  pod.kind = "llama-swap model";
  const Macros global = macros_of(child(doc, "macros"));
  int port = 5800;
  if (const std::string sp = scalar(child(doc, "startPort")); !sp.empty()) {
    try {
      port = std::stoi(sp);
    } catch (const std::exception&) {
    }
  }
  std::map<std::string, doc::Node> models;  // sorted by ID, as ports are given out
  for (const auto& kv : child(doc, "models")) models.emplace(scalar(kv.first), kv.second);
  for (const auto& [id, model] : models) {
    const doc::Node cmd = child(model, "cmd");
    if (!cmd || !cmd.is_scalar()) continue;
    Macros macros = {{"MODEL_ID", id}};
    macros.insert(macros.end(), global.begin(), global.end());
    for (const auto& m : macros_of(child(model, "macros"))) {
      auto same = std::find_if(macros.begin(), macros.end(), [&](const auto& x) { return x.first == m.first; });
      if (same != macros.end()) same->second = m.second;
      else macros.push_back(m);
    }
    std::string text = one_line(cmd.str());
    for (auto it = macros.rbegin(); it != macros.rend(); ++it) replace_all(text, "${" + it->first + "}", it->second);
    Pod here = pod;
    here.name = id;
    if (text.find("${PORT}") != std::string::npos) {
      replace_all(text, "${PORT}", std::to_string(port));
      ++port;
    }
    std::vector<std::string> env;
    if (const doc::Node e = child(model, "env"); e && e.is_seq())
      for (const auto& v : e)
        if (scalar(v).find('=') != std::string::npos) env.push_back(scalar(v));
    auto commands = serving_commands(text, env);
    if (!commands.ok()) return bad_file(pod.file, line_of(cmd), "models." + id + ".cmd: " + commands.error().message);
    if (commands->empty()) {
      r.out.skipped.push_back(pod.file + " " + here.kind + "/" + id + ": cmd starts no serving command kvdtype knows");
      continue;
    }
    for (const ScriptCommand& sc : *commands) {
      if (auto e = count_container(r, pod.file, cmd)) return e;
      Container c;
      c.name = "cmd";
      c.line = line_of(cmd) + (cmd.str().find('\n') != std::string::npos ? 1 : 0);
      c.env = env;
      c.command = sc.words;
      c.notes.push_back("command: models." + id + ".cmd with llama-swap's macros and ${PORT} substituted");
      add_container(r, here, std::move(c));
    }
  }
  return std::nullopt;
}

// ---- srtctl (NVIDIA srt-slurm) ---------------------------------------------------------------

bool is_srtctl(const doc::Node& doc) {
  const doc::Node backend = child(doc, "backend");
  return child(child(doc, "resources"), "gpu_type") && child(doc, "model") && backend && backend.is_map() &&
         (child(backend, "sglang_config") || child(backend, "type"));
}

// A YAML scalar as PyYAML's safe_load types a boolean (YAML 1.1: true/yes/on …), unquoted only.
std::optional<bool> python_bool(const doc::Node& n) {
  if (!n.is_scalar() || n.tag() == "!") return std::nullopt;
  const std::string s = kvdtype::detail::to_lower(n.str());
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  return std::nullopt;
}

int count_of(const doc::Node& res, const char* key) {
  try {
    return std::stoi(scalar(child(res, key)));
  } catch (const std::exception&) {
    return 0;
  }
}

std::optional<Error> read_srtctl(Reader& r, const doc::Node& doc, Pod pod) {
  pod.kind = "srtctl job";
  pod.name = scalar(child(doc, "name"));
  const doc::Node backend = child(doc, "backend");
  const std::string type = scalar(child(backend, "type"));
  if (!type.empty() && type != "sglang") {
    r.out.skipped.push_back(pod.file + " " + pod.kind + "/" + pod.name + ": backend.type " + type +
                            " (kvdtype reads srtctl's sglang backend only)");
    return std::nullopt;
  }
  const doc::Node res = child(doc, "resources");
  gpu_from_name(scalar(child(res, "gpu_type")), "resources.gpu_type", pod);
  const doc::Node cfg = child(backend, "sglang_config");
  // The workers the job starts: disaggregated when prefill / decode counts are given, else aggregated.
  std::vector<std::pair<std::string, std::string>> modes;  // mode, sglang_config / environment key
  if (count_of(res, "prefill_workers") + count_of(res, "prefill_nodes") > 0) modes.emplace_back("prefill", "prefill");
  if (count_of(res, "decode_workers") + count_of(res, "decode_nodes") > 0) modes.emplace_back("decode", "decode");
  if (count_of(res, "agg_workers") + count_of(res, "agg_nodes") > 0) modes.emplace_back("agg", "aggregated");
  if (modes.empty())
    for (const auto& [mode, key] : {std::pair{"prefill", "prefill"}, std::pair{"decode", "decode"}, std::pair{"agg", "aggregated"}})
      if (child(cfg, key)) modes.emplace_back(mode, key);
  std::string model = scalar(path(doc, {"model", "path"}));
  const bool hf = model.rfind("hf:", 0) == 0;
  const std::string model_arg = hf ? model.substr(3) : "/model";
  const bool sglang_frontend = scalar(path(doc, {"frontend", "type"})) == "sglang";
  for (const auto& [mode, key] : modes) {
    const doc::Node mine = child(cfg, key.c_str());
    if (auto e = count_container(r, pod.file, mine ? mine : backend)) return e;
    Container c;
    c.name = "worker";
    c.where = mode;
    c.line = line_of(mine ? mine : backend);
    std::string served = model_arg.substr(model_arg.rfind('/') == std::string::npos ? 0 : model_arg.rfind('/') + 1);
    for (const char* k : {"prefill", "aggregated", "decode"}) {  // the first mode that names it, as srtctl looks
      const doc::Node m = child(cfg, k);
      std::string n = scalar(child(m, "served-model-name"));
      if (n.empty()) n = scalar(child(m, "served_model_name"));
      if (!n.empty()) {
        served = n;
        break;
      }
    }
    if (served.empty()) served = model;
    c.command = {"python3", "-m", "sglang.launch_server", "--model-path", model_arg, "--served-model-name", served,
                 "--host", "0.0.0.0"};
    if (mode != "agg") c.command.insert(c.command.end(), {"--disaggregation-mode", mode});
    std::map<std::string, doc::Node> flags;  // sorted, as srtctl writes them
    if (mine && mine.is_map())
      for (const auto& kv : mine) flags.emplace(scalar(kv.first), kv.second);
    for (const auto& [name, value] : flags) {
      if (name == "model-path" || name == "model_path" || name == "served-model-name" || name == "served_model_name" ||
          name == "nccl-port" || name == "nccl_port" || !value || value.is_null())
        continue;
      std::string flag = "--" + name;
      std::replace(flag.begin(), flag.end(), '_', '-');
      if (const auto b = python_bool(value)) {
        if (*b) c.command.push_back(flag);
      } else if (value.is_seq()) {
        c.command.push_back(flag);
        for (const auto& v : value) c.command.push_back(scalar(v));
      } else if (value.is_scalar()) {
        c.command.push_back(flag);
        c.command.push_back(value.str());
      }
    }
    if (const doc::Node env = child(backend, (key + "_environment").c_str()); env && env.is_map())
      for (const auto& kv : env) c.env.push_back(scalar(kv.first) + "=" + scalar(kv.second));
    c.notes.push_back(std::string("command: srtctl's SGLang ") + mode + " worker" +
                      (sglang_frontend ? "" : " (run as `python3 -m dynamo.sglang`, which takes SGLang's server arguments)"));
    if (!hf) c.notes.push_back("model: model.path " + model + " is mounted at /model");
    c.notes.push_back("image: model.container " + scalar(path(doc, {"model", "container"})) + " (an srtslurm.yaml alias or a .sqsh file)");
    add_container(r, pod, std::move(c));
  }
  if (modes.empty())
    r.out.skipped.push_back(pod.file + " " + pod.kind + "/" + pod.name + ": no prefill, decode or aggregated workers");
  return std::nullopt;
}

}  // namespace

bool is_ray_serve(const doc::Node& doc) {
  const doc::Node apps = child(doc, "applications");
  return apps && apps.is_seq();
}

std::optional<Error> read_ray_serve(Reader& r, const doc::Node& doc, Pod pod, int line_offset,
                                    const std::vector<std::string>& worker_env) {
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
    std::vector<std::string> env;
    runtime_env(app, env);
    if (import.rfind("ray.serve.llm:", 0) != 0) {
      if (auto e = read_ray_python_app(r, app, here, where, env, worker_env, line_offset)) return e;
      continue;
    }
    const doc::Node args = child(app, "args");
    if (const doc::Node list = child(args, "llm_configs"); list && list.is_seq())
      for (const auto& cfg : list)
        if (auto e = read_llm_config(r, cfg, here, env, where, line_offset)) return e;
    for (const std::string role : {"prefill", "decode"})
      if (const doc::Node cfg = child(args, (role + "_config").c_str()))
        if (auto e = read_llm_config(r, cfg, here, env, where.empty() ? role : where + "/" + role, line_offset)) return e;
  }
  return std::nullopt;
}

std::optional<std::optional<Error>> read_task_file(Reader& r, const doc::Node& doc, const Pod& pod) {
  if (is_skypilot(doc)) return read_skypilot(r, doc, pod);
  if (is_ray_serve(doc)) return read_ray_serve(r, doc, pod, 0);
  if (is_llama_swap(doc)) return read_llama_swap(r, doc, pod);
  if (is_srtctl(doc)) return read_srtctl(r, doc, pod);
  if (is_srtctl_variants(doc)) {
    std::vector<std::string> refused;
    for (const doc::Node& job : srtctl_variants(r.tree, doc, refused))
      if (auto e = read_srtctl(r, job, pod)) return e;
    for (const std::string& why : refused) r.out.skipped.push_back(pod.file + " srtctl recipe " + why);
    return std::optional<Error>();
  }
  if (is_dstack(doc)) return read_dstack(r, doc, pod);
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
