"""A classic shared-memory tiled matmul: C = A @ B for 32x32 float32
matrices with 8x8 tiles, 2-D blocks and threads, a k-tile loop with two
cta_syncs, an unrolled inner product (integer-valued inputs: exact)."""
from tvm_tirx.script import tirx as T
import numpy as np

M = 32
TS = 8


@T.function
def gemm(A: T.Tensor((M, M), "float32"), B: T.Tensor((M, M), "float32"),
         C: T.Tensor((M, M), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(M // TS, M // TS),
                                              block=(TS, TS)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    row = T.cuda.block_idx("y") * TS + ty
    col = T.cuda.block_idx("x") * TS + tx
    As = T.alloc_shared((TS, TS), "float32")
    Bs = T.alloc_shared((TS, TS), "float32")
    acc = T.local_scalar("float32", T.float32(0))
    for kt in T.serial(M // TS):
        As[ty, tx] = A[row, kt * TS + tx]
        Bs[ty, tx] = B[kt * TS + ty, col]
        T.cuda.cta_sync()
        for k in T.unroll(TS):
            acc = acc + As[ty, k] * Bs[k, tx]
        T.cuda.cta_sync()
    C[row, col] = acc


def main():
    rng = np.random.default_rng(501)
    A = rng.integers(-8, 8, (M, M)).astype(np.float32)
    B = rng.integers(-8, 8, (M, M)).astype(np.float32)
    return ({"A": A, "B": B, "C": np.zeros((M, M), np.float32)},
            {"C": (A.astype(np.int64) @ B.astype(np.int64)).astype(np.float32)})
