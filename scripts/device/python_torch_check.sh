#!/usr/bin/env bash
# Build the kvdtype Python module on the GPU machine and run its tests there with real PyTorch
# tensors (python/tests/test_torch.py runs on CUDA when torch sees a GPU), plus the rest of the
# Python suite (ml_dtypes is installed there, so those tests run too).
#
#   scripts/device/python_torch_check.sh        (from the repository root; writes to $OUT or ./torch-out)
#
# Writes to $OUT:
#   env.txt       python, torch, CUDA device, numpy, ml_dtypes, pybind11 versions
#   build.log     the CMake configure and build
#   pytest.txt    pytest -v -rs output (the guard timings are printed by the speed tests)
#   junit.xml     the same as JUnit XML
# Exit status: pytest's (0 when every test passed), or 2 when the module could not be built.
#
# The machine has no internet: nothing is downloaded. It needs cmake, g++ (C++20), the Python
# headers of the python3 that holds torch (PYTHON=… picks another interpreter), and pybind11
# (the pip package's CMake files are used). The library also needs nlohmann/json headers: the
# system's when CMake finds them, else any nlohmann/json.hpp found under the repository's
# .device/deps, /usr/include, /usr/local/include or /opt (to bring them from a Debian machine:
# `mkdir -p .device/deps && cp -r /usr/include/nlohmann .device/deps/` and name `.device/deps`
# in the run's carry).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$PWD/torch-out}
mkdir -p "$OUT"
LOG="$OUT/build.log"
: >"$LOG"
BUILD=$(mktemp -d /tmp/kvdtype-torch-build.XXXXXX)
JOBS=$(nproc 2>/dev/null || echo 4)
PY=${PYTHON:-$(command -v python3)}
step() { echo "== $*" | tee -a "$LOG"; }

step "environment"
{
  echo "python: $PY"
  "$PY" - <<'PYEOF'
import sys
print("python", sys.version.split()[0])
for name in ("torch", "numpy", "ml_dtypes", "pybind11", "pytest"):
    try:
        m = __import__(name)
        print(name, getattr(m, "__version__", "?"))
    except Exception as e:  # noqa: BLE001
        print(name, "missing:", e)
try:
    import torch
    print("cuda available:", torch.cuda.is_available())
    if torch.cuda.is_available():
        print("device:", torch.cuda.get_device_name(0), torch.cuda.get_device_capability(0))
except Exception as e:  # noqa: BLE001
    print("torch probe failed:", e)
PYEOF
  cmake --version | head -n1
  g++ --version | head -n1
} >"$OUT/env.txt" 2>&1
cat "$OUT/env.txt" >>"$LOG"

PYBIND11_DIR=$("$PY" -m pybind11 --cmakedir 2>>"$LOG")
echo "pybind11_DIR=${PYBIND11_DIR:-(none from pip; CMake searches the system)}" >>"$LOG"

configure() {
  cmake -S "$ROOT" -B "$BUILD/b" -DCMAKE_BUILD_TYPE=Release -DKVDTYPE_BUILD_TOOLS=OFF \
    -DKVDTYPE_BUILD_TESTS=OFF -DKVDTYPE_BUILD_EXAMPLES=OFF -DKVDTYPE_BUILD_PYTHON=ON \
    -DPython3_EXECUTABLE="$PY" ${PYBIND11_DIR:+-Dpybind11_DIR="$PYBIND11_DIR"} "$@" >>"$LOG" 2>&1
}

# nlohmann_json: when CMake finds no package, a tiny one over headers found on disk.
nlohmann_shim() {
  local hdr inc
  hdr=$(find "$ROOT/.device/deps" /usr/include /usr/local/include /opt -path '*/nlohmann/json.hpp' 2>/dev/null |
        head -n1)
  if [[ -z "$hdr" ]]; then
    echo "no nlohmann/json.hpp found; see this script's header for how to carry it" | tee -a "$LOG"
    return 1
  fi
  inc=$(dirname "$(dirname "$hdr")")
  echo "using nlohmann headers under $inc" | tee -a "$LOG"
  mkdir -p "$BUILD/nlohmann_json"
  printf '%s\n' "add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)" \
    "set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES \"$inc\")" \
    >"$BUILD/nlohmann_json/nlohmann_jsonConfig.cmake"
  printf '%s\n' "set(PACKAGE_VERSION 3.11.0)" "set(PACKAGE_VERSION_COMPATIBLE TRUE)" \
    >"$BUILD/nlohmann_json/nlohmann_jsonConfigVersion.cmake"
}

fail_build() {
  echo "$1; see build.log" | tee -a "$LOG"
  tail -n 40 "$LOG"
  exit 2
}

step "configure (library and Python module only)"
if ! configure; then
  grep -q nlohmann_json "$LOG" && nlohmann_shim || fail_build "configure failed"
  rm -rf "$BUILD/b"
  step "configure again with the nlohmann_json shim"
  configure -Dnlohmann_json_DIR="$BUILD/nlohmann_json" || fail_build "configure failed"
fi
step "build"
cmake --build "$BUILD/b" -j"$JOBS" --target kvdtype_python >>"$LOG" 2>&1 || fail_build "build failed"
MODDIR="$BUILD/b/python"
ls "$MODDIR" >>"$LOG"

step "pytest python/tests"
cd "$ROOT" || exit 2
PYTHONPATH="$MODDIR" PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
  "$PY" -m pytest -v -rs -s -p no:cacheprovider --junitxml="$OUT/junit.xml" python/tests 2>&1 | tee "$OUT/pytest.txt"
rc=${PIPESTATUS[0]}
echo "pytest exit status $rc" | tee -a "$LOG"
exit "$rc"
