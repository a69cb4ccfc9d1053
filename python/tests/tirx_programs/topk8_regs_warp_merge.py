"""Top-8 (largest float32 keys, ties to the lower index) of each 96-wide row,
one warp per row: lane l keeps a sorted (key, index) list of 8 in local arrays
and inserts its columns l, l + 32, l + 64 (T.serial(lane, 96, step=32), a
run-time start) through a compare-and-swap ladder (T.unroll(8), `or`/`and` of
comparisons, T.if_then_else selects); the warp then merges the 32 lists with 8
rounds of an arg-max over (key, index) pairs by __shfl_xor_sync butterflies,
the lane holding the winner popping its head (a shift of its list)."""
from tvm_tirx.script import tirx as T
import numpy as np

R = 4
C = 96
K = 8


@T.function
def topk8_regs_warp_merge(X: T.Tensor((R, C), "float32"), Vals: T.Tensor((R, K), "float32"),
                          Idx: T.Tensor((R, K), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32 * R))
    lane = T.cuda.lane_id()
    row = T.cuda.warp_id()
    kv = T.alloc_local((K,), "float32")
    ki = T.alloc_local((K,), "int32")
    for j in T.unroll(K):
        kv[j] = T.float32(-3.0e38)
        ki[j] = 2147483647
    for c in T.serial(lane, C, step=32):
        v = T.local_scalar("float32")
        i = T.local_scalar("int32")
        v = X[row, c]
        i = c
        for j in T.unroll(K):
            better = (v > kv[j]) or (v == kv[j] and i < ki[j])
            ov = T.local_scalar("float32")
            oi = T.local_scalar("int32")
            ov = kv[j]
            oi = ki[j]
            kv[j] = T.if_then_else(better, v, ov)
            ki[j] = T.if_then_else(better, i, oi)
            v = T.if_then_else(better, ov, v)
            i = T.if_then_else(better, oi, i)
    for r in T.unroll(K):
        bv = T.local_scalar("float32")
        bi = T.local_scalar("int32")
        bv = kv[0]
        bi = ki[0]
        for s in T.unroll(5):
            sv = T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), bv, 1 << s, 32)
            si = T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), bi, 1 << s, 32)
            take = (sv > bv) or (sv == bv and si < bi)
            bv = T.if_then_else(take, sv, bv)
            bi = T.if_then_else(take, si, bi)
        if lane == 0:
            Vals[row, r] = bv
            Idx[row, r] = bi
        if ki[0] == bi:
            for j in T.unroll(K - 1):
                kv[j] = kv[j + 1]
                ki[j] = ki[j + 1]
            kv[K - 1] = T.float32(-3.0e38)
            ki[K - 1] = 2147483647


def main():
    rng = np.random.default_rng(1027)
    X = rng.integers(-20, 20, (R, C)).astype(np.float32)   # many ties
    Vals = np.zeros((R, K), np.float32)
    Idx = np.zeros((R, K), np.int32)
    for r in range(R):
        order = sorted(range(C), key=lambda c: (-X[r, c], c))[:K]
        Vals[r] = X[r, order]
        Idx[r] = order
    return ({"X": X, "Vals": np.zeros_like(Vals), "Idx": np.zeros_like(Idx)}, {"Vals": Vals, "Idx": Idx})
