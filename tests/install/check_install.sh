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
# (man justifies lines, spreading spaces from alternate sides on alternate lines: "Exit  status"
# or "kvdtype  serve  exits" may carry two spaces, depending on how many lines come before)
for want in "kvdtype" "--kv-cache-dtype" "--attention-backend" "Exit +status" "explain"; do
  grep -qE -- "$want" <<<"$rendered" || fail "the man page lacks '$want'"
done
# ASCII only (the help's Unicode transliterated, never "???"), with an EXIT STATUS section.
if LC_ALL=C grep -qP '[^\x00-\x7F]' "$page"; then fail "the man page has non-ASCII bytes: $(LC_ALL=C grep -nP '[^\x00-\x7F]' "$page" | head -3)"; fi
if grep -q '???' "$page"; then fail "the man page shows ???: $(grep -n '???' "$page" | head -3)"; fi
grep -q -- 'vllm serve \.\.\.' <<<"$rendered" || fail "the help's ellipsis is not transliterated to ..."
exit_section=$(sed -n '/^EXIT STATUS/,/^[A-Z]/p' <<<"$rendered")
for want in "^ +0 +accepted" "^ +1 +rejected" "^ +2 +bad input" "kvdtype +serve +exits"; do
  grep -qE -- "$want" <<<"$exit_section" || fail "the EXIT STATUS section lacks '$want': $exit_section"
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
# The formats a subcommand writes, from the output-format table: grid is the matrix's alone.
grep -qx grid <<<"$(complete_words kvdtype matrix --format g)" || fail "no 'grid' after matrix --format"
[[ -z $(complete_words kvdtype rules --format g) ]] || fail "offered grid after rules --format"
grep -qx bfloat16 <<<"$(complete_words kvdtype check --dtype bf)" || fail "no 'bfloat16' after --dtype"
[[ -z $(complete_words kvdtype check -- vllm serve --kv) ]] || fail "completed kvdtype flags inside the launch command"
# From the registries, as the CLI itself lists them: every subcommand of --help (serve too), every
# engine and output format its errors name as valid, every rule code of `kvdtype rules`.
kvd=$prefix/bin/kvdtype
subs=$("$kvd" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}')
grep -qx serve <<<"$subs" || fail "kvdtype --help does not list serve: $subs"
offered=$(complete_words kvdtype '')
for s in $subs; do grep -qx -- "$s" <<<"$offered" || fail "no subcommand '$s' for 'kvdtype '"; done
valid() { "$kvd" check "$@" 2>&1 | sed -n 's/.*valid: \([^(]*\).*/\1/p' | tr -d ',' || true; }  # kvdtype exits 2 here
engines=$(valid --engine nosuch) formats=$(valid --format nosuch)
[[ $(wc -w <<<"$engines") -ge 5 && $(wc -w <<<"$formats") -ge 5 ]] || fail "could not read the valid engines ($engines) or formats ($formats)"
offered=$(complete_words kvdtype check --engine '')
for e in $engines; do grep -qx -- "$e" <<<"$offered" || fail "no engine '$e' after --engine"; done
offered=$(complete_words kvdtype check --format '')
for f in $formats; do grep -qx -- "$f" <<<"$offered" || fail "no format '$f' after --format"; done
codes=$("$kvd" rules --format json | /usr/bin/python3 -c 'import json,sys; print(" ".join(r["code"] for r in json.load(sys.stdin)["rules"]))')
[[ $(wc -w <<<"$codes") -ge 50 ]] || fail "could not read the rule codes"
offered_explain=$(complete_words kvdtype explain '') offered_ignore=$(complete_words kvdtype check --ignore '')
for c in $codes; do
  grep -qx -- "$c" <<<"$offered_explain" || fail "no rule code '$c' after kvdtype explain"
  grep -qx -- "$c" <<<"$offered_ignore" || fail "no rule code '$c' after --ignore"
done
grep -qx tensorrt-llm <<<"$(complete_words kvdtype check --engine tens)" || fail "no engine alias tensorrt-llm"

"$prefix/bin/kvdtype" --version | grep -q '^kvdtype ' || fail "the installed kvdtype does not run"
echo "check_install: man page, completion and executable in place"
