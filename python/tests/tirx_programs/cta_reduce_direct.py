"""T.cuda.cta_reduce called directly with a shared scratch buffer, for
"sum" on int32 and "max" on float32, 4 warps."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def crd(A: T.Tensor((128,), "int32"), F: T.Tensor((128,), "float32"),
        S: T.Tensor((128,), "int32"), M: T.Tensor((128,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    scratch = T.alloc_shared((4,), "int32")
    fscratch = T.alloc_shared((4,), "float32")
    S[t] = T.cuda.cta_reduce(A[t], "sum", 4, scratch)
    M[t] = T.cuda.cta_reduce(F[t], "max", 4, fscratch)


def main():
    rng = np.random.default_rng(13)
    A = rng.integers(-1000, 1000, 128).astype(np.int32)
    F = rng.standard_normal(128).astype(np.float32)
    return ({"A": A, "F": F, "S": np.zeros(128, np.int32), "M": np.zeros(128, np.float32)},
            {"S": np.full(128, A.sum(), np.int32), "M": np.full(128, F.max(), np.float32)})
