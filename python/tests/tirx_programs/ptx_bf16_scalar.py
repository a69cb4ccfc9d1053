"""Scalar .bf16 PTX chains on uint16 registers (sm_90): add.rn.bf16,
sub.rn.bf16, mul.rn.bf16, fma.rn.bf16, min.bf16, max.bf16, neg.bf16,
abs.bf16. Inputs have at most 6 significant bits, so products are exact in
float64 and each result is a single rounding to bf16."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def bf16s(A: T.Tensor((N,), "uint16"), B: T.Tensor((N,), "uint16"), O: T.Tensor((N, 8), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("uint16")
    a = A[i]
    b = B[i]
    T.ptx.add.rn.bf16(h, a, b)
    O[i, 0] = h
    T.ptx.sub.rn.bf16(h, a, b)
    O[i, 1] = h
    T.ptx.mul.rn.bf16(h, a, b)
    O[i, 2] = h
    T.ptx.fma.rn.bf16(h, a, b, a)
    O[i, 3] = h
    T.ptx.min.bf16(h, a, b)
    O[i, 4] = h
    T.ptx.max.bf16(h, a, b)
    O[i, 5] = h
    T.ptx.neg.bf16(h, a)
    O[i, 6] = h
    T.ptx.abs.bf16(h, b)
    O[i, 7] = h


def to_bf16(x):
    # float64 -> bf16 bits, round to nearest even (via exact float32 when possible)
    out = np.zeros(x.shape, np.uint16)
    from fractions import Fraction as Fr
    import math
    for k, v in enumerate(x.reshape(-1)):
        v = float(v)
        if v == 0:
            out.reshape(-1)[k] = 0x8000 if math.copysign(1, v) < 0 else 0
            continue
        e = math.floor(math.log2(abs(v)))
        if 2.0 ** e > abs(v):
            e -= 1
        if 2.0 ** (e + 1) <= abs(v):
            e += 1
        q = Fr(abs(v)) / Fr(2) ** (e - 7)  # 8 significant bits
        n = math.floor(q); r = q - n
        if r > Fr(1, 2) or (r == Fr(1, 2) and n % 2 == 1):
            n += 1
        val = float(n * Fr(2) ** (e - 7)) * (1 if v > 0 else -1)
        out.reshape(-1)[k] = (np.array([val], np.float32).view(np.uint32)[0] >> 16)
    return out


def main():
    rng = np.random.default_rng(424)
    nz = np.array([k for k in range(-63, 64) if k != 0])
    A = (rng.choice(nz, N) * 2.0 ** rng.integers(-6, 6, N))
    B = (rng.choice(nz, N) * 2.0 ** rng.integers(-6, 6, N))
    Ab = to_bf16(A); Bb = to_bf16(B)
    O = np.stack([to_bf16(A + B), to_bf16(A - B), to_bf16(A * B), to_bf16(A * B + A),
                  to_bf16(np.minimum(A, B)), to_bf16(np.maximum(A, B)), Ab ^ np.uint16(0x8000),
                  Bb & np.uint16(0x7FFF)], 1)
    return {"A": Ab, "B": Bb, "O": np.zeros((N, 8), np.uint16)}, {"O": O}
