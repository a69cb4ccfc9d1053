"""Python int literals meeting float16 / bfloat16 / int8 kernel values in
arithmetic and comparisons: H + 1, H * 3, H > 70000 (the literal converted
to the half type prints as `(half)70000`), G - 300, B * 2.5 (float32), B +
1000 (int), B < 200, and a uint8 compared with -1."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

BF = ml_dtypes.bfloat16
N = 6


@T.function
def hil(H: T.Tensor((N,), "float16"), G: T.Tensor((N,), "bfloat16"), B: T.Tensor((N,), "int8"),
        U: T.Tensor((N,), "uint8"), OH: T.Tensor((N, 2), "float16"), OG: T.Tensor((N,), "bfloat16"),
        OF: T.Tensor((N,), "float32"), OI: T.Tensor((N, 5), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    OH[i, 0] = H[i] + 1
    OH[i, 1] = H[i] * 3
    OG[i] = G[i] - 300
    OF[i] = B[i] * 2.5
    OI[i, 0] = B[i] + 1000
    OI[i, 1] = T.Select(H[i] > 70000, 1, 0)
    OI[i, 2] = T.Select(B[i] < 200, 1, 0)
    OI[i, 3] = T.Select(U[i] > -1, 1, 0)
    OI[i, 4] = T.Select(G[i] < 100000, 1, 0)


def main():
    # TIRx's C: the literal is converted to the half type (`(half)70000` is +inf, so
    # H > 70000 is false even for H = +inf); B < 200 and U > -1 are folded to 1.
    H = np.array([1.5, -2.0, 65504, np.inf, 2049.0, 0.1], np.float16)
    G = np.array([1.0, 300.0, -3.5, 1e5, 99840.0, 2.0], BF)
    B = np.array([-128, 127, 3, -1, 0, 77], np.int8)
    U = np.array([0, 255, 128, 1, 200, 7], np.uint8)
    h = np.float16
    OH = np.stack([(H.astype(np.float32) + 1).astype(h), (H.astype(np.float32) * 3).astype(h)], 1)
    OG = (G.astype(np.float32) - 300).astype(BF)
    OF = B.astype(np.float32) * np.float32(2.5)
    g100k = np.float32(BF(1e5))
    OI = np.stack([B.astype(np.int32) + 1000, np.zeros(N, np.int32), np.ones(N, np.int32), np.ones(N, np.int32),
                   (G.astype(np.float32) < g100k).astype(np.int32)], 1).astype(np.int32)
    return ({"H": H, "G": G, "B": B, "U": U, "OH": np.zeros((N, 2), h), "OG": np.zeros(N, BF),
             "OF": np.zeros(N, np.float32), "OI": np.zeros((N, 5), np.int32)},
            {"OH": OH, "OG": OG, "OF": OF, "OI": OI})
