"""Packed half arithmetic as register tile ops at warp scope: (32, 4, 1)
uint32 tiles of f16x2 words, fma.rn.f16x2, sub.rn.bf16x2 on bf16x2 words,
neg.f16x2 and min.f16x2 with a broadcast packed scalar; words stored back
with st.global.b32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
L = T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)])


@T.function
def half2(A: T.Tensor((32, 4), "uint32"), B: T.Tensor((32, 4), "uint32"),
          H: T.Tensor((32, 4), "uint32"), G: T.Tensor((32, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 4, 1), "uint32")])
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((32, 4, 1), "uint32")])
    H3 = T.decl_tensor(H.data, ty_args=[T.Tensor((32, 4, 1), "uint32")])
    G3 = T.decl_tensor(G.data, ty_args=[T.Tensor((32, 4, 1), "uint32")])
    a = T.alloc_local((32, 4, 1), "uint32", layout=L)
    b = T.alloc_local((32, 4, 1), "uint32", layout=L)
    h = T.alloc_local((32, 4, 1), "uint32", layout=L)
    T.cuda.tile.apply(T.ptx["ld.global.b32"], a, A3, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.b32"], b, B3, scope="warp")
    # 0x3C00_4000 = (hi 1.0, lo 2.0) in f16
    T.cuda.tile.apply(T.ptx["fma.rn.f16x2"], h, a, b, T.uint32(0x3C004000), scope="warp")
    T.cuda.tile.apply(T.ptx["neg.f16x2"], h, h, scope="warp")
    T.cuda.tile.apply(T.ptx["min.f16x2"], h, h, T.uint32(0x50005000), scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.b32"], H3, h, scope="warp")
    T.cuda.tile.apply(T.ptx["sub.rn.bf16x2"], a, a, b, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.b32"], G3, a, scope="warp")


def pack(lo, hi, dt):
    if dt == np.float16:
        l, h = lo.astype(np.float16).view(np.uint16), hi.astype(np.float16).view(np.uint16)
    else:
        l = (lo.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
        h = (hi.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return l.astype(np.uint32) | (h.astype(np.uint32) << 16)


def main():
    rng = np.random.default_rng(9)
    al, ah, bl, bh = (rng.integers(-12, 13, (32, 4)).astype(np.float32) for _ in range(4))
    A16, B16 = pack(al, ah, np.float16), pack(bl, bh, np.float16)
    lo = np.minimum(-(al * bl + 2), 32)
    hi = np.minimum(-(ah * bh + 1), 32)
    H = pack(lo, hi, np.float16)
    # the bf16x2 sub reads the same words as bf16 pairs
    def bf(x):
        return (x.astype(np.uint32) << 16).view(np.float32)
    sl = bf(A16 & 0xFFFF) - bf(B16 & 0xFFFF)
    sh = bf(A16 >> 16) - bf(B16 >> 16)
    # round to nearest even to bf16
    def rbf(x):
        u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
        r = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
        nan = np.isnan(x)
        r = np.where(nan, 0x7FFF, r)
        return r.astype(np.uint32)
    G = rbf(sl) | (rbf(sh) << 16)
    return {"A": A16, "B": B16, "H": np.zeros_like(A16), "G": np.zeros_like(A16)}, {"H": H, "G": G.astype(np.uint32)}
