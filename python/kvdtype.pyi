"""Type stub for the compiled kvdtype module (python/kvdtype_module.cpp)."""
from os import PathLike
from typing import Any, Optional, Union

__version__: str
REQUEST_FIELDS: tuple[str, ...]
ROLES: tuple[str, str, str, str]
FLAG_ROCM_AITER: int
FLAG_ROCM_AITER_MHA: int
FLAG_ROCM_AITER_MLA: int
FLAG_KV_CONNECTOR: int
FLAG_DP_ATTENTION: int
FLAG_SPECULATIVE: int

class Error(Exception): ...
class UnknownNameError(Error, ValueError): ...
class UnknownKeywordError(UnknownNameError, TypeError): ...  # check(gpuu=...)
class BadValueError(Error, ValueError): ...
class BadFileError(Error): ...
class UnsupportedError(Error): ...

class GuardError(Error, TypeError):
    code: Optional[str]  # the rule, e.g. "KVD020"
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
    def to_dict(self) -> dict[str, Any]: ...

class TensorPlan:
    format: Optional[str]
    storage: Optional[str]

Role = Union[str, int]  # "q", "k_cache", "v_cache", "kv_data_type" (or 0..3)
DtypeLike = Any  # torch tensor/dtype, numpy array/dtype, ml_dtypes type, format name, __dlpack__ object

class Plan:
    verdict: str  # "ok" | "warn" | "error"
    ok: bool
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
    diagnostics: list[Diagnostic]
    errors: list[Diagnostic]
    def fired(self, code: str) -> bool: ...
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...
    def to_markdown(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def raise_if_rejected(self) -> None: ...
    def accepts(self, obj: DtypeLike, role: Role) -> bool: ...
    def guard(self, obj: DtypeLike, role: Role) -> None: ...
    def expected_last_dim(self, role: Role, storage: DtypeLike, head_size: int) -> Optional[int]: ...

RequestValue = Union[str, int, float, bool, None]

def check(*, engine: RequestValue = ..., engine_version: RequestValue = ..., gpu: RequestValue = ...,
          kv_cache_dtype: RequestValue = ..., model_dtype: RequestValue = ..., attention: RequestValue = ...,
          backend: RequestValue = ..., q_dtype: RequestValue = ..., kv_dtype: RequestValue = ...,
          kv_storage_dtype: RequestValue = ..., checkpoint_kv_cache_dtype: RequestValue = ...,
          kv_scales: RequestValue = ..., tensor_parallel_size: RequestValue = ...,
          data_parallel_size: RequestValue = ..., block_size: RequestValue = ..., num_heads: RequestValue = ...,
          num_kv_heads: RequestValue = ..., head_size: RequestValue = ..., head_size_v: RequestValue = ...,
          num_layers: RequestValue = ..., num_kv_layers: RequestValue = ..., kv_lora_rank: RequestValue = ...,
          qk_rope_head_dim: RequestValue = ..., qk_nope_head_dim: RequestValue = ...,
          index_topk: RequestValue = ..., gpu_memory_gib: RequestValue = ...,
          gpu_memory_utilization: RequestValue = ..., max_model_len: RequestValue = ...,
          weight_gib: RequestValue = ..., model: Union[str, PathLike[str], None] = ..., flags: int = ...) -> Plan: ...

resolve = check

def guard(obj: DtypeLike, plan: Plan, role: Role) -> None: ...
def format_of(obj: DtypeLike) -> str: ...
def dlpack_dtype(obj: DtypeLike) -> Optional[tuple[int, int, int]]: ...
def explain(code: str, format: str = "text") -> str: ...
def formats() -> list[str]: ...
