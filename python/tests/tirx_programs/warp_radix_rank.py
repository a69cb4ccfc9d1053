"""One LSD radix-sort pass per warp over 4-bit digits, as CUB's warp
match-based ranking does it: digit by bfe.u32 at a run-time bit offset,
peers by match.any.sync.b32, rank = popc(peers & lanemask_lt), the digit
histogram by the peer group's leader (bfind of peers == the highest lane
writes, __ffs for the lowest), an exclusive scan of the 16 counters in
shared by lanes 0-15 with shfl.sync.up, then a stable scatter through shared
and out.  4 warps sort 4 independent 32-key segments, two passes (bits 0-3,
then 4-7) separated by __syncwarp."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def radix(K: T.Tensor((128,), "uint32"), O: T.Tensor((128,), "uint32"),
          Rk: T.Tensor((128,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    lane = T.cuda.lane_id()
    wid = T.cuda.warp_id()
    hist = T.alloc_shared((4, 16), "int32")
    buf = T.alloc_shared((4, 32), "uint32")
    key = T.local_scalar("uint32", K[wid * 32 + lane])
    dig = T.local_scalar("uint32")
    peers = T.local_scalar("uint32")
    lt = T.local_scalar("uint32")
    T.ptx.mov.u32(lt, T.cuda.mov_sreg(32, "lanemask_lt", ty="uint32"))
    for ps in T.serial(2):
        if lane < 16:
            hist[wid, lane] = 0
        T.cuda.warp_sync(T.uint32(0xFFFFFFFF))
        T.ptx.bfe.u32(dig, key, T.uint32(ps * 4), T.uint32(4))
        T.ptx.match.any.sync.b32(peers, dig, T.uint32(0xFFFFFFFF))
        rank = T.popcount(peers & lt)
        top = T.local_scalar("uint32")
        T.ptx.bfind.u32(top, peers)
        if top == T.cast(lane, "uint32"):
            hist[wid, dig] = T.popcount(peers)
        T.cuda.warp_sync(T.uint32(0xFFFFFFFF))
        c = T.local_scalar("int32", 0)
        if lane < 16:
            c = hist[wid, lane]
        inc = T.local_scalar("int32", c)
        r = T.local_scalar("int32")
        p = T.local_scalar("uint32")
        for k in T.unroll(4):
            T.ptx.shfl_sync.up.b32(r, p, inc, T.uint32(1 << k), T.uint32(0), T.uint32(0xFFFFFFFF))
            if lane < 16:
                if p != T.uint32(0):
                    inc = inc + r
        T.cuda.warp_sync(T.uint32(0xFFFFFFFF))
        if lane < 16:
            hist[wid, lane] = inc - c
        T.cuda.warp_sync(T.uint32(0xFFFFFFFF))
        dst = hist[wid, dig] + rank
        buf[wid, dst] = key
        if ps == 0:
            Rk[wid * 32 + lane] = dst
        T.cuda.warp_sync(T.uint32(0xFFFFFFFF))
        key = buf[wid, lane]
        T.cuda.warp_sync(T.uint32(0xFFFFFFFF))
    O[wid * 32 + lane] = key


def main():
    rng = np.random.default_rng(709)
    K = rng.integers(0, 2**32, 128, dtype=np.uint64).astype(np.uint32)
    K[5] = K[9]; K[40] = K[41]   # equal keys: stability
    O = np.zeros(128, np.uint32); Rk = np.zeros(128, np.int32)
    for w in range(4):
        seg = K[32 * w:32 * w + 32]
        d0 = seg & 15
        order = np.argsort(d0, kind="stable")
        Rk[32 * w + order] = np.arange(32)
        s1 = seg[order]
        O[32 * w:32 * w + 32] = s1[np.argsort((s1 >> 4) & 15, kind="stable")]
    return {"K": K, "O": np.zeros(128, np.uint32), "Rk": np.zeros(128, np.int32)}, {"O": O, "Rk": Rk}
