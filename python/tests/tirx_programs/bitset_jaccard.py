"""Nearest neighbour by Jaccard similarity over 256-bit bitsets (4 uint64
words): thread i scans the kernel-valued number of candidates, popc.b64 of
and/or words, compares |A&B|*best_u > best_i*|A|B| in 64-bit integers
(exact rational compare, lowest index wins ties), and also reports the
highest set bit of its best intersection by clz.b64 and the FFT
bit-reversed index of its best candidate via brev.b32 >> (32 - log2 n)."""
from tvm_tirx.script import tirx as T
import numpy as np

NS = 64


@T.function
def jac(Bs: T.Tensor((NS, 4), "uint64"), ncand: T.int32, Best: T.Tensor((NS, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32))
    i = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    bi = T.local_scalar("int64", T.int64(-1))
    bu = T.local_scalar("int64", T.int64(1))
    bj = T.local_scalar("int32", -1)
    pc = T.local_scalar("uint32")
    for j in T.serial(ncand):
        if j != i:
            inter = T.local_scalar("int64", T.int64(0))
            uni = T.local_scalar("int64", T.int64(0))
            for w in T.unroll(4):
                T.ptx.popc.b64(pc, Bs[i, w] & Bs[j, w])
                inter = inter + T.cast(pc, "int64")
                T.ptx.popc.b64(pc, Bs[i, w] | Bs[j, w])
                uni = uni + T.cast(pc, "int64")
            if uni > T.int64(0):
                if inter * bu > bi * uni:
                    bi = inter
                    bu = uni
                    bj = j
    hb = T.local_scalar("int32", -1)
    if bj >= 0:
        z = T.local_scalar("uint32")
        for w in T.unroll(4):
            x = Bs[i, w] & Bs[bj, w]
            if x != T.uint64(0):
                T.ptx.clz.b64(z, x)
                hb = 64 * w + 63 - T.cast(z, "int32")
    r = T.local_scalar("uint32")
    T.ptx.brev.b32(r, T.cast(T.max(bj, 0), "uint32"))
    Best[i, 0] = bj
    Best[i, 1] = hb
    Best[i, 2] = T.cast(r >> T.uint32(32 - 6), "int32")


def main():
    rng = np.random.default_rng(722)
    base = rng.integers(0, 2**64, (8, 4), dtype=np.uint64)
    Bs = np.zeros((NS, 4), np.uint64)
    for i in range(NS):
        noise = rng.integers(0, 2**64, 4, dtype=np.uint64) & rng.integers(0, 2**64, 4, dtype=np.uint64) \
            & rng.integers(0, 2**64, 4, dtype=np.uint64)
        Bs[i] = base[i % 8] ^ noise
    Bs[10] = Bs[3]
    nc = 50
    Best = np.zeros((NS, 3), np.int32)
    pop = lambda x: bin(int(x)).count("1")
    for i in range(NS):
        bi, bu, bj = -1, 1, -1
        for j in range(nc):
            if j == i:
                continue
            it = sum(pop(Bs[i, w] & Bs[j, w]) for w in range(4))
            un = sum(pop(Bs[i, w] | Bs[j, w]) for w in range(4))
            if un > 0 and it * bu > bi * un:
                bi, bu, bj = it, un, j
        hb = -1
        if bj >= 0:
            for w in range(4):
                x = int(Bs[i, w] & Bs[bj, w])
                if x:
                    hb = 64 * w + x.bit_length() - 1
        r = int(format(max(bj, 0), "032b")[::-1], 2) >> 26
        Best[i] = [bj, hb, r]
    return {"Bs": Bs, "ncand": nc, "Best": np.zeros((NS, 3), np.int32)}, {"Best": Best}
