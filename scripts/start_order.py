#!/usr/bin/python3
"""Write tools/kvdtype/start_order.txt: the functions a cold `kvdtype` start runs, in link order.

On the machine measured a page fault costs about 10 µs of a process's CPU time and a file-backed
one maps the 16 pages around it; the launch check ran 640 KB of code scattered over 4.3 MB of
`.text` and took ~50 faults there (docs/performance.md, ninth round). The `kvdtype` executable
is linked with lld's --symbol-ordering-file (tools/kvdtype/CMakeLists.txt), which puts the
functions this file names first and together, in its order.

This script runs a set of typical commands under callgrind (each from an empty directory, as a
user would), and lists every function of the executable each one ran (mangled names, as the
linker sees them): the launch check's first, then what each further command adds. A stale list
is harmless to answers: names the binary no longer has are skipped by the linker, and functions
it does not name are laid out after the list as before. Regenerate it after larger changes of
the start path (needs valgrind and a build of `kvdtype`):

    /usr/bin/python3 scripts/start_order.py --cli build/ci/tools/kvdtype/kvdtype
    /usr/bin/python3 scripts/start_order.py --cli build/ci/tools/kvdtype/kvdtype --check   # coverage only

--check prints how much of each command's code the list covers and writes nothing.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(os.path.dirname(HERE), "tools", "kvdtype", "start_order.txt")

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata: {name: llama}
spec:
  template:
    spec:
      nodeSelector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.27.0
          command: [vllm, serve]
          args: [meta-llama/Llama-3.1-8B-Instruct, --kv-cache-dtype, fp8]
"""

# The launch check of bench/cli_start.py first: it is the start the budget is about.
COMMANDS = [
    ["check", "--gpu", "H100", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
     "--kv-cache-dtype", "fp8", "--tensor-parallel-size", "1", "--port", "8000"],
    ["check", "--gpu", "H100", "--engine", "vllm", "--kv-cache-dtype", "fp8"],
    ["check", "--gpu", "H100", "--", "python3", "-m", "sglang.launch_server", "--model-path",
     "meta-llama/Llama-3.1-8B-Instruct", "--kv-cache-dtype", "fp8_e4m3"],
    ["check", "--gpu", "H100", "--", "llama-server", "-m", "model.gguf", "-ctk", "q8_0", "-ctv", "q8_0", "-fa", "on"],
    ["check", "--format", "json", "--gpu", "H100", "--", "vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
     "--kv-cache-dtype", "fp8"],
    ["check", "--manifest", "{manifest}"],
    ["--version"],
]


def executed_functions(cli: str, args: list[str], workdir: str) -> list[str]:
    """Mangled names of the functions of `cli` that one run executed (callgrind), first seen first."""
    out = os.path.join(workdir, "callgrind.out")
    cmd = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", cli] + args
    r = subprocess.run(cmd, cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not os.path.exists(out):
        sys.exit(f"start_order: callgrind failed on {' '.join(args)}:\n{r.stderr[-2000:]}")
    target = os.path.realpath(cli)
    names: dict[str, dict[str, str]] = {"fn": {}, "ob": {}}
    current_ob = None
    seen: dict[str, None] = {}
    with open(out, errors="replace") as f:
        for line in f:
            m = re.match(r"^(c?)(fn|ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not m:
                continue
            called, kind, idx, name = m.groups()
            if name:
                names[kind][idx] = name
            if called:
                continue
            if kind == "ob":
                current_ob = names["ob"].get(idx)
                continue
            fn = names["fn"].get(idx, "")
            fn = re.sub(r"'\d+$", "", fn)  # callgrind's mark of a recursion level
            if current_ob and os.path.realpath(current_ob) == target and re.match(r"^[A-Za-z_][\w.$]*$", fn):
                seen.setdefault(fn)
    os.remove(out)
    return list(seen)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default="build/ci/tools/kvdtype/kvdtype")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="print the list's coverage of each command; write nothing")
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    listed: set[str] = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            listed = {line.strip() for line in f if line.strip()}
    order: dict[str, None] = {}
    with tempfile.TemporaryDirectory(prefix="kvdtype-start-order-") as tmp:
        manifest = os.path.join(tmp, "deployment.yaml")
        with open(manifest, "w", encoding="utf-8") as f:
            f.write(DEPLOYMENT)
        work = os.path.join(tmp, "empty")
        os.mkdir(work)
        for command in COMMANDS:
            argv = [a.format(manifest=manifest) for a in command]
            fns = executed_functions(cli, argv, work)
            covered = sum(1 for fn in fns if fn in listed)
            print(f"{len(fns):5d} functions, {covered:5d} in the current list: {' '.join(command)}")
            for fn in fns:
                order.setdefault(fn)
    if args.check:
        return 0
    with open(args.out, "w", encoding="ascii") as f:
        f.write("".join(fn + "\n" for fn in order))
    print(f"{len(order)} functions written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
