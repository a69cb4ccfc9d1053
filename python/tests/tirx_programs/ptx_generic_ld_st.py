"""ld and st through generic addresses (no state space), as TIRx writes
them (TIRx takes global pointers there, not shared ones): T.ptx.ld.u32 of
a global element (through shared memory to another thread), ld.v2.u32 of a
global pair,
ld.volatile.u32 and ld.relaxed.gpu.u32, then st.release.gpu.u32 and
st.v2.b32 of the results."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def generic_ld_st(A: T.Tensor((N,), "uint32"), P: T.Tensor((N, 2), "uint32"),
                  Out: T.Tensor((N,), "uint32"), Out2: T.Tensor((N, 2), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((N,), "uint32")
    u = T.local_scalar("uint32")
    T.ptx.ld.u32(u, T.address_of(A[t]))
    S[t] = u * 3 + 1
    T.cuda.cta_sync()
    w = T.local_scalar("uint32")
    w = S[(t + 5) % N]
    p0 = T.local_scalar("uint32")
    p1 = T.local_scalar("uint32")
    T.ptx.ld.v2.u32(p0, p1, T.address_of(P[t, 0]))
    x = T.local_scalar("uint32")
    T.ptx.ld.volatile.u32(x, T.address_of(A[(t + 1) % N]))
    y = T.local_scalar("uint32")
    T.ptx.ld.relaxed.gpu.u32(y, T.address_of(A[(t + 2) % N]))
    T.ptx.st.release.gpu.u32(T.address_of(Out[t]), w + p0 * x + p1 * y)
    T.ptx.st.v2.b32(T.address_of(Out2[t, 0]), p1, p0)


def main():
    rng = np.random.default_rng(5)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    P = rng.integers(0, 2**32, (N, 2), dtype=np.uint64).astype(np.uint32)
    t = np.arange(N)
    a = A.astype(np.uint64)
    S = (a * 3 + 1) % 2**32
    Out = (S[(t + 5) % N] + P[:, 0].astype(np.uint64) * a[(t + 1) % N] +
           P[:, 1].astype(np.uint64) * a[(t + 2) % N]) % 2**32
    return ({"A": A, "P": P, "Out": np.zeros(N, np.uint32),
             "Out2": np.zeros((N, 2), np.uint32)},
            {"Out": Out.astype(np.uint32), "Out2": P[:, ::-1].copy()})
