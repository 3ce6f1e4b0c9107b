// What a file --manifest cannot read looks like, and the input that would read it: the one-line
// error names both, so that a chart template or an engine's config file passed to --manifest is
// redirected instead of only refused. Judged by shape (keys), never by file name.
#include <string>
#include <string_view>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

// How many of `keys` the mapping has.
int has_keys(const doc::Node& doc, std::initializer_list<const char*> keys) {
  int n = 0;
  for (const char* k : keys)
    if (child(doc, k)) ++n;
  return n;
}

}  // namespace

std::string shape_hint(const doc::Node& doc) {
  // vLLM's --config YAML: engine arguments by their flag names (either spelling).
  if (has_keys(doc, {"kv-cache-dtype", "kv_cache_dtype", "tensor-parallel-size", "tensor_parallel_size", "max-model-len",
                     "max_model_len", "gpu-memory-utilization", "gpu_memory_utilization", "served-model-name", "block-size",
                     "enable-prefix-caching", "model"}) >= 2 &&
      !child(doc, "kv_cache_config"))
    return "a vLLM config file (engine arguments); pass it as `-- vllm serve --config FILE`";
  // TensorRT-LLM's LLM API options (trtllm-serve --extra_llm_api_options).
  if (has_keys(doc, {"kv_cache_config", "build_config", "pytorch_backend_config", "attn_backend", "enable_attention_dp",
                     "cuda_graph_config", "speculative_config"}) >= 1)
    return "a TensorRT-LLM options file; pass it as `-- trtllm-serve MODEL --extra_llm_api_options FILE`";
  // A Hugging Face model's config.json.
  if (has_keys(doc, {"architectures", "model_type"}) >= 1 &&
      has_keys(doc, {"num_attention_heads", "hidden_size", "num_hidden_layers", "text_config"}) >= 1)
    return "a model's config.json; pass its directory as `--model DIR`";
  // kustomize: resources and patches, built by kubectl.
  if (has_keys(doc, {"resources", "patches", "patchesStrategicMerge", "namePrefix", "images"}) >= 2)
    return "a kustomization; build it with `kubectl kustomize DIR` and pass the output";
  // Other charts' values: a mapping of images and resources with no kind.
  if (has_keys(doc, {"image", "replicaCount", "resources", "nodeSelector", "tolerations", "serviceAccount"}) >= 2)
    return "Helm chart values of a chart kvdtype does not read (it reads the vLLM production-stack's, the llm-d "
           "modelservice chart's, vLLM's example chart's, the gpu-recipes serving charts', KubeAI's models chart's and llm-d-deployer's); "
           "render the chart with `helm template -f FILE` and pass the output";
  return {};
}

std::string text_hint(std::string_view text) {
  const bool braces = text.find("{{") != std::string_view::npos && text.find("}}") != std::string_view::npos;
  if (braces && (text.find(".Values") != std::string_view::npos || text.find(".Release") != std::string_view::npos ||
                 text.find(".Chart") != std::string_view::npos || text.find("{{-") != std::string_view::npos ||
                 text.find("include \"") != std::string_view::npos))
    return "a Helm chart template (has {{ }}); render it with `helm template` and pass the output";
  return {};
}

}  // namespace kvdtype::io::manifest
