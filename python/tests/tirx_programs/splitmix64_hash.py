"""splitmix64 over uint64 seeds (wrapping multiplies, logical shifts), an
int64 arithmetic right shift of negatives, and a 64-bit rotate built from
shifts with the amount from the data."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def smix(S: T.Tensor((N,), "uint64"), Q: T.Tensor((N,), "int64"), H: T.Tensor((N,), "uint64"),
         R: T.Tensor((N,), "uint64"), A: T.Tensor((N,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    z = T.local_scalar("uint64", S[i] + T.uint64(0x9E3779B97F4A7C15))
    z = (z ^ (z >> T.uint64(30))) * T.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> T.uint64(27))) * T.uint64(0x94D049BB133111EB)
    z = z ^ (z >> T.uint64(31))
    H[i] = z
    r = T.cast(z & T.uint64(63), "uint64")
    R[i] = (S[i] << r) | (S[i] >> ((T.uint64(64) - r) & T.uint64(63)))
    A[i] = (Q[i] >> T.int64(i % 64)) + T.shift_right(Q[i], T.int64(3))


def main():
    rng = np.random.default_rng(1108)
    S = rng.integers(0, 2**63, N, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, N, dtype=np.uint64)
    Q = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    M = (1 << 64) - 1
    H = np.zeros(N, np.uint64); R = np.zeros(N, np.uint64); A = np.zeros(N, np.int64)
    for i in range(N):
        z = (int(S[i]) + 0x9E3779B97F4A7C15) & M
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        z = z ^ (z >> 31)
        H[i] = z
        r = z & 63
        s = int(S[i])
        R[i] = ((s << r) | (s >> ((64 - r) & 63))) & M
        q = int(Q[i])
        A[i] = np.int64(((q >> (i % 64)) + (q >> 3) + 2**63) % 2**64 - 2**63)
    return ({"S": S, "Q": Q, "H": np.zeros(N, np.uint64), "R": np.zeros(N, np.uint64), "A": np.zeros(N, np.int64)},
            {"H": H, "R": R, "A": A})
