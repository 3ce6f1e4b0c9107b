#!/usr/bin/env python3
"""Cross-face agreement: one workload, one answer, whichever face of kvdtype is asked.

For every workload of the corpus (tests/agreement/corpus.jsonl) this runs each face that can take
its input -- `kvdtype check --format json`, `kvdtype check` (text), the Python module, the C ABI
(the kvd_agree driver) and the admission webhook (`kvdtype serve`) -- and requires

  * the same verdict from every face, equal to the workload's `expect.verdict`;
  * the same set of (rule code, severity) findings from every face (the webhook only reports
    errors and warnings, so it is compared on those);
  * `expect.errors` among the error findings and no code of `expect.absent` anywhere.

`expect.verdict` is ok | warn | incomplete | error, or `bad-input` (an extension of this harness:
the CLI's exit status 2; every face must then refuse the input: the C driver's `failure`, Python's
kvdtype.BadInputError).

Standard library only: it runs wherever the Python module is tested (no PyYAML, hence webhook
fixtures are JSON files).  Prints one line per disagreement, then `N passed, M failed`.
"""
import argparse
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = os.path.join(HERE, "files")  # every face runs here: fixture names are relative to it
TIMEOUT = 30  # seconds per subprocess or HTTP request
VERDICTS = ("ok", "warn", "incomplete", "error", "bad-input")
SERIOUS = ("error", "warning")
# The rule that says what could not be checked. The webhook has no info channel: it says the
# same thing as a warning line, so KVD080 is left out wherever the webhook is compared.
INCOMPLETE_RULE = "KVD080"


class Outcome:
    """What one face answered: a verdict, its findings, and problems found inside the face itself
    (an exit status that contradicts the verdict, plan.errors that differ from the findings …)."""

    def __init__(self, verdict, findings=(), serious_only=False, problems=(), note=""):
        self.verdict = verdict
        self.findings = frozenset(findings)
        self.serious_only = serious_only  # this face cannot show info findings
        self.problems = list(problems)
        self.note = note  # e.g. "no Plan.findings: read plan.diagnostics"


def bad_input(message, problems=()):
    return Outcome("bad-input", problems=problems, note=message)


RUN_ENV = {"NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1"}


def run(argv, stdin=None, **env):
    """A subprocess in FILES with a timeout; a hang is the face's failure, not the harness's."""
    try:
        return subprocess.run(argv, cwd=FILES, input=stdin, capture_output=True, text=True,
                              timeout=TIMEOUT, env=dict(os.environ, **RUN_ENV, **env))
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, -999, "", f"timed out after {TIMEOUT} s")


def as_list(value):
    return [] if value is None else value if isinstance(value, list) else [value]


def request_args(w):
    """The workload as `kvdtype check` flags (also what the C driver takes)."""
    args = []
    for key, value in w.get("fields", {}).items():
        args += ["--" + key, str(value)]
    if "model" in w:
        args += ["--model", w["model"]]
    for m in as_list(w.get("manifest")):
        args += ["--manifest", m]
    for f in as_list(w.get("command_file")):
        args += ["--command-file", f]
    for e in w.get("env", []):
        args += ["--env", e]
    return args


def command_tail(w):
    return ["--", *w["command"]] if "command" in w else []


def json_findings(node):
    """Every object anywhere in a kvdtype JSON document with string `code` and `severity`: the
    request's diagnostics, the input diagnostics, a drafter's, a prefill backend's, each result's
    of kvdtype.checks/v1 and the deployment diagnostics (plan.skipped entries have no severity).
    A result's `suppressed` list holds what suppressions silenced (docs/suppressions.md): not
    findings, so not read."""
    found = set()
    if isinstance(node, dict):
        if isinstance(node.get("code"), str) and isinstance(node.get("severity"), str):
            found.add((node["code"], node["severity"]))
        for key, value in node.items():
            if key != "suppressed":
                found |= json_findings(value)
    elif isinstance(node, list):
        for value in node:
            found |= json_findings(value)
    return found


def exit_problem(status, verdict):
    want = 2 if verdict == "bad-input" else 1 if verdict == "error" else 0
    return [] if status == want else [f"exit status {status} with verdict {verdict} (want {want})"]


# ---------------------------------------------------------------------------------------- faces

def face_cli_json(args, w):
    p = run([args.cli, "check", *request_args(w), "--format", "json", *command_tail(w)])
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        return Outcome(f"no JSON (exit {p.returncode}: {p.stderr.strip()[:200]!r})")
    if p.returncode == 2:  # bad input: kvdtype.error/v1 on stdout, one line on stderr
        problems = [] if doc.get("schema") == "kvdtype.error/v1" else [f"exit 2 with schema {doc.get('schema')}"]
        return bad_input(p.stderr.strip(), problems)
    verdict = doc.get("verdict")
    return Outcome(verdict, json_findings(doc), problems=exit_problem(p.returncode, verdict))


# The text headline of one result, and the closing line of several (src/render/render_report.cpp,
# render_checks.cpp). "INCOMPLETE" is matched loosely: its wording is the new contract's.
HEADLINES = (("REJECTED", "error"), ("ACCEPTED with warnings", "warn"), ("ACCEPTED", "ok"))
# Finding lines: `error KVD001: title`, `drafter warning KVD070: …`, `prefill info KVD080: …`.
FINDING_LINE = re.compile(r"^[ \t]*(?:(?:drafter|prefill) )?(error|warning|info) (KVD\d{3}):", re.M)
CLOSING_LINE = re.compile(r"^verdict: (\w+) \(\d+ workloads?\)\s*$", re.M)


def text_verdict(out):
    closing = CLOSING_LINE.findall(out)
    if closing:
        return closing[-1]
    head = out.lstrip().split("\n", 1)[0].strip()
    if "INCOMPLETE" in head.upper():
        return "incomplete"
    for word, verdict in HEADLINES:
        if head.startswith(word):
            return verdict
    return f"unparsed headline {head[:60]!r}"


def face_cli_text(args, w):
    # No --quiet: the text shows info findings too (min severity info by default), so the full set
    # is compared. --color never: no escape sequences in the lines parsed.
    p = run([args.cli, "check", *request_args(w), "--color", "never", *command_tail(w)])
    if p.returncode == 2:
        return bad_input(p.stderr.strip())
    verdict = text_verdict(p.stdout)
    findings = {(code, sev) for sev, code in FINDING_LINE.findall(p.stdout)}
    return Outcome(verdict, findings, problems=exit_problem(p.returncode, verdict))


# Runs in a child interpreter with PYTHONPATH=the module's build dir: a crash or a hang of the
# extension is then that face's failure, and this harness keeps running.
PY_CHILD = r"""
import json, sys
import kvdtype
spec = json.load(sys.stdin)
kw = {k.replace("-", "_"): v for k, v in spec.get("fields", {}).items()}
for key in ("command", "command_file", "manifest", "model", "env"):
    if key in spec:
        kw[key] = spec[key]
try:
    r = kvdtype.check(**kw)
except kvdtype.BadInputError as e:
    print(json.dumps({"failure": str(e), "type": type(e).__name__})); sys.exit(0)
except Exception as e:
    print(json.dumps({"exception": str(e), "type": type(e).__name__})); sys.exit(0)

def pairs(ds):
    return [[d.code, d.severity] for d in ds]

def plan_diagnostics(plan):  # fallback while Plan.findings does not exist: the drafter's and
    if plan is None:         # the prefill backend's plans carry their own diagnostics
        return []
    return pairs(plan.diagnostics) + plan_diagnostics(plan.draft) + plan_diagnostics(plan.prefill)

out = {"kind": type(r).__name__, "verdict": r.verdict, "json": r.to_json()}
if hasattr(r, "findings"):
    out["findings"] = pairs(r.findings)
else:
    out["fallback"] = True
    if hasattr(r, "results"):
        out["findings"] = [p for res in r.results for p in plan_diagnostics(res.plan)] + pairs(r.diagnostics)
    else:
        out["findings"] = plan_diagnostics(r)
if hasattr(r, "errors"):
    out["errors"] = sorted({d.code for d in r.errors})
print(json.dumps(out))
"""


def face_python(args, w):
    spec = {k: w[k] for k in ("fields", "command", "command_file", "manifest", "model", "env") if k in w}
    p = run([args.python, "-c", PY_CHILD], stdin=json.dumps(spec), PYTHONPATH=args.pythonpath)
    try:
        out = json.loads(p.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        last = (p.stderr.strip().splitlines() or [""])[-1]
        return Outcome(f"python crashed (exit {p.returncode}: {last[:200]})")
    if "failure" in out:
        return bad_input(out["failure"])
    if "exception" in out:
        return Outcome(f"raised {out['type']}: {out['exception'][:150]}")
    findings = {tuple(f) for f in out["findings"]}
    problems = []
    # plan.errors is what callers test first: it must be exactly the error findings.
    errors = {c for c, s in findings if s == "error"}
    if "errors" in out and set(out["errors"]) != errors:
        problems.append(f"plan.errors {sorted(out['errors'])} != error findings {sorted(errors)}")
    # to_json() is the CLI's JSON; read the same way it must say the same as the objects.
    doc = json.loads(out["json"])
    if doc.get("verdict") != out["verdict"]:
        problems.append(f"to_json() verdict {doc.get('verdict')} != .verdict {out['verdict']}")
    if json_findings(doc) != findings:
        problems.append(f"to_json() findings differ from the objects': {diff(json_findings(doc), findings)}")
    note = "no .findings yet: read .diagnostics (+draft, prefill, deployment)" if out.get("fallback") else ""
    return Outcome(out["verdict"], findings, problems=problems, note=note)


def face_c(args, w):
    p = run([args.cdriver, *request_args(w), *command_tail(w)])
    try:
        out = json.loads(p.stdout)
    except ValueError:
        return Outcome(f"no JSON from kvd_agree (exit {p.returncode}: {p.stderr.strip()[:200]!r})")
    if "failure" in out:
        return bad_input(f"{out['failure']} (status {out.get('status')})")
    return Outcome(out["verdict"], {tuple(f) for f in out["findings"]})


class Webhook:
    """One `kvdtype serve` for the whole run, on a free port, with a throw-away certificate."""

    def __init__(self, args):
        self.dir = tempfile.TemporaryDirectory(prefix="kvd-agree-")
        cert, key = (os.path.join(self.dir.name, n) for n in ("tls.crt", "tls.key"))
        subprocess.run([args.openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                        "-keyout", key, "-out", cert], check=True, capture_output=True, timeout=TIMEOUT)
        with socket.socket() as s:  # a free port (the tiny race with another process is accepted)
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.base = f"https://127.0.0.1:{port}"
        self.log = open(os.path.join(self.dir.name, "serve.log"), "w+")
        self.proc = subprocess.Popen([args.cli, "serve", "--listen", f"127.0.0.1:{port}", "--tls-cert", cert,
                                      "--tls-key", key, "--log-level", "warn"], stdout=self.log, stderr=self.log)
        self.ctx = ssl.create_default_context(cafile=cert)  # verify it: the SAN names 127.0.0.1
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", context=self.ctx, timeout=2) as r:
                    if r.status == 200:
                        break
            except (OSError, urllib.error.URLError):
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.log.seek(0)
                raise RuntimeError(f"kvdtype serve did not come up: {self.log.read()[-500:]}")
            time.sleep(0.05)

    def review(self, obj, uid):
        kind = obj.get("kind", "")
        group, _, version = obj.get("apiVersion", "v1").rpartition("/")
        body = {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
                "request": {"uid": uid, "kind": {"group": group, "version": version, "kind": kind},
                            "operation": "CREATE", "namespace": "default",
                            "name": obj.get("metadata", {}).get("name", ""), "object": obj}}
        req = urllib.request.Request(self.base + "/validate", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, context=self.ctx, timeout=TIMEOUT) as r:
            return json.loads(r.read())

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)  # drains (--drain-seconds, 2 s) then exits 0
        try:
            self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        self.dir.cleanup()


# A denial lists `KVD081 (container c): message; …`; each warning starts `kvdtype KVD062 container c: …`
# (src/bindings/admission.cpp). Codes quoted inside messages are not findings, hence the anchors.
DENIED_CODE = re.compile(r"(?:: |; )(KVD\d{3}) \(")
WARNING_CODE = re.compile(r"^kvdtype (KVD\d{3}) ")
INCOMPLETE_WARNING = re.compile(r"incomplete|not checked|unchecked", re.I)


def face_webhook(server, w, uid):
    with open(os.path.join(FILES, w["manifest"])) as f:
        obj = json.load(f)
    try:
        review = server.review(obj, uid)
    except (OSError, urllib.error.URLError, ValueError) as e:
        return Outcome(f"review failed: {e}")
    resp = review.get("response", {})
    problems = [] if resp.get("uid") == uid else [f"response.uid {resp.get('uid')!r} != {uid!r}"]
    findings, incomplete, unexplained = set(), False, []
    if resp.get("allowed") is False:
        findings |= {(c, "error") for c in DENIED_CODE.findall(resp.get("status", {}).get("message", ""))}
    for line in resp.get("warnings", []):
        code = WARNING_CODE.match(line)
        # An incomplete verdict is allowed with a warning saying what was not checked (KVD080).
        if (code and code.group(1) == INCOMPLETE_RULE) or (not code and INCOMPLETE_WARNING.search(line)):
            incomplete = True
        elif code:
            findings.add((code.group(1), "warning"))
        else:
            unexplained.append(line)
    if resp.get("allowed") is False:
        verdict = "error"
    elif unexplained:
        verdict = f"allowed with unexplained warnings {unexplained}"
    else:
        verdict = "incomplete" if incomplete else "warn" if findings else "ok"
    findings = {f for f in findings if f[0] != INCOMPLETE_RULE}
    return Outcome(verdict, findings, serious_only=True, problems=problems)


# ---------------------------------------------------------------------------------- comparison

def diff(a, b):
    fmt = lambda s: "{" + ", ".join(f"{c}/{v}" for c, v in sorted(s)) + "}"
    parts = []
    if a - b:
        parts.append(f"only in the first {fmt(a - b)}")
    if b - a:
        parts.append(f"only in the second {fmt(b - a)}")
    return "; ".join(parts)


def judge(w, outcomes):
    """Disagreement lines for one workload (empty: it passes)."""
    name, expect, lines = w["name"], w["expect"], []
    for face, o in outcomes.items():
        lines += [f"{name}: {face}: {p}" for p in o.problems]
    # Verdicts: each face against the expectation (which also makes them agree with each other).
    # A known gap (a reading kvdtype does not do yet, named in the workload with the issue that
    # tracks it) keeps its argued expectation on record but is held only to agreement: every face
    # must still give one verdict, and the run lists the gap.
    gap = w.get("known_gap")
    if gap:
        verdicts = {o.verdict for o in outcomes.values()}
        if len(verdicts) > 1:
            lines.append(f"{name}: faces disagree on the verdict: {sorted(verdicts)}")
        print(f"known gap: {name}: expected {expect['verdict']}, every face says {sorted(verdicts)}: {gap}")
    # One documented exception: an object holding no serving container is a KVD080 finding when
    # a user asks to check its file (CI must not pass a file it read nothing from), while the
    # webhook, which sees every object of the cluster, allows it silently (docs/webhook.md).
    wrong = {}
    for face, o in outcomes.items():
        want = w.get("expect_webhook", expect)["verdict"] if face == "webhook" else expect["verdict"]
        if not gap and o.verdict != want:
            wrong.setdefault((o.verdict, want), []).append(face)
    for (verdict, want), faces in wrong.items():
        lines.append(f"{name}: verdict {verdict} from {', '.join(faces)}; expected {want}")
    # Findings: every face against the CLI's JSON (the most complete); webhook on errors+warnings.
    ref_face = next(iter(outcomes))
    ref = outcomes[ref_face]
    for face, o in list(outcomes.items())[1:]:
        if o.verdict == "bad-input" or ref.verdict == "bad-input":
            continue
        a, b = ref.findings, o.findings
        if o.serious_only:
            a = {f for f in a if f[1] in SERIOUS and f[0] != INCOMPLETE_RULE}
            b = {f for f in b if f[0] != INCOMPLETE_RULE}
        if a != b:
            lines.append(f"{name}: findings {ref_face} vs {face}: {diff(a, b)}")
    for face, o in outcomes.items():
        errors = {c for c, s in o.findings if s == "error"}
        codes = {c for c, _ in o.findings}
        missing = set(expect.get("errors", [])) - errors
        fired = set(expect.get("absent", [])) & codes
        if missing and o.verdict != "bad-input" and not gap:
            lines.append(f"{name}: {face}: expected errors missing: {', '.join(sorted(missing))}")
        if fired:
            lines.append(f"{name}: {face}: codes that must not fire: {', '.join(sorted(fired))}")
    return lines


def load_corpus(path):
    """The corpus, with its own mistakes reported as failures of the run (exit 2)."""
    workloads, names, errors = [], set(), []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            w = json.loads(line)
            where = f"{path}:{n} {w.get('name')}"
            if w.get("name") in names or not w.get("name"):
                errors.append(f"{where}: missing or repeated name")
            names.add(w.get("name"))
            if w.get("expect", {}).get("verdict") not in VERDICTS:
                errors.append(f"{where}: expect.verdict must be one of {VERDICTS}")
            if not w.get("why"):
                errors.append(f"{where}: no why")
            for fixture in [*as_list(w.get("manifest")), *as_list(w.get("command_file")), *as_list(w.get("model"))]:
                if not os.path.exists(os.path.join(FILES, fixture)):
                    errors.append(f"{where}: no fixture {fixture}")
            if w.get("webhook") and not (isinstance(w.get("manifest"), str) and w["manifest"].endswith(".json")):
                errors.append(f"{where}: a webhook workload needs one JSON manifest (no YAML parser here)")
            workloads.append(w)
    return workloads, errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True, help="the kvdtype binary")
    ap.add_argument("--cdriver", help="the kvd_agree binary (the C ABI)")
    ap.add_argument("--skip-c", action="store_true", help="no C face (kvd_agree not built yet)")
    ap.add_argument("--pythonpath", required=True, help="the directory holding the kvdtype package")
    ap.add_argument("--python", default="/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable)
    ap.add_argument("--openssl", default="openssl")
    ap.add_argument("--no-webhook", action="store_true", help="kvdtype-serve not built")
    ap.add_argument("--corpus", default=os.path.join(HERE, "corpus.jsonl"))
    ap.add_argument("--only", action="append", help="run only these workloads (repeatable)")
    args = ap.parse_args()
    if not args.skip_c and not args.cdriver:
        ap.error("--cdriver PATH or --skip-c")
    # Every face runs in FILES: paths given relative to the caller's directory are made absolute.
    for key in ("cli", "cdriver", "pythonpath", "corpus"):
        if getattr(args, key) and os.path.exists(getattr(args, key)):
            setattr(args, key, os.path.abspath(getattr(args, key)))

    workloads, errors = load_corpus(args.corpus)
    if errors:
        print("\n".join(errors))
        return 2
    if args.only:
        workloads = [w for w in workloads if w["name"] in args.only]

    started = time.monotonic()
    server = None if args.no_webhook else Webhook(args)
    passed, failed, notes = 0, 0, set()
    try:
        for i, w in enumerate(workloads):
            faces = {"cli-json": face_cli_json, "cli-text": face_cli_text, "python": face_python}
            if not args.skip_c:
                faces["c"] = face_c
            outcomes = {face: fn(args, w) for face, fn in faces.items()}
            if server is not None and w.get("webhook"):
                outcomes["webhook"] = face_webhook(server, w, f"agree-{i}")
            notes |= {f"{face}: {o.note}" for face, o in outcomes.items() if o.note and o.verdict != "bad-input"}
            lines = judge(w, outcomes)
            for line in lines:
                print(line, flush=True)
            passed, failed = passed + (not lines), failed + bool(lines)
    finally:
        if server is not None:
            server.stop()
    for note in sorted(notes):
        print(f"note: {note}")
    print(f"note: {len(workloads)} workloads in {time.monotonic() - started:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
