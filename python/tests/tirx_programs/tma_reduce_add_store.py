"""TIRx's TMA pattern for the bulk tensor reduction
cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group: each
of 4 blocks fills a (16, 32) float32 shared box with its own values and
adds it into the same region of O (rows 16 * (b % 2)..), a region O[8:40, :]
of a (48, 32) tensor; two blocks land on every box. Integer values: the
sums are exact in any order."""
from tvm_tirx.script import tirx as T
import numpy as np

BM, BK = 16, 32


@T.function
def tma_red(A: T.Tensor((4, BM, BK), "float32"), O: T.Tensor((48, BK), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    S = T.alloc_shared((BM, BK), "float32", layout=T.TileLayout(T.S[(BM, BK):(BK, 1)]), align=128)
    for i in T.unroll(BM * BK // 128):
        e = i * 128 + t
        S[e // BK, e % BK] = A[b, e // BK, e % BK] * 2.0
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if t == 0:
        T.cuda.tile.apply(T.ptx["cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"],
                          O[8:40, :], S[:, :], box=(BM, BK), coords=((b % 2) * BM, 0))
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)


def main():
    rng = np.random.default_rng(41)
    A = rng.integers(-50, 50, (4, BM, BK)).astype(np.float32)
    O0 = rng.integers(-50, 50, (48, BK)).astype(np.float32)
    O = O0.copy()
    for b in range(4):
        r = 8 + (b % 2) * BM
        O[r:r + BM] += 2 * A[b]
    return {"A": A, "O": O0}, {"O": O}
