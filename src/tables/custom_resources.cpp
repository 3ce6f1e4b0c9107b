// Where pod specs sit in the objects of each kind kvdtype reads: one row per kind, built in or a
// custom resource (src/tables/rows/custom_resource.hpp says what each column means). Adding a
// kind is a row here, a fixture under tests/data/manifests/ with a test in
// tests/unit/test_custom_resources.cpp, and its line in docs/inputs.md (a test checks the docs
// name every row's kind and paths).
#include "tables/rows/custom_resource.hpp"

namespace kvdtype {
namespace {

constexpr PodKind kRows[] = {
    // Kubernetes workloads (k8s.io/api core/v1, apps/v1, batch/v1 types.go).
    {.groups = "", .kind = "Pod", .project = "Kubernetes", .pods = {{.path = "spec"}},
     .source = "kubernetes/api core/v1/types.go (Pod.Spec)"},
    {.groups = "", .kind = "PodTemplate", .project = "Kubernetes", .pods = {{.path = "template.spec"}},
     .source = "kubernetes/api core/v1/types.go (PodTemplate.Template)"},
    {.groups = "", .kind = "ReplicationController", .project = "Kubernetes", .pods = {{.path = "spec.template.spec"}},
     .source = "kubernetes/api core/v1/types.go (ReplicationControllerSpec.Template)"},
    {.groups = "apps extensions", .kind = "Deployment", .project = "Kubernetes", .pods = {{.path = "spec.template.spec"}},
     .source = "kubernetes/api apps/v1/types.go (DeploymentSpec.Template)"},
    {.groups = "apps", .kind = "StatefulSet", .project = "Kubernetes", .pods = {{.path = "spec.template.spec"}},
     .source = "kubernetes/api apps/v1/types.go (StatefulSetSpec.Template)"},
    {.groups = "apps extensions", .kind = "DaemonSet", .project = "Kubernetes", .pods = {{.path = "spec.template.spec"}},
     .source = "kubernetes/api apps/v1/types.go (DaemonSetSpec.Template)"},
    {.groups = "apps extensions", .kind = "ReplicaSet", .project = "Kubernetes", .pods = {{.path = "spec.template.spec"}},
     .source = "kubernetes/api apps/v1/types.go (ReplicaSetSpec.Template)"},
    {.groups = "batch", .kind = "Job", .project = "Kubernetes", .pods = {{.path = "spec.template.spec"}},
     .source = "kubernetes/api batch/v1/types.go (JobSpec.Template)"},
    {.groups = "batch", .kind = "CronJob", .project = "Kubernetes", .pods = {{.path = "spec.jobTemplate.spec.template.spec"}},
     .source = "kubernetes/api batch/v1/types.go (CronJobSpec.JobTemplate)"},
    // LeaderWorkerSet: without a leaderTemplate the leader runs the worker template.
    {.groups = "leaderworkerset.x-k8s.io", .kind = "LeaderWorkerSet", .project = "LeaderWorkerSet",
     .pods = {{.path = "spec.leaderWorkerTemplate.leaderTemplate.spec", .role = "leaderTemplate"},
              {.path = "spec.leaderWorkerTemplate.workerTemplate.spec", .role = "workerTemplate"}},
     .source = "kubernetes-sigs/lws api/leaderworkerset/v1/leaderworkerset_types.go @47a6181f "
               "(LeaderWorkerTemplate.LeaderTemplate, .WorkerTemplate)"},
    // KServe. The InferenceService predictor inlines a PodSpec beside `model`; the HF runtime's
    // vLLM backend is read from `model` (src/sources/k8s/manifest_kinds.cpp).
    {.groups = "serving.kserve.io", .kind = "InferenceService", .project = "KServe",
     .pods = {{.path = "spec.predictor", .role = "predictor", .container = "model",
               .container_is = ExtraContainer::kserve_model}},
     .source = "kserve/kserve pkg/apis/serving/v1beta1/predictor.go @6382cb35 (PredictorSpec: PodSpec inline, Model)"},
    {.groups = "serving.kserve.io", .kind = "ServingRuntime", .project = "KServe", .pods = {{.path = "spec"}},
     .source = "kserve/kserve pkg/apis/serving/v1alpha1/servingruntime_types.go @94adc24f (ServingRuntimePodSpec inline)"},
    {.groups = "serving.kserve.io", .kind = "ClusterServingRuntime", .project = "KServe", .pods = {{.path = "spec"}},
     .source = "kserve/kserve pkg/apis/serving/v1alpha1/servingruntime_types.go @94adc24f (ServingRuntimePodSpec inline)"},
    // LLMInferenceService: the top-level workload is the decode pool when `prefill` is set;
    // `worker` makes either one multi-node (its template is then the head pod).
    // The controller merges the well-known configs under the service and renders their Go
    // templates (PodFill::kserve_llm).
    {.groups = "serving.kserve.io", .kind = "LLMInferenceService", .project = "KServe",
     .pods = {{.path = "spec.template", .role = "template", .fill = PodFill::kserve_llm},
              {.path = "spec.worker", .role = "worker", .fill = PodFill::kserve_llm},
              {.path = "spec.prefill.template", .role = "prefill", .fill = PodFill::kserve_llm},
              {.path = "spec.prefill.worker", .role = "prefill-worker", .fill = PodFill::kserve_llm}},
     .source = "kserve/kserve pkg/apis/serving/v1alpha1/llm_inference_service_types.go @01bfd238 "
               "(LLMInferenceServiceSpec: WorkloadSpec inline, Prefill; WorkloadSpec.Template, .Worker)"},
    {.groups = "serving.kserve.io", .kind = "LLMInferenceServiceConfig", .project = "KServe",
     .pods = {{.path = "spec.template", .role = "template", .fill = PodFill::kserve_llm},
              {.path = "spec.worker", .role = "worker", .fill = PodFill::kserve_llm},
              {.path = "spec.prefill.template", .role = "prefill", .fill = PodFill::kserve_llm},
              {.path = "spec.prefill.worker", .role = "prefill-worker", .fill = PodFill::kserve_llm}},
     .source = "kserve/kserve pkg/apis/serving/v1alpha1/llm_inference_service_types.go @01bfd238 "
               "(LLMInferenceServiceConfig.Spec is an LLMInferenceServiceSpec)"},
    // AIBrix.
    {.groups = "orchestration.aibrix.ai", .kind = "StormService", .project = "AIBrix",
     .pods = {{.path = "spec.template.spec.roles.*.template.spec", .role = "*"}},
     .source = "vllm-project/aibrix api/orchestration/v1alpha1/stormservice_types.go @0066fbd7 (Template "
               "RoleSetTemplateSpec); roleset_types.go @0a53a25f (RoleSetSpec.Roles, RoleSpec.Name, .Template)"},
    {.groups = "orchestration.aibrix.ai", .kind = "RoleSet", .project = "AIBrix",
     .pods = {{.path = "spec.roles.*.template.spec", .role = "*"}},
     .source = "vllm-project/aibrix api/orchestration/v1alpha1/roleset_types.go @0a53a25f (RoleSetSpec.Roles)"},
    {.groups = "orchestration.aibrix.ai", .kind = "RayClusterFleet", .project = "AIBrix",
     .pods = {{.path = "spec.template.spec.headGroupSpec.template.spec", .role = "head"},
              {.path = "spec.template.spec.workerGroupSpecs.*.template.spec", .role = "worker/*", .label_key = "groupName"}},
     .source = "vllm-project/aibrix api/orchestration/v1alpha1/rayclusterfleet_types.go @3ffbcdee (Template "
               "RayClusterTemplateSpec, rayclusterreplicaset_types.go: Spec is KubeRay's RayClusterSpec)"},
    // NVIDIA Dynamo: extraPodSpec inlines a PodSpec and adds mainContainer; `envs` of the graph
    // and of each service go to every component container.
    // v1beta1 replaces them with a `components` list, each with a native `podTemplate` (the graph's
    // `env` is prepended to every component's).
    {.groups = "nvidia.com", .kind = "DynamoGraphDeployment", .project = "NVIDIA Dynamo",
     .pods = {{.path = "spec.services.*.extraPodSpec", .role = "*", .container = "mainContainer", .env = "envs"},
              {.path = "spec.components.*.podTemplate.spec", .role = "*", .env = "env"}},
     .source = "ai-dynamo/dynamo deploy/cloud/operator/api/v1alpha1/dynamographdeployment_types.go @039eb630 "
               "(Services map, Envs); dynamocomponentdeployment_types.go @02007306 (ExtraPodSpec, Envs); "
               "api/dynamo/common/common.go @3ca5653f (ExtraPodSpec: PodSpec inline, MainContainer); "
               "deploy/operator/api/v1beta1/dynamographdeployment_types.go @0fddc01b (Components list, Env) and "
               "dynamocomponentdeployment_types.go @006b6e10 (ComponentName `name`, PodTemplate)"},
    {.groups = "nvidia.com", .kind = "DynamoComponentDeployment", .project = "NVIDIA Dynamo",
     .pods = {{.path = "spec.extraPodSpec", .container = "mainContainer", .env = "envs"},
              {.path = "spec.podTemplate.spec"}},
     .source = "ai-dynamo/dynamo deploy/cloud/operator/api/v1alpha1/dynamocomponentdeployment_types.go @02007306 "
               "(DynamoComponentDeploymentSharedSpec inline: ExtraPodSpec, Envs); v1beta1 "
               "dynamocomponentdeployment_types.go @006b6e10 (PodTemplate)"},
    // KubeAI: a Model holds no pod spec; the model controller builds one (PodFill::kubeai_model).
    {.groups = "kubeai.org", .kind = "Model", .project = "KubeAI", .pods = {{.path = "spec", .fill = PodFill::kubeai_model}},
     .source = "substratusai/kubeai api/k8s/v1/model_types.go @2f32ef49 (ModelSpec: URL, Engine, ResourceProfile, "
               "Image, Args, Env); internal/modelcontroller/engine_vllm.go (vLLMPodForModel)"},
    // vLLM production-stack: the operator builds the Deployment (PodFill::vllm_runtime).
    {.groups = "production-stack.vllm.ai", .kind = "VLLMRuntime", .project = "vLLM production-stack",
     .pods = {{.path = "spec", .fill = PodFill::vllm_runtime}},
     .source = "vllm-project/production-stack operator/api/v1alpha1/vllmruntime_types.go @a6c01db0 (VLLMRuntimeSpec: "
               "Model, VLLMConfig, LMCacheConfig, DeploymentConfig); operator/internal/controller/vllmruntime_controller.go "
               "(deploymentForVLLMRuntime)"},
    // KAITO: a Workspace names a preset (PodFill::kaito_workspace) or holds a pod template of
    // its own; its fields sit at the top level, not under `spec`.
    {.groups = "kaito.sh", .kind = "Workspace", .project = "KAITO",
     .pods = {{.path = "inference.preset", .role = "inference", .fill = PodFill::kaito_workspace},
              {.path = "inference.template.spec", .role = "inference"}},
     .source = "kaito-project/kaito api/v1beta1/workspace_types.go @056b8280 (Workspace: Resource.InstanceType, "
               "Inference.Preset.Name, Inference.Config, Inference.Template); pkg/model/interface.go "
               "(buildVLLMInferenceCommand)"},
    // Arks: an ArksApplication holds no pod spec; the operator builds a group of leader and
    // worker pods (PodFill::arks_application, told apart by the role).
    {.groups = "arks.ai", .kind = "ArksApplication", .project = "Arks",
     .pods = {{.path = "spec", .role = "leader", .fill = PodFill::arks_application},
              {.path = "spec", .role = "worker", .fill = PodFill::arks_application}},
     .source = "scitix/arks api/v1/arksapplication_types.go @e1732a91 (ArksApplicationSpec: Runtime, RuntimeImage, Model, "
               "ServedModelName, TensorParallelSize, RuntimeCommonArgs, Size, InstanceSpec); "
               "internal/controller/arksapplication_controller.go (generateRBGS, generateLws, generateLeaderCommand, "
               "generateWorkerCommand, getApplicationRuntimeImage)"},
    // llmaz: a Playground holds no pod spec; its controller renders a BackendRuntime for the
    // OpenModels it claims (PodFill::llmaz_playground).
    {.groups = "inference.llmaz.io", .kind = "Playground", .project = "llmaz",
     .pods = {{.path = "spec", .fill = PodFill::llmaz_playground}},
     .source = "InftyAI/llmaz api/inference/v1alpha1/playground_types.go @3c13ff34 (PlaygroundSpec: ModelClaim, ModelClaims, "
               "BackendRuntimeConfig); pkg/controller/inference/playground_controller.go (buildTemplate); "
               "chart/templates/backends/*.yaml (the BackendRuntimes the chart installs)"},
    // OME (ome.io): the runtime's own pod spec inline in `spec`; engineConfig and decoderConfig
    // (and their leader / worker for multi-node) each inline a pod spec and add the `runner`
    // container; routerConfig likewise.
    {.groups = "ome.io", .kind = "ClusterServingRuntime", .project = "OME",
     .pods = {{.path = "spec"},
              {.path = "spec.engineConfig", .role = "engine", .container = "runner"},
              {.path = "spec.engineConfig.leader", .role = "engine/leader", .container = "runner"},
              {.path = "spec.engineConfig.worker", .role = "engine/worker", .container = "runner"},
              {.path = "spec.decoderConfig", .role = "decoder", .container = "runner"},
              {.path = "spec.decoderConfig.leader", .role = "decoder/leader", .container = "runner"},
              {.path = "spec.decoderConfig.worker", .role = "decoder/worker", .container = "runner"},
              {.path = "spec.routerConfig", .role = "router", .container = "runner"}},
     .source = "sgl-project/ome pkg/apis/ome/v1beta1/servingruntime_types.go @17b77eda (ServingRuntimeSpec: "
               "ServingRuntimePodSpec inline, EngineConfig, DecoderConfig, RouterConfig); inference_service.go (EngineSpec, "
               "DecoderSpec, LeaderSpec, WorkerSpec, RouterSpec: PodSpec inline and Runner, a Container inline)"},
    {.groups = "ome.io", .kind = "ServingRuntime", .project = "OME",
     .pods = {{.path = "spec"},
              {.path = "spec.engineConfig", .role = "engine", .container = "runner"},
              {.path = "spec.engineConfig.leader", .role = "engine/leader", .container = "runner"},
              {.path = "spec.engineConfig.worker", .role = "engine/worker", .container = "runner"},
              {.path = "spec.decoderConfig", .role = "decoder", .container = "runner"},
              {.path = "spec.decoderConfig.leader", .role = "decoder/leader", .container = "runner"},
              {.path = "spec.decoderConfig.worker", .role = "decoder/worker", .container = "runner"},
              {.path = "spec.routerConfig", .role = "router", .container = "runner"}},
     .source = "sgl-project/ome pkg/apis/ome/v1beta1/servingruntime_types.go @17b77eda (ServingRuntime.Spec is a "
               "ServingRuntimeSpec)"},
    // KubeRay.
    {.groups = "ray.io", .kind = "RayCluster", .project = "KubeRay",
     .pods = {{.path = "spec.headGroupSpec.template.spec", .role = "head"},
              {.path = "spec.workerGroupSpecs.*.template.spec", .role = "worker/*", .label_key = "groupName"}},
     .source = "ray-project/kuberay ray-operator/apis/ray/v1/raycluster_types.go @026f1433 "
               "(HeadGroupSpec.Template, WorkerGroupSpecs[].GroupName, .Template)"},
    {.groups = "ray.io", .kind = "RayService", .project = "KubeRay",
     .pods = {{.path = "spec.rayClusterConfig.headGroupSpec.template.spec", .role = "head"},
              {.path = "spec.rayClusterConfig.workerGroupSpecs.*.template.spec", .role = "worker/*", .label_key = "groupName"}},
     .source = "ray-project/kuberay ray-operator/apis/ray/v1/rayservice_types.go @834fe3a8 (RayClusterSpec "
               "`rayClusterConfig`)"},
    {.groups = "ray.io", .kind = "RayJob", .project = "KubeRay",
     .pods = {{.path = "spec.rayClusterSpec.headGroupSpec.template.spec", .role = "head"},
              {.path = "spec.rayClusterSpec.workerGroupSpecs.*.template.spec", .role = "worker/*", .label_key = "groupName"},
              {.path = "spec.submitterPodTemplate.spec", .role = "submitter"}},
     .source = "ray-project/kuberay ray-operator/apis/ray/v1/rayjob_types.go @f6ef3f7b (RayClusterSpec "
               "`rayClusterSpec`, SubmitterPodTemplate)"},
    // Knative Serving: a Revision's spec inlines a PodSpec. The core `Service` has no pods and no
    // row: it is a different group.
    {.groups = "serving.knative.dev", .kind = "Service", .project = "Knative", .pods = {{.path = "spec.template.spec"}},
     .source = "knative/serving pkg/apis/serving/v1/service_types.go @4db95d86 (ConfigurationSpec inline); "
               "configuration_types.go (Template RevisionTemplateSpec); revision_types.go (RevisionSpec: PodSpec inline)"},
    {.groups = "serving.knative.dev", .kind = "Configuration", .project = "Knative", .pods = {{.path = "spec.template.spec"}},
     .source = "knative/serving pkg/apis/serving/v1/configuration_types.go @e817e244 (Template RevisionTemplateSpec)"},
    {.groups = "serving.knative.dev", .kind = "Revision", .project = "Knative", .pods = {{.path = "spec"}},
     .source = "knative/serving pkg/apis/serving/v1/revision_types.go @7398ed7b (RevisionSpec: PodSpec inline)"},
    // Argo Rollouts: a Deployment's template (a Rollout with workloadRef has none of its own).
    {.groups = "argoproj.io", .kind = "Rollout", .project = "Argo Rollouts", .pods = {{.path = "spec.template.spec"}},
     .source = "argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go @009ba6ba (RolloutSpec.Template, WorkloadRef)"},
    // kthena (Volcano's serving project): a ModelServing's roles each have an entry pod and,
    // for multi-node roles, worker pods.
    {.groups = "workload.serving.volcano.sh", .kind = "ModelServing", .project = "kthena",
     .pods = {{.path = "spec.template.roles.*.entryTemplate.spec", .role = "*/entry"},
              {.path = "spec.template.roles.*.workerTemplate.spec", .role = "*/worker"}},
     .source = "volcano-sh/kthena pkg/apis/workload/v1alpha1/model_serving_types.go @3cc05728 (ModelServingSpec.Template "
               "ServingGroup); servinggroup_types.go (ServingGroup.Roles; Role: Name, EntryTemplate, WorkerTemplate)"},
    // A ModelBooster holds no pod spec: the model-booster controller builds a ModelServing with
    // one engine pod per worker (PodFill::kthena_model_booster).
    {.groups = "workload.serving.volcano.sh", .kind = "ModelBooster", .project = "kthena",
     .pods = {{.path = "spec.backend.workers.*", .role = "*", .label_key = "type", .fill = PodFill::kthena_model_booster}},
     .source = "volcano-sh/kthena pkg/apis/workload/v1alpha1/model_booster_types.go @3cc05728 (ModelBackend: Type, "
               "ModelURI, Env, Workers; ModelWorker: Type, Image, Pods, Resources, Config); "
               "pkg/model-booster-controller/convert/model_serving.go (BuildModelServing, buildCommands)"},
    // Volcano: `Job` of batch.volcano.sh, not batch/v1's.
    {.groups = "batch.volcano.sh", .kind = "Job", .project = "Volcano", .pods = {{.path = "spec.tasks.*.template.spec", .role = "*"}},
     .source = "volcano-sh/apis pkg/apis/batch/v1alpha1/job.go @7c2e554c (JobSpec.Tasks, TaskSpec.Name, .Template)"},
    // Kubeflow training jobs: replica specs keyed by replica type (Master, Worker, Launcher).
    {.groups = "kubeflow.org", .kind = "PyTorchJob", .project = "Kubeflow",
     .pods = {{.path = "spec.pytorchReplicaSpecs.*.template.spec", .role = "*"}},
     .source = "kubeflow/training-operator pkg/apis/kubeflow.org/v1/pytorch_types.go @bf3787f1 (PyTorchReplicaSpecs map, "
               "ReplicaSpec.Template)"},
    {.groups = "kubeflow.org", .kind = "MPIJob", .project = "Kubeflow",
     .pods = {{.path = "spec.mpiReplicaSpecs.*.template.spec", .role = "*"}},
     .source = "kubeflow/mpi-operator pkg/apis/kubeflow/v2beta1/types.go @e229bd8b (MPIReplicaSpecs map, ReplicaSpec.Template)"},
    // OpenKruise workloads with a Deployment's / StatefulSet's template.
    {.groups = "apps.kruise.io", .kind = "CloneSet", .project = "OpenKruise", .pods = {{.path = "spec.template.spec"}},
     .source = "openkruise/kruise apis/apps/v1alpha1/cloneset_types.go @eea019c4 (CloneSetSpec.Template)"},
    {.groups = "apps.kruise.io", .kind = "StatefulSet", .project = "OpenKruise", .pods = {{.path = "spec.template.spec"}},
     .source = "openkruise/kruise apis/apps/v1alpha1/statefulset_types.go @f5f9fa2c (Advanced StatefulSet: StatefulSetSpec.Template)"},
};

// The group of an apiVersion: "apps/v1" → "apps", "v1" → "" (the core group).
constexpr std::string_view group_of(std::string_view api_version) {
  const std::size_t slash = api_version.find('/');
  return slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
}

constexpr bool lists_group(std::string_view groups, std::string_view group) {
  if (group.empty()) return groups.empty();
  while (!groups.empty()) {
    const std::size_t sp = groups.find(' ');
    if (groups.substr(0, sp) == group) return true;
    if (sp == std::string_view::npos) break;
    groups.remove_prefix(sp + 1);
  }
  return false;
}

// Every row names its kind, a first path and its source, and no two rows of one kind share a
// group (the reader would never reach the second): a slip fails the build.
constexpr bool rows_well_formed(std::span<const PodKind> rows) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PodKind& a = rows[i];
    if (a.kind.empty() || a.source.empty() || a.project.empty() || a.pods[0].path.empty()) return false;
    for (std::size_t j = i + 1; j < rows.size(); ++j) {
      const PodKind& b = rows[j];
      if (a.kind != b.kind) continue;
      if (a.groups.empty() && b.groups.empty()) return false;
      std::string_view g = b.groups;
      while (!g.empty()) {
        const std::size_t sp = g.find(' ');
        if (lists_group(a.groups, g.substr(0, sp))) return false;
        if (sp == std::string_view::npos) break;
        g.remove_prefix(sp + 1);
      }
    }
  }
  return true;
}
static_assert(rows_well_formed(kRows));

}  // namespace

std::span<const PodKind> pod_kinds() noexcept { return kRows; }

const PodKind* find_pod_kind(std::string_view api_version, std::string_view kind) noexcept {
  for (const PodKind& k : kRows) {
    if (k.kind != kind) continue;
    if (api_version.empty() || lists_group(k.groups, group_of(api_version))) return &k;
  }
  return nullptr;
}

bool has_pod_kind(std::string_view kind) noexcept {
  for (const PodKind& k : kRows)
    if (k.kind == kind) return true;
  return false;
}

}  // namespace kvdtype
