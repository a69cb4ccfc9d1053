"""Warp-aggregated atomics for a bucketed append: one warp walks 256 keys in
8 rounds; lanes with equal keys find each other with match.any.sync.b32, the
leader (lowest peer lane, T.cuda.ffs_u32(peers) - 1) does one atomic_add of
popc(peers) and broadcasts the old count with __shfl_sync from the leader
lane; each lane's slot is old + popc(peers below it)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 256
NB = 6


@T.function
def waa(K: T.Tensor((N,), "int32"), Cnt: T.Tensor((NB,), "int32"), Slot: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    peers = T.local_scalar("uint32")
    old = T.local_scalar("int32")
    for r in T.serial(N // 32):
        k = K[r * 32 + lane]
        T.ptx.match.any.sync.b32(peers, T.uint32(k), T.uint32(0xFFFFFFFF))
        leader = T.cuda.ffs_u32(peers) - 1
        below = peers & ((T.uint32(1) << T.uint32(lane)) - T.uint32(1))
        old = 0
        if lane == leader:
            old = T.cuda.atomic_add(T.address_of(Cnt[k]), T.int32(T.popcount(peers)))
        base = T.cuda.__shfl_sync(T.uint32(0xFFFFFFFF), old, leader, 32)
        Slot[r * 32 + lane] = base + T.int32(T.popcount(below))


def main():
    K = np.random.default_rng(44).integers(0, NB, N).astype(np.int32)
    Cnt = np.bincount(K, minlength=NB).astype(np.int32)
    Slot = np.zeros(N, np.int32)
    seen = np.zeros(NB, int)
    for i, k in enumerate(K):
        Slot[i] = seen[k]
        seen[k] += 1
    return {"K": K, "Cnt": np.zeros(NB, np.int32), "Slot": np.zeros(N, np.int32)}, {"Cnt": Cnt, "Slot": Slot}
