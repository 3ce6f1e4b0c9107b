// KAITO's Workspace (kaito.sh) as its controller runs a preset. Facts, from kaito-project/kaito
// @056b8280:
//  - api/v1beta1/labels.go GetWorkspaceRuntimeName: the runtime is vLLM (feature gate vLLM, on by
//    default in pkg/featuregates/featuregates.go) unless the annotation kaito.sh/runtime says
//    `transformers`;
//  - pkg/model/interface.go buildVLLMInferenceCommand: the preset's vLLM ModelRunParams, the
//    model (`model` = the Hugging Face repo of the preset's version) and, with a config volume,
//    --kaito-config-file …/inference_config.yaml (ConfigfileNameVLLM); the operator's own flags
//    (served-model-name, gpu-memory-utilization, kv-events-config, parallelism) are added too;
//  - presets/workspace/inference/vllm/inference_api.py KaitoArgumentParser.parse_args: every
//    key of the config file's `vllm:` map is appended as `--KEY VALUE` after the command line's
//    flags (so it wins);
//  - presets/workspace/generator/generator.go vllmKVCacheDtypePrefixMap: the only kv-cache-dtype
//    a preset sets, by name prefix (deepseek-v4 → fp8, glm-5.2-fp8 → fp8); every other preset
//    leaves vLLM's default;
//  - presets/workspace/models/supported_models.yaml: each preset's Hugging Face repository.
// The operator's own flags that do not touch the KV cache are not written; the notes say so.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

struct KaitoPreset {
  std::string_view name;   // inference.preset.name
  std::string_view model;  // the Hugging Face repository its version names
};

// supported_models.yaml @056b8280: the presets the corpus's Workspaces use.
constexpr KaitoPreset kKaitoPresets[] = {
    {"deepseek-r1-distill-qwen-14b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B"},
    {"gpt-oss-120b", "openai/gpt-oss-120b"},
};

// generator.go vllmKVCacheDtypePrefixMap @056b8280.
constexpr std::pair<std::string_view, std::string_view> kKvCacheByPrefix[] = {
    {"deepseek-v4", "fp8"},
    {"glm-5.2-fp8", "fp8"},
};

constexpr std::string_view kConfigKey = "inference_config.yaml";

// What the builder returns when it cannot build the pod (a default Node is a defined null).
YAML::Node none() { return YAML::Node(YAML::NodeType::Undefined); }

// A plain YAML boolean: Python's yaml.safe_load reads it as bool.
std::optional<bool> yaml_bool(const YAML::Node& n) {
  if (!n.IsScalar() || n.Tag() == "!") return std::nullopt;
  const std::string& s = n.Scalar();
  if (s == "true" || s == "True") return true;
  if (s == "false" || s == "False") return false;
  return std::nullopt;
}

}  // namespace

YAML::Node kaito_workspace_pod(const Reader& r, const YAML::Node& obj, Pod& /*pod*/, std::vector<std::string>& notes) {
  const std::string runtime = scalar(path(obj, {"metadata", "annotations", "kaito.sh/runtime"}));
  if (runtime == "transformers") {
    notes.push_back("the annotation kaito.sh/runtime: transformers runs Hugging Face transformers, not an engine kvdtype reads");
    return none();
  }
  const std::string preset = scalar(path(obj, {"inference", "preset", "name"}));
  const KaitoPreset* row = nullptr;
  for (const KaitoPreset& p : kKaitoPresets)
    if (p.name == preset) row = &p;
  if (row == nullptr) {
    notes.push_back("preset " + preset + " is not in kvdtype's KAITO preset table (src/sources/k8s/manifest_kaito.cpp): "
                    "its model and flags are unknown");
    return none();
  }
  YAML::Node command(YAML::NodeType::Sequence);
  for (const std::string_view w : {std::string_view("vllm"), std::string_view("serve"), row->model}) command.push_back(std::string(w));
  for (const auto& [prefix, dtype] : kKvCacheByPrefix)
    if (preset.rfind(prefix, 0) == 0) {
      command.push_back("--kv-cache-dtype");
      command.push_back(std::string(dtype));
      notes.push_back("kv-cache-dtype: KAITO's preset generator sets " + std::string(dtype) + " for presets named " +
                      std::string(prefix) + "*");
    }
  notes.push_back("command: KAITO's vLLM preset " + preset + " (the operator's other flags — served-model-name, "
                  "gpu-memory-utilization, kv-events-config, parallelism — are not written)");
  if (const std::string config = scalar(path(obj, {"inference", "config"})); !config.empty()) {
    YAML::Node text;
    if (r.documents != nullptr)
      for (const YAML::Node& doc : *r.documents)
        if (doc.IsMap() && scalar(child(doc, "kind")) == "ConfigMap" && scalar(path(doc, {"metadata", "name"})) == config)
          text = child(child(doc, "data"), std::string(kConfigKey).c_str());
    if (!text || !text.IsScalar()) {
      notes.push_back("inference.config names the ConfigMap " + config + ", whose " + std::string(kConfigKey) +
                      " is not in this file: its vllm: flags (the KV cache dtype among them) are unknown; "
                      "check a file holding both");
      return none();
    }
    YAML::Node cfg;
    try {
      cfg = YAML::Load(text.Scalar());
    } catch (const YAML::Exception& e) {
      notes.push_back("ConfigMap " + config + " " + std::string(kConfigKey) + ": not valid YAML (" + e.msg + ")");
      return none();
    }
    const YAML::Node vllm = child(cfg, "vllm");
    for (const auto& kv : vllm && vllm.IsMap() ? vllm : YAML::Node(YAML::NodeType::Map)) {
      const std::string key = scalar(kv.first);
      if (!kv.second.IsScalar()) {
        notes.push_back("ConfigMap " + config + " vllm: " + key + " is not a single value; not read");
        return none();
      }
      // A boolean is read as vLLM reads its flag: the flag alone, or --no-FLAG.
      if (const auto on = yaml_bool(kv.second)) {
        command.push_back((*on ? "--" : "--no-") + key);
      } else {
        command.push_back("--" + key);
        command.push_back(kv.second.Scalar());
      }
    }
    notes.push_back("args: the vllm: map of ConfigMap " + config + " (" + std::string(kConfigKey) + ") after the preset's");
  }
  YAML::Node container(YAML::NodeType::Map);
  container["name"] = preset;
  container["command"] = command;
  YAML::Node spec(YAML::NodeType::Map);
  spec["containers"].push_back(container);
  // The node KAITO provisions is of the Workspace's instance type.
  if (const std::string type = scalar(path(obj, {"resource", "instanceType"})); !type.empty())
    spec["nodeSelector"]["node.kubernetes.io/instance-type"] = type;
  return spec;
}

}  // namespace kvdtype::io::manifest
