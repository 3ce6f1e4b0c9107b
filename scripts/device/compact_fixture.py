#!/usr/bin/env python3
"""Shrink verify_formats.py output for the repository without losing a record: every
"cast_fp16_all" record's 65,536 codes become run-length pairs ("codes_rle": [[code, count], ...]
in float16 bit order); the "decode" records of one (lib, format) become one "decode_table"
(values[code]); the "cast" records of one (lib, format, input dtype) become one "cast_table"
(inputs[i] → codes[i]); hex floats lose their trailing zeros. tests/unit/test_formats_fixture.cpp
expands all three again.

    python3 scripts/device/compact_fixture.py IN_DIR OUT_DIR     (IN_DIR: *.jsonl or *.jsonl.gz)
"""
import gzip
import json
import os
import sys


def rle(codes):
    out = []
    for c in codes:
        if out and out[-1][0] == c:
            out[-1][1] += 1
        else:
            out.append([c, 1])
    return out


def short_hex(v):
    # "0x1.8000000000000p-5" -> "0x1.8p-5"; strtod reads both the same.
    if not isinstance(v, str) or not v.startswith(("0x", "-0x")) or "p" not in v:
        return v
    mant, exp = v.split("p")
    if "." in mant:
        mant = mant.rstrip("0").rstrip(".")
    return mant + "p" + exp


def main(src, dst):
    os.makedirs(dst, exist_ok=True)
    for name in sorted(os.listdir(src)):
        if not (name.endswith(".jsonl") or name.endswith(".jsonl.gz")):
            continue
        opener = gzip.open if name.endswith(".gz") else open
        decodes, casts, other = {}, {}, []
        with opener(os.path.join(src, name), "rt") as f:
            for line in f:
                r = json.loads(line)
                kind = r.get("kind")
                if kind == "cast_fp16_all":
                    r["codes_rle"] = rle(r.pop("codes"))
                    other.append(r)
                elif kind == "decode":
                    t = decodes.setdefault((r["lib"], r["format"]), {})
                    t[r["code"]] = short_hex(r["value"])
                elif kind == "cast":
                    t = casts.setdefault((r["lib"], r["format"], r["input_dtype"]), ([], []))
                    t[0].append(short_hex(r["input"]))
                    t[1].append(r["code"])
                else:
                    other.append(r)
        with open(os.path.join(dst, name.removesuffix(".gz")), "w") as o:
            for (lib, fmt), t in decodes.items():
                assert sorted(t) == list(range(len(t))), (lib, fmt)
                rec = {"kind": "decode_table", "lib": lib, "format": fmt, "values": [t[c] for c in range(len(t))]}
                o.write(json.dumps(rec, separators=(",", ":")) + "\n")
            for (lib, fmt, dtype), (inputs, codes) in casts.items():
                rec = {"kind": "cast_table", "lib": lib, "format": fmt, "input_dtype": dtype, "inputs": inputs, "codes": codes}
                o.write(json.dumps(rec, separators=(",", ":")) + "\n")
            for r in other:
                o.write(json.dumps(r, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
