#!/usr/bin/env bash
# Set up, build and run the whole test suite (what CI runs: .ci/run calls this script).
#   1. the CI build: release, warnings as errors, library + CLI + Python module + examples +
#      benchmarks; every CTest test (unit, CLI acceptance cases, C ABI, Python, the installed
#      package found by an outside project, the table lint);
#   2. the same test suite under AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. the concurrency test under ThreadSanitizer;
#   4. every fuzz target for 2 s (clang 14 + libFuzzer, ASan + UBSan; scripts/fuzz.sh).
# KVDTYPE_TEST_QUICK=1 runs only step 1.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }

step "CI build"
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci

if [[ "${KVDTYPE_TEST_QUICK:-0}" != 1 ]]; then
  step "ASan + UBSan build"
  cmake --preset asan -DKVDTYPE_BUILD_BENCH=OFF -DKVDTYPE_BUILD_PYTHON=OFF >/dev/null
  cmake --build --preset asan
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # An instrumented process takes ~0.15 s to start, so the GoogleTest binaries run once each
  # (in shards, two at a time) rather than once per test case as CTest runs them; every other
  # test (C ABI programs, examples, lint, schema) through CTest. Left to step 1: the tests
  # that hand kvdtype's output to an outside program (Chromium for the matrix page, Microsoft's
  # SARIF multitool), whose minute and a half under ASan is that program's, not kvdtype's; the
  # CLI tests render the same page and SARIF under ASan (RenderGoldens).
  ctest --preset asan -LE gtest -E 'consumer|python|matrix_page_chromium|sarif_multitool'
  for bin in tests/kvdtype_unit_tests tests/cli/kvdtype_cli_tests tests/serve/kvdtype_serve_tests; do
    ./scripts/gtest_shards.sh 2 "build/asan/$bin"
  done
  unset ASAN_OPTIONS UBSAN_OPTIONS

  step "TSan concurrency test"
  cmake --preset tsan -DKVDTYPE_BUILD_BENCH=OFF -DKVDTYPE_BUILD_PYTHON=OFF -DKVDTYPE_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build --preset tsan --target kvdtype_concurrency_tests
  TSAN_OPTIONS=halt_on_error=1 ./build/tsan/tests/kvdtype_concurrency_tests --gtest_filter='Concurrency*'

  # Every libFuzzer target for a bounded time (scripts/fuzz.sh; docs/reliability.md), where clang
  # 14 can be installed. KVDTYPE_FUZZ_SECONDS sets the time per target; 0 skips the step.
  fuzz_seconds=${KVDTYPE_FUZZ_SECONDS:-2}
  if ((fuzz_seconds > 0)) && KVDTYPE_SETUP_FUZZ=1 ./scripts/setup.sh && command -v clang++-14 >/dev/null; then
    step "Fuzz (${fuzz_seconds}s per target)"
    KVDTYPE_FUZZ_SEED=${KVDTYPE_FUZZ_SEED:-1} ./scripts/fuzz.sh "$fuzz_seconds"
  else
    step "Fuzz skipped (KVDTYPE_FUZZ_SECONDS=0, or clang 14 not installable)"
  fi
fi
step "all tests passed"
