"""Buffer and expression attributes used in kernel bodies: A.shape[k] as
loop extents and index bounds, len(A.shape), A.dtype and x.dtype passed to
T.cast / T.local_scalar, and T.max_value(ty=A.dtype)."""
from tvm_tirx.script import tirx as T
import numpy as np

R, C = 8, 24


@T.function
def attrs(A: T.Tensor((R, C), "int16"), O: T.Tensor((R,), "int32"), M: T.Tensor((R,), "int16"), Z: T.Tensor((R,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=R))
    r = T.cuda.thread_idx("x")
    acc = T.local_scalar("int32", 0)
    mn = T.local_scalar(A.dtype, T.max_value(ty=A.dtype))
    for c in range(A.shape[1]):
        x = A[r, c]
        acc = acc + T.cast(x, "int32") * (c % len(A.shape))
        mn = T.min(mn, x)
    O[r] = acc + A.shape[0]
    M[r] = mn
    Z[r] = T.cast(mn, Z.dtype) * T.cast(2, Z.dtype)


def main():
    A = np.random.default_rng(1125).integers(-30000, 30000, (R, C)).astype(np.int16)
    O = (A.astype(np.int32) * (np.arange(C) % 2)).sum(axis=1).astype(np.int32) + R
    M = A.min(axis=1)
    return {"A": A, "O": np.zeros(R, np.int32), "M": np.zeros(R, np.int16), "Z": np.zeros(R, np.float32)}, {"O": O, "M": M, "Z": M.astype(np.float32) * 2}
