"""hunt8 repro: TIRx's SMEMPool (dynamic shared memory, as TIRx's GEMMs
use it) with a 1024-aligned 128B-swizzled tensor filled by a TMA copy
(swizzle=3), read back element by element."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool
import numpy as np


@T.function
def pool_swz(A: T.Tensor((16, 64), "float16"), B: T.Tensor((16, 64), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    pool = SMEMPool()
    bar = pool.alloc((1,), "uint64")
    S = pool.alloc((16, 64), "float16", align=1024, layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(16, 64):(64, 1)])))
    pool.commit()
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(16 * 64 * 2))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :], A[:, :], box=(16, 64), coords=(0, 0), swizzle=3, mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in T.serial(16):
        B[i, t] = S[i, t]


def main():
    A = np.random.default_rng(9).standard_normal((16, 64)).astype(np.float16)
    return {"A": A, "B": np.zeros_like(A)}, {"B": A.copy()}
