#!/usr/bin/env python3
"""kvdtype's CI formats read as their consumers read them.

usage: ci_formats.py KVDTYPE DATA_DIR

--format gitlab: validated against tests/data/gitlab/codequality.schema.json (written from
GitLab's documented Code Quality fields); fingerprints unique within a report.
--format junit: parsed with xml.etree and checked for the shape Jenkins' junit plugin and
GitLab's unit-test reports read: <testsuites> of <testsuite name tests failures errors skipped>
of <testcase classname name>, counts that add up, at most one <failure>/<skipped> per testcase,
a failure's type a rule code and its text `file:line: error KVDnnn …`.
"""
import json, re, subprocess, sys
import xml.etree.ElementTree as ET
import jsonschema

binary, data = sys.argv[1], sys.argv[2]
schema = json.load(open(f"{data}/gitlab/codequality.schema.json"))
cases = [
    ["check", "--gpu", "H100", "--command-file", f"{data}/inputs/pd_two_nodes.sh"],
    ["check", "--gpu", "H100", "--command-file", f"{data}/inputs/pd_two_nodes.sh", "--command-file", "/nonexistent/x.sh"],
    ["check", "--manifest", f"{data}/manifests/pd.yaml", "--manifest", f"{data}/manifests/compose.yaml"],
    ["check", "--manifest", f"{data}/manifests/tq-a100.yaml"],
    ["check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"],
    ["check", "--kv-cache-dtype", "fp8"],
    ["check", "--gpu", "H100", "--model-dtype", "bfloat16", "--attention", "gqa", "--head-size", "128", "--kv-cache-dtype", "auto"],
]
failures = 0
checked = 0


def gitlab(args):
    p = subprocess.run([binary] + args + ["--format", "gitlab"], capture_output=True, text=True)
    issues = json.loads(p.stdout)
    jsonschema.validate(issues, schema)
    prints = [i["fingerprint"] for i in issues]
    assert len(prints) == len(set(prints)), "duplicate fingerprints"
    for i in issues:
        assert "{" not in i["description"], i["description"]
    assert (p.returncode == 1) == any(i["severity"] == "critical" for i in issues), (p.returncode, issues)


def junit(args):
    p = subprocess.run([binary] + args + ["--format", "junit"], capture_output=True, text=True)
    root = ET.fromstring(p.stdout.encode())
    assert root.tag == "testsuites", root.tag
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    assert len(root) > 0, "no testsuite"
    for suite in root:
        assert suite.tag == "testsuite", suite.tag
        assert suite.get("name"), "testsuite without a name"
        cases = list(suite)
        assert all(c.tag == "testcase" for c in cases), [c.tag for c in cases]
        fails = sum(1 for c in cases if c.find("failure") is not None)
        skips = sum(1 for c in cases if c.find("skipped") is not None)
        assert int(suite.get("tests")) == len(cases), suite.attrib
        assert int(suite.get("failures")) == fails, suite.attrib
        assert int(suite.get("skipped")) == skips, suite.attrib
        assert int(suite.get("errors")) == 0, suite.attrib
        for key, n in (("tests", len(cases)), ("failures", fails), ("skipped", skips)):
            totals[key] += n
        for c in cases:
            assert c.get("classname") and c.get("name"), c.attrib
            assert len(c.findall("failure")) + len(c.findall("skipped")) <= 1, c.attrib
            f = c.find("failure")
            if f is not None:
                assert re.fullmatch(r"KVD\d{3}|input error", f.get("type")), f.attrib
                assert f.get("message"), f.attrib
                for line in f.text.strip().split("\n"):
                    assert re.match(r"^\S.*?(:\d+)?: error (KVD\d{3} )?", line), line
            if c.get("line") is not None:
                assert int(c.get("line")) >= 1 and c.get("file"), c.attrib
    for key, n in totals.items():
        assert int(root.get(key)) == n, (key, root.attrib)
    assert (p.returncode == 1) == (totals["failures"] > 0), (p.returncode, totals)


for args in cases:
    for check in (gitlab, junit):
        checked += 1
        try:
            check(args)
        except Exception as e:  # noqa: BLE001 - report every case
            failures += 1
            print(f"FAIL {check.__name__} {' '.join(args)}: {e!r}")
print(f"{checked - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
