#!/usr/bin/env python3
"""kvdtype --format sarif validated against the SARIF 2.1.0 schema subset in tests/data/sarif.

usage: sarif_schema.py KVDTYPE DATA_DIR. Besides the schema, checks what the schema cannot say:
every ruleId is declared in tool.driver.rules and ruleIndex points at it.
"""
import json, subprocess, sys
import jsonschema

binary, data = sys.argv[1], sys.argv[2]
schema = json.load(open(f"{data}/sarif/sarif-2.1.0-subset.schema.json"))
cases = [
    ["check", "--gpu", "H100", "--attention", "sparse-mla", "--head-size", "512", "--model-dtype", "bfloat16",
     "--kv-cache-dtype", "fp8", "--backend", "FLASHINFER_MLA_SPARSE_SM90", "--kv-dtype", "uint8"],
    ["check", "--gpu", "H100", "--command-file", f"{data}/inputs/pd_two_nodes.sh"],
    ["check", "--gpu", "H100", "--command-file", f"{data}/inputs/pd_two_nodes.sh", "--command-file", "/nonexistent/x.sh"],
    ["check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"],
]
failures = 0
for args in cases:
    p = subprocess.run([binary] + args + ["--format", "sarif"], capture_output=True, text=True)
    try:
        log = json.loads(p.stdout)
        jsonschema.validate(log, schema)
        rules = log["runs"][0]["tool"]["driver"]["rules"]
        ids = [r["id"] for r in rules]
        for res in log["runs"][0]["results"]:
            if "ruleId" in res:
                assert res["ruleId"] in ids, res["ruleId"]
                assert ids[res["ruleIndex"]] == res["ruleId"], res
        assert log["runs"][0]["results"], "no results"
    except Exception as e:  # noqa: BLE001 - report every case
        failures += 1
        print(f"FAIL {' '.join(args)}: {e}")
print(f"sarif: {len(cases) - failures}/{len(cases)} valid")
sys.exit(1 if failures else 0)
