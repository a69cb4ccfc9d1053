"""T.cuda.cta_sum (int32) and T.cuda.cta_max (float32) over a 128-thread
block, each with its own shared scratch buffer (4 warps), the result
broadcast to every thread. (TIRx's helper reads scratch[0] after its last
barrier, so two reductions sharing one scratch would race.)"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cta_red(A: T.Tensor((2, 128), "int32"), F: T.Tensor((2, 128), "float32"),
            S: T.Tensor((2, 128), "int32"), M: T.Tensor((2, 128), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    s1 = T.alloc_shared((4,), "int32")
    s2 = T.alloc_shared((4,), "float32")
    S[bx, tx] = T.cuda.cta_sum(A[bx, tx], 4, s1.data)
    M[bx, tx] = T.cuda.cta_max(F[bx, tx], 4, s2.data)


def main():
    rng = np.random.default_rng(208)
    A = rng.integers(-10000, 10000, (2, 128)).astype(np.int32)
    F = (-np.abs(rng.standard_normal((2, 128))) - 1).astype(np.float32)
    S = np.repeat(A.sum(axis=1, keepdims=True), 128, axis=1).astype(np.int32)
    M = np.repeat(F.max(axis=1, keepdims=True), 128, axis=1).astype(np.float32)
    return ({"A": A, "F": F, "S": np.zeros_like(A), "M": np.zeros_like(F)},
            {"S": S, "M": M})
