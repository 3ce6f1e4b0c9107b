#!/usr/bin/python3
"""Write the seed corpora of the input readers' fuzz targets from the project's real test inputs.

    /usr/bin/python3 tests/fuzz/make_seeds.py        (from the repository root)

Each seed is a real input (tests/data, examples, deploy/) in the form its target reads
(entry_points_inputs.hpp): manifests and compose files as they are; engine config files behind
the byte that picks the engine; GGUF headers as they are; model ids of the catalogue and the
fuzzers' fake cache; AdmissionReview bodies wrapping each Kubernetes object of the manifests
(behind the policy byte); SARIF/GitHub inputs as flag byte + file name + NUL + manifest or script.
Run once when the inputs change; the result is committed (the fuzzers and the regression test
never run this). PyYAML is used here only, to turn the YAML manifests into JSON objects.
"""
import json
import pathlib
import re
import shutil

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests/fuzz/corpus"
DATA = ROOT / "tests/data"


def fresh(target):
    d = CORPUS / target
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def slug(s):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", s).strip("_")[:80]


def write(d, name, data):
    (d / slug(name)).write_bytes(data if isinstance(data, bytes) else data.encode())


manifests = sorted(p for p in (DATA / "manifests").glob("*.yaml"))
deploy = sorted((ROOT / "deploy").glob("*.yaml"))
launch = [json.loads(l) for l in (DATA / "launch/corpus.jsonl").read_text().splitlines() if l.strip()]
scripts = sorted((ROOT / "examples/launch").glob("*.sh")) + sorted((DATA / "inputs").glob("*.sh"))

# manifest: every manifest and the webhook's own deployment files.
d = fresh("manifest")
for p in manifests + deploy:
    if p.name != "compose.yaml":
        write(d, p.parent.name + "_" + p.name, p.read_bytes())

# compose: the compose file, and the launch corpus's commands as compose services (a command
# string, a command list, an entrypoint, environment as a list and as a map).
d = fresh("compose")
write(d, "compose.yaml", (DATA / "manifests/compose.yaml").read_bytes())
for i, case in enumerate(launch[:24]):
    cmd = case["command"]
    if i % 3 == 0:
        svc = {"image": "vllm/vllm-openai:v0.11.0", "command": cmd.split(" ", 2)[2] if cmd.startswith("vllm serve") else cmd}
    elif i % 3 == 1:
        svc = {"image": "lmsysorg/sglang:latest", "entrypoint": ["/bin/sh", "-c"], "command": [cmd],
               "environment": {"VLLM_USE_V1": "1"}}
    else:
        svc = {"image": "nvcr.io/nvidia/pytorch:25.01-py3", "command": cmd, "environment": ["HF_HOME=/data"]}
    write(d, "compose_" + case["id"], yaml.safe_dump({"services": {"srv": svc}}, sort_keys=False))

# engine_config: byte 0 picks vLLM .yaml (0), SGLang .yaml (1), SGLang .json (2), TensorRT-LLM .yml (3).
d = fresh("engine_config")
for p in sorted((DATA / "inputs").glob("*")):
    if p.suffix in (".yaml", ".json"):
        kind = 2 if p.suffix == ".json" else 1 if p.name.startswith("sglang") else 0
        write(d, p.name, bytes([kind]) + p.read_bytes())
        write(d, "trtllm_" + p.name, bytes([3]) + p.read_bytes())
write(d, "extra-llm-api-config.yml", bytes([3]) + (DATA / "launch/extra-llm-api-config.yml").read_bytes())

# gguf: the GGUF headers of tests/data/gguf.
d = fresh("gguf")
for p in sorted((DATA / "gguf").glob("*.gguf")):
    write(d, p.name, p.read_bytes())

# model_id: the catalogue's ids (src/tables/models.cpp), the fake cache's, and near misses.
d = fresh("model_id")
ids = re.findall(r'\.id\s*=\s*"([^"]+)"', (ROOT / "src/tables/models.cpp").read_text())
for i in ids + ["fuzz-org/Tiny-GQA-Chat", "FUZZ-ORG/tiny-gqa-chat", "acme/Tiny-MLA-Chat", "./glm-5.3-flash",
                "/models/llama", "~/m", "org/name/extra", "org/..", "gpt2"]:
    write(d, "id_" + i, i)

# admission: each Kubernetes object of the manifests in an AdmissionReview (byte 0: policy bits).
d = fresh("admission")
n = 0
for p in manifests + deploy:
    try:
        docs = [x for x in yaml.safe_load_all(p.read_text()) if isinstance(x, dict) and "kind" in x]
    except yaml.YAMLError:
        continue
    for obj in docs:
        review = {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
                  "request": {"uid": f"uid-{n}", "kind": {"group": "apps", "version": "v1", "kind": obj["kind"]},
                              "operation": "CREATE", "namespace": "default",
                              "name": (obj.get("metadata") or {}).get("name", ""), "object": obj}}
        write(d, f"{p.stem}_{n}_{obj['kind']}", bytes([n % 16]) + json.dumps(review).encode())
        n += 1
write(d, "not_a_review", bytes([0]) + b'{"kind":"Pod"}')
write(d, "no_uid", bytes([4]) + b'{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{}}')

# sarif: flag byte (bit 0 manifest, bit 1 two GPUs), file name, NUL, text.
d = fresh("sarif")
for i, p in enumerate(manifests):
    write(d, "manifest_" + p.name, bytes([1 | (i % 2) * 2]) + f"deploy/{p.name}".encode() + b"\0" + p.read_bytes())
for i, p in enumerate(scripts):
    write(d, "script_" + p.name, bytes([(i % 2) * 2]) + f"scripts/{p.name}".encode() + b"\0" + p.read_bytes())
for case in launch[:12]:
    write(d, "command_" + case["id"], bytes([0]) + b"launch.sh\0" + case["command"].encode() + b"\n")
# File names the renderers must escape: GitHub's property separators, a newline, an escape sequence.
odd = (DATA / "manifests/tq-a100.yaml").read_bytes()
script = (ROOT / "examples/launch/seed2_turboquant_a100_bf16.sh").read_bytes()
for flag, text in ((1, odd), (0, script)):
    write(d, f"odd_name_separators_{flag}", bytes([flag]) + b"a,b:c%d.yaml\0" + text)
    write(d, f"odd_name_newline_{flag}", bytes([flag]) + b"x\n::error::forged.yaml\0" + text)
    write(d, f"odd_name_escape_{flag}", bytes([flag]) + b"\x1b]0;t\x07.yaml\0" + text)
    write(d, f"odd_name_not_utf8_{flag}", bytes([flag]) + b"\xff\xfe.yaml\0" + text)

for t in ("manifest", "compose", "engine_config", "gguf", "model_id", "admission", "sarif"):
    print(t, len(list((CORPUS / t).iterdir())))
