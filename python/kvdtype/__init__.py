"""kvdtype: resolve an inference engine's KV-cache dtype flags into concrete element types and
reject bad combinations before any kernel runs.

    plan = kvdtype.check(gpu="H100", kv_cache_dtype="fp8", attention="mla", model_dtype="bfloat16")
    plan = kvdtype.check(gpu="H100", command="vllm serve deepseek-ai/DeepSeek-V3 --kv-cache-dtype fp8")
    plan.raise_if_rejected()
    kvdtype.guard(kv_cache, plan, "k_cache")   # before each kernel launch

Everything lives in the compiled kvdtype._kvdtype (python/kvdtype_module.cpp); `python3 -m
kvdtype` runs the command line itself (the same code as the `kvdtype` executable).
"""
from . import _kvdtype
from ._kvdtype import *  # noqa: F401,F403  (the public names: check, guard, Plan, Error, …)
from ._kvdtype import __version__, _cli_main  # noqa: F401

__all__ = [name for name in dir(_kvdtype) if not name.startswith("_")]

# Classes and functions report the package, not the extension, as their home.
for _name in __all__:
    _obj = getattr(_kvdtype, _name)
    if isinstance(_obj, type):
        try:
            _obj.__module__ = "kvdtype"
        except (AttributeError, TypeError):
            pass
del _name, _obj
