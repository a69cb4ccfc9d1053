"""shfl.sync with segment width in the c operand ((32-w)<<8 | clamp): idx
within 8-lane segments, up within 16-lane segments (lanes below the segment
start keep their own value), down with clamp 0x1F in 4-lane segments, bfly."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def shfl_seg(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    r = T.local_scalar("int32")
    a = A[i]
    T.ptx.shfl_sync.idx.b32(r, a, 3, (32 - 8) << 8 | 0x1F, T.uint32(0xFFFFFFFF))
    O[i, 0] = r
    T.ptx.shfl_sync.up.b32(r, a, 2, (32 - 16) << 8, T.uint32(0xFFFFFFFF))
    O[i, 1] = r
    T.ptx.shfl_sync.down.b32(r, a, 1, (32 - 4) << 8 | 0x1F, T.uint32(0xFFFFFFFF))
    O[i, 2] = r
    T.ptx.shfl_sync.bfly.b32(r, a, 5, 0x1F, T.uint32(0xFFFFFFFF))
    O[i, 3] = r


def main():
    A = np.random.default_rng(406).integers(-1000, 1000, N).astype(np.int32)
    O = np.zeros((N, 4), np.int32)
    for t in range(N):
        w0 = (t // 32) * 32; l = t % 32
        seg8 = l // 8 * 8
        O[t, 0] = A[w0 + seg8 + 3]
        seg16 = l // 16 * 16
        O[t, 1] = A[w0 + l - 2] if l - 2 >= seg16 else A[t]
        seg4 = l // 4 * 4
        O[t, 2] = A[w0 + l + 1] if l + 1 <= seg4 + 3 else A[t]
        O[t, 3] = A[w0 + (l ^ 5)]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
