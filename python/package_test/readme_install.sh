#!/bin/bash
# README.md's Python install, command for command, in a copy of the checkout: a wheel built
# once with Debian's python-build (no isolation: the distribution's setuptools and wheel), then
# installed with pip, offline, into a plain venv (no system site packages); `python -m kvdtype`
# and the console script work there, from outside the tree.
#
# The one difference from the README: KVDTYPE_PREBUILT_MODULE makes setup.py package the
# module of the build under test instead of building the library again (setup.py's docstring).
# usage: readme_install.sh SOURCE_DIR MODULE SCRATCH_DIR
set -euo pipefail
src=$1 module=$2 scratch=$3
fail() { echo "readme_install: $*" >&2; exit 1; }
rm -rf "$scratch" && mkdir -p "$scratch"
unset PYTHONPATH PYTHONHOME VIRTUAL_ENV
export KVDTYPE_PREBUILT_MODULE=$module PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

# The commands are read from README.md's block between "<!-- python-install -->" markers, so
# that what is tested is what the README shows.
commands=$(sed -n '/<!-- python-install -->/,/<!-- end python-install -->/p' "$src/README.md" | sed -n '/^ *```sh$/,/^ *```$/p' | grep -v '^ *```' | sed 's/^ *//')
[[ -n $commands ]] || fail "README.md has no python-install block"
grep -q 'python3 -m build --wheel --no-isolation' <<<"$commands" || fail "the README block does not build the wheel with python -m build: $commands"
grep -q -- '-m venv' <<<"$commands" || fail "the README block makes no venv"

# A checkout without build outputs: the packaging files, the sources setup.py needs, setup.sh.
# It is removed when the test ends (the log beside it stays): a copy of the package's sources
# left in the build tree is a second `kvdtype` package, without its module, that a tool looking
# for the built one can find first.
checkout=$scratch/kvdtype
trap 'rm -rf "$checkout"' EXIT
mkdir -p "$checkout/python"
cp "$src"/{pyproject.toml,setup.py,README.md,LICENSE,CMakeLists.txt,VERSION} "$checkout/"
cp -r "$src/python/kvdtype" "$checkout/python/"
mkdir -p "$checkout/scripts" && cp "$src/scripts/setup.sh" "$checkout/scripts/"
find "$checkout" -name '__pycache__' -type d -exec rm -rf {} +; find "$checkout" -name '*.so' -exec rm -f {} +
cd "$checkout"
# python3 here is Debian's (README: "Debian's /usr/bin/python3"), whatever comes first on PATH.
PATH=/usr/bin:$PATH bash -euo pipefail -c "$commands" >"$scratch/readme.log" 2>&1 ||
  fail "the README's commands failed: $(tail -20 "$scratch/readme.log")"

venv=$checkout/.venv
[[ -x $venv/bin/kvdtype ]] || fail "no console script at $venv/bin/kvdtype"
grep -q 'include-system-site-packages = false' "$venv/pyvenv.cfg" || fail "the README's venv is not a plain one"
elsewhere=$scratch/elsewhere && mkdir -p "$elsewhere" && cd "$elsewhere"
version=$(cat "$src/VERSION")
[[ $("$venv/bin/kvdtype" --version) == "kvdtype $version" ]] || fail "console script --version: $("$venv/bin/kvdtype" --version 2>&1)"
set +e
out=$("$venv/bin/python" -m kvdtype check --gpu A100 --model-dtype bfloat16 --kv-cache-dtype turboquant_k8v4 --format json); rc=$?
set -e
[[ $rc == 0 ]] && grep -q '"KVD042"' <<<"$out" || fail "python -m kvdtype check: exit $rc, $out"
where=$("$venv/bin/python" -c 'import kvdtype, os; print(os.path.dirname(kvdtype.__file__))')
[[ $where == "$venv"/* ]] || fail "kvdtype imported from $where, not the venv"
set +e
"$venv/bin/kvdtype" check --gpu sm_999 >/dev/null 2>&1; rc=$?
set -e
[[ $rc == 2 ]] || fail "the console script's bad input exits $rc, not 2"
echo "readme_install: python -m build --wheel --no-isolation, a plain venv, pip install --no-index: kvdtype $version works"
