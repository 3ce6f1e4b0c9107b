#!/usr/bin/env bash
# Peak memory of kvdtype serve for one large review: the server runs under `/usr/bin/time -v`,
# gets CONCURRENT posts of a 1.5 MB Pod (`args: ["0"]×300000`, issue 31 #4) and is stopped;
# its "Maximum resident set size" is compared with the same server stopped without a review.
# usage: scripts/serve_memory.sh [KVDTYPE_SERVE_BINARY] [CONCURRENT] [BODY_BYTES]
#        (default build/ci/tools/kvdtype/kvdtype-serve, 1, 1.5 MB: BODY_BYTES pads the review,
#        e.g. to --max-body). Results go in docs/reliability.md and docs/webhook.md.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/ci/tools/kvdtype/kvdtype-serve}
concurrent=${2:-1}
body_bytes=${3:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
/usr/bin/python3 - "$tmp/body.json" "$body_bytes" <<'EOF'
import json, sys
pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "big"},
       "spec": {"containers": [{"name": "c", "image": "vllm/vllm-openai:v0.27.0",
                                "command": ["vllm", "serve", "m"], "args": ["0"] * 300000}]}}
review = {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
          "request": {"uid": "u-big", "kind": {"group": "", "version": "v1", "kind": "Pod"},
                      "operation": "CREATE", "namespace": "llm", "object": pod}}
text = json.dumps(review)
pad = int(sys.argv[2]) - len(text) - len(', "pad": ""')
if pad > 0:
    review["pad"] = "x" * pad
    text = json.dumps(review)
open(sys.argv[1], "w").write(text)
EOF
peak() {  # posts → "Maximum resident set size" of the server, in KB
  local port
  port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  /usr/bin/time -v -o "$tmp/time.txt" "$bin" --listen "127.0.0.1:$port" --tls-cert "$tmp/cert.pem" \
    --tls-key "$tmp/key.pem" --drain-seconds 0 --log-level off &
  local pid=$!
  for _ in $(seq 100); do
    curl -fsS --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  local posts=()
  for _ in $(seq "$1"); do
    curl -sS --cacert "$tmp/cert.pem" -o /dev/null -w '%{http_code} ' -H 'Content-Type: application/json' \
      --data-binary "@$tmp/body.json" "https://127.0.0.1:$port/validate" >>"$tmp/codes" &
    posts+=($!)
  done
  [ ${#posts[@]} -eq 0 ] || wait "${posts[@]}" || true
  kill -TERM "$(pgrep -P "$pid")"  # the server is time's child
  wait "$pid" || true
  grep "Maximum resident set size" "$tmp/time.txt" | awk '{print $NF}'
}
idle=$(peak 0)
busy=$(peak "$concurrent")
echo "body: $(stat -c %s "$tmp/body.json") bytes; answers: $(cat "$tmp/codes")"
echo "peak RSS idle: $idle KB; with $concurrent concurrent review(s): $busy KB; per review: $(( (busy - idle) / concurrent )) KB"
