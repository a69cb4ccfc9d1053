"""A shared tile declared with a padded strided layout T.S[(16, 16):(17, 1)]
(the padding is part of the layout, not of the shape): a transpose through
it, and the raw words read back through a (16*17,) decl_tensor view to show
where each element landed."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def padded(A: T.Tensor((16, 16), "int32"), B: T.Tensor((16, 16), "int32"), Raw: T.Tensor((16,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=(16, 16)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    S = T.alloc_shared((16, 16), "int32", layout=T.TileLayout(T.S[(16, 16):(17, 1)]))
    flat = T.decl_tensor(S.data, ty_args=[T.Tensor((16 * 17,), "int32", scope="shared")])
    S[ty, tx] = A[ty, tx]
    T.cuda.cta_sync()
    B[ty, tx] = S[tx, ty]
    if ty == 0:
        Raw[tx] = flat[tx * 17 + tx]


def main():
    A = np.random.default_rng(441).integers(-1000, 1000, (16, 16)).astype(np.int32)
    return ({"A": A, "B": np.zeros_like(A), "Raw": np.zeros(16, np.int32)},
            {"B": A.T.copy(), "Raw": np.diag(A).copy()})
