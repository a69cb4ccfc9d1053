"""match.all.sync.b32 with its .pred output, match.any.sync.b64 on a 64-bit
key, and fns.b32 (find the n-th set bit) with positive and negative offsets."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def match_fns(A: T.Tensor((N,), "uint64"), M: T.Tensor((N,), "uint32"),
              O: T.Tensor((N, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    p = T.local_scalar("uint32")
    T.ptx.match.all.sync.b32(u, p, T.cast(A[i] >> T.uint64(40), "uint32"), T.uint32(0xFFFFFFFF))
    O[i, 0] = u
    O[i, 1] = T.Select(p != T.uint32(0), T.uint32(1), T.uint32(0))
    T.ptx.match.any.sync.b64(u, A[i] & T.uint64(0x300000003), T.uint32(0xFFFFFFFF))
    O[i, 2] = u
    T.ptx.fns.b32(u, M[i], T.cast(i % 32, "uint32"), T.cast(i % 7, "int32") - 3)
    O[i, 3] = u


def fns(mask, base, offset):
    if offset == 0:
        return base if (mask >> base) & 1 else 0xFFFFFFFF
    if offset > 0:
        n = offset
        for b in range(base, 32):
            if (mask >> b) & 1:
                n -= 1
                if n == 0:
                    return b
        return 0xFFFFFFFF
    n = -offset
    for b in range(base, -1, -1):
        if (mask >> b) & 1:
            n -= 1
            if n == 0:
                return b
    return 0xFFFFFFFF


def main():
    rng = np.random.default_rng(407)
    A = rng.integers(0, 2**63, N, dtype=np.uint64)
    A[:32] = (A[:32] & np.uint64((1 << 40) - 1)) | np.uint64(0xAB << 40)  # warp 0 all equal high bits
    M = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    M[3] = 0; M[4] = 0xFFFFFFFF
    O = np.zeros((N, 4), np.uint32)
    for w in range(2):
        a = A[32 * w:32 * w + 32]
        hi = [int(x) >> 40 for x in a]
        same = all(h == hi[0] for h in hi)
        keys = [int(x) & 0x300000003 for x in a]
        for l in range(32):
            t = 32 * w + l
            O[t, 0] = 0xFFFFFFFF if same else 0
            O[t, 1] = int(same)
            O[t, 2] = sum(1 << j for j in range(32) if keys[j] == keys[l])
            O[t, 3] = fns(int(M[t]), t % 32, t % 7 - 3)
    return {"A": A, "M": M, "O": np.zeros_like(O)}, {"O": O}
