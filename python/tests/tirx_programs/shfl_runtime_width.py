"""CUDA shuffles whose width is a run-time value (a scalar parameter w, as
a generic segmented-scan kernel takes it): __shfl_up_sync, __shfl_sync and
__shfl_xor_sync with width w (CUDA computes c = ((32 - w) << 8) | 31 at run
time), for w = 8 and, in a second launch-independent output, w2 = 4."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def srw(A: T.Tensor((N,), "int32"), w: T.int32, w2: T.int32, O: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    m = T.uint32(0xFFFFFFFF)
    a = A[i]
    O[i, 0] = T.cuda.__shfl_up_sync(m, a, 3, w)
    O[i, 1] = T.cuda.__shfl_sync(m, a, 5, w)
    O[i, 2] = T.cuda.__shfl_xor_sync(m, a, 2, w2)
    O[i, 3] = T.cuda.__shfl_down_sync(m, a, 1, w2)


def shfl(vals, mode, b, c):
    out = np.empty_like(vals)
    for w0 in range(0, len(vals), 32):
        for lane in range(32):
            bv = b & 31
            seg = (c >> 8) & 31
            cv = c & 31
            maxl = (lane & seg) | (cv & ~seg & 31)
            minl = lane & seg
            if mode == "up":
                j = lane - bv; ok = j >= maxl
            elif mode == "down":
                j = lane + bv; ok = j <= maxl
            elif mode == "bfly":
                j = lane ^ bv; ok = j <= maxl
            else:
                j = minl | (bv & ~seg & 31); ok = j <= maxl
            out[w0 + lane] = vals[w0 + (j if ok else lane)]
    return out


def main():
    A = np.random.default_rng(4029).integers(-10**6, 10**6, N).astype(np.int32)
    w, w2 = 8, 4
    O = np.zeros((N, 4), np.int32)
    O[:, 0] = shfl(A, "up", 3, (32 - w) << 8)
    O[:, 1] = shfl(A, "idx", 5, ((32 - w) << 8) | 31)
    O[:, 2] = shfl(A, "bfly", 2, ((32 - w2) << 8) | 31)
    O[:, 3] = shfl(A, "down", 1, ((32 - w2) << 8) | 31)
    return {"A": A, "w": np.int32(w), "w2": np.int32(w2), "O": np.zeros_like(O)}, {"O": O}
