"""Element-level ldmatrix as hand-written CUDA does it: every lane passes
the shared address of one 16-byte row (lane l -> row perm[l] of a padded
(32, 24) half tile, so rows are 48 bytes apart), x4 without and with .trans,
destination registers as four uint32 locals."""
from tvm_tirx.script import tirx as T
import numpy as np

PERM = [(5 * l + 3) % 32 for l in range(32)]


@T.function
def ldm(A: T.Tensor((32, 24), "float16"), P: T.Tensor((32,), "int32"),
        R: T.Tensor((32, 4), "uint32"), Q: T.Tensor((32, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.lane_id()
    S = T.alloc_shared((32, 24), "float16")
    for j in T.unroll(24):
        S[l, j] = A[l, j]
    T.cuda.cta_sync()
    r = T.alloc_local((4,), "uint32")
    q = T.alloc_local((4,), "uint32")
    addr = T.cuda.cvta_generic_to_shared(S.ptr_to([P[l], 8]))
    T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(r[0], r[1], r[2], r[3], addr)
    T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16(q[0], q[1], q[2], q[3], addr)
    for i in T.unroll(4):
        R[l, i] = r[i]
        Q[l, i] = q[i]


def main():
    rng = np.random.default_rng(4010)
    A = rng.standard_normal((32, 24)).astype(np.float16)
    P = np.array(PERM, np.int32)
    h = A.view(np.uint16)
    R = np.zeros((32, 4), np.uint32); Q = np.zeros((32, 4), np.uint32)
    for m in range(4):
        # matrix m: rows from lanes 8m..8m+7
        mat = np.array([h[P[8 * m + r], 8:16] for r in range(8)])  # (8 rows, 8 cols)
        for l in range(32):
            row, c = l // 4, 2 * (l % 4)
            R[l, m] = int(mat[row, c]) | int(mat[row, c + 1]) << 16
            Q[l, m] = int(mat[c, row]) | int(mat[c + 1, row]) << 16
    return {"A": A, "P": P, "R": np.zeros_like(R), "Q": np.zeros_like(Q)}, {"R": R, "Q": Q}
