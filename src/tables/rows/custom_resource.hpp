// Internal: the PodKind row (src/tables/custom_resources.cpp): a Kubernetes kind — built in or a
// custom resource — and the places in its objects where pod specs sit. The manifest reader
// (src/sources/k8s/manifest_kinds.cpp) walks these paths; a kind with no row is searched for `containers`
// lists instead, and each workload it yields says that it was guessed.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace kvdtype {

/// What the container named by PodPath::container is.
enum class ExtraContainer : std::uint8_t {
  plain,         ///< a Kubernetes Container (Dynamo's extraPodSpec.mainContainer)
  kserve_model,  ///< KServe's predictor.model: a model format, run by a ServingRuntime or the HF runtime
};

/// What a kind's controller adds to the pod specs it is given before they run.
enum class PodFill : std::uint8_t {
  none,
  /// KServe's LLMInferenceService: Go templates in the containers are rendered, and the `main`
  /// container without a command inherits the well-known LLMInferenceServiceConfig's `vllm serve`
  /// (src/sources/k8s/manifest_controllers.cpp).
  kserve_llm,
  /// KubeAI's Model: no pod spec at all; the model controller builds the pod from `spec.engine`,
  /// `url`, `args`, `env`, `image` and `resourceProfile` (src/sources/k8s/manifest_operators.cpp).
  kubeai_model,
  /// vLLM production-stack's VLLMRuntime: the operator builds a Deployment whose `vllm` container
  /// runs `vllm serve` with flags from `spec.model` and `spec.vllmConfig` (manifest_operators.cpp).
  vllm_runtime,
  /// KAITO's Workspace: no pod spec for a preset; the controller runs the preset's model with
  /// vLLM, plus the `vllm:` flags of the ConfigMap `inference.config` names
  /// (src/sources/k8s/manifest_kaito.cpp).
  kaito_workspace,
  /// Arks's ArksApplication: no pod spec; the arks operator builds leader (and, for a group of
  /// more than one pod, worker) pods from `spec.runtime`, the ArksModel it names and its own default
  /// images and flags (src/sources/k8s/manifest_arks.cpp).
  arks_application,
  /// llmaz's Playground: no pod spec; the controller renders the BackendRuntime its
  /// backendRuntimeConfig names for the OpenModels it claims (src/sources/k8s/manifest_llmaz.cpp).
  llmaz_playground,
  /// kthena's ModelBooster: no pod spec; the model-booster controller builds a ModelServing whose
  /// vLLM command it writes from each worker's `config` (src/sources/k8s/manifest_kthena.cpp).
  kthena_model_booster,
};

/// One place of a kind's objects where a pod spec sits.
struct PodPath {
  /// Dot-separated keys from the object's root to a pod spec (a map holding `containers`,
  /// `nodeSelector`, `affinity`). `*` is every element of a list or every value of a map.
  std::string_view path;
  /// The label the containers found here carry (`leaderTemplate/NAME`); each `*` in it becomes
  /// the element's name (a list element's `label_key`, a map value's key). Empty: no label.
  std::string_view role;
  /// The key naming a list element under `*` (`name`; KubeRay worker groups: `groupName`).
  std::string_view label_key = "name";
  /// A key of the pod spec holding one more container (Dynamo `mainContainer`, KServe `model`).
  std::string_view container;
  ExtraContainer container_is = ExtraContainer::plain;
  /// A key, at every level the path passes through, holding env vars that apply to every
  /// container below it (Dynamo `envs` on the graph and on each service), outer levels first.
  std::string_view env;
  PodFill fill = PodFill::none;
};

struct PodKind {
  /// API groups the kind is read under, space-separated (`apps extensions`); "" is the core group
  /// (`apiVersion: v1`). An object whose group is not listed is not this kind (Volcano's
  /// batch.volcano.sh `Job` is not batch/v1's).
  std::string_view groups;
  std::string_view kind;
  std::string_view project;  ///< who defines it, for the docs: "Kubernetes", "KServe", "AIBrix" …
  PodPath pods[8];           ///< unused entries have an empty path
  /// The schema or Go types file the paths were read from, at a named version or commit.
  std::string_view source;
};

[[nodiscard]] std::span<const PodKind> pod_kinds() noexcept;

/// The row for `kind` under `api_version` ("group/version", "v1" for the core group). An empty
/// api_version (an object written without one) takes the kind's first row. Null when no row's
/// kind and group match.
[[nodiscard]] const PodKind* find_pod_kind(std::string_view api_version, std::string_view kind) noexcept;

/// Whether `kind` names some row, whatever its group.
[[nodiscard]] bool has_pod_kind(std::string_view kind) noexcept;

}  // namespace kvdtype
