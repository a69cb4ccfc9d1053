"""Barrier reductions as PTX chains: bar.red.popc.u32 (count of true
predicates across the CTA), bar.red.and.pred and bar.red.or.pred (results in
uint32 .pred carriers), and barrier.red.popc.u32 with an explicit thread
count on barrier 1."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def barred(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    d = T.local_scalar("uint32")
    p = T.local_scalar("uint32")
    T.ptx.bar.red.popc.u32(d, T.uint32(0), T.ptx.pred(T.cast(A[t] > 0, "uint32")))
    O[t, 0] = d
    T.ptx.bar.red.and_.pred(p, T.uint32(0), T.ptx.pred(T.cast(A[t] > -1000, "uint32")))
    O[t, 1] = T.Select(p != T.uint32(0), T.uint32(1), T.uint32(0))
    T.ptx.bar.red.or_.pred(p, T.uint32(0), T.ptx.pred(T.cast(A[t] > 990, "uint32")))
    O[t, 2] = T.Select(p != T.uint32(0), T.uint32(1), T.uint32(0))
    T.ptx.barrier.red.popc.u32(d, T.uint32(1), T.uint32(N), T.ptx.pred(T.cast(A[t] % 3 == 0, "uint32")))
    O[t, 3] = d


def main():
    A = np.random.default_rng(471).integers(-999, 990, N).astype(np.int32)
    O = np.zeros((N, 4), np.uint32)
    O[:, 0] = (A > 0).sum(); O[:, 1] = int((A > -1000).all()); O[:, 2] = int((A > 990).any())
    O[:, 3] = (A % 3 == 0).sum()
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
