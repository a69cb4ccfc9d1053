"""TIRx's default CUDA build is NVRTC with --use_fast_math, and its
kernels' float32 element code has that build's bits: subnormals flushed
(.ftz), `/` approximate, the math functions nvcc's fast-math code. The
front-end follows the build a kernel names (T.device_entry's
backend_config, TIRx's default otherwise): the opcodes are nvcc's, and the
values those of the flushed arithmetic."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
np = pytest.importorskip("numpy")

from tile_mlir import TileError, TileTypeError, TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402
from tile_mlir.script.tirx import _FAST_F32  # noqa: E402

NVCC = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}
FAST = {"cuda": {"compiler": "nvcc", "nvcc": ["--use_fast_math"]}}

# C's operators on float32 as TIRx prints them, and the entry of
# _FAST_F32 whose opcode nvcc's fast-math build emits for each.
OPERATORS = {"add": "x + y", "sub": "x - y", "mul": "x * y",
             "div": "x / y", "rcp": "1.0f / x", "neg": "-x",
             "fma": "x * y + z", "lt": "x < y", "le": "x <= y",
             "gt": "x > y", "ge": "x >= y", "eq": "x == y",
             "ne": "x != y"}


@pytest.mark.skipif(not os.path.exists(NVCC), reason="needs nvcc")
@pytest.mark.parametrize("op", sorted(OPERATORS))
def test_the_fast_math_opcodes_are_nvccs(op):
    src = ("extern \"C\" __global__ void k(float x, float y, float z, "
           f"float *o, int *p) {{ auto r = {OPERATORS[op]}; "
           "if (sizeof(r) == 4 && (float)r == r) *o = r; else *p = r; }")
    with tempfile.TemporaryDirectory() as tmp:
        cu = os.path.join(tmp, "k.cu")
        with open(cu, "w") as f:
            f.write(src)
        ptx = subprocess.run([NVCC, "-arch=sm_90", "--use_fast_math",
                              "-ptx", cu, "-o", "-"], capture_output=True,
                             text=True, check=True).stdout
    # nvcc leaves out .rn (the default rounding); the front-end writes it
    # so that ptxas fuses nothing that nvcc did not.
    want = _FAST_F32[op].replace(".rn.ftz", ".ftz") if op in (
        "add", "sub", "mul") else _FAST_F32[op]
    assert re.search(rf"^\s+{re.escape(want)}\s", ptx, re.M), ptx


def kernel(config, body):
    """An element kernel of 32 threads: O[i] = body(A[i], B[i], C[i])."""
    if config is None:
        @T.function
        def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32"),
              C: T.Tensor((32,), "float32"), O: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            i = T.cuda.thread_idx("x")
            O[i] = body(A[i], B[i], C[i])
        return k

    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32"),
          C: T.Tensor((32,), "float32"), O: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32),
                       backend_config=config)
        i = T.cuda.thread_idx("x")
        O[i] = body(A[i], B[i], C[i])
    return k


def run(k, a, b, c):
    out = np.zeros(32, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(a, b, c, out, backend="cpu")
    return out


def ftz(x):
    x = np.asarray(x, np.float32)
    return np.where(np.abs(x) < np.float32(2.0 ** -126),
                    np.copysign(np.float32(0), x), x).astype(np.float32)


SUB = np.float32(2.0 ** -127)  # A subnormal.


def operands():
    rng = np.random.default_rng(3)
    a = rng.uniform(-4, 4, 32).astype(np.float32)
    b = rng.uniform(-4, 4, 32).astype(np.float32)
    c = rng.uniform(-4, 4, 32).astype(np.float32)
    a[:8] = SUB * np.arange(1, 9, dtype=np.float32)  # Subnormal inputs.
    b[8:16] = np.float32(2.0 ** -70)  # Products that are subnormal.
    a[8:16] = np.float32(2.0 ** -60)
    return a, b, c


def test_the_default_build_is_tirxs_fast_math():
    a, b, c = operands()
    out = run(kernel(None, lambda x, y, z: x * y), a, b, c)
    assert np.array_equal(out.view(np.uint32), ftz(ftz(a) * ftz(b)).view(
        np.uint32))
    assert kernel(None, lambda x, y, z: x * y).fast_math
    ieee = run(kernel(IEEE, lambda x, y, z: x * y), a, b, c)
    assert np.array_equal(ieee.view(np.uint32), (a * b).view(np.uint32))
    assert not np.array_equal(ieee, out)  # The subnormal products.


@pytest.mark.parametrize("name,body,exact", [
    ("add", lambda x, y, z: x + y, lambda a, b, c: ftz(ftz(a) + ftz(b))),
    ("sub", lambda x, y, z: x - y, lambda a, b, c: ftz(ftz(a) - ftz(b))),
    ("mul", lambda x, y, z: x * y, lambda a, b, c: ftz(ftz(a) * ftz(b))),
    ("neg", lambda x, y, z: -x, lambda a, b, c: ftz(-a)),
    ("fma", lambda x, y, z: x * y + z, lambda a, b, c: ftz(
        (ftz(a).astype(np.float64) * ftz(b) + ftz(c)).astype(np.float32))),
    ("cast", lambda x, y, z: T.cast(T.cast(x, "float64") + T.float64(1),
                                    "float32"),
     lambda a, b, c: (ftz(a).astype(np.float64) + 1).astype(np.float32)),
])
def test_the_flushed_arithmetic_is_exact(name, body, exact):
    a, b, c = operands()
    out = run(kernel(FAST, body), a, b, c)
    assert np.array_equal(out.view(np.uint32), exact(a, b, c).view(
        np.uint32)), name


def test_comparisons_flush_their_operands():
    a = np.full(32, SUB, np.float32)
    a[16:] = -SUB
    b = np.zeros(32, np.float32)
    c = np.zeros(32, np.float32)
    body = lambda x, y, z: T.if_then_else(x == y, T.float32(1),  # noqa
                                          T.float32(2))
    assert np.all(run(kernel(FAST, body), a, b, c) == 1)  # -> 0 == 0
    assert np.all(run(kernel(IEEE, body), a, b, c) == 2)


def ulps(got, want):
    g = got.view(np.int32).astype(np.int64)
    w = want.astype(np.float32).view(np.int32).astype(np.int64)
    return np.abs(g - w).max()


def test_division_and_the_reciprocal_are_the_approximations():
    rng = np.random.default_rng(5)
    a = rng.uniform(-100, 100, 32).astype(np.float32)
    b = rng.uniform(0.5, 50, 32).astype(np.float32)
    c = rng.uniform(0.5, 50, 32).astype(np.float32)
    div = kernel(FAST, lambda x, y, z: x / y)
    assert "div.approx.ftz.f32" in div.ptx()
    got = run(div, a, b, c)
    assert ulps(got, a.astype(np.float64) / b) <= 2
    rcp = kernel(FAST, lambda x, y, z: T.float32(1) / z)
    assert "rcp.approx.ftz.f32" in rcp.ptx()
    assert ulps(run(rcp, a, b, c), 1 / c.astype(np.float64)) <= 1
    assert "div.rn.f32" in kernel(IEEE, lambda x, y, z: x / y).ptx()


def test_math_functions_are_nvccs_fast_math_code():
    rng = np.random.default_rng(6)
    a = rng.uniform(-10, 10, 32).astype(np.float32)
    b = rng.uniform(0.5, 2.5, 32).astype(np.float32)
    c = rng.uniform(4, 100, 32).astype(np.float32)
    exp = kernel(FAST, lambda x, y, z: T.exp(x))
    assert "ex2.approx.ftz.f32" in exp.ptx()
    assert ulps(run(exp, a, b, c), np.exp(a.astype(np.float64))) <= 14
    sin = kernel(FAST, lambda x, y, z: T.sin(y))
    assert "sin.approx.ftz.f32" in sin.ptx()
    assert ulps(run(sin, a, b, c), np.sin(b.astype(np.float64))) <= 12
    # The IEEE build's sinf is the long one (its Payne-Hanek path too).
    assert "sin.approx" not in kernel(IEEE, lambda x, y, z: T.sin(y)).ptx()


def test_backend_configs_that_are_not_modeled_are_refused():
    with pytest.raises(TileError, match="--use_fast_math and of no float"):
        kernel({"cuda": {"compiler": "nvcc", "nvcc": ["--ftz=true"]}},
               lambda x, y, z: x + y)
    with pytest.raises(TileTypeError, match="mapping of backends"):
        kernel({"compiler": "nvcc"}, lambda x, y, z: x + y)
    with pytest.raises(TileTypeError, match="mapping of backends"):
        T.set_backend_config({"rocm": {}})


def test_set_backend_config_changes_the_default():
    old = T.set_backend_config(IEEE)
    try:
        assert not kernel(None, lambda x, y, z: x / y).fast_math
    finally:
        T.set_backend_config(old)
    assert kernel(None, lambda x, y, z: x / y).fast_math
