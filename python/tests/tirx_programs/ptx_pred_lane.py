"""`pred=` as a per-lane expression on PTX chains: an add and two movs issued
only where the lane's predicate holds (the destination keeps its old value
elsewhere)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_pred(A: T.Tensor((N,), "int32"), O: T.Tensor((N,), "int32"),
             S: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    lane = T.cuda.lane_id()
    d = T.local_scalar("int32", T.int32(-1))
    T.ptx.add.s32(d, A[lane], T.int32(100), pred=lane % 3 == 0)
    T.ptx.mov.b32(d, T.int32(5), pred=A[lane] > 50)
    O[lane] = d
    T.ptx.mov.b32(d, T.int32(0), pred=A[lane] < 10)
    S[lane] = d


def main():
    A = np.random.default_rng(22).integers(0, 100, N).astype(np.int32)
    lane = np.arange(N)
    d = np.where(lane % 3 == 0, A + 100, -1)
    d = np.where(A > 50, 5, d).astype(np.int32)
    S = np.where(A < 10, 0, d).astype(np.int32)
    return ({"A": A, "O": np.zeros(N, np.int32), "S": np.zeros(N, np.int32)},
            {"O": d, "S": S})
