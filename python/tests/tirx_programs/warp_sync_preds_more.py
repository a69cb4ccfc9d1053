"""Warp-collective forms with predicate outputs: match.all.sync.b64 d|p (all equal /
not), match.any.sync.b32, vote.sync.uni.pred, elect.sync d|p, shfl.sync.up.b32 d|p
(p false where the source lane is out of range), shfl.sync.idx.b32 with a segment
clamp, redux.sync.max.u32 and activemask.b32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def warp_sync_preds_more(A: T.Tensor((N,), "uint32"), L: T.Tensor((N,), "uint64"),
                         O: T.Tensor((N, 11), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    lane = T.cast(i % 32, "uint32")
    d = T.local_scalar("uint32")
    p = T.local_scalar("uint32")
    r = T.local_scalar("uint32")
    FULL = T.uint32(0xFFFFFFFF)
    T.ptx.match.all.sync.b64(d, p, L[i], FULL)
    O[i, 0] = d
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 1] = r
    T.ptx.match.any.sync.b32(d, A[i] & T.uint32(3), FULL)
    O[i, 2] = d
    T.ptx.setp.eq.u32(p, A[i] & T.uint32(1), T.uint32(0))
    T.ptx.vote_sync.uni.pred(r, T.ptx.pred(p), FULL)
    T.ptx.selp.b32(d, T.uint32(1), T.uint32(0), T.ptx.pred(r))
    O[i, 3] = d
    T.ptx.elect_sync(d, p, FULL)
    O[i, 4] = d
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 5] = r
    T.ptx.shfl_sync.up.b32(d, p, A[i], T.uint32(3), T.uint32(0), FULL)
    O[i, 6] = d
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 7] = r
    T.ptx.shfl_sync.idx.b32(d, A[i], lane + T.uint32(5), T.uint32(0x181F), FULL)
    O[i, 8] = d
    T.ptx.redux_sync.max.u32(d, A[i], FULL)
    O[i, 9] = d
    T.ptx.activemask.b32(d)
    O[i, 10] = d


def main():
    rng = np.random.default_rng(622)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[32:] = (A[32:] & ~np.uint32(1)) | np.uint32(0)   # second warp: all even -> uniform
    L = np.full(N, 0xDEADBEEF00000001, np.uint64)
    L[5] = 7                                           # first warp not all equal
    O = np.zeros((N, 11), np.uint32)
    M = 0xFFFFFFFF
    for w in range(2):
        idx = range(32 * w, 32 * w + 32)
        vals = [int(L[k]) for k in idx]
        alleq = len(set(vals)) == 1
        low = [int(A[k]) & 3 for k in idx]
        uni = len(set(int(A[k]) & 1 for k in idx)) == 1
        for t, k in enumerate(idx):
            anym = sum(1 << j for j in range(32) if low[j] == low[t])
            # idx with c = 0x181F: segmask 0x18 -> segments of 8 lanes
            seg = 0x18
            minl = t & seg
            maxl = minl | (0x1F & ~seg)
            j = minl | ((t + 5) & ~seg & 0x1F)
            src = j if j <= maxl else t
            O[k] = [M if alleq else 0, int(alleq), anym, int(uni), 0, int(t == 0),
                    int(A[k - 3]) if t >= 3 else int(A[k]), int(t >= 3),
                    int(A[32 * w + src]), int(A[32 * w:32 * w + 32].max()), M]
    return {"A": A, "L": L, "O": np.zeros_like(O)}, {"O": O}
