// kvdtype/io/manifest.hpp — the serving containers of Kubernetes manifests and compose files.
//
// A manifest (YAML or JSON, several documents) holds pods: where they sit in each kind — bare
// Pods, Deployments and the other workloads, LeaderWorkerSets, KServe InferenceServices and
// LLMInferenceServices, AIBrix, Dynamo, KubeRay, Knative, Argo, Volcano, Kubeflow and
// OpenKruise kinds — is a table (src/tables/custom_resources.cpp); a kind it lacks is searched for
// `containers` lists and its workloads say the path was guessed. A compose file holds services; a
// SkyPilot task, a Ray Serve config and vLLM production-stack or llm-d modelservice chart values
// hold launch commands. Every container whose command + args (or its image's entrypoint) run a
// serving program kvdtype knows becomes a Workload; the others are listed as skipped. Nothing is
// fetched: an image's entrypoint is known only for the images named in docs/inputs.md.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/input.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// What a manifest holds.
struct ManifestWorkloads {
  std::vector<Workload> workloads;  ///< one per serving container, in document order
  std::vector<std::string> skipped; ///< "Deployment/x container sidecar (prom/node-exporter): not a serving command"
  std::size_t chart_values = 0;      ///< documents read as Helm chart values (what `--set-file` sets)
  /// Objects that serve but whose pods kvdtype could not build, because the operator needs a
  /// fact not in this input ("Playground/x: the OpenModel m … is not in this file …"): never
  /// passed as fine — each is a KVD080 (checks skipped). Also listed in `skipped`.
  std::vector<std::string> unknown;
};

/// Read `text` (YAML or JSON; several documents) named `file` in the sources. Each workload
/// starts from `base` (the caller's explicit fields win over the container; an empty gpu is
/// taken from the pod's node selector or required node affinity). Text that is not YAML, or a
/// document that is neither a Kubernetes object nor a compose file, is an Error (bad_file)
/// naming the line.
[[nodiscard]] Result<ManifestWorkloads> read_manifest(std::string_view text, const std::string& file, const CheckInput& base);

/// The same for one Kubernetes object already separated from its file (an AdmissionReview's
/// request.object, as JSON text): sources carry no file and no document.
[[nodiscard]] Result<ManifestWorkloads> read_object(std::string_view text, const CheckInput& base);

/// A GPU Feature Discovery / AMD device-plugin node label and its value → a `--gpu` value, or
/// empty when the label does not name a target (`nvidia.com/gpu.family: ampere` is ambiguous).
[[nodiscard]] std::string gpu_from_node_label(std::string_view key, std::string_view value);

/// A manifest file ("-": standard input), at most 16 MiB, text only.
[[nodiscard]] Result<std::string> read_manifest_file(const std::string& path);

/// What `kvdtype check --manifest … --command-file … --gpu A,B` checks: every input read
/// first (each through its reader), then every serving container of every manifest, every
/// command file, or (with none) `base` itself; each split per target when the gpu names several
/// (expand_fleet); the manifests' skipped containers in Checks::notes. An unreadable or
/// unparseable file is an Error (bad input).
[[nodiscard]] Result<Checks> check_several(std::span<const InputRef> inputs, const CheckInput& base);

/// The same for manifests and command files given as two lists.
[[nodiscard]] Result<Checks> check_several(std::span<const std::string> manifests, std::span<const std::string> command_files,
                                           const CheckInput& base);

}  // namespace kvdtype::io
