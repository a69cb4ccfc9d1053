"""bfloat16x2 helpers: T.cuda.float22bfloat162_rn (pack two floats, round to
nearest even), T.cuda.hmax2 / hmin2 (bf16x2 max / min), and
T.cuda.bfloat1622float2 + float2_x / float2_y to unpack."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def bf162s(A: T.Tensor((N, 2), "float32"), B: T.Tensor((N, 2), "float32"),
           Pa: T.Tensor((N,), "uint32"), Mx: T.Tensor((N,), "uint32"),
           Mn: T.Tensor((N,), "uint32"), Un: T.Tensor((N, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    pa = T.cuda.float22bfloat162_rn(A[i, 0], A[i, 1])
    pb = T.cuda.float22bfloat162_rn(B[i, 0], B[i, 1])
    Pa[i] = pa
    Mx[i] = T.cuda.hmax2(pa, pb)
    Mn[i] = T.cuda.hmin2(pa, pb)
    f2 = T.cuda.bfloat1622float2(pa)
    Un[i, 0] = T.cuda.float2_x(f2)
    Un[i, 1] = T.cuda.float2_y(f2)


def _bf(x):
    b = x.view(np.uint32).astype(np.uint64)
    return (((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF).astype(np.uint32)


def main():
    rng = np.random.default_rng(47)
    A = rng.standard_normal((N, 2)).astype(np.float32)
    B = rng.standard_normal((N, 2)).astype(np.float32)
    a, b = _bf(A), _bf(B)
    fa = (a << 16).view(np.float32)
    fb = (b << 16).view(np.float32)
    mx = np.where(fa >= fb, a, b)
    mn = np.where(fa <= fb, a, b)
    pack = lambda x: (x[:, 0] | (x[:, 1] << 16)).astype(np.uint32)
    return ({"A": A, "B": B, "Pa": np.zeros(N, np.uint32), "Mx": np.zeros(N, np.uint32),
             "Mn": np.zeros(N, np.uint32), "Un": np.zeros_like(A)},
            {"Pa": pack(a), "Mx": pack(mx), "Mn": pack(mn), "Un": fa.astype(np.float32)})
