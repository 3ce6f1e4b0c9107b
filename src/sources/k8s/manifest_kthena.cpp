// kthena's ModelBooster (workload.serving.volcano.sh) as its model-booster controller runs it.
// Facts, from volcano-sh/kthena @3cc05728 (pkg/apis/workload/v1alpha1/model_booster_types.go,
// pkg/model-booster-controller/convert/model_serving.go, utils/template.go, templates/vllm.yaml,
// templates/vllm-pd.yaml, env/env.go):
//  - BuildModelServing builds a ModelServing for backend type vLLM and vLLMDisaggregated only;
//    any other type (SGLang, MindIE, ...) is refused ("not support model backend type");
//  - vLLM: one role whose entry pod runs container `engine` of the `server` worker's image and
//    resources, with the command of the FIRST worker's config; vLLMDisaggregated: roles prefill
//    and decode, container `vllm` of each worker's image, resources and config;
//  - buildCommands: `python3 -m vllm.entrypoints.openai.api_server --model <download path>` then
//    ConvertVLLMArgsFromJson(config): keys in byte order, `_` → `-`, `--key value` (a value that
//    prints empty gives `--key` alone); a server of more than one pod adds
//    `--distributed_executor_backend ray` and runs under `bash -c` after the Ray leader script;
//    a GPU worker whose kv-transfer-config names MooncakeConnector or NixlConnector runs
//    `pip install …&&` first, unless KTHENA_SKIP_ENGINE_DEPENDENCY_INSTALL is true;
//  - the download path is the cacheURI's path plus the md5 of modelURI; the model is modelURI.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

// strconv.ParseBool's true spellings (env.GetEnvValueOrDefault[bool]).
bool go_true(std::string_view v) { return v == "1" || v == "t" || v == "T" || v == "true" || v == "TRUE" || v == "True"; }

std::string env_value(const doc::Node& backend, std::string_view name) {
  for (const doc::Node e : child(backend, "env"))
    if (scalar(child(e, "name")) == name) return scalar(child(e, "value"));
  return {};
}

// The model the engine is given: the controller downloads modelURI and passes the download
// folder; the model that folder holds is the URI's repository id.
std::string model_of(const std::string& uri, std::vector<std::string>& notes) {
  const std::size_t sep = uri.find("://");
  std::string id = sep == std::string::npos ? uri : uri.substr(sep + 3);
  const std::string scheme = sep == std::string::npos ? "" : uri.substr(0, sep);
  if (scheme != "hf" && scheme != "ms") {
    // s3://BUCKET/ORG/NAME, pvc://CLAIM/ORG/NAME: the last two parts name the model.
    std::vector<std::string> parts;
    for (std::size_t at = 0; at <= id.size();) {
      const std::size_t next = std::min(id.find('/', at), id.size());
      if (next > at) parts.push_back(id.substr(at, next - at));
      at = next + 1;
    }
    id = parts.size() >= 2 ? parts[parts.size() - 2] + "/" + parts.back() : parts.empty() ? uri : parts.back();
    notes.push_back("model: " + uri + " is downloaded by the controller and served from its cache folder; the model read is " +
                    id + ", the last parts of the URI (check that it names the model)");
  } else {
    notes.push_back("model: " + uri + " is downloaded by the controller and served from its cache folder; the model read is " + id);
  }
  return id;
}

// ConvertVLLMArgsFromJson: Go's json.Unmarshal into a map, its keys sorted, each value printed
// with %v (a string as is, true/false, a number as Go prints a float64).
std::vector<std::string> config_args(const doc::Node& config, std::vector<std::string>& notes) {
  std::vector<std::pair<std::string, doc::Node>> entries;
  for (const doc::Item& kv : config) entries.emplace_back(scalar(kv.first), kv.second);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& [key, value] : entries) {
    std::string flag = "--" + key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    out.push_back(flag);
    if (value.is_map() || value.is_seq()) {
      notes.push_back("config " + key + " is a " + (value.is_map() ? "map" : "list") +
                      ": the controller prints it as Go's map[...] / [...] text, which is not read here");
      out.push_back("?");
      continue;
    }
    if (const std::string v = scalar(value); !v.empty()) out.push_back(v);
  }
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

bool requests_gpu(const doc::Node& worker) {
  const std::string n = scalar(path(worker, {"resources", "limits", "nvidia.com/gpu"}));
  return !n.empty() && n != "0";
}

}  // namespace

doc::Node kthena_model_booster_pod(doc::Tree& t, const doc::Node& obj, const doc::Node& worker, Pod& /*pod*/,
                                   std::vector<std::string>& notes) {
  const doc::Node backend = path(obj, {"spec", "backend"});
  const doc::Node workers = child(backend, "workers");
  const std::string type = scalar(child(backend, "type"));
  const std::string role = scalar(child(worker, "type"));
  const bool pd = type == "vLLMDisaggregated";
  if (type != "vLLM" && !pd) {
    notes.push_back("backend type " + type + " is refused by kthena's model-booster controller (BuildModelServing builds "
                    "vLLM and vLLMDisaggregated): no pod is built");
    return {};
  }
  // vLLM: the server worker's pod; vLLMDisaggregated: the prefill and decode workers' pods. Other
  // workers give no pod of their own.
  if (pd ? role != "prefill" && role != "decode" : role != "server") return t.map();
  // vLLM runs the first worker's config (model_serving.go: backend.Workers[0].Config).
  const doc::Node config = pd ? child(worker, "config") : child(workers.at(0), "config");

  std::vector<std::string> words = {"python3", "-m", "vllm.entrypoints.openai.api_server", "--model",
                                    model_of(scalar(child(backend, "modelURI")), notes)};
  for (std::string& w : config_args(config, notes)) words.push_back(std::move(w));
  std::string line;
  const std::string pods = scalar(child(worker, "pods"));
  if (!pd && !pods.empty() && pods.find_first_not_of("0123456789") == std::string::npos && std::stoll(pods.substr(0, 9)) > 1) {
    words.insert(words.end(), {"--distributed_executor_backend", "ray"});
    line = "chmod u+x examples/online_serving/multi-node-serving.sh && examples/online_serving/multi-node-serving.sh leader "
           "--ray_cluster_size=" + pods + " && " + joined(words);
    notes.push_back("command: the Ray leader of a server of " + pods + " pods (its worker pods run the Ray worker script)");
  }
  const std::string kv = scalar(child(config, "kv-transfer-config"));
  bool gpu = false;  // hasGPU: any worker's limits ask for nvidia.com/gpu
  for (const doc::Node w : workers) gpu = gpu || requests_gpu(w);
  if (gpu && !go_true(env_value(backend, "KTHENA_SKIP_ENGINE_DEPENDENCY_INSTALL"))) {
    const std::string body = line.empty() ? joined(words) : line;
    if (kv.find("MooncakeConnector") != std::string::npos) line = "pip install mooncake-transfer-engine && " + body;
    else if (kv.find("NixlConnector") != std::string::npos)
      line = "PIP_DISABLE_PIP_VERSION_CHECK=1 pip install -U --no-cache-dir nixl && " + body;
  }

  if (!line.empty()) words = {"bash", "-c", line};
  const doc::Node c = operator_container(t, pd ? "vllm" : "engine", scalar(child(worker, "image")), words, child(backend, "env"),
                                         child(worker, "resources"));
  const doc::Node spec = one_container_spec(t, c, worker, {"affinity", "tolerations"});
  notes.push_back("command: kthena's model-booster controller's " + std::string(pd ? role + " role" : "server") + " of backend " +
                  type);
  return spec;
}

}  // namespace kvdtype::io::manifest
