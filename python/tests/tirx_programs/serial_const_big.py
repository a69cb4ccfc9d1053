"""Minimal: a plain `for k in T.serial(8192)` row sum (no break). TIRx: one
C loop `for (int k = 0; k < 8192; ++k)`; tile-mlir unrolls it at trace time."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 8192


@T.function
def serial_const_big(X: T.Tensor((4, K), "int32"), O: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
    t = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    s = 0
    for k in T.serial(K):
        s = s + X[t, k]
    O[t] = s


def main():
    X = np.random.default_rng(2).integers(-9, 9, (4, K)).astype(np.int32)
    return {"X": X, "O": np.zeros(4, np.int32)}, {"O": X.sum(1).astype(np.int32)}
