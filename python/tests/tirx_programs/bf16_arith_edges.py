"""bfloat16 scalar arithmetic as written in kernels (a + b, a - b, a * b,
-a, T.abs, comparisons) over edge inputs: NaN, +-inf, subnormals, values
whose sum rounds to even, overflow to inf; results stored as bfloat16 and
comparison bits as int32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def bfe(A: T.Tensor((N,), "bfloat16"), B: T.Tensor((N,), "bfloat16"), O: T.Tensor((N, 5), "bfloat16"),
        C: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    O[i, 0] = a + b
    O[i, 1] = a - b
    O[i, 2] = a * b
    O[i, 3] = -a
    O[i, 4] = T.abs(b)
    C[i] = T.cast(a < b, "int32") + T.cast(a == b, "int32") * 2 + T.cast(a != b, "int32") * 4 + T.cast(a >= b, "int32") * 8


def main():
    import ml_dtypes
    from fractions import Fraction
    bf = ml_dtypes.bfloat16
    rng = np.random.default_rng(1114)
    bits = rng.integers(0, 2**16, (2, N)).astype(np.uint16)
    special = [0x7FC0, 0xFF80, 0x7F80, 0x0001, 0x8001, 0x0080, 0x3F80, 0x7F7F, 0x8000, 0x0000]
    bits[0, :10] = special
    bits[1, :10] = [0x3F80, 0x7F80, 0xFF80, 0x0001, 0x0002, 0x8001, 0x3B80, 0x7F7F, 0x0000, 0x8000]
    bits[:, 10:] &= np.uint16(0xBFFF)  # keep most random values finite and moderate
    A = bits[0].view(bf); B = bits[1].view(bf)
    def rnd(fr):
        # round a Fraction to bfloat16, nearest even, with subnormals
        if fr == 0:
            return 0.0
        sgn = -1 if fr < 0 else 1
        x = abs(fr)
        e = x.numerator.bit_length() - x.denominator.bit_length()
        while Fraction(2) ** e > x: e -= 1
        while Fraction(2) ** (e + 1) <= x: e += 1
        e = max(e, -126)
        q = x / Fraction(2) ** (e - 7)
        n = int(q); r = q - n
        if r > Fraction(1, 2) or (r == Fraction(1, 2) and n % 2 == 1): n += 1
        v = n * Fraction(2) ** (e - 7)
        if v >= Fraction(2) ** 128: return sgn * np.inf
        return sgn * float(v)
    def op(x, y, f):
        x = float(x); y = float(y)
        if not (np.isfinite(x) and np.isfinite(y)):
            return f(np.float64(x), np.float64(y))
        r = f(Fraction(x), Fraction(y))
        if r == 0:
            return f(np.float64(x), np.float64(y))  # signed zero as IEEE
        return rnd(r)
    O = np.zeros((N, 5), bf)
    C = np.zeros(N, np.int32)
    with np.errstate(all="ignore"):
        for i in range(N):
            O[i, 0] = op(A[i], B[i], lambda x, y: x + y)
            O[i, 1] = op(A[i], B[i], lambda x, y: x - y)
            O[i, 2] = op(A[i], B[i], lambda x, y: x * y)
            O[i, 3] = -A[i]
            O[i, 4] = abs(B[i])
            x, y = float(A[i]), float(B[i])
            C[i] = int(x < y) + 2 * int(x == y) + 4 * int(x != y) + 8 * int(x >= y)
    return {"A": A, "B": B, "O": np.zeros((N, 5), bf), "C": np.zeros(N, np.int32)}, {"O": O, "C": C}
