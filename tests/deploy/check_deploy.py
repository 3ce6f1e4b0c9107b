#!/usr/bin/env python3
"""deploy/ read as Kubernetes reads it (python3-yaml): every file is in kustomization.yaml; the
Deployment runs the image of this release (VERSION; scripts/update_deploy.py) as the image's
numeric non-root user with a read-only root and no capabilities, with resource requests and
limits, flags kvdtype-serve takes, and the mounted Secret the Certificate writes; a
PodDisruptionBudget and a NetworkPolicy select its pods; the webhook's failurePolicy and
timeoutSeconds are set, and the server gives up on a request no later than the API server does.

usage: check_deploy.py SOURCE_DIR KVDTYPE_SERVE
"""
import pathlib
import re
import subprocess
import sys

import yaml

src, serve = pathlib.Path(sys.argv[1]), sys.argv[2]
deploy = src / "deploy"
failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


objects = {}
for f in sorted(deploy.glob("*.yaml")):
    for doc in yaml.safe_load_all(f.read_text(encoding="utf-8")):
        if doc is None:
            continue
        objects.setdefault(doc["kind"], []).append((f.name, doc))
kust = objects.pop("Kustomization")[0][1]
files = {f.name for f in deploy.glob("*.yaml")} - {"kustomization.yaml"}
expect(set(kust["resources"]) == files, f"kustomization resources {sorted(kust['resources'])} vs files {sorted(files)}")

version = (src / "VERSION").read_text(encoding="utf-8").strip()
expect(kust["images"] == [{"name": "registry.example.com/kvdtype", "newTag": version}],
       f"kustomization images {kust.get('images')} (VERSION {version}; scripts/update_deploy.py)")

dep = objects["Deployment"][0][1]
pod = dep["spec"]["template"]["spec"]
labels = dep["spec"]["template"]["metadata"]["labels"]
(c,) = pod["containers"]
expect(c["image"] == f"registry.example.com/kvdtype:{version}", f"image {c['image']}, VERSION {version}")
expect("command" not in c, "the image's entrypoint is kvdtype-serve: the container gives args only")
user = re.search(r"^USER (\d+):(\d+)$", (src / "Containerfile").read_text(encoding="utf-8"), re.M)
expect(user is not None, "Containerfile has no numeric USER")
psc, csc = pod.get("securityContext", {}), c.get("securityContext", {})
expect(psc.get("runAsNonRoot") is True and csc.get("runAsNonRoot") is True, "runAsNonRoot")
if user:
    expect(psc.get("runAsUser") == int(user.group(1)) and psc.get("runAsGroup") == int(user.group(2)),
           f"runAsUser/runAsGroup {psc.get('runAsUser')}/{psc.get('runAsGroup')} vs the image's USER {user.group(0)}")
expect(psc.get("seccompProfile") == {"type": "RuntimeDefault"}, "seccompProfile RuntimeDefault")
expect(csc.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem")
expect(csc.get("allowPrivilegeEscalation") is False, "allowPrivilegeEscalation false")
expect(csc.get("capabilities") == {"drop": ["ALL"]}, f"capabilities {csc.get('capabilities')}")
expect(pod.get("automountServiceAccountToken") is False, "no service account token")
res = c.get("resources", {})
expect({"cpu", "memory"} <= set(res.get("requests", {})) and "memory" in res.get("limits", {}), f"resources {res}")
expect(c["readinessProbe"]["httpGet"]["path"] == "/readyz" and c["livenessProbe"]["httpGet"]["path"] == "/healthz", "probes")

# Every flag in args is one kvdtype-serve takes (its --help lists them).
helptext = subprocess.run([serve, "--help"], capture_output=True, text=True, timeout=60).stdout
args = {a.split("=", 1)[0]: a.split("=", 1)[1] if "=" in a else None for a in c["args"]}
for flag in args:
    expect(re.search(re.escape(flag) + r"\b", helptext) is not None, f"kvdtype-serve --help lists no {flag}")
port = int(args["--listen"].rsplit(":", 1)[1])
expect(c["ports"][0]["containerPort"] == port, "containerPort is the --listen port")

secrets = [v["secret"]["secretName"] for v in pod["volumes"] if "secret" in v]
certs = {d["metadata"]["name"]: d for _, d in objects["Certificate"]}
expect(certs.get("kvdtype-webhook", {}).get("spec", {}).get("secretName") in secrets, "the Certificate's Secret is mounted")
expect(certs.get("kvdtype-ca", {}).get("spec", {}).get("isCA") is True, "a CA Certificate issues the serving one")

(pdb,) = [d for _, d in objects["PodDisruptionBudget"]]
expect(pdb["spec"]["selector"]["matchLabels"].items() <= labels.items(), "the PodDisruptionBudget selects the pods")
expect(pdb["spec"].get("minAvailable") == 1 and dep["spec"]["replicas"] >= 2, "two replicas, one always available")
(np,) = [d for _, d in objects["NetworkPolicy"]]
expect(np["spec"]["podSelector"]["matchLabels"].items() <= labels.items(), "the NetworkPolicy selects the pods")
expect(sorted(np["spec"]["policyTypes"]) == ["Egress", "Ingress"] and np["spec"].get("egress") == [], "no egress")
expect([p["port"] for r in np["spec"]["ingress"] for p in r["ports"]] == [port], "ingress on the serving port only")

(hook,) = objects["ValidatingWebhookConfiguration"][0][1]["webhooks"]
expect(hook.get("failurePolicy") in ("Ignore", "Fail"), "failurePolicy set")
timeout = hook.get("timeoutSeconds")
expect(isinstance(timeout, int) and 1 <= timeout <= 30, f"timeoutSeconds {timeout} (1..30)")
expect(int(args["--request-timeout"]) <= timeout, "the server gives up on a request no later than the API server")

if failures:
    sys.exit(f"check_deploy: {len(failures)} failure(s)")
print(f"check_deploy: {sum(len(v) for v in objects.values())} objects; image kvdtype:{version}; policies in place")
