"""T.cuda.cta_min (int32) and T.cuda.cta_max (uint32) over a 128-thread block
(num_warps=4, separate scratch buffers), and T.cuda.warp_reduce with widths 2
and 16 on int32 / uint32 / float32 values. TIRx's cta_reduce helper passes the
warp partials through a ternary with an INFINITY identity, whose C++ type is
float, so the uint32 maximum comes back rounded to float32 (checked in the
PTX nvcc produces from TIRx's CUDA: cvt.rn.f32.u32 / cvt.rzi.ftz.u32.f32)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def cta_min_w(A: T.Tensor((N,), "int32"), U: T.Tensor((N,), "uint32"), F: T.Tensor((N,), "float32"),
              O: T.Tensor((N, 2), "int32"), W: T.Tensor((N, 2), "uint32"), G: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    s1 = T.alloc_shared((4,), "int32")
    s2 = T.alloc_shared((4,), "uint32")
    O[t, 0] = T.cuda.cta_min(A[t], 4, s1.data)
    W[t, 0] = T.cuda.cta_max(U[t], 4, s2.data)
    O[t, 1] = T.cuda.warp_reduce(A[t], "min", 2)
    W[t, 1] = T.cuda.warp_reduce(U[t], "sum", 16)
    G[t] = T.cuda.warp_reduce(F[t], "max", 16)


def main():
    rng = np.random.default_rng(461)
    A = rng.integers(-10**6, 10**6, N).astype(np.int32)
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    F = rng.standard_normal(N).astype(np.float32)
    O = np.stack([np.full(N, A.min()), np.repeat(A.reshape(-1, 2).min(1), 2)], 1).astype(np.int32)
    umax = min(int(np.float32(U.max())), 2**32 - 1)
    W = np.stack([np.full(N, umax),
                  np.repeat((U.reshape(-1, 16).astype(np.uint64).sum(1) & 0xFFFFFFFF), 16)], 1).astype(np.uint32)
    G = np.repeat(F.reshape(-1, 16).max(1), 16).astype(np.float32)
    return ({"A": A, "U": U, "F": F, "O": np.zeros_like(O), "W": np.zeros_like(W), "G": np.zeros_like(F)},
            {"O": O, "W": W, "G": G})
