#!/usr/bin/env python3
"""Record what ml_dtypes, PyTorch and Triton really do with every narrow number format.

Run on a machine with numpy, ml_dtypes, PyTorch and (for the Triton part) Triton and a CUDA GPU;
no network is needed and every part that cannot run is skipped and noted in meta.json:

    python3 scripts/device/verify_formats.py OUT_DIR

It writes one JSON object per line to OUT_DIR/<lib>.jsonl (ml_dtypes, torch_cpu, torch_cuda,
triton) and a summary to OUT_DIR/meta.json. Copy the .jsonl files to
tests/data/formats_reference/; tests/unit/test_formats_fixture.cpp then compares kvdtype's
decode()/encode() with every record. Record kinds (values are C99 hex floats, "inf", "-inf" or
"nan"; "format" is the library's own dtype name):

    {"kind": "decode", "lib": L, "format": F, "code": C, "value": V}
    {"kind": "cast", "lib": L, "format": F, "input_dtype": D, "input": V, "code": C}
    {"kind": "cast_fp16_all", "lib": L, "format": F, "codes": [C0, ..., C65535]}
        (codes[i] is the result for the float16 whose bit pattern is i)
    {"kind": "finfo", "lib": L, "format": F, "max": V, "smallest_normal": V,
     "smallest_subnormal": V or null, "eps": V}
    {"kind": "event", "lib": L, "what": W, "ok": bool, "detail": S}

The Triton part pins down fp8e4b15 on real hardware: every fp16 bit pattern and a grid of fp32
values are cast to tl.float8e4b15 and bitcast to uint8, all 256 codes are cast back to fp32, and a
bf16 -> fp8e4b15 cast is compiled to confirm that Triton's software path rejects bf16 input.
"""

import json
import math
import os
import platform
import sys
import traceback
import warnings

# Parameters of the narrow floats, from their specifications: bits, exponent bits, mantissa bits,
# bias, and how specials are encoded ("ieee", "fn", "fnuz", "finite", "e8m0"). Used only to build
# the input grid (every value, every midpoint, its float32 neighbours, values past the top).
SPECS = {
    "float8_e3m4": (8, 3, 4, 3, "ieee"),
    "float8_e4m3": (8, 4, 3, 7, "ieee"),
    "float8_e4m3fn": (8, 4, 3, 7, "fn"),
    "float8_e4m3fnuz": (8, 4, 3, 8, "fnuz"),
    "float8_e4m3b11fnuz": (8, 4, 3, 11, "fnuz"),
    "float8_e5m2": (8, 5, 2, 15, "ieee"),
    "float8_e5m2fnuz": (8, 5, 2, 16, "fnuz"),
    "float8_e8m0fnu": (8, 8, 0, 127, "e8m0"),
    "float6_e2m3fn": (6, 2, 3, 1, "finite"),
    "float6_e3m2fn": (6, 3, 2, 3, "finite"),
    "float4_e2m1fn": (4, 2, 1, 1, "finite"),
    "fp8e4b15": (8, 4, 3, 15, "finite"),
}
TRITON_NAMES = {"fp8e4nv": "float8_e4m3fn", "fp8e5": "float8_e5m2"}

# Values that exercise rounding, overflow, specials and subnormals in several formats at once.
TRICKY = [
    0.0, -0.0, 1.0, 1.5, 1.75, 1.8125, 1.85, 1.875, 1.9, 2.0, 3.0, 5.0, 6.0, 7.0, 7.5, 7.75, 8.0,
    0.25, 0.75, 0.1, 1.0 / 3.0, 2.0 / 3.0, 0.3, 15.5, 15.75, 16.0, 28.0, 30.0, 31.0, 32.0, 240.0,
    247.9, 248.0, 248.1, 256.0, 448.0, 464.0, 464.1, 479.9, 480.0, 500.0, 57344.0, 61439.0,
    61440.0, 61441.0, 65504.0, 65519.0, 65520.0, 1e5, 1e9, 1e30, 1e38, 3e38,
    2.0 ** -6, 2.0 ** -7, 2.0 ** -9, 2.0 ** -10, 2.0 ** -11, 2.0 ** -13, 2.0 ** -14, 2.0 ** -16,
    2.0 ** -17, 2.0 ** -18, 3 * 2.0 ** -19, 2.0 ** -19, 2.0 ** -24, 2.0 ** -25, 2.0 ** -126,
    2.0 ** -127, 1.5 * 2.0 ** -127, 2.0 ** -128, 2.0 ** -130, 1e-30, 1e-40, 2.0 ** 127,
    1.4 * 2.0 ** 127, 1.5 * 2.0 ** 127, float("inf"), float("nan"),
]
TRICKY = TRICKY + [-x for x in TRICKY if x == x and x != 0.0] + [float("-inf"), -float("nan")]

BLOCK = 1024


def hexval(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x.hex()


def spec_value(spec, code):
    bits, e, m, bias, style = spec
    if style == "e8m0":
        return math.nan if code == 0xFF else 2.0 ** (code - 127)
    sign = -1.0 if code >> (bits - 1) else 1.0
    exp = (code >> m) & ((1 << e) - 1)
    man = code & ((1 << m) - 1)
    if style == "ieee" and exp == (1 << e) - 1:
        return sign * math.inf if man == 0 else math.nan
    if style == "fn" and exp == (1 << e) - 1 and man == (1 << m) - 1:
        return math.nan
    if style == "fnuz" and code == 1 << (bits - 1):
        return math.nan
    if exp == 0:
        return sign * man / 2.0 ** m * 2.0 ** (1 - bias)
    return sign * (1 + man / 2.0 ** m) * 2.0 ** (exp - bias)


def grid(fmt, np):
    """Every value of the format, midpoints, their float32 neighbours, values past the top."""
    spec = SPECS[fmt]
    vals = sorted({v for v in (spec_value(spec, c) for c in range(1 << spec[0]))
                   if math.isfinite(v) and v >= 0})
    xs = list(vals)
    for a, b in zip(vals, vals[1:]):
        mid = a + (b - a) / 2
        f32 = np.float32(mid)
        xs += [mid, float(np.nextafter(f32, np.float32(math.inf))), float(np.nextafter(f32, np.float32(-math.inf)))]
        xs += [a + (b - a) * k / 4 for k in (1, 3)]
    top = vals[-1]
    xs += [top * (1 + k / 32) for k in range(1, 33)] + [top * 4]
    xs += [-x for x in xs]
    return xs + TRICKY


class Out:
    def __init__(self, directory):
        self.directory = directory
        self.files = {}
        self.counts = {}

    def write(self, lib, record):
        record = dict(record, lib=lib)
        f = self.files.get(lib)
        if f is None:
            f = self.files[lib] = open(os.path.join(self.directory, lib + ".jsonl"), "w")
        f.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.counts[lib] = self.counts.get(lib, 0) + 1

    def close(self):
        for f in self.files.values():
            f.close()


def run_ml_dtypes(out, meta, np):
    import ml_dtypes

    meta["ml_dtypes"] = ml_dtypes.__version__
    floats = [k for k in SPECS if k != "fp8e4b15"] + ["bfloat16"]
    fp16_all = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    for name in floats + ["int4", "uint4"]:
        try:
            dtype = np.dtype(getattr(ml_dtypes, name))
            bits = 16 if name == "bfloat16" else (SPECS[name][0] if name in SPECS else 4)
            store = np.uint16 if bits == 16 else np.uint8
            if bits <= 8:  # 16-bit decoding is checked exhaustively by the unit tests
                codes = np.arange(1 << bits, dtype=np.uint32).astype(store)
                with np.errstate(all="ignore"):
                    values = codes.view(dtype).astype(np.float64)
                for c, v in zip(codes.tolist(), values.tolist()):
                    out.write("ml_dtypes", {"kind": "decode", "format": name, "code": int(c), "value": hexval(v)})
            if name in ("int4", "uint4"):
                continue  # numpy float -> int casts truncate and wrap; nothing to compare
            fi = ml_dtypes.finfo(dtype)
            out.write("ml_dtypes", {"kind": "finfo", "format": name, "max": hexval(fi.max),
                                    "smallest_normal": hexval(fi.smallest_normal),
                                    "smallest_subnormal": hexval(fi.smallest_subnormal),
                                    "eps": hexval(fi.eps)})
            if name != "bfloat16":
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    y = fp16_all.astype(dtype).view(store)
                out.write("ml_dtypes", {"kind": "cast_fp16_all", "format": name, "codes": [int(c) for c in y.tolist()]})
            inputs = grid(name, np) if name in SPECS else TRICKY
            for in_dtype in (np.float64, np.float32):
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    x = np.array(inputs, dtype=in_dtype)
                    y = x.astype(dtype).view(store)
                for xv, yc in zip(x.tolist(), y.tolist()):
                    out.write("ml_dtypes", {"kind": "cast", "format": name, "input_dtype": np.dtype(in_dtype).name,
                                            "input": hexval(xv), "code": int(yc)})
        except Exception as exc:  # keep going: one missing dtype must not hide the others
            meta["errors"].append(f"ml_dtypes {name}: {exc!r}")


def run_torch(out, meta, np, torch, device):
    lib = "torch_" + device
    formats = ["float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu",
               "bfloat16", "float16"]
    for name in formats:
        dtype = getattr(torch, name, None)
        if dtype is None:
            meta["errors"].append(f"{lib}: torch.{name} missing")
            continue
        try:
            bits = 16 if name in ("bfloat16", "float16") else 8
            store = torch.int16 if bits == 16 else torch.uint8
            mask = (1 << bits) - 1
            if bits == 8:  # 16-bit decoding is checked exhaustively by the unit tests
                codes = torch.arange(1 << bits, dtype=torch.int32).to(store).to(device)
                values = codes.view(dtype).to(torch.float32).to(torch.float64).cpu().tolist()
                for c, v in enumerate(values):
                    out.write(lib, {"kind": "decode", "format": name, "code": c, "value": hexval(v)})
            fi = torch.finfo(dtype)
            out.write(lib, {"kind": "finfo", "format": name, "max": hexval(fi.max),
                            "smallest_normal": hexval(fi.smallest_normal), "smallest_subnormal": None,
                            "eps": hexval(fi.eps)})
            if name != "float16":
                try:
                    fp16_all = torch.arange(65536, dtype=torch.int32).to(torch.int16).view(torch.float16).to(device)
                    y = (fp16_all.to(dtype).view(store).to(torch.int32) & mask).cpu().tolist()
                    out.write(lib, {"kind": "cast_fp16_all", "format": name, "codes": y})
                except Exception as exc:
                    meta["errors"].append(f"{lib} float16 -> {name}: {exc!r}")
            inputs = grid(name, np) if name in SPECS else TRICKY
            for in_dtype in (torch.float32, torch.bfloat16):
                if in_dtype == dtype:
                    continue
                try:
                    x = torch.tensor(inputs, dtype=torch.float64).to(in_dtype).to(device)
                    y = (x.to(dtype).view(store).to(torch.int32) & mask).cpu().tolist()
                except Exception as exc:
                    meta["errors"].append(f"{lib} {in_dtype} -> {name}: {exc!r}")
                    continue
                xs = x.to(torch.float64).cpu().tolist()
                for xv, yc in zip(xs, y):
                    out.write(lib, {"kind": "cast", "format": name, "input_dtype": str(in_dtype).replace("torch.", ""),
                                    "input": hexval(xv), "code": int(yc)})
        except Exception as exc:
            meta["errors"].append(f"{lib} {name}: {exc!r}")


def run_triton(out, meta, np, torch):
    import triton
    import triton.language as tl

    meta["triton"] = triton.__version__
    capability = torch.cuda.get_device_capability()

    @triton.jit
    def cast_kernel(x_ptr, out_ptr, n, DST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0)
        tl.store(out_ptr + offs, x.to(DST).to(tl.uint8, bitcast=True), mask=mask)

    @triton.jit
    def decode_kernel(code_ptr, out_ptr, n, SRC: tl.constexpr, BLOCK_SIZE: tl.constexpr):
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
        mask = offs < n
        c = tl.load(code_ptr + offs, mask=mask, other=0)
        tl.store(out_ptr + offs, c.to(SRC, bitcast=True).to(tl.float32), mask=mask)

    def cast(x, dst):
        y = torch.empty(x.numel(), dtype=torch.uint8, device="cuda")
        cast_kernel[(triton.cdiv(x.numel(), BLOCK),)](x, y, x.numel(), DST=dst, BLOCK_SIZE=BLOCK)
        torch.cuda.synchronize()
        return y.cpu().tolist()

    targets = [("fp8e4b15", tl.float8e4b15)]
    if capability >= (8, 9):
        targets += [("fp8e4nv", tl.float8e4nv), ("fp8e5", tl.float8e5)]
    for fmt, dst in targets:
        try:
            codes = torch.arange(256, dtype=torch.int32).to(torch.uint8).cuda()
            vals = torch.empty(256, dtype=torch.float32, device="cuda")
            decode_kernel[(1,)](codes, vals, 256, SRC=dst, BLOCK_SIZE=BLOCK)  # inline asm packs 4 per thread
            for c, v in enumerate(vals.cpu().tolist()):
                out.write("triton", {"kind": "decode", "format": fmt, "code": c, "value": hexval(v)})
        except Exception as exc:
            meta["errors"].append(f"triton decode {fmt}: {exc!r}")
        # every fp16 bit pattern, then the format's own grid and the tricky values as fp32
        try:
            fp16_all = torch.arange(65536, dtype=torch.int32).to(torch.int16).view(torch.float16).cuda()
            out.write("triton", {"kind": "cast_fp16_all", "format": fmt, "codes": cast(fp16_all, dst)})
        except Exception as exc:
            meta["errors"].append(f"triton float16 -> {fmt}: {exc!r}")
        grid_name = fmt if fmt in SPECS else TRITON_NAMES[fmt]
        x = torch.tensor(grid(grid_name, np), dtype=torch.float64).to(torch.float32).cuda()
        try:
            y = cast(x, dst)
        except Exception as exc:
            meta["errors"].append(f"triton float32 -> {fmt}: {exc!r}")
            continue
        for xv, yc in zip(x.to(torch.float64).cpu().tolist(), y):
            out.write("triton", {"kind": "cast", "format": fmt, "input_dtype": "float32",
                                 "input": hexval(xv), "code": int(yc)})

    # Founding case 2: the software fp8e4b15 path accepts only fp16/fp32, so bf16 must not compile.
    try:
        cast(torch.ones(BLOCK, dtype=torch.bfloat16, device="cuda"), tl.float8e4b15)
        out.write("triton", {"kind": "event", "what": "bf16_to_fp8e4b15", "ok": True, "detail": "compiled and ran"})
    except Exception as exc:
        lines = str(exc).strip().splitlines()
        detail = type(exc).__name__ + (": " + lines[-1] if lines else "")
        out.write("triton", {"kind": "event", "what": "bf16_to_fp8e4b15", "ok": False, "detail": detail[:300]})


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: verify_formats.py OUT_DIR", file=sys.stderr)
        return 2
    os.makedirs(argv[1], exist_ok=True)
    meta = {"python": platform.python_version(), "errors": [], "skipped": []}
    out = Out(argv[1])
    try:
        import numpy as np
        meta["numpy"] = np.__version__
    except ImportError:
        print("numpy is required", file=sys.stderr)
        return 2

    try:
        run_ml_dtypes(out, meta, np)
    except ImportError as exc:
        meta["skipped"].append(f"ml_dtypes: {exc}")

    try:
        import torch
        meta["torch"] = torch.__version__
    except ImportError as exc:
        torch = None
        meta["skipped"].append(f"torch: {exc}")
    if torch is not None:
        run_torch(out, meta, np, torch, "cpu")
        if torch.cuda.is_available():
            meta["gpu"] = torch.cuda.get_device_name()
            meta["capability"] = list(torch.cuda.get_device_capability())
            run_torch(out, meta, np, torch, "cuda")
            try:
                run_triton(out, meta, np, torch)
            except ImportError as exc:
                meta["skipped"].append(f"triton: {exc}")
            except Exception:
                meta["errors"].append("triton: " + traceback.format_exc(limit=3))
        else:
            meta["skipped"].append("torch_cuda and triton: no CUDA device")

    out.close()
    meta["records"] = out.counts
    with open(os.path.join(argv[1], "meta.json"), "w") as f:
        json.dump(meta, f, indent=2)
    print(json.dumps({"records": out.counts, "errors": len(meta["errors"]), "skipped": meta["skipped"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
