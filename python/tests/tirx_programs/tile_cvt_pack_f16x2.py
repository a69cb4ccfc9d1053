"""cvt.rn.f16x2.f32 as a tile op at thread scope: two (8, 1) float32 tiles
packed into an (8, 1) uint32 tile (d = {a -> high half, b -> low half}),
then stored with st.global.b32; and cvt.rn.bf16x2.f32 likewise."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tile_cvt(X: T.Tensor((32, 16), "float32"), H: T.Tensor((32, 8), "uint32"),
             Bf: T.Tensor((32, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    a = T.alloc_local((8, 1), "float32", layout="default")
    b = T.alloc_local((8, 1), "float32", layout="default")
    d = T.alloc_local((8, 1), "uint32", layout="default")
    for k in T.unroll(8):
        a[k, 0] = X[t, 2 * k + 1]
        b[k, 0] = X[t, 2 * k]
    T.cuda.tile.apply(T.ptx["cvt.rn.f16x2.f32"], d, a, b)
    for k in T.unroll(8):
        H[t, k] = d[k, 0]
    T.cuda.tile.apply(T.ptx["cvt.rn.bf16x2.f32"], d, a, b)
    for k in T.unroll(8):
        Bf[t, k] = d[k, 0]


def _bf16(x):
    b = x.view(np.uint32).astype(np.uint64)
    nan = np.isnan(x)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint32) & 0xFFFF
    return np.where(nan, 0x7FFF, r).astype(np.uint32)


def main():
    X = (np.random.default_rng(34).standard_normal((32, 16)) * 100).astype(np.float32)
    X[0, :4] = [65520.0, -70000.0, 1e-8, 3.0e-5]
    h = X.astype(np.float16).view(np.uint16).astype(np.uint32)
    H = h[:, 0::2] | (h[:, 1::2] << 16)
    bf = _bf16(X)
    Bf = bf[:, 0::2] | (bf[:, 1::2] << 16)
    return ({"X": X, "H": np.zeros((32, 8), np.uint32), "Bf": np.zeros((32, 8), np.uint32)},
            {"H": H.astype(np.uint32), "Bf": Bf.astype(np.uint32)})
