"""minimal: a register tile viewed at an element offset (T.S[...] + 1) as a tile.apply destination"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def reg_view_offset_min(X: T.Tensor((8,), "float32"), O: T.Tensor((8,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
    a = T.alloc_local((4, 1), "float32", layout=T.TileLayout(T.S[(4, 1):(1, 1)]))
    r = T.alloc_local((8,), "float32")
    for i in T.unroll(4):
        a[i, 0] = X[i]
    for i in T.unroll(8):
        r[i] = T.float32(0)
    odd = T.decl_tensor(r.data, ty_args=[T.Tensor((4, 1), "float32", scope="local",
                        layout=T.TileLayout(T.S[(4, 1):(2, 1)] + 1))])
    T.cuda.tile.apply(T.ptx["add.f32"], odd, a, T.float32(1))
    for i in T.unroll(8):
        O[i] = r[i]


def main():
    X = np.arange(8, dtype=np.float32)
    O = np.zeros(8, np.float32)
    O[1::2] = X[:4] + 1
    return {"X": X, "O": np.zeros(8, np.float32)}, {"O": O}
