"""Block sum/min/max of int32 data (256 threads x 4 items) in the style
"each warp's redux.sync straight into its shared slot": redux_sync.add.s32,
min.s32 and max.s32 write part[0..2, warp] directly (shared elements as
the instruction's destination, as TIRx passes `part_ptr[i]`), a bar.sync,
then warp 0 reduces the 8 partials the same way into the global result
(the global elements R[0..2] as destinations)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def red(X: T.Tensor((1024,), "int32"), R: T.Tensor((3,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    tid = T.cuda.thread_idx("x")
    wid = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    part = T.alloc_shared((3, 8), "int32")
    s = T.local_scalar("int32", 0)
    mn = T.local_scalar("int32", 2147483647)
    mx = T.local_scalar("int32", -2147483648)
    for j in T.unroll(4):
        v = X[tid * 4 + j]
        s = s + v
        mn = T.min(mn, v)
        mx = T.max(mx, v)
    T.ptx.redux_sync.add.s32(part[0, wid], s, T.uint32(0xFFFFFFFF))
    T.ptx.redux_sync.min.s32(part[1, wid], mn, T.uint32(0xFFFFFFFF))
    T.ptx.redux_sync.max.s32(part[2, wid], mx, T.uint32(0xFFFFFFFF))
    T.cuda.cta_sync()
    if wid == 0:
        a = T.if_then_else(lane < 8, part[0, lane % 8], 0)
        b = T.if_then_else(lane < 8, part[1, lane % 8], 2147483647)
        c = T.if_then_else(lane < 8, part[2, lane % 8], -2147483648)
        T.ptx.redux_sync.add.s32(R[0], a, T.uint32(0xFFFFFFFF))
        T.ptx.redux_sync.min.s32(R[1], b, T.uint32(0xFFFFFFFF))
        T.ptx.redux_sync.max.s32(R[2], c, T.uint32(0xFFFFFFFF))


def main():
    X = np.random.default_rng(725).integers(-10**6, 10**6, 1024).astype(np.int32)
    return {"X": X, "R": np.zeros(3, np.int32)}, {"R": np.array([X.sum(), X.min(), X.max()], np.int32)}
