"""cvta through T.ptx both ways: cvta.to.shared.u64 of a shared element's
address (its shared window address: the first buffer starts at 0x400),
cvta.shared.u64 back to a generic address (the difference of two is
their distance), cvta.to.global.u64 of global elements (their distance)
and cvta.global.u64 of it (unchanged)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def cvta_spaces(A: T.Tensor((N,), "uint32"), O: T.Tensor((N, 4), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    sm = T.alloc_shared((N,), "uint32")
    sm[i] = A[i]
    w = T.local_scalar("uint64")
    w0 = T.local_scalar("uint64")
    g = T.local_scalar("uint64")
    g0 = T.local_scalar("uint64")
    T.ptx.cvta.to.shared.u64(w, sm.ptr_to([i]))
    O[i, 0] = w
    T.ptx.cvta.to.shared.u64(w0, sm.ptr_to([0]))
    T.ptx.cvta.shared.u64(g, w)
    T.ptx.cvta.shared.u64(g0, w0)
    O[i, 1] = g - g0
    T.ptx.cvta.to.global_.u64(g, T.address_of(A[i]))
    T.ptx.cvta.to.global_.u64(g0, T.address_of(A[0]))
    O[i, 2] = g - g0
    T.ptx.cvta.global_.u64(w, g)
    O[i, 3] = w - g


def main():
    A = np.arange(N, dtype=np.uint32)
    O = np.zeros((N, 4), np.uint64)
    O[:, 0] = 0x400 + 4 * np.arange(N)
    O[:, 1] = 4 * np.arange(N)
    O[:, 2] = 4 * np.arange(N)
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
