"""The ptx table's own calling convention: a register declared by an
annotation (`acc: T.float32`, `.reg .f32 acc;`) then written by PTX chains
(mov, add.rn.f32, fma.rn.f32 in a loop), and `n: T.int32` with add.s32."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def declared(A: T.Tensor((32, 8), "float32"), O: T.Tensor((32,), "float32"),
             C: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    acc: T.float32
    n: T.int32
    T.ptx.mov.f32(acc, T.float32(0))
    T.ptx.mov.s32(n, T.int32(0))
    for k in T.serial(8):
        T.ptx.fma.rn.f32(acc, A[t, k], T.float32(2), acc)
        T.ptx.add.s32(n, n, T.int32(3))
    T.ptx.add.rn.f32(acc, acc, T.float32(1))
    O[t] = acc
    C[t] = n


def main():
    A = np.random.default_rng(41).integers(-8, 8, (32, 8)).astype(np.float32)
    return ({"A": A, "O": np.zeros(32, np.float32), "C": np.zeros(32, np.int32)},
            {"O": (A.sum(1) * 2 + 1).astype(np.float32),
             "C": np.full(32, 24, np.int32)})
