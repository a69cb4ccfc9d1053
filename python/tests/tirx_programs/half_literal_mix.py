"""float16 and bfloat16 tensors combined with Python float literals (0.1,
3, 2.5): TIRx's C computes the whole expression in float32 (the literal is a
float constant, the half/bf16 operands are widened) and rounds once on the
store."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

BF = ml_dtypes.bfloat16
N = 64


@T.function
def hl(H: T.Tensor((N,), "float16"), G: T.Tensor((N,), "bfloat16"),
       HO: T.Tensor((N,), "float16"), GO: T.Tensor((N,), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    HO[i] = H[i] * 0.1 + 3
    GO[i] = (G[i] - 2.5) * G[i]


def main():
    rng = np.random.default_rng(23)
    H = (rng.standard_normal(N) * 100).astype(np.float16)
    G = (rng.standard_normal(N) * 10).astype(BF)
    # TIRx promotes a half/bf16 value with a Python float literal to
    # float32 (its C: ((half)(((float)H) * 0.1f + 3.0f))), rounding once.
    # nvcc contracts the float multiply-add into one fmaf (exact in f64).
    HO = (H.astype(np.float64) * np.float64(np.float32(0.1)) + 3.0).astype(np.float32).astype(np.float16)
    GO = ((G.astype(np.float32) - np.float32(2.5)) * G.astype(np.float32)).astype(BF)
    return ({"H": H, "G": G, "HO": np.zeros(N, np.float16), "GO": np.zeros(N, BF)},
            {"HO": HO.astype(np.float16), "GO": GO})
