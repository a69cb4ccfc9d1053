"""T.cuda.atomic_add into a global histogram (int32, two blocks), into a
shared counter per block, and float32 sums of small integers (exact in
any order, so every run gives the same bits)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def histogram(A: T.Tensor((256,), "int32"), H: T.Tensor((8,), "int32"),
              C: T.Tensor((2,), "int32"), F: T.Tensor((4,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    gid = bx * 128 + tx
    cnt = T.alloc_shared((1,), "int32")
    if tx == 0:
        cnt[0] = 0
    T.cuda.cta_sync()
    T.cuda.atomic_add(T.address_of(H[A[gid] % 8]), 1)
    if A[gid] % 3 == 0:
        T.cuda.atomic_add(T.address_of(cnt[0]), 1)
    T.cuda.atomic_add(T.address_of(F[gid % 4]), T.cast(A[gid] % 16, "float32"))
    T.cuda.cta_sync()
    if tx == 0:
        C[bx] = cnt[0]


def main():
    A = np.random.default_rng(6).integers(0, 1000, 256).astype(np.int32)
    H = np.bincount(A % 8, minlength=8).astype(np.int32)
    C = np.array([(A[:128] % 3 == 0).sum(), (A[128:] % 3 == 0).sum()],
                 np.int32)
    F = np.array([(A[i::4] % 16).sum() for i in range(4)], np.float32)
    return ({"A": A, "H": np.zeros(8, np.int32), "C": np.zeros(2, np.int32),
             "F": np.zeros(4, np.float32)}, {"H": H, "C": C, "F": F})
