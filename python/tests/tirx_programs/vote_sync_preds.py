"""vote.sync.all / any / uni with .pred destinations carried in uint32 locals,
vote.sync.ballot of a predicate built by setp, and T.ptx.pred operands."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def vote_preds(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    q = T.local_scalar("uint32")
    T.ptx.vote_sync.all.pred(p, A[i] >= 0, T.uint32(0xFFFFFFFF))
    O[i, 0] = T.Select(p != T.uint32(0), T.uint32(1), T.uint32(0))
    T.ptx.vote_sync.any.pred(p, A[i] > 90, T.uint32(0xFFFFFFFF))
    O[i, 1] = T.Select(p != T.uint32(0), T.uint32(1), T.uint32(0))
    T.ptx.vote_sync.uni.pred(p, A[i] % 2 == 0, T.uint32(0xFFFFFFFF))
    O[i, 2] = T.Select(p != T.uint32(0), T.uint32(1), T.uint32(0))
    T.ptx.setp.lt.s32(q, A[i], 50)
    T.ptx.vote_sync.ballot.b32(p, T.ptx.pred(q), T.uint32(0xFFFFFFFF))
    O[i, 3] = p


def main():
    rng = np.random.default_rng(404)
    A = rng.integers(0, 100, N).astype(np.int32)
    A[32:] = rng.integers(0, 50, 32) * 2  # warp 1: all even, all >= 0, none > 90
    A[5] = -3
    O = np.zeros((N, 4), np.uint32)
    for w in range(2):
        a = A[32 * w:32 * w + 32]
        allp = int((a >= 0).all()); anyp = int((a > 90).any())
        ev = a % 2 == 0; uni = int(ev.all() or (~ev).all())
        ballot = sum(1 << l for l in range(32) if a[l] < 50)
        O[32 * w:32 * w + 32] = [allp, anyp, uni, ballot]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
