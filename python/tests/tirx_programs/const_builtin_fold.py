"""TIRx builtins applied to Python integers (module constants), which TIRx
folds at parse time: a loop extent T.ceildiv(K, TILE), T.min/T.max of two
constants, T.floordiv/T.floormod/T.truncdiv/T.truncmod of negative
constants, T.abs, T.shift_left/T.shift_right, T.bitwise_and/xor/not of
constants, T.cast(300, "int8") (wraps to 44 as C's (signed char)300)."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 100
TILE = 32
N = 32


@T.function
def cbf(A: T.Tensor((N, 128), "int32"), S: T.Tensor((N,), "int32"),
        O: T.Tensor((14,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    acc = T.local_scalar("int32", 0)
    for k in T.serial(T.ceildiv(K, TILE)):
        acc = acc + A[t, k * TILE + T.min(t, TILE - 1)]
    S[t] = acc + T.max(K, TILE)
    if t == 0:
        O[0] = T.floordiv(-7, 2)
        O[1] = T.floormod(-7, 2)
        O[2] = T.truncdiv(-7, 2)
        O[3] = T.truncmod(-7, 2)
        O[4] = T.abs(-5)
        O[5] = T.shift_left(1, 4)
        O[6] = T.shift_right(-64, 2)
        O[7] = T.bitwise_and(12, 10)
        O[8] = T.bitwise_xor(12, 10)
        O[9] = T.bitwise_not(5)
        O[10] = T.cast(T.cast(300, "int8"), "int32")
        O[11] = T.ceildiv(K, TILE)
        O[12] = T.min(K, TILE) * T.max(-3, 2)
        O[13] = T.cast(T.max_value(ty="int8"), "int32") + T.cast(T.min_value(ty="int16"), "int32")


def main():
    A = np.random.default_rng(53).integers(-100, 100, (N, 128)).astype(np.int32)
    t = np.arange(N)
    S = sum(A[t, k * TILE + np.minimum(t, TILE - 1)] for k in range(4)) + 100
    O = np.array([-4, 1, -3, -1, 5, 16, -16, 8, 6, -6, 44, 4, 64, 127 - 32768], np.int32)
    return ({"A": A, "S": np.zeros(N, np.int32), "O": np.zeros(14, np.int32)},
            {"S": S.astype(np.int32), "O": O})
