// Kubernetes manifests and compose files → workloads (include/kvdtype/io/manifest.hpp).
//
// A container becomes a launch command as the container runtime would build it: Kubernetes
// `command` replaces the image's ENTRYPOINT and `args` its CMD (compose: `entrypoint` and
// `command`); `$(NAME)` in command and args is the container's env var NAME. The command is
// then handed to the launch parser in its `docker run -e NAME=value IMAGE …` form, so that the
// image tag gives the engine version and the env vars apply exactly as for a docker command.
#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/text.hpp"
#include "sources/launch/launch_images.hpp"
#include "sources/launch/launch_parts.hpp"
#include "kvdtype/io/launch.hpp"
#include "sources/k8s/manifest_json.hpp"
#include "sources/k8s/manifest_parts.hpp"
#include "sources/k8s/yaml_nodes.hpp"
#include "sources/files/read_file.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/target.hpp"
#include "tables/rows/image.hpp"

namespace kvdtype::io {
namespace manifest {

// YAML aliases let a few bytes name one object many times, and nested Lists of aliases multiply
// (8 levels of 10 aliases: 10^8 pods from 800 bytes). What a reading visits is bounded by what
// the text could hold without aliases: a real container takes more than kBytesPerContainer bytes
// of YAML (`- name: a` and `image: b` already do), so more containers than that is aliases
// repeating one, refused; a rendered chart of a large fleet (thousands of real containers) reads
// whole. JSON (the webhook's objects) has no aliases and no such bound (kMaxObjects is in
// manifest_parts.hpp).
// yaml-cpp spent about 500 bytes per node (a 16 MiB file of `- a` lines, 4 M nodes, took 2 GB);
// kvdtype's tree (doc_tree.hpp) about 100. The reading stops at the node past the bound (yaml_nodes.hpp). 1,000 Deployments are about
// 150 000.
constexpr std::size_t kMaxYamlNodes = 1u << 18;
constexpr std::size_t kMinContainerLimit = 256;
constexpr std::size_t kBytesPerContainer = 16;

int line_of(const doc::Node& n) { return n.mark().line >= 0 ? n.mark().line + 1 : 0; }

std::string scalar(const doc::Node& n) { return n.str(); }

bool truthy(const doc::Node& n) {
  const std::string v = scalar(n);
  return v == "true" || v == "True";
}

// One printable line (the CLI's error line): the file name may hold any byte, and so may
// the YAML parser's message (yaml-cpp's was "unknown escape character: " and the raw byte after
// the backslash).
Error bad_file(const std::string& file, int line, const std::string& what) {
  std::string where = file.empty() ? std::string("object") : detail::shown_path(file);
  if (line > 0) where += ":" + std::to_string(line);
  return Error{ErrorCode::bad_file, where + ": " + kvdtype::detail::escape_text(what)};
}

// One more container (or compose service) read; an Error past the reader's limit.
std::optional<Error> count_container(Reader& r, const std::string& file, const doc::Node& at) {
  if (++r.containers <= r.container_limit) return std::nullopt;
  return bad_file(file, line_of(at), "more than " + std::to_string(r.container_limit) +
                                         " containers from this much YAML: aliases repeating one; not checked");
}

// A list of words: a YAML sequence of scalars, or (compose) one string split as a shell would.
Result<Words> words_of(const doc::Node& n, const std::string& file, const char* what) {
  Words w;
  if (!n || n.is_null()) return w;
  if (n.is_seq()) {
    for (const auto& e : n) {
      if (!e.is_scalar()) return bad_file(file, line_of(e), std::string(what) + ": a list of strings expected");
      w.emplace_back(e.text());
    }
    return w;
  }
  if (n.is_scalar()) {
    if (n.str().empty()) return w;
    auto split = split_command(n.str());
    if (!split.ok()) return bad_file(file, line_of(n), std::string(what) + ": " + split.error().message);
    return split;
  }
  return bad_file(file, line_of(n), std::string(what) + ": a string or a list of strings expected");
}

namespace {

// Kubernetes' $(VAR) references in command and args: replaced by the container's env var,
// `$$(` stays a literal `$(`, an undefined name is left as written (as the kubelet does).
std::string expand_refs(const std::string& word, const std::map<std::string, std::string>& env) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == '$' && i + 1 < word.size() && word[i + 1] == '$') {
      out += '$';
      ++i;
      continue;
    }
    if (word[i] == '$' && i + 1 < word.size() && word[i + 1] == '(') {
      const std::size_t close = word.find(')', i + 2);
      if (close != std::string::npos) {
        const auto it = env.find(word.substr(i + 2, close - i - 2));
        if (it != env.end()) {
          out += it->second;
          i = close;
          continue;
        }
      }
    }
    out += word[i];
  }
  return out;
}

}  // namespace

std::string label(const Pod& pod, const Container& c) {
  std::string s = pod.file.empty() ? std::string() : pod.file + (c.line > 0 ? ":" + std::to_string(c.line) : "") + " ";
  s += pod.kind + (pod.name.empty() ? "" : "/" + pod.name) + " container " + c.name;
  if (!c.image.empty()) s += " (" + c.image + ")";
  return s;
}

namespace {

// `docker run IMAGE ARGS…` with the container's environment: how the launch reader sees a
// container that keeps its image's ENTRYPOINT.
Words as_docker_run(const Container& c) {
  Words words = {"docker", "run"};
  for (const std::string& e : c.env) {
    words.push_back("-e");
    words.push_back(e);
  }
  words.push_back(c.image);
  words.insert(words.end(), c.args.begin(), c.args.end());
  return words;
}

// `to = from` for a default-made `to`: overlay() copies every field of `from` that is set (and
// its flags, its kv term, a refused value with its rule), and the rest of `to` is empty already.
// A copy assigned all 60 strings, set or not (~1.9 K instructions a time; docs/performance.md,
// twelfth round).
void copy_into_fresh(RequestInput& to, const RequestInput& from) {
  to.overlay(from);
  if (from.refused_rule.empty()) to.refused_value = from.refused_value;  // a value without its rule, as a copy keeps it
}

// `to = from` for a default-made `to`, the two RequestInputs by copy_into_fresh(). The
// structured binding stops compiling when CheckInput gains a member, so none is left out here.
void copy_into_fresh(CheckInput& to, const CheckInput& from) {
  const auto& [fields, defaults, model, command, command_text, command_file, verbose, env, ignore, suppressions,
               runs_elsewhere, script_files, script_notes, set_files] = from;
  copy_into_fresh(to.fields, fields);
  copy_into_fresh(to.defaults, defaults);
  to.model = model;
  to.command = command;
  to.command_text = command_text;
  to.command_file = command_file;
  to.verbose = verbose;
  to.env = env;
  to.ignore = ignore;
  to.suppressions = suppressions;
  to.runs_elsewhere = runs_elsewhere;
  to.script_files = script_files;
  to.script_notes = script_notes;
  to.set_files = set_files;
}

}  // namespace

void add_container(Reader& r, const Pod& pod, Container c) {
  // Env vars set around the pod spec come first: the container's own win (set later).
  c.env.insert(c.env.begin(), pod.env.begin(), pod.env.end());
  // Only a word with a `$` can change (expand_refs), and the environment's map is made only for one.
  const auto has_dollar = [](const std::string& w) { return w.find('$') != std::string::npos; };
  if (std::any_of(c.command.begin(), c.command.end(), has_dollar) || std::any_of(c.args.begin(), c.args.end(), has_dollar)) {
    std::map<std::string, std::string> envmap;
    for (const std::string& e : c.env) envmap[e.substr(0, e.find('='))] = e.substr(e.find('=') + 1);
    for (std::string& w : c.command)
      if (has_dollar(w)) w = expand_refs(w, envmap);
    for (std::string& w : c.args)
      if (has_dollar(w)) w = expand_refs(w, envmap);
  }

  Words program;  // what the container runs, as the runtime builds it
  std::string_view entrypoint;  // the image's own serving ENTRYPOINT, when the container keeps it
  if (!c.command.empty()) {
    program = c.command;
    program.insert(program.end(), c.args.begin(), c.args.end());
  } else if (const Image* img = detail::image_with_entrypoint(detail::image_repository(c.image))) {
    entrypoint = img->entrypoint;  // it runs the server with args as its flags (vllm/vllm-openai: vllm serve)
  } else if (const Image* own = c.args.empty() ? detail::image_with_command(detail::image_repository(c.image)) : nullptr) {
    // Neither command nor args: the image's own command runs (opea/sglang's entrypoint script).
    auto words = split_command(own->command);
    if (words.ok()) program = std::move(words).value();
    c.notes.push_back("command: the image's own, " + std::string(own->repository) + " runs " + std::string(own->command));
  } else if (!c.image.empty() && !c.args.empty() && is_serving_command(as_docker_run(c))) {
    // An image whose ENTRYPOINT depends on its tag (llama.cpp's :server-* runs llama-server):
    // what `docker run IMAGE ARGS` runs, as the launch reader knows it, is what the pod runs.
    entrypoint = "the image's own (by its tag)";
  } else {
    program = c.args;  // no known ENTRYPOINT: args (CMD) are the whole command
  }
  const bool image_entrypoint = !entrypoint.empty();
  if (c.image.empty() && c.command.empty()) {
    // Every container that runs has an image: one without is a fragment that another file
    // completes (a kustomize patch, an overlay), and its args alone do not say what runs them.
    r.out.skipped.push_back(label(pod, c) +
                            ": no image and no command: a fragment (a kustomize patch or overlay); check what "
                            "it renders to (kustomize build DIR | kvdtype check --manifest -)");
    return;
  }
  if (!image_entrypoint) {
    if (program.empty()) {
      r.out.skipped.push_back(label(pod, c) + ": no command and no known serving entrypoint");
      return;
    }
    Words probe;
    probe.reserve(c.env.size() + program.size());
    probe = c.env;
    probe.insert(probe.end(), program.begin(), program.end());
    // A command the reader could not read to its end is kept as a workload: the pipeline reports
    // why (an input error, which fails closed), instead of passing it as "not a serving command".
    // The probe's words are handed over, not copied again (launch_parts.hpp).
    const CommandReading reading = launch::read_command_of(std::move(probe));
    if (!reading.serving && !reading.unreadable) {
      r.out.skipped.push_back(label(pod, c) + ": not a serving command");
      return;
    }
  }

  // Made in the vector and filled in place: a Workload (a CheckInput of two RequestInputs, 120
  // strings) moved into it, even empty, was ~5 K instructions of a webhook review; emplace_back()
  // zero-fills its few KB first, which costs less (docs/performance.md, twelfth round).
  Workload& w = r.out.workloads.emplace_back();
  w.source.file = pod.file;
  w.source.document = pod.document;
  w.source.line = c.line > 0 ? c.line : pod.line;
  w.source.kind = pod.kind;
  w.source.name = pod.name;
  if (pod.kind != "compose service") w.source.container = c.where.empty() ? c.name : c.where + "/" + c.name;
  copy_into_fresh(w.input, r.base);  // w.input = r.base (`w` was made empty just above)
  w.input.command.clear();
  w.input.command_text.clear();
  w.input.command_file.clear();
  Words words;
  if (!c.image.empty()) {
    Container run = c;
    if (!image_entrypoint) run.args = program;  // the container's own command replaces the ENTRYPOINT
    words = as_docker_run(run);
  } else {
    words = c.env;
    words.insert(words.end(), program.begin(), program.end());
  }
  w.input.command = std::move(words);
  w.input.runs_elsewhere = true;  // the container's files are not this machine's
  w.input.suppressions.insert(w.input.suppressions.end(), pod.suppressions.begin(), pod.suppressions.end());
  if (w.input.fields.gpu.empty()) {
    w.input.fields.gpu = pod.gpu;
    w.notes = pod.notes;
    if (pod.gpu.empty()) w.notes.push_back("gpu: no node selector or required affinity names a GPU; pass --gpu");
  }
  if (image_entrypoint) w.notes.push_back("command: the image's entrypoint, " + std::string(entrypoint));
  w.notes.insert(w.notes.end(), c.notes.begin(), c.notes.end());
  w.notes.insert(w.notes.end(), pod.found.begin(), pod.found.end());
}

// env: [{name, value}] (Kubernetes), or a map / ["NAME=value"] list (compose).
void read_env(const doc::Node& env, Container& c) {
  if (!env) return;
  if (env.is_map()) {
    for (const auto& kv : env)
      if (kv.first.is_scalar()) c.env.push_back(kv.first.str() + "=" + (kv.second.is_scalar() ? kv.second.str() : ""));
    return;
  }
  if (!env.is_seq()) return;
  for (const auto& e : env) {
    if (e.is_scalar()) {
      if (e.str().find('=') != std::string::npos) c.env.push_back(e.str());
      continue;
    }
    const std::string name = scalar(child(e, "name"));
    if (name.empty()) continue;
    if (child(e, "valueFrom")) {
      c.notes.push_back("env " + name + ": valueFrom (ConfigMap/Secret/field) is not read; its value is unknown");
      continue;
    }
    c.env.push_back(name + "=" + scalar(child(e, "value")));
  }
}

Result<Container> read_container(const doc::Node& n, const std::string& file) {
  Container c;
  c.line = line_of(n);
  c.name = scalar(child(n, "name"));
  c.image = scalar(child(n, "image"));
  auto cmd = words_of(child(n, "command"), file, "command");
  if (!cmd.ok()) return cmd.error();
  auto args = words_of(child(n, "args"), file, "args");
  if (!args.ok()) return args.error();
  c.command = std::move(cmd).value();
  c.args = std::move(args).value();
  read_env(child(n, "env"), c);
  if (child(n, "envFrom")) c.notes.push_back("envFrom: ConfigMap/Secret variables are not read");
  return c;
}

// The GPU a pod is scheduled on: its node selector, else its required node affinity.
void read_gpu(const doc::Node& spec, Pod& pod) {
  std::vector<std::string> found;
  std::string major, minor;
  auto consider = [&](const std::string& key, const std::string& value, const char* via) {
    if (key == "nvidia.com/gpu.compute.major") major = value;
    else if (key == "nvidia.com/gpu.compute.minor") minor = value;
    std::string g = gpu_from_node_label(key, value);
    // A label naming hardware kvdtype does not know leaves the GPU unknown (the checks that need
    // it are skipped and the result is incomplete, KVD080), not the workload unreadable.
    if (!g.empty() && !parse_target(g).ok()) {
      pod.notes.push_back("gpu: " + key + "=" + value + " names a GPU kvdtype does not know; pass --gpu with its target (sm_NN or gfxNNN)");
      g.clear();
    }
    if (!g.empty() && std::find(found.begin(), found.end(), g) == found.end()) {
      found.push_back(g);
      pod.notes.push_back(std::string("gpu: ") + via + " " + key + "=" + value);
    } else if (g.empty() && key == "nvidia.com/gpu.family") {
      pod.notes.push_back("gpu: " + key + "=" + value + " spans several compute capabilities; pass --gpu");
    }
  };
  if (const doc::Node sel = child(spec, "nodeSelector"); sel && sel.is_map())
    for (const auto& kv : sel) consider(scalar(kv.first), scalar(kv.second), "node selector");
  if (found.empty()) {
    const doc::Node terms = path(spec, {"affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"});
    if (terms && terms.is_seq()) {
      for (const auto& term : terms) {
        const doc::Node exprs = child(term, "matchExpressions");
        if (!exprs || !exprs.is_seq()) continue;
        for (const auto& e : exprs) {
          if (scalar(child(e, "operator")) != "In") continue;
          const doc::Node values = child(e, "values");
          if (!values || !values.is_seq()) continue;
          for (const auto& v : values) consider(scalar(child(e, "key")), scalar(v), "required node affinity");
        }
      }
    }
  }
  if (found.empty() && !major.empty() && !minor.empty()) {
    found.push_back(major + "." + minor);
    pod.notes.push_back("gpu: node labels nvidia.com/gpu.compute.major/minor = " + major + "." + minor);
  }
  // Several values (affinity `In [A, B]`, or terms ORed together): the pod may land on any of
  // them, so every one is checked (the fleet view).
  for (const std::string& g : found) pod.gpu += (pod.gpu.empty() ? "" : ",") + g;
}

std::optional<Error> read_pod_spec(Reader& r, const doc::Node& spec, Pod pod, const std::string& where) {
  if (!spec || !spec.is_map()) {
    r.out.skipped.push_back((pod.file.empty() ? "" : pod.file + " ") + pod.kind + "/" + pod.name + ": no pod spec");
    return std::nullopt;
  }
  read_gpu(spec, pod);
  // Native sidecars (initContainers with restartPolicy: Always, Kubernetes 1.28+) run beside
  // the containers for the pod's life: a server there is served like any other. Other init
  // containers run to completion before the pod starts; a server cannot be one.
  for (const char* list : {"initContainers", "containers"}) {
    const doc::Node containers = child(spec, list);
    if (!containers || !containers.is_seq()) continue;
    const bool init = std::string_view(list) == "initContainers";
    for (const auto& n : containers) {
      if (init && scalar(child(n, "restartPolicy")) != "Always") continue;
      if (auto e = count_container(r, pod.file, n)) return e;
      auto read = read_container(n, pod.file);
      if (!read.ok()) return read.error();
      Container c = std::move(read).value();
      c.where = init ? (where.empty() ? std::string("initContainers") : where + "/initContainers") : where;
      add_container(r, pod, std::move(c));
    }
  }
  return std::nullopt;
}

}  // namespace manifest

namespace {

using namespace manifest;

// An image reference as compose resolves it when its variables are unset: `${NAME:-default}` and
// `${NAME-default}` become their default (the image is identified by it, and a note says so);
// `${NAME}` without one stays as written. The variables themselves are the shell's at `up` time.
std::string image_with_defaults(const std::string& image, Container& c) {
  std::string out;
  bool defaulted = false;
  for (std::size_t i = 0; i < image.size();) {
    const std::size_t close = image.compare(i, 2, "${") == 0 ? image.find('}', i) : std::string::npos;
    const std::size_t dash = close == std::string::npos ? close : image.find('-', i);
    if (close == std::string::npos || dash == std::string::npos || dash > close) {
      out += image[i++];
      continue;
    }
    const std::size_t from = dash + 1;
    out.append(image, from, close - from);
    defaulted = true;
    i = close + 1;
  }
  if (defaulted) c.notes.push_back("image " + image + " read with its defaults as " + out + " (its variables are not set here)");
  return out;
}

// docker-compose: services.NAME.{image, entrypoint, command, environment}. The GPU is never in
// a compose file (deploy.resources only asks for "a GPU"): --gpu gives it.
std::optional<Error> read_compose(Reader& r, const doc::Node& services, Pod pod) {
  if (!services.is_map()) return bad_file(pod.file, line_of(services), "services: a mapping expected");
  pod.kind = "compose service";
  for (const auto& kv : services) {
    pod.name = scalar(kv.first);
    const doc::Node s = kv.second;
    if (!s.is_map()) continue;
    if (auto e = count_container(r, pod.file, kv.first)) return e;
    Container c;
    c.line = line_of(kv.first);
    c.name = pod.name;
    c.image = image_with_defaults(scalar(child(s, "image")), c);
    auto entry = words_of(child(s, "entrypoint"), pod.file, "entrypoint");
    if (!entry.ok()) return entry.error();
    auto cmd = words_of(child(s, "command"), pod.file, "command");
    if (!cmd.ok()) return cmd.error();
    c.command = std::move(entry).value();
    c.args = std::move(cmd).value();
    read_env(child(s, "environment"), c);
    // Compose interpolates ${VAR} from the shell at `up` time: not known here.
    add_container(r, pod, std::move(c));
  }
  return std::nullopt;
}

Result<ManifestWorkloads> walk_documents(const std::vector<doc::Node>& docs, const std::string& file, const CheckInput& base,
                                         bool one_object, std::size_t container_limit = SIZE_MAX, std::string_view text = {}) {
  Reader r{base, {}};
  r.documents = &docs;
  r.container_limit = container_limit;
  try {
    int index = 0;
    for (const doc::Node& doc : docs) {
      Pod pod;
      pod.file = file;
      pod.document = one_object ? -1 : index++;
      if (!doc || doc.is_null()) continue;
      if (!doc.is_map()) return bad_file(file, line_of(doc), "a Kubernetes object or a compose file expected, not a " +
                                                                std::string(doc.is_seq() ? "list" : "scalar"));
      if (child(doc, "kind")) {
        // The object's own per-rule suppressions (docs/suppressions.md): the CLI and the webhook read them here alike.
        const std::string ignore = scalar(path(doc, {"metadata", "annotations", kIgnoreAnnotation.data()}));
        if (!ignore.empty()) {
          pod.suppressions = annotation_suppressions(ignore, file);
          // One object: its containers share the annotation (used when any of them uses it).
          for (Suppression& s : pod.suppressions) s.scope = file + ":" + std::to_string(line_of(doc)) + "#" + std::to_string(pod.document);
        }
        if (auto e = read_any(r, doc, pod, 0)) return *e;
      } else if (const doc::Node services = child(doc, "services"); services && !one_object) {
        if (auto e = read_compose(r, services, pod)) return *e;
      } else if (one_object) {
        return bad_file(file, line_of(doc), "the object has no kind");
      } else if (auto task = read_task_file(r, doc, pod)) {
        if (*task) return **task;
      } else if (auto chart = read_chart_values(r, doc, pod)) {
        if (*chart) return **chart;
      } else {
        std::string hint = shape_hint(doc);
        if (hint.empty()) hint = text_hint(text);
        return bad_file(file, line_of(doc),
                        "neither a Kubernetes object (no kind) nor a compose file (no services)" +
                            (hint.empty() ? std::string(" nor a task file or chart values kvdtype reads (SkyPilot, Ray Serve, "
                                                        "vLLM production-stack, llm-d modelservice)")
                                          : "; it looks like " + hint));
      }
    }
  } catch (const YAML::Exception& e) {
    return bad_file(file, e.mark.line >= 0 ? e.mark.line + 1 : 0, "unexpected YAML structure: " + e.msg);
  }
  return std::move(r.out);
}

// YAML merge keys (`<<: *defaults`, `<<: [*a, *b]`), applied as docker compose and kubectl apply
// them (the reader, as yaml-cpp 0.7 did, leaves `<<` as an ordinary key): the merged mappings' keys are added where
// the mapping does not set them itself, the first merged mapping winning over later ones.
// `budget` bounds the nodes visited (aliases let a few bytes name a node many times); false when
// it ran out. It walks every document, merge keys or not: the same budget is what refuses an
// alias bomb before any later reading expands it.
constexpr std::size_t kMergeDepth = 64;

bool apply_merges(doc::Tree& tree, doc::Node n, std::size_t& budget, std::size_t depth) {
  if (budget == 0 || depth > kMergeDepth) return false;
  --budget;
  if (n.is_seq()) {
    for (doc::Node e : n)
      if (!apply_merges(tree, e, budget, depth + 1)) return false;
    return true;
  }
  if (!n.is_map()) return true;
  std::vector<doc::Node> sources;  // the merged mappings, in order
  bool merges = false;
  for (auto kv : n) {
    if (kv.first.is_scalar() && kv.first.text() == "<<") {
      merges = true;
      if (kv.second.is_map()) sources.push_back(kv.second);
      else if (kv.second.is_seq())
        for (doc::Node m : kv.second) sources.push_back(m);
    } else if (!apply_merges(tree, kv.second, budget, depth + 1)) {
      return false;
    }
  }
  if (!merges) return true;
  tree.remove(n, "<<");
  for (doc::Node m : sources) {
    if (!m.is_map()) continue;  // `<<: scalar` merges nothing
    if (!apply_merges(tree, m, budget, depth + 1)) return false;
    for (const auto& kv : m) {
      if (!kv.first.is_scalar() || child(n, kv.first.text())) continue;
      tree.set(n, kv.first.text(), kv.second);  // the merged value itself, shared
    }
  }
  return true;
}

Result<ManifestWorkloads> read_documents(std::string_view text, const std::string& file, const CheckInput& base, bool one_object) {
  yaml::Documents read;  // owns the nodes the walk reads
  try {
    const std::string s(text);
    // One parse: the nodes, and on the same events the checks that refuse the file (a key
    // given twice, as kubectl and docker compose refuse it; the node bound).
    read = yaml::load_documents(s, kMaxYamlNodes);
    if (read.too_many_nodes)
      return bad_file(file, 0, "more than " + std::to_string(kMaxYamlNodes) +
                                   " YAML nodes (a rendered fleet holds far fewer); split the file");
    if (read.duplicate_line)
      return bad_file(file, read.duplicate_line, "key '" + read.duplicate_key +
                                                     "' given twice in one mapping (kubectl and docker compose refuse the file)");
    std::size_t budget = 4 * s.size() + 65536;
    // Without a merge key and an alias the walk below changes nothing, and it refuses nothing
    // when the nodes are within its budget and its depth: skipped (1.5% of 1,000 Deployments).
    const bool plain = !read.merge_key && !read.aliases && read.nodes <= budget && read.deepest <= kMergeDepth;
    if (!plain)
      for (doc::Node& d : read.docs)
        if (!apply_merges(*read.tree, d, budget, 0)) return bad_file(file, 0, "YAML aliases and merge keys expand past what this file could hold; not checked");
  } catch (const YAML::Exception& e) {
    const std::string hint = text_hint(text);
    return bad_file(file.empty() ? std::string("object") : file, e.mark.line >= 0 ? e.mark.line + 1 : 0,
                    "not valid YAML: " + e.msg + (hint.empty() ? "" : "; it looks like " + hint));
  } catch (const std::exception& e) {
    return bad_file(file, 0, std::string("cannot be read as YAML: ") + e.what());
  }
  return walk_documents(read.docs, file, base, one_object, kMinContainerLimit + text.size() / kBytesPerContainer, text);
}

}  // namespace

Result<ManifestWorkloads> read_object_node(const doc::Node& object, const CheckInput& base) {
  try {
    return walk_documents({object}, {}, base, true, kMaxObjects);
  } catch (const std::exception& e) {
    return bad_file({}, 0, std::string("cannot be read: ") + e.what());
  }
}

Result<ManifestWorkloads> read_manifest(std::string_view text, const std::string& file, const CheckInput& base) {
  return read_documents(text, file, base, false);
}

Result<ManifestWorkloads> read_object(std::string_view text, const CheckInput& base) {
  return read_documents(text, {}, base, true);
}

}  // namespace kvdtype::io
