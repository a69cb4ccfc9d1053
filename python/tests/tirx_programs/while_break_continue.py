"""A while loop with both `continue` and `break`: walk i upward from the
lane's start, skip multiples of 3, stop at the first value whose digit sum
(an inner while) is 10 or at 500, record the stop and the count visited."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def wbc(A: T.Tensor((32,), "int32"), P: T.Tensor((32,), "int32"),
        K: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    i = T.local_scalar("int32", A[lane])
    k = T.local_scalar("int32", 0)
    while i < 500:
        i = i + 1
        if i % 3 == 0:
            continue
        k = k + 1
        d = T.local_scalar("int32", 0)
        x = T.local_scalar("int32", i)
        while x > 0:
            d = d + x % 10
            x = x // 10
        if d == 10:
            break
    P[lane] = i
    K[lane] = k


def main():
    A = np.random.default_rng(306).integers(0, 520, 32).astype(np.int32)
    P = np.zeros(32, np.int32); K = np.zeros(32, np.int32)
    for l, a in enumerate(A):
        i, k = int(a), 0
        while i < 500:
            i += 1
            if i % 3 == 0:
                continue
            k += 1
            if sum(map(int, str(i))) == 10:
                break
        P[l], K[l] = i, k
    return {"A": A, "P": np.zeros(32, np.int32), "K": np.zeros(32, np.int32)}, {"P": P, "K": K}
