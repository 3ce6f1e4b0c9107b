#!/usr/bin/env bash
# Build the webhook's container image from this checkout: kvdtype and kvdtype-serve linked
# statically (tools/image/), then `podman build` FROM scratch (Containerfile).
#   usage: scripts/image.sh [TAG]     (default kvdtype:$(cat VERSION))
# Push it where your cluster pulls from and name it in deploy/kustomization.yaml's `images:`
# (docs/webhook.md, "Image").
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
version=$(cat VERSION)
tag=${1:-kvdtype:$version}
cmake --preset release -DKVDTYPE_BUILD_IMAGE=ON -DKVDTYPE_BUILD_TESTS=OFF -DKVDTYPE_BUILD_EXAMPLES=OFF >/dev/null
cmake --build --preset release --target kvdtype_image_cli kvdtype_image_serve
podman build -f Containerfile --build-arg "VERSION=$version" -t "$tag" build/release/image
echo "image: $tag"
