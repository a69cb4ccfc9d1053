"""Overlapping views of one shared buffer: a flat (160,) int32 buffer with a
(8, 16) view at element 0 and a (8, 16) view at element 32 (rows 2..9 of
the first), a column-major view over the same bytes, and an in-place
three-point smoothing done through the shifted view after a barrier (each
thread snapshots its neighbours before writing)."""
from tvm_tirx.script import tirx as T
import numpy as np
from tvm_tirx.ir import PtrType

R, C = 8, 16


@T.function
def shared_overlap_views(X: T.Tensor((160,), "int32"), O: T.Tensor((4, R, C), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=R * C))
    t = T.cuda.thread_idx("x")
    buf = T.alloc_shared((160,), "int32")
    if t < 32:
        buf[128 + t] = X[128 + t]
    buf[t] = X[t]
    T.cuda.cta_sync()
    A = T.decl_tensor(buf.data, ty_args=[T.Tensor((R, C), "int32")])
    Bv = T.decl_tensor(T.ptr_byte_offset(buf.data, 32 * 4, ty=PtrType("int32", "shared")), ty_args=[T.Tensor((R, C), "int32")])
    Cm = T.decl_tensor(buf.data, ty_args=[T.Tensor((C, R), "int32", layout=T.TileLayout(T.S[(C, R) : (1, C)]))])
    r = t // C
    c = t % C
    O[0, r, c] = A[r, c] + Bv[r, c] * 1000
    O[1, r, c] = Cm[c, r]
    left = Bv[r, (c + C - 1) % C]
    mid = Bv[r, c]
    right = Bv[r, (c + 1) % C]
    T.cuda.cta_sync()
    Bv[r, c] = left + mid * 2 + right
    T.cuda.cta_sync()
    O[2, r, c] = A[r, c]
    O[3, r, c] = buf[(t + 17) % 160]


def main():
    X = np.random.default_rng(9012).integers(-500, 500, 160).astype(np.int32)
    buf = X.copy()
    A = buf[:128].reshape(R, C)
    Bv = buf[32:160].reshape(R, C)
    O = np.zeros((4, R, C), np.int32)
    O[0] = A + Bv * 1000
    O[1] = A        # Cm[c, r] = buf[c + r*C] = A[r, c]
    newB = np.roll(Bv, 1, axis=1) + 2 * Bv + np.roll(Bv, -1, axis=1)
    buf2 = buf.copy()
    buf2[32:160] = newB.reshape(-1)
    O[2] = buf2[:128].reshape(R, C)
    O[3] = buf2[(np.arange(128) + 17) % 160].reshape(R, C)
    return {"X": X, "O": np.zeros_like(O)}, {"O": O}
