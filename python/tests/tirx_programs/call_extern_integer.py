"""T.call_pure_extern of CUDA's integer intrinsics: __brev, __brevll,
__byte_perm, __clz, __clzll, __ffs, __ffsll, __popc, __popcll, __mulhi,
__umulhi, __mul64hi, __umul64hi, __mul24, __umul24, the four funnel
shifts, __sad, __usad and the four halving adds, on random operands with
the extremes among them; and the float approximations __expf, __logf,
__sinf, __cosf, __powf, __fdividef, __saturatef within bounds of their
correctly rounded values."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def integer(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
            C: T.Tensor((N,), "uint32"), P: T.Tensor((N,), "uint64"),
            Q: T.Tensor((N,), "uint64"), O: T.Tensor((N, 22), "uint32"),
            W: T.Tensor((N, 4), "uint64"), X: T.Tensor((N,), "float32"),
            Y: T.Tensor((N,), "float32"), F: T.Tensor((N, 7), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a, b, c, p, q = A[i], B[i], C[i], P[i], Q[i]
    sa, sb = T.cast(a, "int32"), T.cast(b, "int32")
    sp, sq = T.cast(p, "int64"), T.cast(q, "int64")
    O[i, 0] = T.call_pure_extern("__brev", a, ty="uint32")
    O[i, 1] = T.call_pure_extern("__byte_perm", a, b, c, ty="uint32")
    O[i, 2] = T.cast(T.call_pure_extern("__clz", sa, ty="int32"), "uint32")
    O[i, 3] = T.cast(T.call_pure_extern("__clzll", sp, ty="int32"), "uint32")
    O[i, 4] = T.cast(T.call_pure_extern("__ffs", sa, ty="int32"), "uint32")
    O[i, 5] = T.cast(T.call_pure_extern("__ffsll", sp, ty="int32"), "uint32")
    O[i, 6] = T.cast(T.call_pure_extern("__popc", a, ty="int32"), "uint32")
    O[i, 7] = T.cast(T.call_pure_extern("__popcll", p, ty="int32"), "uint32")
    O[i, 8] = T.cast(T.call_pure_extern("__mulhi", sa, sb, ty="int32"), "uint32")
    O[i, 9] = T.call_pure_extern("__umulhi", a, b, ty="uint32")
    O[i, 10] = T.cast(T.call_pure_extern("__mul24", sa, sb, ty="int32"), "uint32")
    O[i, 11] = T.call_pure_extern("__umul24", a, b, ty="uint32")
    O[i, 12] = T.call_pure_extern("__funnelshift_l", a, b, c, ty="uint32")
    O[i, 13] = T.call_pure_extern("__funnelshift_lc", a, b, c, ty="uint32")
    O[i, 14] = T.call_pure_extern("__funnelshift_r", a, b, c, ty="uint32")
    O[i, 15] = T.call_pure_extern("__funnelshift_rc", a, b, c, ty="uint32")
    O[i, 16] = T.call_pure_extern("__sad", sa, sb, c, ty="uint32")
    O[i, 17] = T.call_pure_extern("__usad", a, b, c, ty="uint32")
    O[i, 18] = T.cast(T.call_pure_extern("__hadd", sa, sb, ty="int32"), "uint32")
    O[i, 19] = T.cast(T.call_pure_extern("__rhadd", sa, sb, ty="int32"), "uint32")
    O[i, 20] = T.call_pure_extern("__uhadd", a, b, ty="uint32")
    O[i, 21] = T.call_pure_extern("__urhadd", a, b, ty="uint32")
    W[i, 0] = T.call_pure_extern("__brevll", p, ty="uint64")
    W[i, 1] = T.cast(T.call_pure_extern("__mul64hi", sp, sq, ty="int64"), "uint64")
    W[i, 2] = T.call_pure_extern("__umul64hi", p, q, ty="uint64")
    W[i, 3] = T.call_pure_extern("__brevll", q, ty="uint64")
    x, y = X[i], Y[i]
    F[i, 0] = T.call_extern("__expf", x, ty="float32")
    F[i, 1] = T.call_extern("__logf", T.abs(y), ty="float32")
    F[i, 2] = T.call_extern("__sinf", x, ty="float32")
    F[i, 3] = T.call_extern("__cosf", x, ty="float32")
    F[i, 4] = T.call_extern("__powf", T.abs(y), x * T.float32(0.25), ty="float32")
    F[i, 5] = T.call_extern("__fdividef", x, y, ty="float32")
    F[i, 6] = T.call_extern("__saturatef", x, ty="float32")


# The approximations against the correctly rounded values: the largest
# distance in float32 representable values over these inputs (CUDA's
# programming guide bounds them in absolute or relative error; the H200's
# bits are checked by tirx_programs/h200).
ULP = {"O": 0, "W": 0, "F": 16}


def main():
    import math
    rng = np.random.default_rng(23)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[:4] = [0, 0xFFFFFFFF, 0x80000000, 1]
    B[:4] = [0x7FFFFFFF, 0xFFFFFFFF, 0x80000000, 0]
    C[:8] = [0, 31, 32, 33, 0x3210, 0x7654, 64, 0x89AB]
    P = rng.integers(0, 2**64, N, dtype=np.uint64)
    Q = rng.integers(0, 2**64, N, dtype=np.uint64)
    P[:3] = [0, 2**64 - 1, 2**63]
    Q[:3] = [2**63 - 1, 2**64 - 1, 2**63]
    # Away from sin's and log's zeros, where their bounds are absolute.
    X = (rng.uniform(0.3, 1.4, N) * rng.choice([-1, 1], N)).astype(np.float32)
    Y = (rng.uniform(2, 10, N) * rng.choice([-1, 1], N)).astype(np.float32)
    O = np.zeros((N, 22), np.uint32)
    W = np.zeros((N, 4), np.uint64)
    F = np.zeros((N, 7), np.float32)

    def s32(v):
        v &= 2**32 - 1
        return v - 2**32 if v >= 2**31 else v

    def s64(v):
        v &= 2**64 - 1
        return v - 2**64 if v >= 2**63 else v

    def ffs(v, w):
        v &= 2**w - 1
        return (v & -v).bit_length()

    def perm(a, b, s):
        by = [(a >> (8 * j)) & 255 for j in range(4)] + \
             [(b >> (8 * j)) & 255 for j in range(4)]
        return sum(by[(s >> (4 * j)) & 7] << (8 * j) for j in range(4))

    for k in range(N):
        a, b, c, p, q = int(A[k]), int(B[k]), int(C[k]), int(P[k]), int(Q[k])
        sa, sb = s32(a), s32(b)
        row = [int(f"{a:032b}"[::-1], 2), perm(a, b, c),
               32 - sa.bit_length() if sa >= 0 else 0,
               64 - p.bit_length(), ffs(a, 32), ffs(p, 64),
               bin(a).count("1"), bin(p).count("1"),
               (sa * sb) >> 32, (a * b) >> 32,
               s32(a) * 0 + (s32((a & 0xFFFFFF) - (2**24 if a & 0x800000 else 0))
                             * ((b & 0xFFFFFF) - (2**24 if b & 0x800000 else 0))),
               (a & 0xFFFFFF) * (b & 0xFFFFFF),
               ((b << 32 | a) << (c & 31)) >> 32,
               ((b << 32 | a) << min(c, 32)) >> 32,
               (b << 32 | a) >> (c & 31),
               (b << 32 | a) >> min(c, 32),
               abs(sa - sb) + c, abs(a - b) + c,
               (sa + sb) >> 1, (sa + sb + 1) >> 1, (a + b) >> 1,
               (a + b + 1) >> 1]
        O[k] = [v & 0xFFFFFFFF for v in row]
        W[k] = [int(f"{p:064b}"[::-1], 2),
                ((s64(p) * s64(q)) >> 64) & (2**64 - 1),
                (p * q) >> 64, int(f"{q:064b}"[::-1], 2)]
        x, y = float(X[k]), float(Y[k])
        F[k] = [math.exp(x), math.log(abs(y)), math.sin(x), math.cos(x),
                abs(y) ** (x * 0.25), x / y, min(max(x, 0.0), 1.0)]
    return ({"A": A, "B": B, "C": C, "P": P, "Q": Q,
             "O": np.zeros_like(O), "W": np.zeros_like(W), "X": X, "Y": Y,
             "F": np.zeros_like(F)}, {"O": O, "W": W, "F": F})
