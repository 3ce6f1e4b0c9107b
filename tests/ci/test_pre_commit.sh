#!/bin/bash
# .pre-commit-hooks.yaml with pre-commit itself (Debian's package), offline: a hook repository
# made of this checkout's hook files (committed into a scratch git repository, since pre-commit
# clones a `repo:` at a `rev:`), and a project that uses it as README.md shows. A rejected
# manifest fails the commit check naming the rule; fixed, it passes; a launch script is read.
# usage: test_pre_commit.sh SOURCE_DIR KVDTYPE_CLI SCRATCH_DIR
# Exit 77 (CTest: skipped) only where pre-commit is not installed.
set -euo pipefail
src=$1 cli=$2 scratch=$3
if ! command -v pre-commit >/dev/null 2>&1; then
  echo "test_pre_commit: SKIPPED: pre-commit is not installed (apt-get install pre-commit; scripts/setup.sh installs it)"
  exit 77
fi
fail() { echo "test_pre_commit: $*" >&2; exit 1; }
rm -rf "$scratch" && mkdir -p "$scratch"
export PRE_COMMIT_HOME=$scratch/cache HOME=$scratch/home GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
export PATH=$(dirname "$cli"):$PATH
git config --global user.name test && git config --global user.email test@example.com
git config --global init.defaultBranch main

hooks=$scratch/hooks
mkdir -p "$hooks/tools/ci"
cp "$src/.pre-commit-hooks.yaml" "$hooks/"
cp "$src/tools/ci/check-files" "$hooks/tools/ci/"
git -C "$hooks" init -q && git -C "$hooks" add -A && git -C "$hooks" commit -qm hooks
rev=$(git -C "$hooks" rev-parse HEAD)

project=$scratch/project
mkdir -p "$project/deploy"
cat >"$project/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: kvdtype
        args: [--fail-on=error]
YAML
cp "$src/tests/ci/bad_pod.yaml" "$project/deploy/server.yaml"  # KVD081: bf16 on a T4
printf '#!/bin/sh\nvllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8\n' >"$project/serve.sh"
printf 'not a serving file\n' >"$project/notes.txt"
cd "$project"
git init -q && git add -A

set +e
out=$(pre-commit run --all-files 2>&1); rc=$?
set -e
[[ $rc == 1 ]] || fail "a rejected manifest: pre-commit exited $rc: $out"
grep -q 'KVD081' <<<"$out" || fail "the hook's output does not name KVD081: $out"
grep -q 'kvdtype check' <<<"$out" || fail "the hook's name is not shown: $out"

sed -i 's/bfloat16/float16/' deploy/server.yaml
git add -A
set +e
out=$(pre-commit run --all-files 2>&1); rc=$?
set -e
[[ $rc == 0 ]] || fail "the fixed manifest still fails (exit $rc): $out"
grep -qE 'kvdtype check\.+Passed' <<<"$out" || fail "the hook did not run and pass: $out"

# The launch script alone (pre-commit hands over the files a commit touches).
printf '#!/bin/sh\nvllm serve m --kv-cache-dtype fp9\n' >serve.sh
git add -A
set +e
out=$(pre-commit run --files serve.sh 2>&1); rc=$?
set -e
[[ $rc == 1 ]] || fail "a launch script with a bad --kv-cache-dtype: exit $rc: $out"
grep -q 'fp9' <<<"$out" || fail "the script's bad value is not named: $out"
echo "test_pre_commit: the hook runs kvdtype check on manifests and scripts; rejects, then passes when fixed"
