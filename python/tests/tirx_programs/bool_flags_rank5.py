"""Bool storage in registers and shared memory (T.alloc_local / alloc_shared
of "bool") used as per-thread and per-block flags, a rank-5 tensor with
unit extents indexed from a 3D launch (grid (2, 2, 2), block (4, 2, 4)),
and int64 dynamic indices into a local array."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bflags(X: T.Tensor((2, 1, 8, 1, 32), "int32"), O: T.Tensor((2, 2, 2, 32), "int32"), F: T.Tensor((8,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(2, 2, 2), block=(4, 2, 4)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    tz = T.cuda.thread_idx("z")
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    bz = T.cuda.block_idx("z")
    t = tz * 8 + ty * 4 + tx
    row = by * 4 + bz * 2 + bx % 2
    flags = T.alloc_local((4,), "bool")
    vals = T.alloc_local((4,), "int32")
    anyneg = T.alloc_shared((1,), "bool")
    if t == 0:
        anyneg[0] = T.bool(False)
    T.cuda.cta_sync()
    for k in T.unroll(4):
        vals[k] = X[bx, 0, row, 0, (t + k * 8) % 32]
        flags[k] = vals[k] < 0
    j = T.local_scalar("int64", T.int64(0))
    for k in range(4):
        if flags[k]:
            anyneg[0] = T.bool(True)
            j = T.cast(k, "int64")
    O[bx, by, bz, t] = vals[j] * T.if_then_else(flags[j], -1, 1)
    T.cuda.cta_sync()
    if t == 0:
        F[bx * 4 + by * 2 + bz] = T.cast(anyneg[0], "int32")


def main():
    rng = np.random.default_rng(1132)
    X = rng.integers(-5, 100, (2, 1, 8, 1, 32)).astype(np.int32)
    O = np.zeros((2, 2, 2, 32), np.int32); F = np.zeros(8, np.int32)
    for bx in range(2):
        for by in range(2):
            for bz in range(2):
                row = by * 4 + bz * 2 + bx % 2
                anyn = False
                for t in range(32):
                    vals = [int(X[bx, 0, row, 0, (t + k * 8) % 32]) for k in range(4)]
                    j = 0
                    for k in range(4):
                        if vals[k] < 0:
                            anyn = True
                            j = k
                    O[bx, by, bz, t] = vals[j] * (-1 if vals[j] < 0 else 1)
                F[bx * 4 + by * 2 + bz] = int(anyn)
    return {"X": X, "O": np.zeros_like(O), "F": np.zeros(8, np.int32)}, {"O": O, "F": F}
