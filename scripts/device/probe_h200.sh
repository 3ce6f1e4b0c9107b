#!/usr/bin/env bash
# Run kvdtype's GPU probe on a real NVIDIA machine (written for the H200 box) and record what the
# driver says beside it, for the fixture tests/data/probe/h200_{nvidia_smi.csv,probe.txt}.
#
#   scripts/device/probe_h200.sh            (from the repository root; writes to $OUT or ./probe-out)
#
# Writes to $OUT:
#   nvidia_smi.csv   nvidia-smi --query-gpu=name,compute_cap,memory.total --format=csv
#   probe.txt        the probe driver's lines (scripts/device/probe_main.cpp)
#   cli_probe.json   `kvdtype probe --format json`, when the CLI could be built
#   build.log        how the build went
# The machine has no internet: nothing is downloaded. The build tries, in order, the full CMake
# build (library + CLI), the library alone with CMake, then g++ on the few sources the probe needs.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$PWD/probe-out}
mkdir -p "$OUT"
LOG="$OUT/build.log"
: >"$LOG"
BUILD=$(mktemp -d /tmp/kvdtype-probe-build.XXXXXX)
JOBS=$(nproc 2>/dev/null || echo 4)
step() { echo "== $*" | tee -a "$LOG"; }

step "nvidia-smi"
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,compute_cap,memory.total --format=csv >"$OUT/nvidia_smi.csv" 2>>"$LOG" ||
    echo "nvidia-smi failed" | tee -a "$LOG"
  nvidia-smi -L >>"$LOG" 2>&1 || true
else
  echo "nvidia-smi not found" | tee -a "$LOG"
fi

PROBE=""
CLI=""
step "1. cmake: library + CLI"
if cmake -S "$ROOT" -B "$BUILD/full" -DCMAKE_BUILD_TYPE=Release -DKVDTYPE_BUILD_TESTS=OFF \
     -DKVDTYPE_BUILD_EXAMPLES=OFF >>"$LOG" 2>&1 &&
   cmake --build "$BUILD/full" -j"$JOBS" >>"$LOG" 2>&1; then
  CLI=$(find "$BUILD/full" -type f -name kvdtype -perm -u+x | head -n1)
  LIB=$(find "$BUILD/full" -name 'libkvdtype.a' | head -n1)
  [[ -n "$LIB" ]] && g++ -std=c++20 -O2 -I"$ROOT/include" "$ROOT/scripts/device/probe_main.cpp" "$LIB" -ldl \
       -o "$BUILD/probe_main" >>"$LOG" 2>&1 && PROBE="$BUILD/probe_main"
fi
if [[ -z "$PROBE" ]]; then
  step "2. cmake: library only (fmt/CLI11 missing?)"
  if cmake -S "$ROOT" -B "$BUILD/lib" -DCMAKE_BUILD_TYPE=Release -DKVDTYPE_BUILD_TESTS=OFF \
       -DKVDTYPE_BUILD_EXAMPLES=OFF -DKVDTYPE_BUILD_TOOLS=OFF >>"$LOG" 2>&1 &&
     cmake --build "$BUILD/lib" -j"$JOBS" >>"$LOG" 2>&1; then
    LIB=$(find "$BUILD/lib" -name 'libkvdtype.a' | head -n1)
    [[ -n "$LIB" ]] && g++ -std=c++20 -O2 -I"$ROOT/include" "$ROOT/scripts/device/probe_main.cpp" "$LIB" -ldl \
         -o "$BUILD/probe_main" >>"$LOG" 2>&1 && PROBE="$BUILD/probe_main"
  fi
fi
if [[ -z "$PROBE" ]]; then
  step "3. g++: the probe's own sources (no nlohmann, fmt or CLI11 needed)"
  g++ -std=c++20 -O2 -I"$ROOT/include" -I"$ROOT/src" "$ROOT/scripts/device/probe_main.cpp" \
      "$ROOT/src/platform/probe.cpp" "$ROOT/src/platform/probe_kfd.cpp" "$ROOT/src/core/target.cpp" \
      "$ROOT/src/tables/targets.cpp" "$ROOT/src/tables/products.cpp" "$ROOT/src/common/text.cpp" -ldl \
      -o "$BUILD/probe_main" >>"$LOG" 2>&1 && PROBE="$BUILD/probe_main"
fi

if [[ -n "$PROBE" ]]; then
  step "probe"
  "$PROBE" | tee "$OUT/probe.txt"
else
  echo "no probe could be built; see build.log" | tee -a "$LOG"
fi
if [[ -n "$CLI" ]]; then
  step "kvdtype probe"
  "$CLI" probe --format json >"$OUT/cli_probe.json" 2>>"$LOG" || echo "kvdtype probe failed" | tee -a "$LOG"
  "$CLI" probe >>"$LOG" 2>&1 || true
fi
{ echo "== environment"; uname -a; g++ --version | head -n1; cmake --version | head -n1; } >>"$LOG" 2>&1
rm -rf "$BUILD"
step "done: $OUT"
ls -l "$OUT"
