"""Register tile ops at thread scope on (4, 1) tiles: abs.f32, neg.f32,
min.f32 with a broadcast scalar, div.rn.f32, sqrt.rn.f32, rcp.rn.f32,
cvt.rzi.s32.f32 into an int32 tile, add.s32 and mov.b32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def reg_thread(A: T.Tensor((N, 4), "float32"), B: T.Tensor((N, 4), "float32"),
               O: T.Tensor((N, 4, 5), "float32"), I: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    a = T.alloc_local((4, 1), "float32", layout="default")
    b = T.alloc_local((4, 1), "float32", layout="default")
    r = T.alloc_local((4, 1), "float32", layout="default")
    q = T.alloc_local((4, 1), "int32", layout="default")
    for j in T.unroll(4):
        a[j, 0] = A[t, j]
        b[j, 0] = B[t, j]
    T.cuda.tile.apply(T.ptx["abs.f32"], r, a)
    for j in T.unroll(4):
        O[t, j, 0] = r[j, 0]
    T.cuda.tile.apply(T.ptx["neg.f32"], r, r)
    T.cuda.tile.apply(T.ptx["min.f32"], r, r, T.float32(-1.5))
    for j in T.unroll(4):
        O[t, j, 1] = r[j, 0]
    T.cuda.tile.apply(T.ptx["div.rn.f32"], r, a, b)
    for j in T.unroll(4):
        O[t, j, 2] = r[j, 0]
    T.cuda.tile.apply(T.ptx["sqrt.rn.f32"], r, b)
    for j in T.unroll(4):
        O[t, j, 3] = r[j, 0]
    T.cuda.tile.apply(T.ptx["rcp.rn.f32"], r, b)
    T.cuda.tile.apply(T.ptx["mov.b32"], b, r)
    for j in T.unroll(4):
        O[t, j, 4] = b[j, 0]
    T.cuda.tile.apply(T.ptx["cvt.rzi.s32.f32"], q, a)
    T.cuda.tile.apply(T.ptx["add.s32"], q, q, T.int32(100))
    for j in T.unroll(4):
        I[t, j] = q[j, 0]


def main():
    rng = np.random.default_rng(452)
    A = (rng.standard_normal((N, 4)) * 50).astype(np.float32)
    B = (rng.random((N, 4)) * 10 + 0.1).astype(np.float32)
    O = np.zeros((N, 4, 5), np.float32)
    O[..., 0] = np.abs(A)
    O[..., 1] = np.minimum(-np.abs(A), np.float32(-1.5))
    O[..., 2] = A / B
    O[..., 3] = np.sqrt(B)
    O[..., 4] = np.float32(1) / B
    I = (np.trunc(A).astype(np.int32) + 100).astype(np.int32)
    return {"A": A, "B": B, "O": np.zeros_like(O), "I": np.zeros((N, 4), np.int32)}, {"O": O, "I": I}
