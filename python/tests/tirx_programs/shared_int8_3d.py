"""A 3-D int8 shared buffer and a 2-D uint16 shared buffer, written by one
thread layout and read transposed after T.cuda.cta_sync."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def si8(A: T.Tensor((4, 8, 8), "int8"), U: T.Tensor((16, 16), "uint16"),
        OA: T.Tensor((4, 8, 8), "int8"), OU: T.Tensor((16, 16), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    t = T.cuda.thread_idx("x")
    s = T.alloc_shared((4, 8, 8), "int8")
    u = T.alloc_shared((16, 16), "uint16")
    s[t // 64, (t // 8) % 8, t % 8] = A[t // 64, (t // 8) % 8, t % 8]
    u[t // 16, t % 16] = U[t // 16, t % 16]
    T.cuda.cta_sync()
    OA[t // 64, (t // 8) % 8, t % 8] = s[3 - t // 64, t % 8, (t // 8) % 8]
    OU[t // 16, t % 16] = u[t % 16, t // 16] + T.uint16(1)


def main():
    rng = np.random.default_rng(15)
    A = rng.integers(-128, 128, (4, 8, 8)).astype(np.int8)
    U = rng.integers(0, 65536, (16, 16)).astype(np.uint16)
    OA = A[::-1].transpose(0, 2, 1).copy()
    OU = (U.T + np.uint16(1)).astype(np.uint16)
    return ({"A": A, "U": U, "OA": np.zeros_like(A), "OU": np.zeros_like(U)}, {"OA": OA, "OU": OU})
