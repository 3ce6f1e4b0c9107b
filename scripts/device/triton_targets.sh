#!/usr/bin/env bash
# Compile Triton's fp8 conversion kernels for every target row (scripts/device/triton_targets.py)
# on the GPU machine and keep the output as the fixture tests/data/triton_targets/.
#
#   scripts/device/triton_targets.sh [TARGETS_CPP]   (from the repository root; writes to $OUT or ./triton-targets-out)
#
# TARGETS_CPP defaults to src/tables/targets.cpp: the target names are read from its rows, so a new
# row is compiled on the next run. No GPU of the targets is needed (HIP targets compile on an
# NVIDIA machine); the machine's own GPU is used only for the PyTorch _scaled_mm check.
# Writes to $OUT:
#   triton_targets.jsonl   one line per target (format: tests/data/triton_targets/README.md)
#   meta.json              Triton/PyTorch/CUDA versions, bundled toolchain, date, command
#   run.log                the script's progress and anything it printed
# Copy the first two into tests/data/triton_targets/ and rerun tests/unit/test_triton_targets_fixture.cpp.
# The machine has no internet: nothing is downloaded.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TABLE=${1:-$ROOT/src/tables/targets.cpp}
OUT=${OUT:-$PWD/triton-targets-out}
PY=${PYTHON:-$(command -v python3)}
mkdir -p "$OUT"
{
  echo "== $(date -u +%FT%TZ) $PY $("$PY" --version 2>&1)"
  nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2>&1 || true
  command -v nvcc >/dev/null && nvcc --version | tail -n2
} >"$OUT/run.log" 2>&1
PYTHONUNBUFFERED=1 "$PY" "$HERE/triton_targets.py" --table "$TABLE" --out "$OUT" --jobs "$(nproc 2>/dev/null || echo 8)" \
  2>&1 | tee -a "$OUT/run.log"
rc=${PIPESTATUS[0]}
echo "exit status $rc" | tee -a "$OUT/run.log"
exit "$rc"
