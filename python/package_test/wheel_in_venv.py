#!/usr/bin/env python3
"""The package as a user installs it: a wheel built from the checkout's pyproject.toml/setup.py,
installed with pip into a fresh venv (--system-site-packages, offline), then used from outside
the source tree: `import kvdtype`, kvdtype.check(), `python3 -m kvdtype …` and the `kvdtype`
console script, whose output and exit status must be the executable's.

usage: wheel_in_venv.py SOURCE_DIR MODULE KVDTYPE_CLI
  MODULE: the built _kvdtype*.so of the build under test (packaged as-is: setup.py's
  KVDTYPE_PREBUILT_MODULE), so that the test does not rebuild the library.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

source, module, cli = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def run(args, **kw):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(kw.pop("env", {}))
    return subprocess.run(args, capture_output=True, text=True, timeout=600, env=env, **kw)


with tempfile.TemporaryDirectory(prefix="kvdtype-wheel-") as tmp:
    tmp = Path(tmp)
    # What a source distribution of the package holds: the packaging files and python/kvdtype.
    src = tmp / "src"
    for f in ("pyproject.toml", "setup.py", "README.md", "LICENSE", "CMakeLists.txt", "VERSION"):
        (src / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / f, src / f)
    shutil.copytree(source / "python" / "kvdtype", src / "python" / "kvdtype",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))

    p = run([sys.executable, "-m", "pip", "wheel", "-q", "--no-build-isolation", "--no-index", "--no-deps",
             "-w", str(tmp / "dist"), str(src)], env={"KVDTYPE_PREBUILT_MODULE": module}, cwd=tmp)
    wheels = list((tmp / "dist").glob("kvdtype-*.whl"))
    if p.returncode != 0 or len(wheels) != 1:
        sys.exit(f"pip wheel failed ({p.returncode}): {p.stderr[-2000:]}")

    venv = tmp / "venv"
    p = run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
    if p.returncode != 0:
        sys.exit(f"python3 -m venv failed: {p.stderr[-500:]}")
    py = str(venv / "bin" / "python")
    p = run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps", str(wheels[0])], cwd=tmp)
    if p.returncode != 0:
        sys.exit(f"pip install of the wheel failed: {p.stderr[-2000:]}")

    outside = tmp / "elsewhere"
    outside.mkdir()
    code = ("import kvdtype, json, os; "
            "p = kvdtype.check(gpu='MI300X', model_dtype='bfloat16', attention='mla', kv_cache_dtype='fp8', "
            "backend='ROCM_AITER_MLA'); "
            "print(json.loads(p.to_json())['plan']['q']['format']); print(os.path.dirname(kvdtype.__file__))")
    p = run([py, "-c", code], cwd=outside)
    lines = p.stdout.split()
    expect(p.returncode == 0 and lines[:1] == ["float8_e4m3fnuz"], f"import kvdtype + check(): {p.stdout!r} {p.stderr[-300:]}")
    expect(len(lines) == 2 and lines[1].startswith(str(venv)), f"kvdtype imported from {lines[1:]} (not the venv)")

    # python -m kvdtype and the console script are the executable: same bytes, same status.
    cases = [
        ["check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"],
        ["check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4", "--format", "json"],
        ["check", "--gpu", "H100", "--format", "json", "--", "vllm", "serve", "x/y", "--kv-cache-dtype", "fp8", "-tp", "8"],
        ["check", "--gpu", "H100", "--attention", "sparse-mla", "--head-size", "512", "--model-dtype", "bfloat16",
         "--kv-cache-dtype", "fp8", "--backend", "FLASHINFER_MLA_SPARSE_SM90", "--kv-dtype", "uint8"],
        ["chek"],
        ["check", "--gpu", "H1000"],
        ["check", "--help"],
        ["--version"],
    ]
    for args in cases:
        want = run([cli] + args, cwd=outside)
        for who, cmd in (("python -m kvdtype", [py, "-m", "kvdtype"]), ("console script", [str(venv / "bin" / "kvdtype")])):
            got = run(cmd + args, cwd=outside)
            expect((got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr),
                   f"{who} {' '.join(args)}: exit {got.returncode} vs {want.returncode}, "
                   f"stdout same: {got.stdout == want.stdout}, stderr {got.stderr[-200:]!r} vs {want.stderr[-200:]!r}")
    p = run([py, "-m", "kvdtype", "check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype",
             "turboquant_k8v4", "--format", "json"], cwd=outside)
    expect(p.returncode in (0, 1) and "KVD042" in p.stdout and json.loads(p.stdout)["schema"] == "kvdtype.check/v1",
           f"python -m kvdtype check: exit {p.returncode}")
    p = run([py, "-m", "kvdtype", "check", "--gpu", "H100", "--attention", "sparse-mla", "--head-size", "512",
             "--model-dtype", "bfloat16", "--kv-cache-dtype", "fp8", "--backend", "FLASHINFER_MLA_SPARSE_SM90",
             "--kv-dtype", "uint8"], cwd=outside)
    expect(p.returncode == 1 and "KVD020" in p.stdout, f"python -m kvdtype, a rejected request: exit {p.returncode}")

if failures:
    sys.exit(f"wheel_in_venv: {len(failures)} failure(s)")
print("wheel_in_venv: the wheel installs into a fresh venv; import kvdtype and python -m kvdtype work from outside the tree")
