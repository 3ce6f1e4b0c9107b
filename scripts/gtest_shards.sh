#!/usr/bin/env bash
# Run one GoogleTest binary as N shards side by side (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX), from
# the binary's own directory as CTest would; exit 1 if any shard fails, after all have finished.
#   scripts/gtest_shards.sh N BINARY [gtest flags…]
set -uo pipefail
n=${1:?usage: scripts/gtest_shards.sh N BINARY [flags]}
bin=$(realpath "${2:?usage: scripts/gtest_shards.sh N BINARY [flags]}")
shift 2
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for ((i = 0; i < n; ++i)); do
  (cd "$(dirname "$bin")" && GTEST_TOTAL_SHARDS=$n GTEST_SHARD_INDEX=$i exec "$bin" --gtest_brief=1 "$@") >"$logs/$i.log" 2>&1 &
  pids+=($!)
done
rc=0
for ((i = 0; i < n; ++i)); do
  if ! wait "${pids[i]}"; then rc=1; fi
done
for ((i = 0; i < n; ++i)); do
  # The summary of each shard; the whole log of a failed one.
  if grep -qE '^\[  FAILED  \]|ERROR: AddressSanitizer|runtime error:|ThreadSanitizer' "$logs/$i.log" || ((rc)); then
    cat "$logs/$i.log"
  else
    grep -E '^\[  PASSED  \]|^\[==========\]' "$logs/$i.log" | sed "s|^|$(basename "$bin") shard $i: |"
  fi
done
exit "$rc"
