// Custom resources that hold no pod spec: their operator builds the pod from the object's own
// fields (PodFill in src/tables/rows/custom_resource.hpp). Each builder below writes the pod spec
// the operator would create, as new YAML, for the ordinary pod reader.
//
// KubeAI's Model (kubeai.org/v1). Facts, from substratusai/kubeai @2f32ef49:
//  - internal/modelcontroller/pod_plan.go: engine OLlama, FasterWhisper and Infinity get their
//    own pods; every other engine (VLLM) gets vLLMPodForModel; the deployment's JSON patches
//    (modelServerPods.jsonPatches) are applied after;
//  - internal/modelcontroller/engine_vllm.go: the container `server` runs
//    `python3 -m vllm.entrypoints.openai.api_server` with args `--model=M`,
//    `--served-model-name=NAME`, `--load-format=runai_streamer` for an s3:// URL, then spec.args,
//    then `--enable-lora` with adapters (and env VLLM_ALLOW_RUNTIME_LORA_UPDATING=True before
//    spec.env, whose keys are sorted); M is the URL's ref (hf://ORG/REPO → ORG/REPO), the whole
//    URL for s3://, /model for pvc://, and the cache directory /models/NAME-UID with a
//    cacheProfile (cache.go modelCacheDir);
//  - internal/modelcontroller/model_controller.go: resourceProfile is NAME:MULTIPLE, and the
//    image is spec.image, else the engine's image named by the profile's imageName, else its
//    `default`;
//  - charts/kubeai/values.yaml: the shipped resource profiles (nvidia-gpu-l4, -h100,
//    -a100-80gb … each asking for nvidia.com/gpu; amd-gpu-mi300x for amd.com/gpu) and vLLM
//    images (default and nvidia-gpu vllm/vllm-openai:v0.8.3, gh200 substratusai/vllm-gh200:v0.8.3,
//    amd-gpu substratusai/vllm-rocm:nightly_main_20250120, cpu substratusai/vllm:v0.6.3.post1-cpu,
//    google-tpu substratusai/vllm:v0.6.4.post1-tpu); values-gke.yaml and values-eks.yaml select
//    the GPU the profile's name says (nvidia-gpu-l4 → gke-accelerator nvidia-l4 /
//    instance-gpu-name l4; nvidia-gpu-h100 → nvidia-h100-80gb / h100; a100-80gb and a100-40gb).
//
// vLLM production-stack's VLLMRuntime (production-stack.vllm.ai/v1alpha1). Facts, from
// vllm-project/production-stack @a6c01db0 operator/internal/controller/vllmruntime_controller.go
// (deploymentForVLLMRuntime) and operator/api/v1alpha1/vllmruntime_types.go: the container `vllm`
// of image REGISTRY/NAME (deploymentConfig.image) runs `/opt/venv/bin/vllm serve` with args
// MODEL_URL --host 0.0.0.0 --port PORT, then --enable-lora, --enable-auto-tool-choice,
// --tool-call-parser P, --enable-chunked-prefill or --no-enable-chunked-prefill,
// --enable-prefix-caching or --no-enable-prefix-caching, --max-model-len, --dtype,
// --tensor-parallel-size, --max-num-seqs, --gpu_memory_utilization, --max_loras (each when set),
// vllmConfig.extraArgs, --chat-template /etc/chat-template.json (with model.chatTemplate), and
// with lmCacheConfig.enabled --kv-transfer-config {"kv_connector":"LMCacheConnectorV1" (v1) or
// "LMCacheConnector","kv_role":"kv_both"}; env VLLM_USE_V1 is 1 with vllmConfig.v1 else 0, then
// the LoRA, LMCache and vllmConfig.env variables; deploymentConfig.nodeSelectorTerms become the
// pod's required node affinity.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

struct KubeAIProfile {
  std::string_view name;
  std::string_view gpu;         // as kvdtype's --gpu reads it; empty: no GPU (CPU, TPU)
  std::string_view image_name;  // the profile's imageName in the chart's values
};

// charts/kubeai/values.yaml (and values-gke.yaml for the TPU profiles) @2f32ef49.
constexpr KubeAIProfile kKubeAIProfiles[] = {
    {"cpu", "", "cpu"},
    {"nvidia-gpu-t4", "T4", "nvidia-gpu"},
    {"nvidia-gpu-l4", "L4", "nvidia-gpu"},
    {"nvidia-gpu-l40s", "L40S", "nvidia-gpu"},
    {"nvidia-gpu-h100", "H100", "nvidia-gpu"},
    {"nvidia-gpu-gh200", "GH200", "gh200"},
    {"nvidia-gpu-a100-80gb", "A100 80GB", "nvidia-gpu"},
    {"nvidia-gpu-a100-40gb", "A100 40GB", "nvidia-gpu"},
    {"nvidia-gpu-a16", "A16", "nvidia-gpu"},
    // 8 GB and Ada: the laptop RTX 4070 (the desktop card has 12 GB); its nodeSelector asks for
    // nvidia.com/gpu.memory 8188.
    {"nvidia-gpu-rtx4070-8gb", "RTX 4070 Laptop", "nvidia-gpu"},
    {"amd-gpu-mi300x", "MI300X", "amd-gpu"},
    {"google-tpu-v5e-1x1", "", "google-tpu"},
    {"google-tpu-v5e-2x2", "", "google-tpu"},
    {"google-tpu-v5e-2x4", "", "google-tpu"},
};

// modelServers.VLLM.images of the same values.yaml.
constexpr std::pair<std::string_view, std::string_view> kKubeAIVllmImages[] = {
    {"default", "vllm/vllm-openai:v0.8.3"},
    {"nvidia-gpu", "vllm/vllm-openai:v0.8.3"},
    {"cpu", "substratusai/vllm:v0.6.3.post1-cpu"},
    {"google-tpu", "substratusai/vllm:v0.6.4.post1-tpu"},
    {"gh200", "substratusai/vllm-gh200:v0.8.3"},
    {"amd-gpu", "substratusai/vllm-rocm:nightly_main_20250120"},
};

std::string kubeai_image(std::string_view image_name) {
  for (const auto& [name, image] : kKubeAIVllmImages)
    if (name == image_name) return std::string(image);
  return std::string(kKubeAIVllmImages[0].second);
}

doc::Node env_var(doc::Tree& t, const std::string& name, const std::string& value) {
  const doc::Node e = t.map();
  t.set(e, "name", t.scalar(name));
  t.set(e, "value", t.scalar(value));
  return e;
}

void push_words(doc::Tree& t, const doc::Node& list, const doc::Node& words) {
  if (!words || !words.is_seq()) return;
  for (const doc::Node w : words) t.push(list, w);
}

// A Go int32 field: printed when set and above zero.
std::string positive_int(const doc::Node& n) {
  const std::string v = scalar(n);
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos) return {};
  return v.find_first_not_of('0') == std::string::npos ? std::string() : v.substr(v.find_first_not_of('0'));
}

doc::Node pod_with(doc::Tree& t, doc::Node container) {
  const doc::Node pod = t.map();
  const doc::Node containers = t.seq();
  t.push(containers, container);
  t.set(pod, "containers", containers);
  return pod;
}

}  // namespace

doc::Node kubeai_model_pod(doc::Tree& t, const doc::Node& obj, Pod& pod, std::vector<std::string>& notes) {
  const doc::Node s = child(obj, "spec");
  const std::string engine = scalar(child(s, "engine"));
  if (engine == "OLlama" || engine == "FasterWhisper" || engine == "Infinity") {
    notes.push_back("engine " + engine + ": KubeAI runs " + (engine == "OLlama" ? "Ollama" : engine) +
                    ", not an engine kvdtype reads");
    return doc::Node();
  }
  const std::string name = scalar(path(obj, {"metadata", "name"}));
  const std::string url = scalar(child(s, "url"));
  const std::size_t sep = url.find("://");
  const std::string scheme = sep == std::string::npos ? std::string() : url.substr(0, sep);
  std::string ref = sep == std::string::npos ? url : url.substr(sep + 3);
  if (const std::size_t q = ref.find('?'); q != std::string::npos) ref.resize(q);

  std::string model = ref;
  if (child(s, "cacheProfile")) {
    notes.push_back("model: with cacheProfile KubeAI serves " + url + " from its cache directory /models/" + name +
                    "-UID; the model read is " + ref);
  } else if (scheme == "s3") {
    model = url;
  } else if (scheme == "pvc") {
    model = "/model";
    notes.push_back("model: " + url + " is mounted at /model; which model it holds is unknown");
  }

  // The resource profile: NAME:MULTIPLE.
  const std::string profile = scalar(child(s, "resourceProfile"));
  const std::string profile_name = profile.substr(0, profile.find(':'));
  const KubeAIProfile* known = nullptr;
  for (const KubeAIProfile& p : kKubeAIProfiles)
    if (p.name == profile_name) known = &p;
  if (!known) {
    notes.push_back("gpu: resourceProfile " + profile + " is not one KubeAI's chart ships; its GPU is unknown");
  } else if (!known->gpu.empty()) {
    gpu_from_name(std::string(known->gpu), ("KubeAI resourceProfile " + profile + " →").c_str(), pod);
  } else {
    pod.notes.push_back("gpu: KubeAI resourceProfile " + profile + " runs on " +
                        (known->image_name == "cpu" ? "CPUs" : "TPUs") + ", not a GPU");
  }

  std::string image = scalar(child(s, "image"));
  if (image.empty()) {
    image = kubeai_image(known ? known->image_name : "default");
    notes.push_back("image: " + image + ", KubeAI's chart default for this resource profile (modelServers.VLLM.images)");
  }

  const doc::Node c = t.map();
  t.set(c, "name", t.scalar("server"));
  t.set(c, "image", t.scalar(image));
  const doc::Node command = t.seq();
  for (const char* w : {"python3", "-m", "vllm.entrypoints.openai.api_server"}) t.push(command, t.scalar(w));
  t.set(c, "command", command);
  const doc::Node args = t.seq();
  t.push(args, t.scalar("--model=" + model));
  t.push(args, t.scalar("--served-model-name=" + name));
  if (scheme == "s3") t.push(args, t.scalar("--load-format=runai_streamer"));
  push_words(t, args, child(s, "args"));
  const bool adapters = static_cast<bool>(child(s, "adapters"));
  if (adapters) t.push(args, t.scalar("--enable-lora"));
  t.set(c, "args", args);

  const doc::Node env = t.seq();
  if (adapters) t.push(env, env_var(t, "VLLM_ALLOW_RUNTIME_LORA_UPDATING", "True"));
  std::vector<std::pair<std::string, std::string>> vars;
  if (const doc::Node e = child(s, "env"); e && e.is_map())
    for (const auto& kv : e)
      if (kv.first.is_scalar()) vars.emplace_back(kv.first.str(), scalar(kv.second));
  std::sort(vars.begin(), vars.end());
  for (const auto& [k, v] : vars) t.push(env, env_var(t, k, v));
  t.set(c, "env", env);
  if (child(s, "envFrom")) notes.push_back("envFrom: ConfigMap/Secret variables are not read");
  notes.push_back("command: KubeAI's model controller runs engine VLLM as `python3 -m vllm.entrypoints.openai.api_server` "
                  "with --model and --served-model-name before spec.args (its modelServerPods JSON patches, if any, are not known)");
  return pod_with(t, c);
}

doc::Node vllm_runtime_pod(doc::Tree& t, const doc::Node& obj, Pod& /*pod*/, std::vector<std::string>& notes) {
  const doc::Node s = child(obj, "spec");
  const doc::Node m = child(s, "model"), v = child(s, "vllmConfig"), lm = child(s, "lmCacheConfig");
  const doc::Node dep = child(s, "deploymentConfig");

  const doc::Node c = t.map();
  t.set(c, "name", t.scalar("vllm"));
  t.set(c, "image", t.scalar(scalar(path(dep, {"image", "registry"})) + "/" + scalar(path(dep, {"image", "name"}))));
  const doc::Node command = t.seq();
  t.push(command, t.scalar("/opt/venv/bin/vllm"));
  t.push(command, t.scalar("serve"));
  t.set(c, "command", command);

  const doc::Node args = t.seq();
  auto add = [&](std::initializer_list<std::string> words) {
    for (const std::string& w : words) t.push(args, t.scalar(w));
  };
  std::string port = positive_int(child(v, "port"));
  add({scalar(child(m, "modelURL")), "--host", "0.0.0.0", "--port", port.empty() ? std::string("0") : port});
  if (truthy(child(m, "enableLoRA"))) add({"--enable-lora"});
  if (truthy(child(m, "enableTool"))) add({"--enable-auto-tool-choice"});
  if (const std::string p = scalar(child(m, "toolCallParser")); !p.empty()) add({"--tool-call-parser", p});
  add({truthy(child(v, "enableChunkedPrefill")) ? "--enable-chunked-prefill" : "--no-enable-chunked-prefill"});
  add({truthy(child(v, "enablePrefixCaching")) ? "--enable-prefix-caching" : "--no-enable-prefix-caching"});
  if (const std::string n = positive_int(child(m, "maxModelLen")); !n.empty()) add({"--max-model-len", n});
  if (const std::string d = scalar(child(m, "dtype")); !d.empty()) add({"--dtype", d});
  if (const std::string n = positive_int(child(v, "tensorParallelSize")); !n.empty()) add({"--tensor-parallel-size", n});
  if (const std::string n = positive_int(child(m, "maxNumSeqs")); !n.empty()) add({"--max-num-seqs", n});
  if (const std::string g = scalar(child(v, "gpuMemoryUtilization")); !g.empty()) add({"--gpu_memory_utilization", g});
  if (const std::string n = positive_int(child(v, "maxLoras")); !n.empty()) add({"--max_loras", n});
  push_words(t, args, child(v, "extraArgs"));
  if (!scalar(child(m, "chatTemplate")).empty()) add({"--chat-template", "/etc/chat-template.json"});
  const bool v1 = truthy(child(v, "v1"));
  const bool lmcache = truthy(child(lm, "enabled"));
  if (lmcache)
    add({"--kv-transfer-config", v1 ? R"({"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"})"
                                    : R"({"kv_connector":"LMCacheConnector","kv_role":"kv_both"})"});
  t.set(c, "args", args);

  const doc::Node env = t.seq();
  t.push(env, env_var(t, "VLLM_USE_V1", v1 ? "1" : "0"));
  if (truthy(child(m, "enableLoRA"))) t.push(env, env_var(t, "VLLM_ALLOW_RUNTIME_LORA_UPDATING", "True"));
  if (lmcache) {
    t.push(env, env_var(t, "LMCACHE_LOG_LEVEL", "DEBUG"));
    t.push(env, env_var(t, "LMCACHE_USE_EXPERIMENTAL", "True"));
    t.push(env, env_var(t, "VLLM_RPC_TIMEOUT", "1000000"));
    if (const std::string b = scalar(child(lm, "cpuOffloadingBufferSize")); !b.empty()) {
      t.push(env, env_var(t, "LMCACHE_LOCAL_CPU", "True"));
      t.push(env, env_var(t, "LMCACHE_MAX_LOCAL_CPU_SIZE", b));
    }
    if (const std::string b = scalar(child(lm, "diskOffloadingBufferSize")); !b.empty()) {
      t.push(env, env_var(t, "LMCACHE_LOCAL_DISK", "True"));
      t.push(env, env_var(t, "LMCACHE_MAX_LOCAL_DISK_SIZE", b));
    }
    if (const std::string u = scalar(child(lm, "remoteUrl")); !u.empty()) {
      t.push(env, env_var(t, "LMCACHE_REMOTE_URL", u));
      t.push(env, env_var(t, "LMCACHE_REMOTE_SERDE", scalar(child(lm, "remoteSerde"))));
    }
  }
  if (const doc::Node e = child(v, "env"); e && e.is_seq())
    for (const auto& var : e)
      if (const std::string n = scalar(child(var, "name")); !n.empty()) t.push(env, env_var(t, n, scalar(child(var, "value"))));
  t.set(c, "env", env);

  const doc::Node spec = pod_with(t, c);
  if (const doc::Node terms = child(dep, "nodeSelectorTerms"); terms && terms.is_seq())
    t.set(t.map_at(t.map_at(t.map_at(spec, "affinity"), "nodeAffinity"), "requiredDuringSchedulingIgnoredDuringExecution"),
          "nodeSelectorTerms", terms);
  notes.push_back("command: the production-stack operator's `vllm` container runs `/opt/venv/bin/vllm serve` with flags "
                  "from spec.model and spec.vllmConfig");
  return spec;
}

}  // namespace kvdtype::io::manifest
