"""Paged KV-cache gather (vLLM-style): a block table maps each sequence's
logical block to a physical page; each thread copies 8 contiguous float16
head-dim elements with a vectorized inner loop (T.vectorized), addressing the
page pool with indices read at run time, and scales them by a per-sequence
float16 factor."""
from tvm_tirx.script import tirx as T
import numpy as np

NPAGES, PS, D = 12, 4, 64
NSEQ, NBLK = 2, 3


@T.function
def gather(pool: T.Tensor((NPAGES, PS, D), "float16"), table: T.Tensor((NSEQ, NBLK), "int32"),
           sc: T.Tensor((NSEQ,), "float16"), out: T.Tensor((NSEQ, NBLK * PS, D), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(NSEQ, NBLK), block=PS * D // 8))
    s = T.cuda.block_idx("x")
    blk = T.cuda.block_idx("y")
    t = T.cuda.thread_idx("x")
    page = table[s, blk]
    row = t // (D // 8)
    c0 = (t % (D // 8)) * 8
    for v in T.vectorized(8):
        out[s, blk * PS + row, c0 + v] = pool[page, row, c0 + v] * sc[s]


def main():
    rng = np.random.default_rng(40)
    pool = rng.integers(-100, 100, (NPAGES, PS, D)).astype(np.float16) * np.float16(0.125)
    table = np.array([[7, 2, 11], [0, 9, 4]], np.int32)
    sc = np.array([0.5, -3.0], np.float16)
    out = np.zeros((NSEQ, NBLK * PS, D), np.float16)
    for s in range(NSEQ):
        for b in range(NBLK):
            out[s, b * PS:(b + 1) * PS] = (pool[table[s, b]].astype(np.float32) * np.float32(sc[s])).astype(np.float16)
    return {"pool": pool, "table": table, "sc": sc, "out": np.zeros_like(out)}, {"out": out}
