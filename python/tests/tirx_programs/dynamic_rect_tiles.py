"""Two T.dynamic extents (m, n) in a 2-D tensor and a 1-D one: each thread
handles one row with a loop to n, writes a row sum and a running maximum, the
grid covers m with a guard, and n appears in index arithmetic
(column n - 1 - j)."""
from tvm_tirx.script import tirx as T
import numpy as np

m = T.dynamic("m")
n = T.dynamic("n")


@T.function
def drt(A: T.Tensor((m, n), "int32"), R: T.Tensor((m, n), "int32"), S: T.Tensor((m,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32))
    r = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    if r < m:
        acc = T.local_scalar("int64", 0)
        mx = T.local_scalar("int32", T.min_value(ty="int32"))
        for j in T.serial(n):
            v = A[r, n - 1 - j]
            acc = acc + T.cast(v, "int64") * (j + 1)
            mx = T.max(mx, v)
            R[r, j] = mx
        S[r] = acc


def main():
    M, Nn = 50, 13
    A = np.random.default_rng(9).integers(-2**31, 2**31, (M, Nn), dtype=np.int64).astype(np.int32)
    rev = A[:, ::-1]
    R = np.maximum.accumulate(rev, axis=1).astype(np.int32)
    S = (rev.astype(np.int64) * np.arange(1, Nn + 1)).sum(1)
    return {"A": A, "R": np.zeros((M, Nn), np.int32), "S": np.zeros(M, np.int64)}, {"R": R, "S": S}
