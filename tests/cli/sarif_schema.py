#!/usr/bin/env python3
"""kvdtype --format sarif validated against the official SARIF 2.1.0 schema, and read as code
scanning reads it.

usage: sarif_schema.py KVDTYPE DATA_DIR DOCS_URL RULES_DIR

The schema is tests/data/sarif/sarif-schema-2.1.0.json (Microsoft's SARIF SDK copy, see the README
beside it), checked with its formats (uri, uri-reference: python3-rfc3987). Besides the schema,
checks what the schema cannot say: every ruleId is declared in tool.driver.rules and ruleIndex
points at it; every rule has a helpUri DOCS_URL<code>.md whose page exists in RULES_DIR, a
shortDescription, fullDescription and help with no {placeholder} left, and tags; every result
whose input is a file with lines (a script, a manifest, a compose file) has region.startLine.
"""
import json, os, re, subprocess, sys
import jsonschema

binary, data, docs_url, rules_dir = sys.argv[1:5]
schema = json.load(open(f"{data}/sarif/sarif-schema-2.1.0.json"))
validator_class = jsonschema.validators.validator_for(schema)
validator_class.check_schema(schema)
validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
# The checker must really assert URIs: without rfc3987 jsonschema skips "uri" silently.
assert "uri" in validator_class.FORMAT_CHECKER.checkers, "python3-rfc3987 missing: uri formats would go unchecked"

lined = [f"{data}/inputs/pd_two_nodes.sh", f"{data}/manifests/pd.yaml", f"{data}/manifests/compose.yaml",
         f"{data}/manifests/tq-a100.yaml", f"{data}/sarif/no-workload-compose.yaml"]
cases = [
    ["check", "--gpu", "H100", "--attention", "sparse-mla", "--head-size", "512", "--model-dtype", "bfloat16",
     "--kv-cache-dtype", "fp8", "--backend", "FLASHINFER_MLA_SPARSE_SM90", "--kv-dtype", "uint8"],
    ["check", "--gpu", "H100", "--command-file", lined[0]],
    ["check", "--gpu", "H100", "--command-file", lined[0], "--command-file", "/nonexistent/x.sh"],
    ["check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"],
    ["check", "--manifest", lined[1], "--manifest", lined[2]],
    ["check", "--manifest", lined[3]],
    ["check", "--manifest", lined[4]],  # no serving workload: the finding points at the file
    ["resolve", "--gpu", "MI300X", "--kv-cache-dtype", "fp8", "--attention", "mla", "--head-size", "576"],
]
placeholder = re.compile(r"\{[a-z_]+\}")
failures = 0
for args in cases:
    p = subprocess.run([binary] + args + ["--format", "sarif"], capture_output=True, text=True)
    try:
        log = json.loads(p.stdout)
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
        assert not errors, "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:3])
        run = log["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        ids = [r["id"] for r in rules]
        for r in rules:
            assert r["helpUri"] == f"{docs_url}{r['id']}.md", r["helpUri"]
            assert os.path.isfile(f"{rules_dir}/{r['id']}.md"), r["id"]
            for key in ("shortDescription", "fullDescription", "help"):
                for form in ("text", "markdown"):
                    text = r[key].get(form, "")
                    assert not placeholder.search(text), f"{r['id']} {key}.{form}: {text[:80]}"
                assert r[key]["text"].strip(), f"{r['id']} {key} empty"
            assert len(r["fullDescription"]["text"]) > len(r["shortDescription"]["text"]), r["id"]
            assert "kvdtype" in r["properties"]["tags"] and len(r["properties"]["tags"]) >= 2, r["id"]
            assert "security-severity" not in r["properties"], r["id"]  # not security findings: docs/formats.md
        for res in run["results"]:
            if "ruleId" in res:
                assert res["ruleId"] in ids, res["ruleId"]
                assert ids[res["ruleIndex"]] == res["ruleId"], res
            if any(f in res["message"]["text"] for f in lined):
                assert res.get("locations"), f"a finding naming a file has no location: {res}"
            for loc in res.get("locations", []):
                uri = loc["physicalLocation"]["artifactLocation"]["uri"]
                if any(uri.removeprefix("file://") == f for f in lined):
                    assert loc["physicalLocation"]["region"]["startLine"] >= 1, res
        assert run["results"], "no results"
    except Exception as e:  # noqa: BLE001 - report every case
        failures += 1
        print(f"FAIL {' '.join(args)}: {e!r}")
print(f"{len(cases) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
