"""Elias-gamma bit-stream decoding, one stream per thread: a 64-bit window
refilled from 32-bit words, the leading zeros counted by clz.b32 of the
window's top word, the code read with shf.l.clamp.b32 / shf.r.clamp.b32
funnel shifts across the two words, a `while` loop over the kernel-valued
count of values, an early exit when a decoded value equals the
terminator, and the value decoded zig-zag back to signed (bit tricks)."""
from tvm_tirx.script import tirx as T
import numpy as np

NT = 64
WORDS = 24


@T.function
def decode(Bs: T.Tensor((NT, WORDS), "uint32"), cnt: T.Tensor((NT,), "int32"),
           term: T.uint32, Out: T.Tensor((NT, 40), "int32"), Nd: T.Tensor((NT,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32))
    tid = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    hi = T.local_scalar("uint32", Bs[tid, 0])
    lo = T.local_scalar("uint32", Bs[tid, 1])
    nxt = T.local_scalar("int32", 2)
    used = T.local_scalar("uint32", T.uint32(0))   # bits consumed from hi
    n = T.local_scalar("int32", 0)
    total = cnt[tid]
    w = T.local_scalar("uint32")
    z = T.local_scalar("uint32")
    code = T.local_scalar("uint32")
    used2 = T.local_scalar("uint32")
    while n < total:
        # align: window = (hi:lo) << used
        T.ptx.shf.l.clamp.b32(w, lo, hi, used)
        T.ptx.clz.b32(z, w)
        L = z + T.uint32(1)                    # code length of the value part
        # advance past z zeros, then take L bits
        used2 = used + z
        if used2 >= T.uint32(32):
            hi = lo
            lo = Bs[tid, nxt]
            nxt = nxt + 1
            used2 = used2 - T.uint32(32)
        T.ptx.shf.l.clamp.b32(w, lo, hi, used2)
        T.ptx.shf.r.clamp.b32(code, w, T.uint32(0), T.uint32(32) - L)
        used = used2 + L
        if used >= T.uint32(32):
            hi = lo
            lo = Bs[tid, nxt]
            nxt = nxt + 1
            used = used - T.uint32(32)
        v = code - T.uint32(1)
        if v == term:
            break
        sv = T.reinterpret(v >> T.uint32(1), ty="int32") ^ (0 - T.reinterpret(v & T.uint32(1), ty="int32"))
        Out[tid, n] = sv
        n = n + 1
    Nd[tid] = n


def main():
    rng = np.random.default_rng(716)
    TERM = 1000
    Bs = np.zeros((NT, WORDS), np.uint32)
    cnt = np.zeros(NT, np.int32)
    Out = np.full((NT, 40), -99, np.int32)
    Nd = np.zeros(NT, np.int32)
    for t in range(NT):
        k = int(rng.integers(0, 30))
        vals = rng.integers(-300, 300, k)
        zz = [(int(v) << 1) ^ (-1 if v < 0 else 0) for v in vals]
        zz = [z & 0xFFFFFFFF for z in zz]
        stop = int(rng.integers(0, k + 3))
        seq = zz[:]
        if stop < k:
            seq = zz[:stop] + [TERM] + zz[stop:]
        bits = ""
        for z in seq:
            x = z + 1
            L = x.bit_length()
            bits += "0" * (L - 1) + format(x, "b")
        bits += "0" * (WORDS * 32 - len(bits))
        for i in range(WORDS):
            Bs[t, i] = int(bits[32 * i:32 * i + 32], 2)
        cnt[t] = len(seq) if stop < k else k
        dec = zz[:stop] if stop < k else zz
        dec = [(z >> 1) ^ -(z & 1) for z in dec]
        Out[t, :len(dec)] = dec
        Nd[t] = len(dec)
    return ({"Bs": Bs, "cnt": cnt, "term": TERM, "Out": np.full((NT, 40), -99, np.int32),
             "Nd": np.zeros(NT, np.int32)}, {"Out": Out, "Nd": Nd})
