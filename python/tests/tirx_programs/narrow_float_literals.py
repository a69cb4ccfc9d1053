"""Typed float16 / bfloat16 constants whose value needs rounding:
T.float16(v) and T.bfloat16(v) of Python floats just past a half-way point
of the narrow format (which a float32 step would round onto the half-way
point), used in arithmetic and stored; also x / T.float32(3) and
x / T.float64(10) in the IEEE build."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

BF = ml_dtypes.bfloat16
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}
N = 4


@T.function
def nfl(H: T.Tensor((N,), "float16"), G: T.Tensor((N,), "bfloat16"), X: T.Tensor((N,), "float32"),
        D: T.Tensor((N,), "float64"),
        OH: T.Tensor((N, 3), "float16"), OG: T.Tensor((N, 3), "bfloat16"), OF: T.Tensor((N,), "float32"),
        OD: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N), backend_config=IEEE)
    i = T.cuda.thread_idx("x")
    OH[i, 0] = T.float16(1.0 + 2**-11 + 2**-30)
    OH[i, 1] = H[i] * T.float16(1.0 + 2**-11 + 2**-30)
    OH[i, 2] = H[i] + T.float16(2049.0 + 2**-20)
    OG[i, 0] = T.bfloat16(1.0 + 2**-8 + 2**-30)
    OG[i, 1] = G[i] * T.bfloat16(1.0 + 2**-8 + 2**-30)
    OG[i, 2] = G[i] + T.bfloat16(257.0 + 2**-20)
    OF[i] = X[i] / T.float32(3)
    OD[i] = D[i] / T.float64(10)


def main():
    # TIRx prints the constant as a float literal, `__float2half_rn(0x1.00200004p+0f)`:
    # nvcc rounds the literal to float32 first (1 + 2^-11, a half-way point of
    # float16), then to float16 (ties to even: 1.0). Likewise 2049 + 2^-20 -> 2048,
    # bfloat16 1 + 2^-8 + 2^-30 -> 1.0 and 257 + 2^-20 -> 256.
    H = np.array([1.0, 3.0, -7.5, 0.125], np.float16)
    G = np.array([1.0, 3.0, -7.5, 0.125], BF)
    X = np.array([1.0, 10.0, -7.0, 1e-3], np.float32)
    D = np.array([1.0, 3.0, -7.0, 0.3])
    ch = np.float16(np.float32(1.0 + 2**-11 + 2**-30))
    ch2 = np.float16(np.float32(2049.0 + 2**-20))
    cg = BF(np.float32(1.0 + 2**-8 + 2**-30))
    cg2 = BF(np.float32(257.0 + 2**-20))
    OH = np.stack([np.full(N, ch, np.float16), H * ch, H + ch2], 1).astype(np.float16)
    OG = np.stack([np.full(N, cg, BF), (G.astype(np.float32) * np.float32(cg)).astype(BF),
                   (G.astype(np.float32) + np.float32(cg2)).astype(BF)], 1).astype(BF)
    OF = X / np.float32(3)
    OD = D / 10.0
    return ({"H": H, "G": G, "X": X, "D": D, "OH": np.zeros((N, 3), np.float16), "OG": np.zeros((N, 3), BF),
             "OF": np.zeros(N, np.float32), "OD": np.zeros(N)}, {"OH": OH, "OG": OG, "OF": OF, "OD": OD})
