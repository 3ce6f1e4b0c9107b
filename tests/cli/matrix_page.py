#!/usr/bin/env python3
"""`kvdtype matrix --format html` opened in headless Chromium (Debian's `chromium`).

usage: matrix_page.py KVDTYPE WORK_DIR. Checks:
  - a screenshot is a real PNG of the window size, and shows the page's ok and error cell colours;
  - the DOM after the page's script ran has one verdict cell per row of
    `kvdtype matrix --releases --format json`;
  - filters given in the query string (engine, release, model, attention, gpu) hide exactly the
    rows and columns they should: counted against the same JSON.
Exits 77 (CTest: skipped) with a message when chromium is not installed.
"""
import html.parser, json, os, pathlib, shutil, struct, subprocess, sys, zlib

binary, work = sys.argv[1], pathlib.Path(sys.argv[2])
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium is None:
    print("SKIPPED: chromium is not installed (scripts/setup.sh installs Debian's chromium); the matrix page was not opened")
    sys.exit(77)

work.mkdir(parents=True, exist_ok=True)
page = work / "matrix.html"
page.write_text(subprocess.run([binary, "matrix", "--format", "html"], capture_output=True, text=True, check=True).stdout)
rows = json.loads(subprocess.run([binary, "matrix", "--releases", "--format", "json"], capture_output=True, text=True,
                                 check=True).stdout)["rows"]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def browser(*args):
    # Root (CI containers) needs --no-sandbox; a profile directory of our own keeps runs apart.
    base = [chromium, "--headless", "--disable-gpu", "--hide-scrollbars", f"--user-data-dir={work / 'profile'}"]
    if os.geteuid() == 0:
        base.append("--no-sandbox")
    return subprocess.run(base + list(args), capture_output=True, text=True, timeout=120)


# ---- screenshot ---------------------------------------------------------------------------------
def png_pixels(data):
    """(width, height, set of RGB colours) of an 8-bit RGB/RGBA PNG, filters undone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), f"unexpected PNG type {depth}/{ctype}"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, colours = zlib.decompress(idat), width * bpp, bytearray(width * bpp), set()
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp))
        prev = line
    return width, height, colours


shot = work / "matrix.png"
if shot.exists():
    shot.unlink()
r = browser(f"--screenshot={shot}", "--window-size=1400,900", page.as_uri())
check(shot.exists() and shot.stat().st_size > 20000, f"screenshot written ({shot.stat().st_size if shot.exists() else 0} bytes)")
if shot.exists():
    w, h, colours = png_pixels(shot.read_bytes())
    check((w, h) == (1400, 900), f"screenshot is the window's size ({w}x{h})")
    check(len(colours) > 50, f"screenshot is not blank ({len(colours)} colours)")
    check(bytes.fromhex("e3f4e8") in colours, "screenshot shows ok cells (#e3f4e8)")
    check(bytes.fromhex("fde3e1") in colours, "screenshot shows error cells (#fde3e1)")


# ---- DOM ----------------------------------------------------------------------------------------
class Dom(html.parser.HTMLParser):
    """Rows of #matrix tbody: their data attributes, whether hidden, and their visible cells."""

    def __init__(self):
        super().__init__()
        self.rows, self.in_body = [], False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append({"data": {k[5:]: v for k, v in a.items() if k.startswith("data-")},
                              "hidden": "hidden" in classes, "cells": 0, "shown_cells": 0, "links": 0, "titled": 0})
        elif tag == "td" and self.in_body and "v" in classes:
            self.rows[-1]["cells"] += 1
            self.rows[-1]["shown_cells"] += "hidden" not in classes
            self.rows[-1]["titled"] += " on " in (a.get("title") or "")
        elif tag == "a" and self.in_body and self.rows:
            self.rows[-1]["links"] += (a.get("href") or "").startswith("rules/KVD")

    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_body = False


def dom(query=""):
    r = browser("--dump-dom", page.as_uri() + query)
    d = Dom()
    d.feed(r.stdout)
    return d.rows


everything = dom("?release=&model=&attention=")
check(len(everything) > 0 and all(not r["hidden"] for r in everything), f"no filter: all {len(everything)} rows shown")
cells = sum(r["cells"] for r in everything)
check(cells == len(rows), f"DOM cells {cells} == JSON rows {len(rows)}")
titled = sum(r["titled"] for r in everything)
check(titled == cells, f"every cell has its hover text ({titled} of {cells})")
errors = sum(1 for r in rows if r["first_diagnostic"])
links = sum(r["links"] for r in everything)
check(links == errors, f"every cell with a rule links to its page ({links} links, {errors} cells with a rule)")


def json_rows(engine, model, attention):
    return {(r["kv_cache_dtype"], r["first_release"], r["last_release"]) for r in rows
            if r["engine"] == engine and r["model_dtype"] == model and r["attention"] == attention}


shown = [r for r in dom("?engine=sglang&release=&model=bfloat16&attention=mla") if not r["hidden"]]
want = json_rows("sglang", "bfloat16", "mla")
check(len(shown) == len(want) and all(r["data"]["engine"] == "sglang" for r in shown),
      f"?engine=sglang&attention=mla: {len(shown)} rows shown, JSON has {len(want)}")
check({r["data"]["kv"] for r in shown} == {k for k, _, _ in want}, "?engine=sglang: the same kv strings as the JSON")

default = [r for r in dom() if not r["hidden"]]
check(0 < len(default) < len(everything), f"the default view (newest releases, bfloat16, gqa) narrows: {len(default)} rows")
check(all(r["data"]["newest"] == "1" and r["data"]["attention"] == "gqa" for r in default), "default rows are newest, gqa")

narrow = [r for r in dom("?gpu=sm_90&kv=fp8_e5m2&release=") if not r["hidden"]]
check(len(narrow) > 0 and all("fp8_e5m2" in r["data"]["kv"] for r in narrow), f"?kv=fp8_e5m2 keeps only those rows ({len(narrow)})")
check(all(r["shown_cells"] == 1 for r in narrow), "?gpu=sm_90 leaves one column")

print(f"matrix page: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
