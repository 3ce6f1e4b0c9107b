"""Type stub for the kvdtype package (the compiled kvdtype._kvdtype, python/kvdtype_module.cpp).

check()'s request keywords are generated from the request-field table (src/core/request_fields.cpp)
and its input keywords from the reader table (src/sources/readers.cpp) by kvdtype_surface_gen; a
test fails while they differ.
"""
from os import PathLike
from typing import Any, Mapping, Optional, Sequence, Union

__version__: str
REQUEST_FIELDS: tuple[str, ...]
ROLES: tuple[str, str, str, str]
FLAG_ROCM_AITER: int
FLAG_ROCM_AITER_MHA: int
FLAG_ROCM_AITER_MLA: int
FLAG_KV_CONNECTOR: int
FLAG_DP_ATTENTION: int
FLAG_SPECULATIVE: int

class Error(Exception): ...  # every refusal kvdtype raises
class BadInputError(Error): ...  # bad input: the CLI's exit status 2
class UnknownNameError(BadInputError, ValueError): ...
class UnknownKeywordError(UnknownNameError, TypeError): ...  # check(gpuu=...)
class BadValueError(BadInputError, ValueError): ...
class BadFileError(BadInputError): ...
class UnsupportedError(BadInputError): ...

class GuardError(Error, TypeError):  # any tensor guard() refuses, whatever its dtype
    code: Optional[str]  # the rule, e.g. "KVD020"; None for a dtype kvdtype cannot name
    role: str
    got: str
    want: Optional[str]

class RejectedError(Error):
    plan: "Plan"

class Diagnostic:
    code: str
    severity: str  # "error" | "warning" | "info"
    title: str
    message: str
    fix: str
    backend: Optional[str]
    source: str
    part: Optional[str]  # None: the request; "speculative drafter", "prefill backend", "deployment"
    workloads: list[int]  # indexes into Checks.results the finding concerns
    def to_dict(self) -> dict[str, Any]: ...

class Capacity:
    gpu_memory_gib: float
    gpu_memory_utilization: float
    weight_gib_per_gpu: Optional[float]
    kv_budget_gib: float
    bytes_per_token: int
    tokens: int
    auto_bytes_per_token: Optional[int]
    auto_tokens: Optional[int]
    gain_vs_auto: Optional[float]
    max_model_len: Optional[int]

class Device:
    index: int
    name: str
    target: str
    memory_bytes: int
    via: str

class Probe:
    devices: list[Device]
    notes: list[str]

class TensorPlan:
    format: Optional[str]
    storage: Optional[str]

Role = Union[str, int]  # "q", "k_cache", "v_cache", "kv_data_type" (or 0..3)
DtypeLike = Any  # torch tensor/dtype, numpy array/dtype, ml_dtypes type, format name, __dlpack__ object

class Plan:
    verdict: str  # "ok" | "warn" | "incomplete" | "error"
    ok: bool  # not rejected: True unless the verdict is "error"
    target: Optional[str]
    backend: Optional[str]
    cache_dtype: Optional[str]
    requested_cache_dtype: Optional[str]
    k: TensorPlan
    v: TensorPlan
    q: Optional[str]
    k_format: Optional[str]
    k_storage: Optional[str]
    v_format: Optional[str]
    v_storage: Optional[str]
    q_format: Optional[str]
    kv_data_type: Optional[str]
    scales: str
    bytes_per_token_per_layer: Optional[int]
    bytes_per_token: Optional[int]
    findings: list[Diagnostic]  # every finding, drafter's and prefill's included, in the JSON's order
    diagnostics: list[Diagnostic]  # the same list
    errors: list[Diagnostic]
    warnings: list[Diagnostic]
    capacity: Optional[Capacity]
    draft: Optional["Plan"]  # the speculative drafter's own plan
    prefill: Optional["Plan"]  # SGLang's prefill backend's own plan
    notes: list[str]
    ignored_flags: list[str]
    def fired(self, code: str) -> bool: ...
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...
    def to_markdown(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def raise_if_rejected(self) -> None: ...
    def accepts(self, obj: DtypeLike, role: Role) -> bool: ...
    def guard(self, obj: DtypeLike, role: Role) -> None: ...
    def expected_last_dim(self, role: Role, storage: DtypeLike, head_size: int) -> Optional[int]: ...

class Source:  # where a workload came from; None where it does not apply
    file: Optional[str]
    document: Optional[int]
    line: Optional[int]
    kind: Optional[str]
    name: Optional[str]
    container: Optional[str]
    gpu: Optional[str]

class CheckResult:
    source: Source
    plan: Optional[Plan]  # None when the input could not be checked
    input_error: Optional[str]
    verdict: str  # "ok" | "warn" | "incomplete" | "error"

class DeploymentDiagnostic:  # a finding about several workloads together
    code: str
    severity: str
    title: str
    message: str
    fix: str
    source: str
    results: list[int]  # indexes into Checks.results

class Checks:  # several workloads: kvdtype.checks/v1
    results: list[CheckResult]
    diagnostics: list[DeploymentDiagnostic]
    notes: list[str]
    verdict: str  # "ok" | "warn" | "incomplete" | "error"
    ok: bool  # not rejected: True unless the verdict is "error"
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...
    def to_markdown(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def __len__(self) -> int: ...

PathValue = Union[str, bytes, PathLike[str], None]
PathsValue = Union[str, bytes, PathLike[str], Sequence[Union[str, bytes, PathLike[str]]], None]

def check(
    *,
    # BEGIN request fields (generated by kvdtype_surface_gen from src/core/request_fields.cpp; do not edit)
    engine: Optional[str] = ...,  # vllm (default), sglang, trtllm, llamacpp, lmdeploy, ollama, mlx_lm
    engine_version: Optional[str] = ...,  # engine release: 0.25.1, v0.31.0rc1, 0.4.8.post1, a llama.cpp build b6325, latest (newest known) or auto (installed metadata)
    gpu: Optional[str] = ...,  # sm_90, 9.0, H100, 'NVIDIA H100 80GB HBM3', gfx942, MI300X, cpu, or auto (probe this machine)
    kv_cache_dtype: Optional[str] = ...,  # the engine's kv-cache string, verbatim (auto, fp8, fp8_e4m3, turboquant_k8v4, …)
    v_cache_dtype: Optional[str] = ...,  # the V cache's own string where the engine sets V apart (llama.cpp -ctv; default f16)
    flash_attention: Optional[str] = ...,  # flash attention (llama.cpp -fa)
    model_dtype: Optional[str] = ...,  # bfloat16, float16, float32
    attention: Optional[str] = ...,  # mha, gqa, mqa, mla, sparse-mla
    backend: Optional[str] = ...,  # attention backend in engine spelling, or auto
    q_dtype: Optional[str] = ...,  # the Q dtype handed to the kernel
    kv_dtype: Optional[str] = ...,  # the KV element dtype declared to the kernel (its kv_data_type)
    kv_storage_dtype: Optional[str] = ...,  # the dtype the cache tensor is allocated with
    checkpoint_kv_cache_dtype: Optional[str] = ...,  # the checkpoint's own KV quantization (fp8, nvfp4)
    kv_scales: Union[bool, str, None] = ...,  # calibrated KV scales exist
    tensor_parallel_size: Union[int, str, None] = ...,  # tensor parallelism
    data_parallel_size: Union[int, str, None] = ...,  # data parallelism
    decode_context_parallel_size: Union[int, str, None] = ...,  # decode context parallelism: each token's KV on one of this many ranks of the TP group
    remote_backend: Union[bool, str, None] = ...,  # layers and their KV cache also on remote machines (llama.cpp --rpc, ggml-rpc rpc-server)
    block_size: Union[int, str, None] = ...,  # KV block (page) size
    num_heads: Union[int, str, None] = ...,  # query heads
    num_kv_heads: Union[int, str, None] = ...,  # KV heads
    head_size: Union[int, str, None] = ...,  # head size (MLA: kv_lora_rank + qk_rope_head_dim, 576 for DeepSeek V3)
    head_size_v: Union[int, str, None] = ...,  # V head size when it differs from K
    num_layers: Union[int, str, None] = ...,  # decoder layers
    num_kv_layers: Union[int, str, None] = ...,  # layers with a KV cache (hybrid models)
    kv_lora_rank: Union[int, str, None] = ...,  # MLA latent rank
    qk_rope_head_dim: Union[int, str, None] = ...,  # MLA RoPE dims
    qk_nope_head_dim: Union[int, str, None] = ...,  # MLA NoPE dims
    index_topk: Union[int, str, None] = ...,  # sparse MLA indexer top-k
    gpu_memory_gib: Union[float, int, str, None] = ...,  # GPU memory per device, GiB (default: the product's)
    gpu_memory_utilization: Union[float, int, str, None] = ...,  # fraction of GPU memory the engine may use
    max_model_len: Union[int, str, None] = ...,  # context length
    weight_gib: Union[float, int, str, None] = ...,  # model weights, GiB (whole model)
    model_architecture: Optional[str] = ...,  # the model's architecture, config.json architectures[0] (DeepseekV32ForCausalLM)
    model_type: Optional[str] = ...,  # config.json model_type (deepseek_v32, qwen3_moe)
    weight_quantization: Optional[str] = ...,  # weight quantization method (awq, gptq, fp8, compressed-tensors, modelopt_fp4, …; config.json quantization_config.quant_method)
    kv_scale_layout: Optional[str] = ...,  # which calibrated KV scales the checkpoint carries (k_scale / v_scale tensors)
    kv_scales_source: Optional[str] = ...,  # where the KV scales come from: the checkpoint's tensors, a file (--quantization-param-path) or computed (vLLM --calculate-kv-scales); implies kv_scales=yes
    speculative_method: Optional[str] = ...,  # speculative decoding method (eagle, eagle3, mtp, ngram, draft_model, …; SGLang EAGLE, NEXTN, …)
    num_speculative_tokens: Union[int, str, None] = ...,  # draft tokens per step (vLLM num_speculative_tokens, SGLang --speculative-num-steps)
    speculative_model: Optional[str] = ...,  # the drafter's model (path or Hub id)
    kv_connector: Optional[str] = ...,  # KV connector (vLLM kv_connector: NixlConnector, LMCacheConnectorV1, …; SGLang transfer backend: mooncake, nixl)
    dsa_prefill_backend: Optional[str] = ...,  # SGLang DSA (sparse MLA) prefill kernel: flashmla_sparse, flashmla_kv, flashmla_auto, flashinfer_sparse_mla, fa3, tilelang, aiter, trtllm
    dsa_decode_backend: Optional[str] = ...,  # SGLang DSA (sparse MLA) decode kernel, same names
    hierarchical_cache: Union[bool, str, None] = ...,  # hierarchical KV cache (host-memory offload; SGLang --enable-hierarchical-cache)
    chunked_prefix_cache: Union[bool, str, None] = ...,  # SGLang's chunked prefix cache for MLA models (no: --disable-chunked-prefix-cache; SGLang also turns it off itself on a backend outside its list)
    cuda_graph: Union[bool, str, None] = ...,  # CUDA graphs captured (no: vLLM --enforce-eager, SGLang --disable-cuda-graph)
    q_quantization: Union[bool, str, None] = ...,  # the engine quantizes Q to the fp8 cache's format where the backend does (no: vLLM attention_config disable_flashinfer_q_quantization)
    attention_sinks: Union[bool, str, None] = ...,  # attention layers carry learned sinks (gpt-oss, GptOssForCausalLM: implied by the architecture)
    sliding_window: Union[int, str, None] = ...,  # tokens a sliding-window layer attends to (config.json sliding_window)
    layer_groups: Optional[str] = ...,  # per-layer groups of a hybrid model, KIND:LAYERS[:hHEAD][:kvHEADS][:wWINDOW] comma-separated, KIND full, sliding, linear or mamba (full:10:h512,sliding:50:h256:w1024; config.json layer_types)
    speculative_kv_cache_dtype: Optional[str] = ...,  # the drafter's own kv-cache string (vLLM speculative_config.kv_cache_dtype); default: the target's
    # END request fields
    # BEGIN input keywords (generated by kvdtype_surface_gen from src/sources/readers.cpp; do not edit)
    model: PathValue = ...,  # a Hugging Face model directory or its config.json
    command_file: PathsValue = ...,  # a file holding a launch command (- for stdin); repeat for several (kvdtype.checks/v1)
    env: Union[Mapping[str, str], str, Sequence[str], None] = ...,  # NAME=VALUE: expands $NAME in the launch command or script and is its environment (repeatable)
    manifest: PathsValue = ...,  # Kubernetes YAML or a compose file (- for stdin); repeat for several (kvdtype.checks/v1)
    set_file: Union[Mapping[str, str], str, Sequence[str], None] = ...,  # KEY=FILE, as helm --set-file: the chart values --manifest reads hold FILE's text at KEY (repeatable)
    # END input keywords
    command: Union[str, Sequence[str], None] = ...,
    ignore: Union[str, Sequence[str], None] = ...,
    verbose: bool = ...,
    flags: int = ...,
) -> Union[Plan, Checks]: ...  # Checks for several workloads

resolve = check

def guard(obj: DtypeLike, plan: Plan, role: Role) -> None: ...
def format_of(obj: DtypeLike) -> str: ...
def dlpack_dtype(obj: DtypeLike) -> Optional[tuple[int, int, int]]: ...
def explain(code: str, format: str = "text") -> str: ...
def formats() -> list[str]: ...
def probe() -> Probe: ...
def _cli_main(argv: Sequence[Union[str, bytes]]) -> int: ...
