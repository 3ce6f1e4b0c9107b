#!/usr/bin/env bash
# Build the webhook's container image from this checkout: kvdtype and kvdtype-serve linked
# statically (tools/image/), then `podman build` FROM scratch (Containerfile).
#   usage: scripts/image.sh [--preset PRESET] [TAG]
#   PRESET: the CMake preset whose build tree is used (default release; ci reuses a CI build)
#   TAG:    default kvdtype:$(cat VERSION)
# Push it where your cluster pulls from and name it in deploy/kustomization.yaml's `images:`
# (docs/webhook.md, "Image").
set -euo pipefail
cd "$(dirname "$0")/.."
preset=release
if [[ ${1:-} == --preset ]]; then preset=${2:?--preset needs a name}; shift 2; fi
./scripts/setup.sh
version=$(cat VERSION)
tag=${1:-kvdtype:$version}
if [[ $preset == release ]]; then
  cmake --preset release -DKVDTYPE_BUILD_IMAGE=ON -DKVDTYPE_BUILD_TESTS=OFF -DKVDTYPE_BUILD_EXAMPLES=OFF >/dev/null
else
  cmake --preset "$preset" -DKVDTYPE_BUILD_IMAGE=ON >/dev/null
fi
cmake --build --preset "$preset" --target kvdtype_image_cli kvdtype_image_serve
podman build --layers=false -f Containerfile --build-arg "VERSION=$version" -t "$tag" "build/$preset/image"
echo "image: $tag"
