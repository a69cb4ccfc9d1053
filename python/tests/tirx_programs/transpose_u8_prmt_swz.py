"""Transpose of a 64x64 uint8 matrix, 4x4 byte blocks at a time: the global
uint8 tensors are viewed as uint32 words (T.decl_tensor over A.data), each thread
loads four words (rows 4i..4i+3 of word column j), transposes the 4x4 bytes in
registers with six prmt.b32 (selectors 0x5140, 0x7362, 0x5410, 0x7632), stores
the four result words into a shared (64, 16) word tile at the XOR-swizzled
column i ^ (row % 16) (row = 4j + b), and after a barrier the block writes the
output rows word by word, undoing the swizzle."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
NW = N // 4


@T.function
def transpose_u8_prmt_swz(A: T.Tensor((N, N), "uint8"), B: T.Tensor((N, N), "uint8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    tid = T.cuda.thread_idx("x")
    A32 = T.decl_tensor(A.data, ty_args=[T.Tensor((N, NW), "uint32")])
    B32 = T.decl_tensor(B.data, ty_args=[T.Tensor((N, NW), "uint32")])
    S = T.alloc_shared((N, NW), "uint32")
    i = tid // NW
    j = tid % NW
    w = T.alloc_local((4,), "uint32")
    tt = T.alloc_local((4,), "uint32")
    o = T.alloc_local((4,), "uint32")
    for b in T.unroll(4):
        w[b] = A32[4 * i + b, j]
    T.ptx.prmt.b32(tt[0], w[0], w[1], T.uint32(0x5140))
    T.ptx.prmt.b32(tt[1], w[2], w[3], T.uint32(0x5140))
    T.ptx.prmt.b32(tt[2], w[0], w[1], T.uint32(0x7362))
    T.ptx.prmt.b32(tt[3], w[2], w[3], T.uint32(0x7362))
    T.ptx.prmt.b32(o[0], tt[0], tt[1], T.uint32(0x5410))
    T.ptx.prmt.b32(o[1], tt[0], tt[1], T.uint32(0x7632))
    T.ptx.prmt.b32(o[2], tt[2], tt[3], T.uint32(0x5410))
    T.ptx.prmt.b32(o[3], tt[2], tt[3], T.uint32(0x7632))
    for b in T.unroll(4):
        r = 4 * j + b
        S[r, i ^ (r % NW)] = o[b]
    T.cuda.cta_sync()
    for q in T.unroll(4):
        e = q * 256 + tid
        r = e // NW
        c = e % NW
        B32[r, c] = S[r, c ^ (r % NW)]


def main():
    rng = np.random.default_rng(1016)
    A = rng.integers(0, 256, (N, N)).astype(np.uint8)
    return {"A": A, "B": np.zeros_like(A)}, {"B": np.ascontiguousarray(A.T)}
