"""cooperative_groups-style tiled partitions inside a divergent region: only
lanes 8..31 enter (mask 0xFFFFFF00); each 8-lane tile (tiles 1..3) does a
segmented shfl.sync.idx / .down / .up with the tile's mask and c = 0x181F /
0x1800, redux.sync.add.u32 / .min.s32 / .xor.b32 over the tile mask,
vote.sync.ballot over the whole partial mask, match.all.sync.b32 with its
predicate, and elect.sync of the tile (its leader writes the tile's ballot)."""
from tvm_tirx.script import tirx as T
import numpy as np

W = 32


@T.function
def warp_tile_partition(X: T.Tensor((W,), "int32"), K: T.Tensor((W,), "uint32"),
                        O: T.Tensor((W, 8), "int32"), L: T.Tensor((4,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=W))
    lane = T.cuda.lane_id()
    for c in T.unroll(8):
        O[lane, c] = -1
    if lane >= 8:
        tile = lane // 8
        tmask = T.uint32(0xFF) << T.cast(tile * 8, "uint32")
        x = X[lane]
        r = T.local_scalar("int32")
        T.ptx.shfl_sync.idx.b32(r, x, T.uint32(3), T.uint32(0x181F), tmask)
        O[lane, 0] = r
        T.ptx.shfl_sync.down.b32(r, x, T.uint32(2), T.uint32(0x181F), tmask)
        O[lane, 1] = r
        T.ptx.shfl_sync.up.b32(r, x, T.uint32(3), T.uint32(0x1800), tmask)
        O[lane, 2] = r
        u = T.local_scalar("uint32")
        T.ptx.redux_sync.add.u32(u, T.cast(x, "uint32"), tmask)
        O[lane, 3] = T.cast(u, "int32")
        s = T.local_scalar("int32")
        T.ptx.redux_sync.min.s32(s, x, tmask)
        O[lane, 4] = s
        T.ptx.redux_sync.xor.b32(u, K[lane], tmask)
        O[lane, 5] = T.cast(u, "int32")
        b = T.local_scalar("uint32")
        T.ptx.vote_sync.ballot.b32(b, x > 0, T.uint32(0xFFFFFF00))
        O[lane, 6] = T.cast(b, "int32")
        m = T.local_scalar("uint32")
        p = T.local_scalar("uint32")
        T.ptx.match.all.sync.b32(m, p, K[lane] & T.uint32(0xF0), tmask)
        O[lane, 7] = T.cast(m, "int32") + T.cast(p, "int32")
        e = T.local_scalar("uint32")
        ep = T.local_scalar("uint32")
        T.ptx.elect_sync(e, ep, tmask)
        if ep != T.uint32(0):
            L[tile] = (b >> T.cast(tile * 8, "uint32")) & T.uint32(0xFF) | (e << 16)


def main():
    rng = np.random.default_rng(9007)
    X = rng.integers(-50, 50, W).astype(np.int32)
    K = rng.integers(0, 2 ** 32, W, dtype=np.uint64).astype(np.uint32)
    K[16:24] = (K[16:24] & 0xFFFFFF0F) | 0x50   # tile 2: all equal in bits 4..7
    O = np.full((W, 8), -1, np.int32)
    L = np.zeros(4, np.uint32)
    ballot = sum(1 << l for l in range(8, W) if X[l] > 0)
    for l in range(8, W):
        t = l // 8
        base = t * 8
        seg = lambda k: int(X[base + k])
        j = l - base
        sd = j + 2
        su = j - 3
        kk = [int(K[base + k]) & 0xF0 for k in range(8)]
        alleq = all(v == kk[0] for v in kk)
        m = (0xFF << base) if alleq else 0
        O[l] = [seg(3), seg(sd) if sd <= 7 else seg(j), seg(su) if su >= 0 else seg(j),
                np.int64(sum(int(X[base + k]) for k in range(8)) & 0xFFFFFFFF).astype(np.uint32).view(np.int32) if False else
                np.array(sum(int(X[base + k]) for k in range(8)) & 0xFFFFFFFF, np.uint32).view(np.int32),
                min(seg(k) for k in range(8)),
                np.array(np.bitwise_xor.reduce(K[base:base + 8]), np.uint32).view(np.int32),
                np.array(ballot, np.uint32).view(np.int32),
                np.array((m + (1 if alleq else 0)) & 0xFFFFFFFF, np.uint32).view(np.int32)]
    for t in range(1, 4):
        # elect.sync picks the lowest active lane of the mask: lane t*8; its e is its lane id
        L[t] = ((ballot >> (t * 8)) & 0xFF) | ((t * 8) << 16)
    return {"X": X, "K": K, "O": np.zeros_like(O) - 7, "L": np.zeros(4, np.uint32)}, {"O": O, "L": L}
