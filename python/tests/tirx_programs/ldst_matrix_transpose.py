"""A warp transposes a 32 x 32 f16 tile through shared memory with every
ldmatrix / stmatrix width: 8 x 8 block row 0 by ldmatrix.x4.trans +
stmatrix.x4, row 1 by two ldmatrix.x2.trans + stmatrix.x2, row 2 by four
ldmatrix.x1.trans + stmatrix.x1, row 3 by four plain ldmatrix.x1 +
stmatrix.x1.trans (lanes beyond the matrices' row addresses pass an
ignored, valid address). Shared tiles padded by 8 halves per row."""
from tvm_tirx.script import tirx as T
import numpy as np

P = 40


@T.function
def transpose(A: T.Tensor((32, 32), "float16"), B: T.Tensor((32, 32), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.thread_idx("x")
    S = T.alloc_shared((32, P), "float16", align=128)
    D = T.alloc_shared((32, P), "float16", align=128)
    r = T.alloc_local((4,), "uint32")
    for j in T.serial(32):
        S[l, j] = A[l, j]
    T.cuda.cta_sync()
    m = l // 8
    rr = l % 8
    # block row 0: four blocks (0, m) at once
    T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16(
        r[0], r[1], r[2], r[3], T.cuda.cvta_generic_to_shared(S.ptr_to([rr, 8 * m])))
    T.ptx.stmatrix.sync.aligned.m8n8.x4.shared.b16(
        T.cuda.cvta_generic_to_shared(D.ptr_to([8 * m + rr, 0])), r[0], r[1], r[2], r[3])
    # block row 1: blocks (1, 2h + m%2) two at a time
    for h in T.unroll(2):
        T.ptx.ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16(
            r[0], r[1], T.cuda.cvta_generic_to_shared(S.ptr_to([8 + rr, 8 * (2 * h + m % 2)])))
        T.ptx.stmatrix.sync.aligned.m8n8.x2.shared.b16(
            T.cuda.cvta_generic_to_shared(D.ptr_to([8 * (2 * h + m % 2) + rr, 8])), r[0], r[1])
    for c in T.unroll(4):
        # block row 2: (2, c)
        T.ptx.ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16(
            r[0], T.cuda.cvta_generic_to_shared(S.ptr_to([16 + rr, 8 * c])))
        T.ptx.stmatrix.sync.aligned.m8n8.x1.shared.b16(
            T.cuda.cvta_generic_to_shared(D.ptr_to([8 * c + rr, 16])), r[0])
        # block row 3: (3, c), transposed on the store side
        T.ptx.ldmatrix.sync.aligned.m8n8.x1.shared.b16(
            r[1], T.cuda.cvta_generic_to_shared(S.ptr_to([24 + rr, 8 * c])))
        T.ptx.stmatrix.sync.aligned.m8n8.x1.trans.shared.b16(
            T.cuda.cvta_generic_to_shared(D.ptr_to([8 * c + rr, 24])), r[1])
    T.cuda.cta_sync()
    for j in T.serial(32):
        B[l, j] = D[l, j]


def main():
    A = np.random.default_rng(815).standard_normal((32, 32)).astype(np.float16)
    return {"A": A, "B": np.zeros_like(A)}, {"B": A.T.copy()}
