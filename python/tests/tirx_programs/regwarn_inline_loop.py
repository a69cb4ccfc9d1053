"""Minimal: an @T.inline helper with two uint64 local scalars, called in a
`T.serial(64)` loop. tile-mlir unrolls the loop at trace time, each copy
allocates its own locals, and the register-budget check adds them all up:
"take 256 32-bit registers ... ptxas will spill them" (ptxas: 10-ish
registers, no spill, for TIRx's kernel)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.inline
def mulhi64(a: T.uint64, b: T.uint64) -> T.uint64:
    lo = T.local_scalar("uint64")
    hi = T.local_scalar("uint64")
    T.ptx.mul.lo.u64(lo, a, b)
    T.ptx.mul.hi.u64(hi, a, b)
    return hi ^ lo


@T.function
def regwarn_inline_loop(A: T.Tensor((32,), "uint64"), O: T.Tensor((32,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("uint64")
    h = A[i]
    for k in T.serial(64):
        h = mulhi64(h, T.uint64(0x9E3779B97F4A7C15)) + T.uint64(k)
    O[i] = h


def main():
    A = np.random.default_rng(3).integers(0, 2 ** 63, 32, dtype=np.uint64)
    M = 1 << 64
    O = np.zeros(32, np.uint64)
    for i in range(32):
        h = int(A[i])
        for k in range(64):
            p = h * 0x9E3779B97F4A7C15
            h = (((p >> 64) ^ (p % M)) + k) % M
        O[i] = h
    return {"A": A, "O": np.zeros(32, np.uint64)}, {"O": O}
