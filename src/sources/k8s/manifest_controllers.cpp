// Pod specs as a kind's controller runs them (PodFill in src/tables/rows/custom_resource.hpp).
//
// KServe's LLMInferenceService. Facts, from kserve/kserve @aaac4e29:
//  - pkg/controller/v1alpha2/llmisvc/config_merge.go: combineBaseRefsConfig merges a well-known
//    LLMInferenceServiceConfig under the service (kserve-config-llm-template for a single node,
//    -decode-template / -prefill-template with `prefill`, -worker-data-parallel and the decode and
//    prefill variants with `worker` and data parallelism; the pipeline-parallel names are not
//    well known yet) and ReplaceVariables renders the merged spec as a Go text/template whose
//    data is the service;
//  - config/llmisvcconfig/config-llm-*.yaml: their `main` container runs `bash -c SCRIPT --`; the
//    script ends in `exec vllm serve /mnt/models … ${VLLM_ADDITIONAL_ARGS} $@`, with
//    --tensor-parallel-size from spec.parallelism.tensor (prefill: spec.prefill.parallelism)
//    and, in the data-parallel ones, --enable-expert-parallel, --data-parallel-size (data, else
//    1), --data-parallel-size-local (dataLocal, else 1) and, on the worker pods, --headless; the
//    service's container args become $@;
//  - pkg/controller/v1alpha2/llmisvc/workload_storage.go: an hf:// model URI is downloaded to
//    /mnt/models (constants.DefaultModelLocalMountPath), so the served model is that repository;
//  - pkg/apis/serving/v1alpha2/llm_inference_service_types_func.go: IsDataParallel is data > 0
//    or dataLocal > 0.
#include <string>
#include <string_view>
#include <vector>

#include "sources/k8s/manifest_parts.hpp"
#include "kvdtype/io/launch.hpp"

namespace kvdtype::io::manifest {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view first_word(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && !is_space(s[n])) ++n;
  return s.substr(0, n);
}

// `or A B LITERAL`: the value when every field before the literal is unset.
std::string or_default(std::string_view body) {
  std::string_view last = body;
  const std::size_t sp = body.find_last_of(" \t");
  if (sp != std::string_view::npos) last = body.substr(sp + 1);
  if (last.size() >= 2 && last.front() == '"' && last.back() == '"') return std::string(last.substr(1, last.size() - 2));
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string_view::npos) return std::string(last);
  return {};
}

}  // namespace

// A Go text/template rendered with data whose fields are all unset: the configuration standing
// alone, before the service it is merged with is known. Conditions are false (their else branch
// is taken), `or … LITERAL` gives the literal, and every other value is an unknown shell
// variable, so that a flag whose value is the service's reads as unknown rather than as a word.
std::string render_unset_template(std::string_view text, bool& rendered) {
  struct Block {
    bool outer_active, taken, active;
  };
  std::vector<Block> blocks;
  std::string out;
  bool trim_next = false;
  auto active = [&] { return blocks.empty() || blocks.back().active; };
  while (!text.empty()) {
    const std::size_t open = text.find("{{");
    std::string_view plain = text.substr(0, open);
    if (trim_next)
      while (!plain.empty() && is_space(plain.front())) plain.remove_prefix(1);
    trim_next = false;
    if (open == std::string_view::npos) {
      if (active()) out += plain;
      break;
    }
    const std::size_t close = text.find("}}", open + 2);
    if (close == std::string_view::npos) {  // not a template action: the text as it is
      if (active()) out += text;
      break;
    }
    rendered = true;
    std::string_view body = text.substr(open + 2, close - open - 2);
    if (!body.empty() && body.front() == '-') {
      body.remove_prefix(1);
      while (!plain.empty() && is_space(plain.back())) plain.remove_suffix(1);
    }
    if (!body.empty() && body.back() == '-') {
      body.remove_suffix(1);
      trim_next = true;
    }
    if (active()) out += plain;
    text.remove_prefix(close + 2);
    body = trim(body);
    const std::string_view verb = first_word(body);
    if (verb == "if" || verb == "with" || verb == "range") {
      blocks.push_back({active(), false, false});
    } else if (verb == "else") {
      if (blocks.empty()) continue;
      Block& b = blocks.back();
      const bool plain_else = trim(body.substr(4)).empty();
      b.active = plain_else && b.outer_active && !b.taken;
      b.taken = b.taken || plain_else;
    } else if (verb == "end") {
      if (!blocks.empty()) blocks.pop_back();
    } else if (body.rfind("/*", 0) == 0) {
      // a comment
    } else if (active()) {
      const std::string d = verb == "or" ? or_default(body) : std::string();
      out += d.empty() ? "${KSERVE_TEMPLATE_VALUE}" : d;
    }
  }
  return out;
}

namespace {

// Rendered in place: every holder of the node (an alias) sees the rendered text.
void render_words(doc::Tree& tree, doc::Node list, bool& rendered) {
  if (!list) return;
  if (list.is_scalar()) {
    if (list.text().find("{{") != std::string_view::npos) tree.set_scalar(list, render_unset_template(list.text(), rendered));
    return;
  }
  if (!list.is_seq()) return;
  for (const doc::Node w : list)
    if (w.is_scalar() && w.text().find("{{") != std::string_view::npos) tree.set_scalar(w, render_unset_template(w.text(), rendered));
}

std::string int_at(const doc::Node& n) {
  const std::string v = scalar(n);
  return !v.empty() && v.find_first_not_of("0123456789") == std::string::npos ? v : std::string();
}

bool positive(const std::string& v) { return !v.empty() && v.find_first_not_of('0') != std::string::npos; }

}  // namespace

doc::Node kserve_llm_pod(doc::Tree& tree, const doc::Node& obj, const doc::Node& spec, const std::string& role,
                         std::vector<std::string>& notes) {
  // Completed where it lies (the document is read once): a copy would lose the lines the
  // workloads report.
  const doc::Node copy = spec;
  const bool is_service = scalar(child(obj, "kind")) == "LLMInferenceService";
  const doc::Node s = child(obj, "spec");
  bool rendered = false;
  for (const char* list : {"containers", "initContainers"}) {
    const doc::Node cs = child(copy, list);
    if (!cs || !cs.is_seq()) continue;
    for (const doc::Node c : cs) {
      if (!c.is_map()) continue;
      render_words(tree, child(c, "command"), rendered);
      render_words(tree, child(c, "args"), rendered);
      if (const doc::Node env = child(c, "env"); env && env.is_seq())
        for (const doc::Node e : env)
          if (e.is_map() && child(e, "value")) render_words(tree, child(e, "value"), rendered);
    }
  }
  if (rendered)
    notes.push_back("Go templates in the containers rendered as KServe's controller would before the service is known "
                    "(its fields unset: conditions false, values unknown)");
  if (!is_service) return copy;

  // The service's `main` container without a command runs the well-known config's.
  const doc::Node cs = child(copy, "containers");
  if (!cs || !cs.is_seq()) return copy;
  for (const doc::Node c : cs) {
    if (!c.is_map() || scalar(child(c, "name")) != "main" || child(c, "command")) continue;
    const bool prefill = role == "prefill" || role == "prefill-worker";
    const doc::Node workload = prefill ? child(s, "prefill") : s;
    const doc::Node par = child(workload, "parallelism");
    const bool multi_node = static_cast<bool>(child(workload, "worker"));
    const bool data_parallel = positive(int_at(child(par, "data"))) || positive(int_at(child(par, "dataLocal")));
    std::string config = prefill ? "kserve-config-llm-prefill-template"
                                 : (child(s, "prefill") ? "kserve-config-llm-decode-template" : "kserve-config-llm-template");
    if (multi_node && !data_parallel) {
      notes.push_back("container main: a multi-node workload without data parallelism takes a pipeline-parallel "
                      "LLMInferenceServiceConfig KServe does not ship yet; its command is unknown");
      continue;
    }
    if (multi_node)
      config = prefill ? "kserve-config-llm-prefill-worker-data-parallel"
                       : (child(s, "prefill") ? "kserve-config-llm-decode-worker-data-parallel"
                                              : "kserve-config-llm-worker-data-parallel");
    std::string model = "/mnt/models";
    const std::string uri = scalar(path(s, {"model", "uri"}));
    if (uri.rfind("hf://", 0) == 0 && uri.size() > 5) {
      model = uri.substr(5);
      notes.push_back("model: " + uri + " is downloaded to /mnt/models, the path " + config + " serves");
    }
    const doc::Node command = tree.seq();
    for (const std::string w : {"vllm", "serve"}) tree.push(command, tree.scalar(w));
    tree.push(command, tree.scalar(model));
    auto flag = [&](const std::string& name, const std::string& value) {
      tree.push(command, tree.scalar(name));
      if (!value.empty()) tree.push(command, tree.scalar(value));
    };
    if (multi_node && truthy(child(par, "expert"))) flag("--enable-expert-parallel", "");
    if (const std::string t = int_at(child(par, "tensor")); !t.empty()) flag("--tensor-parallel-size", t);
    if (multi_node) {
      const std::string d = int_at(child(par, "data")), dl = int_at(child(par, "dataLocal"));
      flag("--data-parallel-size", d.empty() ? std::string("1") : d);
      flag("--data-parallel-size-local", dl.empty() ? std::string("1") : dl);
      if (role == "worker" || role == "prefill-worker") flag("--headless", "");
    }
    // `eval "exec vllm serve … ${VLLM_ADDITIONAL_ARGS} $@"`: the variable's words as the shell
    // re-reads them (its quotes group words), then the container's args.
    if (const doc::Node env = child(c, "env"); env && env.is_seq())
      for (const auto& e : env) {
        if (scalar(child(e, "name")) != "VLLM_ADDITIONAL_ARGS") continue;
        if (!child(e, "value")) {
          notes.push_back("env VLLM_ADDITIONAL_ARGS: valueFrom is not read; the flags it adds are unknown");
          continue;
        }
        auto words = io::split_command(scalar(child(e, "value")));
        if (!words.ok()) {
          notes.push_back("env VLLM_ADDITIONAL_ARGS: not read (" + words.error().message + ")");
          continue;
        }
        for (const std::string& w : *words) tree.push(command, tree.scalar(w));
      }
    tree.set(c, "command", command);
    notes.push_back("command: container main inherits " + config +
                    "'s `vllm serve` (KServe merges it under the service; the container's args follow it)");
  }
  return copy;
}

}  // namespace kvdtype::io::manifest
