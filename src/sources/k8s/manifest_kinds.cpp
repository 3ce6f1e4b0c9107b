// Kubernetes objects → their pod specs: the paths of each kind's row in
// src/tables/custom_resources.cpp, walked; a kind with no row is searched (bounded) for pod
// specs, and every workload found so says where and that the path was guessed.
#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "sources/k8s/manifest_parts.hpp"
#include "sources/k8s/yaml_nodes.hpp"
#include "tables/rows/custom_resource.hpp"

namespace kvdtype::io::manifest {
namespace {

// A pod spec found in an object, with the label and env vars of where it sits.
struct Found {
  doc::Node spec;
  std::string role;
  std::vector<std::string> env, notes;
};

std::vector<std::string_view> split_path(std::string_view p) {
  std::vector<std::string_view> out;
  while (!p.empty()) {
    const std::size_t dot = p.find('.');
    out.push_back(p.substr(0, dot));
    if (dot == std::string_view::npos) break;
    p.remove_prefix(dot + 1);
  }
  return out;
}

std::string with_label(std::string role, const std::string& label) {
  const std::size_t star = role.find('*');
  if (star != std::string::npos) role.replace(star, 1, label);
  return role;
}

// Env vars kept at `at` under `key` (a Kubernetes env list), for every container below.
void collect_env(const doc::Node& at, std::string_view key, Found& f) {
  if (key.empty() || !at.is_map()) return;
  const doc::Node env = child(at, key);
  if (!env) return;
  Container c;
  read_env(env, c);
  f.env.insert(f.env.end(), c.env.begin(), c.env.end());
  f.notes.insert(f.notes.end(), c.notes.begin(), c.notes.end());
}

void walk(const doc::Node& at, std::span<const std::string_view> keys, const PodPath& p, Found f, std::vector<Found>& out) {
  if (!at) return;
  if (keys.empty()) {
    f.spec = at;
    out.push_back(std::move(f));
    return;
  }
  if (keys.front() == "*") {
    if (at.is_seq()) {
      std::size_t i = 0;
      for (const auto& e : at) {
        std::string label = scalar(child(e, p.label_key));
        if (label.empty()) label = "#" + std::to_string(i);
        Found g = f;
        g.role = with_label(g.role, label);
        walk(e, keys.subspan(1), p, std::move(g), out);
        ++i;
      }
    } else if (at.is_map()) {
      for (const auto& kv : at) {
        Found g = f;
        g.role = with_label(g.role, scalar(kv.first));
        walk(kv.second, keys.subspan(1), p, std::move(g), out);
      }
    }
    return;
  }
  collect_env(at, p.env, f);  // a map about to be iterated by `*` holds names, not settings
  walk(child(at, keys.front()), keys.subspan(1), p, std::move(f), out);
}

// KServe's predictor.model: the Hugging Face runtime (modelFormat huggingface) serves with vLLM
// and takes vLLM's engine flags (kserve/kserve python/huggingfaceserver/huggingfaceserver/
// __main__.py adds vLLM's engine arguments); its `--model_id` is the model. Other formats run
// their ServingRuntime's container.
std::optional<Error> read_kserve_model(Reader& r, const doc::Node& pred, const Pod& pod, const std::string& role) {
  const doc::Node model = child(pred, "model");
  if (!model || !model.is_map()) return std::nullopt;
  if (auto e = count_container(r, pod.file, model)) return e;
  auto read = read_container(model, pod.file);
  if (!read.ok()) return read.error();
  Container c = std::move(read).value();
  c.where = role;
  if (c.name.empty()) c.name = "model";
  const std::string format = kvdtype::detail::to_lower(scalar(path(model, {"modelFormat", "name"})));
  const bool hf_backend_not_vllm = std::any_of(c.args.begin(), c.args.end(), [](const std::string& a) {
    return a == "--backend=huggingface" || a == "--backend=hf";
  });
  if (c.command.empty() && format == "huggingface" && !hf_backend_not_vllm) {
    Words cmd = {"vllm", "serve"};
    for (const std::string& a : c.args) {
      if (a.rfind("--model_id=", 0) == 0) cmd.push_back("--model=" + a.substr(11));
      else if (a == "--model_id") cmd.push_back("--model");
      else cmd.push_back(a);
    }
    c.command = std::move(cmd);
    c.args.clear();
    c.notes.push_back("command: KServe's Hugging Face runtime with its vLLM backend (--model_id is the model)");
  } else if (c.command.empty()) {
    r.out.skipped.push_back(label(pod, c) + ": predictor.model runs its ServingRuntime's container (check the ServingRuntime)");
    return std::nullopt;
  }
  Pod p = pod;
  read_gpu(pred, p);
  add_container(r, p, std::move(c));
  return std::nullopt;
}

std::optional<Error> read_found(Reader& r, const Found& f, const PodPath& p, const Pod& pod) {
  Pod here = pod;
  here.env.insert(here.env.end(), f.env.begin(), f.env.end());
  here.found.insert(here.found.end(), f.notes.begin(), f.notes.end());
  if (auto e = read_pod_spec(r, f.spec, here, f.role)) return e;
  if (p.container.empty()) return std::nullopt;
  if (p.container_is == ExtraContainer::kserve_model) return read_kserve_model(r, f.spec, here, f.role);
  const doc::Node extra = child(f.spec, p.container);
  if (!extra || !extra.is_map()) return std::nullopt;
  if (auto e = count_container(r, pod.file, extra)) return e;
  auto read = read_container(extra, pod.file);
  if (!read.ok()) return read.error();
  Container c = std::move(read).value();
  if (c.name.empty()) c.name = std::string(p.container);
  c.where = f.role;
  read_gpu(f.spec, here);
  add_container(r, here, std::move(c));
  return std::nullopt;
}

std::string object_label(const Pod& pod) {
  return (pod.file.empty() ? "" : pod.file + " ") + (pod.kind.empty() ? std::string("object") : pod.kind) +
         (pod.name.empty() ? "" : "/" + pod.name);
}

std::optional<Error> read_row(Reader& r, const doc::Node& obj, const PodKind& row, const Pod& pod) {
  std::string paths;
  bool any = false;
  for (const PodPath& p : row.pods) {
    if (p.path.empty()) continue;
    paths += (paths.empty() ? "" : ", ") + std::string(p.path);
    std::vector<Found> found;
    const auto keys = split_path(p.path);
    walk(obj, keys, p, Found{{}, std::string(p.role), {}, {}}, found);
    for (Found& f : found) {
      if (!f.spec.is_map()) continue;
      any = true;
      Pod here = pod;
      if (p.fill == PodFill::kserve_llm) f.spec = kserve_llm_pod(r.tree, obj, f.spec, f.role, f.notes);
      if (p.fill != PodFill::none && p.fill != PodFill::kserve_llm) {
        // The controller builds the pod from the object's spec: its workloads point at that.
        here.line = line_of(f.spec);
        std::vector<std::string> notes;
        r.pod_unknown = false;
        f.spec = p.fill == PodFill::kubeai_model       ? kubeai_model_pod(r.tree, obj, here, notes)
                 : p.fill == PodFill::vllm_runtime     ? vllm_runtime_pod(r.tree, obj, here, notes)
                 : p.fill == PodFill::arks_application ? arks_application_pod(r, obj, f.role, here, notes)
                 : p.fill == PodFill::llmaz_playground ? llmaz_playground_pod(r, obj, here, notes)
                 : p.fill == PodFill::kthena_model_booster
                     ? kthena_model_booster_pod(r.tree, obj, f.spec, here, notes)
                     : kaito_workspace_pod(r, obj, here, notes);
        if (!f.spec) {
          std::string why = object_label(pod) + ": " + (notes.empty() ? std::string("no pod") : notes.back());
          if (r.pod_unknown) r.out.unknown.push_back(why);
          r.out.skipped.push_back(std::move(why));
          continue;
        }
        f.notes.insert(f.notes.end(), notes.begin(), notes.end());
      }
      if (auto e = read_found(r, f, p, here)) return e;
    }
  }
  if (!any) r.out.skipped.push_back(object_label(pod) + ": no pod spec (looked at " + paths + ")");
  return std::nullopt;
}

// The bounded search of an unknown kind: maps holding a `containers` list, under `spec`.
constexpr int kSearchDepth = 12;
constexpr std::size_t kSearchNodes = 1u << 14;
constexpr std::size_t kSearchPods = 64;

struct Search {
  std::vector<std::pair<doc::Node, std::string>> pods;  // the pod spec and where it sits
  std::size_t visited = 0;
  bool cut = false;  // a bound stopped the search
};

bool holds_containers(const doc::Node& n) {
  const doc::Node c = child(n, "containers");
  return c && c.is_seq() && c.size() > 0 && c.begin()->is_map();
}

void search(const doc::Node& n, const std::string& at, int depth, Search& s) {
  if (++s.visited > kSearchNodes || depth > kSearchDepth || s.pods.size() >= kSearchPods) {
    s.cut = true;
    return;
  }
  if (n.is_map()) {
    if (holds_containers(n)) {
      s.pods.emplace_back(n, at);
      return;
    }
    for (const auto& kv : n)
      if (kv.first.is_scalar()) search(kv.second, at + "." + kv.first.str(), depth + 1, s);
  } else if (n.is_seq()) {
    std::size_t i = 0;
    for (const auto& e : n) {
      std::string name = scalar(child(e, "name"));
      search(e, at + "[" + (name.empty() ? std::to_string(i) : name) + "]", depth + 1, s);
      ++i;
    }
  }
}

std::optional<Error> read_unknown(Reader& r, const doc::Node& obj, const std::string& api_version, const Pod& pod) {
  const std::string what = "kind " + pod.kind + (api_version.empty() ? "" : " (" + api_version + ")");
  Search s;
  if (const doc::Node spec = child(obj, "spec")) search(spec, "spec", 0, s);
  // A search its bound stopped may have left pod specs unread: an unchecked fact (KVD080,
  // ManifestWorkloads::unknown), never "no server" — the webhook would allow the object silently.
  const auto cut = [&] {
    std::string why = object_label(pod) + ": the generic search for pod specs stopped at its bound (" +
                      std::to_string(kSearchPods) + " pod specs, " + std::to_string(kSearchDepth) + " levels, " +
                      std::to_string(kSearchNodes) + " values); add a row for " + what + " to src/tables/custom_resources.cpp";
    r.out.unknown.push_back(why);
    r.out.skipped.push_back(std::move(why));
  };
  if (s.pods.empty()) {
    if (s.cut) cut();
    else
      r.out.skipped.push_back(object_label(pod) + ": no pod template (" + what +
                              " is not in kvdtype's table of kinds, and no `containers` list was found under its spec)");
    return std::nullopt;
  }
  for (const auto& [spec, at] : s.pods) {
    Pod here = pod;
    here.found.push_back("pod spec found by a generic search at " + at + ": " + what +
                         " is not in kvdtype's table of kinds (src/tables/custom_resources.cpp), so the path was guessed");
    if (auto e = read_pod_spec(r, spec, here, at)) return e;
  }
  if (s.cut) cut();
  return std::nullopt;
}

// The Ray Serve replicas of a RayService run on its worker groups: their GPUs are the serving
// GPUs where an LLM config names no accelerator_type.
Pod serve_gpu(const doc::Node& obj, Pod pod) {
  const doc::Node groups = path(obj, {"spec", "rayClusterConfig", "workerGroupSpecs"});
  if (!groups || !groups.is_seq()) return pod;
  for (const auto& g : groups) {
    Pod p;
    read_gpu(path(g, {"template", "spec"}), p);
    if (p.gpu.empty() || (","+ pod.gpu + ",").find("," + p.gpu + ",") != std::string::npos) continue;
    pod.gpu += (pod.gpu.empty() ? "" : ",") + p.gpu;
    for (const std::string& n : p.notes) pod.notes.push_back(n + " (worker group " + scalar(child(g, "groupName")) + ")");
  }
  return pod;
}

// The env of a RayService's worker containers, which its Serve replicas inherit: "NAME=value",
// or "NAME" alone when the value is not in the file (valueFrom).
std::vector<std::string> worker_env(const doc::Node& obj) {
  std::vector<std::string> out;
  const doc::Node groups = path(obj, {"spec", "rayClusterConfig", "workerGroupSpecs"});
  if (!groups || !groups.is_seq()) return out;
  for (const auto& g : groups)
    for (const doc::Node cs = path(g, {"template", "spec", "containers"}); const auto& c : cs.is_seq() ? cs : doc::Node()) {
      const doc::Node env = child(c, "env");
      if (!env || !env.is_seq()) continue;
      for (const auto& e : env)
        if (const std::string name = scalar(child(e, "name")); !name.empty())
          out.push_back(child(e, "valueFrom") ? name : name + "=" + scalar(child(e, "value")));
    }
  return out;
}

std::optional<Error> read_kind(Reader& r, const doc::Node& obj, Pod pod, int depth) {
  pod.kind = scalar(child(obj, "kind"));
  pod.name = scalar(path(obj, {"metadata", "name"}));
  if (pod.name.empty()) pod.name = scalar(path(obj, {"metadata", "generateName"}));
  const std::string& k = pod.kind;
  if (k == "List" || (k.size() > 4 && k.substr(k.size() - 4) == "List")) {
    const doc::Node items = child(obj, "items");
    if (items && items.is_seq())
      for (const auto& item : items)
        if (auto e = read_any(r, item, pod, depth + 1)) return e;
    return std::nullopt;
  }
  // An OpenShift Template (openshift/api template/v1 types.go: Template.Objects, a list of
  // objects `oc process` creates once its ${PARAMETER}s are filled): its objects are read as a
  // List's items, a ${PARAMETER} left as written (unknown, like an unset variable).
  if (k == "Template" && scalar(child(obj, "apiVersion")).starts_with("template.openshift.io/")) {
    const doc::Node objects = child(obj, "objects");
    if (!objects.is_seq() || objects.size() == 0) {
      r.out.skipped.push_back(object_label(pod) + ": an OpenShift Template with no objects");
      return std::nullopt;
    }
    for (const auto& item : objects)
      if (auto e = read_any(r, item, pod, depth + 1)) return e;
    return std::nullopt;
  }
  if (k.empty()) {
    r.out.skipped.push_back(object_label(pod) + ": no pod template");
    return std::nullopt;
  }
  const std::string api_version = scalar(child(obj, "apiVersion"));
  if (const PodKind* row = find_pod_kind(api_version, k)) {
    if (auto e = read_row(r, obj, *row, pod)) return e;
    // A RayService's Ray Serve applications are its serving config (serveConfigV2, a YAML string).
    if (k == "RayService") {
      const doc::Node serve = path(obj, {"spec", "serveConfigV2"});
      if (serve && serve.is_scalar()) {
        doc::Node doc;
        try {
          doc = yaml::load_first(serve.str(), r.tree);
        } catch (const YAML::Exception& e) {
          return bad_file(pod.file, line_of(serve), "spec.serveConfigV2: not valid YAML: " + e.msg);
        }
        if (is_ray_serve(doc)) return read_ray_serve(r, doc, serve_gpu(obj, pod), line_of(serve), worker_env(obj));
      }
    }
    return std::nullopt;
  }
  return read_unknown(r, obj, api_version, pod);
}

}  // namespace

std::optional<Error> read_any(Reader& r, const doc::Node& obj, Pod pod, int depth) {
  if (depth > 8) return bad_file(pod.file, line_of(obj), "Lists nested more than 8 deep");
  if (++r.objects > kMaxObjects)
    return bad_file(pod.file, line_of(obj), "more than " + std::to_string(kMaxObjects) +
                                                " objects (YAML aliases repeating a List?); not checked");
  if (!obj.is_map()) return bad_file(pod.file, line_of(obj), "a Kubernetes object (a mapping) expected");
  return read_kind(r, obj, std::move(pod), depth);
}

}  // namespace kvdtype::io::manifest
