#!/usr/bin/env python3
"""Rewrites every generated block of docs/**/*.md with what the built CLI prints.

A block is `<!-- generated: kvdtype ARGS -->` … `<!-- end generated -->`; its body is the stdout
of `kvdtype ARGS`. Whole pages (PAGES below) are the stdout of their command. tests/cli/test_docs.cpp
fails when a committed block or page differs.
usage: scripts/update_docs.py [path/to/kvdtype]   (default: build/ci/tools/kvdtype/kvdtype)
"""
import pathlib, re, shlex, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(root / "build/ci/tools/kvdtype/kvdtype")
# Pages that are one command's output as a whole (tests/cli/test_docs.cpp names the same).
PAGES = {"docs/matrix.html": ["matrix", "--format", "html"]}
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
for rel, args in PAGES.items():
    page = root / rel
    out = subprocess.run([binary] + args, capture_output=True, text=True, check=True).stdout
    if not page.exists() or page.read_text() != out:
        page.write_text(out)
        changed += 1
        print(f"updated {rel}")
print(f"{changed} page(s) updated")
