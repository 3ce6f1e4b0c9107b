#!/usr/bin/env python3
"""Rewrites every generated block of docs/**/*.md with what the built CLI prints.

A block is `<!-- generated: kvdtype ARGS -->` … `<!-- end generated -->`; its body is the stdout
of `kvdtype ARGS`. tests/cli/test_docs.cpp fails when a committed block differs.
usage: scripts/update_docs.py [path/to/kvdtype]   (default: build/ci/tools/kvdtype/kvdtype)
"""
import pathlib, re, shlex, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(root / "build/ci/tools/kvdtype/kvdtype")
block = re.compile(r"(<!-- generated: kvdtype (.*?) -->\n)(.*?)(<!-- end generated -->)", re.S)


def body(m):
    out = subprocess.run([binary] + shlex.split(m.group(2)), capture_output=True, text=True, check=True).stdout
    return m.group(1) + out + m.group(4)


changed = 0
for page in sorted((root / "docs").rglob("*.md")):
    text = page.read_text()
    new = block.sub(body, text)
    if new != text:
        page.write_text(new)
        changed += 1
        print(f"updated {page.relative_to(root)}")
print(f"{changed} page(s) updated")
