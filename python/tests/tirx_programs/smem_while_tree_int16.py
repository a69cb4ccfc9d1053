"""A shared-memory tree reduction driven by a while loop on a local stride
(s = nt / 2 from a scalar parameter, halved each trip, cta_sync inside),
over an int16 shared buffer (sums wrap at 16 bits on each store, computed
in C's int), plus a float32 max in a second shared buffer updated in the same
loop."""
from tvm_tirx.script import tirx as T
import numpy as np

TPB = 128


@T.function
def swt(A: T.Tensor((TPB,), "int16"), F: T.Tensor((TPB,), "float32"), nt: T.int32,
        O: T.Tensor((2,), "int16"), M: T.Tensor((1,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=TPB))
    tx = T.cuda.thread_idx("x")
    S = T.alloc_shared((TPB,), "int16")
    G = T.alloc_shared((TPB,), "float32")
    S[tx] = A[tx]
    G[tx] = F[tx]
    T.cuda.cta_sync()
    s = T.local_scalar("int32", nt // 2)
    while s > 0:
        if tx < s:
            S[tx] = S[tx] + S[tx + s] * T.int16(3)
            G[tx] = T.max(G[tx], G[tx + s])
        T.cuda.cta_sync()
        s = s >> 1
    if tx == 0:
        O[0] = S[0]
        O[1] = S[1]
        M[0] = G[0]


def main():
    rng = np.random.default_rng(4032)
    A = rng.integers(-30000, 30000, TPB).astype(np.int16)
    F = rng.standard_normal(TPB).astype(np.float32)
    S = A.astype(np.int64).copy(); G = F.copy()
    s = TPB // 2
    while s > 0:
        for t in range(s):
            S[t] = np.int64(np.int16(np.int64(S[t] + S[t + s] * 3) & 0xFFFF if False else ((S[t] + S[t + s] * 3 + 2**15) % 2**16) - 2**15))
            G[t] = max(G[t], G[t + s])
        s >>= 1
    return ({"A": A, "F": F, "nt": np.int32(TPB), "O": np.zeros(2, np.int16), "M": np.zeros(1, np.float32)},
            {"O": np.array([S[0], S[1]], np.int16), "M": np.array([G[0]], np.float32)})
