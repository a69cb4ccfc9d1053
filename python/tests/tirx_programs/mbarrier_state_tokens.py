"""mbarrier within one CTA through state tokens: init (count 64), arrive returning the
state, test_wait / try_wait on that state in a spin loop, a second phase with
arrive.expect_tx + complete_tx (tx-count reaching zero), try_wait.parity on phase 1,
pending_count of a state, arrive_drop shrinking the expected count, and inval."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def mbarrier_state_tokens(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
                          C: T.Tensor((N,), "int32"), P: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((2,), "uint64")
    S = T.alloc_shared((N,), "int32")
    st = T.local_scalar("uint64")
    done = T.local_scalar("uint32")
    r = T.local_scalar("uint32")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(N))
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([1]), T.uint32(N))
    T.cuda.cta_sync()
    S[t] = A[t] + 1
    T.ptx.mbarrier.arrive.shared.b64(st, bar.ptr_to([0]))
    T.ptx.mbarrier.pending_count.b64(r, st)
    P[t] = T.Select(r <= T.uint32(N), T.uint32(1), T.uint32(0))
    T.ptx.mbarrier.test_wait.shared.b64(done, bar.ptr_to([0]), st)
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(done))
    while r == T.uint32(0):
        T.ptx.mbarrier.try_wait.shared.b64(done, bar.ptr_to([0]), st)
        T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(done))
    B[t] = S[(t + 3) % N]
    T.cuda.cta_sync()
    S[t] = A[t] * 3
    if t == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(st, bar.ptr_to([1]), T.uint32(128))
    elif t == 1:
        T.ptx.mbarrier.complete_tx.shared.b64(bar.ptr_to([1]), T.uint32(128))
        T.ptx.mbarrier.arrive.shared.b64(st, bar.ptr_to([1]))
    elif t == 2:
        T.ptx.mbarrier.arrive_drop.shared.b64(st, bar.ptr_to([1]))
    else:
        T.ptx.mbarrier.arrive.shared.b64(st, bar.ptr_to([1]))
    r = T.uint32(0)
    while r == T.uint32(0):
        T.ptx.mbarrier.try_wait.parity.shared.b64(done, bar.ptr_to([1]), T.uint32(0))
        T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(done))
    C[t] = S[N - 1 - t]
    T.cuda.cta_sync()
    if t == 0:
        T.ptx.mbarrier.inval.shared.b64(bar.ptr_to([0]))
        T.ptx.mbarrier.inval.shared.b64(bar.ptr_to([1]))


def main():
    A = np.random.default_rng(623).integers(-1000, 1000, N).astype(np.int32)
    B = np.roll(A + 1, -3).astype(np.int32)
    C = (A * 3)[::-1].copy()
    return ({"A": A, "B": np.zeros(N, np.int32), "C": np.zeros(N, np.int32), "P": np.zeros(N, np.uint32)},
            {"B": B, "C": C, "P": np.ones(N, np.uint32)})
