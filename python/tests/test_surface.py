"""Issue 16: the Python face at parity with the CLI — launch commands, probe(), capacity, one
exception hierarchy, messages without CLI flag names, the stub generated from the field table,
and kvdtype._cli_main() being the command line itself."""
import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kvdtype

CLI = os.environ.get("KVDTYPE_CLI")
SOURCE = os.environ.get("KVDTYPE_SOURCE_DIR")


def test_launch_command_as_text_or_words():
    text = kvdtype.check(gpu="H100", command="vllm serve x/y --kv-cache-dtype fp8 -tp 8 --dtype bfloat16")
    words = kvdtype.check(gpu="H100", command=["vllm", "serve", "x/y", "--kv-cache-dtype", "fp8", "-tp", "8",
                                               "--dtype", "bfloat16"])
    assert text.to_json() == words.to_json()
    req = text.to_dict()["request"]
    assert req["kv_cache_dtype"] == "fp8" and req["tensor_parallel_size"] == 8 and req["model_dtype"] == "bfloat16"
    # Explicit keywords win over the launch command.
    over = kvdtype.check(gpu="H100", command="vllm serve x/y --kv-cache-dtype fp8", kv_cache_dtype="auto")
    assert over.to_dict()["request"]["kv_cache_dtype"] == "auto"


def test_launch_command_matches_cli_byte_for_byte():
    if not CLI:
        pytest.skip("KVDTYPE_CLI not set")
    cmd = ["sglang", "serve", "--model-path", "x/y", "--kv-cache-dtype", "fp8_e4m3", "--tp-size", "8",
           "--attention-backend", "flashinfer"]
    plan = kvdtype.check(gpu="H100", attention="gqa", command=cmd)
    out = subprocess.run([CLI, "check", "--gpu", "H100", "--attention", "gqa", "--format", "json", "--"] + cmd,
                         capture_output=True, text=True)
    assert out.stdout == plan.to_json()
    assert out.returncode == (1 if plan.verdict == "error" else 0)


def test_launch_command_file(tmp_path):
    f = tmp_path / "serve.sh"
    f.write_text("vllm serve x/y \\\n  --kv-cache-dtype fp8\n")
    plan = kvdtype.check(gpu="H100", command_file=f)
    assert plan.cache_dtype == "fp8"
    with pytest.raises(kvdtype.BadFileError):
        kvdtype.check(gpu="H100", command_file=tmp_path / "missing.sh")
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(gpu="H100", command="vllm serve 'unterminated")
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(gpu="H100", command=42)


def test_capacity_on_the_plan():
    plan = kvdtype.check(gpu="H100", attention="mla", model_dtype="bfloat16", kv_cache_dtype="fp8",
                         head_size=576, num_layers=61, weight_gib=320, tensor_parallel_size=8)
    cap = plan.capacity
    assert cap is not None
    doc = plan.to_dict()["plan"]["capacity"]
    assert cap.tokens == doc["tokens"] and cap.auto_tokens == doc["auto_tokens"]
    assert cap.bytes_per_token == doc["bytes_per_token"] and cap.gain_vs_auto == doc["gain_vs_auto"]
    assert cap.weight_gib_per_gpu == doc["weight_gib_per_gpu"] == 40
    assert cap.tokens > cap.auto_tokens > 0
    assert kvdtype.check(gpu="H100").capacity is None  # no geometry: unknown, not zero


def test_drafter_plan():
    plan = kvdtype.check(gpu="H100", attention="mla", model_dtype="bfloat16",
                         command='vllm serve x/y --kv-cache-dtype fp8 --speculative-config '
                                 '\'{"method": "eagle", "model": "d/e", "num_speculative_tokens": 2}\'')
    doc = plan.to_dict()
    if "draft" in doc:
        assert plan.draft is not None and plan.draft.to_dict()["verdict"] == doc["draft"]["verdict"]
    else:
        assert plan.draft is None
    assert plan.prefill is None


def test_probe():
    p = kvdtype.probe()
    assert isinstance(p.devices, list) and isinstance(p.notes, list)
    for d in p.devices:
        assert d.target and isinstance(d.memory_bytes, int) and d.via
    if CLI:
        out = json.loads(subprocess.run([CLI, "probe", "--format", "json"], capture_output=True, text=True).stdout)
        assert [d["target"] for d in out["devices"]] == [d.target for d in p.devices]


def test_gpu_auto_probes_like_the_cli():
    devices = kvdtype.probe().devices
    kinds = {d.target for d in devices}
    if kinds == {"cpu"}:
        # Only the CPU fallback: the GPU stays unknown and a warning says so (as the CLI does).
        plan = kvdtype.check(gpu="auto", kv_cache_dtype="fp8")
        assert plan.target is None and any(d.code == "KVD080" for d in plan.diagnostics)
    elif len(kinds) == 1:
        plan = kvdtype.check(gpu="auto", kv_cache_dtype="fp8")
        assert plan.target == kinds.pop() and any(n.startswith("gpu: probed") for n in plan.notes)
    else:
        with pytest.raises((kvdtype.UnsupportedError, kvdtype.BadValueError)):
            kvdtype.check(gpu="auto")


def test_one_exception_hierarchy():
    for cls in (kvdtype.UnknownNameError, kvdtype.BadValueError, kvdtype.BadFileError, kvdtype.UnsupportedError):
        assert issubclass(cls, kvdtype.BadInputError) and issubclass(cls, kvdtype.Error)
    for cls in (kvdtype.BadInputError, kvdtype.GuardError, kvdtype.RejectedError, kvdtype.UnknownKeywordError):
        assert issubclass(cls, kvdtype.Error)
    assert not issubclass(kvdtype.GuardError, kvdtype.BadInputError)
    with pytest.raises(kvdtype.BadInputError):
        kvdtype.check(gpu="sm_999")


@pytest.mark.parametrize("kw, needle", [
    (dict(gpu="sm_999"), "gpu"),
    (dict(gpu="H100", kv_cache_dtype="fp9"), "kv_cache_dtype"),
    (dict(gpu="H100", tensor_parallel_size=0), "tensor_parallel_size"),
    (dict(gpu="H100", gpu_memory_utilization=7), "gpu_memory_utilization"),
    (dict(gpu="H100", model_dtype="int8"), "model_dtype"),
])
def test_messages_name_keywords_not_flags(kw, needle):
    with pytest.raises(kvdtype.BadInputError) as info:
        kvdtype.check(**kw)
    msg = str(info.value)
    assert needle in msg
    assert "--" + needle.replace("_", "-") not in msg, msg


def test_unknown_keyword_suggests_keywords():
    with pytest.raises(kvdtype.UnknownKeywordError) as info:
        kvdtype.check(comand="vllm serve x")
    assert "command" in str(info.value)
    with pytest.raises(TypeError):
        kvdtype.check(**{"kv-cache-dtype": "fp8"})  # keywords are the table's spelling only


def test_cli_main_is_the_command_line(capfd):
    assert kvdtype._cli_main(["check", "--gpu", "H100", "--kv-cache-dtype", "fp8", "--format", "json"]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["schema"] == "kvdtype.check/v1" and err == ""
    assert kvdtype._cli_main(["chek"]) == 2
    out, err = capfd.readouterr()
    assert out == "" and err == "kvdtype: unknown subcommand 'chek'; did you mean check?\n"
    # Called twice in one process: nothing of the first call leaks into the second.
    assert kvdtype._cli_main(["check", "--gpu", "H100", "--kv-dtype", "uint8", "--kv-cache-dtype", "fp8",
                              "--attention", "sparse-mla", "--backend", "FLASHINFER_MLA_SPARSE_SM90",
                              "--model-dtype", "bfloat16"]) == 1
    assert kvdtype._cli_main(["check", "--gpu", "H100"]) == 0
    capfd.readouterr()


def test_serve_is_listed_and_says_where_it_runs(capfd):
    # `kvdtype serve` is the executable's (it runs kvdtype-serve beside it); the module lists it
    # in the help like every subcommand and refuses it in one line, naming the program.
    assert kvdtype._cli_main(["--help"]) == 0
    out, _ = capfd.readouterr()
    assert "\n  serve " in out
    assert kvdtype._cli_main(["serve", "--listen", "0.0.0.0:8443"]) == 2
    out, err = capfd.readouterr()
    assert out == "" and err.count("\n") == 1 and "kvdtype-serve" in err


def test_python_m_kvdtype_matches_the_executable():
    if not CLI:
        pytest.skip("KVDTYPE_CLI not set")
    for args in (["check", "--gpu", "A100", "--model-dtype", "bfloat16", "--kv-cache-dtype", "turboquant_k8v4"],
                 ["check", "--gpu", "H100", "vllm", "serve"], ["matrix", "--gpu", "H100"], ["--help"]):
        a = subprocess.run([sys.executable, "-m", "kvdtype"] + args, capture_output=True, text=True)
        b = subprocess.run([CLI] + args, capture_output=True, text=True)
        assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr), args


def stub_check_keywords():
    stub = Path(kvdtype.__file__).with_name("__init__.pyi")
    tree = ast.parse(stub.read_text())
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "check")
    return [a.arg for a in fn.args.kwonlyargs]


def test_stub_matches_the_module():
    keywords = stub_check_keywords()
    fields = [f for f in kvdtype.REQUEST_FIELDS if f != "model"]
    assert keywords[:len(fields)] == fields  # generated from the same table, in its order
    # The reader rows' keywords (generated from src/sources/readers.cpp, in its order), then the others.
    assert keywords[len(fields):] == ["model", "command_file", "env", "manifest", "set_file", "command", "ignore", "verbose", "flags"]
    for k in keywords:
        kvdtype.check(**{k: 0 if k == "flags" else None})  # every keyword the stub promises is accepted
    stub = ast.parse(Path(kvdtype.__file__).with_name("__init__.pyi").read_text())
    declared = {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    declared |= {t.id for n in stub.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    public = {n for n in dir(kvdtype) if not n.startswith("_") and (isinstance(getattr(kvdtype, n), type) or callable(getattr(kvdtype, n)))}
    assert public - declared == set(), "public names missing from the stub"
