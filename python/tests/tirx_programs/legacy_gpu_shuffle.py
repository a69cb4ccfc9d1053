"""TIRx's legacy GPU builtins: T.gpu_warp_shuffle / _xor / _up / _down with
an explicit warp size, T.gpu_warp_activemask (T.gpu_dp4a is rejected by TIRx's codegen)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def lgs(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 4), "int32"),
        M: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    full = T.uint32(0xFFFFFFFF)
    O[i, 0] = T.gpu_warp_shuffle(full, A[i], 5, 32, 32)
    O[i, 1] = T.gpu_warp_shuffle_xor(full, A[i], 3, 32, 32)
    O[i, 2] = T.gpu_warp_shuffle_up(full, A[i], 2, 32, 32)
    O[i, 3] = T.gpu_warp_shuffle_down(full, A[i], 4, 16, 32)
    M[i] = T.gpu_warp_activemask()


def main():
    rng = np.random.default_rng(9)
    A = rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32)
    O = np.zeros((32, 4), np.int64)
    for l in range(32):
        O[l, 0] = A[5]
        O[l, 1] = A[l ^ 3]
        O[l, 2] = A[l - 2] if l >= 2 else A[l]
        O[l, 3] = A[l + 4] if (l % 16) + 4 < 16 else A[l]
    return ({"A": A, "O": np.zeros((32, 4), np.int32), "M": np.zeros(32, np.uint32)},
            {"O": O.astype(np.int32), "M": np.full(32, 0xFFFFFFFF, np.uint32)})
