"""float16 kernel arithmetic: each +, *, - and / rounds to half (CUDA's
__half operators), compare and T.max/T.min on halves, and a half
accumulator over a loop."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def hsa(A: T.Tensor((32, 4), "float16"), O: T.Tensor((32, 5), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    acc = T.local_scalar("float16", T.float16(0))
    for k in T.serial(4):
        acc = acc + A[i, k] * A[i, k]
    O[i, 0] = acc
    O[i, 1] = A[i, 0] - A[i, 1] * T.float16(3)
    O[i, 2] = T.max(A[i, 2], A[i, 3])
    O[i, 3] = T.min(A[i, 0], -A[i, 1])
    O[i, 4] = T.Select(A[i, 0] < A[i, 1], A[i, 2], A[i, 3]) / T.float16(4)


def main():
    rng = np.random.default_rng(6)
    A = (rng.integers(-32, 32, (32, 4)) / 8).astype(np.float16)
    O = np.zeros((32, 5), np.float16)
    h = np.float16
    for t in range(32):
        a = A[t]
        acc = h(0)
        for k in range(4):
            p = h(float(a[k]) * float(a[k]))
            acc = h(float(acc) + float(p))
        O[t, 0] = acc
        O[t, 1] = h(float(a[0]) - float(h(float(a[1]) * 3)))
        O[t, 2] = max(a[2], a[3])
        O[t, 3] = min(a[0], -a[1])
        O[t, 4] = h(float(a[2] if a[0] < a[1] else a[3]) / 4)
    return {"A": A, "O": np.zeros((32, 5), np.float16)}, {"O": O}
