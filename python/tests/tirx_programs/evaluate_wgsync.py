"""Forms TIRx's own library code writes: T.evaluate(T.ptx....) around a
PTX chain, and T.cuda.warpgroup_sync(id) (bar.sync id, 128) for each of two
warpgroups exchanging through shared memory."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 256


@T.function
def evalsync(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    wg = T.cuda.warpgroup_id()
    S = T.alloc_shared((N,), "int32")
    d = T.local_scalar("int32")
    T.evaluate(T.ptx.add.s32(d, A[t], T.int32(7)))
    S[t] = d
    T.cuda.warpgroup_sync(wg + 1)
    B[t] = S[wg * 128 + 127 - t % 128]


def main():
    A = np.random.default_rng(111).integers(-100, 100, N).astype(np.int32)
    t = np.arange(N)
    B = (A + 7)[(t // 128) * 128 + 127 - t % 128]
    return {"A": A, "B": np.zeros(N, np.int32)}, {"B": B.astype(np.int32)}
