"""Element-level stmatrix as hand-written CUDA does it: each lane passes
the shared address of one 16-byte row (lane l -> row l of a (16, 8) half
tile, matrices 0 and 1 from lanes 0-7 and 8-15), x2 and x2.trans, sources
two uint32 locals."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def stm(R: T.Tensor((32, 2), "uint32"), O: T.Tensor((16, 8), "float16"), Ot: T.Tensor((16, 8), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.lane_id()
    S = T.alloc_shared((16, 8), "float16")
    St = T.alloc_shared((16, 8), "float16")
    r = T.alloc_local((2,), "uint32")
    r[0] = R[l, 0]
    r[1] = R[l, 1]
    T.ptx.stmatrix.sync.aligned.m8n8.x2.shared.b16(T.cuda.cvta_generic_to_shared(S.ptr_to([l % 16, 0])), r[0], r[1])
    T.ptx.stmatrix.sync.aligned.m8n8.x2.trans.shared.b16(T.cuda.cvta_generic_to_shared(St.ptr_to([l % 16, 0])), r[0], r[1])
    T.cuda.cta_sync()
    for j in T.unroll(4):
        O[l // 2, (l % 2) * 4 + j] = S[l // 2, (l % 2) * 4 + j]
        Ot[l // 2, (l % 2) * 4 + j] = St[l // 2, (l % 2) * 4 + j]


def main():
    rng = np.random.default_rng(4011)
    R = rng.integers(0, 2**32, (32, 2), dtype=np.uint64).astype(np.uint32)
    h = R.view(np.uint16).reshape(32, 2, 2)  # lane, reg, half
    O = np.zeros((16, 8), np.uint16); Ot = np.zeros((16, 8), np.uint16)
    for m in range(2):
        for l in range(32):
            row, c = l // 4, 2 * (l % 4)
            O[8 * m + row, c] = h[l, m, 0]; O[8 * m + row, c + 1] = h[l, m, 1]
            Ot[8 * m + c, row] = h[l, m, 0]; Ot[8 * m + c + 1, row] = h[l, m, 1]
    return ({"R": R, "O": np.zeros((16, 8), np.float16), "Ot": np.zeros((16, 8), np.float16)},
            {"O": O.view(np.float16), "Ot": Ot.view(np.float16)})
