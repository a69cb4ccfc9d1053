"""movmatrix.sync.aligned.m8n8.trans.b16: each lane holds one uint32 (two
b16 elements) of an 8x8 matrix fragment (row lane/4, cols 2*(lane%4)+{0,1})
and receives the same fragment of the transposed matrix."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def movm(A: T.Tensor((32,), "uint32"), B: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.thread_idx("x")
    d = T.local_scalar("uint32")
    T.ptx.movmatrix.sync.aligned.m8n8.trans.b16(d, A[l])
    B[l] = d


def main():
    M = np.random.default_rng(472).integers(0, 2**16, (8, 8)).astype(np.uint16)

    def frag(m):
        out = np.zeros(32, np.uint32)
        for l in range(32):
            r, c = l // 4, 2 * (l % 4)
            out[l] = int(m[r, c]) | (int(m[r, c + 1]) << 16)
        return out
    return {"A": frag(M), "B": np.zeros(32, np.uint32)}, {"B": frag(M.T.copy())}
