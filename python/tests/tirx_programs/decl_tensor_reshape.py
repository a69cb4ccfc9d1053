"""T.decl_tensor views without tile layouts: a (128,) global buffer viewed
as (8, 16) and read by rows/cols, and a (4, 4) local buffer viewed as (16,)
for the writes."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def views(A: T.Tensor((128,), "float32"), B: T.Tensor((16, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=16))
    tx = T.cuda.thread_idx("x")
    A2 = T.decl_tensor(A.data, ty_args=[T.Tensor((8, 16), "float32")])
    B1 = T.decl_tensor(B.data, ty_args=[T.Tensor((128,), "float32")])
    buf = T.alloc_local((2, 4), "float32")
    flat = T.decl_tensor(buf.data, ty_args=[T.Tensor((8,), "float32",
                                                     scope="local")])
    for r in T.unroll(2):
        for c in T.unroll(4):
            buf[r, c] = A2[r * 4 + c, tx] * T.float32(r + 1)
    for k in T.unroll(8):
        B1[tx * 8 + k] = flat[k]


def main():
    A = np.random.default_rng(205).standard_normal(128).astype(np.float32)
    A2 = A.reshape(8, 16)
    B = np.zeros((16, 8), np.float32)
    for tx in range(16):
        for r in range(2):
            for c in range(4):
                B[tx, r * 4 + c] = A2[r * 4 + c, tx] * np.float32(r + 1)
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
