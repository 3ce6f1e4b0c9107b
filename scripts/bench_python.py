#!/usr/bin/python3
"""Per-call cost of the Python module: kvdtype.check(...) and kvdtype.guard(...).

Run with the built module on PYTHONPATH:

    PYTHONPATH=build/h-bench/python /usr/bin/python3 scripts/bench_python.py

Each figure is timeit's per-call time (total / number) for each of --repeat repeats; the median
of the repeats is reported with the minimum and the spread. Budgets (docs/performance.md):
check <= 20 us, guard <= 1 us. A plain Python function call of the same arity is timed beside
guard as the floor any Python-level call pays. Never fails on time.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import timeit

DEFAULT_MODULE_DIR = "build/h-bench/python"

# The typical accepted request of the C++ benchmarks (bench/bench_common.hpp).
TYPICAL = dict(engine="vllm", gpu="H100", model_dtype="bfloat16", attention="gqa", kv_cache_dtype="fp8",
               num_heads=32, num_kv_heads=8, head_size=128, num_layers=32)
# The founding uint8 case (rejected, KVD020).
UINT8 = dict(engine="vllm", gpu="H100", model_dtype="bfloat16", attention="sparse-mla", head_size=512,
             kv_cache_dtype="fp8", backend="FLASHINFER_MLA_SPARSE_SM90", kv_dtype="uint8")


def import_kvdtype():
    try:
        import kvdtype  # noqa: F401
    except ImportError:
        here = os.path.abspath(DEFAULT_MODULE_DIR)
        if not os.path.isdir(here):
            sys.exit("bench_python: kvdtype is not importable; put the built module on PYTHONPATH")
        sys.path.insert(0, here)
        print(f"(kvdtype not on PYTHONPATH; using {here})", file=sys.stderr)
    import kvdtype
    return kvdtype


def per_call(stmt, number: int, repeat: int) -> dict[str, float]:
    times = timeit.repeat(stmt, number=number, repeat=repeat)
    per = sorted(t / number * 1e9 for t in times)  # ns per call
    return {"median_ns": statistics.median(per), "min_ns": per[0], "max_ns": per[-1], "repeats": repeat,
            "number": number}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--check-number", type=int, default=2000)
    ap.add_argument("--guard-number", type=int, default=200000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    kvdtype = import_kvdtype()
    plan = kvdtype.check(**TYPICAL)
    if plan.verdict == "error":
        sys.exit("bench_python: the typical request is rejected")
    if not kvdtype.check(**UINT8).fired("KVD020"):
        sys.exit("bench_python: the uint8 case no longer fires KVD020")
    kv = plan.kv_data_type  # the KV dtype the plan declares to the kernel ("float8_e4m3fn")
    kvdtype.guard(kv, plan, "kv_data_type")  # accepted: guard returns None

    def noop(obj, plan, role):
        return None

    cases = {
        "check (typical, accepted)": (lambda: kvdtype.check(**TYPICAL), args.check_number),
        "check (uint8 case, rejected)": (lambda: kvdtype.check(**UINT8), args.check_number),
        "guard(str, plan, 'kv_data_type')": (lambda: kvdtype.guard(kv, plan, "kv_data_type"), args.guard_number),
        "plan.guard(str, 'kv_data_type')": (lambda: plan.guard(kv, "kv_data_type"), args.guard_number),
        "plan.accepts(str, 'kv_data_type')": (lambda: plan.accepts(kv, "kv_data_type"), args.guard_number),
        "python no-op call f(a, b, c)": (lambda: noop(kv, plan, "kv_data_type"), args.guard_number),
    }
    try:
        import numpy as np
        arr = np.zeros(4, dtype=np.uint8)  # a uint8 cache tensor: accepted as k_cache storage
        kvdtype.guard(arr, plan, "k_cache")
        cases["guard(numpy uint8 array, plan, 'k_cache')"] = (lambda: kvdtype.guard(arr, plan, "k_cache"),
                                                               args.guard_number)
    except ImportError:
        pass
    try:
        import torch
        t = torch.zeros(4, dtype=torch.uint8)
        kvdtype.guard(t, plan, "k_cache")
        cases["guard(torch uint8 tensor, plan, 'k_cache')"] = (lambda: kvdtype.guard(t, plan, "k_cache"),
                                                               args.guard_number)
    except ImportError:
        pass

    results = {name: per_call(fn, number, args.repeat) for name, (fn, number) in cases.items()}
    budgets = {"check (typical, accepted)": 20000, "check (uint8 case, rejected)": 20000,
               "guard(str, plan, 'kv_data_type')": 1000}
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "results": results, "budgets_ns": budgets}, indent=2))
        return 0
    print(f"python {sys.version.split()[0]}, kvdtype {kvdtype.__version__}")
    for name, r in results.items():
        budget = budgets.get(name)
        verdict = "" if budget is None else ("  (budget %s us: %s)" % (budget / 1000, "met" if r["median_ns"] <= budget else "MISSED"))
        print(f"{name:44s} median {r['median_ns'] / 1000:8.3f} us  (min {r['min_ns'] / 1000:.3f}, "
              f"max {r['max_ns'] / 1000:.3f}; {r['repeats']}x{r['number']}){verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
