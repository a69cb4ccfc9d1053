"""T.cuda.atomic_add's returned old value as a ticket: each selected thread
claims a slot in a shared list (order-independent result: slot marks and
the final count), across 2 blocks to a global counter too."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ats(A: T.Tensor((256,), "int32"), M: T.Tensor((2, 128), "int32"), C: T.Tensor((2,), "int32"),
        G: T.Tensor((1,), "int32"), GM: T.Tensor((256,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    cnt = T.alloc_shared((1,), "int32")
    marks = T.alloc_shared((128,), "int32")
    marks[t] = 0
    if t == 0:
        cnt[0] = 0
    T.cuda.cta_sync()
    if A[b * 128 + t] % 3 == 0:
        slot = T.cuda.atomic_add(T.address_of(cnt[0]), 1)
        marks[slot] = 1
        g = T.cuda.atomic_add(T.address_of(G[0]), 1)
        GM[g] = 7
    T.cuda.cta_sync()
    M[b, t] = marks[t]
    if t == 0:
        C[b] = cnt[0]


def main():
    A = np.random.default_rng(26).integers(0, 1000, 256).astype(np.int32)
    sel = (A % 3 == 0).reshape(2, 128)
    n = sel.sum(1)
    M = np.zeros((2, 128), np.int32)
    for b in range(2):
        M[b, :n[b]] = 1
    GM = np.zeros(256, np.int32); GM[:n.sum()] = 7
    return ({"A": A, "M": np.zeros((2, 128), np.int32), "C": np.zeros(2, np.int32),
             "G": np.zeros(1, np.int32), "GM": np.zeros(256, np.int32)},
            {"M": M, "C": n.astype(np.int32), "G": np.array([n.sum()], np.int32), "GM": GM})
