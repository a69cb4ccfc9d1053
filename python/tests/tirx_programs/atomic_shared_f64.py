"""T.cuda.atomic_add on shared int32 and global float64 (integer-valued
halves, so the order does not matter), and on a global float32 per-block
slot; the block's shared count written out after a barrier."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def atom(A: T.Tensor((256,), "int32"), D: T.Tensor((4,), "float64"),
         F: T.Tensor((2,), "float32"), C: T.Tensor((2,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    g = bx * 128 + tx
    cnt = T.alloc_shared((1,), "int32")
    if tx == 0:
        cnt[0] = 0
    T.cuda.cta_sync()
    if A[g] > 0:
        T.cuda.atomic_add(T.address_of(cnt[0]), A[g])
    T.cuda.atomic_add(T.address_of(D[g % 4]), T.cast(A[g], "float64") * T.float64(0.5))
    T.cuda.atomic_add(T.address_of(F[bx]), T.float32(0.25))
    T.cuda.cta_sync()
    if tx == 0:
        C[bx] = cnt[0]


def main():
    A = np.random.default_rng(301).integers(-100, 100, 256).astype(np.int32)
    C = np.array([A[b * 128:(b + 1) * 128][A[b * 128:(b + 1) * 128] > 0].sum()
                  for b in range(2)], np.int32)
    D = np.array([A[k::4].sum() * 0.5 for k in range(4)], np.float64)
    F = np.full(2, 32.0, np.float32)
    return ({"A": A, "D": np.zeros(4), "F": np.zeros(2, np.float32),
             "C": np.zeros(2, np.int32)}, {"D": D, "F": F, "C": C})
