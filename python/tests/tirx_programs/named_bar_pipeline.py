"""A warp-specialized two-slot pipeline on named barriers, with a run-time
trip count: warp 0 produces slot k % 2 into shared memory and
T.ptx.bar.arrive(1 + slot, 64); warp 1 T.ptx.bar.sync(1 + slot, 64),
consumes, and frees the slot with bar.arrive(3 + slot, 64), which the
producer waits on (bar.sync) before reusing it. Barrier ids are run-time
values."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 12


@T.function
def nbp(A: T.Tensor((K, 32), "int32"), n: T.int32, B: T.Tensor((K, 32), "int32"),
        C: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    w = T.cuda.warp_id()
    l = T.cuda.lane_id()
    S = T.alloc_shared((2, 32), "int32")
    if w == 0:
        for k in T.serial(n):
            slot = k % 2
            if k >= 2:
                T.ptx.bar.sync(T.cast(3 + slot, "uint32"), T.uint32(64))
            S[slot, l] = A[k, l] * 2
            T.ptx.bar.arrive(T.cast(1 + slot, "uint32"), T.uint32(64))
    else:
        acc = T.local_scalar("int32", 0)
        for k in T.serial(n):
            slot = k % 2
            T.ptx.bar.sync(T.cast(1 + slot, "uint32"), T.uint32(64))
            acc = acc * 3 + S[slot, l]
            B[k, l] = S[slot, (l + 1) % 32]
            if k + 2 < n:
                T.ptx.bar.arrive(T.cast(3 + slot, "uint32"), T.uint32(64))
        C[l] = acc


def main():
    rng = np.random.default_rng(4019)
    A = rng.integers(-1000, 1000, (K, 32)).astype(np.int32)
    n = 9
    B = np.zeros((K, 32), np.int32)
    B[:n] = np.roll(A[:n] * 2, -1, axis=1)
    acc = np.zeros(32, np.int64)
    for k in range(n):
        acc = (acc * 3 + A[k] * 2)
    acc = ((acc + 2**31) % 2**32 - 2**31).astype(np.int32)
    return {"A": A, "n": np.int32(n), "B": np.zeros_like(B), "C": np.zeros(32, np.int32)}, {"B": B, "C": acc}
