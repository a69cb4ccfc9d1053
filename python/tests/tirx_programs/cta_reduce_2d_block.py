"""T.cuda.cta_sum / cta_max / cta_min in a 2-D block (32 x 4: TIRx's helper
linearizes threadIdx.y * blockDim.x + threadIdx.x) with num_warps=2 (only
warps 0 and 1 count; warps 2 and 3 write their partials but warp 0 reads
two), on int64 (sum), uint16 (max through a float ternary) and float64 (min)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def crd2(A: T.Tensor((4, 32), "int64"), U: T.Tensor((4, 32), "uint16"), D: T.Tensor((4, 32), "float64"),
         S: T.Tensor((4, 32), "int64"), M: T.Tensor((4, 32), "uint16"), N: T.Tensor((4, 32), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=(32, 4)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    s1 = T.alloc_shared((4,), "int64")
    s2 = T.alloc_shared((4,), "uint16")
    s3 = T.alloc_shared((4,), "float64")
    S[ty, tx] = T.cuda.cta_sum(A[ty, tx], 2, s1.data)
    M[ty, tx] = T.cuda.cta_max(U[ty, tx], 2, s2.data)
    N[ty, tx] = T.cuda.cta_min(D[ty, tx], 2, s3.data)


def main():
    rng = np.random.default_rng(4002)
    A = rng.integers(-2**40, 2**40, (4, 32)).astype(np.int64)
    U = rng.integers(0, 65536, (4, 32)).astype(np.uint16)
    D = rng.standard_normal((4, 32))
    D[3, 5] = -100.0  # in warp 3: not counted
    S = np.full((4, 32), A[:2].sum(), np.int64)
    M = np.full((4, 32), U[:2].max(), np.uint16)
    N = np.full((4, 32), D[:2].min(), np.float64)
    return ({"A": A, "U": U, "D": D, "S": np.zeros_like(S), "M": np.zeros_like(M), "N": np.zeros_like(N)},
            {"S": S, "M": M, "N": N})
