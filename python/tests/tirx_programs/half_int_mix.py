"""float16 / bfloat16 kernel values meeting integers and each other without
casts: float16 + int32 (the integer converted to half), bfloat16 * int8,
float16 + bfloat16 (TIRx meets them in float16), float16 > int32, a
float16 scalar parameter times a tensor element, and int64 - float16."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

BF = ml_dtypes.bfloat16
N = 8


@T.function
def him(H: T.Tensor((N,), "float16"), G: T.Tensor((N,), "bfloat16"), I: T.Tensor((N,), "int32"),
        B: T.Tensor((N,), "int8"), L: T.Tensor((N,), "int64"), s: T.float16,
        OH: T.Tensor((N, 4), "float16"), OG: T.Tensor((N,), "bfloat16"), OC: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    OH[i, 0] = H[i] + I[i]
    OG[i] = G[i] * B[i]
    OH[i, 1] = H[i] + G[i]
    OC[i] = T.Select(H[i] > I[i], 1, 0)
    OH[i, 2] = s * H[i]
    OH[i, 3] = L[i] - H[i]


def main():
    # TIRx's C: H + (half)I, G * (nv_bfloat16)B, H + (half)G, (half)I < H,
    # s * H, (half)L - H: each integer converted once (cvt.rn.f16.s32 ...), each
    # operation rounded to the half type.
    H = np.array([1.5, -2.0, 65504, 0.1, -0.0, 1000.0, 3.0, 2049.0], np.float16)
    G = np.array([1.0, 300.0, -3.5, 1e5, 0.01, 7.0, -0.0, 2.0], BF)
    I = np.array([1, 70000, -65504, 2049, 0, -1001, 3, 1], np.int32)
    B = np.array([-128, 127, 3, -1, 0, 77, -5, 100], np.int8)
    L = np.array([2**40, -70000, 65519, 65520, -3, 1, 0, 2049], np.int64)
    s = 1.5
    h = lambda v: np.float16(v)
    OH = np.zeros((N, 4), np.float16)
    for k in range(N):
        OH[k, 0] = h(np.float32(H[k]) + np.float32(h(I[k])))
        OH[k, 1] = h(np.float32(H[k]) + np.float32(h(np.float32(G[k]))))
        OH[k, 2] = h(np.float32(h(s)) * np.float32(H[k]))
        OH[k, 3] = h(np.float32(h(float(L[k]))) - np.float32(H[k]))
    OG = (G.astype(np.float32) * B.astype(np.float32).astype(BF).astype(np.float32)).astype(BF)
    OC = (I.astype(np.float16) < H).astype(np.int32)
    return ({"H": H, "G": G, "I": I, "B": B, "L": L, "s": s, "OH": np.zeros((N, 4), np.float16),
             "OG": np.zeros(N, BF), "OC": np.zeros(N, np.int32)}, {"OH": OH, "OG": OG, "OC": OC})
