#!/usr/bin/env bash
# tests/consumer/run.sh BUILD_DIR — use kvdtype the way an outside project does.
#
# Installs BUILD_DIR into a fresh temporary prefix (cmake --install --prefix), then builds and
# runs two consumers against that prefix only:
#   cpp/  a CMake project using find_package(kvdtype) and kvdtype::kvdtype (C++ API + C ABI);
#   c/    a C99 program compiled with `pkg-config --cflags --libs --static kvdtype`.
# CC, CXX, CFLAGS, CXXFLAGS and LDFLAGS are honoured (the CTest test passes the build's own, so a
# sanitizer build links its sanitizer runtime here too). Needs cmake, a compiler and pkg-config.
set -euo pipefail

if [[ $# -ne 1 || ! -f "$1/CMakeCache.txt" ]]; then
  echo "usage: $0 BUILD_DIR   (a configured and built kvdtype build directory)" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kvdtype-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

step() { printf '== %s\n' "$*"; }

step "install $build into $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }
test -f "$prefix/include/kvdtype/kvdtype.h"
test -f "$prefix/include/kvdtype/kvdtype.hpp"

step "C++ consumer: find_package(kvdtype)"
cmake -S "$here/cpp" -B "$work/cpp" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/cpp-configure.log" 2>&1 ||
  { cat "$work/cpp-configure.log" >&2; exit 1; }
# The package must come from the temporary prefix, not from some other installation.
grep -q "kvdtype_DIR:PATH=$prefix/" "$work/cpp/CMakeCache.txt" ||
  { echo "find_package(kvdtype) did not use $prefix:" >&2; grep kvdtype_DIR "$work/cpp/CMakeCache.txt" >&2; exit 1; }
cmake --build "$work/cpp" >"$work/cpp-build.log" 2>&1 || { cat "$work/cpp-build.log" >&2; exit 1; }
"$work/cpp/kvdtype_consumer_cpp"

step "C consumer: pkg-config --static kvdtype"
pc=$(find "$prefix" -name kvdtype.pc -print -quit)
test -n "$pc" || { echo "no kvdtype.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")"
cflags=$(pkg-config --cflags kvdtype)
libs=$(pkg-config --libs --static kvdtype)
echo "   cflags: $cflags"
echo "   libs:   $libs"
# shellcheck disable=SC2086  # word splitting of flag lists is intended
${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror ${CFLAGS:-} $cflags "$here/c/main.c" -o "$work/consumer_c" \
  $libs ${LDFLAGS:-}
"$work/consumer_c"

if [[ -x "$prefix/bin/kvdtype" ]]; then
  step "installed CLI"
  # Only that it installed and runs; its leak-checking belongs to the CLI's own tests (the CLI
  # keeps its option structs for the life of the process on purpose).
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$prefix/bin/kvdtype" --version
fi
step "consumers ok"
