"""A 3x3 box-filter stencil with TMA halo loads as image kernels write it:
each CTA loads the 18 x 24 box of a 50 x 44 float32 image starting at
(16*by - 1, 16*bx - 4): boxes hang off every edge, including negative
coordinates, and TMA fills the outside with zeros. The 16 x 16 result is
written to shared and stored back by TMA into a 50 x 44 output, the stores
of the edge CTAs being clipped to the tensor."""
from tvm_tirx.script import tirx as T
import numpy as np

H, W = 50, 44
GY, GX = 4, 3
BH, BW = 18, 24


@T.function
def halo(X: T.Tensor((H, W), "float32"), Y: T.Tensor((H, W), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(GX, GY), block=256))
    t = T.cuda.thread_idx("x")
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((BH, BW), "float32", layout=T.TileLayout(T.S[(BH, BW):(BW, 1)]), align=128)
    O = T.alloc_shared((16, 16), "float32", layout=T.TileLayout(T.S[(16, 16):(16, 1)]), align=128)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(BH * BW * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :], X[:, :], box=(BH, BW), coords=(by * 16 - 1, bx * 16 - 4), mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    r = t // 16
    c = t % 16
    s = T.local_scalar("float32", T.float32(0))
    for dy in T.unroll(3):
        for dx in T.unroll(3):
            s = s + S[r + dy, c + 3 + dx]
    O[r, c] = s
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if t == 0:
        T.cuda.tile.apply(T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"],
                          Y[:, :], O[:, :], box=(16, 16), coords=(by * 16, bx * 16))
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)


def main():
    rng = np.random.default_rng(803)
    X = rng.integers(-8, 9, (H, W)).astype(np.float32)
    P = np.zeros((H + 2, W + 2), np.float32)
    P[1:-1, 1:-1] = X
    Y = np.zeros((H, W), np.float32)
    for i in range(H):
        for j in range(W):
            s = np.float32(0)
            for dy in range(3):
                for dx in range(3):
                    s = np.float32(s + P[i + dy, j + dx])
            Y[i, j] = s
    return {"X": X, "Y": np.zeros_like(X)}, {"Y": Y}
