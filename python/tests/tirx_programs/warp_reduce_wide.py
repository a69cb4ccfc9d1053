"""T.cuda.warp_sum / warp_max / warp_min on 64-bit and 16-bit values:
int64 and float64 sums (two-word shuffles), uint64 max, float16 min at
width 8."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def wred(I: T.Tensor((N,), "int64"), D: T.Tensor((N,), "float64"),
         U: T.Tensor((N,), "uint64"), H: T.Tensor((N,), "float16"),
         SI: T.Tensor((N,), "int64"), SD: T.Tensor((N,), "float64"),
         MU: T.Tensor((N,), "uint64"), MH: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    SI[t] = T.cuda.warp_sum(I[t])
    SD[t] = T.cuda.warp_sum(D[t])
    MU[t] = T.cuda.warp_max(U[t])
    MH[t] = T.cuda.warp_min(H[t], 8)


def main():
    rng = np.random.default_rng(101)
    I = rng.integers(-2**50, 2**50, N).astype(np.int64)
    D = rng.integers(-2**20, 2**20, N).astype(np.float64) / 8  # exact sums
    U = rng.integers(0, 2**64, N, dtype=np.uint64)
    H = (rng.standard_normal(N) * 10).astype(np.float16)
    rep = lambda x, w: np.repeat(x, w)
    return ({"I": I, "D": D, "U": U, "H": H, "SI": np.zeros_like(I), "SD": np.zeros_like(D),
             "MU": np.zeros_like(U), "MH": np.zeros_like(H)},
            {"SI": rep(I.reshape(2, 32).sum(1), 32), "SD": rep(D.reshape(2, 32).sum(1), 32),
             "MU": rep(U.reshape(2, 32).max(1), 32), "MH": rep(H.reshape(8, 8).min(1), 8)})
