"""Warp instructions as PTX chains: activemask.b32, vote.sync.ballot.b32,
vote.sync.all.pred? (ballot only), match.any.sync.b32, redux.sync.max.s32,
and a mov of %lanemask_lt via T.cuda.mov_sreg? (not here)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def ptx_warp(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    T.ptx.activemask.b32(u)
    O[i, 0] = u
    T.ptx.vote_sync.ballot.b32(u, A[i] > 0, T.uint32(0xFFFFFFFF))
    O[i, 1] = u
    T.ptx.match.any.sync.b32(u, A[i] % 4, T.uint32(0xFFFFFFFF))
    O[i, 2] = u
    T.ptx.redux_sync.max.s32(s, A[i], T.uint32(0xFFFFFFFF))
    O[i, 3] = T.reinterpret(s, ty="uint32")


def main():
    A = np.random.default_rng(25).integers(-20, 20, N).astype(np.int32)
    O = np.zeros((N, 4), np.uint32)
    for w in range(2):
        a = A[32 * w:32 * w + 32]
        ballot = sum(1 << l for l in range(32) if a[l] > 0)
        mx = a.max()
        for l in range(32):
            key = int(a[l]) % 4
            keys = [int(x) % 4 for x in a]
            m = sum(1 << j for j in range(32) if keys[j] == key)
            O[32 * w + l] = [0xFFFFFFFF, ballot, m, np.int32(mx).view(np.uint32)]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
