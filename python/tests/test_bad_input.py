"""Bad input through the Python module: every class of tests/conformance/bad_input.jsonl raises a
kvdtype.Error subclass (never crashes the interpreter, never returns a plan), whose message is one
printable line. See docs/reliability.md."""
import os

import pytest

import kvdtype

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "bad_input")
BASE = dict(gpu="H100", model_dtype="bfloat16")


def one_printable_line(message):
    return message and all(ord(c) >= 0x20 and ord(c) != 0x7F for c in message)


def refused(exc_type, **kwargs):
    with pytest.raises(exc_type) as info:
        kvdtype.check(**kwargs)
    assert isinstance(info.value, kvdtype.Error)
    assert one_printable_line(str(info.value)), repr(str(info.value))
    return info.value


@pytest.mark.parametrize("field", ["gpu", "kv_cache_dtype", "engine", "backend", "attention", "q_dtype",
                                   "kv_dtype", "kv_storage_dtype"])
def test_huge_names(field):
    refused(kvdtype.UnknownNameError, **{**BASE, field: "A" * 100_000})


@pytest.mark.parametrize("value", ["Н100", "H\u200b100", "Ｈ１００", "\u202eH100", "💥", "\x1b[31mH100", "H100\x00x",
                                   "\x07", "\udcff"])
def test_unicode_and_control_gpu(value):
    try:
        refused(kvdtype.UnknownNameError, **{**BASE, "gpu": value})
    except UnicodeEncodeError:
        pass  # a lone surrogate cannot even be handed over: refused before kvdtype sees it


@pytest.mark.parametrize("value", ["ｆｐ８", "fp8\x01", "\x1b]0;pwned\x07fp8", "fp8\n", "🔥"])
def test_unicode_and_control_kv_cache_dtype(value):
    refused(kvdtype.UnknownNameError, **{**BASE, "kv_cache_dtype": value})


@pytest.mark.parametrize("value", [-1, 0, 2**32, 2**64, 10**30, "1e3", "0x10", " 8", "+8", "8.5", "nan", 8.5,
                                   float("nan"), float("inf"), "A" * 10_000])
@pytest.mark.parametrize("field", ["num_heads", "head_size", "tensor_parallel_size"])
def test_bad_integers(field, value):
    refused(kvdtype.BadValueError, **{**BASE, field: value})


@pytest.mark.parametrize("value", [-1, "nan", "inf", float("-inf"), "1e400", 1.5, "1,5"])
def test_bad_fractions(value):
    refused(kvdtype.BadValueError, **{**BASE, "gpu_memory_utilization": value})


@pytest.mark.parametrize("field,value,exc", [
    ("engine", "tgi", kvdtype.UnknownNameError),
    ("kv_cache_dtype", "fp9", kvdtype.UnknownNameError),
    ("attention", "flash", kvdtype.UnknownNameError),
    ("backend", "FLASH_ATTN_4", kvdtype.UnknownNameError),
    ("model_dtype", "int8", kvdtype.BadValueError),
    ("kv_scales", "maybe", kvdtype.BadValueError),
    ("engine_version", "99999.0", kvdtype.BadValueError),
    ("gpu", "sm_999", kvdtype.UnknownNameError),
])
def test_unknown_enums(field, value, exc):
    refused(exc, **{**BASE, field: value})


def test_kv_string_of_another_engine():
    # Every engine is modelled now; a string from another engine's vocabulary is unknown.
    refused(kvdtype.UnknownNameError, engine="trtllm", kv_cache_dtype="q8_0")


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError):
        kvdtype.check(gpu_name="H100")


@pytest.mark.parametrize("name", [
    "config_truncated.json", "config_empty.json", "config_array.json", "config_deep_array.json",
    "config_deep_object.json", "config_nul_byte.json", "config_invalid_utf8.json", "config_binary.bin",
    "dir_without_config", "config_is_a_dir", "bad_hf_quant", "hf_quant_not_object",
])
def test_bad_model_files(name):
    refused(kvdtype.BadFileError, **BASE, model=os.path.join(DATA, name))


@pytest.mark.parametrize("path", ["/nonexistent/config.json", "/dev/zero", "/dev/null", "/", "/" + "d" * 5000])
def test_model_paths_that_are_no_config(path):
    refused(kvdtype.BadFileError, **BASE, model=path)


def test_model_with_impossible_geometry():
    # A config that parses but holds an impossible value is checked and rejected by a rule
    # (KVD084: a bad value inside a checked config), not refused as bad input.
    plan = kvdtype.check(**BASE, model=os.path.join(DATA, "config_heads_out_of_range.json"))
    assert plan.verdict == "error" and plan.fired("KVD084")


@pytest.mark.parametrize("code", ["", "KVD999", "kvd", "\x1b[31mKVD020", "A" * 10_000])
def test_explain_unknown_codes(code):
    with pytest.raises(kvdtype.UnknownNameError) as info:
        kvdtype.explain(code)
    assert one_printable_line(str(info.value))


@pytest.mark.parametrize("fmt", ["", "yaml", "JSON5", "\x1b", "sarif", "junit"])  # CI formats carry findings, not a page
def test_explain_bad_format(fmt):
    with pytest.raises(kvdtype.Error):
        kvdtype.explain("KVD020", fmt)


def test_plan_refuses_bad_dtypes_and_roles():
    plan = kvdtype.check(**BASE, kv_cache_dtype="fp8", attention="mla")
    # A dtype kvdtype cannot name is not accepted (guard() raises GuardError for it); a bad role
    # is bad input.
    assert plan.accepts("fp9", "q") is False
    with pytest.raises(kvdtype.GuardError):
        plan.guard("fp9", "q")
    with pytest.raises((kvdtype.Error, ValueError, TypeError)):
        plan.accepts("bfloat16", "not-a-role")
    assert plan.accepts(object(), "q") is False
