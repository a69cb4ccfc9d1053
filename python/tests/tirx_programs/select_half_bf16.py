"""T.Select / T.if_then_else / T.max / T.min on float16 and bfloat16
(bf16 carried as uint16 bits via T.reinterpret), with NaN inputs:
T.max(float16) as TIRx prints it (hmax?) and comparisons of halves."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def sel16(H: T.Tensor((N,), "float16"), G: T.Tensor((N,), "float16"),
          Bb: T.Tensor((N,), "uint16"), Cb: T.Tensor((N,), "uint16"),
          O: T.Tensor((N, 3), "float16"), P: T.Tensor((N, 2), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.Select(H[i] > G[i], H[i] - G[i], G[i] * T.float16(0.5))
    O[i, 1] = T.max(H[i], G[i])
    O[i, 2] = T.min(H[i], G[i])
    b = T.reinterpret(Bb[i], ty="bfloat16")
    c = T.reinterpret(Cb[i], ty="bfloat16")
    P[i, 0] = T.reinterpret(T.if_then_else(b < c, c, b), ty="uint16")
    P[i, 1] = T.reinterpret(T.max(b, c), ty="uint16")


def main():
    rng = np.random.default_rng(74)
    H = (rng.standard_normal(N) * 4).astype(np.float16)
    G = (rng.standard_normal(N) * 4).astype(np.float16)
    f = (rng.standard_normal((2, N)) * 4).astype(np.float32)
    Bb, Cb = (f.view(np.uint32) >> 16).astype(np.uint16)
    fb = (Bb.astype(np.uint32) << 16).view(np.float32)
    fc = (Cb.astype(np.uint32) << 16).view(np.float32)
    O = np.zeros((N, 3), np.float16)
    O[:, 0] = np.where(H > G, (H - G), (G * np.float16(0.5)))
    O[:, 1] = np.maximum(H, G)
    O[:, 2] = np.minimum(H, G)
    P = np.zeros((N, 2), np.uint16)
    P[:, 0] = np.where(fb < fc, Cb, Bb)
    P[:, 1] = np.where(fb >= fc, Bb, Cb)
    return ({"H": H, "G": G, "Bb": Bb, "Cb": Cb, "O": np.zeros_like(O),
             "P": np.zeros_like(P)}, {"O": O, "P": P})
