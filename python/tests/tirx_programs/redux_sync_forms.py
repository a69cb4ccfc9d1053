"""redux.sync families other than max.s32: add.u32, min.u32, add.s32,
min.s32, and.b32, or.b32, xor.b32, over a partial mask (even lanes only)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def redux_forms(A: T.Tensor((N,), "uint32"), O: T.Tensor((N, 7), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    a = A[i]
    T.ptx.redux_sync.add.u32(u, a, T.uint32(0xFFFFFFFF))
    O[i, 0] = u
    T.ptx.redux_sync.min.u32(u, a, T.uint32(0xFFFFFFFF))
    O[i, 1] = u
    T.ptx.redux_sync.add.s32(s, T.reinterpret(a, ty="int32"), T.uint32(0xFFFFFFFF))
    O[i, 2] = T.reinterpret(s, ty="uint32")
    T.ptx.redux_sync.min.s32(s, T.reinterpret(a, ty="int32"), T.uint32(0xFFFFFFFF))
    O[i, 3] = T.reinterpret(s, ty="uint32")
    T.ptx.redux_sync.and_.b32(u, a, T.uint32(0xFFFFFFFF))
    O[i, 4] = u
    T.ptx.redux_sync.or_.b32(u, a, T.uint32(0xFFFFFFFF))
    O[i, 5] = u
    if i % 2 == 0:
        T.ptx.redux_sync.xor.b32(u, a, T.uint32(0x55555555))
        O[i, 6] = u


def main():
    rng = np.random.default_rng(405)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[32:] |= np.uint32(0x00010001)
    O = np.zeros((N, 7), np.uint32)
    for w in range(2):
        a = A[32 * w:32 * w + 32]
        sa = a.view(np.int32)
        andv, orv, xe = 0xFFFFFFFF, 0, 0
        for l, x in enumerate(a):
            andv &= int(x); orv |= int(x)
            if l % 2 == 0:
                xe ^= int(x)
        for l in range(32):
            O[32 * w + l] = [int(a.astype(np.uint64).sum()) & 0xFFFFFFFF, int(a.min()),
                             int(sa.astype(np.int64).sum()) & 0xFFFFFFFF,
                             np.int32(sa.min()).view(np.uint32), andv, orv,
                             xe if l % 2 == 0 else 0]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
