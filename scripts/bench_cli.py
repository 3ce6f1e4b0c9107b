#!/usr/bin/python3
"""Time the kvdtype CLI end to end against /bin/true, interleaved in one run.

Each repetition starts one cold process of `kvdtype check ... --format json` and one of
`/bin/true` (the order alternates every repetition, so drift in machine load hits both alike),
waits for it and records the wall time of spawn + run + exit. Both go through the same
os.posix_spawn + os.waitpid path with stdout/stderr on /dev/null, so the Python-side cost is the
same for both and cancels out of nothing: the ratio compares two whole process lifetimes.

Reports the median, the quartiles and the minimum of each, and the ratio of the medians (the
budget in docs/performance.md: CLI <= 3x /bin/true). Never fails on time; exits 1 only when the
CLI does not run or gives the wrong exit status.

    /usr/bin/python3 scripts/bench_cli.py [--cli build/h-bench/tools/kvdtype/kvdtype] [--reps 300]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

DEFAULT_CLI = "build/h-bench/tools/kvdtype/kvdtype"
# A typical accepted pre-flight check: vLLM on H100, a bf16 GQA model, an fp8 cache, backend auto.
CHECK_ARGS = ["check", "--engine", "vllm", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "gqa",
              "--kv-cache-dtype", "fp8", "--format", "json"]


def spawn_ns(argv: list[str], devnull: int) -> tuple[int, int]:
    """Wall time of one process from spawn to reaped exit, and its exit status."""
    file_actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    t0 = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=file_actions)
    _, status = os.waitpid(pid, 0)
    t1 = time.perf_counter_ns()
    return t1 - t0, os.waitstatus_to_exitcode(status)


def summary(ns: list[int]) -> dict[str, float]:
    us = sorted(x / 1000.0 for x in ns)
    q = statistics.quantiles(us, n=4)
    return {"median_us": statistics.median(us), "q1_us": q[0], "q3_us": q[2], "min_us": us[0], "n": len(us)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=DEFAULT_CLI, help="path of the kvdtype executable")
    ap.add_argument("--true", default="/bin/true", help="the baseline process")
    ap.add_argument("--reps", type=int, default=300, help="repetitions of each (interleaved)")
    ap.add_argument("--warmup", type=int, default=10, help="untimed repetitions of each first (page cache)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args()

    cli = os.path.abspath(args.cli)
    if not os.access(cli, os.X_OK):
        print(f"bench_cli: {cli} is not an executable (build it: cmake --build build/h-bench)", file=sys.stderr)
        return 1
    cli_argv = [cli] + CHECK_ARGS
    true_argv = [args.true]

    devnull = os.open(os.devnull, os.O_WRONLY)
    for _ in range(args.warmup):
        _, rc = spawn_ns(cli_argv, devnull)
        if rc != 0:
            print(f"bench_cli: {' '.join(cli_argv)} exited {rc}, expected 0", file=sys.stderr)
            return 1
        spawn_ns(true_argv, devnull)

    cli_ns: list[int] = []
    true_ns: list[int] = []
    for i in range(args.reps):
        # Alternate which one goes first so neither always runs right after the other.
        order = ((cli_argv, cli_ns), (true_argv, true_ns)) if i % 2 == 0 else ((true_argv, true_ns), (cli_argv, cli_ns))
        for argv, out in order:
            ns, rc = spawn_ns(argv, devnull)
            if argv is cli_argv and rc != 0:
                print(f"bench_cli: kvdtype exited {rc} on repetition {i}", file=sys.stderr)
                return 1
            out.append(ns)
    os.close(devnull)

    c, t = summary(cli_ns), summary(true_ns)
    ratio = c["median_us"] / t["median_us"]
    result = {"cli": " ".join([os.path.relpath(cli)] + CHECK_ARGS), "kvdtype": c, "true": t,
              "ratio_of_medians": ratio, "budget_ratio": 3.0}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"command : {result['cli']}")
        for name, s in (("kvdtype", c), ("/bin/true", t)):
            print(f"{name:10s}: median {s['median_us']:8.1f} us  (q1 {s['q1_us']:.1f}, q3 {s['q3_us']:.1f}, "
                  f"min {s['min_us']:.1f}; n={s['n']})")
        print(f"ratio of medians: {ratio:.2f}x  (budget <= 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
