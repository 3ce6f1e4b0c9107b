#!/usr/bin/env python3
"""action.yml as GitHub Actions runs it: the YAML parses into a composite action whose inputs
are those README.md documents; its run step, with the inputs substituted as the runner does
(${{ inputs.X }} in env, defaults where not given) and run as the runner runs a bash step
(bash --noprofile --norc -eo pipefail FILE, GITHUB_ACTION_PATH and GITHUB_OUTPUT set), gives
annotations and exit 1 for a rejected manifest, writes valid SARIF, passes a good script, and
refuses a pattern that matches nothing (exit 2).

usage: test_action.py SOURCE_DIR KVDTYPE_CLI
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

src, cli = Path(sys.argv[1]), sys.argv[2]
failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


action = yaml.safe_load((src / "action.yml").read_text(encoding="utf-8"))
expect(action["runs"]["using"] == "composite", "a composite action")
expect({"files", "format", "fail-on"} <= set(action["inputs"]), f"inputs {sorted(action['inputs'])}")
expect(action["inputs"]["files"].get("required") is True, "files is required")
(step,) = [s for s in action["runs"]["steps"] if "run" in s]
expect(step["shell"] == "bash", "a bash step")
readme = (src / "README.md").read_text(encoding="utf-8")
for name in action["inputs"]:
    expect(f"`{name}`" in readme, f"README.md does not document the input `{name}`")

BAD = (src / "tests" / "ci" / "bad_pod.yaml").read_text()  # KVD081: bf16 on a T4
GOOD = "#!/bin/sh\nvllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8\n"


def run_step(work, given):
    inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    inputs.update(given)
    sub = lambda s: re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: inputs[m.group(1)], str(s))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KVDTYPE", "GITHUB_"))}
    env.update({k: sub(v) for k, v in step.get("env", {}).items()})
    out = work / "github_output"
    out.write_text("")
    env.update({"GITHUB_ACTION_PATH": str(src), "GITHUB_OUTPUT": str(out),
                "PATH": str(Path(cli).parent) + os.pathsep + env.get("PATH", "")})
    script = work / "step.sh"
    script.write_text(sub(step["run"]))
    p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=work, env=env,
                       capture_output=True, text=True, timeout=120)
    outputs = dict(line.split("=", 1) for line in out.read_text().splitlines() if "=" in line)
    return p, outputs


with tempfile.TemporaryDirectory(prefix="kvdtype-action-") as tmp:
    work = Path(tmp)
    (work / "deploy").mkdir()
    (work / "deploy" / "bad.yaml").write_text(BAD)
    (work / "launch.sh").write_text(GOOD)

    p, outputs = run_step(work, {"files": "deploy/**/*.yaml"})
    expect(p.returncode == 1 and "::error" in p.stdout and "KVD081" in p.stdout,
           f"github format, rejected manifest: exit {p.returncode}, {p.stdout[-300:]!r} {p.stderr[-300:]!r}")
    expect(outputs.get("exit-code") == "1", f"exit-code output {outputs}")

    p, outputs = run_step(work, {"files": "deploy/*.yaml launch.sh", "format": "sarif", "sarif-file": "out.sarif"})
    sarif = json.loads((work / "out.sarif").read_text()) if (work / "out.sarif").exists() else {}
    expect(p.returncode == 1 and sarif.get("version") == "2.1.0", f"sarif: exit {p.returncode}, {p.stderr[-300:]!r}")
    expect(any(r.get("ruleId") == "KVD081" for run in sarif.get("runs", []) for r in run.get("results", [])),
           "the SARIF carries KVD081")
    expect(outputs.get("sarif-file") == "out.sarif", f"sarif-file output {outputs}")

    p, _ = run_step(work, {"files": "launch.sh", "args": "--gpu=H100", "fail-on": "warning", "format": "text"})
    expect(p.returncode == 0, f"a good launch script on H100: exit {p.returncode} {p.stdout[-300:]!r} {p.stderr[-300:]!r}")

    p, _ = run_step(work, {"files": "nothing/*.yaml"})
    expect(p.returncode == 2 and "matches no file" in p.stderr, f"a pattern matching nothing: exit {p.returncode} {p.stderr!r}")

if failures:
    sys.exit(f"test_action: {len(failures)} failure(s)")
print("test_action: action.yml parses; its step gives annotations, SARIF and exit statuses as documented")
