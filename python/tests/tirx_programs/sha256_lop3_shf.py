"""SHA-256 of one pre-padded 64-byte block per thread (messages of 0..55
bytes): big-endian word loads by prmt.b32 byte reversal, a rolling 16-word
message schedule in a local array indexed by kernel loop counters, the
sigma functions by shf.r.wrap.b32 rotates, Ch and Maj by lop3.b32 (0xCA,
0xE8), the 64 round constants in a global table, 8 working variables kept
in local scalars and rotated each round (h = g; g = f; ...)."""
from tvm_tirx.script import tirx as T
import numpy as np
import hashlib

NT = 64
K = [0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
     0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
     0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
     0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
     0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
     0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
     0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
     0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]
H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]


@T.inline
def rotr(d, x, n):
    T.ptx.shf.r.wrap.b32(d, x, x, T.uint32(n))


@T.function
def sha256(M: T.Tensor((NT, 16), "uint32"), KT: T.Tensor((64,), "uint32"), HT: T.Tensor((8,), "uint32"),
           Dg: T.Tensor((NT, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32))
    tid = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    w = T.alloc_local((16,), "uint32")
    for i in T.unroll(16):
        T.ptx.prmt.b32(w[i], M[tid, i], T.uint32(0), T.uint32(0x0123))
    st = T.alloc_local((8,), "uint32")
    for i in T.unroll(8):
        st[i] = HT[i]
    a = T.local_scalar("uint32", st[0])
    b = T.local_scalar("uint32", st[1])
    c = T.local_scalar("uint32", st[2])
    d = T.local_scalar("uint32", st[3])
    e = T.local_scalar("uint32", st[4])
    f = T.local_scalar("uint32", st[5])
    g = T.local_scalar("uint32", st[6])
    h = T.local_scalar("uint32", st[7])
    r1 = T.local_scalar("uint32")
    r2 = T.local_scalar("uint32")
    r3 = T.local_scalar("uint32")
    ch = T.local_scalar("uint32")
    mj = T.local_scalar("uint32")
    for t in T.serial(64):
        if t >= 16:
            w15 = w[(t - 15) % 16]
            w2 = w[(t - 2) % 16]
            rotr(r1, w15, 7)
            rotr(r2, w15, 18)
            s0 = r1 ^ r2 ^ (w15 >> T.uint32(3))
            rotr(r1, w2, 17)
            rotr(r2, w2, 19)
            s1 = r1 ^ r2 ^ (w2 >> T.uint32(10))
            w[t % 16] = w[t % 16] + s0 + w[(t - 7) % 16] + s1
        rotr(r1, e, 6)
        rotr(r2, e, 11)
        rotr(r3, e, 25)
        T.ptx.lop3.b32(ch, e, f, g, T.uint32(0xCA))
        t1 = h + (r1 ^ r2 ^ r3) + ch + KT[t] + w[t % 16]
        rotr(r1, a, 2)
        rotr(r2, a, 13)
        rotr(r3, a, 22)
        T.ptx.lop3.b32(mj, a, b, c, T.uint32(0xE8))
        t2 = (r1 ^ r2 ^ r3) + mj
        h = g
        g = f
        f = e
        e = d + t1
        d = c
        c = b
        b = a
        a = t1 + t2
    Dg[tid, 0] = a + st[0]
    Dg[tid, 1] = b + st[1]
    Dg[tid, 2] = c + st[2]
    Dg[tid, 3] = d + st[3]
    Dg[tid, 4] = e + st[4]
    Dg[tid, 5] = f + st[5]
    Dg[tid, 6] = g + st[6]
    Dg[tid, 7] = h + st[7]


def main():
    rng = np.random.default_rng(706)
    M = np.zeros((NT, 64), np.uint8)
    Dg = np.zeros((NT, 8), np.uint32)
    for i in range(NT):
        n = int(rng.integers(0, 56))
        msg = bytes(rng.integers(0, 256, n, dtype=np.uint8))
        blk = msg + b"\x80" + b"\0" * (55 - n) + (8 * n).to_bytes(8, "big")
        M[i] = np.frombuffer(blk, np.uint8)
        Dg[i] = np.frombuffer(hashlib.sha256(msg).digest(), ">u4").astype(np.uint32)
    return ({"M": M.view(np.uint32).copy(), "KT": np.array(K, np.uint32), "HT": np.array(H0, np.uint32),
             "Dg": np.zeros((NT, 8), np.uint32)}, {"Dg": Dg})
