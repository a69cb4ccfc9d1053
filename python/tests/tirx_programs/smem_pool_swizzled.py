"""SMEMPool.alloc with a swizzled layout: writes through the swizzled tensor,
reads back the physical storage through a plain view of the pool."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool
import numpy as np


@T.function
def smem_pool_swizzled(A: T.Tensor((8, 64), "float16"), P: T.Tensor((8, 64), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tid = T.cuda.thread_idx("x")
    pool = SMEMPool()
    pad = pool.alloc((16,), "float32")
    S = pool.alloc((8, 64), "float16", align=1024, layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)])))
    pool.move_base_to(1024)
    raw = pool.alloc((8, 64), "float16")
    pool.commit()
    for i in T.serial(8):
        S[i, tid] = A[i, tid]
        pad[tid % 16] = T.float32(0)
    T.cuda.cta_sync()
    for i in T.serial(8):
        P[i, tid] = raw[i, tid]


def main():
    A = (np.arange(512).reshape(8, 64) % 2048).astype(np.float16)
    P = np.zeros((8, 64), np.float16)
    flat = np.zeros(512, np.float16)
    for i in range(8):
        for j in range(64):
            m = i * 64 + j
            s = m ^ (((m >> 6) & 7) << 3)
            flat[s] = A[i, j]
    return {"A": A, "P": P}, {"P": flat.reshape(8, 64)}
