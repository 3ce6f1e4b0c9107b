#!/usr/bin/env bash
# Run one GoogleTest binary as shards (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX), at most N at a time,
# from the binary's own directory as CTest would; exit 1 if any shard fails, after all have
# finished. There are 4×N shards, each started as one ends: GoogleTest deals the tests out by
# index, so N shards alone finish unevenly (under ASan the CLI tests' two shards took 218 s and
# 305 s), while small shards keep every job busy to the end.
#   scripts/gtest_shards.sh N BINARY [gtest flags…]
set -uo pipefail
jobs=${1:?usage: scripts/gtest_shards.sh N BINARY [flags]}
bin=$(realpath "${2:?usage: scripts/gtest_shards.sh N BINARY [flags]}")
shift 2
n=$((4 * jobs))
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
shard() {
  (cd "$(dirname "$bin")" && GTEST_TOTAL_SHARDS=$n GTEST_SHARD_INDEX=$1 exec "$bin" --gtest_brief=1 "${@:2}") >"$logs/$1.log" 2>&1
  echo $? >"$logs/$1.rc"
}
running=0
for ((i = 0; i < n; ++i)); do
  if ((running >= jobs)); then
    wait -n
    running=$((running - 1))
  fi
  shard "$i" "$@" &
  running=$((running + 1))
done
wait
rc=0
for ((i = 0; i < n; ++i)); do
  # The summary of each shard; the whole log of a failed one.
  failed=0
  [[ "$(cat "$logs/$i.rc" 2>/dev/null)" == 0 ]] || failed=1
  if grep -qE '^\[  FAILED  \]|ERROR: AddressSanitizer|runtime error:|ThreadSanitizer' "$logs/$i.log" || ((failed)); then
    rc=1
    cat "$logs/$i.log"
  else
    grep -E '^\[  PASSED  \]|^\[==========\]' "$logs/$i.log" | sed "s|^|$(basename "$bin") shard $i/$n: |"
  fi
done
exit "$rc"
