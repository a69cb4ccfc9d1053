"""A @T.meta_class wrapping a shared-memory staging buffer, like TIRx's
library helpers: the constructor allocates the buffer (T.bind_(T.alloc_shared)) and
keeps Python-side geometry; @T.inline methods load a row block from global,
read an element with a computed swizzle-free index and return a value; two
instances with different geometry are used in one kernel."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.meta_class
class Stage:
    def __init__(self, rows: int, cols: int, dtype: str):
        self.rows = rows
        self.cols = cols
        self.buf = T.bind_(T.alloc_shared((rows, cols), dtype))

    @T.inline
    def load(self, src, tid):
        for k in T.serial(self.rows * self.cols // 64):
            e = k * 64 + tid
            self.buf[e // self.cols, e % self.cols] = src[e // self.cols, e % self.cols]

    @T.inline
    def col_sum(self, c, out):
        acc = T.local_scalar(out.dtype, 0)
        for r in T.serial(self.rows):
            acc = acc + self.buf[r, c]
        out[c] = acc


@T.function
def mc_stage(A: T.Tensor((4, 32), "int32"), B: T.Tensor((8, 16), "float32"),
             SA: T.Tensor((32,), "int32"), SB: T.Tensor((16,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    sa = Stage(4, 32, "int32")
    sb = Stage(8, 16, "float32")
    sa.load(A, t)
    sb.load(B, t)
    T.cuda.cta_sync()
    if t < 32:
        sa.col_sum(t, SA)
    elif t < 48:
        sb.col_sum(t - 32, SB)


def main():
    rng = np.random.default_rng(491)
    A = rng.integers(-1000, 1000, (4, 32)).astype(np.int32)
    B = (rng.integers(-64, 64, (8, 16)) / 4).astype(np.float32)
    return ({"A": A, "B": B, "SA": np.zeros(32, np.int32), "SB": np.zeros(16, np.float32)},
            {"SA": A.sum(0).astype(np.int32), "SB": B.sum(0).astype(np.float32)})
