#!/usr/bin/env python3
"""kvdtype --format sarif through Microsoft's SARIF multitool `validate`: the SARIF SDK's rules
and GitHub code scanning's ingestion rules (--rule-kind "Gh;Sarif"), errors and warnings. The
notes it also has (snippets, message ids, version-control provenance) are suggestions kvdtype does
not take, and SARIF2006 (the $schema URI reachable) needs a network.

usage: sarif_multitool.py KVDTYPE DATA_DIR MULTITOOL
MULTITOOL is installed by scripts/setup.sh from npm (@microsoft/sarif-multitool-linux).
"""
import json, os, subprocess, sys, tempfile

binary, data, tool = sys.argv[1:4]
if not os.access(tool, os.X_OK):
    print(f"FAIL: {tool} missing or not executable: run scripts/setup.sh")
    sys.exit(1)
# A request given as flags has no file, so its results have no location, which GitHub's rules
# (GH1015) refuse: code scanning is for files (docs/output-formats.md). Every case here reads one.
cases = {
    "script": ["check", "--gpu", "H100", "--command-file", f"{data}/inputs/pd_two_nodes.sh"],
    "script_relative": ["check", "--gpu", "H100", "--command-file", "pd_two_nodes.sh"],
    "manifests": ["check", "--manifest", f"{data}/manifests/pd.yaml", "--manifest", f"{data}/manifests/compose.yaml"],
    "no_workload": ["check", "--manifest", f"{data}/sarif/no-workload-compose.yaml"],
}
failures = 0
with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, DOTNET_CLI_TELEMETRY_OPTOUT="1", HOME=tmp)
    for name, args in cases.items():
        log, out = f"{tmp}/{name}.sarif", f"{tmp}/{name}.validation.sarif"
        with open(log, "w") as f:
            subprocess.run([binary] + args + ["--format", "sarif"], stdout=f, check=False, cwd=f"{data}/inputs")
        p = subprocess.run([tool, "validate", "--rule-kind", "Gh;Sarif", "--level", "Error;Warning", "-o", out, log],
                           capture_output=True, text=True, env=env, timeout=300)
        try:
            assert p.returncode == 0, f"exit {p.returncode}: {p.stdout[-500:]}{p.stderr[-500:]}"
            results = json.load(open(out))["runs"][0]["results"]
            assert not results, "; ".join(f"{r['ruleId']}: {r['message'].get('text', r['message'].get('id', ''))[:160]}"
                                          for r in results[:3])
        except Exception as e:  # noqa: BLE001 - report every case
            failures += 1
            print(f"FAIL {name}: {e}")
print(f"{len(cases) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
