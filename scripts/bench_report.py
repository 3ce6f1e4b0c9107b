#!/usr/bin/python3
"""One measurement run of everything docs/performance.md reports, as Markdown.

    /usr/bin/python3 scripts/bench_report.py [--build build/h-bench] [--repetitions 5] [--json out.json]

1. kvdtype_bench with --benchmark_repetitions (repetitions of different benchmarks randomly
   interleaved, so load drift on a shared machine spreads over all of them); the median of the
   repetitions per benchmark.
2. scripts/bench_cli.py: the CLI against /bin/true, interleaved.
3. scripts/bench_python.py: Python call overheads (module from <build>/python).
Then the budgets, met or missed, and the machine. Never fails on time.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def sh(cmd: list[str], **kw) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, check=True, **kw).stdout


def machine(build: str) -> dict[str, str]:
    info = {}
    try:
        lscpu = sh(["lscpu"])
        for key in ("Model name", "CPU family", "Model", "CPU(s)", "Hypervisor vendor", "L2 cache", "L3 cache"):
            m = re.search(rf"^{re.escape(key)}:\s*(.*)$", lscpu, re.M)
            if m:
                info[key] = m.group(1).strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    try:
        info["compiler"] = sh(["g++", "--version"]).splitlines()[0]
    except (OSError, subprocess.CalledProcessError):
        pass
    cache = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache):
        text = open(cache).read()
        for key in ("CMAKE_BUILD_TYPE", "CMAKE_CXX_FLAGS", "CMAKE_CXX_FLAGS_RELEASE"):
            m = re.search(rf"^{key}:\w+=(.*)$", text, re.M)
            if m:
                info[key] = m.group(1)
    info["kernel"] = platform.release()
    info["python"] = platform.python_version()
    info["load average"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return info


def run_bench(bench: str, repetitions: int, min_time: str, filt: str | None) -> dict[str, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "bench.json")
        cmd = [bench, f"--benchmark_repetitions={repetitions}", "--benchmark_enable_random_interleaving=true",
               "--benchmark_report_aggregates_only=true", f"--benchmark_min_time={min_time}",
               "--benchmark_format=console", f"--benchmark_out={out}", "--benchmark_out_format=json"]
        if filt:
            cmd.append(f"--benchmark_filter={filt}")
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        data = json.load(open(out))
    # Report in definition order (random interleaving shuffles the JSON).
    listed = sh([bench, "--benchmark_list_tests=true"] + ([f"--benchmark_filter={filt}"] if filt else [])).split()
    order = {name: i for i, name in enumerate(listed)}
    data["benchmarks"].sort(key=lambda b: order.get(b["run_name"], len(order)))
    results: dict[str, dict] = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        name = b["run_name"]
        scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        r = {"real_ns": b["real_time"] * scale, "cpu_ns": b["cpu_time"] * scale, "label": b.get("label", "")}
        for k in ("items_per_second", "combinations", "constraint_rows", "product_rows"):
            if k in b:
                r[k] = b[k]
        results[name] = r
    return results


def fmt_ns(ns: float) -> str:
    if ns < 10:
        return f"{ns:.2f} ns"
    if ns < 1000:
        return f"{ns:.0f} ns"
    if ns < 1e6:
        return f"{ns / 1000:.2f} µs"
    return f"{ns / 1e6:.2f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build/h-bench")
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--min-time", default="0.2", help="--benchmark_min_time per repetition (seconds, 1.7.1 syntax)")
    ap.add_argument("--filter", help="only these benchmarks (--benchmark_filter)")
    ap.add_argument("--cli-reps", type=int, default=300)
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--skip-python", action="store_true")
    ap.add_argument("--json", help="also write every figure to this file")
    args = ap.parse_args()

    build = os.path.abspath(args.build)
    report: dict = {"machine": machine(build)}
    report["bench"] = run_bench(os.path.join(build, "bench", "kvdtype_bench"), args.repetitions, args.min_time,
                                args.filter)
    if not args.skip_cli:
        report["cli"] = json.loads(sh([sys.executable, os.path.join(HERE, "bench_cli.py"), "--json", "--reps",
                                       str(args.cli_reps), "--cli", os.path.join(build, "tools", "kvdtype", "kvdtype")]))
    if not args.skip_python:
        env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
        report["python"] = json.loads(sh([sys.executable, os.path.join(HERE, "bench_python.py"), "--json"], env=env))
    report["machine"]["load average after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())

    b = report["bench"]
    print("## Machine\n")
    for k, v in report["machine"].items():
        print(f"- {k}: {v}")
    print("\n## kvdtype_bench (median of %d repetitions, wall / CPU)\n" % args.repetitions)
    print("| benchmark | wall | CPU | notes |\n|---|---:|---:|---|")
    for name, r in b.items():
        notes = r.get("label", "")
        if "items_per_second" in r:
            notes = (notes + " " if notes else "") + f"{r['items_per_second'] / 1e6:.2f} M items/s"
        for k in ("constraint_rows", "product_rows", "combinations"):
            if k in r:
                notes += f" {k}={int(r[k])}"
        print(f"| `{name}` | {fmt_ns(r['real_ns'])} | {fmt_ns(r['cpu_ns'])} | {notes.strip()} |")

    def get(name: str, key: str = "cpu_ns"):
        return b[name][key] if name in b else None

    rows = []
    def budget(what: str, value, limit, fmt, ok: bool | None):
        rows.append((what, fmt(value) if value is not None else "n/a", limit,
                     "n/a" if ok is None else ("met" if ok else "**missed**")))

    v = get("BM_check_ok"); budget("warm `check`, accepted", v, "≤ 1 µs", fmt_ns, None if v is None else v <= 1000)
    v = get("BM_check_error"); budget("warm `check`, rejected", v, "≤ 2 µs", fmt_ns, None if v is None else v <= 2000)
    v = get("BM_resolve"); budget("`resolve`", v, "≤ 300 ns", fmt_ns, None if v is None else v <= 300)
    v = get("BM_guard"); budget("guard (`Guard::ok`)", v, "≤ 5 ns", fmt_ns, None if v is None else v <= 5)
    v = get("BM_matrix", "items_per_second")
    budget("full matrix", v, "≥ 1 M combinations/s", lambda x: f"{x / 1e6:.2f} M/s", None if v is None else v >= 1e6)
    c, cpp = get("BM_c_abi_check"), get("BM_cpp_check_input")
    ratio = c / cpp if c and cpp else None
    budget("C ABI `kvd_check` vs the C++ calls", ratio, "≤ 1.10×", lambda x: f"{x:.3f}×", None if ratio is None else ratio <= 1.10)
    if "cli" in report:
        r = report["cli"]["ratio_of_medians"]
        budget("CLI vs `/bin/true`", r, "≤ 3×", lambda x: f"{x:.2f}×", r <= 3.0)
    if "python" in report:
        pr = report["python"]["results"]
        v = pr["check (typical, accepted)"]["median_ns"]
        budget("Python `check`", v, "≤ 20 µs", fmt_ns, v <= 20000)
        v = pr["guard(str, plan, 'kv_data_type')"]["median_ns"]
        budget("Python `guard`", v, "≤ 1 µs", fmt_ns, v <= 1000)
    print("\n## Budgets\n\n| what | measured | budget | |\n|---|---:|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if "cli" in report:
        r = report["cli"]
        print(f"\nCLI: kvdtype median {r['kvdtype']['median_us']:.0f} µs, /bin/true median {r['true']['median_us']:.0f} µs "
              f"({r['kvdtype']['n']} each, interleaved)")
    if "python" in report:
        print("\n| Python call | median | min |\n|---|---:|---:|")
        for name, r in report["python"]["results"].items():
            print(f"| `{name}` | {fmt_ns(r['median_ns'])} | {fmt_ns(r['min_ns'])} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
