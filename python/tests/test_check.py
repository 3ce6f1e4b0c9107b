"""kvdtype.check() / resolve(): keywords become a request, the Plan reads like the CLI's JSON."""
import json
import os
import subprocess

import pytest

import kvdtype

SEED1 = dict(engine="vllm", gpu="H100", model_dtype="bfloat16", attention="sparse-mla",
             kv_cache_dtype="fp8", backend="FLASHINFER_MLA_SPARSE_SM90")
SEED3 = dict(engine="vllm", gpu="MI300X", model_dtype="bfloat16", attention="mla",
             kv_cache_dtype="fp8", backend="ROCM_AITER_MLA")


def test_founding_uint8_for_fp8_plan():
    plan = kvdtype.check(**SEED1)
    assert plan.ok
    assert plan.verdict in ("ok", "warn")
    assert plan.target == "sm_90"
    assert plan.backend == "FLASHINFER_MLA_SPARSE_SM90"
    assert plan.k.format == "float8_e4m3fn" and plan.k.storage == "uint8"
    assert plan.k == plan.v
    assert (plan.k_format, plan.k_storage) == ("float8_e4m3fn", "uint8")
    assert plan.kv_data_type == "float8_e4m3fn"
    assert plan.q == plan.q_format == "bfloat16"
    # No geometry given: unknown, not zero.
    assert plan.bytes_per_token_per_layer is None
    assert plan.bytes_per_token is None


def test_founding_uint8_declared_is_rejected():
    plan = kvdtype.check(**SEED1, kv_dtype="uint8")
    assert plan.verdict == "error" and not plan.ok
    assert plan.fired("KVD020") and plan.fired("kvd20")
    first = plan.diagnostics[0]
    assert first.code == "KVD020" and first.severity == "error"
    assert "uint8" in first.message and "float8_e4m3fn" in first.fix
    assert first.backend == "FLASHINFER_MLA_SPARSE_SM90"
    assert first.title and first.source
    assert [d.code for d in plan.errors] == ["KVD020"]
    assert first.to_dict()["code"] == "KVD020"
    with pytest.raises(kvdtype.RejectedError) as info:
        plan.raise_if_rejected()
    assert "KVD020" in str(info.value) and info.value.plan is plan
    assert isinstance(info.value, kvdtype.Error)


def test_founding_q_mismatch():
    plan = kvdtype.check(**SEED3)
    assert plan.target == "gfx942"
    assert plan.k_format == "float8_e4m3fnuz" and plan.q == "float8_e4m3fnuz"
    plan.raise_if_rejected()  # accepted: no exception
    bad = kvdtype.check(**SEED3, q_dtype="bfloat16", data_parallel_size=8)
    assert bad.verdict == "error" and bad.fired("KVD030")


def test_founding_turboquant_a100_bf16():
    plan = kvdtype.check(gpu="A100", model_dtype="bfloat16", kv_cache_dtype="turboquant_k8v4")
    assert plan.verdict in ("warn", "error")
    assert "b15" in plan.k_format
    text = " ".join(d.message + " " + d.fix + " " + d.source for d in plan.diagnostics)
    assert "39988" in text


def test_bytes_and_fp8_ds_mla():
    plan = kvdtype.check(gpu="H100", attention="sparse-mla", model_dtype="bfloat16",
                         kv_cache_dtype="fp8_ds_mla", head_size=576, num_layers=61)
    assert plan.bytes_per_token_per_layer == 656
    assert plan.bytes_per_token == 656 * 61
    assert plan.cache_dtype == "fp8_ds_mla"
    assert plan.scales == "tile128_fp32"
    assert plan.expected_last_dim("k_cache", "uint8", 576) == 656
    assert plan.expected_last_dim("q", "uint8", 576) is None


def test_values_are_converted_like_cli_strings():
    a = kvdtype.check(gpu="H100", kv_cache_dtype="fp8", num_kv_heads=8, head_size=128, num_layers=32,
                      gpu_memory_utilization=0.9, kv_scales=True)
    b = kvdtype.check(gpu="H100", kv_cache_dtype="fp8", num_kv_heads="8", head_size="128", num_layers="32",
                      gpu_memory_utilization="0.9", kv_scales="yes")
    assert a.to_json() == b.to_json()
    assert a.bytes_per_token_per_layer == 2 * 8 * 128
    # None leaves a field unknown.
    c = kvdtype.check(gpu="H100", kv_cache_dtype="fp8", num_kv_heads=None, q_dtype=None)
    assert c.bytes_per_token_per_layer is None
    assert c.to_dict()["request"]["q_dtype"] is None


def test_numpy_integers_are_accepted():
    np = pytest.importorskip("numpy")
    a = kvdtype.check(gpu="H100", model_dtype="bfloat16", num_kv_heads=np.int64(8), head_size=np.uint32(128))
    assert a.bytes_per_token_per_layer is not None


def test_resolve_schema():
    assert json.loads(kvdtype.resolve(**SEED1).to_json())["schema"] == "kvdtype.resolve/v1"
    assert json.loads(kvdtype.check(**SEED1).to_json())["schema"] == "kvdtype.check/v1"


def test_to_json_and_friends():
    plan = kvdtype.check(**SEED1, kv_dtype="uint8")
    doc = plan.to_dict()
    assert doc == json.loads(plan.to_json())
    assert doc["verdict"] == "error"
    assert doc["plan"]["k"] == {"format": "float8_e4m3fn", "storage": "uint8"}
    assert [d["code"] for d in doc["diagnostics"]] == [d.code for d in plan.diagnostics]
    assert plan.to_text().startswith("REJECTED")
    assert plan.to_markdown().startswith("### kvdtype check")
    assert "verdict=error" in repr(plan)


def _cli():
    path = os.environ.get("KVDTYPE_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("KVDTYPE_CLI not set (the CTest test sets it when the CLI is built)")
    return path


@pytest.mark.parametrize("kwargs", [
    SEED1,
    dict(SEED1, kv_dtype="uint8"),
    dict(SEED3, q_dtype="bfloat16", data_parallel_size=8),
    dict(gpu="A100", model_dtype="bfloat16", kv_cache_dtype="turboquant_k8v4"),
    dict(gpu="H100", attention="sparse-mla", model_dtype="bfloat16", kv_cache_dtype="fp8_ds_mla",
         head_size=576, num_layers=61, num_kv_heads=1, weight_gib=700, tensor_parallel_size=8),
    dict(engine="sglang", gpu="H200", kv_cache_dtype="fp8_e4m3", model_dtype="bfloat16"),
])
@pytest.mark.parametrize("resolve", [False, True])
def test_json_is_the_clis(kwargs, resolve):
    cli = _cli()
    argv = [cli, "resolve" if resolve else "check"]
    for k, v in kwargs.items():
        argv += ["--" + k.replace("_", "-"), str(v)]
    argv += ["--format", "json"]
    out = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert out.returncode in (0, 1), out.stderr
    plan = (kvdtype.resolve if resolve else kvdtype.check)(**kwargs)
    assert plan.to_json() == out.stdout
    assert out.returncode == (1 if plan.verdict == "error" else 0)


def test_model_config(tmp_path):
    config = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "torch_dtype": "bfloat16",
              "num_attention_heads": 32, "num_key_value_heads": 8, "num_hidden_layers": 32,
              "hidden_size": 4096, "head_dim": 128}
    (tmp_path / "config.json").write_text(json.dumps(config))
    plan = kvdtype.check(model=tmp_path, gpu="H100", kv_cache_dtype="fp8")
    doc = plan.to_dict()["request"]
    assert doc["model_dtype"] == "bfloat16" and doc["num_kv_heads"] == 8 and doc["num_layers"] == 32
    assert plan.bytes_per_token == 2 * 8 * 128 * 32
    # An explicit keyword wins over the config.
    plan = kvdtype.check(model=str(tmp_path / "config.json"), gpu="H100", model_dtype="float16")
    assert plan.to_dict()["request"]["model_dtype"] == "float16"
    with pytest.raises(kvdtype.BadFileError):
        kvdtype.check(model=tmp_path / "missing", gpu="H100")


def test_bad_input_raises():
    with pytest.raises(kvdtype.UnknownNameError) as info:
        kvdtype.check(gpu="sm_999")
    assert "sm_999" in str(info.value)
    with pytest.raises(kvdtype.UnknownNameError) as info:
        kvdtype.check(gpu="H100", kv_cache_dtype="fp9")
    assert "fp9" in str(info.value)
    with pytest.raises(kvdtype.UnknownNameError) as info:
        kvdtype.check(gpuu="H100")
    assert "gpuu" in str(info.value) and "gpu" in str(info.value)
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(gpu="H100", num_heads=-3)
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(gpu="H100", num_heads=[32])
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(gpu="H100", flags="aiter")
    with pytest.raises(kvdtype.UnknownNameError):
        kvdtype.check(gpu="H100", backend="FLASHMLAA")
    # Every kvdtype error is a kvdtype.Error; name/value errors are also ValueErrors.
    for cls in (kvdtype.UnknownNameError, kvdtype.BadValueError, kvdtype.BadFileError,
                kvdtype.UnsupportedError, kvdtype.GuardError, kvdtype.RejectedError):
        assert issubclass(cls, kvdtype.Error)
    assert issubclass(kvdtype.UnknownNameError, ValueError)
    # An unexpected keyword is what Python makes a TypeError, and still a kvdtype error.
    with pytest.raises(TypeError):
        kvdtype.check(gpu_name="H100")
    assert issubclass(kvdtype.UnknownKeywordError, kvdtype.UnknownNameError)


def test_flags():
    plain = kvdtype.check(gpu="MI300X", attention="mla", model_dtype="bfloat16", kv_cache_dtype="auto")
    aiter = kvdtype.check(gpu="MI300X", attention="mla", model_dtype="bfloat16", kv_cache_dtype="auto",
                          flags=kvdtype.FLAG_ROCM_AITER | kvdtype.FLAG_ROCM_AITER_MLA)
    assert plain.backend is not None and aiter.backend is not None
    assert kvdtype.FLAG_ROCM_AITER == 1


def test_request_fields_are_all_accepted():
    for field in kvdtype.REQUEST_FIELDS:
        if field == "model":
            continue
        kvdtype.check(**{field: None})  # a known keyword; None leaves it unknown


def test_explain_and_formats():
    assert "KVD020" in kvdtype.explain("KVD020")
    assert json.loads(kvdtype.explain("20", format="json"))
    with pytest.raises(kvdtype.UnknownNameError):
        kvdtype.explain("KVD999")
    names = kvdtype.formats()
    assert "float8_e4m3fn" in names and "float8_e4m3fnuz" in names and "uint8" in names
    assert kvdtype.__version__.count(".") == 2
    assert kvdtype.ROLES == ("q", "k_cache", "v_cache", "kv_data_type")
