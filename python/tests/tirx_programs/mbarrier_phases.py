"""An mbarrier reused over several phases, as a pipelined loop uses it:
thread 0 inits it with count 64 (ptr_to), then for 4 rounds every thread
writes its round's value into shared memory, arrives
(mbarrier.arrive.shared.b64 returning the state token into a uint64), waits
on the round's parity with T.cuda.mbarrier_wait(bar, k % 2), reads a
neighbour's value and crosses a cta_sync before the next round."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
R = 4


@T.function
def mbar_phases(A: T.Tensor((R, N), "int32"), B: T.Tensor((R, N), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((N,), "int32")
    st = T.local_scalar("uint64")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(N))
    T.cuda.cta_sync()
    for k in T.serial(R):
        S[t] = A[k, t] + k
        T.ptx.mbarrier.arrive.shared.b64(st, bar.ptr_to([0]))
        T.cuda.mbarrier_wait(bar.ptr_to([0]), k % 2)
        B[k, t] = S[(t + 5) % N]
        T.cuda.cta_sync()


def main():
    A = np.random.default_rng(473).integers(-100, 100, (R, N)).astype(np.int32)
    B = np.zeros((R, N), np.int32)
    for k in range(R):
        B[k] = np.roll(A[k] + k, -5)
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
