#!/usr/bin/env bash
# A recorded fuzzing campaign: every target (or those named) for SECONDS each, one target after
# another, each on JOBS cores (libFuzzer -jobs=JOBS -workers=JOBS sharing one corpus), and a
# Markdown table of what it reached — executions summed over the workers, exec/s, the coverage of
# the final corpus (`cov:` edges, `ft:` features, measured once more over the merged corpus after
# the workers stop), corpus size, peak RSS of the largest worker, findings, and how long
# 10 million executions would take at the rate reached — for docs/reliability.md.
#
#   scripts/fuzz_campaign.sh [--jobs N] [--bin DIR] [--seeds DIR] [--out DIR] SECONDS [TARGET ...]
#
#   --jobs N    workers per target (default 1; on a many-core machine: its core count)
#   --bin DIR   prebuilt fuzz programs (DIR/fuzz_<target>); default: build the `fuzz` preset and
#               use build/fuzz/tests/fuzz
#   --seeds DIR the folder holding targets.txt, kvdtype.dict, corpus/ and regressions/ (default
#               tests/fuzz)
#   --out DIR   where corpora, logs, findings and the table go (default build/fuzz/campaign)
#
# The table is DIR/campaign.md. A finding keeps its input under OUT/artifacts/<target>/ and makes
# the script exit 1 after the table is written. scripts/fuzz_bundle.sh packs this script with the
# programs, seeds and libraries for a machine without the build (its run.sh calls this).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jobs=1 bin="" seeds="" out=""
while (($#)); do
  case $1 in
    --jobs) jobs=${2:?--jobs N}; shift 2 ;;
    --jobs=*) jobs=${1#*=}; shift ;;
    --bin) bin=${2:?--bin DIR}; shift 2 ;;
    --seeds) seeds=${2:?--seeds DIR}; shift 2 ;;
    --out) out=${2:?--out DIR}; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    --*) echo "fuzz_campaign.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
seconds=${1:?usage: scripts/fuzz_campaign.sh [--jobs N] [--bin DIR] [--seeds DIR] [--out DIR] SECONDS [TARGET ...]}
shift
[[ $jobs =~ ^[1-9][0-9]*$ && $seconds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz_campaign.sh: --jobs and SECONDS are positive integers" >&2; exit 2; }

if [[ -z $bin ]]; then
  cd "$here/.." || exit 3
  KVDTYPE_SETUP_FUZZ=1 ./scripts/setup.sh || exit 3
  command -v clang++-14 >/dev/null || { echo "fuzz_campaign.sh: clang++-14 is not installed (and could not be)" >&2; exit 3; }
  { cmake --preset fuzz >/dev/null && cmake --build --preset fuzz --target kvdtype_fuzz; } || exit 3
  bin=$PWD/build/fuzz/tests/fuzz
fi
seeds=$(cd "${seeds:-$here/../tests/fuzz}" && pwd) || exit 2
out=${out:-$here/../build/fuzz/campaign}
mkdir -p "$out" && out=$(cd "$out" && pwd)
bin=$(cd "$bin" && pwd) || exit 2

source "$here/fuzz_targets.sh"
read_fuzz_targets "$seeds/targets.txt"
targets=("$@")
((${#targets[@]})) || targets=("${all[@]}")
for t in "${targets[@]}"; do
  [[ -n ${max_lens[$t]:-} && -x $bin/fuzz_$t ]] || { echo "fuzz_campaign.sh: no target '$t' in $bin (known: ${all[*]})" >&2; exit 2; }
done

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# The last value of a libFuzzer final statistic in the given logs, summed or the largest.
stat_sum() { local k=$1; shift; sed -n "s/^stat::$k: *//p" "$@" 2>/dev/null | awk '{s += $1} END {print s + 0}'; }
stat_max() { local k=$1; shift; sed -n "s/^stat::$k: *//p" "$@" 2>/dev/null | awk '$1 > m {m = $1} END {print m + 0}'; }

rows=()
failed=0
started=$(date -u +%s)
for t in "${targets[@]}"; do
  work=$out/corpus/$t artifacts=$out/artifacts/$t logs=$out/logs/$t
  rm -rf "$logs"
  mkdir -p "$work" "$artifacts" "$logs"
  dirs=("$work" "$seeds/corpus/$t")
  [[ -d $seeds/regressions/$t ]] && dirs+=("$seeds/regressions/$t")
  # What earlier rounds learned, merged and minimised (tests/fuzz/campaign/README.md).
  [[ -d $seeds/campaign/$t ]] && dirs+=("$seeds/campaign/$t")
  # -timeout: one input running longer than 10 s is a hang; -rss_limit_mb: a bounded parser never
  # needs 2 GiB; -max_len: the target's line of targets.txt.
  flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="${max_lens[$t]}" -print_final_stats=1
    -dict="$seeds/kvdtype.dict" -artifact_prefix="$artifacts/")
  echo "fuzz_campaign.sh: $t, ${seconds} s on $jobs worker(s) (logs: $logs)" >&2
  # The workers write fuzz-<job>.log into the current directory (libFuzzer's -jobs); one worker
  # writes the same name itself.
  if ((jobs > 1)); then
    (cd "$logs" && "$bin/fuzz_$t" "${flags[@]}" -jobs="$jobs" -workers="$jobs" "${dirs[@]}" >"$logs/main.log" 2>&1)
  else
    (cd "$logs" && "$bin/fuzz_$t" "${flags[@]}" "${dirs[@]}" >"$logs/fuzz-0.log" 2>&1)
  fi
  # The coverage of everything the workers kept together: one pass over the merged corpus.
  "$bin/fuzz_$t" -runs=0 -timeout=10 -rss_limit_mb=2048 -max_len="${max_lens[$t]}" "${dirs[@]}" >"$logs/coverage.log" 2>&1
  inited=$(grep -E '^#[0-9]+.*INITED.*cov: ' "$logs/coverage.log" | tail -1)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$inited")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$inited")
  execs=$(stat_sum number_of_executed_units "$logs"/fuzz-*.log)
  rss=$(stat_max peak_rss_mb "$logs"/fuzz-*.log)
  # libFuzzer's own average per worker, summed: right also when a finding stopped a worker early.
  rate=$(stat_sum average_exec_per_sec "$logs"/fuzz-*.log)
  corpus=$(find "$work" -type f | wc -l)
  found=$(find "$artifacts" -type f | wc -l)
  if ((found == 0)); then findings=none; else findings="$found input(s) in artifacts/$t"; failed=1; fi
  if ((rate > 0)); then
    need=$((10000000 / rate))
    eta=$(printf '%d h %02d min' $((need / 3600)) $((need % 3600 / 60)))
  else
    eta="?"
  fi
  rows+=("| \`$t\` | $execs | $rate | ${cov:-?} | ${ft:-?} | $corpus | $rss | $findings | $eta |")
  printf '%-14s %12s executions %8s exec/s  cov %6s  ft %7s  corpus %6s  %s\n' "$t" "$execs" "$rate" "${cov:-?}" "${ft:-?}" "$corpus" "$findings" >&2
done
elapsed=$(($(date -u +%s) - started))

table=$out/campaign.md
{
  echo "Campaign of $(date -u +%Y-%m-%d) on $(nproc) cores ($(uname -m)), ${seconds} s per target on $jobs worker(s)," \
    "$((elapsed / 60)) min in all (\`scripts/fuzz_campaign.sh --jobs $jobs $seconds\`):"
  echo
  echo "| target | executions | exec/s | cov | ft | corpus | peak RSS MB | findings | 10 M executions would take |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
  printf '%s\n' "${rows[@]}"
} >"$table"
cat "$table"
exit "$failed"
