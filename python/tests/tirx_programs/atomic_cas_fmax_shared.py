"""A float atomic max built from T.cuda.atomic_cas on a shared uint32 word
(the CAS loop idiom), then published by thread 0."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def acfm(A: T.Tensor((128,), "float32"), O: T.Tensor((1,), "float32"),
         N: T.Tensor((1,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    w = T.alloc_shared((1,), "uint32")
    if t == 0:
        w[0] = T.uint32(0xf149f2ca)  # bits of -1e30f
    T.cuda.cta_sync()
    v = A[t]
    old = T.local_scalar("uint32", w[0])
    tries = T.local_scalar("int32", 0)
    while T.reinterpret(old, ty="float32") < v:
        prev = T.cuda.atomic_cas(T.address_of(w[0]), old, T.reinterpret(v, ty="uint32"))
        tries = tries + 1
        if prev == old:
            old = T.reinterpret(v, ty="uint32")
        else:
            old = prev
    T.cuda.cta_sync()
    if t == 0:
        O[0] = T.reinterpret(w[0], ty="float32")
        N[0] = T.int32(1)


def main():
    A = np.random.default_rng(12).standard_normal(128).astype(np.float32)
    return ({"A": A, "O": np.zeros(1, np.float32), "N": np.zeros(1, np.int32)},
            {"O": np.array([A.max()], np.float32), "N": np.array([1], np.int32)})
