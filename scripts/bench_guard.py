#!/usr/bin/python3
"""The performance regression guard: this build's cost per call against the committed baseline.

For each case of the baseline (bench/baseline.json) it counts the steady-state instructions per
call of one library function inside one benchmark, with callgrind (scripts/bench_callgrind.py's
method: two runs of different length, the difference of the counts over the difference of the
calls). Instruction counts do not move with the load of a shared machine, so a 20% threshold on
them means something; wall-clock figures here move by 10-30% between runs and are left to
scripts/bench_report.py. Speed stays out of CTest: this script is run by hand or by a CI job of
its own, never by a test.

    /usr/bin/python3 scripts/bench_guard.py --build build/ci             # compare, exit 1 on a regression
    /usr/bin/python3 scripts/bench_guard.py --build build/ci --update    # rewrite the baseline's counts

Every case is printed with its ratio to the baseline; a case more than --threshold (default
20%) above it is named on a REGRESSION line and the exit status is 1 (2 when a case has no
baseline count: not compared is not passed).
"""
from __future__ import annotations

import argparse
import datetime
import fnmatch
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_callgrind  # noqa: E402  (same directory)

DEFAULT_BASELINE = os.path.join(os.path.dirname(HERE), "bench", "baseline.json")


def ir_per_call(bench: str, filt: str, function: str) -> float:
    """Steady-state instructions per call of `function` (fnmatch) while `filt` runs."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for i, min_time in enumerate(("0.01", "0.05")):
            path = os.path.join(tmp, f"callgrind.{i}")
            bench_callgrind.run_callgrind([bench, f"--benchmark_filter={filt}", f"--benchmark_min_time={min_time}"], path)
            runs.append((bench_callgrind.inclusive_costs(path), bench_callgrind.call_counts(path)))
    (c1, n1), (c2, n2) = runs
    matched = sorted((n for n in c2 if fnmatch.fnmatchcase(n, function)), key=lambda n: -c2[n])
    if not matched:
        sys.exit(f"bench_guard: {function} not found while {filt} ran (a renamed function or benchmark?)")
    n = matched[0]
    calls = n2.get(n, 0) - n1.get(n, 0)
    if calls <= 0:
        sys.exit(f"bench_guard: {function} was not called more often in the longer run of {filt}")
    return (c2[n] - c1.get(n, 0)) / calls


def source_tree(build: str) -> str:
    """The commit the build directory was configured from (its CMakeCache's source directory)."""
    source = HERE
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_HOME_DIRECTORY:"):
                    source = line.split("=", 1)[1].strip()
    except OSError:
        pass
    r = subprocess.run(["git", "-C", source, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", source, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return (r.stdout.strip() or "unknown") + ("+changes" if dirty else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build/ci", help="build directory holding bench/kvdtype_bench")
    ap.add_argument("--baseline", default=DEFAULT_BASELINE)
    ap.add_argument("--threshold", type=float, default=0.20, help="allowed growth (0.20: 20%%)")
    ap.add_argument("--only", help="only the cases whose name matches this fnmatch pattern")
    ap.add_argument("--update", action="store_true", help="write this build's counts into the baseline")
    args = ap.parse_args()

    bench = os.path.abspath(os.path.join(args.build, "bench", "kvdtype_bench"))
    if not os.access(bench, os.X_OK):
        sys.exit(f"bench_guard: no benchmark program at {bench} (build the kvdtype_bench target)")
    try:
        with open(args.baseline) as f:
            baseline = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"bench_guard: cannot read the baseline {args.baseline}: {e}")
    cases = baseline.get("cases")
    if not isinstance(cases, list) or not cases:
        sys.exit(f"bench_guard: the baseline {args.baseline} has no cases")

    regressions = []
    missing = []
    print(f"| case | benchmark | function | baseline Ir/call | now Ir/call | ratio |")
    print("|---|---|---|---:|---:|---:|")
    for case in cases:
        if args.only and not fnmatch.fnmatchcase(case["name"], args.only):
            continue
        now = ir_per_call(bench, case["filter"], case["function"])
        base = case.get("ir_per_call")
        ratio = now / base if base else float("nan")
        flag = ""
        if not base and not args.update:
            flag = " **no baseline**"
            missing.append(case["name"])
        if base and ratio > 1.0 + args.threshold:
            flag = " **REGRESSION**"
            regressions.append((case["name"], ratio))
        print(f"| {case['name']} | `{case['filter']}` | `{case['function']}` | {base or 0:,.0f} | {now:,.0f} | {ratio:.3f}×{flag} |")
        if args.update:
            case["ir_per_call"] = round(now)
    if args.update:
        baseline["tree"] = source_tree(args.build)
        baseline["updated"] = datetime.date.today().isoformat()
        with open(args.baseline, "w") as f:
            json.dump(baseline, f, indent=2)
            f.write("\n")
        print(f"\nbaseline written: {args.baseline} ({baseline['tree']})")
        return 0
    for name in missing:  # fail closed: a case the baseline has no count for was not compared
        print(f"NOT COMPARED: {name} has no count in {args.baseline} (run with --update)")
    for name, ratio in regressions:
        print(f"REGRESSION: {name} costs {ratio:.2f}× its baseline (more than {1 + args.threshold:.2f}×)")
    if not regressions and not missing:
        print(f"\nno case above {1 + args.threshold:.2f}× its baseline ({baseline.get('tree', '?')})")
    return 1 if regressions else (2 if missing else 0)


if __name__ == "__main__":
    sys.exit(main())
