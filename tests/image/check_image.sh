#!/bin/bash
# The webhook's image: `podman build` of the Containerfile over the statically linked programs,
# then what the image says (entrypoint, user, exposed port, labels) and holds (its files, the
# programs byte for byte the ones tests/image/test_image_programs.cpp runs). `podman run` is
# refused on the build machines (setrlimit), so nothing is run inside the image here.
# usage: check_image.sh SOURCE_DIR IMAGE_CONTEXT SCRATCH_DIR
# Exit 77 (CTest: skipped) only where podman is not installed.
set -euo pipefail
src=$1 context=$2 scratch=$3
if ! command -v podman >/dev/null 2>&1; then
  echo "check_image: SKIPPED: podman is not installed (apt-get install podman; scripts/setup.sh installs it)"
  exit 77
fi
fail() { echo "check_image: $*" >&2; exit 1; }
version=$(cat "$src/VERSION")
tag=localhost/kvdtype-image-test:$version-$$
rm -rf "$scratch" && mkdir -p "$scratch"
trap 'podman rmi -f "$tag" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT

podman build -q --layers=false -f "$src/Containerfile" --build-arg "VERSION=$version" -t "$tag" "$context" >"$scratch/build.log" 2>&1 ||
  fail "podman build failed: $(tail -5 "$scratch/build.log")"

inspect() { podman image inspect "$tag" --format "$1"; }
[[ $(inspect '{{json .Config.Entrypoint}}') == '["/bin/kvdtype-serve"]' ]] || fail "entrypoint is $(inspect '{{json .Config.Entrypoint}}')"
[[ $(inspect '{{.Config.User}}') == 65532:65532 ]] || fail "user is '$(inspect '{{.Config.User}}')', not the numeric 65532:65532"
[[ $(inspect '{{json .Config.ExposedPorts}}') == '{"8443/tcp":{}}' ]] || fail "exposed ports $(inspect '{{json .Config.ExposedPorts}}')"
label() { inspect "{{index .Config.Labels \"$1\"}}"; }
[[ $(label org.opencontainers.image.version) == "$version" ]] || fail "version label '$(label org.opencontainers.image.version)', VERSION says $version"
[[ $(label org.opencontainers.image.title) == kvdtype ]] || fail "no title label"
[[ $(label org.opencontainers.image.licenses) == Apache-2.0 ]] || fail "no licenses label"

# The files: one layer per COPY, unpacked together; nothing but these four.
podman image save -q --format docker-archive -o "$scratch/image.tar" "$tag" >/dev/null
mkdir -p "$scratch/archive" "$scratch/root"
tar -xf "$scratch/image.tar" -C "$scratch/archive"
layers=$(/usr/bin/python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))[0]["Layers"]))' "$scratch/archive/manifest.json")
for l in $layers; do tar -xf "$scratch/archive/$l" -C "$scratch/root"; done
files=$(cd "$scratch/root" && find . -type f | sort | tr '\n' ' ')
[[ $files == "./bin/kvdtype ./bin/kvdtype-serve ./etc/group ./etc/passwd " ]] || fail "the image holds: $files"
for p in kvdtype kvdtype-serve; do
  cmp -s "$scratch/root/bin/$p" "$context/bin/$p" || fail "/bin/$p in the image differs from $context/bin/$p"
  [[ -x $scratch/root/bin/$p ]] || fail "/bin/$p is not executable in the image"
  # Static: no program interpreter (readelf, binutils: g++'s dependency).
  if readelf -l "$scratch/root/bin/$p" | grep -q 'Requesting program interpreter'; then fail "/bin/$p is dynamically linked"; fi
done
grep -qx 'kvdtype:x:65532:65532:kvdtype:/nonexistent:/nonexistent' "$scratch/root/etc/passwd" || fail "no passwd entry for 65532"
echo "check_image: $tag: entrypoint /bin/kvdtype-serve, user 65532:65532, port 8443/tcp, version $version, 4 files, static programs"
