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
#include "sources/k8s/yaml_nodes.hpp"

namespace kvdtype::io::manifest {
namespace {

struct KaitoPreset {
  std::string_view name;   // inference.preset.name
  std::string_view model;  // the Hugging Face repository its version names
};

// supported_models.yaml @056b8280: every preset whose version names a Hugging Face repository
// (all but `base`, the runtime image itself), so that a Workspace of any supported preset is read.
constexpr KaitoPreset kKaitoPresets[] = {
    {"deepseek-r1-0528", "deepseek-ai/DeepSeek-R1-0528"},
    {"deepseek-r1-distill-llama-8b", "deepseek-ai/DeepSeek-R1-Distill-Llama-8B"},
    {"deepseek-r1-distill-qwen-14b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B"},
    {"deepseek-v3-0324", "deepseek-ai/DeepSeek-V3-0324"},
    {"falcon-40b", "tiiuae/falcon-40b"},
    {"falcon-40b-instruct", "tiiuae/falcon-40b-instruct"},
    {"falcon-7b", "tiiuae/falcon-7b"},
    {"falcon-7b-instruct", "tiiuae/falcon-7b-instruct"},
    {"gemma-3-27b-instruct", "google/gemma-3-27b-it"},
    {"gemma-3-4b-instruct", "google/gemma-3-4b-it"},
    {"gpt-oss-120b", "openai/gpt-oss-120b"},
    {"gpt-oss-20b", "openai/gpt-oss-20b"},
    {"llama-3.1-8b-instruct", "meta-llama/Llama-3.1-8B-Instruct"},
    {"llama-3.3-70b-instruct", "meta-llama/Llama-3.3-70B-Instruct"},
    {"ministral-3-14b-instruct", "mistralai/Ministral-3-14B-Instruct-2512"},
    {"ministral-3-3b-instruct", "mistralai/Ministral-3-3B-Instruct-2512"},
    {"ministral-3-8b-instruct", "mistralai/Ministral-3-8B-Instruct-2512"},
    {"mistral-7b", "mistralai/Mistral-7B-v0.3"},
    {"mistral-7b-instruct", "mistralai/Mistral-7B-Instruct-v0.3"},
    {"mistral-large-3-675b-instruct", "mistralai/Mistral-Large-3-675B-Instruct-2512"},
    {"phi-2", "microsoft/phi-2"},
    {"phi-3-medium-128k-instruct", "microsoft/Phi-3-medium-128k-instruct"},
    {"phi-3-medium-4k-instruct", "microsoft/Phi-3-medium-4k-instruct"},
    {"phi-3-mini-128k-instruct", "microsoft/Phi-3-mini-128k-instruct"},
    {"phi-3-mini-4k-instruct", "microsoft/Phi-3-mini-4k-instruct"},
    {"phi-3.5-mini-instruct", "microsoft/Phi-3.5-mini-instruct"},
    {"phi-4", "microsoft/phi-4"},
    {"phi-4-mini-instruct", "microsoft/Phi-4-mini-instruct"},
    {"qwen2.5-coder-32b-instruct", "Qwen/Qwen2.5-Coder-32B-Instruct"},
    {"qwen2.5-coder-7b-instruct", "Qwen/Qwen2.5-Coder-7B-Instruct"},
};

// generator.go vllmKVCacheDtypePrefixMap @056b8280.
constexpr std::pair<std::string_view, std::string_view> kKvCacheByPrefix[] = {
    {"deepseek-v4", "fp8"},
    {"glm-5.2-fp8", "fp8"},
};

constexpr std::string_view kConfigKey = "inference_config.yaml";

// What the builder returns when it cannot build the pod: an undefined node.
doc::Node none() { return doc::Node(); }

// A plain YAML boolean: Python's yaml.safe_load reads it as bool.
std::optional<bool> yaml_bool(const doc::Node& n) {
  if (!n.is_scalar() || n.tag() == "!") return std::nullopt;
  const std::string_view s = n.text();
  if (s == "true" || s == "True") return true;
  if (s == "false" || s == "False") return false;
  return std::nullopt;
}

}  // namespace

doc::Node kaito_workspace_pod(Reader& r, const doc::Node& obj, Pod& /*pod*/, std::vector<std::string>& notes) {
  doc::Tree& tree = r.tree;
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
    r.pod_unknown = true;
    return none();
  }
  const doc::Node command = tree.seq();
  auto word = [&](std::string_view w) { tree.push(command, tree.scalar(w)); };
  for (const std::string_view w : {std::string_view("vllm"), std::string_view("serve"), row->model}) word(w);
  for (const auto& [prefix, dtype] : kKvCacheByPrefix)
    if (preset.rfind(prefix, 0) == 0) {
      word("--kv-cache-dtype");
      word(dtype);
      notes.push_back("kv-cache-dtype: KAITO's preset generator sets " + std::string(dtype) + " for presets named " +
                      std::string(prefix) + "*");
    }
  // pkg/model/interface.go configureParallelism @056b8280: on more than one node (resource.count)
  // a preset that supports distributed inference runs pipeline parallelism across them, PP = the
  // node count (TP = the GPUs of one node, which the instance type's row does not hold). Written so
  // that the weights per GPU are not taken as the whole model's (KVD155 is then not claimed).
  if (const std::string count = scalar(path(obj, {"resource", "count"}));
      !count.empty() && count != "1" && count != "0" && count.find_first_not_of("0123456789") == std::string::npos) {
    word("--pipeline-parallel-size");
    word(count);
    notes.push_back("parallelism: resource.count " + count + " nodes, across which KAITO's operator runs pipeline "
                    "parallelism (--pipeline-parallel-size " + count + ")");
  }
  notes.push_back("command: KAITO's vLLM preset " + preset + " (the operator's other flags — served-model-name, "
                  "gpu-memory-utilization, kv-events-config, parallelism — are not written)");
  if (const std::string config = scalar(path(obj, {"inference", "config"})); !config.empty()) {
    doc::Node text;
    if (r.documents != nullptr)
      for (const doc::Node& doc : *r.documents)
        if (doc.is_map() && scalar(child(doc, "kind")) == "ConfigMap" && scalar(path(doc, {"metadata", "name"})) == config)
          text = child(child(doc, "data"), kConfigKey);
    if (!text || !text.is_scalar()) {
      notes.push_back("inference.config names the ConfigMap " + config + ", whose " + std::string(kConfigKey) +
                      " is not in this file: its vllm: flags (the KV cache dtype among them) are unknown; "
                      "check a file holding both");
      r.pod_unknown = true;
      return none();
    }
    doc::Node cfg;
    try {
      cfg = yaml::load_first(text.str(), tree);
    } catch (const YAML::Exception& e) {
      notes.push_back("ConfigMap " + config + " " + std::string(kConfigKey) + ": not valid YAML (" + e.msg + ")");
      r.pod_unknown = true;
      return none();
    }
    const doc::Node vllm = child(cfg, "vllm");
    for (const auto& kv : vllm.is_map() ? vllm : doc::Node()) {
      const std::string key = scalar(kv.first);
      if (!kv.second.is_scalar()) {
        notes.push_back("ConfigMap " + config + " vllm: " + key + " is not a single value; not read");
        return none();
      }
      // A boolean is read as vLLM reads its flag: the flag alone, or --no-FLAG.
      if (const auto on = yaml_bool(kv.second)) {
        word((*on ? "--" : "--no-") + key);
      } else {
        word("--" + key);
        word(kv.second.text());
      }
    }
    notes.push_back("args: the vllm: map of ConfigMap " + config + " (" + std::string(kConfigKey) + ") after the preset's");
  }
  const doc::Node container = tree.map();
  tree.set(container, "name", tree.scalar(preset));
  tree.set(container, "command", command);
  const doc::Node spec = tree.map();
  const doc::Node containers = tree.seq();
  tree.push(containers, container);
  tree.set(spec, "containers", containers);
  // The node KAITO provisions is of the Workspace's instance type.
  if (const std::string type = scalar(path(obj, {"resource", "instanceType"})); !type.empty())
    tree.set(tree.map_at(spec, "nodeSelector"), "node.kubernetes.io/instance-type", tree.scalar(type));
  return spec;
}

}  // namespace kvdtype::io::manifest
