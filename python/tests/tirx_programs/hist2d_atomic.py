"""Joint (2-D) histogram of two uint8 images, 8x8 bins: each CTA builds a
private histogram in a 2-D shared tensor with T.cuda.atomic_add on
H_s[bx, by], then merges it into the 2-D global histogram with
T.cuda.atomic_add(T.address_of(H[i, j]), ...)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 4096
NB = 8


@T.function
def hist2d(X: T.Tensor((N,), "uint8"), Y: T.Tensor((N,), "uint8"), H: T.Tensor((NB, NB), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    Hs = T.alloc_shared((NB, NB), "int32")
    if t < NB * NB:
        Hs[t // NB, t % NB] = 0
    T.cuda.cta_sync()
    for i in T.serial(N // (4 * 128)):
        e = (b * (N // 4)) + i * 128 + t
        T.cuda.atomic_add(T.address_of(Hs[T.int32(X[e]) >> 5, T.int32(Y[e]) >> 5]), 1)
    T.cuda.cta_sync()
    if t < NB * NB:
        T.cuda.atomic_add(T.address_of(H[t // NB, t % NB]), Hs[t // NB, t % NB])


def main():
    rng = np.random.default_rng(21)
    X = rng.integers(0, 256, N).astype(np.uint8)
    Y = ((X.astype(np.int32) + rng.integers(0, 64, N)) % 256).astype(np.uint8)
    H = np.zeros((NB, NB), np.int32)
    np.add.at(H, (X >> 5, Y >> 5), 1)
    return {"X": X, "Y": Y, "H": np.zeros_like(H)}, {"H": H}
