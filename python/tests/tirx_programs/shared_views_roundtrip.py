"""Shared-memory views over one buffer: a (16, 32) int32 tile written
row-major, read back through a transposed (32, 16) view with layout
S[(32,16):(1,32)], through a strided (8, 16) view of every other row
(S[(8,16):(64,1)]), and through a view at a byte offset of 5 rows
(T.ptr_byte_offset) of shape (4, 32); a second pass writes through the
transposed view and reads row-major."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np


@T.function
def sviews(A: T.Tensor((16, 32), "int32"), TR: T.Tensor((32, 16), "int32"), EV: T.Tensor((8, 16), "int32"),
           OF: T.Tensor((4, 32), "int32"), BK: T.Tensor((16, 32), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    buf = T.alloc_shared((512,), "int32")
    S = T.decl_tensor(buf.data, ty_args=[T.Tensor((16, 32), "int32")])
    St = T.decl_tensor(buf.data, ty_args=[T.Tensor((32, 16), "int32", layout=T.TileLayout(T.S[(32, 16):(1, 32)]))])
    Se = T.decl_tensor(buf.data, ty_args=[T.Tensor((8, 16), "int32", layout=T.TileLayout(T.S[(8, 16):(64, 1)]))])
    So = T.decl_tensor(T.ptr_byte_offset(buf.data, 5 * 32 * 4, ty=PtrType("int32", "shared")),
                       ty_args=[T.Tensor((4, 32), "int32")])
    for k in range(4):
        e = k * 128 + t
        S[e // 32, e % 32] = A[e // 32, e % 32]
    T.cuda.cta_sync()
    for k in range(4):
        e = k * 128 + t
        TR[e // 16, e % 16] = St[e // 16, e % 16]
    EV[t // 16, t % 16] = Se[t // 16, t % 16]
    OF[t // 32, t % 32] = So[t // 32, t % 32]
    T.cuda.cta_sync()
    for k in range(4):
        e = k * 128 + t
        St[e // 16, e % 16] = A[e % 16, e // 16] * 3
    T.cuda.cta_sync()
    for k in range(4):
        e = k * 128 + t
        BK[e // 32, e % 32] = S[e // 32, e % 32]


def main():
    A = np.random.default_rng(1120).integers(-10**6, 10**6, (16, 32)).astype(np.int32)
    ev = A.reshape(-1)[np.arange(8)[:, None] * 64 + np.arange(16)[None, :]]
    return ({"A": A, "TR": np.zeros((32, 16), np.int32), "EV": np.zeros((8, 16), np.int32),
             "OF": np.zeros((4, 32), np.int32), "BK": np.zeros((16, 32), np.int32)},
            {"TR": A.T.copy(), "EV": ev, "OF": A[5:9].copy(), "BK": A * 3})
