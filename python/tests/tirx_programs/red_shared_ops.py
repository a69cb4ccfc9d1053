"""red.shared chains from every thread onto one shared word each: add.u32,
min.s32, max.u32, or.b32, xor.b32, and.b32, and dec.u32; the final words are
order-independent and copied out after a barrier."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def red_shared(A: T.Tensor((N,), "uint32"), O: T.Tensor((7,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    sm = T.alloc_shared((7,), "uint32")
    if i == 0:
        sm[0] = T.uint32(0)
        sm[1] = T.uint32(0x7FFFFFFF)
        sm[2] = T.uint32(0)
        sm[3] = T.uint32(0)
        sm[4] = T.uint32(0)
        sm[5] = T.uint32(0xFFFFFFFF)
        sm[6] = T.uint32(1000)
    T.cuda.cta_sync()
    a = A[i]
    T.ptx.red.shared.add.u32(T.address_of(sm[0]), a)
    T.ptx.red.shared.min.s32(T.address_of(sm[1]), T.reinterpret(a, ty="int32"))
    T.ptx.red.shared.max.u32(T.address_of(sm[2]), a)
    T.ptx.red.shared.or_.b32(T.address_of(sm[3]), a & T.uint32(0xF0F0))
    T.ptx.red.shared.xor.b32(T.address_of(sm[4]), a)
    T.ptx.red.shared.and_.b32(T.address_of(sm[5]), a | T.uint32(0xFFFF0000))
    T.ptx.red.shared.dec.u32(T.address_of(sm[6]), T.uint32(5000))
    T.cuda.cta_sync()
    if i < 7:
        O[i] = sm[i]


def main():
    rng = np.random.default_rng(402)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    x = 0
    for a in A:
        x ^= int(a)
    and_ = 0xFFFFFFFF
    for a in A:
        and_ &= int(a) | 0xFFFF0000
    or_ = 0
    for a in A:
        or_ |= int(a) & 0xF0F0
    O = np.array([int(A.astype(np.uint64).sum()) & 0xFFFFFFFF,
                  np.int32(min(0x7FFFFFFF, int(A.view(np.int32).min()))).view(np.uint32),
                  int(A.max()), or_, x, and_, 1000 - N], dtype=np.uint32)
    return {"A": A, "O": np.zeros(7, np.uint32)}, {"O": O}
