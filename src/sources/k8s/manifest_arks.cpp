// Arks's ArksApplication (arks.ai/v1) as the arks operator runs it. Facts, from scitix/arks
// @e1732a91 (internal/controller/arksapplication_controller.go, api/v1/arksapplication_types.go,
// internal/controller/arksmodel_controller.go):
//  - spec.runtime is vllm (the default), sglang or dynamo; any other is refused at precheck
//    (RuntimeNotSupport);
//  - the operator builds a RoleBasedGroupSet (generateRBGS; a LeaderWorkerSet, generateLws, for an
//    application whose LeaderWorkerSet already exists): groups of spec.size pods (at least 1), the
//    leader running generateLeaderCommand, the others generateWorkerCommand, each as
//    `/bin/bash -c "<one line>"` in one container of image getApplicationRuntimeImage, with
//    instanceSpec's resources, env, nodeSelector, affinity and tolerations;
//  - the model is the ArksModel spec.model.name names (same namespace), mounted at /models and
//    given to the engine as generateModelPath: /models/SUBPATH, else /models/models/NS/NAME;
//  - vllm leader: multi-node-serving.sh leader --ray_cluster_size=$(LWS_GROUP_SIZE); then
//    `python3 -m vllm.entrypoints.openai.api_server --port 8080 --model PATH --served-model-name S
//    [--tensor-parallel-size TP] runtimeCommonArgs…`; vllm worker: the Ray worker script only;
//  - sglang leader and worker: `python3 -m sglang.launch_server --dist-init-addr
//    $(LWS_LEADER_ADDRESS):20000 --nnodes $(LWS_GROUP_SIZE) --node-rank $(LWS_WORKER_INDEX)
//    --trust-remote-code` (the leader adds --host 0.0.0.0 --port 8080) `--model-path PATH
//    --served-model-name S [--tp TP] runtimeCommonArgs… [--enable-metrics]`;
//  - dynamo: leader `dynamo run in=http out=dyn://…`, worker `dynamo run in=dyn://… out=vllm PATH
//    --model-name S`, each then runtimeCommonArgs;
//  - the default images (when spec.runtimeImage is empty and the operator's
//    ARKS_RUNTIME_DEFAULT_*_IMAGE env is unset, as config/manager/manager.yaml leaves it) are
//    kArksImages below.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {
namespace {

struct ArksRuntime {
  std::string_view name;   // spec.runtime
  std::string_view image;  // getApplicationRuntimeImage's default
};

// getApplicationRuntimeImage @e1732a91.
constexpr ArksRuntime kArksRuntimes[] = {
    {"vllm", "vllm/vllm-openai:v0.8.2"},
    {"sglang", "lmsysorg/sglang:v0.4.5-cu124"},
    {"dynamo", "scitixai/k8s/dynamo:vllm"},
};

// A Go int field: its value when written as a plain non-negative number, else `fallback`.
long long go_int(const doc::Node& n, long long fallback) {
  const std::string v = scalar(n);
  if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) return fallback;
  return std::stoll(v);
}

// The ArksModel `name` among the file's documents, in the application's namespace when both say one.
doc::Node find_model(const Reader& r, const std::string& name, const std::string& ns) {
  if (r.documents == nullptr) return {};
  for (const doc::Node& d : *r.documents) {
    if (!d.is_map() || scalar(child(d, "kind")) != "ArksModel") continue;
    if (scalar(child(d, "apiVersion")).rfind("arks.ai/", 0) != 0) continue;
    if (scalar(path(d, {"metadata", "name"})) != name) continue;
    const std::string model_ns = scalar(path(d, {"metadata", "namespace"}));
    if (!ns.empty() && !model_ns.empty() && ns != model_ns) continue;
    return d;
  }
  return {};
}

}  // namespace

doc::Node arks_application_pod(Reader& r, const doc::Node& obj, std::string_view role, Pod& /*pod*/,
                               std::vector<std::string>& notes) {
  doc::Tree& t = r.tree;
  const doc::Node s = child(obj, "spec");
  std::string runtime = scalar(child(s, "runtime"));
  if (runtime.empty()) runtime = "vllm";
  const ArksRuntime* rt = nullptr;
  for (const ArksRuntime& x : kArksRuntimes)
    if (x.name == runtime) rt = &x;
  if (rt == nullptr) {
    notes.push_back("runtime " + runtime + " is refused by the arks operator (RuntimeNotSupport; it runs vllm, sglang "
                    "or dynamo): no pod is built");
    return {};
  }
  const long long size = std::max(1LL, go_int(child(s, "size"), 1));
  const bool leader = role == "leader";
  // One pod per group: the group has no worker pods.
  if (!leader && size <= 1) return t.map();

  // The model path the operator gives the engine, and the model it holds when its ArksModel is here.
  const std::string model_name = scalar(path(s, {"model", "name"}));
  const std::string ns = scalar(path(obj, {"metadata", "namespace"}));
  const doc::Node model = find_model(r, model_name, ns);
  std::string model_word;
  if (model) {
    const std::string id = scalar(path(model, {"spec", "model"}));
    const std::string sub = scalar(path(model, {"spec", "storage", "subPath"}));
    const std::string model_ns = scalar(path(model, {"metadata", "namespace"}));
    const std::string at = !sub.empty() ? "/models/" + sub
                                        : "/models/models/" + (model_ns.empty() ? ns.empty() ? std::string("NAMESPACE") : ns : model_ns) +
                                              "/" + model_name;
    model_word = id.empty() ? at : id;
    notes.push_back("model: ArksModel " + model_name + " holds " + (id.empty() ? std::string("no spec.model") : id) +
                    ", which the arks operator downloads and serves from " + at + (id.empty() ? "" : "; the model read is " + id));
  } else {
    model_word = "/models/models/" + (ns.empty() ? std::string("NAMESPACE") : ns) + "/" + model_name;
    notes.push_back("model: the ArksModel " + model_name + " is not in this file: the model the operator serves from " +
                    model_word + " is unknown; check a file holding both");
  }
  std::string served = scalar(child(s, "servedModelName"));
  if (served.empty()) served = model_name;
  const long long tp = go_int(child(s, "tensorParallelSize"), 0);
  std::string common;
  if (const doc::Node a = child(s, "runtimeCommonArgs"); a.is_seq())
    for (const doc::Node w : a) common += " " + scalar(w);
  if (child(s, "extraOptions"))
    notes.push_back("spec.extraOptions is not a field of ArksApplication (api/v1/arksapplication_types.go @e1732a91 has "
                    "runtimeCommonArgs): the API server drops it and its words do not reach the engine");

  // Kubernetes expands $(VAR) of the container's env in its command before the shell runs:
  // LWS sets LWS_GROUP_SIZE to the group's size, and the leader's worker index is 0.
  const std::string group = std::to_string(size);
  std::string line;
  if (runtime == "vllm") {
    line = leader ? "/bin/bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader --ray_cluster_size=" + group +
                        "; python3 -m vllm.entrypoints.openai.api_server --port 8080 --model " + model_word +
                        " --served-model-name " + served + (tp > 0 ? " --tensor-parallel-size " + std::to_string(tp) : "") +
                        common
                  : "/bin/bash /vllm-workspace/examples/online_serving/multi-node-serving.sh worker --ray_address=$(LWS_LEADER_ADDRESS)";
  } else if (runtime == "sglang") {
    line = "python3 -m sglang.launch_server --dist-init-addr $(LWS_LEADER_ADDRESS):20000 --nnodes " + group +
           " --node-rank " + (leader ? "0" : "$(LWS_WORKER_INDEX)") + " --trust-remote-code" +
           (leader ? " --host 0.0.0.0 --port 8080" : "") + " --model-path " + model_word + " --served-model-name " + served +
           (tp > 0 ? " --tp " + std::to_string(tp) : "") + common;
    if (line.find("enable-metrics") == std::string::npos) line += " --enable-metrics";
  } else {
    line = leader ? "dynamo run in=http out=dyn://$(LWS_LEADER_ADDRESS)" + common
                  : "dynamo run in=dyn://$(LWS_LEADER_ADDRESS) out=vllm " + model_word + " --model-name " + served + common;
  }

  std::string image = scalar(child(s, "runtimeImage"));
  if (image.empty()) {
    image = std::string(rt->image);
    notes.push_back("image: " + image + ", the arks operator's default for runtime " + runtime +
                    " (its ARKS_RUNTIME_DEFAULT_" + (runtime == "vllm" ? "VLLM" : runtime == "sglang" ? "SGLANG" : "DYNAMO") +
                    "_IMAGE env, unset in the shipped config/manager/manager.yaml, would replace it)");
  }
  const doc::Node inst = child(s, "instanceSpec");
  const std::string command[] = {"/bin/bash", "-c", line};
  const doc::Node c = operator_container(t, "instance", image, command, child(inst, "env"), child(inst, "resources"));
  const doc::Node spec = one_container_spec(t, c, inst, {"nodeSelector", "affinity", "tolerations"});
  notes.push_back("command: the arks operator's " + std::string(leader ? "leader" : "worker") + " of runtime " + runtime +
                  " (a group of " + group + " pod" + (size > 1 ? "s" : "") + ")");
  return spec;
}

}  // namespace kvdtype::io::manifest
