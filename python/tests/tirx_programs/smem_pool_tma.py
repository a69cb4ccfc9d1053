"""TIRx's SMEMPool holding a TMA copy's mbarrier and its 128-byte aligned
float16 box (the pattern of TIRx's GEMMs): the barrier at byte 0, a
float32 scratch after it, the box at the next 128 bytes."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool
import numpy as np

R, K = 64, 64
BM, BK = 16, 64


@T.function
def pool_tma(A: T.Tensor((R, K), "float16"), B: T.Tensor((R, K), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=R // BM, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    pool = SMEMPool()
    bar = pool.alloc((1,), "uint64")
    scale = pool.alloc((4,), "float32")
    S = pool.alloc((BM, BK), "float16", align=128)
    pool.commit()
    if t < 4:
        scale[t] = T.float32(t + 1)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(BM * BK * 2))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :], A[:, :], box=(BM, BK), coords=(b * BM, 0), mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    T.cuda.cta_sync()
    for i in range(BM * BK // 128):
        e = i * 128 + t
        B[b * BM + e // BK, e % BK] = T.float32(S[e // BK, e % BK]) * scale[e % 4]


def main():
    A = (np.random.default_rng(5).standard_normal((R, K)) * 8).astype(np.float16)
    B = A.astype(np.float32) * (np.arange(K) % 4 + 1).astype(np.float32)[None, :]
    return {"A": A, "B": np.zeros((R, K), np.float32)}, {"B": B}
