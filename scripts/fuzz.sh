#!/usr/bin/env bash
# Build the libFuzzer targets (the `fuzz` preset: clang 14, ASan + UBSan) and run each for a
# bounded time, one at a time on one core. Prints executions per target; exits 1 when a target
# found a crash, a hang or a violated invariant (the input is kept under build/fuzz/artifacts/).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET ...]     (default 60 s, every target)
#
# KVDTYPE_FUZZ_SEED=N fixes libFuzzer's seed. CI sets it, so its short run mutates along one
# sequence for a given corpus and a failure there replays with the same seed; a faster machine
# mostly goes further along it. (The order in which a file system lists the seeds can still
# differ between machines.) Unset, every run explores anew, as a campaign should.
#
# Each target starts from its seed corpus (tests/fuzz/corpus/<target>/) and the inputs that once
# crashed it (tests/fuzz/regressions/<target>/); what it learns goes to build/fuzz/corpus/<target>/,
# never into the source tree. A crash found here belongs in tests/fuzz/regressions/<target>/ once
# fixed: tests/unit/test_fuzz_regressions.cpp replays that folder in every build
# (docs/reliability.md).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
# Every target and its input cap, from tests/fuzz/targets.txt (one program, fuzz_<name> links to it).
source scripts/fuzz_targets.sh
read_fuzz_targets tests/fuzz/targets.txt
targets=("$@")
((${#targets[@]})) || targets=("${all[@]}")

KVDTYPE_SETUP_FUZZ=1 ./scripts/setup.sh
command -v clang++-14 >/dev/null || { echo "fuzz.sh: clang++-14 is not installed (and could not be)" >&2; exit 3; }
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target kvdtype_fuzz

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

failed=()
printf '\n%-14s %12s %10s %8s  %s\n' target executions exec/s corpus result
for t in "${targets[@]}"; do
  bin=build/fuzz/tests/fuzz/fuzz_$t
  [[ -n ${max_lens[$t]:-} && -x $bin ]] || { echo "fuzz.sh: no target '$t' (known: ${all[*]})" >&2; exit 2; }
  work=build/fuzz/corpus/$t
  artifacts=build/fuzz/artifacts/$t
  log=build/fuzz/logs/$t.log
  mkdir -p "$work" "$artifacts" "$(dirname "$log")"
  dirs=("$work" "tests/fuzz/corpus/$t")
  [[ -d tests/fuzz/regressions/$t ]] && dirs+=("tests/fuzz/regressions/$t")
  # -timeout: one input running longer than 10 s is a hang; -rss_limit_mb: a bounded parser never
  # needs 2 GiB; -max_len: the target's line of tests/fuzz/targets.txt.
  max_len=${max_lens[$t]}
  rc=0
  "$bin" -max_total_time="$seconds" ${KVDTYPE_FUZZ_SEED:+-seed="$KVDTYPE_FUZZ_SEED"} -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 \
    -dict=tests/fuzz/kvdtype.dict -artifact_prefix="$artifacts/" "${dirs[@]}" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  corpus=$(find "$work" -type f | wc -l)
  if ((rc == 0)); then result=ok; else result="FAILED (exit $rc, $log)"; failed+=("$t"); fi
  printf '%-14s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$corpus" "$result"
done

if ((${#failed[@]})); then
  echo >&2
  for t in "${failed[@]}"; do
    echo "fuzz.sh: $t failed; last lines of build/fuzz/logs/$t.log:" >&2
    grep -E 'INFO: Seed|ERROR|SUMMARY|invariant|Test unit written|timeout' "build/fuzz/logs/$t.log" | tail -8 >&2 || true
    # The input itself (its first 512 bytes), so a failure in CI, whose build/ is gone, can be
    # replayed from the log alone.
    unit=$(sed -n 's/.*Test unit written to //p' "build/fuzz/logs/$t.log" | tail -1)
    if [[ -n $unit && -f $unit ]]; then
      echo "fuzz.sh: the input ($(stat -c %s "$unit") bytes; od -c of the first 512):" >&2
      head -c 512 "$unit" | od -An -c >&2
    fi
  done
  exit 1
fi
