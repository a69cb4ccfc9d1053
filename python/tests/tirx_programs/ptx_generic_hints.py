"""Hints and loads of read-only data through T.ptx: prefetchu.L1 and a
generic prefetch.L2 on T.address_of of a global element, applypriority.global.L2::evict_normal
(its size, 128, written by the table), and ldu.global loads, scalar and
.v2, whose results must be the data."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def hints(A: T.Tensor((N,), "uint32"), D: T.Tensor((N,), "float64"),
          O: T.Tensor((N, 2), "uint32"), E: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    d = T.local_scalar("float64")
    T.ptx.prefetchu.L1(T.address_of(A[i]))
    T.ptx.prefetch.L2(T.address_of(A[(i + 5) % N]))
    T.ptx.applypriority.global_.L2__evict_normal(T.address_of(A[i]))
    T.ptx.ldu.global_.u32(u, T.address_of(A[(i + 1) % N]))
    O[i, 0] = u
    T.ptx.ldu.global_.u32(u, T.address_of(A[0]))
    O[i, 1] = u ^ T.uint32(i)
    T.ptx.ldu.global_.f64(d, T.address_of(D[N - 1 - i]))
    E[i] = d


def main():
    rng = np.random.default_rng(61)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    D = rng.standard_normal(N)
    O = np.stack([np.roll(A, -1), A[0] ^ np.arange(N, dtype=np.uint32)], 1)
    return ({"A": A, "D": D, "O": np.zeros((N, 2), np.uint32),
             "E": np.zeros(N)}, {"O": O.astype(np.uint32), "E": D[::-1].copy()})
