// llm-d's own deployment inputs read by --manifest, as the tool that consumes them turns them
// into vLLM containers: llm-d-deployer's chart values (`sampleApplication`, whose vLLM command
// comes from a preset ConfigMap of the chart) and llm-d-benchmark's scenario files (`scenario:`
// stacks whose decode / prefill / standalone pods run a command the benchmark's templates
// write). Only what reaches the serving container's command and environment is modelled.
//
// Sources:
// llm-d-deployer — llm-d/llm-d-deployer @c9e16e91: charts/llm-d/values.yaml (sampleApplication:
// enabled true, baseConfigMapRefName basic-gpu-with-nixl-and-redis-lookup-preset, model
// {modelArtifactURI, modelName, servedModelNames}, decode / prefill {replicas 1, extraArgs};
// modelservice.vllm.image ghcr.io/llm-d/llm-d:0.0.8), charts/llm-d/templates/sample-application/
// modelservice.yaml (the ModelService: each pool's container "vllm" gets args `--served-model-name
// "modelName servedModelNames…"` then extraArgs), charts/llm-d/templates/modelservice/presets/
// basic-gpu-preset.yaml, basic-gpu-with-nixl-preset.yaml, basic-gpu-with-nixl-and-redis-lookup-
// preset.yaml (container vllm: command `vllm serve {{ default (print "/models/" .ModelPath)
// .HFModelName }}`, args `--port 8001` (decode) / `8000` (prefill), the NIXL presets then
// `--kv-transfer-config` NixlConnector, the redis one a MultiConnector of NIXL and LMCache).
// The controller merging the two: llm-d/llm-d-model-service @403e9836 internal/controller/
// modelservice_controller.go (hf://ID → HFModelName ID; pvc://CLAIM/PATH → ModelPath PATH) and
// merge_transformers.go (containers merged by name; the ModelService's args first, then the
// preset's; the preset's command kept when the ModelService gives none).
//
// llm-d-benchmark — llm-d/llm-d-benchmark @8bc9f1dd: llmdbenchmark/parser/render_plans.py
// (each `scenario` stack: `common` merged over the stack's root, `modelservice.decode` /
// `.prefill` read as top-level decode / prefill; `${accelerator.runtimePreamble}`-style
// references substituted from the merged config), config/templates/values/defaults.yaml (model
// maxModelLen 16384, blockSize 64, gpuMemoryUtilization 0.95, cacheBase /model-cache, path
// models/facebook/opt-125m, name facebook/opt-125m; vllmCommon host 0.0.0.0, inferencePort 8000,
// preprocessScript /bin/true, shell /bin/bash, flags enforceEager / disableLogRequests /
// disableUvicornAccessLog on; decode / prefill vllm.port 8200, parallelism tensor 1;
// accelerator.runtimePreamble), config/templates/jinja/_macros.j2 (build_vllm_command:
// `PREPROCESS ; customCommand`, else `vllm serve MODEL --host --served-model-name --port
// --block-size $VLLM_BLOCK_SIZE --max-model-len $VLLM_MAX_MODEL_LEN [--tensor-parallel-size]
// [--gpu-memory-utilization] [flags] [--kv-transfer-config] [--kv-events-config]
// [additionalFlags]`; build_ms_env_vars: MODEL_NAME, MODEL_PATH, VLLM_INFERENCE_PORT,
// VLLM_METRICS_PORT, VLLM_BLOCK_SIZE, VLLM_MAX_MODEL_LEN, VLLM_LOAD_FORMAT,
// VLLM_ACCELERATOR_MEM_UTIL, VLLM_MAX_NUM_SEQ, VLLM_TENSOR_PARALLELISM,
// VLLM_MAX_NUM_BATCHED_TOKENS) and 13_ms-values.yaml.j2 (modelCommand custom by default:
// command `vllmCommon.shell -c`, the built command its one argument). The modelservice chart
// adds TP_SIZE / DP_SIZE / DP_SIZE_LOCAL from the pool's parallelism (llm-d-incubation/
// llm-d-modelservice templates/_helpers.tpl @3051935e).
#include <map>
#include <string>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"
#include "sources/k8s/yaml_nodes.hpp"

namespace kvdtype::io::manifest {
namespace {

std::string trimmed(std::string s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// ---- llm-d-deployer --------------------------------------------------------------------------

struct Preset {
  const char* name;
  const char* kv_transfer;  // the --kv-transfer-config both pools get, "" none
};

constexpr Preset kLlmdPresets[] = {
    {"basic-gpu-preset", ""},
    {"basic-gpu-with-nixl-preset", R"({"kv_connector":"NixlConnector","kv_role":"kv_both"})"},
    {"basic-gpu-with-nixl-and-redis-lookup-preset",
     R"({"kv_connector":"MultiConnector","kv_role":"kv_both","kv_connector_extra_config":{"connectors":[{"kv_connector":"NixlConnector","kv_role":"kv_both"},{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"}]}})"},
};

bool is_llmd_deployer(const doc::Node& doc) {
  const doc::Node app = child(doc, "sampleApplication");
  return app && app.is_map() && (child(app, "baseConfigMapRefName") || child(child(app, "model"), "modelArtifactURI"));
}

std::optional<Error> read_llmd_deployer(Reader& r, const doc::Node& doc, Pod pod) {
  const doc::Node app = child(doc, "sampleApplication");
  const doc::Node model = child(app, "model");
  pod.kind = "llm-d-deployer sampleApplication";
  std::string name = scalar(child(model, "modelName"));
  if (name.empty()) name = "meta-llama/Llama-3.2-3B-Instruct";
  pod.name = name;
  if (scalar(child(app, "enabled")) == "false") {
    r.out.skipped.push_back(pod.file + " " + pod.kind + ": sampleApplication.enabled is false");
    return std::nullopt;
  }
  std::string preset_name = scalar(child(app, "baseConfigMapRefName"));
  if (preset_name.empty()) preset_name = "basic-gpu-with-nixl-and-redis-lookup-preset";
  const Preset* preset = nullptr;
  for (const Preset& p : kLlmdPresets)
    if (preset_name == p.name) preset = &p;
  if (preset == nullptr) {
    r.out.skipped.push_back(pod.file + " " + pod.kind + "/" + name + ": baseConfigMapRefName " + preset_name +
                            " is not a vLLM preset the llm-d chart ships (basic-sim-preset runs the simulator)");
    return std::nullopt;
  }
  std::string uri = scalar(child(model, "modelArtifactURI"));
  if (uri.empty()) uri = "hf://meta-llama/Llama-3.2-3B-Instruct";
  std::string model_arg;
  if (uri.rfind("hf://", 0) == 0) {
    model_arg = uri.substr(5);
  } else if (uri.rfind("pvc://", 0) == 0) {
    const std::string tail = uri.substr(6);
    const std::size_t slash = tail.find('/');
    model_arg = "/models/" + (slash == std::string::npos ? std::string() : tail.substr(slash + 1));
  } else {
    return bad_file(pod.file, line_of(child(model, "modelArtifactURI")),
                    "sampleApplication.model.modelArtifactURI " + uri + ": the llm-d chart takes hf:// and pvc:// only");
  }
  std::string served = name;
  if (const doc::Node more = child(model, "servedModelNames"); more && more.is_seq())
    for (const auto& n : more) served += " " + scalar(n);
  const doc::Node img = path(doc, {"modelservice", "vllm", "image"});
  auto or_default = [&](const char* key, const char* d) {
    const std::string v = scalar(child(img, key));
    return v.empty() ? std::string(d) : v;
  };
  const std::string image = or_default("registry", "ghcr.io") + "/" + or_default("repository", "llm-d/llm-d") + ":" +
                            or_default("tag", "0.0.8");
  for (const auto& [role, port] : {std::pair{"decode", "8001"}, std::pair{"prefill", "8000"}}) {
    const doc::Node pool = child(app, role);
    Pod here = pod;
    const doc::Node ms = path(doc, {"modelservice", role});
    read_gpu([&] {
      const doc::Node spec = r.tree.map();
      if (const doc::Node ns = child(ms, "nodeSelector"); ns && ns.is_map()) r.tree.set(spec, "nodeSelector", ns);
      if (const doc::Node a = child(ms, "affinity"); a && a.is_map() && a.size() > 0) r.tree.set(spec, "affinity", a);
      return spec;
    }(), here);
    if (auto e = count_container(r, pod.file, pool ? pool : app)) return e;
    Container c;
    c.name = "vllm";
    c.where = role;
    c.image = image;
    c.line = line_of(pool ? pool : app);
    if (scalar(child(pool, "replicas")) == "0") {
      r.out.skipped.push_back(label(here, c) + ": sampleApplication." + role + ".replicas is 0");
      continue;
    }
    c.command = {"vllm", "serve", model_arg};
    c.args = {"--served-model-name", trimmed(served)};
    if (const doc::Node extra = child(pool, "extraArgs"); extra && extra.is_seq())
      for (const auto& a : extra) c.args.push_back(scalar(a));
    c.args.insert(c.args.end(), {"--port", port});
    if (*preset->kv_transfer) c.args.insert(c.args.end(), {"--kv-transfer-config", preset->kv_transfer});
    c.notes.push_back("command: the " + preset_name + " preset of the llm-d chart, the ModelService's " + role +
                      " args (--served-model-name, extraArgs) before the preset's");
    add_container(r, here, std::move(c));
  }
  return std::nullopt;
}

// ---- llm-d-benchmark scenarios ---------------------------------------------------------------

bool is_llmd_benchmark(const doc::Node& doc) {
  const doc::Node stacks = child(doc, "scenario");
  if (!stacks || !stacks.is_seq() || stacks.size() == 0) return false;
  for (const auto& s : stacks)
    if (!s.is_map() || !(child(s, "modelservice") || child(s, "standalone") || child(s, "decode") || child(s, "common")))
      return false;
  return true;
}

// `b` merged over `a` (maps key by key, anything else replaced), as render_plans' deep_merge.
// Copies made in `tree`; nothing of `a` or `b` is written. A null over nothing is a null.
doc::Node merged(doc::Tree& tree, const doc::Node& a, const doc::Node& b, int depth = 0) {
  if (!b || b.is_null()) return a ? tree.clone(a) : tree.null();
  if (!a || !a.is_map() || !b.is_map() || depth > 32) return tree.clone(b);
  const doc::Node out = tree.clone(a);
  for (const auto& kv : b) {
    const std::string k = scalar(kv.first);
    tree.set(out, k, merged(tree, child(a, k), kv.second, depth + 1));
  }
  return out;
}

// The value at a dotted path of the stack's config ("model.blockSize"), or "".
std::string at(const doc::Node& cfg, const std::string& dotted) {
  doc::Node n = cfg;
  std::size_t from = 0;
  while (from <= dotted.size()) {
    const std::size_t dot = dotted.find('.', from);
    n = child(n, std::string_view(dotted).substr(from, dot == std::string::npos ? std::string::npos : dot - from));
    if (!n) return {};
    if (dot == std::string::npos) break;
    from = dot + 1;
  }
  return n.is_scalar() ? n.str() : std::string();
}

std::string first_of(const doc::Node& cfg, std::initializer_list<const char*> paths, const char* fallback) {
  for (const char* p : paths)
    if (std::string v = at(cfg, p); !v.empty()) return v;
  return fallback;
}

// The defaults.yaml values the command and its environment read, under the scenario's own.
doc::Node with_defaults(doc::Tree& tree, const doc::Node& stack) {
  const doc::Node d = yaml::load_first(R"(
model: {name: facebook/opt-125m, path: models/facebook/opt-125m, huggingfaceId: facebook/opt-125m,
        maxModelLen: 16384, blockSize: 64, gpuMemoryUtilization: 0.95, cacheBase: /model-cache}
vllmCommon: {host: 0.0.0.0, inferencePort: 8000, preprocessScript: /bin/true, shell: /bin/bash,
             flags: {enforceEager: true, disableLogRequests: true, disableUvicornAccessLog: true},
             kvTransfer: {enabled: false, connector: NixlConnector, role: kv_both},
             kvEvents: {enabled: false, publisher: zmq, port: 5557, topicPrefix: kv}}
modelservice: {enabled: true}
standalone: {enabled: false}
decode: {enabled: true, replicas: 1, parallelism: {tensor: 1}, vllm: {port: 8200, servicePort: 8000}}
prefill: {enabled: true, replicas: 1, parallelism: {tensor: 1}, vllm: {port: 8200, servicePort: 8000}}
accelerator:
  runtimePreamble: |
    export LD_LIBRARY_PATH=$(find / -name libcuda.so.1 -printf '%h\n' 2>/dev/null | sed ':a; N; $!ba; s/\n/:/g'):${LD_LIBRARY_PATH}
    export LIBRARY_PATH=$(find / -name libcuda.so.1 -printf '%h\n' 2>/dev/null | head -1):${LIBRARY_PATH}
  dtypeArgs: --dtype bfloat16
  blockSizeArgs: --block-size $VLLM_BLOCK_SIZE
  memoryUtilizationArgs: --gpu-memory-utilization $VLLM_ACCELERATOR_MEM_UTIL
)", tree);
  doc::Node s = tree.clone(stack);
  // `common` is merged over the stack; `modelservice.decode` … are the top-level sections.
  if (const doc::Node common = child(stack, "common")) {
    tree.remove(s, "common");
    s = merged(tree, s, common);
  }
  if (const doc::Node ms = child(s, "modelservice"); ms && ms.is_map())
    for (const char* k : {"decode", "prefill", "routing"})
      if (const doc::Node sec = child(ms, k)) tree.set(s, k, merged(tree, child(s, k), sec));
  return merged(tree, d, s);
}

// `${a.b}` references to the merged config substituted (render_plans'
// _substitute_config_variables); a shell's own `${NAME}` has no dot and is left alone.
std::string substitute(std::string text, const doc::Node& cfg) {
  std::size_t from = 0;
  while ((from = text.find("${", from)) != std::string::npos) {
    const std::size_t end = text.find('}', from);
    if (end == std::string::npos) break;
    const std::string ref = text.substr(from + 2, end - from - 2);
    if (ref.find('.') != std::string::npos && ref.find_first_of(" :-+=?$") == std::string::npos) {
      if (std::string v = at(cfg, ref); !v.empty() || child(cfg, ref.substr(0, ref.find('.')))) {
        text.replace(from, end - from + 1, v);
        from += v.size();
        continue;
      }
    }
    from = end;
  }
  return text;
}

bool on(const doc::Node& cfg, const std::string& dotted) {
  const std::string v = at(cfg, dotted);
  return v == "true" || v == "True" || v == "1";
}

// The vLLM command build_vllm_command writes for `mode` (decode, prefill) when no customCommand is given.
std::string generated_command(const doc::Node& cfg, const std::string& mode) {
  const std::string pre = first_of(cfg, {(mode + ".vllm.customPreprocessCommand").c_str(), "vllmCommon.preprocessScript"}, "/bin/true");
  const bool proxy_off = at(cfg, "routing.proxy.enabled") == "false";
  const std::string port = proxy_off || mode == "prefill" ? "$VLLM_INFERENCE_PORT" : "$VLLM_METRICS_PORT";
  const std::string model = at(cfg, "modelservice.uriProtocol") == "hf"
                                ? first_of(cfg, {"model.huggingfaceId", "model.name"}, "")
                                : at(cfg, "model.cacheBase") + "/" + at(cfg, "model.path");
  std::string s = pre + " ; vllm serve " + model + " --host " + at(cfg, "vllmCommon.host") + " --served-model-name " +
                  at(cfg, "model.name") + " --port " + port + " --block-size $VLLM_BLOCK_SIZE --max-model-len $VLLM_MAX_MODEL_LEN";
  if (at(cfg, mode + ".parallelism.tensor") != "0") s += " --tensor-parallel-size $VLLM_TENSOR_PARALLELISM";
  if (at(cfg, "model.gpuMemoryUtilization") != "0") s += " --gpu-memory-utilization $VLLM_ACCELERATOR_MEM_UTIL";
  if (on(cfg, "vllmCommon.flags.enforceEager")) s += " --enforce-eager";
  if (on(cfg, "vllmCommon.flags.disableLogRequests")) s += " --no-enable-log-requests";
  if (on(cfg, "vllmCommon.flags.disableUvicornAccessLog")) s += " --disable-uvicorn-access-log";
  if (on(cfg, "vllmCommon.flags.noPrefixCaching")) s += " --no-enable-prefix-caching";
  if (on(cfg, "vllmCommon.flags.enablePrefixCaching")) s += " --enable-prefix-caching";
  return s;
}

std::string kv_transfer(const doc::Node& cfg) {
  return R"({"kv_connector":")" + at(cfg, "vllmCommon.kvTransfer.connector") + R"(","kv_role":")" +
         at(cfg, "vllmCommon.kvTransfer.role") + R"("})";
}

std::optional<Error> read_llmd_benchmark(Reader& r, const doc::Node& doc, Pod pod) {
  for (const auto& stack : child(doc, "scenario")) {
    const doc::Node cfg = with_defaults(r.tree, stack);
    Pod here = pod;
    here.kind = "llm-d-benchmark scenario";
    here.name = scalar(child(stack, "name"));
    const doc::Node spec = r.tree.map();
    if (const doc::Node ns = path(cfg, {"affinity", "nodeSelector"}); ns && ns.is_map()) r.tree.set(spec, "nodeSelector", ns);
    read_gpu(spec, here);
    const bool ms = on(cfg, "modelservice.enabled"), alone = on(cfg, "standalone.enabled");
    if (!ms && !alone) {
      r.out.skipped.push_back(pod.file + " " + here.kind + "/" + here.name + ": neither modelservice nor standalone is enabled");
      continue;
    }
    std::vector<std::string> modes;
    if (ms) modes = {"decode", "prefill"};
    else modes = {"standalone"};
    for (const std::string& mode : modes) {
      const doc::Node sec = child(cfg, mode.c_str());
      const doc::Node at_node = child(stack, mode.c_str()) ? child(stack, mode.c_str()) : path(stack, {"modelservice", mode.c_str()});
      if (auto e = count_container(r, pod.file, at_node ? at_node : stack)) return e;
      Container c;
      c.name = "vllm";
      c.where = mode;
      c.line = line_of(at_node ? at_node : stack);
      c.image = at(cfg, "images.vllm.repository") + (at(cfg, "images.vllm.tag").empty() ? "" : ":" + at(cfg, "images.vllm.tag"));
      if (c.image == ":" || at(cfg, "images.vllm.repository").empty()) c.image.clear();
      if (at(cfg, mode + ".enabled") == "false" || at(cfg, mode + ".replicas") == "0") {
        r.out.skipped.push_back(label(here, c) + ": " + mode + " is disabled or has 0 replicas");
        continue;
      }
      const std::string custom = at(cfg, mode + ".vllm.customCommand");
      std::string script;
      if (!custom.empty()) {
        script = first_of(cfg, {(mode + ".vllm.customPreprocessCommand").c_str(), "vllmCommon.preprocessScript"}, "/bin/true") +
                 " ; " + trimmed(substitute(custom, cfg));
      } else if (mode == "standalone") {
        r.out.skipped.push_back(label(here, c) + ": standalone without vllm.customCommand (the generated standalone "
                                                 "command, build_standalone_vllm_command, is not modelled)");
        continue;
      } else {
        script = generated_command(cfg, mode);
      }
      if (on(cfg, "vllmCommon.kvTransfer.enabled")) script += " --kv-transfer-config '" + kv_transfer(cfg) + "'";
      if (custom.empty())
        if (const doc::Node extra = path(sec, {"vllm", "additionalFlags"}); extra && extra.is_seq())
          for (const auto& f : extra) script += " " + scalar(f);
      c.command = {at(cfg, "vllmCommon.shell"), "-c", script};
      const std::string tp = first_of(cfg, {(mode + ".parallelism.tensor").c_str()}, "1");
      c.env = {"MODEL_NAME=" + at(cfg, "model.name"),
               "MODEL_PATH=" + at(cfg, "model.path"),
               "VLLM_INFERENCE_PORT=" + first_of(cfg, {(mode + ".vllm.servicePort").c_str(), "vllmCommon.inferencePort"}, "8000"),
               "VLLM_METRICS_PORT=" + first_of(cfg, {(mode + ".vllm.port").c_str(), "vllmCommon.vllmPort"}, "8200"),
               "VLLM_BLOCK_SIZE=" + first_of(cfg, {"model.blockSize", "vllmCommon.blockSize"}, "16"),
               "VLLM_MAX_MODEL_LEN=" + first_of(cfg, {"model.maxModelLen", "vllmCommon.maxModelLen"}, "4096"),
               "VLLM_LOAD_FORMAT=" + first_of(cfg, {"vllmCommon.loadFormat"}, "auto"),
               "VLLM_ACCELERATOR_MEM_UTIL=" + first_of(cfg, {"model.gpuMemoryUtilization", "vllmCommon.gpuMemoryUtilization"}, "0.95"),
               "VLLM_MAX_NUM_SEQ=" + first_of(cfg, {"model.maxNumSeq", "vllmCommon.maxNumSeq"}, "256"),
               "VLLM_TENSOR_PARALLELISM=" + tp,
               "VLLM_MAX_NUM_BATCHED_TOKENS=" + first_of(cfg, {"model.maxNumBatchedTokens", "vllmCommon.maxNumBatchedTokens"}, "256")};
      if (ms) {
        c.env.push_back("TP_SIZE=" + tp);
        c.env.push_back("DP_SIZE=" + first_of(cfg, {(mode + ".parallelism.data").c_str()}, "1"));
      }
      if (const doc::Node extra = child(sec, "extraEnvVars"); extra && extra.is_seq())
        for (const auto& e : extra)
          if (child(e, "value")) c.env.push_back(scalar(child(e, "name")) + "=" + scalar(child(e, "value")));
      c.notes.push_back(std::string("command: llm-d-benchmark's ") + (custom.empty() ? "generated vllm serve" : mode + ".vllm.customCommand") +
                        " under its preprocess script, with the environment its templates give the pod");
      add_container(r, here, std::move(c));
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::optional<Error>> read_llmd_tools(Reader& r, const doc::Node& doc, const Pod& pod) {
  if (is_llmd_deployer(doc)) return read_llmd_deployer(r, doc, pod);
  if (is_llmd_benchmark(doc)) return read_llmd_benchmark(r, doc, pod);
  return std::nullopt;
}

}  // namespace kvdtype::io::manifest
