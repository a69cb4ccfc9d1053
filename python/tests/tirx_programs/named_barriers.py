"""Named barriers as warp-specialized kernels write them: two warp groups of
2 warps each sync on their own barrier id with T.ptx.bar.sync(id, count)
(bar.sync 1, 64 / bar.sync 2, 64), exchanging through shared memory, plus
T.ptx.bar.warp.sync(mask)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def named(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((N,), "int32")
    S[t] = A[t] + 1
    T.ptx.bar.warp.sync(T.uint32(0xFFFFFFFF))
    if t < 64:
        T.ptx.bar.sync(T.uint32(1), T.uint32(64))
        B[t] = S[63 - t]
    else:
        T.ptx.bar.sync(T.uint32(2), T.uint32(64))
        B[t] = S[64 + 127 - t] * 2


def main():
    A = np.random.default_rng(75).integers(-100, 100, N).astype(np.int32)
    B = np.zeros(N, np.int32)
    for t in range(N):
        B[t] = A[63 - t] + 1 if t < 64 else (A[191 - t] + 1) * 2
    return {"A": A, "B": np.zeros(N, np.int32)}, {"B": B}
