#!/bin/sh
# Regenerate the release sections of docs/engines/*.md from the tables
# (kvdtype releases --engine E --format markdown). tests/cli/test_releases_docs.cpp checks them.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${KVDTYPE:-$here/build/ci/tools/kvdtype/kvdtype}
for engine in vllm sglang; do
  page=$here/docs/engines/$engine.md
  generated=$("$bin" releases --engine "$engine" --format markdown)
  /usr/bin/python3 - "$page" "$generated" <<'PY'
import sys
page, generated = sys.argv[1], sys.argv[2] + "\n"
begin, end = "<!-- BEGIN kvdtype releases -->\n", "<!-- END kvdtype releases -->"
text = open(page).read()
b, e = text.index(begin), text.index(end)
open(page, "w").write(text[:b + len(begin)] + generated + text[e:])
PY
done
