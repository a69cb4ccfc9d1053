"""Compile-time checks: (T.likely and T.assume do not compile in TIRx's CUDA codegen)
T.static_assert on a Python constant, T.constexpr-guarded branches,
and an integer clamp written with T.min / T.max."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
W = 3


@T.function
def hints(A: T.Tensor((N,), "int32"), O: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    T.static_assert(N % 32 == 0, "N must be a multiple of a warp")
    v = T.local_scalar("int32", A[t])
    if v > 0:
        v = v * 2
    if T.constexpr(W > 2):
        v = T.min(T.max(v, -W * 100), W * 100)
    else:
        v = 0
    O[t] = v


def main():
    A = np.random.default_rng(443).integers(-1000, 1000, N).astype(np.int32)
    v = np.where(A > 0, A * 2, A)
    return {"A": A, "O": np.zeros(N, np.int32)}, {"O": np.clip(v, -300, 300).astype(np.int32)}
