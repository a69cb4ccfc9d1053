"""A shared tile with an XOR-swizzled layout (T.ComposeLayout(0, 3, 3,
T.TileLayout(T.S[8, 8]))): element accesses through the swizzled tensor,
and the raw physical order read back through a plain decl_tensor view of the
same storage."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def swz(A: T.Tensor((8, 8), "int32"), Log: T.Tensor((8, 8), "int32"), Phys: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((8, 8), "int32", layout=T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[8, 8])))
    flat = T.decl_tensor(S.data, ty_args=[T.Tensor((64,), "int32", scope="shared")])
    S[t // 8, t % 8] = A[t // 8, t % 8]
    T.cuda.cta_sync()
    Log[t % 8, t // 8] = S[t // 8, t % 8]
    Phys[t] = flat[t]


def main():
    A = np.arange(64, dtype=np.int32).reshape(8, 8) * 7 - 100
    P = np.zeros(64, np.int32)
    for r in range(8):
        for c in range(8):
            m = r * 8 + c
            m ^= (m >> 3) & 7
            P[m] = A[r, c]
    return {"A": A, "Log": np.zeros_like(A), "Phys": np.zeros(64, np.int32)}, {"Log": A.T.copy(), "Phys": P}
