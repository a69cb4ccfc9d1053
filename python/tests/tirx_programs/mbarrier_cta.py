"""A CTA-wide handoff through an mbarrier, as SM90 pipelines write it:
thread 0 runs mbarrier.init.shared.b64 (count = 64) on a shared uint64 slot
(ptr_to), a cta_sync publishes it, every thread writes shared data and
arrives (mbarrier.arrive.shared.b64), then all wait on phase 0 with
T.cuda.mbarrier_wait and read a neighbour's value."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def mbar(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((N,), "int32")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(N))
    T.cuda.cta_sync()
    S[t] = A[t] * 2
    T.ptx.mbarrier.arrive.shared.b64(bar.ptr_to([0]), T.uint32(1))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    B[t] = S[(t + 1) % N]


def main():
    A = np.random.default_rng(63).integers(-100, 100, N).astype(np.int32)
    return {"A": A, "B": np.zeros(N, np.int32)}, {"B": np.roll(A * 2, -1).astype(np.int32)}
