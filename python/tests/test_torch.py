"""guard() with real PyTorch tensors and dtypes (skipped where torch is absent).

Run on a GPU machine by scripts/device/python_torch_check.sh: there the tensors live on CUDA,
as the founding bugs' tensors did. Each founding case is replayed with the dtypes the engine
really handed the kernel.
"""
import pytest

torch = pytest.importorskip("torch")

import kvdtype  # noqa: E402

SEED1 = dict(gpu="H100", model_dtype="bfloat16", attention="sparse-mla", kv_cache_dtype="fp8",
             backend="FLASHINFER_MLA_SPARSE_SM90")
SEED3 = dict(gpu="MI300X", model_dtype="bfloat16", attention="mla", kv_cache_dtype="fp8",
             backend="ROCM_AITER_MLA")

DEVICES = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])


def refused(obj, plan, role):
    with pytest.raises(kvdtype.GuardError) as info:
        kvdtype.guard(obj, plan, role)
    return info.value


@pytest.fixture(scope="module")
def seed1():
    return kvdtype.check(**SEED1)


@pytest.fixture(scope="module")
def seed3():
    return kvdtype.check(**SEED3)


def test_torch_dtypes(seed1, seed3):
    assert refused(torch.uint8, seed1, "kv_data_type").code == "KVD020"
    kvdtype.guard(torch.uint8, seed1, "k_cache")
    kvdtype.guard(torch.float8_e4m3fn, seed1, "kv_data_type")
    kvdtype.guard(torch.bfloat16, seed1, "q")
    assert refused(torch.bfloat16, seed3, "q").code == "KVD030"
    kvdtype.guard(torch.float8_e4m3fnuz, seed3, "q")
    assert refused(torch.float8_e4m3fn, seed3, "k_cache").code == "KVD022"
    assert kvdtype.format_of(torch.float8_e5m2) == "float8_e5m2"
    assert kvdtype.format_of(torch.float16) == "float16"
    with pytest.raises(kvdtype.UnknownNameError):
        kvdtype.format_of(torch.float64)


@pytest.mark.parametrize("device", DEVICES)
def test_founding_uint8_for_fp8_tensors(seed1, device):
    # vLLM allocates the fp8 cache as uint8 bytes; the kernel must be told float8_e4m3fn.
    cache = torch.zeros((4, 16, 656), dtype=torch.uint8, device=device)
    kvdtype.guard(cache, seed1, "k_cache")
    kvdtype.guard(cache, seed1, "v_cache")
    e = refused(cache, seed1, "kv_data_type")  # passing cache.dtype to plan(): the bug
    assert e.code == "KVD020" and e.got == "uint8" and e.want == "float8_e4m3fn"
    view = cache.view(torch.float8_e4m3fn)  # the fix: declare the element type (a view, no copy)
    kvdtype.guard(view, seed1, "kv_data_type")
    kvdtype.guard(view.dtype, seed1, "kv_data_type")
    kvdtype.guard(view, seed1, "k_cache")
    q = torch.zeros((2, 8, 576), dtype=torch.bfloat16, device=device)
    kvdtype.guard(q, seed1, "q")


@pytest.mark.parametrize("device", DEVICES)
def test_founding_q_mismatch_tensors(seed3, device):
    q_bf16 = torch.zeros((2, 16, 576), dtype=torch.bfloat16, device=device)
    assert refused(q_bf16, seed3, "q").code == "KVD030"
    # torch.empty: no fill kernel is needed for the fp8 dtypes on any device.
    kvdtype.guard(torch.empty((2, 16, 576), dtype=torch.float8_e4m3fnuz, device=device), seed3, "q")
    kv_ocp = torch.empty((4, 16, 576), dtype=torch.float8_e4m3fn, device=device)
    assert refused(kv_ocp, seed3, "k_cache").code == "KVD022"
    kvdtype.guard(kv_ocp.view(torch.uint8), seed3, "k_cache")


def test_dlpack_export_of_a_tensor_agrees(seed1):
    # Through DLPack (what a framework-agnostic caller would hand over) the answer is the same.
    class Only:
        def __init__(self, t):
            self.t = t

        def __dlpack__(self, stream=None):
            return self.t.__dlpack__()

    for dtype in (torch.uint8, torch.bfloat16, torch.float16, torch.float32):
        t = torch.zeros(4, dtype=dtype)
        assert kvdtype.format_of(Only(t)) == kvdtype.format_of(t)
    try:
        fp8 = Only(torch.empty(4, dtype=torch.float8_e4m3fn))
        assert kvdtype.format_of(fp8) == "float8_e4m3fn"
    except (RuntimeError, TypeError, BufferError):
        pytest.skip("this torch cannot export float8 through DLPack")


def test_torch_guard_speed(seed1):
    import timeit
    t = torch.zeros(16, dtype=torch.uint8, device=DEVICES[-1])
    per_call = min(timeit.repeat(lambda: kvdtype.guard(t, seed1, "k_cache"), number=100_000, repeat=3)) / 100_000
    print(f"guard(torch tensor on {DEVICES[-1]}): {per_call * 1e9:.0f} ns")
    assert per_call < 5e-6
