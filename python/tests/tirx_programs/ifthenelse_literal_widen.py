"""T.if_then_else and conditional expressions with a Python literal in one
arm whose value fits the other arm's narrow dtype (60000.5 and 0.1 beside a
float16, 99 and 100 beside an int8 value): TIRx still widens the select to
the common type (float32 / int32), so 60000.5, 0.1f and the int8 product
B*B (kept as C's int) survive; the result is converted on the store."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def itw(B: T.Tensor((N,), "int8"), H: T.Tensor((N,), "float16"),
        OF: T.Tensor((N, 2), "float32"), OI: T.Tensor((N, 3), "int32"), OH: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    c = B[i] > 0
    OF[i, 0] = T.if_then_else(c, H[i], 60000.5)
    OF[i, 1] = H[i] * T.float16(2) if c else 0.1
    OI[i, 0] = B[i] if c else 100
    OI[i, 1] = T.if_then_else(c, B[i] * B[i], 99)
    OI[i, 2] = T.if_then_else(c, B[i] * B[i], B[i] - T.int8(100))
    OH[i] = T.if_then_else(c, H[i], 60000.5)


def main():
    B = np.array([12, -5, 127, 0, -128, 100, 16, -1], np.int8)
    H = np.array([1.5, -2.0, 65504, 0.1, 3.0, -7.5, 40000, 1e-3], np.float16)
    OF = np.zeros((N, 2), np.float32); OI = np.zeros((N, 3), np.int64); OH = np.zeros(N, np.float16)
    for k in range(N):
        b, h = int(B[k]), H[k]
        c = b > 0
        OF[k, 0] = np.float32(h) if c else np.float32(60000.5)
        OF[k, 1] = np.float32(np.float16(np.float32(h) * 2)) if c else np.float32(0.1)
        OI[k, 0] = b if c else 100
        OI[k, 1] = b * b if c else 99
        OI[k, 2] = ((b * b if c else b - 100) + 128) % 256 - 128
        OH[k] = np.float16(np.float32(h) if c else np.float32(60000.5))
    return ({"B": B, "H": H, "OF": np.zeros_like(OF), "OI": np.zeros((N, 3), np.int32), "OH": np.zeros(N, np.float16)},
            {"OF": OF, "OI": OI.astype(np.int32), "OH": OH})
