#!/usr/bin/env python3
"""Where a vLLM-like server calls kvdtype: check() when it builds its config (before loading
weights), guard() right before its attention kernel.

Runs with PyTorch tensors when torch is installed and numpy arrays as stand-ins otherwise.

    vllm_like_server.py                           starts, serves 3 steps (exit 0)
    vllm_like_server.py --kv-dtype uint8          refused at config time, KVD020 (exit 1)
    vllm_like_server.py --declare-storage-dtype   the founding bug reaches the kernel call and the
                                                  guard stops it, KVD020 (exit 3)
"""
import argparse
import sys

import kvdtype

try:  # real tensors when available
    import torch
except ImportError:  # numpy arrays as stand-ins; the guard reads .dtype either way
    torch = None
import numpy as np


class EngineConfig:
    """The part of an engine's config that decides the KV cache."""

    def __init__(self, args):
        self.request = dict(engine="vllm", gpu=args.gpu, model_dtype=args.dtype, attention=args.attention,
                            kv_cache_dtype=args.kv_cache_dtype, backend=args.backend, head_size=args.head_size,
                            num_kv_heads=1, num_layers=args.num_layers, kv_dtype=args.kv_dtype)
        # Config time: resolve and check before anything is allocated. Bad input (a typo in a
        # flag) raises kvdtype.Error; a rejected combination raises RejectedError with the fix.
        self.plan = kvdtype.check(**self.request)
        print(f"kvdtype {kvdtype.__version__}: {self.plan.verdict}; backend {self.plan.backend}, "
              f"K {self.plan.k.format} stored as {self.plan.k.storage}, declare {self.plan.kv_data_type}, "
              f"Q {self.plan.q}, {self.plan.bytes_per_token_per_layer} bytes/token/layer")
        for d in self.plan.diagnostics:
            print(f"  {d.severity} {d.code}: {d.message}\n    fix: {d.fix}")
        self.plan.raise_if_rejected()


def empty(shape, dtype_name):
    """A tensor of the plan's dtype: torch when present, else numpy (uint8/bf16 stand-ins)."""
    if torch is not None:
        return torch.empty(shape, dtype=getattr(torch, dtype_name))
    # numpy has no bfloat16/fp8 without ml_dtypes; a tagged uint8 array stands in for them.
    if dtype_name in ("uint8", "int8", "float16", "float32"):
        return np.empty(shape, dtype=dtype_name)
    return StandIn(np.empty(shape, dtype=np.uint8), dtype_name)


class StandIn:
    """An array whose dtype name numpy cannot express; kvdtype only needs .dtype (a name)."""

    def __init__(self, array, dtype_name):
        self.array, self.dtype, self.shape = array, dtype_name, array.shape


class AttentionLayer:
    def __init__(self, plan, head_size):
        self.plan = plan
        last_dim = plan.expected_last_dim("k_cache", plan.k.storage, head_size) or head_size
        self.kv_cache = empty((64, 64, last_dim), plan.k.storage)  # allocated as the plan says

    def forward(self, query, kv_data_type):
        # Right before the kernel: the dtypes actually handed to it. A few hundred nanoseconds.
        kvdtype.guard(query, self.plan, "q")
        kvdtype.guard(self.kv_cache, self.plan, "k_cache")
        kvdtype.guard(kv_data_type, self.plan, "kv_data_type")
        # attention_kernel(query, self.kv_cache, kv_data_type=kv_data_type)  — simulated
        return query


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--gpu", default="H100")
    p.add_argument("--dtype", default="bfloat16")
    p.add_argument("--attention", default="sparse-mla")
    p.add_argument("--kv-cache-dtype", default="fp8")
    p.add_argument("--backend", default="FLASHINFER_MLA_SPARSE_SM90")
    p.add_argument("--head-size", type=int, default=576)
    p.add_argument("--num-layers", type=int, default=61)
    p.add_argument("--kv-dtype", default=None, help="the KV dtype the engine will declare (None: as planned)")
    p.add_argument("--declare-storage-dtype", action="store_true",
                   help="simulate the founding bug: hand the kernel the cache tensor's dtype as kv_data_type")
    args = p.parse_args(argv)

    try:
        config = EngineConfig(args)
    except kvdtype.RejectedError as e:
        print(f"refusing to start:\n{e}", file=sys.stderr)
        return 1
    except kvdtype.Error as e:
        print(f"bad configuration: {e}", file=sys.stderr)
        return 2

    plan = config.plan
    layers = [AttentionLayer(plan, args.head_size) for _ in range(4)]
    query = empty((8, 16, args.head_size), plan.q)
    declared = layers[0].kv_cache.dtype if args.declare_storage_dtype else plan.kv_data_type
    try:
        for _step in range(3):
            for layer in layers:
                layer.forward(query, declared)
    except kvdtype.GuardError as e:
        print(f"kernel launch refused ({e.code}): {e}", file=sys.stderr)
        return 3
    print(f"3 decode steps x {len(layers)} layers launched ({'torch' if torch else 'numpy'} tensors); "
          "every dtype matched the plan")
    return 0


if __name__ == "__main__":
    sys.exit(main())
