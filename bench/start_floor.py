#!/usr/bin/python3
"""What a cold process start costs on this machine, beside the kvdtype CLI's (docs/performance.md,
fourteenth round): `/bin/true`, optional C and C++ hello-world binaries, `kvdtype --version` and a
launch check, for one or more kvdtype binaries. Each case is a cold posix_spawn; CPU time
(user + system) and minor faults come from wait4; the cases are shuffled in every repetition.
Prints medians and the ratio to /bin/true. Never fails on time.

    /usr/bin/python3 bench/start_floor.py --cli new=build/ci/tools/kvdtype/kvdtype [--cli old=PATH]
        [--hello-c PATH] [--hello-cpp PATH] [--reps 201]

The hello worlds: `gcc -O2 hello.c` (puts) and `g++ -O2 -static-libstdc++ -static-libgcc -no-pie
hello.cpp` (std::cout), linked as kvdtype is.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys

LAUNCH = ["check", "--gpu", "H100", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
          "--kv-cache-dtype", "fp8", "--tensor-parallel-size", "1", "--port", "8000"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", action="append", default=[], help="NAME=PATH of a kvdtype binary (repeatable)")
    ap.add_argument("--hello-c")
    ap.add_argument("--hello-cpp")
    ap.add_argument("--reps", type=int, default=201)
    a = ap.parse_args()
    cases: dict[str, list[str]] = {"/bin/true": ["/bin/true"]}
    if a.hello_c:
        cases["C hello world"] = [a.hello_c]
    if a.hello_cpp:
        cases["C++ hello world"] = [a.hello_cpp]
    for spec in a.cli or ["new=build/ci/tools/kvdtype/kvdtype"]:
        name, _, path = spec.partition("=")
        cases[f"{name} --version"] = [path, "--version"]
        cases[f"{name} launch check"] = [path] + LAUNCH
    cpu: dict[str, list[float]] = {k: [] for k in cases}
    flt: dict[str, list[int]] = {k: [] for k in cases}
    null = os.open(os.devnull, os.O_WRONLY)
    quiet = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    for rep in range(a.reps + 3):  # three warm-up rounds, not counted
        order = list(cases.items())
        random.shuffle(order)
        for name, argv in order:
            pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=quiet)
            _, status, ru = os.wait4(pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                print(f"{name}: exit status {os.waitstatus_to_exitcode(status)}", file=sys.stderr)
                return 1
            if rep >= 3:
                cpu[name].append((ru.ru_utime + ru.ru_stime) * 1e3)
                flt[name].append(ru.ru_minflt)
    floor = statistics.median(cpu["/bin/true"])
    print(f"# {a.reps} repetitions, {os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'case':28s} {'CPU median':>10s} {'x true':>7s} {'minflt':>7s}")
    for name in cases:
        m = statistics.median(cpu[name])
        print(f"{name:28s} {m:8.3f} ms {m / floor:6.2f}x {statistics.median(flt[name]):7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
