"""mma.sync m16n8k8 tf32 x tf32 -> f32 as a direct T.ptx chain on
register elements (TIRx's tile pattern takes only f16/bf16 inputs) (one
float per register; tf32 operands as float32 tiles), integer-valued inputs
so the products and sums are exact."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def frag_mma_tf32(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 2), "float32"),
                  D: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    abuf = T.alloc_local((4,), "uint32")
    bbuf = T.alloc_local((2,), "uint32")
    dbuf = T.alloc_local((4,), "float32")
    for i in T.unroll(4):
        abuf[i] = T.reinterpret(A[lane, i], ty="uint32")
    for i in T.unroll(2):
        bbuf[i] = T.reinterpret(B[lane, i], ty="uint32")
    z = T.float32(0)
    T.ptx.mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32(
        dbuf[0], dbuf[1], dbuf[2], dbuf[3], abuf[0], abuf[1], abuf[2], abuf[3],
        bbuf[0], bbuf[1], z, z, z, z)
    for i in T.unroll(4):
        D[lane, i] = dbuf[i]


def main():
    rng = np.random.default_rng(92)
    Am = rng.integers(-8, 9, (16, 8)).astype(np.float32)
    Bm = rng.integers(-8, 9, (8, 8)).astype(np.float32)  # K x N
    A = np.zeros((32, 4), np.float32)
    B = np.zeros((32, 2), np.float32)
    D = np.zeros((32, 4), np.float32)
    ref = Am @ Bm
    for l in range(32):
        g, t = l // 4, l % 4
        for r in range(4):
            A[l, r] = Am[g + 8 * (r % 2), t + 4 * (r // 2)]
        for r in range(2):
            B[l, r] = Bm[t + 4 * r, g]
        for r in range(4):
            D[l, r] = ref[g + 8 * (r // 2), 2 * t + r % 2]
    return {"A": A, "B": B, "D": np.zeros_like(D)}, {"D": D}
