"""Median-of-3 with a compare-exchange sorting network on local scalars,
written with the ordinary swap idiom `tmp = a; a = b; b = tmp` (TIRx binds
tmp to the value of a at that point: `int tmp = a_ptr[0];`)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def median3(X: T.Tensor((N, 3), "int32"), M: T.Tensor((N, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    a = T.local_scalar("int32")
    b = T.local_scalar("int32")
    c = T.local_scalar("int32")
    a = X[t, 0]
    b = X[t, 1]
    c = X[t, 2]
    if a > b:
        tmp = a
        a = b
        b = tmp
    if b > c:
        tmp = b
        b = c
        c = tmp
    if a > b:
        tmp = a
        a = b
        b = tmp
    M[t, 0] = a
    M[t, 1] = b
    M[t, 2] = c


def main():
    X = np.random.default_rng(1).integers(-100, 100, (N, 3)).astype(np.int32)
    return {"X": X, "M": np.zeros_like(X)}, {"M": np.sort(X, axis=1).astype(np.int32)}
