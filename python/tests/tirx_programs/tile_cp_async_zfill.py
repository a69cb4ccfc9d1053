"""cp.async.cg.shared.global as a cta-scope tile op with src_size (the
zero-fill tail): 64 threads each copy 16-byte chunks of a ragged row
(row r has len[r] valid floats), over a repeat axis of 2 chunks per
thread, the chunk's src_size computed per thread; then commit/wait and a
cta_sync, and the block writes the zero-padded rows out."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 16  # rows; each row 32 floats = 8 chunks; 64 threads x 2 chunks = 128 chunks


@T.function
def cp_zfill(A: T.Tensor((N, 32), "float32"), Len: T.Tensor((N,), "int32"),
             B: T.Tensor((N, 32), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((N, 32), "float32", layout="default", align=16)
    for i in T.unroll(N * 32 // 64):
        S[(i * 64 + t) // 32, (i * 64 + t) % 32] = T.float32(-1)
    T.cuda.cta_sync()
    for c in T.unroll(2):
        q = c * 64 + t
        r = q // 8
        k = q % 8
        n = T.max(T.min(Len[r] - k * 4, 4), 0)
        T.cuda.tile.apply(T.ptx["cp.async.cg.shared.global"], S[r, k * 4:k * 4 + 4],
                          A[r, k * 4:k * 4 + 4], chunk_bytes=16, src_size=T.cast(n * 4, "uint32"))
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.cuda.cta_sync()
    for i in T.unroll(N * 32 // 64):
        e = i * 64 + t
        B[e // 32, e % 32] = S[e // 32, e % 32]


def main():
    rng = np.random.default_rng(2)
    A = rng.standard_normal((N, 32)).astype(np.float32)
    Len = rng.integers(0, 33, N).astype(np.int32)
    Len[0], Len[1] = 0, 32
    B = np.where(np.arange(32)[None, :] < Len[:, None], A, 0).astype(np.float32)
    return {"A": A, "Len": Len, "B": np.zeros_like(A)}, {"B": B}
