// Helm chart values read by --manifest, as the chart's templates would turn them into a
// container: the vLLM production-stack's `servingEngineSpec.modelSpec[*]`, the llm-d
// modelservice chart's `decode` / `prefill` pools, the AI-Hypercomputer gpu-recipes serving
// charts' `sglang.serverArgs` / `vllm.serverArgs`, vLLM's example chart (`image.command`) and
// KubeAI's models chart (`catalog`), and the gpu-recipes Dynamo chart (whose engine flags are
// a file of their own). Only what the templates put in the serving
// container's command, env and node affinity is read; the rest of the values are the chart's.
#include <map>
#include <string>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

// A pod spec holding only what a chart's values say about scheduling, for read_gpu.
doc::Node scheduling(doc::Tree& tree, const doc::Node& node_selector, const doc::Node& affinity, const doc::Node& terms) {
  const doc::Node spec = tree.map();
  if (node_selector && node_selector.is_map()) tree.set(spec, "nodeSelector", node_selector);
  if (affinity && affinity.is_map() && affinity.size() > 0) {
    tree.set(spec, "affinity", affinity);
  } else if (terms && terms.is_seq()) {
    const doc::Node required = tree.map_at(tree.map_at(spec, "affinity"), "nodeAffinity");
    tree.set(tree.map_at(required, "requiredDuringSchedulingIgnoredDuringExecution"), "nodeSelectorTerms", terms);
  }
  return spec;
}

// `nodeSelectorTerms: [{matchExpressions: [{key: KEY, operator: In, values: VALUES}]}]`.
doc::Node terms_in(doc::Tree& tree, std::string_view key, const doc::Node& values) {
  const doc::Node expr = tree.map();
  tree.set(expr, "key", tree.scalar(key));
  tree.set(expr, "operator", tree.scalar("In"));
  tree.set(expr, "values", values);
  const doc::Node exprs = tree.seq();
  tree.push(exprs, expr);
  const doc::Node term = tree.map();
  tree.set(term, "matchExpressions", exprs);
  const doc::Node terms = tree.seq();
  tree.push(terms, term);
  return terms;
}

// ---- vLLM production-stack -------------------------------------------------------------------
//
// Source: vllm-project/production-stack helm/templates/deployment-vllm-multi.yaml @a6c01db0
// (2026-08-05): container "vllm", image `repository:tag`, command `vllm serve MODEL_URL` (the
// lmcache/vllm-openai image: /opt/venv/bin/vllm), then from vllmConfig: --[no-]enable-chunked-
// prefill, --[no-]enable-prefix-caching, --max-model-len, --dtype, --tensor-parallel-size,
// --max-num-seqs, --gpu_memory_utilization, --max_loras, --runner, --convert, extraArgs; env
// `env` plus VLLM_USE_V1=0 when vllmConfig.v0 is "1"; affinity, else nodeSelectorTerms as
// required node affinity. helm/values.yaml names the fields. A modelSpec with enabled: false is
// not rendered; one with raySpec.enabled is a RayCluster (helm/templates/ray-cluster.yaml).

bool is_production_stack(const doc::Node& doc) {
  const doc::Node specs = path(doc, {"servingEngineSpec", "modelSpec"});
  return specs && specs.is_seq();
}

void add_flag(Words& w, const char* flag, const doc::Node& v) {
  if (!v || !v.is_scalar()) return;
  w.push_back(flag);
  w.push_back(v.str());
}


std::optional<Error> read_model_spec(Reader& r, const doc::Node& m, Pod pod) {
  pod.kind = "production-stack modelSpec";
  pod.name = scalar(child(m, "name"));
  if (auto e = count_container(r, pod.file, m)) return e;
  Container c;
  c.name = "vllm";
  c.line = line_of(m);
  const std::string repo = scalar(child(m, "repository"));
  c.image = repo + (scalar(child(m, "tag")).empty() ? "" : ":" + scalar(child(m, "tag")));
  if (scalar(child(m, "enabled")) == "false") {
    r.out.skipped.push_back(label(pod, c) + ": enabled: false (not rendered)");
    return std::nullopt;
  }
  if (truthy(path(m, {"raySpec", "enabled"}))) {
    r.out.skipped.push_back(label(pod, c) + ": raySpec.enabled renders a RayCluster; render the chart with `helm template` "
                                            "and pass the output");
    return std::nullopt;
  }
  c.command = {repo == "lmcache/vllm-openai" ? "/opt/venv/bin/vllm" : "vllm", "serve", scalar(child(m, "modelURL"))};
  const doc::Node v = child(m, "vllmConfig");
  if (v && v.is_map()) {
    if (const doc::Node cp = child(v, "enableChunkedPrefill"))
      c.command.push_back(truthy(cp) ? "--enable-chunked-prefill" : "--no-enable-chunked-prefill");
    c.command.push_back(truthy(child(v, "enablePrefixCaching")) ? "--enable-prefix-caching" : "--no-enable-prefix-caching");
    add_flag(c.command, "--max-model-len", child(v, "maxModelLen"));
    add_flag(c.command, "--dtype", child(v, "dtype"));
    add_flag(c.command, "--tensor-parallel-size", child(v, "tensorParallelSize"));
    add_flag(c.command, "--max-num-seqs", child(v, "maxNumSeqs"));
    add_flag(c.command, "--gpu_memory_utilization", child(v, "gpuMemoryUtilization"));
    add_flag(c.command, "--max_loras", child(v, "maxLoras"));
    add_flag(c.command, "--runner", child(v, "runner"));
    add_flag(c.command, "--convert", child(v, "convert"));
    auto extra = words_of(child(v, "extraArgs"), pod.file, "vllmConfig.extraArgs");
    if (!extra.ok()) return extra.error();
    c.command.insert(c.command.end(), extra->begin(), extra->end());
    if (scalar(child(v, "v0")) == "1") c.env.push_back("VLLM_USE_V1=0");
  }
  read_env(child(m, "env"), c);
  c.notes.push_back("command: as helm/templates/deployment-vllm-multi.yaml of the vLLM production-stack renders it");
  read_gpu(scheduling(r.tree, {}, child(m, "affinity"), child(m, "nodeSelectorTerms")), pod);
  add_container(r, pod, std::move(c));
  return std::nullopt;
}

// ---- llm-d modelservice ----------------------------------------------------------------------
//
// Source: llm-d-incubation/llm-d-modelservice charts/llm-d-modelservice @3051935e (2026-04-22):
// values.yaml (modelArtifacts.uri / .name / .mountPath, decode / prefill: create, replicas,
// parallelism {tensor, data, dataLocal}, nodeSelector, acceleratorTypes {labelKey, labelValues},
// containers[] {name, image, modelCommand, command, args, env}); templates/_helpers.tpl
// (modelCommand vllmServe → `vllm serve MODEL` + flags + args, imageDefault → the image's own
// entrypoint with `--model MODEL` + flags + args, custom (the default) → command and args as
// given; flags: --tensor-parallel-size / --data-parallel-size / --data-parallel-size-local when
// above 1, --served-model-name; argsByProtocol: hf://ID → ID, pvc://CLAIM/PATH → mountPath/PATH,
// pvc+hf://…/NS/MODEL → NS/MODEL; acceleratorTypes → required node affinity `In`).

bool is_llmd_values(const doc::Node& doc) {
  return child(doc, "modelArtifacts") &&
         (child(child(doc, "decode"), "containers") || child(child(doc, "prefill"), "containers"));
}

std::string llmd_model(const doc::Node& artifacts) {
  const std::string name = scalar(child(artifacts, "name"));
  std::string uri = scalar(child(artifacts, "uri"));
  const std::string templated = "{{ .Values.modelArtifacts.name }}";
  if (const std::size_t at = uri.find(templated); at != std::string::npos) uri.replace(at, templated.size(), name);
  const std::size_t sep = uri.find("://");
  if (sep == std::string::npos) return uri;
  const std::string protocol = uri.substr(0, sep), rest = uri.substr(sep + 3);
  if (protocol == "hf") return rest;
  if (protocol == "pvc") {
    const std::size_t slash = rest.find('/');
    std::string mount = scalar(child(artifacts, "mountPath"));
    if (mount.empty()) mount = "/model-cache";
    return mount + "/" + (slash == std::string::npos ? std::string() : rest.substr(slash + 1));
  }
  if (protocol == "pvc+hf") {
    const std::size_t last = rest.rfind('/');
    const std::size_t before = last == std::string::npos || last == 0 ? std::string::npos : rest.rfind('/', last - 1);
    return before == std::string::npos ? rest : rest.substr(before + 1);
  }
  return uri;
}

std::optional<Error> read_llmd_pool(Reader& r, const doc::Node& doc, const char* role, Pod pod) {
  const doc::Node pool = child(doc, role);
  if (!pool || !pool.is_map() || scalar(child(pool, "create")) == "false") return std::nullopt;
  pod.kind = "llm-d modelservice values";
  pod.name = scalar(path(doc, {"modelArtifacts", "name"}));
  const doc::Node containers = child(pool, "containers");
  if (!containers || !containers.is_seq()) return std::nullopt;
  const std::string model = llmd_model(child(doc, "modelArtifacts"));
  Words flags;
  const doc::Node par = child(pool, "parallelism");
  for (const auto& [key, flag] : {std::pair{"tensor", "--tensor-parallel-size"}, std::pair{"data", "--data-parallel-size"},
                                  std::pair{"dataLocal", "--data-parallel-size-local"}}) {
    const std::string v = scalar(child(par, key));
    if (!v.empty() && v != "0" && v != "1") {
      flags.push_back(flag);
      flags.push_back(v);
    }
  }
  flags.push_back("--served-model-name");
  flags.push_back(pod.name);
  const doc::Node accel = child(pool, "acceleratorTypes");
  doc::Node terms;
  if (const std::string key = scalar(child(accel, "labelKey")); !key.empty()) terms = terms_in(r.tree, key, child(accel, "labelValues"));
  read_gpu(scheduling(r.tree, child(pool, "nodeSelector"), {}, terms), pod);
  const bool idle = scalar(child(pool, "replicas")) == "0";
  for (const auto& n : containers) {
    if (auto e = count_container(r, pod.file, n)) return e;
    auto read = read_container(n, pod.file);
    if (!read.ok()) return read.error();
    Container c = std::move(read).value();
    c.where = role;
    if (c.name.empty()) c.name = "vllm";
    if (idle) {
      r.out.skipped.push_back(label(pod, c) + ": " + role + ".replicas is 0");
      continue;
    }
    const std::string how = scalar(child(n, "modelCommand"));
    Words args = c.args;
    if (how == "vllmServe") {
      c.command = {"vllm", "serve", model};
      c.args = flags;
    } else if (how == "imageDefault") {
      c.command.clear();
      c.args = {"--model", model};
      c.args.insert(c.args.end(), flags.begin(), flags.end());
    } else {
      args.clear();  // custom: command and args as given
    }
    c.args.insert(c.args.end(), args.begin(), args.end());
    c.notes.push_back("command: modelCommand " + (how.empty() ? std::string("custom") : how) +
                      ", as the llm-d modelservice chart's templates/_helpers.tpl renders it");
    add_container(r, pod, std::move(c));
  }
  return std::nullopt;
}

// ---- AI-Hypercomputer gpu-recipes serving charts ---------------------------------------------
//
// Source: AI-Hypercomputer/gpu-recipes @f04bfe34: src/helm-charts/a3mega/sglang-inference/
// templates/lws-deployment.yaml (`GLOO_SOCKET_IFNAME=eth0 python3 -m sglang.launch_server
// --model-path model.name --tp model.tp_size --dist-init-addr … --nnodes … --node-rank …
// --trust-remote-code`, then sglang.serverArgs: a bool → `--key` (false: `--key false`), else
// `--key value`) and src/helm-charts/a3mega/vllm-inference/multi-host/templates/
// lws-deployment.yaml (`vllm serve model.name --tokenizer model.name --trust-remote-code
// --tensor-parallel-size model.tp_size --pipeline-parallel-size model.pp_size`, then
// vllm.serverArgs: true → `--key`, false → `--key=False`, else `--key value`); image
// job.image.repository:tag. Helm's `range` over a map visits the keys in sorted order.

bool is_server_args_chart(const doc::Node& doc) {
  if (!child(path(doc, {"model"}), "name")) return false;
  for (const char* engine : {"sglang", "vllm"})
    if (const doc::Node a = path(doc, {engine, "serverArgs"}); a && (a.is_map() || a.is_null())) return true;
  return false;
}

std::optional<Error> read_server_args_chart(Reader& r, const doc::Node& doc, Pod pod) {
  pod.kind = "gpu-recipes chart values";
  const doc::Node model = child(doc, "model");
  pod.name = scalar(child(model, "name"));
  const std::string name = pod.name, tp = scalar(child(model, "tp_size")), pp = scalar(child(model, "pp_size"));
  for (const std::string engine : {"sglang", "vllm"}) {
    const doc::Node holder = child(doc, engine.c_str());
    if (!holder || !child(holder, "serverArgs")) continue;
    if (auto e = count_container(r, pod.file, holder)) return e;
    Container c;
    c.name = engine;
    c.line = line_of(holder);
    const std::string repo = scalar(path(doc, {"job", "image", "repository"})), tag = scalar(path(doc, {"job", "image", "tag"}));
    if (!repo.empty()) c.image = repo + (tag.empty() ? "" : ":" + tag);
    if (engine == "sglang") {
      c.env.push_back("GLOO_SOCKET_IFNAME=eth0");
      c.command = {"python3", "-m", "sglang.launch_server", "--model-path", name};
      if (!tp.empty()) c.command.insert(c.command.end(), {"--tp", tp});
      c.command.insert(c.command.end(), {"--dist-init-addr", "${LWS_LEADER_ADDRESS}:6002", "--nnodes", "${LWS_GROUP_SIZE}",
                                         "--node-rank", "${LWS_WORKER_INDEX}", "--trust-remote-code"});
    } else {
      c.command = {"vllm", "serve", name, "--tokenizer", name, "--trust-remote-code"};
      if (!tp.empty()) c.command.insert(c.command.end(), {"--tensor-parallel-size", tp});
      if (!pp.empty()) c.command.insert(c.command.end(), {"--pipeline-parallel-size", pp});
    }
    std::map<std::string, doc::Node> args;
    if (const doc::Node a = child(holder, "serverArgs"); a.is_map())
      for (const auto& kv : a) args.emplace(scalar(kv.first), kv.second);
    for (const auto& [key, v] : args) {
      const std::string s = v && v.is_scalar() ? v.str() : std::string();
      const bool is_bool = v && v.is_scalar() && v.tag() != "!" && (s == "true" || s == "True" || s == "false" || s == "False");
      if (is_bool) {
        const bool on = s == "true" || s == "True";
        if (on) c.command.push_back("--" + key);
        else if (engine == "sglang") c.command.insert(c.command.end(), {"--" + key, "false"});
        else c.command.push_back("--" + key + "=False");
      } else {
        c.command.insert(c.command.end(), {"--" + key, s});
      }
    }
    c.notes.push_back("command: as the gpu-recipes " + engine + " chart's lws-deployment.yaml renders " + engine +
                      ".serverArgs (the chart is not named in the values: read by their shape)");
    add_container(r, pod, std::move(c));
  }
  return std::nullopt;
}

// ---- vLLM's example chart --------------------------------------------------------------------
//
// Source: vllm-project/vllm @082c713e examples/online_serving/chart-helm/templates/deployment.yaml:
// container "vllm", image `image.repository:image.tag`, command `image.command` (no args), env
// `image.env`, nodeSelector, and, when resources request and limit nvidia.com/gpu, required node
// affinity nvidia.com/gpu.product In gpuModels. values.yaml (@0107255c) names the fields.

bool is_vllm_example_chart(const doc::Node& doc) {
  const doc::Node command = path(doc, {"image", "command"});
  return command && command.is_seq() && child(doc, "gpuModels");
}

int gpu_count(const doc::Node& resources, const char* which) {
  try {
    return std::stoi(scalar(child(child(resources, which), "nvidia.com/gpu")));
  } catch (const std::exception&) {
    return 0;
  }
}

std::optional<Error> read_vllm_example_chart(Reader& r, const doc::Node& doc, Pod pod) {
  pod.kind = "vLLM chart-helm values";
  const doc::Node image = child(doc, "image");
  if (auto e = count_container(r, pod.file, image)) return e;
  Container c;
  c.name = "vllm";
  c.line = line_of(child(image, "command"));
  c.image = scalar(child(image, "repository")) + ":" + scalar(child(image, "tag"));
  auto command = words_of(child(image, "command"), pod.file, "image.command");
  if (!command.ok()) return command.error();
  c.command = std::move(command).value();
  read_env(child(image, "env"), c);
  doc::Node terms;
  const doc::Node res = child(doc, "resources");
  if (gpu_count(res, "requests") > 0 && gpu_count(res, "limits") > 0) terms = terms_in(r.tree, "nvidia.com/gpu.product", child(doc, "gpuModels"));
  read_gpu(scheduling(r.tree, child(doc, "nodeSelector"), {}, terms), pod);
  c.notes.push_back("command: image.command, as vLLM's examples/online_serving/chart-helm renders it");
  add_container(r, pod, std::move(c));
  return std::nullopt;
}

// ---- KubeAI models chart ---------------------------------------------------------------------
//
// Source: substratusai/kubeai @36ad24ec charts/models/templates/models.yaml: each
// `catalog.NAME` whose `enabled` is true, or every one when `all.enabled` is, becomes a
// `kubeai.org/v1` Model named NAME with spec {features, owner, url, engine, args, env,
// minReplicas, maxReplicas, targetRequests, scaleDownDelaySeconds, resourceProfile}; a disabled
// entry renders nothing. The Model is then read as that kind is read (manifest_kinds.cpp).

bool is_kubeai_catalog(const doc::Node& doc) {
  const doc::Node catalog = child(doc, "catalog");
  if (!catalog || !catalog.is_map()) return false;
  for (const auto& kv : catalog)
    if (child(kv.second, "url") && child(kv.second, "engine")) return true;
  return false;
}

std::optional<Error> read_kubeai_catalog(Reader& r, const doc::Node& doc, const Pod& pod) {
  const bool all = truthy(path(doc, {"all", "enabled"}));
  for (const auto& kv : child(doc, "catalog")) {
    const std::string name = scalar(kv.first);
    const doc::Node entry = kv.second;
    if (!entry.is_map()) continue;
    if (!all && !truthy(child(entry, "enabled"))) {
      r.out.skipped.push_back(pod.file + ":" + std::to_string(line_of(entry)) + " KubeAI catalog/" + name +
                              ": enabled: false (the chart renders no Model for it)");
      continue;
    }
    doc::Tree& t = r.tree;
    const doc::Node model = t.map();
    t.set(model, "apiVersion", t.scalar("kubeai.org/v1"));
    t.set(model, "kind", t.scalar("Model"));
    t.set(t.map_at(model, "metadata"), "name", t.scalar(name));
    for (const char* key : {"features", "owner", "url", "engine", "args", "env", "minReplicas", "maxReplicas", "targetRequests",
                            "scaleDownDelaySeconds", "resourceProfile"})
      if (const doc::Node v = child(entry, key)) t.set(t.map_at(model, "spec"), key, v);
    if (auto e = read_any(r, model, pod, 0)) return e;
  }
  return std::nullopt;
}

// ---- AI-Hypercomputer gpu-recipes dynamo-deployment chart ------------------------------------
//
// Source: AI-Hypercomputer/gpu-recipes @2e1fd5ef src/helm-charts/a4x/inference-templates/
// dynamo-deployment: templates/dynamo-worker-configmap.yaml puts the values prefill_serving_config
// and decode_serving_config (the recipe's README hands them to helm with --set-file,
// inference/a4x/disaggregated-serving/dynamo/README.md) into each worker's server-args file;
// templates/dynamo-graph-deployment.yaml runs each worker (services Prefill and Decode, image
// workload.image, env `envs`) as `python3 -m dynamo.sglang` with `--model-path
// {volumes.gcsMounts.mountPath}/{workload.model}` when volumes.useGcs is true, else `--model
// {workload.model}`, then one or two words per line of that file. Without the file, the values
// hold no engine flag: what would read it is named, and nothing is guessed.

bool is_dynamo_recipe_chart(const doc::Node& doc) {
  const doc::Node dynamo = child(doc, "dynamo");
  return (child(dynamo, "decodeWorker") || child(dynamo, "prefillWorker")) && child(child(doc, "workload"), "framework");
}

// What `echo "$v" | xargs` prints: the words of `v` (quotes group, a backslash outside quotes
// escapes the next character) joined by one blank. nullopt: an unmatched quote, on which xargs
// fails, and the worker's `set -e` script with it.
std::optional<std::string> xargs_echo(std::string_view v) {
  std::string out, word;
  bool in_word = false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char ch = v[i];
    if (ch == ' ' || ch == '\t' || ch == '\n') {
      if (in_word) out += (out.empty() ? "" : " ") + word;
      word.clear();
      in_word = false;
    } else if (ch == '\'' || ch == '"') {
      const std::size_t close = v.find(ch, i + 1);
      if (close == std::string_view::npos) return std::nullopt;
      word.append(v.substr(i + 1, close - i - 1));
      in_word = true;
      i = close;
    } else if (ch == '\\' && i + 1 < v.size()) {
      word += v[++i];
      in_word = true;
    } else {
      word += ch;
      in_word = true;
    }
  }
  if (in_word) out += (out.empty() ? "" : " ") + word;
  return out;
}

// The worker's loop over its server-args file: `IFS=': ' read -r key value` (the key ends at the
// first colon or blank, the value is the rest), comment and blank lines skipped, both through
// xargs; `true` → --KEY, `false` → --KEY false, empty → --KEY, else --KEY VALUE.
std::optional<Error> server_args_words(const std::string& text, const std::string& where, Words& out) {
  std::size_t n = 0;
  for (std::size_t at = 0; at < text.size(); ++n) {
    std::size_t eol = text.find('\n', at);
    if (eol == std::string::npos) eol = text.size();
    std::string_view line(text.data() + at, eol - at);
    at = eol + 1;
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    const std::size_t end = line.find_first_of(": ");
    const std::string_view key = line.substr(0, end);
    std::string_view value = end == std::string_view::npos ? std::string_view() : line.substr(end);
    // The delimiter: blanks, with at most one colon among them.
    auto blanks = [&value] { while (!value.empty() && value.front() == ' ') value.remove_prefix(1); };
    blanks();
    if (!value.empty() && value.front() == ':') value.remove_prefix(1);
    blanks();
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    if (key.empty() || key.front() == '#') continue;
    const auto k = xargs_echo(key), v = xargs_echo(value);
    if (!k || !v)
      return Error{ErrorCode::bad_file, where + " line " + std::to_string(n + 1) +
                                            ": an unmatched quote, on which the worker's `xargs` fails (its script runs under set -e)"};
    if (k->empty()) continue;
    out.push_back("--" + *k);
    if (*v == "false" || (!v->empty() && *v != "true")) out.push_back(*v);
  }
  return std::nullopt;
}

std::optional<Error> read_dynamo_recipe_chart(Reader& r, const doc::Node& doc, Pod pod) {
  const std::string framework = scalar(path(doc, {"workload", "framework"}));
  const std::string model = scalar(path(doc, {"workload", "model"}));
  pod.kind = "gpu-recipes dynamo-deployment values";
  pod.name = scalar(path(doc, {"dynamo", "deploymentName"}));
  for (const std::string role : {"prefill", "decode"}) {
    const doc::Node worker = path(doc, {"dynamo", (role + "Worker").c_str()});
    if (!worker) continue;
    const std::string key = role + "_serving_config";
    const int line = line_of(worker);
    const doc::Node file = child(doc, key.c_str());
    if (!file || !file.is_scalar() || file.str().empty()) {
      r.out.skipped.push_back((pod.file.empty() ? "" : pod.file + ":" + std::to_string(line) + " ") + pod.kind +
                              (pod.name.empty() ? "" : "/" + pod.name) + " " + role + "Worker: its `python3 -m dynamo." +
                              framework + "` flags are the file helm is given as --set-file " + key +
                              "=FILE, not in these values; give it to kvdtype the same way (--set-file " + key + "=FILE)");
      continue;
    }
    if (auto e = count_container(r, pod.file, worker)) return e;
    Container c;
    c.name = role == "prefill" ? "Prefill" : "Decode";
    c.line = line;
    c.image = scalar(path(doc, {"workload", "image"}));
    const std::string args_file = scalar(path(doc, {"workload", "configPath"})) + "/" + scalar(path(doc, {"workload", "configFile"}));
    c.env.push_back("SERVER_ARGS_FILE=" + args_file);
    c.command = {"python3", "-m", "dynamo.sglang"};
    if (scalar(path(doc, {"volumes", "useGcs"})) == "true") {
      const std::string model_path = scalar(path(doc, {"volumes", "gcsMounts", "mountPath"})) + "/" + model;
      c.env.push_back("MODEL_PATH=" + model_path);
      c.command.insert(c.command.end(), {"--model-path", model_path});
    } else {
      c.command.insert(c.command.end(), {"--model", model});
    }
    read_env(child(worker, "envs"), c);
    if (auto e = server_args_words(file.str(), "--set-file " + key, c.command)) return e;
    c.notes.push_back("command: as the gpu-recipes dynamo-deployment chart's worker script builds it from --set-file " + key +
                      " (the chart is not named in the values: read by their shape)");
    add_container(r, pod, std::move(c));
  }
  return std::nullopt;
}

// helm's --set-file KEY=FILE: the values' KEY (names joined by dots) set to the file's text,
// mappings made where the path has none. A path through a value that is not a mapping is an
// Error, as helm refuses it.
std::optional<Error> apply_set_files(Reader& r, const doc::Node& doc, const Pod& pod) {
  for (const ScriptFile& f : r.base.set_files) {
    doc::Node at = doc;
    std::size_t from = 0;
    for (std::size_t dot = f.path.find('.'); ; dot = f.path.find('.', from)) {
      const std::string name = f.path.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
      // A key the values do not have yet is no mapping to go on through (as yaml-cpp's made one
      // was not, before session 44).
      if (!at.is_map() && !at.is_null())
        return bad_file(pod.file, line_of(at), "--set-file " + f.path + ": " + f.path.substr(0, from == 0 ? 0 : from - 1) +
                                                   " is not a mapping in these values");
      if (at.is_null()) at.value()->kind = doc::Kind::map;  // an empty value becomes the mapping written into
      if (dot == std::string::npos) {
        if (const doc::Node old = child(at, name)) r.tree.set_scalar(old, f.text);
        else r.tree.set(at, name, r.tree.scalar(f.text));
        break;
      }
      at = child(at, name);
      from = dot + 1;
    }
  }
  return std::nullopt;
}

std::optional<std::optional<Error>> read_values(Reader& r, const doc::Node& doc, const Pod& pod) {
  if (is_dynamo_recipe_chart(doc)) return std::optional<Error>{read_dynamo_recipe_chart(r, doc, pod)};
  if (is_production_stack(doc)) {
    for (const auto& m : path(doc, {"servingEngineSpec", "modelSpec"}))
      if (auto e = read_model_spec(r, m, pod)) return e;
    return std::optional<Error>{};
  }
  if (is_llmd_values(doc)) {
    for (const char* role : {"decode", "prefill"})
      if (auto e = read_llmd_pool(r, doc, role, pod)) return e;
    return std::optional<Error>{};
  }
  if (is_server_args_chart(doc)) return std::optional<Error>{read_server_args_chart(r, doc, pod)};
  if (is_vllm_example_chart(doc)) return std::optional<Error>{read_vllm_example_chart(r, doc, pod)};
  if (is_kubeai_catalog(doc)) return std::optional<Error>{read_kubeai_catalog(r, doc, pod)};
  return read_llmd_tools(r, doc, pod);
}

}  // namespace

std::optional<std::optional<Error>> read_chart_values(Reader& r, const doc::Node& doc, const Pod& pod) {
  if (!r.base.set_files.empty())
    if (auto e = apply_set_files(r, doc, pod)) return std::optional<Error>{std::move(e)};
  auto read = read_values(r, doc, pod);
  if (read) ++r.out.chart_values;
  return read;
}

}  // namespace kvdtype::io::manifest
