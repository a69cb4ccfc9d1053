"""min/max on packed halves with every qualifier the ISA lists: min.NaN.f16x2,
max.xorsign.abs.f16x2, max.ftz.NaN.f16, min.NaN.xorsign.abs.bf16x2, max.bf16x2,
min.ftz.f16x2 (subnormal lanes flush), and integer lines min.u16x2, max.s16x2,
min.relu.s16x2, max.relu.s32."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 32


@T.function
def minmax_half2_quals(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                       O: T.Tensor((N, 10), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    h = T.local_scalar("uint16")
    T.ptx.min.NaN.f16x2(u, A[i], B[i])
    O[i, 0] = u
    T.ptx.max.xorsign.abs.f16x2(u, A[i], B[i])
    O[i, 1] = u
    T.ptx.max.ftz.NaN.f16(h, T.cast(A[i] & T.uint32(0xFFFF), "uint16"),
                          T.cast(B[i] & T.uint32(0xFFFF), "uint16"))
    O[i, 2] = T.cast(h, "uint32")
    T.ptx.min.NaN.xorsign.abs.bf16x2(u, A[i], B[i])
    O[i, 3] = u
    T.ptx.max.bf16x2(u, A[i], B[i])
    O[i, 4] = u
    T.ptx.min.ftz.f16x2(u, A[i], B[i])
    O[i, 5] = u
    T.ptx.min.u16x2(u, A[i], B[i])
    O[i, 6] = u
    T.ptx.max.s16x2(u, A[i], B[i])
    O[i, 7] = u
    T.ptx.min.relu.s16x2(u, A[i], B[i])
    O[i, 8] = u
    T.ptx.max.relu.s32(s, T.reinterpret(A[i], ty="int32"), T.reinterpret(B[i], ty="int32"))
    O[i, 9] = T.reinterpret(s, ty="uint32")


def main():
    rng = np.random.default_rng(616)
    ha = (rng.integers(-200, 200, (N, 2)) / 8).astype(np.float16)
    hb = (rng.integers(-200, 200, (N, 2)) / 8).astype(np.float16)
    ha[0] = [np.nan, 1.0]
    hb[1] = [-2.0, np.nan]
    ha[2], hb[2] = [-0.0, 0.0], [0.0, -0.0]
    ha[3], hb[3] = [np.float16(2 ** -20), -np.float16(2 ** -22)], [np.float16(2 ** -21), np.float16(2 ** -23)]
    ha[4], hb[4] = [-3.0, 5.0], [2.0, -7.0]
    u = lambda h: h.view(np.uint16).astype(np.uint32)
    A = u(ha[:, 0]) | (u(ha[:, 1]) << 16)
    B = u(hb[:, 0]) | (u(hb[:, 1]) << 16)
    M = 0xFFFFFFFF

    def lanes(x, bits=16):
        return [(x >> (bits * j)) & ((1 << bits) - 1) for j in range(32 // bits)]

    def f16(b):
        return float(np.array(b, np.uint16).view(np.float16))

    def bf(b):
        return float(np.array(b, np.uint16).view(ml_dtypes.bfloat16))

    def enc16(v):
        return int(np.array(np.float16(v)).view(np.uint16))

    def encbf(v):
        return int(np.array(ml_dtypes.bfloat16(v)).view(np.uint16))

    def fmin(x, y, dec, enc, nanprop, ftz=False, is_max=False, cnan=0x7FFF):
        a, b = dec(x), dec(y)
        if ftz:
            sub = lambda v: v != 0 and abs(v) < 2 ** -14
            if sub(a):
                a = np.copysign(0.0, a)
            if sub(b):
                b = np.copysign(0.0, b)
        an, bn = np.isnan(a), np.isnan(b)
        if an or bn:
            if nanprop or (an and bn):
                return cnan
            return enc(b if an else a)
        if a == b == 0:
            neg = (np.signbit(a) and np.signbit(b)) if is_max else (np.signbit(a) or np.signbit(b))
            return enc(-0.0 if neg else 0.0)
        return enc(max(a, b) if is_max else min(a, b))

    def xs(x, y, dec, enc, is_max, nanprop):
        a, b = dec(x), dec(y)
        if np.isnan(a) or np.isnan(b):
            if nanprop or (np.isnan(a) and np.isnan(b)):
                return 0x7FFF
            v = abs(b if np.isnan(a) else a)
        else:
            v = max(abs(a), abs(b)) if is_max else min(abs(a), abs(b))
        sign = (x ^ y) & 0x8000
        return (enc(v) & 0x7FFF) | sign

    sx = lambda v, n: v - (1 << n) if v >> (n - 1) & 1 else v
    O = np.zeros((N, 10), np.uint32)
    for k in range(N):
        a, b = int(A[k]), int(B[k])
        la, lb = lanes(a), lanes(b)
        pk = lambda vals: vals[0] | (vals[1] << 16)
        O[k, 0] = pk([fmin(la[j], lb[j], f16, enc16, True) for j in range(2)])
        O[k, 1] = pk([xs(la[j], lb[j], f16, enc16, True, False) for j in range(2)])
        O[k, 2] = fmin(la[0], lb[0], f16, enc16, True, ftz=True, is_max=True)
        O[k, 3] = pk([xs(la[j], lb[j], bf, encbf, False, True) for j in range(2)])
        O[k, 4] = pk([fmin(la[j], lb[j], bf, encbf, False, is_max=True) for j in range(2)])
        O[k, 5] = pk([fmin(la[j], lb[j], f16, enc16, False, ftz=True) for j in range(2)])
        O[k, 6] = pk([min(la[j], lb[j]) for j in range(2)])
        O[k, 7] = pk([max(sx(la[j], 16), sx(lb[j], 16)) & 0xFFFF for j in range(2)])
        O[k, 8] = pk([max(0, min(sx(la[j], 16), sx(lb[j], 16))) for j in range(2)])
        O[k, 9] = max(0, max(sx(a, 32), sx(b, 32)))
    return {"A": A, "B": B, "O": np.zeros_like(O)}, {"O": O}
