"""A T.local_scalar accumulated by assignment in a loop with a run-time trip
count, then handed to PTX instructions (T.ptx.add.s32 reading it and writing
it, T.ptx.mul.lo.s32 reading it) inside and after the loop: in TIRx's C
every assignment stores into v_ptr[0], which the instructions read and write."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def lslp(A: T.Tensor((32, 8), "int32"), n: T.int32, O: T.Tensor((32, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    tx = T.cuda.thread_idx("x")
    v = T.local_scalar("int32", 1)
    w = T.local_scalar("int32", 0)
    for k in T.serial(n):
        v = v * 2 + A[tx, k]
        T.ptx.add.s32(v, v, T.int32(1000))
    T.ptx.mul.lo.s32(w, v, T.int32(3))
    O[tx, 0] = v
    O[tx, 1] = w
    u = T.local_scalar("int32", 5)
    for k in T.serial(n):
        T.ptx.add.s32(u, u, A[tx, k])
        u = u * 2
    O[tx, 2] = u


def main():
    A = np.random.default_rng(4014).integers(-50, 50, (32, 8)).astype(np.int32)
    n = 6
    O = np.zeros((32, 3), np.int64)
    for t in range(32):
        v = 1
        for k in range(n):
            v = v * 2 + int(A[t, k]); v += 1000
        O[t, 0] = v; O[t, 1] = v * 3
        u = 5
        for k in range(n):
            u += int(A[t, k]); u *= 2
        O[t, 2] = u
    return {"A": A, "n": np.int32(n), "O": np.zeros((32, 3), np.int32)}, {"O": O.astype(np.int32)}
