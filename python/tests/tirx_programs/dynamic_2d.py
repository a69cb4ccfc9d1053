"""Two symbolic extents (T.dynamic m, n): a 2-D tensor (m, n) with a
per-row bias of length m, bounds-guarded on both, and n used in the
arithmetic."""
from tvm_tirx.script import tirx as T
import numpy as np

m = T.dynamic("m")
n = T.dynamic("n")


@T.function
def dyn2d(A: T.Tensor((m, n), "float32"), bias: T.Tensor((m,), "float32"),
          B: T.Tensor((m, n), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(4, 8), block=(16, 4)))
    col = T.cuda.block_idx("x") * 16 + T.cuda.thread_idx("x")
    row = T.cuda.block_idx("y") * 4 + T.cuda.thread_idx("y")
    if row < m:
        if col < n:
            B[row, col] = A[row, col] + bias[row] + T.cast(n - col, "float32")


def main():
    rng = np.random.default_rng(302)
    A = rng.standard_normal((21, 37)).astype(np.float32)
    bias = rng.standard_normal(21).astype(np.float32)
    B = (A + bias[:, None]).astype(np.float32) + (37 - np.arange(37)).astype(np.float32)
    return {"A": A, "bias": bias, "B": np.zeros_like(A)}, {"B": B.astype(np.float32)}
