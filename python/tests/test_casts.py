"""T.cast from a float as TIRx's C cast compiles under nvcc: the PTX
conversions nvcc emits, so NaN, the infinities and values out of an
integer's range give the GPU's bits on the CPU backend too (LLVM's fptosi
leaves them undefined; x86 gives 0x80000000). Expected values follow the
PTX rules the H200 confirmed (docs/IntegerFacts.md): toward zero,
saturating; NaN to 0 from f32/f16 into at most 32 bits, and to 1 << (w-1)
from f64 or into 64 bits; nvcc converts f32/f64 to an 8- or 16-bit integer
through 32 bits, keeping the low bits."""

import os
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
np = pytest.importorskip("numpy")

from tile_mlir import TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402


# IEEE float32 arithmetic (conftest.py), not TIRx's default fast-math build.
pytestmark = pytest.mark.usefixtures("ieee_build")

VALUES = [0.0, -0.0, 1.5, -1.5, 2.5, -2.7, 1e10, -1e10, 3e9, -3e9,
          float("inf"), float("-inf"), float("nan"), 40000.0, -40000.0,
          200.0, -200.0, 300.0, 127.9, 128.5, -129.0, 255.9, 256.0, 70000.0,
          -70000.0, 5e18, 2e19, -9.3e18, 1e38, 6e-8, 0.99, -0.99]
RANGES = {"int8": (8, True), "uint8": (8, False), "int16": (16, True),
          "uint16": (16, False), "int32": (32, True), "uint32": (32, False),
          "int64": (64, True), "uint64": (64, False)}


def saturate(x, bits, signed, nan):
    if x != x:
        return nan
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else \
        (0, (1 << bits) - 1)
    t = int(x) if abs(x) != float("inf") else (hi if x > 0 else lo)
    return min(max(t, lo), hi)


def expected(x, src, dst):
    bits, signed = RANGES[dst]
    wide = 64 if bits == 64 else 32
    if src in ("float16",) and bits == 16:
        wide = bits  # __half's operators saturate to the width; to 8 bits
        # TIRx prints (signed char)(int)h: 32 bits, then the low byte.
    top = 1 << (wide - 1)
    nan = top if (src == "float64" or wide == 64) else 0
    v = saturate(x, wide, signed, nan)
    v &= (1 << bits) - 1  # The low bits, as nvcc stores them.
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return v


def run_cast(src, dst, x):
    @T.function
    def k(A: T.Tensor((32,), src), B: T.Tensor((32,), dst)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        B[i] = T.cast(A[i], dst)
    out = np.zeros(32, dst)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A=x, B=out, backend="cpu")
    return out


@pytest.mark.parametrize("src", ["float32", "float64", "float16"])
@pytest.mark.parametrize("dst", list(RANGES))
def test_float_to_integer_is_nvccs(src, dst):
    with np.errstate(all="ignore"):
        x = np.array(VALUES, dtype=np.float64).astype(src)
    want = np.array([expected(float(v), src, dst) for v in x], dtype=dst)
    got = run_cast(src, dst, x)
    assert got.tolist() == want.tolist()


def test_float_narrowing_rounds_to_nearest_even():
    x = np.array(VALUES, dtype=np.float64)
    finite = ~np.isnan(x)
    for src, dst in (("float64", "float32"), ("float32", "float16"),
                     ("float64", "float16")):
        with np.errstate(all="ignore"):
            xs = x.astype(src)
            want = xs.astype(dst)  # numpy rounds to nearest even.
        got = run_cast(src, dst, xs)
        assert got[finite].tobytes() == want[finite].tobytes(), (src, dst)
        assert np.isnan(got[~finite]).all()


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_products_are_contracted(dtype):
    """TIRx prints `a * b + c`. For float32 nvcc emits one fma.rn.f32; for
    float16 cuda_fp16.h's operators emit `mul.f16` and `add.f16` without
    `.rn`, which ptxas fuses into one HFMA2 (the SASS of TIRx's kernel, a
    review found): one rounding either way."""
    @T.function
    def k(A: T.Tensor((32,), dtype), B: T.Tensor((32,), dtype),
          C: T.Tensor((32,), dtype), D: T.Tensor((32,), dtype)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        D[i] = A[i] * B[i] + C[i]
    rng = np.random.default_rng(5)
    a, b, c = (rng.uniform(-2, 2, 32).astype(dtype) for _ in range(3))
    d = np.zeros(32, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A=a, B=b, C=c, D=d, backend="cpu")
    exact = a.astype(np.float64) * b + c
    assert d.tobytes() == exact.astype(dtype).tobytes()
    if dtype == "float16":  # The inputs tell one rounding from two.
        assert (d != (a * b).astype(np.float16) + c).any()


def check_int_ops(ops, a, b):
    """Each of `ops` ({name: (f of two int32 kernel values, its Python
    reference)}) on the CPU backend over the 32 pairs of a and b."""
    for name, (fn, ref) in ops.items():
        @T.function
        def k(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
              D: T.Tensor((32,), "int32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            i = T.cuda.thread_idx("x")
            D[i] = fn(A[i], B[i])
        d = np.zeros(32, np.int32)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TileWarning)
            k(A=a, B=b, D=d, backend="cpu")
        want = [ref(int(x), int(y)) for x, y in zip(a, b)]
        assert d.tolist() == want, name


def test_integer_operators_as_tirx_prints_them():
    """T.floordiv/floormod (TIRx's floor division), T.truncdiv/truncmod
    (C's / and %), T.ceildiv (floordiv(a + b - 1, b)), the bitwise and
    shift functions (C's >> is arithmetic for int32), T.And/Or/Not and
    T.reinterpret."""
    ops = {
        "floordiv": (T.floordiv, lambda a, b: a // b),
        "floormod": (T.floormod, lambda a, b: a % b),
        "truncdiv": (T.truncdiv, lambda a, b: int(a / b)),
        "truncmod": (T.truncmod, lambda a, b: a - int(a / b) * b),
        "ceildiv": (T.ceildiv, lambda a, b: (a + b - 1) // b),
        "and": (T.bitwise_and, lambda a, b: a & b),
        "or": (T.bitwise_or, lambda a, b: a | b),
        "xor": (T.bitwise_xor, lambda a, b: a ^ b),
        "not": (lambda a, b: T.bitwise_not(a), lambda a, b: ~a),
        "shl": (lambda a, b: T.shift_left(a, T.int32(3)),
                lambda a, b: ((a << 3) + 2**31) % 2**32 - 2**31),
        "shr": (lambda a, b: T.shift_right(a, T.int32(3)),
                lambda a, b: a >> 3),
        "logic": (lambda a, b: T.if_then_else(
            T.Or(T.And(a > 0, b > 0), T.Not(a != -7)), a, b),
            lambda a, b: a if (a > 0 and b > 0) or a == -7 else b),
        "bits": (lambda a, b: T.reinterpret("int32", T.reinterpret(
            "float32", a) * T.float32(1)), lambda a, b: a),
    }
    rng = np.random.default_rng(9)
    a = rng.integers(-1000, 1000, 32).astype(np.int32)
    b = rng.choice([-7, -3, -1, 1, 2, 5, 9], 32).astype(np.int32)
    a[:4] = [-7, 7, 0, -1]
    check_int_ops(ops, a, b)


def div_rule(a, b, bits=32):
    """div.s32 as the H200 gives it: C's quotient; x / 0 all ones (-1);
    MIN / -1 MIN."""
    if b == 0:
        return -1
    if a == -(1 << (bits - 1)) and b == -1:
        return a
    return int(a / b)


def rem_rule(a, b, bits=32):
    """rem.s32: C's remainder; x % 0 all ones (-1); MIN % -1 0."""
    if b == 0:
        return -1
    if b == -1:
        return 0
    return a - int(a / b) * b


def wrap(v, bits=32):
    return (v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))


def test_integer_division_by_zero_and_min_by_minus_one():
    """`//`, `%`, T.truncdiv, T.truncmod with a kernel-value divisor run
    the GPU's div/rem (no trap on the CPU backend), in the forms nvcc
    compiles TIRx's prints to: floordiv's remainder is a - q * b (nvcc
    shares the one division), floormod's is rem.s32."""
    MIN = -2**31
    a = np.array([7, -7, 0, MIN, MIN, 5, -5, 2**31 - 1] * 4, np.int32)
    b = np.array([0, 0, 0, -1, 0, -1, 3, -2] * 4, np.int32)

    def floordiv(x, y):
        q = div_rule(x, y)
        r = wrap(x - wrap(q * y))
        same = (y >= 0 and r >= 0) or (y < 0 and r <= 0)
        return q if same else wrap(q - 1)

    def floormod(x, y):
        r = rem_rule(x, y)
        same = (y >= 0 and r >= 0) or (y < 0 and r <= 0)
        return r if same else wrap(r + y)
    ops = {"//": (lambda x, y: x // y, floordiv),
           "%": (lambda x, y: x % y, floormod),
           "truncdiv": (T.truncdiv, div_rule),
           "truncmod": (T.truncmod, rem_rule)}
    check_int_ops(ops, a, b)


def test_float_to_bool_is_c_s():
    x = np.array(VALUES, np.float32)
    got = run_cast("float32", "bool", x)
    assert got.tolist() == [bool(v != 0) for v in x]  # NaN: true.


@pytest.mark.parametrize("dtype", ["int64", "uint64"])
def test_64_bit_division_takes_nvccs_32_bit_path(dtype):
    """nvcc divides 64-bit operands that fit in 32 bits with div.u32 (a
    review read it in TIRx's PTX): 5 / 0 is 0xFFFFFFFF, 2^40 / 0 all
    ones."""
    a = np.array([5, 5, 2**40, 7, 2**33 + 5, 0] * 5 + [9, 9], dtype)
    b = np.array([0, 2, 0, 2**35, 3, 0] * 5 + [4, 0], dtype)

    @T.function
    def k(A: T.Tensor((32,), dtype), B: T.Tensor((32,), dtype),
          D: T.Tensor((32,), dtype), E: T.Tensor((32,), dtype)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        D[i] = T.truncdiv(A[i], B[i])
        E[i] = T.truncmod(A[i], B[i])
    d, e = np.zeros(32, dtype), np.zeros(32, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A=a, B=b, D=d, E=e, backend="cpu")
    ones = (1 << 64) - 1

    def rule(x, y, div):
        narrow = (x | y) >> 32 == 0
        if y == 0:
            return 0xFFFFFFFF if narrow else ones
        return x // y if div else x % y
    for got, div in ((d, True), (e, False)):
        want = [rule(int(x), int(y), div) for x, y in zip(a, b)]
        assert got.view(np.uint64).tolist() == want


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "int8",
                                   "uint16"])
def test_shift_amounts_past_the_width_are_clamped(dtype):
    """C's `a << n` and `a >> n` under nvcc: shl/shr on the value promoted
    to 32 bits (64 stays), the amount taken as unsigned 32 bits and
    clamped by the hardware: past the width, shl gives 0 and shr 0 or the
    sign (a review measured x86's masking here instead)."""
    bits, signed = RANGES[dtype]
    wide = 64 if bits == 64 else 32
    lo = -(1 << (bits - 1)) if signed else 0
    a = np.resize(np.array([1, 5, lo, -5 if signed else 7, 3], dtype), 32)
    n = np.resize(np.array([0, 1, 31, 32, 33, 40, 63, 64, 100, -1, 7],
                           np.int32), 32)

    @T.function
    def k(A: T.Tensor((32,), dtype), N: T.Tensor((32,), "int32"),
          L: T.Tensor((32,), dtype), R: T.Tensor((32,), dtype)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        L[i] = T.shift_left(A[i], T.cast(N[i], dtype))
        R[i] = A[i] >> T.cast(N[i], dtype)
    left, right = np.zeros(32, dtype), np.zeros(32, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A=a, N=n, L=left, R=right, backend="cpu")

    def amount(v):  # The amount as nvcc passes it: its low 32 bits.
        return int(np.array(v).astype(dtype).astype(np.int64)) % 2**32

    def trunc(v):
        v %= 1 << bits
        return v - (1 << bits) if signed and v >> (bits - 1) else v
    for x, m, gl, gr in zip(a, n, left, right):
        x, s = int(x), amount(m)
        assert int(gl) == (trunc(x << s) if s < wide else 0), (x, s)
        sign = -1 if x < 0 else 0
        assert int(gr) == (x >> s if s < wide else sign), (x, s)
