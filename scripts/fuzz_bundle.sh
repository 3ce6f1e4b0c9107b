#!/usr/bin/env bash
# Pack the fuzz targets for a campaign on another Linux x86-64 machine that has neither this
# build nor Debian's libraries: the fuzz program (debug info stripped; its symbols kept) and its
# fuzz_<target> links, the seed corpora, regression inputs, dictionary and target list, the shared
# libraries the program loads besides glibc (none today: libstdc++ and libgcc are linked in, and
# yaml-cpp is a static archive; the copy stays for any that comes), scripts/fuzz_campaign.sh, and a
# run.sh that runs the campaign there. The other machine needs glibc 2.36 or newer (Debian 12,
# Ubuntu 24.04, Fedora 37, RHEL 10): Debian 12's libstdc++ calls arc4random.
#
#   scripts/fuzz_bundle.sh [DIR]      (default build/fuzz-bundle; also DIR.tar.gz)
#
# On the other machine:
#   tar xzf fuzz-bundle.tar.gz && fuzz-bundle/run.sh 600                 # every target, 600 s each, all cores
#   fuzz-bundle/run.sh --jobs 8 300 launch manifest                        # some targets on 8 cores
# The table is fuzz-bundle/out/campaign.md; findings are under fuzz-bundle/out/artifacts/<target>/.
# A stack trace there shows module offsets (no symbolizer is packed): replay the input here with
# build/fuzz/tests/fuzz/fuzz_<target> INPUT, or copy it to tests/fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-build/fuzz-bundle}
limit_mib=60

KVDTYPE_SETUP_FUZZ=1 ./scripts/setup.sh
command -v clang++-14 >/dev/null || { echo "fuzz_bundle.sh: clang++-14 is not installed (and could not be)" >&2; exit 3; }
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target kvdtype_fuzz
built=build/fuzz/tests/fuzz

rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/fuzz"
# Debug info is most of the program's size; the symbol table stays (function names in reports).
objcopy --strip-debug "$built/kvdtype_fuzz" "$dest/bin/kvdtype_fuzz"
while read -r name _; do
  [[ -z $name || $name == \#* ]] && continue
  ln -s kvdtype_fuzz "$dest/bin/fuzz_$name"
done <tests/fuzz/targets.txt

# Shared libraries: everything ldd names except glibc's own (the loader, libc, libm, libpthread,
# libdl, librt, libutil, libresolv), which must match the other machine's kernel interface.
ldd "$built/kvdtype_fuzz" | awk '/=> \// {print $3}' | while read -r lib; do
  case $(basename "$lib") in
    ld-linux*.so* | libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | libutil.so* | libresolv.so*) ;;
    *) cp -L "$lib" "$dest/lib/" ;;
  esac
done

cp -r tests/fuzz/corpus tests/fuzz/campaign tests/fuzz/regressions tests/fuzz/kvdtype.dict tests/fuzz/targets.txt "$dest/fuzz/"
rm -f "$dest/fuzz/campaign/README.md"
rm -f "$dest/fuzz/regressions/README.md"
cp scripts/fuzz_campaign.sh scripts/fuzz_targets.sh "$dest/"
cat >"$dest/run.sh" <<'EOF'
#!/usr/bin/env bash
# kvdtype's fuzz campaign, packed by scripts/fuzz_bundle.sh:
#   ./run.sh [--jobs N] SECONDS [TARGET ...]    (--jobs defaults to every core)
# Each target runs SECONDS on N workers, one target after another; the table goes to
# out/campaign.md and findings to out/artifacts/<target>/ (exit 1 when there are any).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
jobs=()
[[ " $* " == *" --jobs"* ]] || jobs=(--jobs "$(nproc)")
exec "$here/fuzz_campaign.sh" --bin "$here/bin" --seeds "$here/fuzz" --out "$here/out" "${jobs[@]}" "$@"
EOF
chmod +x "$dest/run.sh" "$dest/fuzz_campaign.sh"

# The packed program must start with only the packed libraries besides glibc.
LD_LIBRARY_PATH="$dest/lib" "$dest/bin/fuzz_version" -runs=1 "$dest/fuzz/corpus/version" >/dev/null 2>&1 ||
  { echo "fuzz_bundle.sh: the packed program does not start" >&2; exit 1; }

tar -C "$(dirname "$dest")" -czf "$dest.tar.gz" "$(basename "$dest")"
size_kib=$(du -sk "$dest" | cut -f1)
echo "fuzz_bundle.sh: $dest ($((size_kib / 1024)) MiB; $dest.tar.gz $(($(stat -c %s "$dest.tar.gz") / 1048576)) MiB)" >&2
libs=("$dest"/lib/*)
[[ -e ${libs[0]} ]] || libs=()
echo "fuzz_bundle.sh: packed libraries: ${libs[*]:-none}" >&2
glibc=$(objdump -T "$dest/bin/kvdtype_fuzz" "${libs[@]}" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
echo "fuzz_bundle.sh: the other machine needs ${glibc/_/ } or newer" >&2
if ((size_kib > limit_mib * 1024)); then
  echo "fuzz_bundle.sh: the bundle is larger than $limit_mib MiB" >&2
  exit 1
fi
