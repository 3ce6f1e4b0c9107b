"""kvdtype.guard(): every way a caller can hold a dtype, the founding refusals, and its speed."""
import ctypes
import timeit

import numpy as np
import pytest

import kvdtype

SEED1 = dict(gpu="H100", model_dtype="bfloat16", attention="sparse-mla", kv_cache_dtype="fp8",
             backend="FLASHINFER_MLA_SPARSE_SM90")
SEED3 = dict(gpu="MI300X", model_dtype="bfloat16", attention="mla", kv_cache_dtype="fp8",
             backend="ROCM_AITER_MLA")


@pytest.fixture(scope="module")
def seed1():
    return kvdtype.check(**SEED1)


@pytest.fixture(scope="module")
def seed3():
    return kvdtype.check(**SEED3)


def refused(obj, plan, role):
    with pytest.raises(kvdtype.GuardError) as info:
        kvdtype.guard(obj, plan, role)
    return info.value


def test_uint8_declared_refused_uint8_storage_accepted(seed1):
    e = refused("uint8", seed1, "kv_data_type")
    assert e.code == "KVD020" and e.role == "kv_data_type" and e.got == "uint8" and e.want == "float8_e4m3fn"
    assert "KVD020" in str(e) and "float8_e4m3fn" in str(e)
    assert isinstance(e, kvdtype.Error) and isinstance(e, TypeError)
    assert kvdtype.guard("uint8", seed1, "k_cache") is None
    kvdtype.guard("uint8", seed1, "v_cache")
    kvdtype.guard("float8_e4m3fn", seed1, "kv_data_type")
    kvdtype.guard("float8_e4m3fn", seed1, "k_cache")
    kvdtype.guard("bfloat16", seed1, "q")
    assert not seed1.accepts("uint8", "kv_data_type")
    assert seed1.accepts("uint8", "k_cache")


def test_fnuz_plan(seed3):
    e = refused("bfloat16", seed3, "q")
    assert e.code == "KVD030" and e.want == "float8_e4m3fnuz"
    kvdtype.guard("float8_e4m3fnuz", seed3, "q")
    e = refused("float8_e4m3fn", seed3, "k_cache")
    assert e.code == "KVD022"
    kvdtype.guard("float8_e4m3fnuz", seed3, "k_cache")
    kvdtype.guard("uint8", seed3, "k_cache")


def test_names_in_every_spelling(seed1):
    for name in ("uint8", "torch.uint8", "UINT8", "u8"):
        e = refused(name, seed1, "kv_data_type")
        # Not every short spelling has to exist: an unknown one is refused too, without a rule.
        assert e.code == "KVD020" or (name == "u8" and e.code is None)
    for name in ("float8_e4m3fn", "torch.float8_e4m3fn", "fp8e4nv", "tl.float8e4nv", "F8_E4M3"):
        kvdtype.guard(name, seed1, "kv_data_type")
    assert kvdtype.format_of("bf16") == "bfloat16"


def test_numpy_arrays_dtypes_and_types(seed1):
    a8 = np.zeros((2, 576), dtype=np.uint8)
    assert refused(a8, seed1, "kv_data_type").code == "KVD020"
    kvdtype.guard(a8, seed1, "k_cache")
    kvdtype.guard(a8.dtype, seed1, "k_cache")
    kvdtype.guard(np.uint8, seed1, "k_cache")
    kvdtype.guard(np.dtype(">u1"), seed1, "k_cache")
    assert refused(np.float16, seed1, "q").code is not None
    assert kvdtype.format_of(np.zeros(1, np.float16)) == "float16"
    assert kvdtype.format_of(np.float32) == "float32"
    assert kvdtype.format_of(np.dtype("int8")) == "int8"
    # A view of a uint8 cache as a numpy scalar.
    assert kvdtype.format_of(a8[0, 0]) == "uint8"


def test_ml_dtypes_when_present(seed1):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = np.zeros(4, dtype=ml_dtypes.float8_e4m3fn)
    kvdtype.guard(a, seed1, "kv_data_type")
    kvdtype.guard(ml_dtypes.float8_e4m3fn, seed1, "k_cache")
    assert refused(np.zeros(4, dtype=ml_dtypes.float8_e4m3fnuz), seed1, "k_cache").code == "KVD022"
    assert kvdtype.format_of(ml_dtypes.bfloat16) == "bfloat16"


class _NamedDtype:
    """What numpy, ml_dtypes, jax and TensorFlow dtypes have in common: a .name."""

    def __init__(self, name):
        self.name = name


class _HasDtype:
    def __init__(self, dtype):
        self.dtype = dtype


def test_duck_typed_dtypes(seed1):
    kvdtype.guard(_HasDtype(_NamedDtype("float8_e4m3fn")), seed1, "kv_data_type")
    assert refused(_HasDtype(_NamedDtype("uint8")), seed1, "kv_data_type").code == "KVD020"
    kvdtype.guard(_NamedDtype("bfloat16"), seed1, "q")
    kvdtype.guard(_HasDtype("uint8"), seed1, "k_cache")


def _fake_torch_dtype(name):
    """An object shaped like torch.dtype (type torch.dtype, str 'torch.<name>'), without torch."""
    cls = type("dtype", (), {"__module__": "torch", "__str__": lambda self: "torch." + name,
                             "__repr__": lambda self: "torch." + name})
    return cls()


def test_torch_like_dtypes_without_torch(seed1):
    fp8, u8 = _fake_torch_dtype("float8_e4m3fn"), _fake_torch_dtype("uint8")
    kvdtype.guard(fp8, seed1, "kv_data_type")
    assert refused(u8, seed1, "kv_data_type").code == "KVD020"
    # A tensor-like: .dtype is the torch dtype.
    kvdtype.guard(_HasDtype(u8), seed1, "k_cache")
    assert refused(_HasDtype(u8), seed1, "kv_data_type").code == "KVD020"


# ---- DLPack ---------------------------------------------------------------------------------------

class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class _DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class _DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", _DLPackVersion), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p),
                ("flags", ctypes.c_uint64), ("dl_tensor", _DLTensor)]


# Capsule names must outlive the capsules: module constants.
_DLTENSOR = b"dltensor"
_DLTENSOR_VERSIONED = b"dltensor_versioned"
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class _DLPackOnly:
    """Exports only __dlpack__, with a hand-made capsule (no deleter: the struct is ours)."""

    def __init__(self, code, bits, lanes=1, versioned=False, major=1):
        self.versioned = versioned
        if versioned:
            self.managed = _DLManagedTensorVersioned()
            self.managed.version.major, self.managed.version.minor = major, 1
        else:
            self.managed = _DLManagedTensor()
        self.managed.dl_tensor.dtype.code = code
        self.managed.dl_tensor.dtype.bits = bits
        self.managed.dl_tensor.dtype.lanes = lanes
        self.calls = 0

    def __dlpack__(self, stream=None):
        self.calls += 1
        name = _DLTENSOR_VERSIONED if self.versioned else _DLTENSOR
        return _capsule_new(ctypes.addressof(self.managed), name, None)


def test_dlpack_capsules(seed1, seed3):
    kvdtype.guard(_DLPackOnly(10, 8), seed1, "kv_data_type")  # kDLFloat8_e4m3fn
    assert refused(_DLPackOnly(1, 8), seed1, "kv_data_type").code == "KVD020"  # kDLUInt 8
    kvdtype.guard(_DLPackOnly(1, 8), seed1, "k_cache")
    assert refused(_DLPackOnly(10, 8, versioned=True), seed3, "k_cache").code == "KVD022"
    kvdtype.guard(_DLPackOnly(11, 8, versioned=True), seed3, "k_cache")  # kDLFloat8_e4m3fnuz
    assert kvdtype.format_of(_DLPackOnly(17, 4, lanes=2)) == "float4_e2m1fn_x2"
    assert kvdtype.format_of(_DLPackOnly(4, 16)) == "bfloat16"
    with pytest.raises(kvdtype.UnsupportedError):
        kvdtype.format_of(_DLPackOnly(10, 8, versioned=True, major=2))
    with pytest.raises(kvdtype.UnknownNameError):
        kvdtype.format_of(_DLPackOnly(2, 64))  # float64: no format


def test_numpy_dlpack_matches_dtype():
    if not hasattr(np.ndarray, "__dlpack__"):
        pytest.skip("numpy without __dlpack__")

    class Wrapped:
        def __init__(self, a):
            self.a = a

        def __dlpack__(self, stream=None):
            return self.a.__dlpack__()

    for t in (np.uint8, np.int8, np.float16, np.float32):
        assert kvdtype.format_of(Wrapped(np.zeros(3, t))) == kvdtype.format_of(np.dtype(t))


# ---- bad arguments --------------------------------------------------------------------------------

def test_any_refused_tensor_is_a_guard_error(seed1):
    # Whatever the dtype — one kvdtype cannot even name included — a refusal is a GuardError,
    # so a server needs one except clause around its guards.
    e = refused(np.zeros(1, np.float64), seed1, "q")
    assert e.code is None and e.role == "q" and e.got == "float64" and e.want == "bfloat16"
    assert "float64" in str(e)
    e = refused("float99", seed1, "q")
    assert e.got == "float99"
    e = refused(object(), seed1, "q")
    assert e.got == "object"
    assert not seed1.accepts(np.zeros(1, np.float64), "q")
    assert not seed1.accepts("float99", "q")
    with pytest.raises(kvdtype.GuardError):
        seed1.guard(np.zeros(1, np.float64), "q")
    assert issubclass(kvdtype.GuardError, kvdtype.Error) and issubclass(kvdtype.GuardError, TypeError)


def test_bad_arguments(seed1):
    with pytest.raises(kvdtype.UnknownNameError):
        kvdtype.guard("uint8", seed1, "kv_cachee")
    with pytest.raises(kvdtype.UnknownNameError):
        kvdtype.guard("uint8", seed1, 7)
    with pytest.raises(TypeError):
        kvdtype.guard("uint8", "not a plan", "q")
    with pytest.raises(TypeError):
        kvdtype.guard("uint8", seed1)
    with pytest.raises(TypeError):
        kvdtype.guard("uint8", seed1, "q", "extra")
    with pytest.raises(TypeError):
        kvdtype.guard("uint8", seed1, role="q", rol="q")


def test_keywords_and_integer_roles(seed1):
    kvdtype.guard(obj="uint8", plan=seed1, role="k_cache")
    kvdtype.guard("uint8", seed1, role=1)
    assert refused("uint8", seed1, 3).code == "KVD020"
    for alias in ("k", "v", "kv_dtype", "query"):
        kvdtype.format_of("uint8")
        seed1.accepts("uint8", alias)
    seed1.guard(obj="uint8", role="k_cache")


def test_mutable_duck_dtypes_are_not_cached(seed1):
    d = _NamedDtype("float8_e4m3fn")
    kvdtype.guard(d, seed1, "kv_data_type")
    d.name = "uint8"  # a duck-typed dtype may change; numpy/torch dtypes cannot
    assert refused(d, seed1, "kv_data_type").code == "KVD020"


def test_numpy_dtypes_are_cached_fast_path(seed1):
    a = np.zeros(4, np.uint8)
    for _ in range(3):
        kvdtype.guard(a, seed1, "k_cache")
        assert refused(a, seed1, "kv_data_type").code == "KVD020"


def test_many_distinct_objects_do_not_break_the_cache(seed1):
    # More distinct dtype-like objects than the identity cache holds, twice over.
    names = ["uint8", "float8_e4m3fn", "bfloat16", "float16", "float32", "int8"]
    for _ in range(2):
        for i in range(200):
            n = names[i % len(names)]
            dynamic = "".join([n])  # a new str object each time
            assert kvdtype.format_of(dynamic) == n
            assert kvdtype.format_of(_HasDtype(_NamedDtype(n))) == n


def _best_ns(stmt, env, number=100_000, repeat=5):
    return min(timeit.repeat(stmt, globals=env, number=number, repeat=repeat)) / number * 1e9


def test_guard_is_fast(seed1):
    """Target ≤ 1 µs per call for a name or a numpy array; the bound here leaves CI noise room."""
    env = dict(guard=kvdtype.guard, p=seed1, a=np.zeros(16, np.uint8), name="uint8")
    t_name = _best_ns('guard(name, p, "k_cache")', env)
    t_array = _best_ns('guard(a, p, "k_cache")', env)
    t_method = _best_ns('p.guard(a, "k_cache")', env)
    print(f"guard: name {t_name:.0f} ns, numpy array {t_array:.0f} ns, Plan.guard {t_method:.0f} ns")
    assert t_name < 2000 and t_array < 2000 and t_method < 2000
