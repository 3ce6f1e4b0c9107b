#!/usr/bin/env bash
# One round of the fuzz campaign on a many-core machine (docs/reliability.md, "Campaign"): the
# bundle of scripts/fuzz_bundle.sh, several targets at once, each on its own cores, for SECONDS;
# then every target's corpus merged and minimised (libFuzzer -merge=1) with its seeds and what
# earlier rounds kept, so that the rounds accumulate in tests/fuzz/campaign/ (unpack
# corpora.tar.gz there). Results go to OUT: campaign.md (the tables),
# corpora.tar.gz (the minimised corpora), artifacts.tar.gz (findings, if any).
#
#   scripts/device/fuzz_round.sh BUNDLE OUT SECONDS TARGET:JOBS ...
set -uo pipefail
bundle=$(cd "${1:?bundle}" && pwd) out=${2:?out} seconds=${3:?seconds}
shift 3
mkdir -p "$out"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
work=$(mktemp -d)
pids=()
for spec in "$@"; do
  t=${spec%%:*} jobs=${spec##*:}
  "$bundle/fuzz_campaign.sh" --bin "$bundle/bin" --seeds "$bundle/fuzz" --out "$work/$t" --jobs "$jobs" "$seconds" "$t" \
    >"$work/$t.log" 2>&1 &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
source "$bundle/fuzz_targets.sh"
read_fuzz_targets "$bundle/fuzz/targets.txt"
{
  echo "Round of $(date -u +%Y-%m-%d) on $(nproc) cores, ${seconds} s per target (jobs per target as named):"
  echo
  echo "| target | executions | exec/s | cov | ft | corpus | peak RSS MB | findings | 10 M executions would take |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
  for spec in "$@"; do
    t=${spec%%:*}
    tail -n 1 "$work/$t/campaign.md" | sed "s/^| \`$t\`/| \`$t\` (${spec##*:} jobs)/"
  done
} >"$out/campaign.md"
mkdir -p "$work/min"
for spec in "$@"; do
  t=${spec%%:*}
  mkdir -p "$work/min/$t"
  dirs=("$bundle/fuzz/corpus/$t")
  [[ -d $bundle/fuzz/campaign/$t ]] && dirs+=("$bundle/fuzz/campaign/$t")
  "$bundle/bin/fuzz_$t" -merge=1 -timeout=10 -rss_limit_mb=2048 -max_len="${max_lens[$t]}" \
    "$work/min/$t" "${dirs[@]}" "$work/$t/corpus/$t" >"$work/$t.merge.log" 2>&1 || status=1
done
tar -C "$work/min" -czf "$out/corpora.tar.gz" .
find "$work" -path '*/artifacts/*' -type f | tar -czf "$out/artifacts.tar.gz" -T - 2>/dev/null
cat "$out/campaign.md"
exit $status
