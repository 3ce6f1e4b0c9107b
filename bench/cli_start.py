#!/usr/bin/python3
"""The CLI's start and its manifest reading, timed against /bin/true, interleaved in one run.

Cases (each one cold process; `/bin/true` is the floor every process pays):
  launch   `kvdtype check -- vllm serve m --kv-cache-dtype fp8 ...` (a launch command read)
  one      `kvdtype check --manifest F`, F one file of N Deployments (N=1,000 by default)
  many     `kvdtype check --manifest D`, D a folder of N files of one Deployment each

Every repetition runs every case of every binary once, in an order shuffled each repetition,
so drift in the machine's load, and what the case before leaves in the caches, hit all of them
alike. For each process it records the wall
time (spawn to reaped exit) and the process's own CPU time (user + system, from wait4's
rusage): on a machine shared with other builds the wall time is inflated by waiting for a core,
the CPU time much less so. Prints medians and the ratios to /bin/true and, with several
binaries (--cli NAME=PATH, repeatable), each binary beside the first.

Never fails on time; exits 1 when a binary does not run or gives an unexpected exit status.

    /usr/bin/python3 bench/cli_start.py --cli new=build/ci/tools/kvdtype/kvdtype [--cli old=PATH] [--reps 41]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

LAUNCH = ["check", "--gpu", "H100", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
          "--kv-cache-dtype", "fp8", "--tensor-parallel-size", "1", "--port", "8000"]

# One serving Deployment; {i} makes every name distinct (a fleet, not one object repeated).
DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: llama-{i}
  namespace: llm
  labels: {{app: llama-{i}}}
spec:
  replicas: 2
  selector:
    matchLabels: {{app: llama-{i}}}
  template:
    metadata:
      labels: {{app: llama-{i}}}
    spec:
      nodeSelector: {{nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}}
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.27.0
          command: [vllm, serve]
          args: [meta-llama/Llama-3.1-8B-Instruct, --kv-cache-dtype, fp8, --tensor-parallel-size, "1", --port, "8000"]
          env:
            - {{name: VLLM_ATTENTION_BACKEND, value: FLASH_ATTN}}
          ports:
            - {{containerPort: 8000}}
          resources:
            limits: {{nvidia.com/gpu: "1"}}
"""


def write_fleet(root: str, n: int) -> tuple[str, str]:
    one = os.path.join(root, "fleet.yaml")
    with open(one, "w", encoding="utf-8") as f:
        f.write("---\n".join(DEPLOYMENT.format(i=i) for i in range(n)))
    many = os.path.join(root, "fleet")
    os.mkdir(many)
    for i in range(n):
        with open(os.path.join(many, f"llama-{i:04d}.yaml"), "w", encoding="utf-8") as f:
            f.write(DEPLOYMENT.format(i=i))
    return one, many


def spawn(argv: list[str], devnull: int) -> tuple[float, float, int]:
    """Wall and CPU (user + system) seconds of one process, and its exit status."""
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    return wall, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", action="append", default=[], help="NAME=PATH of a kvdtype binary (repeatable)")
    ap.add_argument("--reps", type=int, default=41)
    ap.add_argument("--workloads", type=int, default=1000)
    args = ap.parse_args()
    clis = [c.split("=", 1) if "=" in c else (c, c) for c in (args.cli or ["new=build/ci/tools/kvdtype/kvdtype"])]
    with tempfile.TemporaryDirectory(prefix="kvdtype-cli-start-") as root:
        one, many = write_fleet(root, args.workloads)
        cases: list[tuple[str, list[str], set[int]]] = [("true", ["/bin/true"], {0})]
        for name, path in clis:
            path = os.path.abspath(path)
            cases += [(f"{name} launch", [path] + LAUNCH, {0, 1}),
                      (f"{name} one", [path, "check", "--manifest", one], {0, 1}),
                      (f"{name} many", [path, "check", "--manifest", many], {0, 1})]
        wall: dict[str, list[float]] = {c[0]: [] for c in cases}
        cpu: dict[str, list[float]] = {c[0]: [] for c in cases}
        devnull = os.open(os.devnull, os.O_WRONLY)
        # A new order every repetition (seeded: the same run twice is the same run). A rotation
        # kept each case behind the same one: the second binary's launch check always followed
        # the first's 1,000-file check, which left the caches cold, and it read 1.25x slower
        # than the first's with identical binaries' instruction counts (docs/performance.md,
        # twelfth round).
        order = random.Random(20261205)
        for rep in range(args.reps):
            for label, argv, ok in order.sample(cases, len(cases)):
                w, c, rc = spawn(argv, devnull)
                if rc not in ok:
                    print(f"{label}: exit status {rc} ({' '.join(argv)})", file=sys.stderr)
                    return 1
                wall[label].append(w)
                cpu[label].append(c)
    med = {k: (statistics.median(wall[k]), statistics.median(cpu[k])) for k in wall}
    load = open("/proc/loadavg", encoding="ascii").read().split()[:3]
    print(f"# {args.reps} interleaved repetitions, {os.cpu_count()} CPUs, load average {' '.join(load)} at the end")
    print(f"# manifests: {args.workloads} Deployments in one file / in {args.workloads} files")
    print(f"{'case':<16}{'wall median':>14}{'× true':>9}{'CPU median':>14}{'× true':>9}")
    tw, tc = med["true"]
    for label, (w, c) in med.items():
        print(f"{label:<16}{w * 1e3:>11.2f} ms{w / tw:>8.2f}×{c * 1e3:>11.2f} ms{(c / tc if tc else float('nan')):>8.2f}×")
    if len(clis) > 1:
        base = clis[0][0]
        for name, _ in clis[1:]:
            for case in ("launch", "one", "many"):
                (bw, bc), (w, c) = med[f"{base} {case}"], med[f"{name} {case}"]
                print(f"{name} {case}: wall {w / bw:.2f}× {base}, CPU {(c / bc if bc else float('nan')):.2f}× {base}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
