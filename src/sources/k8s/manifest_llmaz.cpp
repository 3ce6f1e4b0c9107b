// llmaz's Playground (inference.llmaz.io) as its controllers run it. Facts, from InftyAI/llmaz
// @3c13ff34:
//  - pkg/controller/inference/playground_controller.go: the BackendRuntime is the one
//    spec.backendRuntimeConfig.backendName names (inferenceapi.DefaultBackend `vllm` without one);
//    buildTemplate gives the one container `model-runner` the runtime's command, image
//    `IMAGE:VERSION` (backendRuntimeConfig.version replaces the runtime's), the rendered args of
//    the runtime's recommended config followed by backendRuntimeConfig.args, the runtime's envs
//    with backendRuntimeConfig.envs over them by name (util.MergeEnvs), and the config's resources
//    under backendRuntimeConfig.resources (util.MergeResources: the Playground's keys win);
//  - pkg/controller_helper/helper.go: the recommended config is backendRuntimeConfig.configName,
//    else `speculative-decoding` when a claimed model has role draft, else `default`; the main
//    model comes first (FetchModelsByPlayground, fetchModels); OpenModels are cluster-scoped;
//  - pkg/controller_helper/backendruntime/backendruntime.go renderFlags: `{{ .ModelPath }}`,
//    `{{ .ModelName }}` and `{{ .DraftModelPath }}` in an arg are replaced; an unknown or empty
//    one fails the Playground;
//  - pkg/controller_helper/modelsource/{modelhub,uri}.go: ModelPath is the model ID with the
//    annotation llmaz.io/skip-model-loader: "true", else /workspace/models/FILENAME (modelHub
//    filename) or /workspace/models/models--ORG--REPO, where the model loader put it; a URI's is
//    the host path (host://), the URI itself with the annotation, else /workspace/models/LAST
//    (a .gguf) or /workspace/models/models--LAST; ModelName is the OpenModel's name (an
//    ollama:// URI's is the Ollama model it names);
//  - pkg/controller/inference/service_controller.go injectModelFlavor: the first flavor the claim
//    names (else the main model's first) adds its limits to the container's resources;
//  - chart/templates/backends/*.yaml with chart/values.global.yaml: the BackendRuntimes the chart
//    installs (kLlmazBackends below). A BackendRuntime of the same name in the file replaces it.
#include <cctype>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

struct LlmazConfig {
  std::string_view name;
  std::span<const std::string_view> args;
};

struct LlmazBackend {
  std::string_view name;
  std::span<const std::string_view> command;
  std::string_view image, version;
  std::span<const std::pair<std::string_view, std::string_view>> envs;
  std::span<const LlmazConfig> configs;
};

// chart/templates/backends/vllm.yaml @3c13ff34 (its resources ask for CPU and memory only).
constexpr std::string_view kVllmCommand[] = {"python3", "-m", "vllm.entrypoints.openai.api_server"};
constexpr std::string_view kVllmDefault[] = {"--model", "{{ .ModelPath }}", "--served-model-name", "{{ .ModelName }}",
                                             "--host", "0.0.0.0", "--port", "8080"};
constexpr std::string_view kVllmSpeculative[] = {"--model", "{{ .ModelPath }}", "--served-model-name", "{{ .ModelName }}",
                                                 "--speculative_model", "{{ .DraftModelPath }}", "--host", "0.0.0.0",
                                                 "--port", "8080", "--num_speculative_tokens", "5", "-tp", "1"};
constexpr LlmazConfig kVllmConfigs[] = {{"default", kVllmDefault}, {"speculative-decoding", kVllmSpeculative}};
// chart/templates/backends/sglang.yaml.
constexpr std::string_view kSglangCommand[] = {"python3", "-m", "sglang.launch_server"};
constexpr std::string_view kSglangDefault[] = {"--model-path", "{{ .ModelPath }}", "--served-model-name", "{{ .ModelName }}",
                                               "--host", "0.0.0.0", "--port", "8080"};
constexpr LlmazConfig kSglangConfigs[] = {{"default", kSglangDefault}};
// chart/templates/backends/llamacpp.yaml.
constexpr std::string_view kLlamacppCommand[] = {"./llama-server"};
constexpr std::string_view kLlamacppDefault[] = {"-m", "{{ .ModelPath }}", "--host", "0.0.0.0", "--port", "8080", "--metrics"};
constexpr std::string_view kLlamacppSpeculative[] = {"-m", "{{ .ModelPath }}", "-md", "{{ .DraftModelPath }}", "--host", "0.0.0.0",
                                                     "--port", "8080", "--draft-max", "16", "--draft-min", "5", "--metrics"};
constexpr LlmazConfig kLlamacppConfigs[] = {{"default", kLlamacppDefault}, {"speculative-decoding", kLlamacppSpeculative}};
// chart/templates/backends/ollama.yaml: one shell line that starts the server, waits for it and
// pulls the model.
constexpr std::string_view kOllamaCommand[] = {"sh", "-c"};
constexpr std::string_view kOllamaDefault[] = {
    "ollama serve & while true; do output=$(ollama list 2>&1); if ! echo $output | grep -q 'could not connect to ollama app' "
    "&& echo $output | grep -q 'NAME';then echo 'ollama is running';break; else echo 'Waiting for the ollama to be "
    "running...';sleep 1;fi;done; ollama run {{ .ModelName }}; while true;do sleep 60;done"};
constexpr LlmazConfig kOllamaConfigs[] = {{"default", kOllamaDefault}};
constexpr std::pair<std::string_view, std::string_view> kOllamaEnvs[] = {{"OLLAMA_HOST", "0.0.0.0:8080"}};
// chart/templates/backends/tensorrt-llm.yaml.
constexpr std::string_view kTrtllmCommand[] = {"trtllm-serve"};
constexpr std::string_view kTrtllmDefault[] = {"{{ .ModelPath }}", "--host", "0.0.0.0", "--port", "8080"};
constexpr LlmazConfig kTrtllmConfigs[] = {{"default", kTrtllmDefault}};

// The images are chart/values.global.yaml's backendRuntime.NAME.image (repository, tag).
constexpr LlmazBackend kLlmazBackends[] = {
    {"vllm", kVllmCommand, "vllm/vllm-openai", "v0.7.3", {}, kVllmConfigs},
    {"sglang", kSglangCommand, "lmsysorg/sglang", "v0.4.5-cu121", {}, kSglangConfigs},
    {"llamacpp", kLlamacppCommand, "ghcr.io/ggerganov/llama.cpp", "server", {}, kLlamacppConfigs},
    {"ollama", kOllamaCommand, "ollama/ollama", "latest", kOllamaEnvs, kOllamaConfigs},
    {"tensorrt-llm", kTrtllmCommand, "nvcr.io/nvidia/tritonserver", "25.03-trtllm-python-py3", {}, kTrtllmConfigs},
};

constexpr std::string_view kLoaderDir = "/workspace/models/";

// A document of the file: `kind` under an apiVersion of `group`, named `name`.
doc::Node find_object(const Reader& r, std::string_view group, std::string_view kind, const std::string& name) {
  if (r.documents == nullptr) return {};
  for (const doc::Node& d : *r.documents)
    if (d.is_map() && scalar(child(d, "kind")) == kind && scalar(child(d, "apiVersion")).rfind(std::string(group) + "/", 0) == 0 &&
        scalar(path(d, {"metadata", "name"})) == name)
      return d;
  return {};
}

struct ModelInfo {
  std::string path, name;
};

// modelsource: where the engine finds the OpenModel `m`, and the name it serves it as.
ModelInfo model_info(const doc::Node& m, bool skip_loader, std::vector<std::string>& notes) {
  const std::string name = scalar(path(m, {"metadata", "name"}));
  const doc::Node src = path(m, {"spec", "source"});
  if (const doc::Node hub = child(src, "modelHub")) {
    const std::string id = scalar(child(hub, "modelID"));
    if (skip_loader) return {id, name};
    if (const std::string file = scalar(child(hub, "filename")); !file.empty()) return {std::string(kLoaderDir) + file, name};
    // The loader downloads the repository into models--ORG--REPO: the model read is the repository.
    std::string dir = id;
    for (std::size_t at = dir.find('/'); at != std::string::npos; at = dir.find('/', at + 2)) dir.replace(at, 1, "--");
    notes.push_back("model: OpenModel " + name + " is " + id + ", which llmaz's model loader puts at " + std::string(kLoaderDir) +
                    "models--" + dir + " for the engine; the model read is " + id);
    return {id, name};
  }
  const std::string uri = scalar(child(src, "uri"));
  const std::size_t sep = uri.find("://");
  std::string proto = sep == std::string::npos ? std::string() : uri.substr(0, sep);
  for (char& ch : proto) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  const std::string value = sep == std::string::npos ? std::string() : uri.substr(sep + 3);
  if (proto == "OLLAMA") return {std::string(kLoaderDir) + "models--" + value.substr(value.rfind('/') + 1), value};
  if (proto == "HOST") return {value, name};
  if (skip_loader) return {uri, name};
  const std::string last = value.substr(value.rfind('/') + 1);
  return {std::string(kLoaderDir) + (last.find(".gguf") != std::string::npos ? last : "models--" + last), name};
}

// renderFlags: `{{ .Key }}` replaced from `info`; nothing when a key is unknown or empty.
std::optional<std::string> render(std::string_view arg, const std::vector<std::pair<std::string, std::string>>& info,
                                  std::string& missing) {
  std::string out;
  while (true) {
    const std::size_t open = arg.find("{{");
    if (open == std::string_view::npos) break;
    std::size_t i = open + 2;
    while (i < arg.size() && arg[i] == ' ') ++i;
    const bool dot = i < arg.size() && arg[i] == '.';
    std::size_t j = dot ? i + 1 : i;
    while (j < arg.size() && (std::isalnum(static_cast<unsigned char>(arg[j])) || arg[j] == '_')) ++j;
    std::size_t k = j;
    while (k < arg.size() && arg[k] == ' ') ++k;
    if (!dot || j == i + 1 || arg.substr(k, 2) != "}}") {  // not an action renderFlags matches
      out += arg.substr(0, open + 2);
      arg.remove_prefix(open + 2);
      continue;
    }
    const std::string key(arg.substr(i + 1, j - i - 1));
    const std::string* value = nullptr;
    for (const auto& [kk, v] : info)
      if (kk == key && !v.empty()) value = &v;
    if (value == nullptr) {
      missing = key;
      return std::nullopt;
    }
    out += std::string(arg.substr(0, open)) + *value;
    arg.remove_prefix(k + 2);
  }
  return out + std::string(arg);
}

doc::Node env_entry(doc::Tree& t, std::string_view name, std::string_view value) {
  const doc::Node e = t.map();
  t.set(e, "name", t.scalar(name));
  t.set(e, "value", t.scalar(value));
  return e;
}

}  // namespace

doc::Node llmaz_playground_pod(Reader& r, const doc::Node& obj, Pod& pod, std::vector<std::string>& notes) {
  doc::Tree& t = r.tree;
  const doc::Node s = child(obj, "spec");
  const doc::Node brc = child(s, "backendRuntimeConfig");

  // The claimed models, the main one first, and the flavors the claim names.
  std::vector<std::pair<std::string, std::string>> claims;  // name, role
  doc::Node flavors;
  if (const doc::Node one = child(s, "modelClaim")) {
    claims.emplace_back(scalar(child(one, "modelName")), "main");
    flavors = child(one, "inferenceFlavors");
  } else if (const doc::Node many = child(s, "modelClaims")) {
    for (const doc::Node mr : child(many, "models")) {
      std::string role = scalar(child(mr, "role"));
      claims.emplace_back(scalar(child(mr, "name")), role.empty() ? "main" : role);
    }
    flavors = child(many, "inferenceFlavors");
  }
  if (claims.empty()) {
    notes.push_back("spec claims no model (modelClaim or modelClaims): llmaz builds no pod");
    return {};
  }
  std::vector<doc::Node> models;
  bool draft = false;
  for (const auto& [name, role] : claims) {
    const doc::Node m = find_object(r, "llmaz.io", "OpenModel", name);
    if (!m) {
      notes.push_back("the OpenModel " + name + " the Playground claims is not in this file: the model, and the args llmaz "
                      "renders from it, are unknown; check a file holding both");
      return {};
    }
    if (role == "main") models.insert(models.begin(), m);
    else models.push_back(m);
    draft = draft || role == "draft";
  }

  std::string backend = scalar(child(brc, "backendName"));
  if (backend.empty()) backend = "vllm";
  std::string config = scalar(child(brc, "configName"));
  if (config.empty()) config = draft ? "speculative-decoding" : "default";

  // The BackendRuntime: the file's own, else the chart's.
  std::vector<std::string> command, args;
  std::vector<std::pair<std::string, std::string>> envs;
  std::string image, version;
  bool found_config = false;
  doc::Node config_resources;
  if (const doc::Node br = find_object(r, "inference.llmaz.io", "BackendRuntime", backend)) {
    const doc::Node bs = child(br, "spec");
    for (const doc::Node w : child(bs, "command")) command.push_back(scalar(w));
    image = scalar(child(bs, "image"));
    version = scalar(child(bs, "version"));
    for (const doc::Node e : child(bs, "envs")) envs.emplace_back(scalar(child(e, "name")), scalar(child(e, "value")));
    for (const doc::Node rc : child(bs, "recommendedConfigs"))
      if (scalar(child(rc, "name")) == config) {
        found_config = true;
        for (const doc::Node w : child(rc, "args")) args.push_back(scalar(w));
        config_resources = child(rc, "resources");
      }
    notes.push_back("backend: the BackendRuntime " + backend + " of this file");
  } else {
    const LlmazBackend* row = nullptr;
    for (const LlmazBackend& b : kLlmazBackends)
      if (b.name == backend) row = &b;
    if (row == nullptr) {
      notes.push_back("backendName " + backend + " is not a BackendRuntime llmaz's chart installs (vllm, sglang, llamacpp, "
                      "ollama, tensorrt-llm; tgi runs Hugging Face TGI, not an engine kvdtype reads) nor one in this file: "
                      "its command is unknown");
      return {};
    }
    for (const std::string_view w : row->command) command.emplace_back(w);
    image = std::string(row->image);
    version = std::string(row->version);
    for (const auto& [k, v] : row->envs) envs.emplace_back(k, v);
    for (const LlmazConfig& c : row->configs)
      if (c.name == config) {
        found_config = true;
        for (const std::string_view w : c.args) args.emplace_back(w);
      }
    notes.push_back("backend: llmaz's chart BackendRuntime " + backend + " (chart/templates/backends/" + backend + ".yaml @3c13ff34)");
  }
  if (!found_config) {
    notes.push_back("BackendRuntime " + backend + " has no recommended config " + config + ": llmaz fails the Playground");
    return {};
  }

  // Render the config's args.
  const bool skip_loader = scalar(path(obj, {"metadata", "annotations", "llmaz.io/skip-model-loader"})) == "true";
  const ModelInfo main = model_info(models[0], skip_loader, notes);
  std::vector<std::pair<std::string, std::string>> info = {{"ModelPath", main.path}, {"ModelName", main.name}};
  if (models.size() > 1) info.emplace_back("DraftModelPath", model_info(models[1], skip_loader, notes).path);
  const doc::Node c = t.map();
  t.set(c, "name", t.scalar("model-runner"));
  const std::string v = scalar(child(brc, "version"));
  t.set(c, "image", t.scalar(image + ":" + (v.empty() ? version : v)));
  const doc::Node cmd = t.seq();
  for (const std::string& w : command) t.push(cmd, t.scalar(w));
  t.set(c, "command", cmd);
  const doc::Node arg_list = t.seq();
  for (const std::string& a : args) {
    std::string missing;
    const auto rendered = render(a, info, missing);
    if (!rendered) {
      notes.push_back("the arg " + a + " of BackendRuntime " + backend + " names ." + missing +
                      ", which this Playground does not give: llmaz fails it");
      return {};
    }
    t.push(arg_list, t.scalar(*rendered));
  }
  for (const doc::Node w : child(brc, "args")) t.push(arg_list, w);
  t.set(c, "args", arg_list);

  // util.MergeEnvs: the Playground's envs replace the runtime's of the same name.
  const doc::Node env = t.seq();
  const doc::Node own = child(brc, "envs");
  for (const auto& [k, val] : envs) {
    bool replaced = false;
    for (const doc::Node e : own) replaced = replaced || scalar(child(e, "name")) == k;
    if (!replaced) t.push(env, env_entry(t, k, val));
  }
  for (const doc::Node e : own) t.push(env, e);
  t.set(c, "env", env);

  // Resources: the Playground's limits over the config's; then the flavor's limits over both.
  const doc::Node limits = t.map();
  auto merge = [&](const doc::Node& from, bool over) {
    if (!from.is_map()) return;
    for (const auto& kv : from) {
      const std::string key = scalar(kv.first);
      if (over || !child(limits, key)) t.set(limits, key, kv.second);
    }
  };
  merge(path(brc, {"resources", "limits"}), true);
  merge(child(config_resources, "limits"), false);
  const doc::Node model_flavors = path(models[0], {"spec", "inferenceConfig", "flavors"});
  std::string flavor_name = flavors.is_seq() && flavors.size() > 0 ? scalar(flavors.at(0)) : std::string();
  doc::Node flavor;
  for (const doc::Node f : model_flavors)
    if (flavor_name.empty() ? !flavor : scalar(child(f, "name")) == flavor_name) flavor = f;
  const doc::Node spec = t.map();
  if (flavor) {
    flavor_name = scalar(child(flavor, "name"));
    merge(child(flavor, "limits"), true);
    // The flavor's nodeSelector is where llmaz's scheduler plugin places the pod; a flavor without
    // one is named for its GPU (`t4`, `a10` in llmaz's examples), which is read as such.
    if (const doc::Node sel = child(flavor, "nodeSelector"); sel.is_map() && sel.size() > 0) {
      t.set(spec, "nodeSelector", sel);
    } else {
      gpu_from_name(flavor_name, ("llmaz flavor of OpenModel " + scalar(path(models[0], {"metadata", "name"})) + ":").c_str(), pod);
    }
  }
  if (limits.size() > 0) t.set(t.map_at(c, "resources"), "limits", limits);
  const doc::Node containers = t.seq();
  t.push(containers, c);
  t.set(spec, "containers", containers);
  notes.push_back("command: llmaz's " + backend + " BackendRuntime, recommended config " + config +
                  ", then the Playground's backendRuntimeConfig.args");
  return spec;
}

}  // namespace kvdtype::io::manifest
