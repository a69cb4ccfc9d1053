"""T.cuda.atomic_cas on each thread's own int32 element (swapped where it
holds the compared value, kept otherwise; the old value returned), and
uint32 atomic_add returning the old value (wrapping). (TIRx's uint64
atomics do not compile with nvcc: uint64_t is unsigned long, which
CUDA's atomicCAS and atomicAdd do not take.)"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cas(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int32"),
        W: T.Tensor((64,), "uint32"), X: T.Tensor((64,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    B[tx] = T.cuda.atomic_cas(T.address_of(A[tx]), tx % 3, 100 + tx)
    X[tx] = T.cuda.atomic_add(T.address_of(W[tx]), T.uint32(0xFFFFFFF0))


def main():
    rng = np.random.default_rng(12)
    A = rng.integers(0, 3, 64).astype(np.int32)
    W = rng.integers(0, 40, 64).astype(np.uint32)
    tx = np.arange(64)
    A2 = np.where(A == tx % 3, 100 + tx, A).astype(np.int32)
    W2 = (W.astype(np.uint64) + 0xFFFFFFF0).astype(np.uint32)
    return ({"A": A.copy(), "B": np.zeros(64, np.int32), "W": W.copy(),
             "X": np.zeros(64, np.uint32)},
            {"A": A2, "B": A, "W": W2, "X": W})
