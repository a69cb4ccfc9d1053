"""@T.inline helpers with annotated parameters called directly from the kernel body with
scalar arguments and used in expressions (int32 and float32 returns, one
helper calling another). (TIRx refuses a direct call of a private
@T.function: "cannot be called".)"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.inline
def clamp_i(x: T.int32, lo: T.int32, hi: T.int32) -> T.int32:
    return T.min(T.max(x, lo), hi)


@T.inline
def lerp(a: T.float32, b: T.float32, t: T.float32) -> T.float32:
    return a + (b - a) * t


@T.inline
def score(x: T.int32) -> T.int32:
    return clamp_i(x * 3, -100, 100) + 1


@T.function
def helpers(I: T.Tensor((64,), "int32"), A: T.Tensor((64,), "float32"),
            B: T.Tensor((64,), "float32"), O: T.Tensor((64,), "int32"),
            L: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    i = T.cuda.thread_idx("x")
    O[i] = score(I[i]) * 2 + clamp_i(I[i], 0, 10)
    L[i] = lerp(A[i], B[i], T.float32(0.5))


def main():
    rng = np.random.default_rng(307)
    I = rng.integers(-80, 80, 64).astype(np.int32)
    A = rng.integers(-64, 64, 64).astype(np.float32)
    B = rng.integers(-64, 64, 64).astype(np.float32)
    O = ((np.clip(I * 3, -100, 100) + 1) * 2 + np.clip(I, 0, 10)).astype(np.int32)
    L = (A + (B - A) * np.float32(0.5)).astype(np.float32)
    return ({"I": I, "A": A, "B": B, "O": np.zeros_like(I), "L": np.zeros_like(A)},
            {"O": O, "L": L})
