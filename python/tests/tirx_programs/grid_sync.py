"""Two phases across the whole grid: each of 8 blocks writes its slice,
T.cuda.grid_sync() (a cooperative launch), then each block reads its
neighbour's slice; twice, so the grid barrier is reused."""
from tvm_tirx.script import tirx as T
import numpy as np

NB = 8
NT = 128


@T.function
def grid_sync(A: T.Tensor((NB * NT,), "int32"), B: T.Tensor((NB * NT,), "int32"),
             C: T.Tensor((NB * NT,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NB, block=NT, cooperative=True))
    b = T.cuda.block_idx("x")
    t = T.cuda.thread_idx("x")
    B[b * NT + t] = A[b * NT + t] * 3 + b
    T.cuda.grid_sync()
    C[b * NT + t] = B[((b + 1) % NB) * NT + (NT - 1 - t)]
    T.cuda.grid_sync()
    B[b * NT + t] = C[((b + NB - 1) % NB) * NT + t] + 1


def main():
    A = np.random.default_rng(7).integers(-1000, 1000, NB * NT).astype(np.int32)
    B1 = (A.reshape(NB, NT) * 3 + np.arange(NB)[:, None]).astype(np.int32)
    C = np.roll(B1, -1, axis=0)[:, ::-1].copy()
    B2 = np.roll(C, 1, axis=0) + 1
    return ({"A": A, "B": np.zeros(NB * NT, np.int32), "C": np.zeros(NB * NT, np.int32)},
            {"B": B2.reshape(-1).astype(np.int32), "C": C.reshape(-1).astype(np.int32)})
