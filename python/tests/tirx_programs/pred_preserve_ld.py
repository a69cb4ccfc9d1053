"""Predicated PTX with a destination: ld.global.u32 with pred= and
preserve_dst=True into elements of an unrolled local array (lanes past the
ragged end keep a sentinel), mov.b32 predicated per element, then a value
read back after a predicated st.shared (only some lanes store; the rest
must read the old value), and a predicated add.s32 that keeps its old
destination."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
K = 6


@T.function
def pred_preserve_ld(X: T.Tensor((N * K,), "uint32"), n: T.int32, O: T.Tensor((N, K + 3), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    v = T.alloc_local((K,), "uint32")
    for k in T.unroll(K):
        v[k] = T.uint32(0xDEAD0000) + T.cast(k, "uint32")
        T.ptx.ld.global_.u32(v[k], T.address_of(X[t * K + k]), pred=t * K + k < n, preserve_dst=True)
        T.ptx.mov.b32(v[k], v[k] ^ T.uint32(0xFF), pred=(v[k] & T.uint32(1)) == T.uint32(1), preserve_dst=True)
    for k in T.unroll(K):
        O[t, k] = v[k]
    sm = T.alloc_shared((N,), "uint32")
    sm[t] = T.cast(t, "uint32") * T.uint32(3)
    T.cuda.cta_sync()
    T.ptx.st.shared.u32(T.address_of(sm[(t + 1) % N]), v[0], pred=t % 4 == 2)
    T.cuda.cta_sync()
    O[t, K] = sm[t]
    s = T.local_scalar("int32")
    s = -5
    T.ptx.add.s32(s, s, T.cast(v[1] & T.uint32(0xFFFF), "int32"), pred=t < 20, preserve_dst=True)
    O[t, K + 1] = T.cast(s, "uint32")
    O[t, K + 2] = sm[(t + 31) % N] + T.cast(s, "uint32")


def main():
    rng = np.random.default_rng(9013)
    X = rng.integers(0, 2 ** 32, N * K, dtype=np.uint64).astype(np.uint32)
    n = 100
    M = 0xFFFFFFFF
    O = np.zeros((N, K + 3), np.uint32)
    V = np.zeros((N, K), np.uint32)
    for t in range(N):
        for k in range(K):
            x = int(X[t * K + k]) if t * K + k < n else 0xDEAD0000 + k
            if x & 1:
                x ^= 0xFF
            V[t, k] = x
    sm = np.arange(N, dtype=np.uint32) * 3
    for t in range(N):
        if t % 4 == 2:
            sm[(t + 1) % N] = V[t, 0]
    for t in range(N):
        s = -5 + (int(V[t, 1]) & 0xFFFF) if t < 20 else -5
        O[t, :K] = V[t]
        O[t, K] = sm[t]
        O[t, K + 1] = s & M
        O[t, K + 2] = (int(sm[(t + 31) % N]) + s) & M
    return {"X": X, "n": np.int32(n), "O": np.zeros_like(O)}, {"O": O}
