"""Minimal: a float32x4 vector local scalar carried through a loop of Ramp loads."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def vec_local_scalar(F: T.Tensor((32, 16), "float32"), V: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    v = T.local_scalar("float32x4")
    v = T.Broadcast(T.float32(0), 4)
    for k in T.serial(4):
        v = v + F[t, T.Ramp(4 * k, 1, 4)]
    V[t, T.Ramp(0, 1, 4)] = v


def main():
    F = np.arange(32 * 16).reshape(32, 16).astype(np.float32)
    return {"F": F, "V": np.zeros((32, 4), np.float32)}, {"V": F.reshape(32, 4, 4).sum(1).astype(np.float32)}
