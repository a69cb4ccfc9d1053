"""A 256-bin byte histogram with packed shared counters: two 16-bit bins per
uint32 word (bin b in word b >> 1 at bit 16 * (b & 1)), incremented by
T.cuda.atomic_add(&S[b >> 1], 1 << shift); each of 2 blocks x 128 threads walks
100 bytes (a 100-trip T.serial, block-strided), skips bytes equal to 0xFF with
`continue` after counting them in a local scalar, then the block unpacks its
words and adds them into a global uint32 histogram with atomic_add; the 0xFF
counts are summed by atomic_add too."""
from tvm_tirx.script import tirx as T
import numpy as np

NB = 2
NT = 128
PER = 100
N = NB * NT * PER


@T.function
def hist256_packed16_long(Data: T.Tensor((N,), "uint8"), Hist: T.Tensor((256,), "uint32"),
                          Skipped: T.Tensor((1,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NB, block=NT))
    bx = T.cuda.block_idx("x")
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((128,), "uint32")
    S[t] = T.uint32(0)
    T.cuda.cta_sync()
    sk = T.local_scalar("int32")
    sk = 0
    for k in T.serial(PER):
        v = T.cast(Data[bx * (NT * PER) + k * NT + t], "uint32")
        if v == T.uint32(255):
            sk = sk + 1
            continue
        T.cuda.atomic_add(T.address_of(S[v >> T.uint32(1)]), T.uint32(1) << ((v & T.uint32(1)) * T.uint32(16)))
    T.cuda.cta_sync()
    w = S[t]
    T.cuda.atomic_add(T.address_of(Hist[2 * t]), w & T.uint32(0xFFFF))
    T.cuda.atomic_add(T.address_of(Hist[2 * t + 1]), w >> T.uint32(16))
    T.cuda.atomic_add(T.address_of(Skipped[0]), sk)


def main():
    rng = np.random.default_rng(1017)
    Data = rng.integers(0, 256, N).astype(np.uint8)
    Data[rng.integers(0, N, 500)] = 255
    Data[:1000] = 7   # a hot bin: 1000 + its share (< 65536)
    H = np.bincount(Data, minlength=256).astype(np.uint32)
    sk = int(H[255])
    H[255] = 0
    return ({"Data": Data, "Hist": np.zeros(256, np.uint32), "Skipped": np.zeros(1, np.int32)},
            {"Hist": H, "Skipped": np.array([sk], np.int32)})
