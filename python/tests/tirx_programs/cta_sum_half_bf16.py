"""T.cuda.cta_sum of float16 and bfloat16 over 4 warps (TIRx's helper: a
butterfly of `val += shuffled` (__hadd, rounded each step), lane 0's
partial to shared scratch, warp 0 sums the partials with T(0) for lanes >= 4),
on values whose sum depends on the order of rounding; also T.cuda.warp_sum
of bfloat16 at width 16."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 128


@T.function
def csh(H: T.Tensor((N,), "float16"), B: T.Tensor((N,), "bfloat16"),
        HS: T.Tensor((N,), "float16"), BS: T.Tensor((N,), "bfloat16"), BW: T.Tensor((N,), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    s1 = T.alloc_shared((4,), "float16")
    s2 = T.alloc_shared((4,), "bfloat16")
    HS[t] = T.cuda.cta_sum(H[t], 4, s1.data)
    BS[t] = T.cuda.cta_sum(B[t], 4, s2.data)
    BW[t] = T.cuda.warp_sum(B[t], 16)


def bfly(v, width, dt):
    v = np.array(v, dt)
    m = width >> 1
    while m:
        p = np.array([(l & ~31) | ((l & 31) ^ m) for l in range(len(v))])
        v = (v.astype(np.float64) + v[p].astype(np.float64)).astype(dt)
        m >>= 1
    return v


def cta(v, dt):
    w = bfly(v, 32, dt)
    part = np.zeros(32, dt)
    part[:4] = w[::32][:4]
    r = bfly(part, 32, dt)[0]
    return np.full(len(v), r, dt)


def main():
    rng = np.random.default_rng(4028)
    x = rng.standard_normal(N) * np.exp2(rng.integers(-6, 8, N))
    H = x.astype(np.float16)
    B = x.astype(ml_dtypes.bfloat16)
    return ({"H": H, "B": B, "HS": np.zeros_like(H), "BS": np.zeros_like(B), "BW": np.zeros_like(B)},
            {"HS": cta(H, np.float16), "BS": cta(B, ml_dtypes.bfloat16), "BW": bfly(B, 16, ml_dtypes.bfloat16)})
