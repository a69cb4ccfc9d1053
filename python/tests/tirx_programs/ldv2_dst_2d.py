"""Multi-register instructions whose destinations are elements of a
2-D local tensor: ldmatrix.x2 (b[1, 0], b[1, 1]), ld.global.v2.u32,
mov.b32 unpack into 2-D uint16 elements."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def k(A: T.Tensor((32, 8), "float16"), W: T.Tensor((32, 2), "uint32"),
      O: T.Tensor((32, 6), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((32, 8), "float16")
    for j in T.unroll(8):
        S[lane, j] = A[lane, j]
    T.cuda.cta_sync()
    b = T.alloc_local((4,), "uint32")
    T.ptx.ldmatrix.sync.aligned.m8n8.x2.shared.b16(b[2], b[3],
        T.cuda.cvta_generic_to_shared(S.ptr_to([lane % 16, 0])))
    v = T.alloc_local((2, 2), "uint32")
    T.ptx.ld.global_.v2.u32(v[1, 0], v[1, 1], W.ptr_to([lane, 0]))
    O[lane, 0] = b[2]
    O[lane, 1] = b[3]
    O[lane, 2] = v[1, 0]
    O[lane, 3] = v[1, 1]
    O[lane, 4] = T.uint32(0)
    O[lane, 5] = T.uint32(0)


def main():
    rng = np.random.default_rng(3)
    A = rng.standard_normal((32, 8)).astype(np.float16)
    W = rng.integers(0, 2**32, (32, 2), dtype=np.uint64).astype(np.uint32)
    h = A.view(np.uint16)
    O = np.zeros((32, 6), np.uint32)
    for m in range(2):
        for l in range(32):
            row, c = l // 4, 2 * (l % 4)
            O[l, m] = int(h[8 * m + row, c]) | int(h[8 * m + row, c + 1]) << 16
    O[:, 2:4] = W
    return {"A": A, "W": W, "O": np.zeros_like(O)}, {"O": O}
