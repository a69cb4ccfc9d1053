"""T.if_then_else and Python conditional expressions whose arms have
different dtypes: TIRx widens to the common type (float16 vs a Python float
-> float32, int8 vs 300 -> int32), and keeps an int8 product as int8 when
both arms are int8; the result is then converted on the store."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def itm(B: T.Tensor((N,), "int8"), H: T.Tensor((N,), "float16"),
        OF: T.Tensor((N, 2), "float32"), OI: T.Tensor((N, 3), "int32"), OH: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    c = B[i] > 0
    OF[i, 0] = T.if_then_else(c, H[i], 70000.0)
    OF[i, 1] = H[i] * T.float16(2) if c else 0.1
    OI[i, 0] = B[i] if c else 300
    OI[i, 1] = T.if_then_else(c, B[i] * B[i], 1000)
    OI[i, 2] = T.if_then_else(c, B[i] * B[i], B[i] - T.int8(100))
    OH[i] = T.if_then_else(c, H[i], 70000.0)


def main():
    B = np.array([12, -5, 127, 0, -128, 100, 16, -1], np.int8)
    H = np.array([1.5, -2.0, 65504, 0.1, 3.0, -7.5, 40000, 1e-3], np.float16)
    OF = np.zeros((N, 2), np.float32); OI = np.zeros((N, 3), np.int64); OH = np.zeros(N, np.float16)
    for k in range(N):
        b, h = int(B[k]), H[k]
        c = b > 0
        OF[k, 0] = np.float32(h) if c else np.float32(70000.0)
        OF[k, 1] = np.float32(np.float16(np.float32(h) * 2)) if c else np.float32(0.1)
        OI[k, 0] = b if c else 300
        OI[k, 1] = b * b if c else 1000
        OI[k, 2] = ((b * b if c else b - 100) + 128) % 256 - 128
        OH[k] = np.float16(np.float32(h) if c else np.float32(70000.0))
    return ({"B": B, "H": H, "OF": np.zeros_like(OF), "OI": np.zeros((N, 3), np.int32), "OH": np.zeros(N, np.float16)},
            {"OF": OF, "OI": OI.astype(np.int32), "OH": OH})
