"""T.vectorized loops over float16 (8 lanes, TIRx's uint4 / half2 vector
code) computing a * b + c (fused by ptxas into HFMA2 as in the scalar case),
a * b - c, and (a * b) cast to float32 plus a float32 (no fusion across the
conversion), on inputs where fused and unfused results differ."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 256


@T.function
def vhf(A: T.Tensor((N,), "float16"), B: T.Tensor((N,), "float16"), C: T.Tensor((N,), "float16"),
        F: T.Tensor((N,), "float32"), O1: T.Tensor((N,), "float16"), O2: T.Tensor((N,), "float16"),
        O3: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    for v in T.vectorized(8):
        O1[t * 8 + v] = A[t * 8 + v] * B[t * 8 + v] + C[t * 8 + v]
    for v in T.vectorized(8):
        O2[t * 8 + v] = A[t * 8 + v] * B[t * 8 + v] - C[t * 8 + v]
    for v in T.vectorized(8):
        O3[t * 8 + v] = T.cast(A[t * 8 + v] * B[t * 8 + v], "float32") + F[t * 8 + v]


def main():
    rng = np.random.default_rng(4022)
    A = (1 + rng.integers(0, 1024, N) / 1024).astype(np.float16)
    B = (1 + rng.integers(0, 1024, N) / 1024).astype(np.float16)
    C = -(A.astype(np.float64) * B.astype(np.float64)).astype(np.float16)
    F = rng.standard_normal(N).astype(np.float32)
    e = A.astype(np.float64) * B.astype(np.float64)  # exact in float64
    O1 = (e + C.astype(np.float64)).astype(np.float16)
    O2 = (e - C.astype(np.float64)).astype(np.float16)
    prod = e.astype(np.float16)
    O3 = (prod.astype(np.float32) + F).astype(np.float32)
    return ({"A": A, "B": B, "C": C, "F": F, "O1": np.zeros(N, np.float16), "O2": np.zeros(N, np.float16),
             "O3": np.zeros(N, np.float32)}, {"O1": O1, "O2": O2, "O3": O3})
