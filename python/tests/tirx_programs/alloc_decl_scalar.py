"""Scalar storage helpers: T.alloc_scalar in local scope, T.shared_scalar
used as a CTA-wide accumulator with atomics, T.local_scalar with init=, and
T.decl_scalar over an element of a local buffer's data."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def scalars(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    acc = T.alloc_scalar("int32", scope="local")
    tot = T.shared_scalar("int32")
    k = T.local_scalar("int32", 5)
    buf = T.alloc_local((1,), "int32")
    view = T.decl_scalar("int32", buf.data, "local")
    if t == 0:
        tot = 0
    T.cuda.cta_sync()
    acc = A[t] * 2
    T.cuda.atomic_add(T.address_of(tot), acc)
    buf[0] = A[t] + k
    view = view * 3
    T.cuda.cta_sync()
    O[t, 0] = acc
    O[t, 1] = tot
    O[t, 2] = buf[0]


def main():
    A = np.random.default_rng(442).integers(-1000, 1000, N).astype(np.int32)
    O = np.stack([A * 2, np.full(N, (A * 2).sum()), (A + 5) * 3], 1).astype(np.int32)
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
