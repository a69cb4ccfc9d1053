"""TIRx's TMA pattern over a repeat axis: one T.cuda.tile.apply of
cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
into S[0:2, :, :] (a leading axis of 2 boxes of 16 x 32 float32) with
coord_steps=((16, 0),): two copies, the second 16 rows further down A. Block
b starts at row 8 + 32 * b; the last block's second box is partly outside
A (zeros). Each block writes both boxes."""
from tvm_tirx.script import tirx as T
import numpy as np

R, K = 104, 32
G = 3


@T.function
def tma_steps(A: T.Tensor((R, K), "float32"), B: T.Tensor((G, 2, 16, K), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=32))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((2, 16, K), "float32",
                       layout=T.TileLayout(T.S[(2, 16, K):(16 * K, K, 1)]), align=128)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(2 * 16 * K * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :, :], A[:, :], box=(16, K), coords=(8 + 32 * b, 0), coord_steps=((16, 0),),
            mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in range(2):
        for r in range(16):
            B[b, i, r, t] = S[i, r, t]


def main():
    A = np.random.default_rng(31).standard_normal((R, K)).astype(np.float32)
    pad = np.zeros((R + 64, K), np.float32)
    pad[:R] = A
    B = np.zeros((G, 2, 16, K), np.float32)
    for b in range(G):
        for i in range(2):
            r0 = 8 + 32 * b + 16 * i
            B[b, i] = pad[r0:r0 + 16]
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
