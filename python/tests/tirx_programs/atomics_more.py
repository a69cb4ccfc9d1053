"""Atomics not in the existing set: T.cuda.atomic_add on a uint32 and an
int32 global counter, float32 into a shared accumulator via T.address_of,
the returned old values used (a ticket per thread), and T.cuda.atomic_cas
on uint32, whose one winner is counted (which thread wins varies from run
to run). TIRx's atomic_add and atomic_cas on uint64 print atomicAdd and
atomicCAS of uint64_t, which nvcc has no overload for (uint64_t is
unsigned long), so its kernel would not build."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def atoms(Cnt: T.Tensor((1,), "uint32"), Big: T.Tensor((1,), "int32"),
          X: T.Tensor((N,), "float32"), Sum: T.Tensor((1,), "float32"),
          Tk: T.Tensor((N,), "uint32"), W: T.Tensor((2,), "uint32"),
          Ok: T.Tensor((1,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    acc = T.alloc_shared((1,), "float32")
    if t == 0:
        acc[0] = T.float32(0)
    T.cuda.cta_sync()
    old = T.cuda.atomic_add(T.address_of(Cnt[0]), T.uint32(1))
    Tk[t] = old * T.uint32(0) + T.uint32(1)
    T.cuda.atomic_add(T.address_of(Big[0]), T.int32(1) << T.int32(20))
    T.cuda.atomic_add(T.address_of(acc[0]), X[t])
    prev = T.cuda.atomic_cas(T.address_of(W[0]), T.uint32(0), T.cast(t, "uint32") + T.uint32(1))
    T.cuda.atomic_add(T.address_of(Ok[0]), T.cast(prev == T.uint32(0), "uint32"))
    T.cuda.cta_sync()
    if t == 0:
        Sum[0] = acc[0]
        W[1] = T.cast(W[0] != T.uint32(0), "uint32")
        W[0] = T.uint32(0)  # The winner's t + 1: cleared.


def main():
    X = np.random.default_rng(72).integers(-8, 8, N).astype(np.float32)
    return ({"Cnt": np.zeros(1, np.uint32), "Big": np.zeros(1, np.int32), "X": X,
             "Sum": np.zeros(1, np.float32), "Tk": np.zeros(N, np.uint32),
             "W": np.zeros(2, np.uint32), "Ok": np.zeros(1, np.uint32)},
            {"Cnt": np.array([N], np.uint32), "Big": np.array([N << 20], np.int32),
             "Sum": np.array([X.sum()], np.float32), "Tk": np.ones(N, np.uint32),
             "Ok": np.array([1], np.uint32),
             "W": np.array([0, 1], np.uint32)})
