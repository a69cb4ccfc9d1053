"""CUDA's shuffles with operands outside their usual range, as the hardware
reads them (only b[4:0] is used): __shfl_up_sync by 33 (= 1) and by a
run-time delta, __shfl_down_sync by 32 (= 0, own value) and 40 (= 8),
__shfl_sync from lane -3 and 37 with width 8, __shfl_xor_sync with a lane
mask at or above the width (a lane reads a lower segment, never a higher one)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def shfl_bits(A: T.Tensor((N,), "int32"), D: T.Tensor((N,), "int32"),
              O: T.Tensor((N, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    m = T.uint32(0xFFFFFFFF)
    a = A[i]
    O[i, 0] = T.cuda.__shfl_up_sync(m, a, 33, 32)
    O[i, 1] = T.cuda.__shfl_down_sync(m, a, 32, 32)
    O[i, 2] = T.cuda.__shfl_down_sync(m, a, 40, 16)
    O[i, 3] = T.cuda.__shfl_sync(m, a, -3, 8)
    O[i, 4] = T.cuda.__shfl_sync(m, a, 37, 8)
    O[i, 5] = T.cuda.__shfl_xor_sync(m, a, 8, 8)
    O[i, 6] = T.cuda.__shfl_xor_sync(m, a, 20, 16)
    O[i, 7] = T.cuda.__shfl_up_sync(m, a, D[i], 16)


def shfl(vals, mode, b, c):
    out = np.empty_like(vals)
    for w in range(0, len(vals), 32):
        for lane in range(32):
            bv = b[w + lane] & 31 if hasattr(b, "__len__") else b & 31
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
            out[w + lane] = vals[w + (j if ok else lane)]
    return out


def main():
    rng = np.random.default_rng(4001)
    A = rng.integers(-10**6, 10**6, N).astype(np.int32)
    D = rng.integers(-40, 40, N).astype(np.int32)
    O = np.zeros((N, 8), np.int32)
    cw = lambda w: (32 - w) << 8
    O[:, 0] = shfl(A, "up", 33, cw(32))
    O[:, 1] = shfl(A, "down", 32, cw(32) | 31)
    O[:, 2] = shfl(A, "down", 40, cw(16) | 31)
    O[:, 3] = shfl(A, "idx", -3, cw(8) | 31)
    O[:, 4] = shfl(A, "idx", 37, cw(8) | 31)
    O[:, 5] = shfl(A, "bfly", 8, cw(8) | 31)
    O[:, 6] = shfl(A, "bfly", 20, cw(16) | 31)
    O[:, 7] = shfl(A, "up", D, cw(16))
    return {"A": A, "D": D, "O": np.zeros_like(O)}, {"O": O}
