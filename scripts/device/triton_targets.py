#!/usr/bin/env python3
"""Compile Triton fp8 conversion kernels for every target row and record which compile.

No GPU of the target is needed: each kernel goes through triton.compile() with an ASTSource and
a triton.backends.compiler.GPUTarget ("cuda", capability, 32) or ("hip", "gfxNNNN", warp size),
so AMD targets compile on an NVIDIA machine (HIP needs only what ships in the Triton wheel).
Run where Triton (and, for the PyTorch part, torch) is installed:

    python3 scripts/device/triton_targets.py --table src/tables/targets.cpp --out OUT_DIR [--jobs N]

Targets are read from the table file (every `.name = "sm_NN"` / `.name = "gfxNNNN"`; the cpu row
has no Triton). For each target it compiles
    control               fp32 -> fp16 store (no fp8: tells a target the toolchain cannot build
                          at all apart from an fp8 refusal)
    store SRC -> F        x.to(F).to(uint8, bitcast) for SRC in fp32, fp16, bf16
    load  F -> DST        code.to(F, bitcast).to(DST) for DST in fp32, fp16, bf16
    dot   F               tl.dot of two 64x32 / 32x64 F tiles into fp32
for every fp8 type F Triton's language knows (fp8e4nv, fp8e5, fp8e4b15, fp8e4b8, fp8e5b16), and
notes the compile stage each one reached and which fp8 conversion and matrix instructions
appear in the assembly of those that compiled (none: Triton emulated the type). A result is
    "ok"                  every stage ran (for CUDA: a cubin; for HIP: a hsaco)
    "refused@STAGE"       Triton itself refused it: the frontend ("ast": the Python-to-TTIR code
                          generator, which checks the backend's supported_fp8_dtypes) or a Triton
                          lowering pass (ttir, ttgir, llir)
    "toolchain@STAGE"     Triton's lowering succeeded but the code generator or assembler below it
                          failed (ptx/amdgcn: LLVM's backend; cubin: ptxas; hsaco: ld.lld) -- a
                          toolchain artefact, recorded as such and never read as a Triton refusal
    "crash@STAGE"         the compiler process died there (an LLVM abort, say)
    "timeout@STAGE"       still compiling after KERNEL_SECONDS
Each worker is a separate process per target, so a crash in LLVM loses one kernel, not the run.

Writes OUT_DIR/triton_targets.jsonl (one line per target, see tests/data/triton_targets/README.md)
and OUT_DIR/meta.json (versions, toolchain paths, PyTorch facts that need no target hardware).
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback

FP8 = ["fp8e4nv", "fp8e5", "fp8e4b15", "fp8e4b8", "fp8e5b16"]
WIDE = ["fp32", "fp16", "bf16"]
STAGE_TOOLCHAIN = {"ptx", "cubin", "amdgcn", "hsaco"}  # below Triton's own passes
BLOCK = 256
KERNEL_SECONDS = 45


def kernel_keys():
    keys = ["control"]
    keys += [f"store:{s}:{f}" for s in WIDE for f in FP8]
    keys += [f"load:{f}:{d}" for f in FP8 for d in WIDE]
    keys += [f"dot:{f}" for f in FP8]
    return keys


# fp8 instructions looked for in the assembly of a kernel that compiled: conversions (cvt ... e4m3x2 /
# e5m2x2 in PTX; v_cvt_*fp8*/*bf8* in AMDGCN) and matrix instructions (mma/wgmma with e4m3/e5m2
# operands, tcgen05.mma kind::f8f6f4; v_mfma_*/v_wmma_* on fp8/bf8). Their absence means Triton
# emulated the type with integer and 16-bit float instructions.
HW_PATTERNS = [
    re.compile(r"\bcvt(?:\.[a-z0-9]+)*\.(?:e4m3x2|e5m2x2)(?:\.[a-z0-9]+)*"),
    re.compile(r"\b(?:wgmma|mma)(?:\.[a-z0-9_:]+)*\.(?:e4m3|e5m2)\b"),
    re.compile(r"\btcgen05\.mma(?:\.[a-z0-9_:]+)*\.kind::f8f6f4"),
    re.compile(r"\bv_cvt_[a-z0-9_]*(?:fp8|bf8|f8f6f4)[a-z0-9_]*"),
    re.compile(r"\bv_(?:mfma|wmma|swmmac)_[a-z0-9_]*(?:fp8|bf8|f8f6f4)[a-z0-9_]*"),
]


def fp8_instructions(asm):
    found = set()
    for text in asm.values():
        if not isinstance(text, str):
            continue
        for pat in HW_PATTERNS:
            found.update(m.group(0) for m in pat.finditer(text))
    return sorted(found)[:8]


def read_targets(table_path):
    text = open(table_path, encoding="utf-8").read()
    names = re.findall(r'\.name\s*=\s*"((?:sm_\d+)|(?:gfx[0-9a-z]+))"', text)
    seen, out = set(), []
    for n in names:
        if n not in seen:
            seen.add(n)
            out.append(n)
    return out


def gpu_target(name):
    from triton.backends.compiler import GPUTarget
    if name.startswith("sm_"):
        return GPUTarget("cuda", int(name[3:]), 32)
    major = name[3:-2]  # gfx942 -> "9", gfx1151 -> "11": wave64 on gfx9, wave32 from gfx10
    return GPUTarget("hip", name, 64 if int(major) < 10 else 32)


def one_line(text, limit=240):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(exc):
    """Class and the message that says why, without the source excerpt Triton prints."""
    cls = type(exc).__name__
    msg = getattr(exc, "error_message", None)
    cause = exc.__cause__ or exc.__context__
    if cause is not None and cause is not exc:
        cls += "(" + type(cause).__name__ + ")"
        if not msg:
            msg = str(cause)
    inner = cause if cause is not None else exc
    if not msg and inner.__traceback__ is not None:
        # A bare assert: name the Triton function that asserted instead of the kernel's source line.
        tb = inner.__traceback__
        while tb.tb_next is not None:
            tb = tb.tb_next
        code = tb.tb_frame.f_code
        msg = "assertion in %s (%s:%d)" % (code.co_name, "/".join(code.co_filename.split("/")[-2:]), tb.tb_lineno)
    if not msg:
        lines = [ln for ln in str(exc).splitlines() if ln.strip() and set(ln.strip()) != {"^"}]
        msg = lines[-1] if lines else ""
    return cls, one_line(msg)


# ---- worker: one target, a list of kernels -----------------------------------------------------

def worker(target_name, keys):
    import triton
    import triton.language as tl
    from triton.compiler import ASTSource

    state = {"stage": "ast"}

    def wrap(key, fn):
        def run_stage(*args, **kwargs):
            state["stage"] = key
            print(json.dumps({"stage": key}), flush=True)  # the parent blames a crash on it
            return fn(*args, **kwargs)
        return run_stage

    from triton.backends import backends as all_backends
    for b in all_backends.values():
        cls = b.compiler
        if getattr(cls, "_kvd_wrapped", False):
            continue
        orig = cls.add_stages

        def add_stages(self, stages, *args, _orig=orig, **kwargs):
            _orig(self, stages, *args, **kwargs)
            for k in list(stages):
                stages[k] = wrap(k, stages[k])

        cls.add_stages = add_stages
        cls._kvd_wrapped = True

    @triton.jit
    def store_kernel(x_ptr, y_ptr, DST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
        offs = tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_ptr + offs)
        tl.store(y_ptr + offs, x.to(DST).to(tl.uint8, bitcast=True))

    @triton.jit
    def load_kernel(c_ptr, y_ptr, SRC: tl.constexpr, BLOCK_SIZE: tl.constexpr):
        offs = tl.arange(0, BLOCK_SIZE)
        c = tl.load(c_ptr + offs)
        tl.store(y_ptr + offs, c.to(SRC, bitcast=True).to(y_ptr.dtype.element_ty))

    @triton.jit
    def dot_kernel(a_ptr, b_ptr, c_ptr, T: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
        rm = tl.arange(0, M)
        rn = tl.arange(0, N)
        rk = tl.arange(0, K)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :]).to(T, bitcast=True)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :]).to(T, bitcast=True)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))

    @triton.jit
    def control_kernel(x_ptr, y_ptr, BLOCK_SIZE: tl.constexpr):
        offs = tl.arange(0, BLOCK_SIZE)
        tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(tl.float16))

    tl_types = {f: getattr(tl, "float8" + f[3:]) for f in FP8}
    target = gpu_target(target_name)

    def source(key):
        parts = key.split(":")
        if parts[0] == "control":
            return ASTSource(fn=control_kernel, signature={"x_ptr": "*fp32", "y_ptr": "*fp16", "BLOCK_SIZE": "constexpr"},
                             constexprs={"BLOCK_SIZE": BLOCK})
        if parts[0] == "dot":
            return ASTSource(fn=dot_kernel,
                             signature={"a_ptr": "*u8", "b_ptr": "*u8", "c_ptr": "*fp32", "T": "constexpr",
                                        "M": "constexpr", "N": "constexpr", "K": "constexpr"},
                             constexprs={"T": tl_types[parts[1]], "M": 64, "N": 64, "K": 32})
        if parts[0] == "store":
            return ASTSource(fn=store_kernel,
                             signature={"x_ptr": "*" + parts[1], "y_ptr": "*u8", "DST": "constexpr",
                                        "BLOCK_SIZE": "constexpr"},
                             constexprs={"DST": tl_types[parts[2]], "BLOCK_SIZE": BLOCK})
        return ASTSource(fn=load_kernel,
                         signature={"c_ptr": "*u8", "y_ptr": "*" + parts[2], "SRC": "constexpr",
                                    "BLOCK_SIZE": "constexpr"},
                         constexprs={"SRC": tl_types[parts[1]], "BLOCK_SIZE": BLOCK})

    # What the backend declares, before anything is compiled.
    declared = {}
    try:
        from triton.compiler.compiler import make_backend
        opts = make_backend(target).parse_options({})
        for k in sorted(dir(opts)):
            if "fp8" in k and not k.startswith("_"):
                v = getattr(opts, k)
                declared[k] = sorted(v) if isinstance(v, (tuple, list, set, frozenset)) else v
    except Exception as exc:  # noqa: BLE001
        declared["error"] = "%s: %s" % describe(exc)
    print(json.dumps({"declared": declared}), flush=True)

    # A kernel that runs past KERNEL_SECONDS is killed by SIGALRM's default action (a pass stuck in
    # C++ never returns to Python); the parent records it as a timeout and goes on with the rest.
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    for key in keys:
        signal.alarm(KERNEL_SECONDS)
        print(json.dumps({"start": key}), flush=True)
        state["stage"] = "ast"
        t0 = time.time()
        rec = {"key": key}
        try:
            compiled = triton.compile(source(key), target=target, options={"num_warps": 4})
            rec["result"] = "ok"
            asm = getattr(compiled, "asm", {}) or {}
            rec["stages"] = sorted(asm.keys())
            rec["fp8_instructions"] = fp8_instructions(asm)
        except Exception as exc:  # noqa: BLE001
            stage = state["stage"]
            kind = "toolchain" if stage in STAGE_TOOLCHAIN else "refused"
            rec["result"] = f"{kind}@{stage}"
            rec["class"], rec["detail"] = describe(exc)
        signal.alarm(0)
        rec["seconds"] = round(time.time() - t0, 2)
        print(json.dumps(rec), flush=True)
    print(json.dumps({"done": True}), flush=True)
    return 0


# ---- parent ------------------------------------------------------------------------------------------

def run_target(script, name, timeout):
    """Runs workers for one target until every kernel has a result, restarting after a crash."""
    keys = kernel_keys()
    results, declared, crashes = {}, None, []
    while True:
        todo = [k for k in keys if k not in results]
        if not todo:
            break
        cache = tempfile.mkdtemp(prefix="kvd-triton-cache-")
        env = dict(os.environ, TRITON_CACHE_DIR=cache, PYTHONUNBUFFERED="1")
        cmd = [sys.executable, script, "--worker", name, "--keys", ",".join(todo)]
        started, stage = None, "ast"
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
            out, err, rc = proc.stdout, proc.stderr, proc.returncode
        except subprocess.TimeoutExpired as exc:
            out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
            err, rc = "timeout", None
        for line in out.splitlines():
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if "declared" in j and declared is None:
                declared = j["declared"]
            elif "start" in j:
                started, stage = j["start"], "ast"
            elif "stage" in j:
                stage = j["stage"]
            elif "key" in j:
                results[j["key"]] = j
                started = None
        if all(k in results for k in keys):
            break
        if rc is None:  # timed out: what is left is not measured
            for k in todo:
                results.setdefault(k, {"key": k, "result": "timeout"})
            break
        if started is None:  # died before its first kernel: nothing to blame, nothing to retry
            for k in todo:
                results.setdefault(k, {"key": k, "result": "crash@worker",
                                       "detail": one_line(err[-600:])})
            break
        if rc == -signal.SIGALRM:
            results[started] = {"key": started, "result": f"timeout@{stage}",
                                "detail": f"still compiling after {KERNEL_SECONDS} s"}
        else:
            tail = [ln for ln in err.splitlines() if ln.strip()][-3:]
            results[started] = {"key": started, "result": f"crash@{stage}", "class": f"exit {rc}",
                                "detail": one_line(" | ".join(tail))}
        crashes.append(started)
    return name, declared or {}, [results[k] for k in keys]


def compact(name, declared, recs):
    by = {r["key"]: r for r in recs}
    line = {"target": name}
    t = gpu_target(name)
    line["triton_target"] = [t.backend, t.arch, t.warp_size]
    line["declared"] = declared
    line["control"] = by["control"]["result"]
    line["store"] = {s: {f: by[f"store:{s}:{f}"]["result"] for f in FP8} for s in WIDE}
    line["load"] = {f: {d: by[f"load:{f}:{d}"]["result"] for d in WIDE} for f in FP8}
    line["dot"] = {f: by[f"dot:{f}"]["result"] for f in FP8}
    # fp8 instructions in the kernels that compiled; a kernel not listed used none (emulated).
    line["fp8_instructions"] = {r["key"]: r["fp8_instructions"] for r in recs if r.get("fp8_instructions")}
    # Each distinct failure once, with the kernels it stopped: [[message, [key, ...]], ...].
    errors = {}
    for r in recs:
        if r["result"] != "ok":
            msg = r["result"] + " " + (r.get("class", "") + ": " + r.get("detail", "")).strip(": ")
            errors.setdefault(msg, []).append(r["key"])
    line["errors"] = [[m, ks] for m, ks in errors.items()]
    line["seconds"] = round(sum(r.get("seconds", 0) for r in recs), 1)
    return line


def toolchain_facts():
    facts = {}
    try:
        import triton
        facts["triton"] = triton.__version__
        facts["triton_path"] = os.path.dirname(triton.__file__)
        from triton.backends import backends
        facts["backends"] = sorted(backends.keys())
    except Exception:  # noqa: BLE001
        facts["triton_error"] = traceback.format_exc(limit=2)
        return facts
    base = facts["triton_path"]
    tools = {}
    for root, _dirs, files in os.walk(os.path.join(base, "backends")):
        for f in files:
            if f in ("ptxas", "ptxas-blackwell", "cuobjdump", "nvdisasm", "ld.lld", "lld") or f.startswith("ptxas"):
                p = os.path.join(root, f)
                try:
                    v = subprocess.run([p, "--version"], capture_output=True, text=True, timeout=30)
                    tools[os.path.relpath(p, base)] = one_line((v.stdout or v.stderr).strip().splitlines()[-1]
                                                               if (v.stdout or v.stderr).strip() else "")
                except Exception as exc:  # noqa: BLE001
                    tools[os.path.relpath(p, base)] = f"cannot run: {exc}"
    facts["bundled_tools"] = tools
    try:
        from triton.backends.nvidia import compiler as nvc
        got = {}
        for cap in (80, 90, 100, 110, 120, 121):
            try:
                p = nvc.get_ptxas(cap) if "arch" in nvc.get_ptxas.__code__.co_varnames else nvc.get_ptxas()
                got[str(cap)] = {"path": os.path.relpath(p.path, base) if p.path.startswith(base) else p.path,
                                 "version": getattr(p, "version", "?")}
            except Exception as exc:  # noqa: BLE001
                got[str(cap)] = "%s: %s" % describe(exc)
        facts["ptxas_for_capability"] = got
    except Exception as exc:  # noqa: BLE001
        facts["ptxas_for_capability"] = "%s: %s" % describe(exc)
    try:
        from triton.backends.amd.compiler import HIPBackend
        if hasattr(HIPBackend, "path_to_rocm_lld"):
            try:
                facts["hip_ld_lld"] = str(HIPBackend.path_to_rocm_lld())
            except Exception as exc:  # noqa: BLE001
                facts["hip_ld_lld"] = "%s: %s" % describe(exc)
        else:
            facts["hip_ld_lld"] = "HIPBackend has no path_to_rocm_lld (links in-process)"
    except Exception as exc:  # noqa: BLE001
        facts["hip_ld_lld"] = "%s: %s" % describe(exc)
    return facts


def torch_facts(targets):
    """What the installed PyTorch can say about fp8 on each target without that target's hardware."""
    facts = {}
    try:
        import torch
    except ImportError as exc:
        return {"error": f"torch not importable: {exc}"}, {}
    facts["torch"] = torch.__version__
    facts["cuda"] = torch.version.cuda
    facts["hip"] = torch.version.hip
    facts["fp8_dtypes"] = sorted(n for n in dir(torch) if n.startswith(("float8", "float4")) and
                                 isinstance(getattr(torch, n), torch.dtype))
    try:
        arch_list = torch.cuda.get_arch_list()
    except Exception as exc:  # noqa: BLE001
        arch_list = []
        facts["arch_list_error"] = "%s: %s" % describe(exc)
    facts["arch_list"] = arch_list
    # Measured on the machine's own GPU only: the _scaled_mm gates are runtime checks of the device.
    measured = {}
    if torch.cuda.is_available():
        cap = torch.cuda.get_device_capability()
        measured["device"] = torch.cuda.get_device_name()
        measured["capability"] = list(cap)
        for dt in ("float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz"):
            try:
                a = torch.ones(32, 32, device="cuda").to(getattr(torch, dt))
                b = torch.ones(32, 32, device="cuda").to(getattr(torch, dt)).t()
                one = torch.ones((), device="cuda")
                torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
                torch.cuda.synchronize()
                measured[f"_scaled_mm {dt}"] = "ok"
            except Exception as exc:  # noqa: BLE001
                measured[f"_scaled_mm {dt}"] = "refused: " + "%s: %s" % describe(exc)
    facts["measured_on_this_gpu"] = measured

    per = {}
    sm = [a for a in arch_list if a.startswith("sm_")]
    ptx = [a for a in arch_list if a.startswith("compute_")]

    def num(a):
        return int(re.sub(r"[^0-9]", "", a.split("_", 1)[1]))

    for name in targets:
        if name.startswith("sm_"):
            cc = int(name[3:])
            # A cubin runs on the same major and a minor at least its own; PTX JIT-compiles forward.
            cubin = [a for a in sm if not a.endswith(("a", "f")) and num(a) // 10 == cc // 10 and num(a) <= cc]
            jit = [a for a in ptx if num(a) <= cc]
            per[name] = {
                "kernels": "cubin" if cubin else ("ptx_jit" if jit else "none"),
                "cubin_from": cubin, "ptx_from": jit,
                "fp8_gemm": "not measurable without the hardware (torch._scaled_mm checks the device at run time)"
                if name != f"sm_{measured.get('capability', [0, 0])[0]}{measured.get('capability', [0, 0])[1]}"
                else {k: v for k, v in measured.items() if k.startswith("_scaled_mm")},
            }
        else:
            per[name] = {"kernels": "cannot tell: this PyTorch is a %s build; only a ROCm build's "
                                    "arch list (PYTORCH_ROCM_ARCH) names gfx targets" %
                                    ("CUDA " + str(torch.version.cuda) if torch.version.cuda else "non-ROCm"),
                         "fp8_gemm": "not measurable without the hardware"}
    return facts, per


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", help="src/tables/targets.cpp")
    ap.add_argument("--targets", help="comma-separated target names (instead of --table)")
    ap.add_argument("--out", help="output folder")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--timeout", type=int, default=500, help="seconds per target worker")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--keys", help=argparse.SUPPRESS)
    args = ap.parse_args(argv[1:])
    if args.worker:
        return worker(args.worker, args.keys.split(","))
    if not args.out or not (args.table or args.targets):
        ap.error("--out and one of --table/--targets are required")
    targets = args.targets.split(",") if args.targets else read_targets(args.table)
    os.makedirs(args.out, exist_ok=True)
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
            "python": platform.python_version(), "host": platform.machine(),
            "command": " ".join(["triton_targets.py"] + argv[1:]), "targets": targets}
    meta["toolchain"] = toolchain_facts()
    try:
        smi = subprocess.run(["nvidia-smi", "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=60)
        meta["gpu"] = smi.stdout.strip()
    except Exception as exc:  # noqa: BLE001
        meta["gpu"] = f"nvidia-smi: {exc}"
    t0 = time.time()
    lines = {}
    script = os.path.abspath(__file__)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [pool.submit(run_target, script, n, args.timeout) for n in targets]
        for fut in concurrent.futures.as_completed(futs):
            name, declared, recs = fut.result()
            lines[name] = compact(name, declared, recs)
            print(f"{name}: control {lines[name]['control']}, "
                  f"{sum(r['result'] == 'ok' for r in recs)}/{len(recs)} ok", flush=True)
    meta["compile_seconds"] = round(time.time() - t0, 1)
    tf, per = torch_facts(targets)
    meta["pytorch"] = tf
    with open(os.path.join(args.out, "triton_targets.jsonl"), "w") as f:
        for n in targets:
            line = lines[n]
            line["pytorch"] = per.get(n, {})
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=2)
    print(json.dumps({"targets": len(targets), "seconds": meta["compile_seconds"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
