"""Python control forms inside a kernel: tuple assignment, range with a
negative constant step, `while True` with break, logical_and of
comparisons, T.max/T.min/T.abs."""
from tvm_tirx.script import tirx as T
import numpy as np
N = 32
@T.function
def pyforms(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"), O: T.Tensor((N, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a, b = A[i], B[i]
    O[i, 0] = T.cast(T.logical_and(0 <= a, a < b), "int32")
    O[i, 1] = a
    O[i, 2] = T.max(a, b)
    O[i, 3] = T.abs(a - b)
    s = T.local_scalar("int32", 0)
    for k in range(10, 0, -3):
        s = s + k * a
    O[i, 4] = s
    c = T.local_scalar("int32", 0)
    while True:
        c = c + 1
        if c * c > b:
            break
    O[i, 5] = c
    O[i, 6] = T.min(a, b)
    O[i, 7] = T.cast(T.logical_and(a > 0, b > 0), "int32")
def main():
    rng = np.random.default_rng(1124)
    A = rng.integers(-50, 50, N).astype(np.int32)
    B = rng.integers(-20, 400, N).astype(np.int32)
    O = np.zeros((N, 8), np.int32)
    for i in range(N):
        a, b = int(A[i]), int(B[i])
        c = 1
        while c * c <= b:
            c += 1
        O[i] = [int(0 <= a < b), a, max(a, b), abs(a - b), 22 * a, c, min(a, b), int(a > 0 and b > 0)]
    return {"A": A, "B": B, "O": np.zeros((N, 8), np.int32)}, {"O": O}
