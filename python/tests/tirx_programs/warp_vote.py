"""Warp votes: T.cuda.ballot_sync and T.cuda.any_sync, and __popc via
T.popcount."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def votes(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "uint32"),
          C: T.Tensor((64,), "int32"), P: T.Tensor((64,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    ball = T.cuda.ballot_sync(T.uint32(0xFFFFFFFF), T.cast(A[tx] > 0, "int32"))
    B[tx] = ball
    C[tx] = T.cuda.any_sync(T.uint32(0xFFFFFFFF), T.cast(A[tx] > 90, "int32"))
    P[tx] = T.popcount(ball)


def main():
    A = np.random.default_rng(9).integers(-100, 95, 64).astype(np.int32)
    B = np.zeros(64, np.uint32); C = np.zeros(64, np.int32); P = np.zeros(64, np.uint32)
    for w in range(2):
        seg = A[32 * w:32 * w + 32]
        ball = sum(1 << i for i in range(32) if seg[i] > 0)
        B[32 * w:32 * w + 32] = ball
        C[32 * w:32 * w + 32] = int((seg > 90).any())
        P[32 * w:32 * w + 32] = bin(ball).count("1")
    return {"A": A, "B": np.zeros_like(B), "C": np.zeros_like(C), "P": np.zeros_like(P)}, {"B": B, "C": C, "P": P}
