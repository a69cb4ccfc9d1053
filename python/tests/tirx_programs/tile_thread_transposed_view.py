"""Thread-scope tiles with repeat axes: each thread loads a 4x4 block through
a transposed view (T.S strides (1, 16)) of a (16, 16) matrix at a
block-indexed offset (T.S[...] + offset), one ld.global.f32 per repeat, and
stores it row-major with st.global.f32."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tile_tview(A: T.Tensor((16, 16), "float32"), B: T.Tensor((16, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=4))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    At = T.decl_tensor(A.data, ty_args=[T.Tensor((16, 16), "float32",
                       layout=T.TileLayout(T.S[(16, 16):(1, 16)]))])
    r = T.alloc_local((4, 4, 1), "float32", layout="default")
    src = T.decl_tensor(At.data, ty_args=[T.Tensor((4, 4, 1), "float32",
                        layout=T.TileLayout(T.S[(4, 4, 1):(1, 16, 1)]))])
    for i in T.unroll(4):
        for j in T.unroll(4):
            r[i, j, 0] = At[bx * 4 + i, tx * 4 + j]
    dst = T.decl_tensor(B.data, ty_args=[T.Tensor((16, 16, 1), "float32")])
    T.cuda.tile.apply(T.ptx["st.global.f32"], dst[bx * 4:bx * 4 + 4, tx * 4:tx * 4 + 4, :], r)


def main():
    A = np.arange(256, dtype=np.float32).reshape(16, 16)
    return {"A": A, "B": np.zeros_like(A)}, {"B": A.T.copy()}
