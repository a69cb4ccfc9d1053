"""ldmatrix .x4 into TIRx's register image (count, row, word): register m of
lane l is word l % 4 of row l / 4 of matrix m."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def frag_ldmatrix_x4(A: T.Tensor((4, 8, 4), "uint32"), R: T.Tensor((32, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((4, 8, 4), "uint32", layout=T.TileLayout(T.S[(4, 8, 4):(32, 4, 1)]))
    for i in T.unroll(4):
        S[i, lane // 4, lane % 4] = A[i, lane // 4, lane % 4]
    T.cuda.cta_sync()
    rbuf = T.alloc_local((4,), "uint32")
    r = T.decl_tensor(rbuf.data, ty_args=[T.Tensor((4, 8, 4), "uint32", scope="local", layout=T.TileLayout(T.S[(4, 8, 4):(1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16, r, S, scope="warp")
    for i in T.unroll(4):
        R[lane, i] = rbuf[i]


def main():
    A = np.arange(4 * 8 * 4, dtype=np.uint32).reshape(4, 8, 4) * 65537
    R = np.zeros((32, 4), np.uint32)
    want = np.zeros((32, 4), np.uint32)
    for l in range(32):
        for m in range(4):
            want[l, m] = A[m, l // 4, l % 4]
    return {"A": A, "R": R}, {"R": want}
