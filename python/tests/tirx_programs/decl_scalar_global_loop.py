"""T.decl_scalar over a shared word and over a global counter, assigned in a
loop with a run-time trip count: each trip every thread adds the shared
progress word to a local sum, then thread 0 doubles the word and bumps the
global counter (T.decl_scalar of G.data), all separated by cta_sync. TIRx's
C stores every assignment through the pointer and reloads it at each read."""
from tvm_tirx.script import tirx as T
import numpy as np

TPB = 32


@T.function
def dsg(G: T.Tensor((1,), "int32"), n: T.int32, O: T.Tensor((TPB,), "int32"),
        P: T.Tensor((TPB,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=TPB))
    tx = T.cuda.thread_idx("x")
    sh = T.alloc_shared((1,), "int32")
    prog = T.decl_scalar("int32", sh.data, "shared")
    cnt = T.decl_scalar("int32", G.data, "global")
    if tx == 0:
        prog = 1
    T.cuda.cta_sync()
    acc = T.local_scalar("int32", 0)
    for k in T.serial(n):
        acc = acc + prog
        T.cuda.cta_sync()
        if tx == 0:
            prog = prog * 2
            cnt = cnt + 1
        T.cuda.cta_sync()
    O[tx] = acc
    P[tx] = prog


def main():
    n = 7
    return ({"G": np.array([100], np.int32), "n": np.int32(n), "O": np.zeros(TPB, np.int32),
             "P": np.zeros(TPB, np.int32)},
            {"G": np.array([100 + n], np.int32), "O": np.full(TPB, 2**n - 1, np.int32),
             "P": np.full(TPB, 2**n, np.int32)})
