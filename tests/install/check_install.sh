#!/bin/bash
# After `cmake --install` into a scratch prefix: the man page is where man looks and renders, the
# bash completion is where bash-completion looks and completes, the executable runs.
# usage: check_install.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
build=$1
prefix=$2/prefix
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

fail() { echo "check_install: $*" >&2; exit 1; }

page=$prefix/share/man/man1/kvdtype.1
[[ -f $page ]] || fail "no man page at $page"
# man -l renders the file itself; MANPATH finds it by name as `man kvdtype` would after install.
rendered=$(MANWIDTH=100 man -l "$page" 2>&1) || fail "man -l $page failed: $rendered"
# (man justifies lines: "Exit  status" may carry two spaces)
for want in "kvdtype" "--kv-cache-dtype" "--attention-backend" "Exit +status" "explain"; do
  grep -qE -- "$want" <<<"$rendered" || fail "the man page lacks '$want'"
done
by_name=$(MANPATH=$prefix/share/man MANWIDTH=100 man kvdtype 2>&1) || fail "man kvdtype (MANPATH=$prefix/share/man) failed: $by_name"
grep -q -- "--tensor-parallel-size" <<<"$by_name" || fail "man kvdtype does not show the check flags"

comp=$(find "$prefix/share/bash-completion/completions" -name kvdtype -type f 2>/dev/null | head -1)
[[ -n $comp ]] || fail "no bash completion under $prefix/share/bash-completion/completions"
complete_words() {  # words… → what the completion offers for the last one
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _kvdtype; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp" "$@"
}
grep -qx check <<<"$(complete_words kvdtype ch)" || fail "no 'check' for 'kvdtype ch'"
grep -qx -- --tp-size <<<"$(complete_words kvdtype check --tp)" || fail "no '--tp-size' for 'kvdtype check --tp'"
grep -qx -- -tp <<<"$(complete_words kvdtype check -t)" || fail "no '-tp' for 'kvdtype check -t'"
grep -qx -- --attention-backend <<<"$(complete_words kvdtype check --attention-b)" || fail "no --attention-backend"
grep -qx json <<<"$(complete_words kvdtype check --format j)" || fail "no 'json' after --format"
grep -qx bfloat16 <<<"$(complete_words kvdtype check --dtype bf)" || fail "no 'bfloat16' after --dtype"
[[ -z $(complete_words kvdtype check -- vllm serve --kv) ]] || fail "completed kvdtype flags inside the launch command"

"$prefix/bin/kvdtype" --version | grep -q '^kvdtype ' || fail "the installed kvdtype does not run"
echo "check_install: man page, completion and executable in place"
