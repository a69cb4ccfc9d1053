"""Per-thread top-8 (smallest) selection with an insertion sort into a
local array: the inner `while j >= 0 and L[j] > key` loop shifts elements
right with a dynamic index (short-circuit `and` guards L[-1]), then the
sorted list is written out. 16 candidates per thread."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
C = 16
KK = 8


@T.function
def topk(X: T.Tensor((N, C), "int32"), O: T.Tensor((N, KK), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    L = T.alloc_local((KK,), "int32")
    n = T.local_scalar("int32")
    n = 0
    for i in T.serial(C):
        key = X[t, i]
        if n < KK or key < L[KK - 1]:
            j = T.local_scalar("int32")
            j = T.min(n, KK - 1) - 1
            while j >= 0 and L[j] > key:
                L[j + 1] = L[j]
                j = j - 1
            L[j + 1] = key
            if n < KK:
                n = n + 1
    for i in T.serial(KK):
        O[t, i] = L[i]


def main():
    X = np.random.default_rng(15).integers(-1000, 1000, (N, C)).astype(np.int32)
    O = np.sort(X, axis=1)[:, :KK].astype(np.int32)
    return {"X": X, "O": np.zeros_like(O)}, {"O": O}
