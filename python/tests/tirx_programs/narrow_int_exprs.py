"""8- and 16-bit integer expressions inside selects, min/max, bitwise and
division builtins, whose C promotion keeps the int result: T.Select over
int8 differences, T.if_then_else of a uint8 sum, T.max/T.min of int8 sums,
T.bitwise_xor / T.bitwise_or of int8, T.floordiv / T.floormod / T.ceildiv of
int16 sums, T.truncmod of int8, all stored into int32 outputs."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 12


@T.function
def nie(A: T.Tensor((N,), "int8"), B: T.Tensor((N,), "int8"), U: T.Tensor((N,), "uint8"),
        S: T.Tensor((N,), "int16"), O: T.Tensor((N, 10), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    O[i, 0] = T.cast(T.Select(a > b, a - b, b - a), "int32")
    O[i, 1] = T.cast(T.if_then_else(i % 2 == 0, U[i] + U[i], U[i]), "int32")
    O[i, 2] = T.cast(T.max(a + b, a - b), "int32")
    O[i, 3] = T.cast(T.min(a * b, T.int8(0)), "int32")
    O[i, 4] = T.cast(T.bitwise_xor(a, T.bitwise_not(b)), "int32")
    O[i, 5] = T.cast(T.bitwise_or(a, b) + 1, "int32")
    O[i, 6] = T.cast(T.floordiv(S[i] + S[i], T.int16(3)), "int32")
    O[i, 7] = T.cast(T.floormod(S[i] - T.int16(30000), T.int16(7)), "int32")
    O[i, 8] = T.cast(T.ceildiv(S[i] + S[i], T.int16(5)), "int32")
    O[i, 9] = T.cast(T.truncmod(a - b, T.int8(10)), "int32")


def main():
    # C: each 8/16-bit operand is promoted to int, so sums and products keep
    # their full value through ?:, max/min, ^, |, / and %; T.if_then_else is
    # printed as a `uchar condval` variable, which keeps the low byte.
    A = np.array([-128, 127, -100, 100, -1, 0, 5, -7, 64, -64, 120, -120], np.int8)
    B = np.array([127, -128, -100, 100, 1, 0, -5, 9, 64, 65, -120, 120], np.int8)
    U = np.array([255, 200, 128, 0, 1, 255, 100, 156, 7, 250, 129, 3], np.uint8)
    S = np.array([32767, -32768, 20000, -20000, 1, -1, 7, -7, 16384, -16385, 0, 3], np.int16)
    O = np.zeros((N, 10), np.int64)
    fdiv = lambda x, y: x // y
    cdiv = lambda x, y: -((-x) // y)
    for k in range(N):
        a, b, u, s = int(A[k]), int(B[k]), int(U[k]), int(S[k])
        t = int(np.trunc((a - b) / 10))
        O[k] = [abs(a - b), (u + u) & 0xFF if k % 2 == 0 else u, max(a + b, a - b), min(a * b, 0),
                a ^ ~b, (a | b) + 1, fdiv(2 * s, 3), (s - 30000) % 7, cdiv(2 * s, 5), (a - b) - 10 * t]
    return ({"A": A, "B": B, "U": U, "S": S, "O": np.zeros((N, 10), np.int32)}, {"O": O.astype(np.int32)})
