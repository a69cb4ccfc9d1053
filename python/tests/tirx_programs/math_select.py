"""T.max, T.min, T.abs, T.Select, T.isnan, T.isinf, T.isfinite,
T.nearbyint, T.copysign and T.clz as TIRx prints them: T.max(a, b) is
`(a > b || a != a) ? a : b` (a NaN in either gives a NaN; of two zeros, b),
T.abs of an int32 `0 <= x ? x : 0 - x` (INT_MIN stays), over 1,024
float32 and int32 inputs with zeros of both signs, infinities and NaN
payloads; the expected values follow the same formulas in numpy, bit for
bit."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
BLOCKS = 8
ROWS = BLOCKS * 32


@T.function(private=True)
def mx(x: T.float32, y: T.float32) -> T.float32:
    return T.max(x, y)


@T.function(private=True)
def mn(x: T.float32, y: T.float32) -> T.float32:
    return T.min(x, y)


@T.function(private=True)
def tests(x: T.float32, y: T.float32) -> T.float32:
    return T.Select(T.isnan(x), y, T.if_then_else(
        T.isinf(x), T.copysign(y, x), T.if_then_else(
            T.isfinite(y), T.nearbyint(y), T.abs(x))))


@T.function(private=True)
def ints(i: T.int32, j: T.int32) -> T.int32:
    return T.max(T.abs(i), j) - T.min(i, j) + T.clz(i)


@T.function
def math_select(A: T.Tensor((ROWS, 4), "float32"),
                B: T.Tensor((ROWS, 4), "float32"),
                I: T.Tensor((ROWS, 4), "int32"),
                J: T.Tensor((ROWS, 4), "int32"),
                MX: T.Tensor((ROWS, 4), "float32"),
                MN: T.Tensor((ROWS, 4), "float32"),
                TS: T.Tensor((ROWS, 4), "float32"),
                IN: T.Tensor((ROWS, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    lay = T.TileLayout(T.S[(32, 4):(1 @ LANE, 1)])
    r = T.alloc_local((32, 4), "float32", layout=lay)
    q = T.alloc_local((32, 4), "float32", layout=lay)
    s = T.alloc_local((32, 4), "float32", layout=lay)
    i = T.alloc_local((32, 4), "int32", layout=lay)
    j = T.alloc_local((32, 4), "int32", layout=lay)
    k = T.alloc_local((32, 4), "int32", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], q, B[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], i, I[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], j, J[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.ewise(mx, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], MX[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(mn, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], MN[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(tests, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], TS[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(ints, k, i, j, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], IN[bx * 32:bx * 32 + 32, :],
                      k, scope="warp")


def main():
    rng = np.random.default_rng(37)
    n = ROWS * 4
    special = np.array([0.0, -0.0, np.inf, -np.inf, 1.5, -2.5, 0.5, -0.5,
                        1e-45, 3.4e38], np.float32)
    nans = np.array([0x7FC00000, 0xFFC00001, 0x7F800001, 0x7FABCDEF],
                    np.uint32).view(np.float32)
    pool = np.concatenate([special, nans])
    x = np.where(rng.random(n) < 0.5, rng.choice(pool, n),
                 rng.uniform(-9, 9, n)).astype(np.float32)
    y = np.where(rng.random(n) < 0.5, rng.choice(pool, n),
                 rng.uniform(-9, 9, n)).astype(np.float32)
    i = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    j = rng.integers(-1000, 1000, n).astype(np.int32)
    i[:4] = [-2**31, 0, -1, 2**31 - 1]
    x, y, i, j = (v.reshape(ROWS, 4) for v in (x, y, i, j))
    with np.errstate(invalid="ignore", over="ignore"):
        mx = np.where((x > y) | (x != x), x, y)
        mn = np.where((x < y) | (x != x), x, y)
        ts = np.where(np.isnan(x), y, np.where(
            np.isinf(x), np.copysign(y, x), np.where(
                np.isfinite(y), np.rint(y), np.abs(x))))
        ai = np.where(i >= 0, i, (0 - i.astype(np.int64)).astype(np.int32))
        clz = np.array([32 - int(v).bit_length() for v in
                        i.view(np.uint32).ravel()]).reshape(i.shape)
        ints = (np.maximum(ai, j).astype(np.int64) - np.minimum(i, j) +
                clz).astype(np.int32)
    inputs = {"A": x, "B": y, "I": i, "J": j}
    want = {"MX": mx, "MN": mn, "TS": ts.astype(np.float32), "IN": ints}
    inputs.update({k: np.zeros_like(v) for k, v in want.items()})
    return inputs, want
