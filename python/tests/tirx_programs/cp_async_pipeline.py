"""A double-buffered cp.async pipeline: cp.async.cg.shared.global 16-byte
chunks (tile op with chunk_bytes=16, stage picked by k % 2), commit_group,
cp.async.wait_group 1 to keep one stage in flight, cta_sync, and a per-stage
reduction over 4 tiles of a (4, 64, 4) input; cp.async.ca with src_size
zero-fills the tail of a partial chunk."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 4


@T.function
def pipe(A: T.Tensor((K, 64, 4), "float32"), B: T.Tensor((64,), "float32"),
         Z: T.Tensor((64, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((2, 64, 4), "float32", layout="default")
    P = T.alloc_shared((64, 4), "float32", layout="default")
    A2 = T.decl_tensor(A.data, ty_args=[T.Tensor((K * 64, 4), "float32")])
    acc = T.alloc_local((1,), "float32")
    acc[0] = T.float32(0)

    @T.inline
    def consume(k):
        for j in T.unroll(4):
            acc[0] = acc[0] + S[k % 2, (t + 1) % 64, j] * T.cast(k + 1, "float32")

    T.cuda.tile.apply(T.ptx["cp.async.cg.shared.global"], S[0, t:t + 1, 0:4],
                      A[0, t:t + 1, 0:4], chunk_bytes=16)
    T.ptx.cp.async_.commit_group()
    for k in T.serial(K - 1):
        T.cuda.tile.apply(T.ptx["cp.async.cg.shared.global"], S[(k + 1) % 2, t:t + 1, 0:4],
                          A[k + 1, t:t + 1, 0:4], chunk_bytes=16)
        T.ptx.cp.async_.commit_group()
        T.ptx.cp.async_.wait_group(1)
        T.cuda.cta_sync()
        consume(k)
        T.cuda.cta_sync()
    T.ptx.cp.async_.wait_all()
    T.cuda.cta_sync()
    consume(K - 1)
    B[t] = acc[0]
    T.cuda.tile.apply(T.ptx["cp.async.ca.shared.global"], P[t:t + 1, 0:4],
                      A2[t:t + 1, 0:4], chunk_bytes=16, src_size=T.cast(t % 4 * 4, "uint32"))
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_all()
    for j in T.unroll(4):
        Z[t, j] = P[t, j]


def main():
    rng = np.random.default_rng(451)
    A = (rng.integers(-64, 64, (K, 64, 4)) / 4).astype(np.float32)
    B = np.zeros(64, np.float32)
    for t in range(64):
        acc = np.float32(0)
        for k in range(K):
            for j in range(4):
                acc = np.float32(acc + A[k, (t + 1) % 64, j] * np.float32(k + 1))
        B[t] = acc
    Z = A[0].copy()
    for t in range(64):
        Z[t, t % 4:] = 0
    return {"A": A, "B": np.zeros(64, np.float32), "Z": np.zeros((64, 4), np.float32)}, {"B": B, "Z": Z}
