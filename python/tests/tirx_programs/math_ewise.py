"""TIRx's math functions in ewise: T.exp, T.exp2, T.tanh, T.sqrt and
T.rsqrt, which TIRx prints as expf, exp2f, tanhf, sqrtf and rsqrtf and
nvcc compiles to its library's instructions. The front-end gives nvcc's
bits on the GPU and on the CPU backend (h200/math_ewise.npz); nvcc's
functions are within ULP of numpy's correctly rounded values."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 3  # nvcc's expf & co. against the float64 reference.


@T.function(private=True)
def mix(x: T.float32) -> T.float32:
    return T.exp(x) + T.tanh(x) * T.exp2(x)


@T.function(private=True)
def roots(x: T.float32) -> T.float32:
    return T.sqrt(x) * T.rsqrt(x + T.float32(1))


@T.function
def math_ewise(A: T.Tensor((32, 4), "float32"),
               B: T.Tensor((32, 4), "float32"),
               C: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32),
                   backend_config=IEEE)
    r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    s = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A, scope="warp")
    T.cuda.tile.ewise(roots, s, r, scope="warp")
    T.cuda.tile.ewise(mix, r, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], C, s, scope="warp")


def main():
    x = np.linspace(0.0, 9.0, 128, dtype=np.float32).reshape(32, 4)
    d = x.astype(np.float64)
    b = (np.exp(d) + np.tanh(d) * np.exp2(d)).astype(np.float32)
    c = (np.sqrt(d) / np.sqrt(d + 1)).astype(np.float32)
    return ({"A": x, "B": np.zeros_like(x), "C": np.zeros_like(x)},
            {"B": b, "C": c})
