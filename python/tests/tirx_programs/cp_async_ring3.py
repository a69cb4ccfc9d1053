"""3-stage cp.async ring with a run-time trip count, CUTLASS-style: a
prologue issues tiles 0 and 1, each iteration issues tile i+2 into stage
(i+2)%3 (cp.async.cg 16 B per thread, src_size 0 past the ragged end so the
row is zero filled), commits a group every iteration (empty or not),
cp.async.wait_group 2, bar.sync, then each thread consumes a neighbour's row
of stage i%3 (so the barrier matters), and a trailing barrier protects the
stage before it is refilled.  m rows of 4 floats; tiles of 64 rows."""
from tvm_tirx.script import tirx as T
import numpy as np

MMAX = 64 * 6


@T.function
def ring(A: T.Tensor((MMAX, 4), "float32"), m: T.int32, ntiles: T.int32,
         O: T.Tensor((64, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((3, 64, 4), "float32", align=16)
    acc = T.alloc_local((4,), "float32")
    for j in T.unroll(4):
        acc[j] = T.float32(0)
    for pre in T.unroll(2):
        if pre < ntiles:
            row = pre * 64 + t
            T.ptx.cp.async_.cg.shared.global_(
                T.cuda.cvta_generic_to_shared(S.ptr_to([pre, t, 0])),
                A.ptr_to([T.min(row, MMAX - 1), 0]), 16,
                T.Select(row < m, T.uint32(16), T.uint32(0)))
        T.ptx.cp.async_.commit_group()
    for i in T.serial(ntiles):
        nxt = i + 2
        if nxt < ntiles:
            row = nxt * 64 + t
            T.ptx.cp.async_.cg.shared.global_(
                T.cuda.cvta_generic_to_shared(S.ptr_to([nxt % 3, t, 0])),
                A.ptr_to([T.min(row, MMAX - 1), 0]), 16,
                T.Select(row < m, T.uint32(16), T.uint32(0)))
        T.ptx.cp.async_.commit_group()
        T.ptx.cp.async_.wait_group(2)
        T.cuda.cta_sync()
        st = i % 3
        nb = (t + i + 1) % 64
        for j in T.unroll(4):
            acc[j] = acc[j] + S[st, nb, j] * T.float32(i + 1)
        T.cuda.cta_sync()
    T.ptx.cp.async_.wait_all()
    for j in T.unroll(4):
        O[t, j] = acc[j]


def main():
    rng = np.random.default_rng(710)
    A = rng.integers(-50, 50, (MMAX, 4)).astype(np.float32)
    m, ntiles = 64 * 4 + 23, 5
    Az = np.where(np.arange(MMAX)[:, None] < m, A, 0).astype(np.float32)
    O = np.zeros((64, 4), np.float32)
    for i in range(ntiles):
        for t in range(64):
            O[t] += Az[i * 64 + (t + i + 1) % 64] * (i + 1)
    return {"A": A, "m": m, "ntiles": ntiles, "O": np.zeros((64, 4), np.float32)}, {"O": O}
