"""TIRx's TMA pattern in one dimension:
cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
of int32 boxes of 64 elements over a repeat axis of 3 (coord_steps=((64,),)),
from a region X[16:216] of a 256-element tensor, so the last box of block 1
runs 8 elements past the region's 200 (zero fill). Each block reads its
boxes back and writes 3 * value - block."""
from tvm_tirx.script import tirx as T
import numpy as np

BOX = 64
REP = 3


@T.function
def tma_1d(X: T.Tensor((256,), "int32"), Y: T.Tensor((2, REP * BOX), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=64))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((REP, BOX), "int32", layout=T.TileLayout(T.S[(REP, BOX):(BOX, 1)]), align=128)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(REP * BOX * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :], X[16:216], box=(BOX,), coords=(b * 16,), coord_steps=((BOX,),),
            mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for r in T.unroll(REP):
        Y[b, r * BOX + t] = S[r, t] * 3 - b


def main():
    X = np.random.default_rng(43).integers(-1000, 1000, 256).astype(np.int32)
    Y = np.zeros((2, REP * BOX), np.int32)
    region = X[16:216]
    for b in range(2):
        for e in range(REP * BOX):
            c = b * 16 + e
            v = region[c] if c < 200 else 0
            Y[b, e] = 3 * v - b
    return {"X": X, "Y": np.zeros_like(Y)}, {"Y": Y}
