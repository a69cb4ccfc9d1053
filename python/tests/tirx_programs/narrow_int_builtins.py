"""Integer builtins on 8- and 16-bit values: T.abs, T.max/T.min
with an int32 constant, T.bitwise_not and T.shift_right of negative int8 /
int16 and of uint8 / uint16 values, stored into int32 outputs so that C's
promotion to int shows."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 16


@T.function
def nib(A: T.Tensor((N,), "int8"), B: T.Tensor((N,), "uint8"), C: T.Tensor((N,), "int16"),
        D: T.Tensor((N,), "uint16"), O: T.Tensor((N, 12), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.cast(A[i] >> 1, "int32")
    O[i, 1] = T.cast(B[i] - 200, "int32")
    O[i, 2] = T.cast(C[i] // 7, "int32")
    O[i, 3] = T.cast(T.abs(A[i]), "int32")
    O[i, 4] = T.cast(T.abs(C[i]), "int32")
    O[i, 5] = T.cast(T.bitwise_not(B[i]), "int32")
    O[i, 6] = T.cast(T.bitwise_not(D[i]), "int32")
    O[i, 7] = T.cast(T.shift_right(A[i], 2), "int32")
    O[i, 8] = T.cast(T.max(A[i], B[i]), "int32")
    O[i, 9] = T.cast(T.min(C[i], D[i]), "int32")
    O[i, 10] = T.cast(A[i] * B[i], "int32")
    O[i, 11] = T.cast(-C[i], "int32")


def main():
    A = np.array([-128, -127, -1, 0, 1, 127, -100, 100, -3, 3, -64, 64, -2, 2, -5, 77], np.int8)
    B = np.array([0, 255, 128, 1, 200, 127, 3, 250, 255, 0, 64, 129, 7, 254, 100, 201], np.uint8)
    C = np.array([-32768, 32767, -1, 0, -7, 7, -8, 8, -12345, 12345, -32767, 2, -3, 3, -15, 15], np.int16)
    D = np.array([0, 65535, 32768, 1, 40000, 7, 65000, 100, 0, 1, 2, 3, 4, 5, 6, 7], np.uint16)
    O = np.zeros((N, 12), np.int64)
    for k in range(N):
        a, b, c, d = int(A[k]), int(B[k]), int(C[k]), int(D[k])
        O[k, 0] = a >> 1
        O[k, 1] = b - 200
        O[k, 2] = c // 7
        O[k, 3] = abs(a)            # computed in C's int: -(-128) = 128
        O[k, 4] = abs(c)
        O[k, 5] = ~b                # ~ of a promoted uchar is a negative int
        O[k, 6] = ~d
        O[k, 7] = a >> 2
        O[k, 8] = max(a & 0xFF, b)
        O[k, 9] = min(c & 0xFFFF, d)
        O[k, 10] = (a & 0xFF) * b   # the product of two promoted uchars
        O[k, 11] = -c               # 32768 for -32768
    return ({"A": A, "B": B, "C": C, "D": D, "O": np.zeros((N, 12), np.int32)},
            {"O": O.astype(np.int32)})
