"""Row softmax (base 2) of long ragged rows, one warp per row, online max/sum:
each lane walks 128 columns (a 128-trip T.serial, lane-strided), skipping
columns at or past the row's run-time length with `continue`; the running
(m, s) is rescaled by ex2.approx.ftz(m_old - m) when the max grows; lanes merge
(m, s) pairs with __shfl_xor_sync 16..1; a second 128-trip pass writes
ex2(x - M) / S (div.rn) and 0 past the length. Integer scores keep every ex2
and every partial sum exact, so the reference needs no tolerance."""
from tvm_tirx.script import tirx as T
import numpy as np
from fractions import Fraction

ROWS = 4
W = 4096
PER = W // 32


@T.function
def softmax_online_long_rows(X: T.Tensor((ROWS, W), "float32"), Len: T.Tensor((ROWS,), "int32"),
                             Y: T.Tensor((ROWS, W), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32 * ROWS))
    lane = T.cuda.lane_id()
    row = T.cuda.warp_id()
    n = Len[row]
    m = T.local_scalar("float32")
    s = T.local_scalar("float32")
    e = T.local_scalar("float32")
    m = T.float32(-1e30)
    s = T.float32(0)
    for k in T.serial(PER):
        c = k * 32 + lane
        if c >= n:
            continue
        x = X[row, c]
        if x > m:
            T.ptx.ex2.approx.ftz.f32(e, m - x)
            s = s * e
            m = x
        T.ptx.ex2.approx.ftz.f32(e, x - m)
        s = s + e
    for j in T.unroll(5):
        mo = T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), m, 16 >> j, 32)
        so = T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), s, 16 >> j, 32)
        mn = T.max(m, mo)
        ea = T.local_scalar("float32")
        eb = T.local_scalar("float32")
        T.ptx.ex2.approx.ftz.f32(ea, m - mn)
        T.ptx.ex2.approx.ftz.f32(eb, mo - mn)
        s = s * ea + so * eb
        m = mn
    for k in T.serial(PER):
        c = k * 32 + lane
        if c < n:
            T.ptx.ex2.approx.ftz.f32(e, X[row, c] - m)
            T.ptx.div.rn.f32(e, e, s)
            Y[row, c] = e
        else:
            Y[row, c] = T.float32(0)


def f32_of(fr):
    """Fraction -> nearest float32 (ties to even), for normal results."""
    fr = Fraction(fr)
    if fr == 0:
        return np.float32(0)
    sign = -1 if fr < 0 else 1
    fr = abs(fr)
    e = fr.numerator.bit_length() - fr.denominator.bit_length()
    while Fraction(2) ** e > fr:
        e -= 1
    while Fraction(2) ** (e + 1) <= fr:
        e += 1
    scaled = fr / Fraction(2) ** (e - 23)
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q & 1):
        q += 1
    return np.float32(sign * float(Fraction(q) * Fraction(2) ** (e - 23)))


def main():
    rng = np.random.default_rng(1014)
    X = rng.integers(-4, 5, (ROWS, W)).astype(np.float32)
    Len = np.array([W, 1000, 4095, 37], np.int32)
    Y = np.zeros((ROWS, W), np.float32)
    for r in range(ROWS):
        n = int(Len[r])
        xs = X[r, :n].astype(np.int64)
        M = int(xs.max())
        S = sum(Fraction(2) ** int(v - M) for v in xs)
        for c in range(n):
            Y[r, c] = f32_of(Fraction(2) ** int(xs[c] - M) / S)
    return {"X": X, "Len": Len, "Y": np.full((ROWS, W), np.nan, np.float32)}, {"Y": Y}
