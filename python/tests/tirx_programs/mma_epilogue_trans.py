"""Two epilogues of one m16n8k16 bf16 warp tile pair (C = A B, 16 x 16):
(1) C^T in bf16 through stmatrix.x4.trans into a padded shared tile, read
back 16 bytes per lane with ld.shared.v4.b32 and stored with
st.global.v4.b32; (2) C in f32 row-major with 16-byte st.global.v4.f32 after a lane-pair
exchange by shfl.sync.bfly 1 (even lanes gather row g, odd lanes row g+8,
values chosen by T.Select)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def epi(Af: T.Tensor((32, 4), "uint32"), Bf: T.Tensor((32, 4), "uint32"),
        Ct: T.Tensor((16, 8), "uint32"), C: T.Tensor((16, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((4,), "uint32")
    for i in T.unroll(4):
        a[i] = Af[lane, i]
        b[i] = Bf[lane, i]
    acc = T.alloc_local((8,), "float32")
    for i in T.unroll(8):
        acc[i] = T.float32(0)
    for nb in T.unroll(2):
        T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32(
            acc[4 * nb], acc[4 * nb + 1], acc[4 * nb + 2], acc[4 * nb + 3],
            a[0], a[1], a[2], a[3], b[2 * nb], b[2 * nb + 1],
            acc[4 * nb], acc[4 * nb + 1], acc[4 * nb + 2], acc[4 * nb + 3])
    # (1) C^T via stmatrix.trans
    S = T.alloc_shared((16, 24), "bfloat16", align=16)
    p = T.alloc_local((4,), "uint32")
    for nb in T.unroll(2):
        for h in T.unroll(2):
            T.ptx.cvt.rn.bf16x2.f32(p[2 * nb + h], acc[4 * nb + 2 * h + 1], acc[4 * nb + 2 * h])
    # matrix j = 2 nb + h holds C[8h.., 8nb..]; transposed it lands at rows 8nb, cols 8h
    T.ptx.stmatrix.sync.aligned.m8n8.x4.trans.shared.b16(
        T.cuda.cvta_generic_to_shared(S.ptr_to([8 * (lane // 16) + lane % 8, 8 * ((lane // 8) % 2)])),
        p[0], p[1], p[2], p[3])
    T.cuda.cta_sync()
    v = T.alloc_local((4,), "uint32")
    T.ptx.ld.shared.v4.b32(v[0], v[1], v[2], v[3],
                           T.cuda.cvta_generic_to_shared(S.ptr_to([lane // 2, 8 * (lane % 2)])))
    T.ptx.st.global_.v4.b32(Ct.ptr_to([lane // 2, 4 * (lane % 2)]), v[0], v[1], v[2], v[3])
    # (2) pair exchange: even lanes keep row g, odd lanes row g + 8, each
    # ends with 4 consecutive columns (shfl.sync.bfly 1, values by T.Select)
    g = lane // 4
    t = lane % 4
    odd = t % 2 == 1
    o = T.alloc_local((4,), "float32")
    x = T.local_scalar("float32")
    for nb in T.unroll(2):
        for c in T.unroll(2):
            T.ptx.shfl_sync.bfly.b32(x, T.Select(odd, acc[4 * nb + c], acc[4 * nb + 2 + c]),
                                     T.uint32(1), T.uint32(0x1F), T.uint32(0xFFFFFFFF))
            o[c] = T.Select(odd, x, acc[4 * nb + c])
            o[2 + c] = T.Select(odd, acc[4 * nb + 2 + c], x)
        T.ptx.st.global_.v4.f32(C.ptr_to([g + 8 * (t % 2), 8 * nb + 2 * (t - t % 2)]),
                                o[0], o[1], o[2], o[3])


def bf(x):
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint32)


def main():
    rng = np.random.default_rng(718)
    Am = rng.integers(-8, 9, (16, 16)).astype(np.float32)
    Bm = rng.integers(-8, 9, (16, 16)).astype(np.float32)
    Cm = Am @ Bm
    Af = np.zeros((32, 4), np.uint32); Bf = np.zeros((32, 4), np.uint32)
    for l in range(32):
        g, t = l // 4, l % 4
        for r in range(4):
            row, col = g + 8 * (r % 2), 2 * t + 8 * (r // 2)
            Af[l, r] = bf(Am[row, col]) | bf(Am[row, col + 1]) << 16
        for nb in range(2):
            for r in range(2):
                k = 2 * t + 8 * r
                Bf[l, 2 * nb + r] = bf(Bm[k, 8 * nb + g]) | bf(Bm[k + 1, 8 * nb + g]) << 16
    ct = bf(Cm.T).astype(np.uint32)   # exact small ints
    Ct = (ct[:, 0::2] | (ct[:, 1::2] << 16)).astype(np.uint32)
    C = Cm.astype(np.float32)
    return ({"Af": Af, "Bf": Bf, "Ct": np.zeros((16, 8), np.uint32), "C": np.zeros((16, 16), np.float32)},
            {"Ct": Ct, "C": C})
