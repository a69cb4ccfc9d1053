"""Python chained comparisons on kernel values, as users write bounds checks:
`if 0 <= j < n:` with j = x - 3 from a thread index and n a scalar
parameter, `lo < A[i] <= hi` as a stored bool, and a three-link chain
`a != b != c` in a T.Select."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def chc(A: T.Tensor((N,), "int32"), n: T.int32, lo: T.int32, hi: T.int32,
        O: T.Tensor((N,), "int32"), P: T.Tensor((N,), "bool"), Q: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    x = T.cuda.thread_idx("x")
    j = x - 3
    if 0 <= j < n:
        O[x] = A[j]
    else:
        O[x] = -1
    a0 = A[x]
    a1 = A[(x + 1) % N]
    a2 = A[(x + 2) % N]
    P[x] = lo < a0 <= hi
    Q[x] = T.Select(a0 != a1 != a2, 1, 0)


def main():
    rng = np.random.default_rng(4018)
    A = rng.integers(-5, 5, N).astype(np.int32)
    n, lo, hi = 40, -2, 2
    O = np.array([A[x - 3] if 0 <= x - 3 < n else -1 for x in range(N)], np.int32)
    P = (lo < A) & (A <= hi)
    Q = np.array([1 if (A[x] != A[(x + 1) % N]) and (A[(x + 1) % N] != A[(x + 2) % N]) else 0 for x in range(N)], np.int32)
    return ({"A": A, "n": np.int32(n), "lo": np.int32(lo), "hi": np.int32(hi), "O": np.zeros(N, np.int32),
             "P": np.zeros(N, bool), "Q": np.zeros(N, np.int32)}, {"O": O, "P": P, "Q": Q})
