"""T.decl_tensor of a swizzled view over a swizzled shared buffer's
storage: a T.Tensor whose layout is a T.ComposeLayout (the same 8x8 XOR
swizzle over a column-major tile layout), so V[t, j] is S[j, t]."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def compose_layout_view(A: T.Tensor((8, 8), "float32"), B: T.Tensor((8, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((8, 8), "float32", layout=T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[8, 8])))
    for j in range(8):
        S[t, j] = A[t, j]
    T.cuda.cta_sync()
    V = T.decl_tensor(S.data, ty_args=[T.Tensor((8, 8), "float32", scope="shared",
                      layout=T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[(8, 8):(1, 8)])))])
    for j in range(8):
        B[t, j] = V[t, j]


def main():
    A = np.arange(64, dtype=np.float32).reshape(8, 8)
    # V's (t, j) is the swizzled tensor's element at linear offset 8 j + t, i.e. S[j, t]
    return {"A": A, "B": np.zeros_like(A)}, {"B": A.T.copy()}
