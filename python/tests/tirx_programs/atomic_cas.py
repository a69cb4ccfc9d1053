"""T.cuda.atomic_cas on each thread's own element (int32 and uint64:
swapped where it holds the compared value, kept otherwise; the old value
returned), and int64/uint32 atomic_add returning the old value."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cas(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int32"),
        U: T.Tensor((64,), "uint64"), V: T.Tensor((64,), "uint64"),
        L: T.Tensor((64,), "int64"), M: T.Tensor((64,), "int64"),
        W: T.Tensor((64,), "uint32"), X: T.Tensor((64,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    B[tx] = T.cuda.atomic_cas(T.address_of(A[tx]), tx % 3, 100 + tx)
    V[tx] = T.cuda.atomic_cas(T.address_of(U[tx]), T.uint64(7), T.uint64(0xFFFFFFFF00000000))
    M[tx] = T.cuda.atomic_add(T.address_of(L[tx]), T.int64(-5))
    X[tx] = T.cuda.atomic_add(T.address_of(W[tx]), T.uint32(0xFFFFFFF0))


def main():
    rng = np.random.default_rng(12)
    A = rng.integers(0, 3, 64).astype(np.int32)
    U = rng.choice([7, 8], 64).astype(np.uint64)
    L = rng.integers(-10, 10, 64).astype(np.int64)
    W = rng.integers(0, 40, 64).astype(np.uint32)
    tx = np.arange(64)
    A2 = np.where(A == tx % 3, 100 + tx, A).astype(np.int32)
    U2 = np.where(U == 7, np.uint64(0xFFFFFFFF00000000), U).astype(np.uint64)
    L2 = (L - 5).astype(np.int64)
    W2 = (W.astype(np.uint64) + 0xFFFFFFF0).astype(np.uint32)
    return ({"A": A.copy(), "B": np.zeros(64, np.int32), "U": U.copy(),
             "V": np.zeros(64, np.uint64), "L": L.copy(),
             "M": np.zeros(64, np.int64), "W": W.copy(),
             "X": np.zeros(64, np.uint32)},
            {"A": A2, "B": A, "U": U2, "V": U, "L": L2, "M": L, "W": W2,
             "X": W})
