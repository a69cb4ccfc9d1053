"""discard.global.L2 through T.ptx (its size, 128, written by the table):
each warp writes its 128-byte line of A, thread 0 of the warp discards
the line (the ISA: its bytes become indeterminate), and the warp writes
the line again after a __syncthreads; A then holds the second values."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def discard_line(A: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    A[i] = T.uint32(7) * T.cast(i, "uint32")
    T.cuda.cta_sync()
    if i % 32 == 0:
        T.ptx.discard.global_.L2(T.address_of(A[i]))
    T.cuda.cta_sync()
    A[i] = T.cast(i, "uint32") + T.uint32(100)


def main():
    A = np.zeros(N, np.uint32)
    return {"A": A}, {"A": np.arange(N, dtype=np.uint32) + 100}
