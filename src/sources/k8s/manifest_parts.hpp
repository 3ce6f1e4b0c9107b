// Internal (io): the pieces the manifest readers share. src/sources/k8s/manifest.cpp reads the YAML and
// the containers of a pod spec; manifest_kinds.cpp finds the pod specs of each kind (the table
// of src/tables/custom_resources.cpp, then a bounded search); manifest_tasks.cpp and
// manifest_charts.cpp read launcher task files and chart values; manifest_shapes.cpp says what
// a document none of them reads looks like.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/manifest.hpp"
#include "sources/k8s/doc_tree.hpp"

namespace kvdtype::io::manifest {

using Words = std::vector<std::string>;

// Where the pod came from, handed down to its containers.
struct Pod {
  std::string file;
  int document = -1;
  std::string kind, name;
  std::string gpu;                 // from node labels; may name several targets ("A,B")
  std::vector<std::string> notes;  // how the gpu was found
  std::vector<std::string> found;  // how the pod spec was found, on every workload (a guessed path)
  std::vector<std::string> env;    // NAME=value set around the pod spec (Dynamo `envs`), before each container's own
  int line = 0;  // where a pod spec a controller builds comes from (its nodes have no line of their own)
  std::vector<Suppression> suppressions;  // the object's kvdtype.io/ignore annotation, on each of its workloads
};

// See manifest.cpp: the bounds on what one reading visits.
inline constexpr std::size_t kMaxObjects = 4096;

struct Reader {
  const CheckInput& base;
  ManifestWorkloads out;
  const std::vector<doc::Node>* documents = nullptr;  // the file's documents (a ConfigMap another object names)
  // Where the walk makes nodes of its own: the pod specs controllers would build, documents read
  // from YAML strings (serveConfigV2), merged stacks. Released with the reader.
  doc::Tree tree;
  std::size_t objects = 0, containers = 0;
  std::size_t container_limit = SIZE_MAX;  // see kBytesPerContainer in manifest.cpp
  // Set by an operator's builder that built no pod because a fact it needs is not in this input
  // (another object, a preset kvdtype lacks), as opposed to an object that runs nothing kvdtype
  // judges: read_row lists the object in out.unknown (KVD080), not only in out.skipped.
  bool pod_unknown = false;
};

struct Container {
  std::string name, image;
  Words command, args;
  std::vector<std::string> env;  // NAME=value, in order
  std::vector<std::string> notes;
  int line = 0;
  std::string where;  // "leaderTemplate" …, for the container label
};

[[nodiscard]] int line_of(const doc::Node& n);
[[nodiscard]] std::string scalar(const doc::Node& n);
/// A Go or Helm boolean field that is set: the scalar `true` or `True`.
[[nodiscard]] bool truthy(const doc::Node& n);
/// A child by key (an undefined node when `n` is not a map or has no such key).
[[nodiscard]] inline doc::Node child(const doc::Node& n, std::string_view key) { return n.find_child(key); }
[[nodiscard]] inline doc::Node path(const doc::Node& from, std::initializer_list<std::string_view> keys) { return doc::descend(from, keys); }
/// One printable line naming the file and line.
[[nodiscard]] Error bad_file(const std::string& file, int line, const std::string& what);
/// One more container read; an Error past the reader's limit.
[[nodiscard]] std::optional<Error> count_container(Reader& r, const std::string& file, const doc::Node& at);
/// A YAML list of strings, or one string split as a shell would.
[[nodiscard]] Result<Words> words_of(const doc::Node& n, const std::string& file, const char* what);
/// "file:line Kind/name container c (image)", for skip notes.
[[nodiscard]] std::string label(const Pod& pod, const Container& c);
/// `env:` ({name, value} list, map, or NAME=value list) appended to `c.env`.
void read_env(const doc::Node& env, Container& c);
[[nodiscard]] Result<Container> read_container(const doc::Node& n, const std::string& file);
/// The GPU of a pod spec: its nodeSelector, else its required node affinity.
void read_gpu(const doc::Node& spec, Pod& pod);
/// A container → a workload, or a skip note when it runs nothing kvdtype reads.
void add_container(Reader& r, const Pod& pod, Container c);
/// Every container (and native sidecar) of a pod spec; `where` labels them.
[[nodiscard]] std::optional<Error> read_pod_spec(Reader& r, const doc::Node& spec, Pod pod, const std::string& where = {});
/// The container an operator's builder runs: `command` as written, `env` (a list) and `resources`
/// (a map) where given (operator_pod.cpp).
[[nodiscard]] doc::Node operator_container(doc::Tree& t, std::string_view name, const std::string& image,
                                           std::span<const std::string> command, const doc::Node& env, const doc::Node& resources);
/// The pod spec around that one container, with the placement `keys` (nodeSelector, affinity,
/// tolerations) copied from `placement` where it has them.
[[nodiscard]] doc::Node one_container_spec(doc::Tree& t, const doc::Node& c, const doc::Node& placement,
                                           std::initializer_list<std::string_view> keys);
/// KServe's LLMInferenceService(Config) pod spec at `role` of `obj` as the controller runs it: the
/// containers' Go templates rendered and, in a service, the `main` container's inherited command,
/// written into the document's nodes (manifest_controllers.cpp); `notes` says what was assumed.
[[nodiscard]] doc::Node kserve_llm_pod(doc::Tree& tree, const doc::Node& obj, const doc::Node& spec, const std::string& role,
                                       std::vector<std::string>& notes);
/// KubeAI's Model `obj` as its model controller runs it: a pod spec with the engine's container,
/// the GPU its resource profile names in `pod` (manifest_operators.cpp). Undefined when the engine
/// is none kvdtype reads; `notes` says why or what was assumed.
[[nodiscard]] doc::Node kubeai_model_pod(doc::Tree& tree, const doc::Node& obj, Pod& pod, std::vector<std::string>& notes);
/// vLLM production-stack's VLLMRuntime `obj` as its operator runs it (manifest_operators.cpp).
[[nodiscard]] doc::Node vllm_runtime_pod(doc::Tree& tree, const doc::Node& obj, Pod& pod, std::vector<std::string>& notes);
/// KAITO's Workspace `obj` as its controller runs a preset (manifest_kaito.cpp): `vllm serve`
/// of the preset's model with the `vllm:` flags of the ConfigMap the Workspace names, found
/// among the file's documents. Undefined when it cannot be built; `notes` says why.
[[nodiscard]] doc::Node kaito_workspace_pod(Reader& r, const doc::Node& obj, Pod& pod, std::vector<std::string>& notes);
/// Arks's ArksApplication `obj` as the arks operator runs it (manifest_arks.cpp): the pod of
/// `role` (`leader` or `worker`) of its group, with the ArksModel it names found among the file's
/// documents; an empty pod spec for the worker of a one-pod group. Undefined when it cannot be
/// built; `notes` says why or what was assumed.
[[nodiscard]] doc::Node arks_application_pod(Reader& r, const doc::Node& obj, std::string_view role, Pod& pod,
                                             std::vector<std::string>& notes);
/// llmaz's Playground `obj` as its controllers run it (manifest_llmaz.cpp): the BackendRuntime it
/// names (the file's, else the chart's) rendered for the OpenModels it claims, found among the
/// file's documents; the GPU its flavor names in `pod`. Undefined when it cannot be built.
[[nodiscard]] doc::Node llmaz_playground_pod(Reader& r, const doc::Node& obj, Pod& pod, std::vector<std::string>& notes);
/// kthena's ModelBooster `obj` as its model-booster controller runs it (manifest_kthena.cpp): the
/// engine pod of `worker` (an element of spec.backend.workers); an empty pod spec for a worker
/// that runs no engine of its own. Undefined when it cannot be built; `notes` says why.
[[nodiscard]] doc::Node kthena_model_booster_pod(doc::Tree& tree, const doc::Node& obj, const doc::Node& worker, Pod& pod,
                                                 std::vector<std::string>& notes);
/// A Go text/template rendered with every field of its data unset; `rendered` is set when the
/// text held a template action.
[[nodiscard]] std::string render_unset_template(std::string_view text, bool& rendered);
/// A Kubernetes object (or a List of them) → its pods (manifest_kinds.cpp).
[[nodiscard]] std::optional<Error> read_any(Reader& r, const doc::Node& obj, Pod pod, int depth);

/// A document with no `kind` and no compose `services`: a launcher task file or chart values
/// kvdtype reads (SkyPilot, Ray Serve, vLLM production-stack, llm-d modelservice). Nothing when
/// it is none of them; else the reading's error, if any.
[[nodiscard]] std::optional<std::optional<Error>> read_task_file(Reader& r, const doc::Node& doc, const Pod& pod);
// An srtctl recipe of a `base:` job and override_* / zip_override_* variants
// (manifest_srtctl_variants.cpp): the jobs it submits, built as srtctl builds them; a section
// srtctl would refuse is named in `refused`.
[[nodiscard]] bool is_srtctl_variants(const doc::Node& doc);
[[nodiscard]] std::vector<doc::Node> srtctl_variants(doc::Tree& t, const doc::Node& doc, std::vector<std::string>& refused);
[[nodiscard]] std::optional<std::optional<Error>> read_chart_values(Reader& r, const doc::Node& doc, const Pod& pod);
/// llm-d-deployer chart values (`sampleApplication`) and llm-d-benchmark scenario files
/// (`scenario:` stacks), manifest_llmd.cpp. Nothing when the document is neither.
[[nodiscard]] std::optional<std::optional<Error>> read_llmd_tools(Reader& r, const doc::Node& doc, const Pod& pod);
/// A Ray Serve config (`applications:`), also what a RayService holds in `serveConfigV2`;
/// `worker_env` is the env of the RayService's worker containers ("NAME=value", or "NAME" when
/// its value is not in the file), which the replicas inherit.
[[nodiscard]] std::optional<Error> read_ray_serve(Reader& r, const doc::Node& doc, Pod pod, int line_offset,
                                                  const std::vector<std::string>& worker_env = {});
/// A Ray Serve application of its own Python code (`import_path: module:attr`): its source from
/// a ConfigMap of the same file or a file beside the manifest (or above it: a working_dir that is
/// the repository), and the vLLM arguments it builds (manifest_ray_app.cpp). Unread, a skip note
/// names what is missing.
[[nodiscard]] std::optional<Error> read_ray_python_app(Reader& r, const doc::Node& app, const Pod& pod,
                                                       const std::string& where, const std::vector<std::string>& env,
                                                       const std::vector<std::string>& worker_env, int line_offset);
[[nodiscard]] bool is_ray_serve(const doc::Node& doc);

/// What a document no reader takes looks like, and the input that would read it: "a vLLM config
/// file; pass it as `-- vllm serve --config FILE`". Empty when it looks like nothing known.
[[nodiscard]] std::string shape_hint(const doc::Node& doc);
/// The same for text that is not YAML: a Helm chart template.
[[nodiscard]] std::string text_hint(std::string_view text);

/// A GPU named by a launcher (SkyPilot `H100:8`, Ray `A100-80G`) → `pod.gpu`, or a note saying
/// it names nothing kvdtype knows.
void gpu_from_name(const std::string& name, const char* via, Pod& pod);

}  // namespace kvdtype::io::manifest
