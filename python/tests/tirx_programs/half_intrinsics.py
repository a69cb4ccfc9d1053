"""T.cuda.half2float and T.cuda.bfloat162float (exact widenings), and
float16 / bfloat16 comparisons and T.max on halves. The bfloat16 input
travels as its bits (uint16, T.reinterpret), so no numpy bfloat16 type is
needed to run it."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def hint(H: T.Tensor((N,), "float16"), G: T.Tensor((N,), "float16"),
         Bf: T.Tensor((N,), "uint16"),
         HF: T.Tensor((N,), "float32"), BF: T.Tensor((N,), "float32"),
         MX: T.Tensor((N,), "float16"), LT: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    HF[i] = T.cuda.half2float(H[i])
    BF[i] = T.cuda.bfloat162float(T.reinterpret(Bf[i], ty="bfloat16"))
    MX[i] = T.max(H[i], G[i])
    LT[i] = T.cast(H[i] < G[i], "int32")


def main():
    rng = np.random.default_rng(505)
    H = (rng.standard_normal(N) * 100).astype(np.float16)
    G = (rng.standard_normal(N) * 100).astype(np.float16)
    H[:2] = [6e-8, -65504]
    # bfloat16 values: float32 bits with the low 16 cleared.
    f = (rng.standard_normal(N) * 1e20).astype(np.float32)
    Bf = (f.view(np.uint32) >> 16).astype(np.uint16)
    return ({"H": H, "G": G, "Bf": Bf, "HF": np.zeros(N, np.float32),
             "BF": np.zeros(N, np.float32), "MX": np.zeros(N, np.float16),
             "LT": np.zeros(N, np.int32)},
            {"HF": H.astype(np.float32),
             "BF": (Bf.astype(np.uint32) << 16).view(np.float32),
             "MX": np.where(H > G, H, G).astype(np.float16),
             "LT": (H < G).astype(np.int32)})
