"""Warp collectives over lane subsets, inside the branch that the subset
takes: lanes with l % 4 != 3 (mask 0x77777777) run redux.sync.add.u32,
redux.sync.min.s32, match.any.sync.b32, vote.sync.ballot.b32 and
shfl.sync.idx.b32 (reading lane (l + 1) of the subset, i.e. lanes that are
in the mask) with that mask; lanes 8-15 run __shfl_xor_sync(0xFF00, v, 1, 8)
and T.cuda.reduce_min_sync_u32; the other lanes write sentinels."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def wcs(A: T.Tensor((N,), "uint32"), O: T.Tensor((N, 5), "uint32"), Q: T.Tensor((N, 2), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    l = T.cuda.lane_id()
    d = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    M = T.uint32(0x77777777)
    if l % 4 != 3:
        T.ptx.redux_sync.add.u32(d, A[i], M)
        O[i, 0] = d
        T.ptx.redux_sync.min.s32(s, T.reinterpret(A[i], ty="int32"), M)
        O[i, 1] = T.reinterpret(s, ty="uint32")
        T.ptx.match.any.sync.b32(d, A[i] % T.uint32(3), M)
        O[i, 2] = d
        T.ptx.vote_sync.ballot.b32(d, T.ptx.pred(A[i] & T.uint32(1)), M)
        O[i, 3] = d
        src = T.Select(l % 4 == 2, l + 2, l + 1)
        T.ptx.shfl_sync.idx.b32(d, A[i], T.cast(src % 32, "uint32"), T.uint32(0x1F), M)
        O[i, 4] = d
    else:
        for k in T.unroll(5):
            O[i, k] = T.uint32(0xAAAAAAAA)
    if l >= 8 and l < 16:
        Q[i, 0] = T.cuda.__shfl_xor_sync(T.uint32(0xFF00), A[i], 1, 8)
        Q[i, 1] = T.cuda.reduce_min_sync_u32(T.uint32(0xFF00), A[i])
    else:
        Q[i, 0] = T.uint32(1)
        Q[i, 1] = T.uint32(1)


def main():
    rng = np.random.default_rng(4021)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[::5] = A[::5] % 6
    O = np.full((N, 5), 0xAAAAAAAA, np.uint32)
    Q = np.ones((N, 2), np.uint32)
    for w in range(2):
        sub = [l for l in range(32) if l % 4 != 3]
        vals = {l: int(A[32 * w + l]) for l in range(32)}
        add = sum(vals[l] for l in sub) & 0xFFFFFFFF
        mn = min(np.int32(np.uint32(vals[l])) for l in sub)
        for l in sub:
            t = 32 * w + l
            O[t, 0] = add
            O[t, 1] = np.uint32(np.int32(mn).view(np.uint32))
            O[t, 2] = sum(1 << m for m in sub if vals[m] % 3 == vals[l] % 3)
            O[t, 3] = sum(1 << m for m in sub if vals[m] & 1)
            src = (l + 2 if l % 4 == 2 else l + 1) % 32
            O[t, 4] = vals[src]
        for l in range(8, 16):
            t = 32 * w + l
            Q[t, 0] = vals[l ^ 1]
            Q[t, 1] = min(vals[m] for m in range(8, 16))
    return {"A": A, "O": np.zeros_like(O), "Q": np.zeros_like(Q)}, {"O": O, "Q": Q}
