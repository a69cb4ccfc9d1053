"""The threadfence-reduction idiom across blocks: each of 6 blocks sums its
slice with a shared tree, thread 0 writes the partial, T.cuda.thread_fence(),
takes a ticket with T.cuda.atomic_add on a global counter, and the block
that draws the last ticket (found through a shared flag) sums all
partials."""
from tvm_tirx.script import tirx as T
import numpy as np

NB = 6
NT = 64
# TIRx 0.1.0a4 compiles the `while s > 0` of a Python int into `while (1)`
# with `int s_1 = 16;` in its body: its kernel never ends (measured on an
# H100, 2026-12-05). The front-end unrolls the loop, as Python runs it.
TIRX_SKIP = "TIRx's kernel loops forever (its `while s > 0` on a Python int)"


@T.function
def lastblock(A: T.Tensor((NB * NT,), "int32"), Part: T.Tensor((NB,), "int32"),
              Cnt: T.Tensor((1,), "uint32"), Out: T.Tensor((1,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NB, block=NT))
    b = T.cuda.block_idx("x")
    t = T.cuda.thread_idx("x")
    sm = T.alloc_shared((NT,), "int32")
    last = T.alloc_shared((1,), "int32")
    sm[t] = A[b * NT + t]
    T.cuda.cta_sync()
    s = NT // 2
    while s > 0:
        if t < s:
            sm[t] = sm[t] + sm[t + s]
        T.cuda.cta_sync()
        s = s // 2
    if t == 0:
        Part[b] = sm[0]
        T.cuda.thread_fence()
        ticket = T.cuda.atomic_add(T.address_of(Cnt[0]), T.uint32(1))
        last[0] = T.Select(ticket == T.uint32(NB - 1), 1, 0)
    T.cuda.cta_sync()
    if last[0] == 1:
        if t == 0:
            tot = T.local_scalar("int32", 0)
            for k in T.serial(NB):
                tot = tot + T.cuda.atomic_add(T.address_of(Part[k]), 0)
            Out[0] = tot


def main():
    A = np.random.default_rng(462).integers(-1000, 1000, NB * NT).astype(np.int32)
    P = A.reshape(NB, NT).sum(1).astype(np.int32)
    return ({"A": A, "Part": np.zeros(NB, np.int32), "Cnt": np.zeros(1, np.uint32), "Out": np.zeros(1, np.int32)},
            {"Part": P, "Cnt": np.array([NB], np.uint32), "Out": np.array([P.sum()], np.int32)})
