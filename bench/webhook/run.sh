#!/usr/bin/env bash
# The webhook's cost per review, measured whole: kvdtype-serve on loopback under wrk keep-alive
# (bench/webhook/post.lua, the AdmissionReview bodies beside this script).
#
# The primary figure is the server's own CPU time per review: utime + stime of the server
# process (/proc/PID/stat) before and after the run, divided by the reviews it answered (its
# /metrics counter). It counts TLS, HTTP, logging and the review itself, and it barely moves
# when other jobs share the machine (they take cores away, not instructions). wrk's reviews/s
# and p99 are printed too, with the load average at the time: on a shared machine those are
# inflated by waiting for a core and are only comparable at a similar load.
#
# usage: bench/webhook/run.sh [NAME=KVDTYPE_SERVE ...]   (default new=build/ci/tools/kvdtype/kvdtype-serve)
#   SECONDS_PER_RUN (10), ROUNDS (2; the binaries alternate every round), WRK_THREADS (2),
#   WRK_CONNECTIONS (16), SERVE_THREADS (2: one per core), LOG_LEVEL (info, the default: one log
#   line per review, as deployed)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -gt 0 ] || set -- "new=$root/build/ci/tools/kvdtype/kvdtype-serve"
secs=${SECONDS_PER_RUN:-10}
rounds=${ROUNDS:-2}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
tick=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }  # utime + stime, in clock ticks
reviews() {  # reviews answered so far, from the server's counter
  curl -fsS --cacert "$tmp/cert.pem" "https://127.0.0.1:$1/metrics" |
    awk '/^kvdtype_admission_reviews_total/ {n += $NF} END {print n + 0}'
}

measure() {  # name binary body
  local name=$1 bin=$2 body=$3 port out c0 c1 r0 r1
  port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$bin" --listen "127.0.0.1:$port" --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem" \
    --threads "${SERVE_THREADS:-2}" --log-level "${LOG_LEVEL:-info}" 2>"$tmp/serve.log" &
  pid=$!
  for _ in $(seq 100); do
    curl -fsS --cacert "$tmp/cert.pem" "https://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  c0=$(cpu_ticks "$pid"); r0=$(reviews "$port")
  out=$(BODY="$here/$body" CLOSE=0 wrk -t"${WRK_THREADS:-2}" -c"${WRK_CONNECTIONS:-16}" -d"${secs}s" --latency \
    -s "$here/post.lua" "https://127.0.0.1:$port/validate")
  c1=$(cpu_ticks "$pid"); r1=$(reviews "$port")
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  awk -v n="$name" -v b="$body" -v c=$((c1 - c0)) -v r=$((r1 - r0)) -v t="$tick" \
    -v rps="$(awk '/Requests\/sec/ {print $2}' <<<"$out")" -v p99="$(awk '$1 == "99%" {print $2}' <<<"$out")" \
    -v load="$(cut -d' ' -f1 /proc/loadavg)" \
    'BEGIN { printf "%-6s %-24s %9d reviews %8.1f µs CPU/review %10.0f reviews/s  p99 %-8s load %s\n", n, b, r, (r ? c / t / r * 1e6 : 0), rps, p99, load }'
}

echo "# $(nproc) CPUs; wrk -t${WRK_THREADS:-2} -c${WRK_CONNECTIONS:-16} keep-alive, ${secs}s per run, $rounds rounds; server --threads ${SERVE_THREADS:-2} --log-level ${LOG_LEVEL:-info}"
echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
  for spec in "$@"; do
    for body in review-deployment.json review-bad-pod.json; do
      measure "${spec%%=*}" "${spec#*=}" "$body"
    done
  done
done
