"""bool tensors as inputs: &, |, ^ and T.logical_* on bools, a bool ->
float32 cast, and a count of true values over a loop."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def btl(P: T.Tensor((32, 4), "bool"), O: T.Tensor((32, 3), "bool"),
        F: T.Tensor((32,), "float32"), C: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O[i, 0] = P[i, 0] & P[i, 1]
    O[i, 1] = P[i, 2] | P[i, 3]
    O[i, 2] = T.logical_and(T.logical_not(P[i, 0]), T.logical_or(P[i, 1], P[i, 3]))
    F[i] = T.cast(P[i, 2], "float32") * T.float32(2.5)
    c = T.local_scalar("int32", 0)
    for k in T.serial(4):
        c = c + T.cast(P[i, k], "int32")
    C[i] = c


def main():
    P = np.random.default_rng(25).integers(0, 2, (32, 4)).astype(bool)
    O = np.stack([P[:, 0] & P[:, 1], P[:, 2] | P[:, 3], (~P[:, 0]) & (P[:, 1] | P[:, 3])], 1)
    return ({"P": P, "O": np.zeros((32, 3), bool), "F": np.zeros(32, np.float32), "C": np.zeros(32, np.int32)},
            {"O": O, "F": P[:, 2].astype(np.float32) * np.float32(2.5), "C": P.sum(1).astype(np.int32)})
