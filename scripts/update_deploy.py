#!/usr/bin/env python3
"""Writes the release number of the file VERSION into deploy/: the image tag of the Deployment
and the `newTag` of kustomization.yaml's `images:`, so that `kubectl apply -k deploy/` (and
`kubectl apply -f deploy/deployment.yaml`) deploy the image of this release (scripts/image.sh
tags it kvdtype:VERSION).

usage: scripts/update_deploy.py [--check]
  --check  change nothing; exit 1 naming each stale file (the CTest test deploy_current)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
IMAGE = "registry.example.com/kvdtype"

# file → (pattern of the one line that carries the tag, its replacement for a version)
LINES = {
    "deploy/deployment.yaml": (re.compile(r"^(\s*image: " + re.escape(IMAGE) + r"):\S+$", re.M), r"\g<1>:{v}"),
    "deploy/kustomization.yaml": (re.compile(r'^(\s*newTag: )"[^"]*"$', re.M), r'\g<1>"{v}"'),
}


def main() -> int:
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        print(f"update_deploy.py: unknown arguments {sys.argv[1:]}; usage: update_deploy.py [--check]", file=sys.stderr)
        return 2
    version = (ROOT / "VERSION").read_text(encoding="utf-8").strip()
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", version):
        print(f"update_deploy.py: VERSION holds {version!r}, not a release number", file=sys.stderr)
        return 2
    stale = []
    for name, (pattern, replacement) in LINES.items():
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        new, count = pattern.subn(replacement.format(v=version), text)
        if count != 1:  # fail closed: a file whose tag line moved is not "current"
            print(f"update_deploy.py: {name}: expected one tag line, found {count}", file=sys.stderr)
            return 1
        if new != text:
            stale.append(name)
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        print(f"update_deploy.py: {', '.join(stale)} not at VERSION {version}: run scripts/update_deploy.py", file=sys.stderr)
        return 1
    print(f"deploy/: image {IMAGE}:{version}" + (f" ({len(stale)} file(s) updated)" if stale and not check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
