#!/usr/bin/python3
"""Instructions per call of a library function, counted by callgrind inside kvdtype_bench.

Wall-clock figures on a shared 2-core machine drift by tens of percent; instruction counts do
not. This runs one benchmark (a --benchmark_filter) under `valgrind --tool=callgrind`, then
divides each named function's inclusive instruction count by the number of times it was
called. It runs the benchmark twice (short and longer) and takes the difference, so one-time
work of the first call drops out: the result is the steady-state cost per call, the same from
run to run — what the before/after figures in docs/performance.md use.

    /usr/bin/python3 scripts/bench_callgrind.py --filter 'BM_c_abi_check$' kvd_check \
        'kvdtype::embed::run(*' 'kvdtype::make_request(*'
    /usr/bin/python3 scripts/bench_callgrind.py --cli -- check --gpu H100 --kv-cache-dtype fp8

With --cli, the whole CLI process is counted instead (total instructions, and the share of the
dynamic loader, of main and of the functions named as patterns); the CLI's arguments follow --.
"""
from __future__ import annotations

import argparse
import fnmatch
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_BENCH = "build/h-bench/bench/kvdtype_bench"
DEFAULT_CLI = "build/h-bench/tools/kvdtype/kvdtype"


def run_callgrind(argv: list[str], out: str) -> None:
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not os.path.exists(out):
        sys.exit(f"bench_callgrind: callgrind failed:\n{r.stderr[-2000:]}")


def inclusive_costs(out: str) -> dict[str, int]:
    """function name -> inclusive Ir, from callgrind_annotate."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                          capture_output=True, text=True, check=True).stdout
    costs: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([\d,]+)\s+\([^)]*\)\s+(?:\S*?:)?(.*?)\s+\[[^\]]*\]\s*$", line)
        if m:
            name = m.group(2)
            costs[name] = max(costs.get(name, 0), int(m.group(1).replace(",", "")))
    return costs


def total_ir(out: str) -> int:
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    return 0


def call_counts(out: str) -> dict[str, int]:
    """callee name -> number of calls, summed over every caller (raw callgrind file)."""
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    callee = None

    def name_of(field: str) -> str:
        m = re.match(r"\((\d+)\)(?:\s+(.*))?", field)
        if not m:
            return field
        if m.group(2):
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), field)

    with open(out) as f:
        for line in f:
            if line.startswith("fn="):
                name_of(line[3:].strip())
            elif line.startswith("cfn="):
                callee = name_of(line[4:].strip())
            elif line.startswith("calls=") and callee is not None:
                counts[callee] = counts.get(callee, 0) + int(line[6:].split()[0])
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("functions", nargs="*", help="function name patterns (fnmatch, e.g. 'kvdtype::check(*')")
    ap.add_argument("--filter", help="--benchmark_filter of the benchmark to run")
    ap.add_argument("--per", help="divide by the calls of this function instead (e.g. the call a benchmark loop "
                                  "makes once per iteration, to count a whole BM_* function per iteration)")
    ap.add_argument("--bench", default=DEFAULT_BENCH)
    ap.add_argument("--cli", action="store_true", help="count a CLI process instead; its arguments follow --")
    ap.add_argument("--cli-path", default=DEFAULT_CLI)
    argv = sys.argv[1:]
    cli_args: list[str] = []
    if "--" in argv:  # everything after "--" belongs to the CLI, not to this script
        cut = argv.index("--")
        argv, cli_args = argv[:cut], argv[cut + 1:]
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        if args.cli:
            run_callgrind([os.path.abspath(args.cli_path)] + cli_args, out)
            total = total_ir(out)
            costs = inclusive_costs(out)
            print(f"total Ir: {total:,}")
            for pat in ["_dl_start", "_dl_relocate_object", "main", "_dl_init", "exit"] + args.functions:
                hits = {n: c for n, c in costs.items() if fnmatch.fnmatchcase(n, pat) or n.endswith(":" + pat)}
                for n, c in sorted(hits.items(), key=lambda kv: -kv[1])[:3]:
                    print(f"  {c:>12,}  {100.0 * c / total:5.1f}%  {n[:110]}")
            return 0

        if not args.filter:
            sys.exit("bench_callgrind: --filter is required (or --cli)")
        # Two runs of different length: the difference of their counts divided by the difference
        # of their calls is the steady-state cost per call, without the one-time work of the
        # first call (building the table indexes, the GPU-name index, ...).
        runs = []
        for i, min_time in enumerate(("0.01", "0.05")):
            path = f"{out}.{i}"
            run_callgrind([os.path.abspath(args.bench), f"--benchmark_filter={args.filter}",
                           f"--benchmark_min_time={min_time}"], path)
            runs.append((inclusive_costs(path), call_counts(path)))
        (c1, n1), (c2, n2) = runs
        for pat in args.functions:
            matched = [n for n in c2 if fnmatch.fnmatchcase(n, pat)]
            if not matched:
                print(f"{pat}: not found")
                continue
            per_fn = None
            if args.per:
                per_fn = next((x for x in n2 if fnmatch.fnmatchcase(x, args.per)), None)
                if per_fn is None:
                    sys.exit(f"bench_callgrind: --per {args.per}: no such function")
            for n in sorted(matched, key=lambda x: -c2[x])[:2]:
                d = per_fn or n
                dc = n2.get(d, 0) - n1.get(d, 0)
                per = (c2[n] - c1.get(n, 0)) / dc if dc > 0 else float("nan")
                print(f"{per:>12,.0f} Ir/call  (steady state over {dc:,} calls)  {n[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
