"""bool values used as numbers: a bool scalar parameter and bool tensor
elements in arithmetic with int32 and float32 (True is 1), summed in a
loop, compared, negated with T.Not / bitwise_not-free logic, selected on,
and a comparison result cast to uint8 and float16."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def bva(P: T.Tensor((N,), "bool"), A: T.Tensor((N,), "int32"), F: T.Tensor((N,), "float32"), flag: T.bool,
        O: T.Tensor((N, 5), "int32"), G: T.Tensor((N,), "float32"), U: T.Tensor((N,), "uint8"),
        H: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.cast(P[i], "int32") * A[i] + T.cast(flag, "int32")
    cnt = T.local_scalar("int32", 0)
    for j in T.serial(N):
        cnt = cnt + T.cast(P[j] and P[(j + i) % N], "int32")
    O[i, 1] = cnt
    O[i, 2] = T.Select(T.Not(P[i]) or flag, A[i], -A[i])
    O[i, 3] = T.cast(P[i] == flag, "int32") + T.cast(P[i] != (A[i] > 0), "int32") * 2
    O[i, 4] = T.cast(T.cast(A[i], "bool"), "int32") - T.cast(T.cast(F[i], "bool"), "int32")
    G[i] = T.cast(P[i], "float32") * F[i] - T.cast(flag, "float32")
    U[i] = T.cast(A[i] < 0, "uint8") * T.uint8(200) + T.cast(P[i], "uint8")
    H[i] = T.cast(F[i] > T.float32(1), "float16")


def main():
    P = np.array([True, False, True, True, False, False, True, False])
    A = np.array([5, -3, 0, -2**31, 7, 0, -1, 2**31 - 1], np.int32)
    F = np.array([1.5, -0.0, 0.0, 2.0, np.nan, 1.0, -7.25, 0.5], np.float32)
    F[4] = np.array([0x7FFFFFFF], np.uint32).view(np.float32)[0]  # the GPU's canonical NaN
    flag = True
    O = np.zeros((N, 5), np.int64)
    for k in range(N):
        p, a = bool(P[k]), int(A[k])
        O[k, 0] = (p * a + 1 + 2**31) % 2**32 - 2**31
        O[k, 1] = sum(bool(P[j]) and bool(P[(j + k) % N]) for j in range(N))
        O[k, 2] = a if ((not p) or flag) else (-a + 2**31) % 2**32 - 2**31
        O[k, 3] = int(p == flag) + int(p != (a > 0)) * 2
        O[k, 4] = int(a != 0) - int(F[k] != 0 or np.isnan(F[k]))
    G = P.astype(np.float32) * F - np.float32(1)
    U = ((A < 0).astype(np.int64) * 200 + P).astype(np.uint8)
    H = (F > 1).astype(np.float16)
    return ({"P": P, "A": A, "F": F, "flag": flag, "O": np.zeros((N, 5), np.int32), "G": np.zeros(N, np.float32),
             "U": np.zeros(N, np.uint8), "H": np.zeros(N, np.float16)},
            {"O": O.astype(np.int32), "G": G, "U": U, "H": H})
