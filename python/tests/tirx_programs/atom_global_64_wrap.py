"""64-bit and wrapping atomics on global memory from one thread, each
returning the old value: exch.b64, cas.b64 (hit and miss), add.u64 past
2^64, max.u64, min.s64 with negatives, and atom.inc.u32 / atom.dec.u32 at
their wrap points (inc: old >= b gives 0; dec: old == 0 or old > b gives b),
with .relaxed.sys / .acquire.gpu / .release.cta orderings."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ag64(G: T.Tensor((6,), "uint64"), S: T.Tensor((2,), "int64"), U: T.Tensor((6,), "uint32"),
         OLD: T.Tensor((8,), "uint64"), OLDS: T.Tensor((2,), "int64"), OLDU: T.Tensor((6,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    if T.cuda.thread_idx("x") == 0:
        d = T.local_scalar("uint64")
        s = T.local_scalar("int64")
        u = T.local_scalar("uint32")
        T.ptx.atom.global_.exch.b64(d, T.address_of(G[0]), T.uint64(0xDEADBEEFCAFEF00D))
        OLD[0] = d
        T.ptx.atom.release.cta.global_.cas.b64(d, T.address_of(G[1]), T.uint64(5), T.uint64(2**63 + 1))
        OLD[1] = d
        T.ptx.atom.global_.cas.b64(d, T.address_of(G[2]), T.uint64(5), T.uint64(77))
        OLD[2] = d
        T.ptx.atom.relaxed.sys.global_.add.u64(d, T.address_of(G[3]), T.uint64(2**64 - 3))
        OLD[3] = d
        T.ptx.atom.acquire.gpu.global_.max.u64(d, T.address_of(G[4]), T.uint64(2**63))
        OLD[4] = d
        T.ptx.atom.global_.min.u64(d, T.address_of(G[5]), T.uint64(3))
        OLD[5] = d
        T.ptx.atom.global_.min.s64(s, T.address_of(S[0]), T.int64(-(2**40)))
        OLDS[0] = s
        T.ptx.atom.global_.max.s64(s, T.address_of(S[1]), T.int64(-1))
        OLDS[1] = s
        T.ptx.atom.global_.inc.u32(u, T.address_of(U[0]), T.uint32(5))
        OLDU[0] = u
        T.ptx.atom.global_.inc.u32(u, T.address_of(U[1]), T.uint32(5))
        OLDU[1] = u
        T.ptx.atom.global_.dec.u32(u, T.address_of(U[2]), T.uint32(9))
        OLDU[2] = u
        T.ptx.atom.global_.dec.u32(u, T.address_of(U[3]), T.uint32(9))
        OLDU[3] = u
        T.ptx.atom.global_.dec.u32(u, T.address_of(U[4]), T.uint32(9))
        OLDU[4] = u
        T.ptx.atom.global_.inc.u32(u, T.address_of(U[5]), T.uint32(0xFFFFFFFF))
        OLDU[5] = u


def main():
    G = np.array([1, 5, 6, 10, 2**63 - 1, 2**64 - 1], np.uint64)
    S = np.array([-5, -(2**62)], np.int64)
    U = np.array([5, 7, 0, 12, 3, 0xFFFFFFFE], np.uint32)
    OLD = np.zeros(8, np.uint64); OLD[:6] = G
    Gf = G.copy()
    Gf[0] = 0xDEADBEEFCAFEF00D
    Gf[1] = 2**63 + 1                  # compare 5 hits
    Gf[2] = 6                          # compare 5 misses
    Gf[3] = (10 + 2**64 - 3) % 2**64   # 7
    Gf[4] = 2**63
    Gf[5] = 3
    Sf = np.array([-(2**40), -1], np.int64)
    inc = lambda o, b: 0 if o >= b else o + 1
    dec = lambda o, b: b if (o == 0 or o > b) else o - 1
    Uf = np.array([inc(5, 5), inc(7, 5), dec(0, 9), dec(12, 9), dec(3, 9), inc(0xFFFFFFFE, 0xFFFFFFFF)], np.uint32)
    return ({"G": G, "S": S, "U": U, "OLD": np.zeros(8, np.uint64), "OLDS": np.zeros(2, np.int64),
             "OLDU": np.zeros(6, np.uint32)},
            {"G": Gf, "S": Sf, "U": Uf, "OLD": OLD, "OLDS": S.copy(), "OLDU": U.copy()})
