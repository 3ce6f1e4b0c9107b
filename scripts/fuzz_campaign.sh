#!/usr/bin/env bash
# A recorded fuzzing campaign: every target (or those named) for SECONDS each, one at a time on
# one core, and a Markdown table of what it reached — executions, exec/s, libFuzzer's final
# coverage (`cov:` edges, `ft:` features), corpus size, peak RSS, findings, and how long
# 10 million executions would take at the rate reached — for docs/reliability.md.
#
#   scripts/fuzz_campaign.sh SECONDS [TARGET ...]      (table: build/fuzz/campaign.md)
#
# It runs scripts/fuzz.sh (same build, seeds, regressions, limits and logs) and then reads each
# target's log; a finding keeps its input under build/fuzz/artifacts/<target>/ and makes the
# script exit 1 after the table is written.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: scripts/fuzz_campaign.sh SECONDS [TARGET ...]}
shift
rc=0
./scripts/fuzz.sh "$seconds" "$@" || rc=$?
((rc == 0 || rc == 1)) || exit "$rc"

table=build/fuzz/campaign.md
{
  echo "Campaign of $(date -u +%Y-%m-%d), ${seconds} s per target, one core (\`scripts/fuzz_campaign.sh ${seconds}\`):"
  echo
  echo "| target | executions | exec/s | cov | ft | corpus | peak RSS MB | findings | 10 M executions would take |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
  for log in build/fuzz/logs/*.log; do
    t=$(basename "$log" .log)
    if (($#)); then [[ " $* " == *" $t "* ]] || continue; fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    # The last status line libFuzzer printed: "#N  pulse/NEW/DONE  cov: C ft: F corp: …".
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corpus=$(find "build/fuzz/corpus/$t" -type f 2>/dev/null | wc -l)
    artifacts=$(find "build/fuzz/artifacts/$t" -type f 2>/dev/null | wc -l)
    if ((artifacts == 0)); then findings=none; else findings="$artifacts input(s) in build/fuzz/artifacts/$t"; fi
    if [[ -n ${rate:-} && ${rate:-0} -gt 0 ]]; then
      need=$((10000000 / rate))
      eta=$(printf '%d h %02d min' $((need / 3600)) $((need % 3600 / 60)))
    else
      eta="?"
    fi
    echo "| \`$t\` | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | $corpus | ${rss:-?} | $findings | $eta |"
  done
} >"$table"
cat "$table"
exit "$rc"
