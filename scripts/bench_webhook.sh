#!/usr/bin/env bash
# Load test of kvdtype serve on loopback with wrk (Debian's wrk): real AdmissionReview bodies
# (bench/webhook/*.json) over keep-alive HTTPS and over a new TLS connection per review.
# usage: scripts/bench_webhook.sh [KVDTYPE_BINARY] [SECONDS]   (default build/ci/tools/kvdtype/kvdtype, 10)
# Prints wrk's reviews/s and latency percentiles for each run; results go in docs/performance.md.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/ci/tools/kvdtype/kvdtype}
secs=${2:-10}
threads=${WRK_THREADS:-2}
conns=${WRK_CONNECTIONS:-16}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" serve --listen "127.0.0.1:$port" --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" \
  --threads "${SERVE_THREADS:-32}" 2>"$tmp/serve.log" &
pid=$!
for _ in $(seq 100); do
  curl -fsS --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "# kvdtype serve on 127.0.0.1:$port, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
run() {  # name body close connections
  echo "## $1 (wrk -t$threads -c$4 -d${secs}s)"
  BODY="$here/bench/webhook/$2" CLOSE="$3" wrk -t"$threads" -c"$4" -d"${secs}s" --latency \
    -s "$here/bench/webhook/post.lua" "https://127.0.0.1:$port/validate" |
    grep -E "Requests/sec|^ +(50|75|90|99)%|requests in|Non-2xx|Socket errors"
}
run "keep-alive, Deployment allowed" review-deployment.json 0 "$conns"
run "keep-alive, Pod denied" review-bad-pod.json 0 "$conns"
run "new TLS connection per review, Deployment" review-deployment.json 1 "$conns"
curl -fsS --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/metrics" | grep -E "^kvdtype_admission_reviews_total|_count|_sum"
echo "# server RSS: $(grep VmRSS /proc/$pid/status | tr -s ' ')"
